import { type ListPage, listCountWindow } from '@lightpath/domain/api';
import {
  formatTicketTime,
  type TicketListRow,
  type TicketPage,
  ticketMessages,
} from '@lightpath/domain/tickets';
import { and, eq, like, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { services, sites } from '../../db/schema/inventory';
import { auditLog, changeLog, outbox } from '../../db/schema/platform';
import { ticketComments, tickets } from '../../db/schema/tickets';
import { users } from '../../db/schema/users';
import { builtInTickets } from '../../integrations/tickets/built-in';
import { buildTestApp, demo, problemOf, type TestApp } from '../../test/helper';

let t: TestApp;
let ids: {
  ung: number;
  ebh: number;
  provider: number;
  tech: number;
  ungUser: number;
  otherTech: number;
  retiredTech: number;
};
let ungServices: string[];
let ebhServices: string[];
let ungSite: number;
let ebhSite: number;

type Page = ListPage<TicketListRow>;

async function list(url: string, as: string): Promise<Page> {
  const reply = await t.call({ method: 'GET', url, as });
  expect(reply.statusCode, `${url}: ${reply.body.slice(0, 300)}`).toBe(200);
  return reply.json().payload;
}

async function detail(ticketid: number, as: string): Promise<TicketPage> {
  const reply = await t.call({ method: 'GET', url: `/api/ticket/${ticketid}`, as });
  expect(reply.statusCode, reply.body.slice(0, 300)).toBe(200);
  return reply.json().payload;
}

function post(url: string, payload: unknown, as: string, headers: Record<string, string> = {}) {
  return t.call({ method: 'POST', url, payload: payload as object, as, headers });
}

const countOf = async (table: typeof tickets | typeof ticketComments | typeof outbox) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

// What a refused write must leave untouched.
async function written() {
  const changes = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(changeLog)
    .where(eq(changeLog.topic, 'tickets'));
  return {
    tickets: await countOf(tickets),
    comments: await countOf(ticketComments),
    outbox: await countOf(outbox),
    changes: changes[0]!.n,
  };
}

async function ticketRow(ticketid: number) {
  return (await t.database.db.select().from(tickets).where(eq(tickets.ticketId, ticketid)))[0]!;
}

async function firstTicketOf(customerId: number, kind = 'support') {
  const [row] = await t.database.db
    .select({ id: tickets.ticketId })
    .from(tickets)
    .where(and(eq(tickets.customerId, customerId), eq(tickets.kind, kind)))
    .orderBy(tickets.ticketId)
    .limit(1);
  return row!.id;
}

const start = Math.floor(Date.UTC(2025, 5, 2, 23, 15) / 1000);
const outage = (serviceIds: string[]) => ({
  issuetype: 'outage',
  subject: `[OUTAGE] 03/06/25 - ${serviceIds.join(', ')}`,
  description: 'The link went dark at 9:15.\n\nNo light on the CPE.',
  tickettype: 'incident',
  services: serviceIds,
  starttime: start,
  endtime: null,
});

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const byCode = new Map((await db.select().from(customers)).map((c) => [c.customerCode, c] as const));
  const userId = async (email: string) =>
    (await db.select().from(users).where(eq(users.email, email)))[0]!.userId;
  const provider = [...byCode.values()].find((c) => c.isProvider)!.customerId;
  // A second technician, and one who can no longer sign in.
  const [other, retired] = await db
    .insert(users)
    .values([
      {
        email: 'field2@meridian.example',
        firstname: 'Fay',
        surname: 'Second',
        type: 2,
        customerId: provider,
      },
      {
        email: 'retired@meridian.example',
        firstname: 'Rex',
        surname: 'Retired',
        type: 2,
        customerId: provider,
        enabled: false,
      },
    ])
    .returning({ id: users.userId });
  ids = {
    ung: byCode.get('UNG')!.customerId,
    ebh: byCode.get('EBH')!.customerId,
    provider,
    tech: await userId(demo.tech),
    ungUser: await userId(demo.ungUser),
    otherTech: other!.id,
    retiredTech: retired!.id,
  };
  const servicesOf = async (customerId: number) =>
    (
      await db
        .select({ id: services.serviceId })
        .from(services)
        .where(and(eq(services.customerId, customerId), ne(services.status, 0)))
        .orderBy(services.serviceId)
        .limit(5)
    ).map((s) => s.id);
  ungServices = await servicesOf(ids.ung);
  ebhServices = await servicesOf(ids.ebh);
  const siteOf = async (customerId: number) =>
    (await db.select().from(sites).where(eq(sites.customerId, customerId)).orderBy(sites.siteId).limit(1))[0]!
      .siteId;
  ungSite = await siteOf(ids.ung);
  ebhSite = await siteOf(ids.ebh);
});
afterAll(() => t.close());

