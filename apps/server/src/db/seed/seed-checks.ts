import { asc } from 'drizzle-orm';
import { expect } from 'vitest';
import { freshDatabase } from '../../test/helper';
import type { Database } from '../client';
import { customers } from '../schema/customers';
import { users } from '../schema/users';
import { seedDatabase } from './seed';

// What the seed tests read back from a seeded database: the demo's (seed.test.ts) and the national
// data set's (seed-national.postgres.test.ts).
export const now = new Date('2026-11-21T00:00:00Z');

// Seeds a fresh database of the suite's kind (PGlite, or PostgreSQL in the second API run) and reads it.
export async function withSeeded<T>(scale: 'demo' | 'national', read: (database: Database) => Promise<T>) {
  const { database, drop } = await freshDatabase();
  try {
    const counts = await seedDatabase(database.db, scale, now);
    return { counts, ...(await read(database)) };
  } finally {
    await database.close();
    await drop();
  }
}

export async function people(database: Database) {
  const customerRows = await database.db.select().from(customers).orderBy(asc(customers.customerId));
  const userRows = await database.db.select({ email: users.email, customerId: users.customerId }).from(users);
  return { customerRows, userRows };
}

// History events were created before `now`; the current ones the seed adds were created as it ran.
export async function eventHistory(database: Database) {
  const [history] = await database.query<{
    first_start: Date;
    last_end: Date;
    comments: number;
    without_services: number;
  }>(
    'seed_test_history',
    `select min(start_time) as first_start, max(end_time) as last_end,
            (select count(*) from event_comments)::int as comments,
            (select count(*) from events e where not exists
               (select 1 from event_services es where es.event_id = e.event_id))::int as without_services
     from events where created_at < $1`,
    [now],
  );
  const contactTypes = await database.query<{ contact_type: number; count: number }>(
    'seed_test_contact_types',
    'select contact_type, count(*)::int as count from site_contacts group by 1 order by 1',
    [],
  );
  return { history: history!, contactTypes };
}

// Issue 5 at national scale: the ticket history by kind and age, comments per ticket, check-ins.
export async function supportHistory(database: Database) {
  const [tickets] = await database.query<{
    first_created: Date;
    last_created: Date;
    old: number;
    old_solved: number;
    access: number;
    jobs: number;
    jobs_unassigned: number;
    fewest_comments: number;
    most_comments: number;
    access_without_request: number;
    next_ticket_id: number;
    max_ticket_id: number;
  }>(
    'seed_test_ticket_history',
    `with per_ticket as (
       select t.ticket_id, count(c.comment_id)::int as comments
       from tickets t left join ticket_comments c using (ticket_id)
       where t.ticket_id > 10000 group by t.ticket_id
     )
     select min(created_at) as first_created, max(created_at) as last_created,
            count(*) filter (where created_at < $1::timestamptz - interval '30 days')::int as old,
            count(*) filter (where created_at < $1::timestamptz - interval '30 days'
                               and status = 'solved')::int as old_solved,
            count(*) filter (where kind = 'access')::int as access,
            count(*) filter (where kind = 'job')::int as jobs,
            count(*) filter (where kind = 'job' and assignee_user_id is null)::int as jobs_unassigned,
            (select min(comments) from per_ticket) as fewest_comments,
            (select max(comments) from per_ticket) as most_comments,
            (select count(*) from tickets a where a.kind = 'access' and not exists
               (select 1 from site_access_requests r where r.ticket_id = a.ticket_id))::int
              as access_without_request,
            (select last_value + 1 from tickets_ticket_id_seq)::int as next_ticket_id,
            max(ticket_id)::int as max_ticket_id
     from tickets where ticket_id > 10000`,
    [now],
  );
  const [checkins] = await database.query<{
    first_in: Date;
    last_out: Date;
    open: number;
    not_staff: number;
    not_physical: number;
  }>(
    'seed_test_checkin_history',
    `select min(checkin_time) as first_in, max(checkout_time) as last_out,
            count(*) filter (where checkout_time is null)::int as open,
            count(*) filter (where not c.is_provider)::int as not_staff,
            count(*) filter (where s.site_type <> 1)::int as not_physical
     from site_checkins k
     join users u using (user_id) join customers c on c.customer_id = u.customer_id
     join sites s on s.site_id = k.site_id`,
    [],
  );
  return { tickets: tickets!, checkins: checkins! };
}

