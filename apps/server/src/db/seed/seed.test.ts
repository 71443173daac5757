import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sanitiseHtml } from '../../platform/sanitise-html';
import { freshDatabase } from '../../test/helper';
import type { Database } from '../client';
import { customers } from '../schema/customers';
import { users } from '../schema/users';
import { seedDatabase } from './seed';

const now = new Date('2026-11-21T00:00:00Z');

// Seeds on the suite's database: PGlite, then PostgreSQL in the second API run (the bench's database).
async function withSeeded<T>(scale: 'demo' | 'national', read: (database: Database) => Promise<T>) {
  const { database, drop } = await freshDatabase();
  try {
    const counts = await seedDatabase(database.db, scale, now);
    return { counts, ...(await read(database)) };
  } finally {
    await database.close();
    await drop();
  }
}

async function people(database: Database) {
  const customerRows = await database.db.select().from(customers).orderBy(asc(customers.customerId));
  const userRows = await database.db.select({ email: users.email, customerId: users.customerId }).from(users);
  return { customerRows, userRows };
}

// History events were created before `now`; the current ones the seed adds were created as it ran.
async function eventHistory(database: Database) {
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
async function supportHistory(database: Database) {
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
async function equipmentFit(database: Database) {
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
async function awxJobHistory(database: Database) {
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
async function colocationFit(database: Database) {
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
async function slaFit(database: Database) {
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

describe('national seed', () => {
  it('makes 500 customers besides the provider, 2,000 users, 10,000 sites, 30,000 services, 20,000 past events and 5,000 spare parts', async () => {
    const seeded = await withSeeded('national', async (database) => ({
      ...(await people(database)),
      ...(await eventHistory(database)),
      support: await supportHistory(database),
      equipment: await equipmentFit(database),
      jobs: await awxJobHistory(database),
      colocation: await colocationFit(database),
      sla: await slaFit(database),
    }));
    expect(seeded.counts).toMatchObject({
      customers: 501,
      users: 2000,
      sites: 10_000,
      services: 30_000,
      contacts: 5_000,
      eventHistory: 20_000,
      // Issue 5: 50,000 past tickets with 1 to 3 comments each (1 + ticket id % 3, so exactly twice as
      // many as tickets), one in ten an access request, and 20,000 closed check-ins; plus the demo's own.
      ticketHistory: 50_000,
      tickets: 50_000 + 4 + 18,
      ticketComments: 100_000 + 37,
      accessRequests: 5_000 + 3,
      checkinHistory: 20_000,
      checkins: 20_000 + 17,
      // Issue 14: 5,000 spare parts at the provider's PoPs and exchanges.
      spareParts: 5_000,
      // Issue 15: 20,000 past jobs over the year, and the demo's four.
      awxJobs: 20_004,
      // Issue 16: about a third of the customers rent rack spaces.
      rackSpaces: 418,
      crossConnects: 534,
      // Issue 17: API calls over the last 89 days, within the default 90-day retention.
      apiLogs: 1_000_000,
      // Two years of monthly invoices for each of the 483 enabled customers with services.
      invoices: 11_592,
      // Issue 17: 24 months of usage figures for the 28,168 services in service, from the month each
      // was provisioned (not 720,000: the disabled, the planned and the young have fewer).
      usageMonths: 631_214,
    });
    expect(seeded.colocation).toMatchObject({
      not_at_pop: 0,
      two_sites: 0,
      foreign_b_end: 0,
      not_a_end_customer: 0,
      without_cross_connect: 0,
    });
    expect(seeded.colocation.customers_with_racks).toBeGreaterThan(150);
    // Issue 17: between 5% and 15% of the services in service lost time that counts in the last year,
    // some more than a 99.9% target allows; one service in twelve has a contracted target.
    const { sla } = seeded;
    expect(sla.with_outage / sla.in_service).toBeGreaterThan(0.05);
    expect(sla.with_outage / sla.in_service).toBeLessThan(0.15);
    expect(sla.over_a_year).toBeGreaterThan(100);
    expect(sla.contracted).toBe(seeded.counts.contractedTargets);
    expect(sla.contracted / seeded.counts.services).toBeGreaterThan(1 / 14);
    expect(sla.contracted / seeded.counts.services).toBeLessThan(1 / 10);
    expect(seeded.colocation.ended).toBeGreaterThan(10);
    // Issue 14: the shelves the services' ports name (docs/decisions/026 on why not 2,500).
    expect(seeded.counts.shelves).toBeGreaterThan(2_500);
    expect(seeded.counts.cards).toBeGreaterThan(18_000);
    expect(seeded.counts.ports).toBeGreaterThan(80_000);
    expect(seeded.equipment.pe_ends_on_shelves).toBe(seeded.equipment.pe_ends);
    expect(seeded.equipment.managed_a_ends_on_shelves).toBe(seeded.equipment.managed_a_ends);
    expect(seeded.equipment.widest).toBe(200);
    expect(seeded.counts.parts).toBeGreaterThan(2.5 * seeded.counts.shelves);
    expect(seeded.equipment).toMatchObject({ without_parts: 0, cpe_psu_parts: 0, optics_off_ports: 0 });
    const names = seeded.customerRows.map((c) => c.customerName);
    expect(new Set(names).size).toBe(501);
    expect(seeded.customerRows.every((c) => /^[A-Z0-9]{3}$/.test(c.customerCode))).toBe(true);
    expect(seeded.customerRows.filter((c) => c.isProvider).map((c) => c.customerCode)).toEqual(['MRN']);
    // Every customer has users, the demo customers included.
    expect(new Set(seeded.userRows.map((u) => u.customerId)).size).toBe(501);

    // Issue 4: twenty thousand events over five years, every one ended, with comments and services.
    const year = 365 * 86_400_000;
    const firstStart = new Date(seeded.history.first_start).getTime();
    expect(firstStart).toBeGreaterThan(now.getTime() - 5 * year - 3 * 86_400_000);
    expect(firstStart).toBeLessThan(now.getTime() - 4.9 * year);
    expect(new Date(seeded.history.last_end).getTime()).toBeLessThan(now.getTime());
    expect(seeded.history.comments).toBeGreaterThan(20_000);
    expect(seeded.history.without_services).toBe(0);
    // Primary, secondary and emergency contacts, so notifications have e-mail and SMS to plan.
    expect(seeded.contactTypes.map((c) => c.contact_type)).toEqual([1, 2, 3]);

    // Issue 5: tickets over five years, the old ones nearly all solved; access and job tickets; every
    // ticket with 1 to 3 comments; new tickets numbered after the history.
    const { tickets, checkins } = seeded.support;
    const firstCreated = new Date(tickets.first_created).getTime();
    expect(firstCreated).toBeGreaterThan(now.getTime() - 5 * year - 86_400_000);
    expect(firstCreated).toBeLessThan(now.getTime() - 4.99 * year);
    expect(new Date(tickets.last_created).getTime()).toBeLessThan(now.getTime());
    expect(tickets.old_solved / tickets.old).toBeGreaterThan(0.95);
    expect(tickets.access).toBe(5_000);
    expect(tickets.jobs).toBe(5_000);
    expect(tickets.jobs_unassigned).toBe(0);
    expect(tickets.access_without_request).toBe(0);
    expect([tickets.fewest_comments, tickets.most_comments]).toEqual([1, 3]);
    expect(tickets.max_ticket_id).toBe(60_000);
    expect(tickets.next_ticket_id).toBe(60_001);
    // Check-ins: closed (but the demo technician's one), by the provider's staff, at physical sites.
    expect(new Date(checkins.first_in).getTime()).toBeLessThan(now.getTime() - 4.99 * year);
    expect(new Date(checkins.last_out).getTime()).toBeLessThan(now.getTime());
    expect(checkins).toMatchObject({ open: 1, not_staff: 0, not_physical: 0 });

    // Issue 15: jobs over the last year, numbered in launch order, every one ended, launched by the
    // NOC and engineers; most succeeded, some failed, were canceled or ended in error.
    const { span, statuses } = seeded.jobs;
    expect(new Date(span.first_created).getTime()).toBeGreaterThan(now.getTime() - year - 86_400_000);
    expect(new Date(span.first_created).getTime()).toBeLessThan(now.getTime() - 0.98 * year);
    expect(new Date(span.last_created).getTime()).toBeLessThan(now.getTime());
    expect(span).toMatchObject({ out_of_order: 0, ongoing: 0, not_staff: 0 });
    expect(span.operations).toBe(25);
    expect(span.launchers).toBeGreaterThan(50);
    const share = (status: string) => (statuses.find((s) => s.status === status)?.count ?? 0) / 20_004;
    expect(share('successful')).toBeGreaterThan(0.85);
    expect(share('failed')).toBeGreaterThan(0.03);
    expect(share('canceled')).toBeGreaterThan(0.01);
    expect(share('error')).toBeGreaterThan(0.002);
  }, 300_000);

  it('gives the demo four finished AWX jobs: an uptime with its table, a config, a timed-out RSI and a canceled MAC table', async () => {
    const seeded = await withSeeded('demo', awxJobHistory);
    expect(seeded.counts).toMatchObject({ awxJobs: 4 });
    expect(seeded.span).toMatchObject({ out_of_order: 0, ongoing: 0 });
    expect(seeded.demo).toEqual([
      expect.objectContaining({ operation: 'show/mactable', status: 'canceled', summaries: 0 }),
      expect.objectContaining({
        operation: 'get/rsi',
        status: 'failed',
        explanation: 'Job terminated due to timeout',
        summaries: 0,
      }),
      expect.objectContaining({ operation: 'get/config', status: 'successful', summaries: 1 }),
      expect.objectContaining({
        operation: 'show/uptime',
        status: 'successful',
        hosts: ['S0001pe', 'S0002pe'],
        result_kind: 'table',
        result_rows: 2,
        summaries: 2,
      }),
    ]);
    for (const job of seeded.demo) expect(job.output_lines).toBeGreaterThan(5);
  }, 120_000);

  it('puts the demo services on shelves: PE routers at the PoPs, CPEs where managed services end', async () => {
    const seeded = await withSeeded('demo', equipmentFit);
    expect(seeded.counts).toMatchObject({ shelves: 126, cards: 958, ports: 9012, parts: 378 });
    expect(seeded).toMatchObject({ without_parts: 0, cpe_psu_parts: 0, optics_off_ports: 0 });
    expect(seeded.pe_ends).toBeGreaterThan(50);
    expect(seeded.pe_ends_on_shelves).toBe(seeded.pe_ends);
    expect(seeded.managed_a_ends).toBeGreaterThan(50);
    expect(seeded.managed_a_ends_on_shelves).toBe(seeded.managed_a_ends);
  });

  it("gives the demo UNG's and EBH's tickets, the technician's jobs, site access requests and check-ins", async () => {
    const seeded = await withSeeded('demo', async (database) => ({
      ...(await demoSupport(database)),
      colocation: await colocationFit(database),
    }));
    expect(seeded.counts).toMatchObject({
      // Issue 17: a year of outages and works for UNG and EBH, for the SLA report.
      slaEvents: 8,
      tickets: 22,
      ticketComments: 37,
      accessRequests: 3,
      checkins: 17,
      ticketHistory: 0,
      checkinHistory: 0,
      spareParts: 60,
      rackSpaces: 22,
      crossConnects: 15,
      apiLogs: 3000,
      // Issue 16: 24 monthly invoices for each of the 11 demo customers.
      invoices: 264,
      // Issue 17: a figure per month for every service in service since the month it was provisioned,
      // for the 24 months up to this one.
      usageMonths: 3596,
    });
    // Issue 16: UNG and EBH (the route walk's customers) and half the others rent rack spaces.
    expect(seeded.colocation).toMatchObject({
      not_at_pop: 0,
      two_sites: 0,
      foreign_b_end: 0,
      not_a_end_customer: 0,
      without_cross_connect: 0,
    });
    expect(seeded.colocation.customers_with_racks).toBeGreaterThan(3);
    expect(seeded.colocation.ended).toBeGreaterThan(0);
    const byKind = (kind: string) => seeded.tickets.filter((t) => t.kind === kind);

    // The demo's event tickets stay as they were.
    expect(seeded.tickets.filter((t) => t.ticket_id < 4400).map((t) => t.ticket_id)).toEqual([
      4211, 4312, 4313, 4314,
    ]);
    // Support tickets in the wizard's subject format, naming their own customer's services, from that
    // customer's demo user, in every status and the wizard's three types, with 1 to 4 safe comments.
    const support = byKind('support').filter((t) => t.ticket_id > 4400);
    const demoUsers: Record<string, string[]> = {
      UNG: ['admin@northgate.example', 'user@northgate.example'],
      EBH: ['admin@eastbrook.example'],
    };
    expect(new Set(support.map((t) => t.customer_code))).toEqual(new Set(['UNG', 'EBH']));
    expect(new Set(support.map((t) => t.status))).toEqual(
      new Set(['new', 'open', 'pending', 'hold', 'solved']),
    );
    expect(new Set(support.map((t) => t.ticket_type))).toEqual(new Set(['incident', 'question', 'task']));
    for (const t of support) {
      expect(t.subject).toMatch(
        /^\[(OUTAGE|FLAPPING|SPEED ISSUE|PACKET LOSS|QUERY|PORTAL|CUSTOMER WORKS)\] \d\d\/\d\d\/\d\d - \S/,
      );
      expect(demoUsers[t.customer_code]).toContain(t.requester);
      expect(t.unknown_services).toBe(0);
      for (const id of t.services) expect(t.subject).toContain(id);
      expect(t.comments.length).toBeGreaterThanOrEqual(1);
      expect(t.comments.length).toBeLessThanOrEqual(4);
    }
    const comments = seeded.tickets.flatMap((t) => t.comments);
    for (const body of comments) expect(sanitiseHtml(body)).toBe(body);

    // Job tickets: tasks for the technician at the provider's physical sites, some in the coming days.
    const jobs = byKind('job');
    expect(jobs.length).toBeGreaterThanOrEqual(3);
    expect(jobs.length).toBeLessThanOrEqual(5);
    for (const job of jobs)
      expect(job).toMatchObject({
        ticket_type: 'task',
        assignee: 'tech@meridian.example',
        site_customer: 'MRN',
      });
    expect(jobs.filter((j) => new Date(j.start_time!).getTime() > now.getTime()).length).toBeGreaterThan(1);

    // Site access requests at UNG's sites, each with its request row.
    const access = byKind('access');
    expect(access.length).toBeGreaterThanOrEqual(2);
    expect(access.every((t) => t.site_customer === 'UNG' && t.customer_code === 'UNG')).toBe(true);
    expect(seeded.requests.map((r) => r.ticket_id).sort()).toEqual(access.map((t) => t.ticket_id).sort());

    // The technician is checked in at one PoP now; past visits by the technician and the engineer.
    expect(seeded.checkins.filter((c) => c.open)).toEqual([
      { email: 'tech@meridian.example', site_customer: 'MRN', open: true },
    ]);
    const closed = seeded.checkins.filter((c) => !c.open).map((c) => c.email);
    expect(new Set(closed)).toEqual(new Set(['tech@meridian.example', 'eng@meridian.example']));

    // The built-in store numbers new tickets from 10,001, clear of every seeded number.
    expect(seeded.nextTicketId).toBe(10_001);
  }, 120_000);

  it('is the same every time it runs', async () => {
    const first = await withSeeded('demo', people);
    const second = await withSeeded('demo', people);
    expect(second.counts).toEqual(first.counts);
    expect(second.customerRows.map((c) => [c.customerCode, c.customerName])).toEqual(
      first.customerRows.map((c) => [c.customerCode, c.customerName]),
    );
    expect(second.userRows.map((u) => u.email).sort()).toEqual(first.userRows.map((u) => u.email).sort());
  }, 120_000);
});

async function demoSupport(database: Database) {
  const tickets = await database.query<{
    ticket_id: number;
    kind: string;
    status: string;
    ticket_type: string;
    subject: string;
    requester: string;
    customer_code: string;
    services: string[];
    unknown_services: number;
    start_time: Date | null;
    assignee: string | null;
    site_customer: string | null;
    comments: string[];
  }>(
    'seed_test_demo_tickets',
    `select t.ticket_id, t.kind, t.status, t.ticket_type, t.subject, t.requester, c.customer_code,
            t.services, t.start_time, a.email as assignee, sc.customer_code as site_customer,
            (select count(*) from unnest(t.services) id where not exists
               (select 1 from services s where s.service_id = id and s.customer_id = t.customer_id))::int
              as unknown_services,
            coalesce((select array_agg(k.html_body order by k.comment_id) from ticket_comments k
                      where k.ticket_id = t.ticket_id), '{}') as comments
     from tickets t join customers c using (customer_id)
     left join users a on a.user_id = t.assignee_user_id
     left join sites s on s.site_id = t.site_id left join customers sc on sc.customer_id = s.customer_id
     order by t.ticket_id`,
    [],
  );
  const requests = await database.query<{ ticket_id: number }>(
    'seed_test_demo_access',
    'select ticket_id from site_access_requests order by request_id',
    [],
  );
  const checkins = await database.query<{ email: string; site_customer: string; open: boolean }>(
    'seed_test_demo_checkins',
    `select u.email, c.customer_code as site_customer, k.checkout_time is null as open
     from site_checkins k join users u using (user_id) join sites s on s.site_id = k.site_id
     join customers c on c.customer_id = s.customer_id order by k.checkin_id`,
    [],
  );
  const [sequence] = await database.query<{ next: number }>(
    'seed_test_demo_sequence',
    'select (last_value + 1)::int as next from tickets_ticket_id_seq',
    [],
  );
  return { tickets, requests, checkins, nextTicketId: sequence!.next };
}