describe('listing tickets', () => {
  it('shows the NOC and engineering every ticket, newest activity first', async () => {
    const total = await countOf(tickets);
    for (const as of [demo.noc, demo.eng]) {
      const page = await list('/api/tickets?limit=1000', as);
      expect(page.count).toBe(total);
      expect(page.results).toHaveLength(total);
      expect(new Set(page.results.map((r) => r.kind))).toEqual(new Set(['support', 'access', 'job']));
      const updated = page.results.map((r) => r.updated_at);
      expect(updated).toEqual([...updated].sort((a, b) => b - a));
    }
  });

  it("shows a customer only its own support tickets and access requests, never another's", async () => {
    for (const [as, customerId, other] of [
      [demo.ungAdmin, ids.ung, ids.ebh],
      [demo.ungUser, ids.ung, ids.ebh],
      [demo.ebhAdmin, ids.ebh, ids.ung],
    ] as const) {
      const page = await list('/api/tickets?limit=1000', as);
      const own = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(tickets)
        .where(and(eq(tickets.customerId, customerId), ne(tickets.kind, 'job')));
      expect(page.count).toBe(own[0]!.n);
      expect(page.count).toBeGreaterThan(0);
      expect(page.results.every((r) => r.customerid === customerId && r.kind !== 'job')).toBe(true);
      expect(page.results.some((r) => r.customerid === other)).toBe(false);
      // Asking for job tickets, or another customer's site, finds nothing.
      expect((await list('/api/tickets?kind=job', as)).count).toBe(0);
    }
  });

  it('shows a technician only the job tickets assigned to them', async () => {
    const page = await list('/api/tickets?limit=1000', demo.tech);
    expect(page.count).toBeGreaterThan(0);
    expect(page.results.every((r) => r.kind === 'job' && r.assigneeuserid === ids.tech)).toBe(true);
    expect(page.results[0]).toMatchObject({ assigneename: 'Tom Hale', customerid: ids.provider });
    expect(page.results.every((r) => r.sitename !== null)).toBe(true);
    expect((await list('/api/tickets?kind=support', demo.tech)).count).toBe(0);
  });

  it('refuses a customer user whose chameleon flag hides tickets (403)', async () => {
    await t.database.db.update(users).set({ chameleon: 2 }).where(eq(users.userId, ids.ungUser));
    try {
      const ticketid = await firstTicketOf(ids.ung);
      for (const [method, url] of [
        ['GET', '/api/tickets'],
        ['GET', `/api/ticket/${ticketid}`],
        ['POST', '/api/ticket'],
        ['POST', `/api/ticket/${ticketid}/comment`],
      ] as const) {
        const reply = await t.call({
          method,
          url,
          as: demo.ungUser,
          ...(method === 'POST' ? { payload: {} } : {}),
        });
        expect(reply.statusCode, `${method} ${url}`).toBe(403);
      }
    } finally {
      await t.database.db.update(users).set({ chameleon: 0 }).where(eq(users.userId, ids.ungUser));
    }
  });

  it('filters by status, kind, site and text, sorts, and pages', async () => {
    const open = await list('/api/tickets?status=open&limit=1000', demo.noc);
    expect(open.count).toBeGreaterThan(0);
    expect(open.results.every((r) => r.status === 'open')).toBe(true);

    const access = await list('/api/tickets?kind=access&limit=1000', demo.noc);
    expect(access.count).toBeGreaterThan(0);
    expect(access.results.every((r) => r.kind === 'access' && r.siteid !== null)).toBe(true);

    const siteid = access.results[0]!.siteid!;
    const atSite = await list(`/api/tickets?siteid=${siteid}&limit=1000`, demo.noc);
    expect(atSite.results.every((r) => r.siteid === siteid)).toBe(true);
    expect(atSite.results[0]!.sitename).toBe(access.results[0]!.sitename);

    const bySubject = await list('/api/tickets?q=%5BOUTAGE%5D&limit=1000', demo.ungAdmin);
    expect(bySubject.count).toBeGreaterThan(0);
    expect(bySubject.results.every((r) => r.subject.includes('[OUTAGE]'))).toBe(true);
    const one = bySubject.results[0]!;
    expect(
      (await list(`/api/tickets?q=${one.ticketid}`, demo.ungAdmin)).results.map((r) => r.ticketid),
    ).toContain(one.ticketid);
    // Another customer's ticket number finds nothing for a customer.
    const ebhTicket = await firstTicketOf(ids.ebh);
    expect((await list(`/api/tickets?q=${ebhTicket}`, demo.ungAdmin)).count).toBe(0);

    const byId = await list('/api/tickets?sort=ticketid&limit=1000', demo.noc);
    const numbers = byId.results.map((r) => r.ticketid);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    const created = await list('/api/tickets?sort=-created_at&limit=1000', demo.noc);
    const times = created.results.map((r) => r.created_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const all = await list('/api/tickets?limit=1000', demo.noc);
    const second = await list('/api/tickets?limit=3&offset=3', demo.noc);
    expect(second).toMatchObject({ count: all.count, limit: 3, offset: 3 });
    expect(second.results.map((r) => r.ticketid)).toEqual(all.results.slice(3, 6).map((r) => r.ticketid));
    const past = await list(`/api/tickets?offset=${all.count + 10}`, demo.noc);
    expect(past).toMatchObject({ count: all.count, results: [] });

    const bad = await t.call({ method: 'GET', url: '/api/tickets?kind=other', as: demo.noc });
    expect(bad.statusCode).toBe(400);
  });

  it('answers the same through the TicketSystem interface as through the API', async () => {
    const system = builtInTickets({ log: t.app.log });
    const viaSystem = await system.listTickets(t.database.db, {
      customerId: ids.ung,
      sort: '-updated',
      limit: 1000,
      offset: 0,
    });
    const viaApi = await list('/api/tickets?limit=1000', demo.ungAdmin);
    expect(viaSystem).toEqual({ count: viaApi.count, countexact: true, results: viaApi.results });
    const ticketid = viaApi.results[0]!.ticketid;
    // The page adds the event a notice ticket came from; the ticket system knows only the ticket.
    const { eventid: _event, ...page } = await detail(ticketid, demo.ungAdmin);
    expect(await system.getTicket(t.database.db, ticketid)).toEqual(page);
    expect(await system.getTicket(t.database.db, 987_654)).toBeNull();
  });
});

describe('one ticket', () => {
  it('shows a ticket in scope with its comments oldest first', async () => {
    // A seeded conversation: a ticket of UNG's with more than one comment.
    const [row] = await t.database.query<{ ticketid: number }>(
      'test_ticket_with_comments',
      `select t.ticket_id as ticketid from tickets t join ticket_comments c on c.ticket_id = t.ticket_id
       where t.customer_id = $1 and t.kind = 'support' group by t.ticket_id having count(*) > 1
       order by t.ticket_id limit 1`,
      [ids.ung],
    );
    const ticketid = row!.ticketid;
    const ticket = await detail(ticketid, demo.ungAdmin);
    expect(ticket).toMatchObject({ ticketid, customerid: ids.ung, customercode: 'UNG', kind: 'support' });
    expect(ticket.comments.length).toBeGreaterThan(1);
    const order = ticket.comments.map((c) => c.created_at);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(ticket.attachments).toEqual([]);
    expect(await detail(ticketid, demo.noc)).toEqual(ticket);
  });

  it('answers 404 for a ticket out of scope or missing', async () => {
    const ung = await firstTicketOf(ids.ung);
    const job = await firstTicketOf(ids.provider, 'job');
    for (const [ticketid, as] of [
      [ung, demo.ebhAdmin],
      [job, demo.ungAdmin],
      [ung, demo.tech],
      [987_654, demo.noc],
    ] as const) {
      const reply = await t.call({ method: 'GET', url: `/api/ticket/${ticketid}`, as });
      expect(reply.statusCode, `${as} ${ticketid}`).toBe(404);
      expect(reply.json().message).toBe(ticketMessages.notFound);
    }
    expect((await detail(job, demo.tech)).assigneeuserid).toBe(ids.tech);
  });
});

describe('raising a ticket (the wizard)', () => {
  it("opens the customer's ticket with its comment and e-mails the requester", async () => {
    const before = await written();
    const body = outage(ungServices.slice(0, 2));
    const reply = await post('/api/ticket', body, demo.ungUser);
    expect(reply.statusCode, reply.body).toBe(201);
    const { ticketid } = reply.json().payload;
    expect(ticketid).toBeGreaterThan(10_000);
    expect(reply.json().message).toBe(`Ticket #${ticketid} created!`);

    expect(await ticketRow(ticketid)).toMatchObject({
      customerId: ids.ung,
      requester: demo.ungUser,
      subject: body.subject,
      ticketType: 'incident',
      kind: 'support',
      services: body.services,
      startTime: new Date(start * 1000),
      endTime: null,
      createdBy: ids.ungUser,
    });
    const ticket = await detail(ticketid, demo.ungUser);
    expect(ticket.comments).toHaveLength(1);
    const [opening] = ticket.comments;
    expect(opening!.authoruserid).toBe(ids.ungUser);
    expect(opening!.author).not.toBe('NOC');
    expect(opening!.htmlbody).toContain('<p>The link went dark at 9:15.</p><p>No light on the CPE.</p>');
    expect(opening!.htmlbody).toContain('<th>Issue type</th><td>Outage</td>');
    expect(opening!.htmlbody).toContain(`<td>${body.services.join(', ')}</td>`);
    expect(opening!.htmlbody).toContain(
      `<th>Start</th><td>${formatTicketTime(start, t.config.timeZone)}</td>`,
    );

    const mail = await t.database.db
      .select()
      .from(outbox)
      .where(like(outbox.subject, `[Ticket #${ticketid}]%`));
    expect(mail.map((m) => m.recipient)).toEqual([demo.ungUser]);
    expect(mail[0]!.subject).toBe(`[Ticket #${ticketid}] ${body.subject}`);
    expect(mail[0]!.body).toContain('No light on the CPE.');

    expect(await written()).toEqual({
      tickets: before.tickets + 1,
      comments: before.comments + 1,
      outbox: before.outbox + 1,
      changes: before.changes + 1,
    });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'ticket.create'));
    expect(audit.some((a) => a.entityId === String(ticketid))).toBe(true);
    expect((await list('/api/tickets?limit=1', demo.ungAdmin)).results[0]!.ticketid).toBe(ticketid);
  });

  it("raises the NOC's ticket for the customer owning the services, or for the provider when none", async () => {
    const forEbh = await post('/api/ticket', outage(ebhServices.slice(0, 1)), demo.noc);
    expect(forEbh.statusCode, forEbh.body).toBe(201);
    expect((await ticketRow(forEbh.json().payload.ticketid)).customerId).toBe(ids.ebh);

    const query = { ...outage([]), issuetype: 'query', subject: '[QUERY] 03/06/25', starttime: null };
    const own = await post('/api/ticket', query, demo.eng);
    expect(own.statusCode, own.body).toBe(201);
    expect(await ticketRow(own.json().payload.ticketid)).toMatchObject({
      customerId: ids.provider,
      ticketType: 'question',
      startTime: null,
    });

    const before = await written();
    const mixed = await post('/api/ticket', outage([ungServices[0]!, ebhServices[0]!]), demo.noc);
    expect(mixed.statusCode).toBe(400);
    expect(problemOf(mixed)).toBe(ticketMessages.servicesOfTwoCustomers);
    expect(await written()).toEqual(before);
  });

  it('records the site of a works notice', async () => {
    const works = {
      issuetype: 'worksnotify',
      subject: '[CUSTOMER WORKS] 03/06/25 - Library',
      description: 'Power works in the comms room.',
      tickettype: 'task',
      services: [],
      starttime: start,
      endtime: start + 7200,
      siteid: ungSite,
    };
    const reply = await post('/api/ticket', works, demo.ungAdmin);
    expect(reply.statusCode, reply.body).toBe(201);
    const ticket = await detail(reply.json().payload.ticketid, demo.ungAdmin);
    expect(ticket).toMatchObject({ siteid: ungSite, tickettype: 'task', endtime: start + 7200 });
    expect(ticket.sitename).toBeTruthy();
    expect(ticket.comments[0]!.htmlbody).toContain('<th>Works end</th>');
  });

  // Issue 12: Customer Works offered the VPLS and L3VPN sites.
  it('refuses a works notice at a network that is no place, writing nothing', async () => {
    const [network] = await t.database.db
      .select()
      .from(sites)
      .where(and(eq(sites.customerId, ids.ung), sql`${sites.siteType} in (2, 4)`))
      .limit(1);
    const before = await written();
    const reply = await post(
      '/api/ticket',
      { ...outage([]), issuetype: 'worksnotify', siteid: network!.siteId, endtime: start + 3600 },
      demo.ungAdmin,
    );
    expect(reply.statusCode).toBe(400);
    expect(problemOf(reply)).toBe(ticketMessages.worksSiteNotAPlace);
    expect(await written()).toEqual(before);
  });

  const rules: [string, Record<string, unknown>, string][] = [
    ['no issue type', { issuetype: null }, ticketMessages.issueRequired],
    ['an outage without services', { services: [] }, ticketMessages.servicesRequired],
    ['flapping without services', { issuetype: 'flapping', services: [] }, ticketMessages.servicesRequired],
    ['speed without a start', { issuetype: 'speed', starttime: null }, ticketMessages.startRequired],
    ['packet loss without a start', { issuetype: 'packetloss', starttime: 0 }, ticketMessages.startRequired],
    ['works without a site', { issuetype: 'worksnotify', endtime: start + 60 }, ticketMessages.siteRequired],
    [
      'works without a start',
      { issuetype: 'worksnotify', siteid: 1, starttime: null, endtime: start },
      ticketMessages.worksStartRequired,
    ],
    ['works without an end', { issuetype: 'worksnotify', siteid: 1 }, ticketMessages.worksEndRequired],
    [
      'works ending before they start',
      { issuetype: 'worksnotify', siteid: 1, endtime: start - 60 },
      ticketMessages.worksEndBeforeStart,
    ],
    ['no subject', { subject: '  ' }, ticketMessages.subjectRequired],
    ['no description', { description: '' }, ticketMessages.descriptionRequired],
  ];
  it.each(rules)('refuses %s with the wizard message, writing nothing', async (_label, change, message) => {
    const before = await written();
    const reply = await post('/api/ticket', { ...outage(ungServices.slice(0, 1)), ...change }, demo.ungAdmin);
    expect(reply.statusCode).toBe(400);
    expect(problemOf(reply)).toBe(message);
    expect(await written()).toEqual(before);
  });

  it("refuses an unknown service and another customer's service or site, naming them, writing nothing", async () => {
    const before = await written();
    const foreign = await post('/api/ticket', outage([ungServices[0]!, ebhServices[0]!]), demo.ungAdmin);
    expect(foreign.statusCode).toBe(400);
    expect(problemOf(foreign)).toBe(ticketMessages.serviceUnknown(ebhServices[0]!));
    const unknown = await post('/api/ticket', outage(['UNG0999099999A']), demo.noc);
    expect(unknown.statusCode).toBe(400);
    expect(problemOf(unknown)).toBe(ticketMessages.serviceUnknown('UNG0999099999A'));
    const works = {
      ...outage([]),
      issuetype: 'worksnotify',
      siteid: ebhSite,
      endtime: start + 3600,
    };
    const site = await post('/api/ticket', works, demo.ungAdmin);
    expect(site.statusCode).toBe(400);
    expect(problemOf(site)).toBe(ticketMessages.siteUnknown);
    expect(await written()).toEqual(before);
  });

  it('answers a retry with the same Idempotency-Key with the first ticket, writing nothing more', async () => {
    const body = outage(ungServices.slice(1, 2));
    const headers = { 'idempotency-key': 'wizard-session-1' };
    const first = await post('/api/ticket', body, demo.ungAdmin, headers);
    expect(first.statusCode, first.body).toBe(201);
    const { ticketid } = first.json().payload;
    expect((await ticketRow(ticketid)).requestKey).toContain('wizard-session-1');
    const before = await written();
    const retry = await post('/api/ticket', body, demo.ungAdmin, headers);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ payload: { ticketid }, message: `Ticket #${ticketid} created!` });
    expect(await written()).toEqual(before);

    // The key is the caller's own: another user's same key makes their own ticket.
    const other = await post('/api/ticket', body, demo.ungUser, headers);
    expect(other.statusCode).toBe(201);
    expect(other.json().payload.ticketid).not.toBe(ticketid);

    const bad = await post('/api/ticket', body, demo.ungAdmin, { 'idempotency-key': 'k'.repeat(101) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().payload.errors[0].path).toBe('idempotency-key');
  });

  it('makes one ticket of concurrent retries', async () => {
    const body = outage(ungServices.slice(2, 3));
    const headers = { 'idempotency-key': 'double-click' };
    const replies = await Promise.all([0, 1, 2].map(() => post('/api/ticket', body, demo.ungAdmin, headers)));
    const numbers = new Set(replies.map((r) => r.json().payload.ticketid));
    expect(numbers.size).toBe(1);
    const rows = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ticketComments)
      .where(eq(ticketComments.ticketId, [...numbers][0]));
    expect(rows[0]!.n).toBe(1);
  });
});