// Issue 14: every port a service names at a provider router, or at a CPE where a managed service
// ends, is a port on a shelf; no shelf exceeds 200 service ports. Every shelf has its model's parts,
// and a part is never also a card: a CPE's power supplies are cards, so it has no power supply part,
// and an optic sits in one of the shelf's own ports.
export async function equipmentFit(database: Database) {
  const [fit] = await database.query<{
    pe_ends: number;
    pe_ends_on_shelves: number;
    managed_a_ends: number;
    managed_a_ends_on_shelves: number;
    widest: number;
    without_parts: number;
    cpe_psu_parts: number;
    optics_off_ports: number;
  }>(
    'seed_test_equipment_fit',
    `select count(*) filter (where b_end_port_id ~ '^S[0-9]{4}pe')::int as pe_ends,
            count(*) filter (where b_end_port_id ~ '^S[0-9]{4}pe'
              and exists (select 1 from equipment_ports p where p.port_id = s.b_end_port_id))::int as pe_ends_on_shelves,
            count(*) filter (where type_letter in ('B','C','D','E'))::int as managed_a_ends,
            count(*) filter (where type_letter in ('B','C','D','E')
              and exists (select 1 from equipment_ports p where p.port_id = s.a_end_port_id))::int as managed_a_ends_on_shelves,
            (select max(n)::int from (select count(*) as n from equipment_ports where handoff group by shelf_id) w) as widest,
            (select count(*)::int from shelves sh
               where not exists (select 1 from equipment_parts p where p.shelf_id = sh.shelf_id)) as without_parts,
            (select count(*)::int from equipment_parts p
               where p.name ~ '^(PEM|Power)' and exists (select 1 from equipment_cards c
                 where c.shelf_id = p.shelf_id and c.card_type = 'PSU-AC')) as cpe_psu_parts,
            (select count(*)::int from equipment_parts p
               where p.name like 'Optic %' and not exists (select 1 from equipment_ports q
                 where q.shelf_id = p.shelf_id and q.name = substring(p.name from 7))) as optics_off_ports
     from services s`,
    [],
  );
  return fit!;
}

// Issue 15: the past AWX jobs, by status and operation, over what span, and the demo's handful.
export async function awxJobHistory(database: Database) {
  const [span] = await database.query<{
    first_created: Date;
    last_created: Date;
    operations: number;
    launchers: number;
    out_of_order: number;
    ongoing: number;
    not_staff: number;
  }>(
    'seed_test_awx_span',
    `select min(created_at) as first_created, max(created_at) as last_created,
            count(distinct operation)::int as operations, count(distinct launched_by)::int as launchers,
            (select count(*)::int from awx_jobs a join awx_jobs b on b.job_id = a.job_id + 1
               where b.created_at < a.created_at) as out_of_order,
            count(*) filter (where status in ('new', 'pending', 'waiting', 'running'))::int as ongoing,
            (select count(*)::int from awx_jobs j join users u on u.user_id = j.launched_by
               where u.type not in (1, 3)) as not_staff
     from awx_jobs`,
    [],
  );
  const statuses = await database.query<{ status: string; count: number }>(
    'seed_test_awx_statuses',
    'select status, count(*)::int as count from awx_jobs group by 1 order by 1',
    [],
  );
  const demo = await database.query<{
    operation: string;
    status: string;
    hosts: string[];
    explanation: string | null;
    output_lines: number;
    result_kind: string | null;
    result_rows: number | null;
    summaries: number;
  }>(
    'seed_test_awx_demo',
    `select operation, status, hosts, explanation, output_lines, result->>'kind' as result_kind,
            jsonb_array_length(result->'rows') as result_rows, jsonb_array_length(host_summaries) as summaries
     from awx_jobs where created_at > $1::timestamptz - interval '3 days' order by job_id`,
    [now],
  );
  return { span: span!, statuses, demo };
}

