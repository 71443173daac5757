import { describe, expect, it } from 'vitest';
import { sanitiseHtml } from '../../platform/sanitise-html';
import type { Database } from '../client';
import {
  awxJobHistory,
  colocationFit,
  equipmentFit,
  expectColocationFits,
  now,
  people,
  withSeeded,
} from './seed-checks';

describe('demo seed', () => {
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
    expectColocationFits(seeded.colocation);
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