describe('comments', () => {
  it("stores the comment as sanitised HTML under the caller's name and e-mails the requester", async () => {
    const ticketid = await firstTicketOf(ids.ung);
    const requester = (await ticketRow(ticketid)).requester;
    const before = await written();
    const text =
      '<script>alert(1)</script> <b onclick="steal()">bold</b>\n<a href="javascript:alert(2)">link</a> & more';
    const reply = await post(`/api/ticket/${ticketid}/comment`, { comment: text }, demo.ungAdmin);
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().message).toBe(ticketMessages.commentAdded);
    const ticket = await detail(ticketid, demo.ungAdmin);
    const last = ticket.comments.at(-1)!;
    expect(last.author).toBe('Alex Morgan');
    expect(last.htmlbody).not.toMatch(/<script/i);
    expect(last.htmlbody).not.toMatch(/<[a-z][^>]*\son\w+\s*=/i);
    expect(last.htmlbody).not.toMatch(/<a\b[^>]*javascript:/i);
    expect(last.htmlbody).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; &lt;b onclick="steal()"&gt;bold&lt;/b&gt;<br />&lt;a href="javascript:alert(2)"&gt;link&lt;/a&gt; &amp; more</p>',
    );
    expect(await written()).toMatchObject({
      comments: before.comments + 1,
      outbox: before.outbox + 1,
      changes: before.changes + 1,
    });
    const mail = await t.database.db
      .select()
      .from(outbox)
      .where(like(outbox.subject, `Re: [Ticket #${ticketid}]%`));
    expect(mail.map((m) => m.recipient)).toEqual([requester]);
  });

  it("answers 404 for a comment on another customer's ticket, whatever the body, and writes nothing", async () => {
    const ticketid = await firstTicketOf(ids.ung);
    const before = await written();
    for (const payload of [{ comment: 'Hello' }, {}]) {
      const reply = await post(`/api/ticket/${ticketid}/comment`, payload, demo.ebhAdmin);
      expect(reply.statusCode).toBe(404);
    }
    const missing = await post('/api/ticket/987654/comment', { comment: 'Hello' }, demo.noc);
    expect(missing.statusCode).toBe(404);
    const blank = await post(`/api/ticket/${ticketid}/comment`, { comment: '  ' }, demo.ungAdmin);
    expect(blank.statusCode).toBe(400);
    expect(problemOf(blank)).toBe(ticketMessages.commentRequired);
    expect(await written()).toEqual(before);
  });

  it('lets a technician comment on their own job tickets only', async () => {
    const job = await firstTicketOf(ids.provider, 'job');
    const own = await post(`/api/ticket/${job}/comment`, { comment: 'On site now.' }, demo.tech);
    expect(own.statusCode, own.body).toBe(201);
    expect((await detail(job, demo.tech)).comments.at(-1)).toMatchObject({ author: 'Tom Hale' });
    const customers = await post(
      `/api/ticket/${await firstTicketOf(ids.ung)}/comment`,
      { comment: 'x' },
      demo.tech,
    );
    expect(customers.statusCode).toBe(404);
  });
});