// Issue 16: rack spaces at the provider's PoPs and exchanges for a share of the customers, each
// cross-connect joining two rack spaces at one site, its B end the same customer's or the network's.
export async function colocationFit(database: Database) {
  const [fit] = await database.query<{
    customers_with_racks: number;
    not_at_pop: number;
    ended: number;
    two_sites: number;
    foreign_b_end: number;
    not_a_end_customer: number;
    without_cross_connect: number;
  }>(
    'seed_test_colocation',
    `select
       (select count(distinct r.customer_id)::int from rack_spaces r
          join customers c on c.customer_id = r.customer_id where not c.is_provider) as customers_with_racks,
       (select count(*)::int from rack_spaces r join sites s on s.site_id = r.site_id
          join customers c on c.customer_id = s.customer_id
          where not c.is_provider or s.site_type not in (1, 5)) as not_at_pop,
       (select count(*)::int from rack_spaces where end_date is not null) as ended,
       (select count(*)::int from cross_connects x join rack_spaces a on a.uuid = x.a_end_rack_space
          join rack_spaces b on b.uuid = x.b_end_rack_space where a.site_id <> b.site_id) as two_sites,
       (select count(*)::int from cross_connects x join rack_spaces b on b.uuid = x.b_end_rack_space
          join customers bc on bc.customer_id = b.customer_id
          where b.customer_id <> x.customer_id and not bc.is_provider) as foreign_b_end,
       (select count(*)::int from cross_connects x join rack_spaces a on a.uuid = x.a_end_rack_space
          where a.customer_id <> x.customer_id) as not_a_end_customer,
       (select count(*)::int from rack_spaces r join customers c on c.customer_id = r.customer_id
          where not c.is_provider and not exists (select 1 from cross_connects x
            where x.a_end_rack_space = r.uuid)) as without_cross_connect`,
    [],
  );
  return fit!;
}

// Issue 17: what the SLA report reads over the year before `now`: the share of services in service with
// downtime that counts (an outage or works classed 3 to 5), and how many of those lost more than 99.9%
// of the year allows (8.76 hours); the services with a contracted target.
export async function slaFit(database: Database) {
  const [fit] = await database.query<{
    in_service: number;
    with_outage: number;
    over_a_year: number;
    contracted: number;
  }>(
    'seed_test_sla',
    `with counted as (
       select es.service_id, sum(extract(epoch from least(e.end_time, $1::timestamptz)
         - greatest(e.start_time, $1::timestamptz - interval '1 year'))) as seconds
       from events e join event_services es on es.event_id = e.event_id
       where e.type in (1, 3) and e.sla_type in (3, 4, 5)
         and e.start_time < $1::timestamptz and e.end_time > $1::timestamptz - interval '1 year'
       group by es.service_id)
     select (select count(*)::int from services where status = 1) as in_service,
       (select count(*)::int from counted join services s using (service_id) where s.status = 1) as with_outage,
       (select count(*)::int from counted where seconds > 0.001 * 365 * 86400) as over_a_year,
       (select count(*)::int from services where sla_target is not null) as contracted`,
    [now],
  );
  return fit!;
}

// The co-location rules both scales keep: rack spaces only at the provider's PoPs, a cross-connect's two
// ends at one site, its A end the renter's and its B end the renter's or the provider's, and a
// cross-connect for every customer's rack space.
export function expectColocationFits(fit: Awaited<ReturnType<typeof colocationFit>>) {
  expect(fit).toMatchObject({
    not_at_pop: 0,
    two_sites: 0,
    foreign_b_end: 0,
    not_a_end_customer: 0,
    without_cross_connect: 0,
  });
}