describe('status', () => {
  it('lets the NOC and engineering change a status, and refuses customers (403)', async () => {
    const ticketid = await firstTicketOf(ids.ebh);
    const put = (status: unknown, as: string, id = ticketid) =>
      t.call({ method: 'PUT', url: `/api/ticket/${id}/status`, payload: { status }, as });

    const before = await written();
    expect((await put('hold', demo.ebhAdmin)).statusCode).toBe(403);
    // A technician may set statuses on their own job tickets only: another ticket is out of their scope.
    expect((await put('hold', demo.tech)).statusCode).toBe(404);
    expect(await written()).toEqual(before);

    const changed = await put('hold', demo.eng);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      message: 'Ticket status changed to On hold',
      payload: { ticketid, status: 'hold' },
    });
    expect((await ticketRow(ticketid)).status).toBe('hold');
    expect((await written()).changes).toBe(before.changes + 1);
    expect((await detail(ticketid, demo.ebhAdmin)).status).toBe('hold');

    const bad = await put('closed', demo.noc);
    expect(bad.statusCode).toBe(400);
    expect(problemOf(bad)).toBe(ticketMessages.statusRequired);
    expect((await put('solved', demo.noc, 987_654)).statusCode).toBe(404);
  });

  // Issue 12 and decisions.md: technicians could not close their own job ticket.
  it('lets a technician set their own job ticket to pending or solved, and nothing else', async () => {
    const job = await firstTicketOf(ids.provider, 'job');
    const put = (status: string, as: string) =>
      t.call({ method: 'PUT', url: `/api/ticket/${job}/status`, payload: { status }, as });
    const before = await written();
    expect((await put('hold', demo.tech)).statusCode).toBe(403);
    expect((await put('open', demo.tech)).statusCode).toBe(403);
    expect(await written()).toEqual(before);
    const pending = await put('pending', demo.tech);
    expect(pending.statusCode, pending.body).toBe(200);
    expect((await ticketRow(job)).status).toBe('pending');
    expect((await put('solved', demo.tech)).statusCode).toBe(200);
    expect((await ticketRow(job)).status).toBe('solved');
  });
});

describe('job tickets', () => {
  const job = (technicianid: number, siteid: number) => ({
    siteid,
    technicianid,
    subject: 'Replace the failed optic',
    description: 'Port 3 on the edge switch.',
    scheduledtime: start,
  });

  it('lists the technicians a job can be for', async () => {
    const reply = await t.call({ method: 'GET', url: '/api/tickets/technicians', as: demo.noc });
    expect(reply.statusCode).toBe(200);
    const people = reply.json().payload as { userid: number; email: string }[];
    expect(people.map((p) => p.userid).sort()).toEqual([ids.tech, ids.otherTech].sort());
    expect(
      (await t.call({ method: 'GET', url: '/api/tickets/technicians', as: demo.ungAdmin })).statusCode,
    ).toBe(403);
  });

  it('lets a technician raise a job for themself only', async () => {
    const own = await post('/api/ticket/ventia', job(ids.tech, ungSite), demo.tech);
    expect(own.statusCode, own.body).toBe(201);
    const { ticketid } = own.json().payload;
    expect(own.json().message).toBe(`Ticket #${ticketid} created!`);
    expect(await ticketRow(ticketid)).toMatchObject({
      kind: 'job',
      ticketType: 'task',
      customerId: ids.provider,
      assigneeUserId: ids.tech,
      siteId: ungSite,
      requester: demo.tech,
      startTime: new Date(start * 1000),
    });
    expect((await list('/api/tickets?limit=1', demo.tech)).results[0]!.ticketid).toBe(ticketid);
    // The site's customer does not see the provider's job ticket.
    const reply = await t.call({ method: 'GET', url: `/api/ticket/${ticketid}`, as: demo.ungAdmin });
    expect(reply.statusCode).toBe(404);

    const before = await written();
    const forOther = await post('/api/ticket/ventia', job(ids.otherTech, ungSite), demo.tech);
    expect(forOther.statusCode).toBe(400);
    expect(problemOf(forOther)).toBe(ticketMessages.technicianSelfOnly);
    expect(await written()).toEqual(before);
  });

  it('lets the NOC raise a job for any technician, who hears of it by e-mail', async () => {
    const reply = await post('/api/ticket/ventia', job(ids.otherTech, ebhSite), demo.noc);
    expect(reply.statusCode, reply.body).toBe(201);
    const { ticketid } = reply.json().payload;
    expect(await ticketRow(ticketid)).toMatchObject({
      assigneeUserId: ids.otherTech,
      ccs: ['field2@meridian.example'],
    });
    const mail = await t.database.db
      .select()
      .from(outbox)
      .where(like(outbox.subject, `[Ticket #${ticketid}]%`));
    expect(mail.map((m) => m.recipient).sort()).toEqual(['field2@meridian.example', demo.noc]);
    // Tom does not see Fay's job.
    const reply404 = await t.call({ method: 'GET', url: `/api/ticket/${ticketid}`, as: demo.tech });
    expect(reply404.statusCode).toBe(404);
  });

  it('refuses a technician who is not an enabled field services user, an unknown site, and customers', async () => {
    const before = await written();
    for (const [body, message] of [
      [job(ids.ungUser, ungSite), ticketMessages.technicianInvalid],
      [job(ids.retiredTech, ungSite), ticketMessages.technicianInvalid],
      [job(ids.tech, 987_654), ticketMessages.siteUnknown],
      [{ ...job(ids.tech, ungSite), subject: '' }, ticketMessages.subjectRequired],
    ] as const) {
      const reply = await post('/api/ticket/ventia', body, demo.noc);
      expect(reply.statusCode).toBe(400);
      expect(problemOf(reply)).toBe(message);
    }
    expect((await post('/api/ticket/ventia', job(ids.tech, ungSite), demo.ungAdmin)).statusCode).toBe(403);
    expect((await post('/api/ticket/ventia', job(ids.tech, ungSite), demo.eng)).statusCode).toBe(403);
    expect(await written()).toEqual(before);
  });
});

describe('the count of a long list', () => {
  it('is exact within a thousand tickets of the page and a lower bound beyond', async () => {
    const total = await countOf(tickets);
    await t.database.db.execute(sql`insert into tickets (customer_id, requester, subject, description)
      select ${ids.provider}, 'noc@meridian.example', 'Bulk ' || g, 'Bulk' from generate_series(1, 1100) g`);
    try {
      const first = await list('/api/tickets?limit=10', demo.noc);
      expect(first.count).toBe(listCountWindow + 1);
      expect(first.countexact).toBe(false);
      const deep = await list('/api/tickets?limit=10&offset=1000', demo.noc);
      expect(deep.count).toBe(total + 1100);
      expect(deep.countexact).toBe(true);
      // A customer's list is far shorter and counted exactly.
      expect((await list('/api/tickets?limit=10', demo.ungAdmin)).countexact).toBe(true);
    } finally {
      await t.database.db.delete(tickets).where(like(tickets.subject, 'Bulk %'));
    }
  });
});
