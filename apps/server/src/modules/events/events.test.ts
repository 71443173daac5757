import {
  defaultApprover,
  type EventDetail,
  type EventSummary,
  type EventWriteReply,
  eventMessages,
  type PreflightCustomer,
} from '@lightpath/domain/events';
import type { ServiceSummary } from '@lightpath/domain/services';
import { serviceMessages } from '@lightpath/domain/services';
import type { Site } from '@lightpath/domain/sites';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventComments, eventNotifications } from '../../db/schema/events';
import { eventServices, events, services } from '../../db/schema/inventory';
import { auditLog, changeLog, outbox } from '../../db/schema/platform';
import { tickets } from '../../db/schema/tickets';
import { rowsOf } from '../../db/statements';
import { buildTestApp, demo, type TestApp } from '../../test/helper';

let t: TestApp;
let ids: { ung: number; ebh: number };
// Enabled services of UNG and EBH, those no seeded event names first, and a disabled one.
let ung: string[];
let ebh: string[];
let disabled: string;

const hour = 3600;
const day = 86_400;
const now = Math.floor(Date.now() / 1000);

type Page = { count: number; limit: number; offset: number; results: EventSummary[] };

async function list(url: string, as: string = demo.noc): Promise<Page> {
  const reply = await t.call({ method: 'GET', url, as });
  expect(reply.statusCode, `${url}: ${reply.body.slice(0, 300)}`).toBe(200);
  return reply.json().payload;
}

async function detail(eventid: number, as: string = demo.noc): Promise<EventDetail> {
  const reply = await t.call({ method: 'GET', url: `/api/event/${eventid}`, as });
  expect(reply.statusCode, reply.body.slice(0, 300)).toBe(200);
  return reply.json().payload;
}

async function rows(table: PgTable) {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row!.n;
}

// Everything an event write may touch: a refused or preflight request must leave all of it alone.
const writeTables = {
  events,
  eventServices,
  eventComments,
  eventNotifications,
  outbox,
  tickets,
  changeLog,
  auditLog,
} as const;
async function snapshot() {
  const entries = await Promise.all(
    Object.entries(writeTables).map(async ([name, table]) => [name, await rows(table)] as const),
  );
  return Object.fromEntries(entries) as Record<keyof typeof writeTables, number>;
}

const body = (overrides: Record<string, unknown> = {}) => ({
  number: 7001,
  title: 'Scheduled fibre works in Northgate',
  description: 'Re-splicing the ring.',
  starttime: now + 2 * day,
  endtime: now + 2 * day + 2 * hour,
  type: 1,
  initiator: 'Field Services',
  priority: 3,
  slatype: 1,
  services: [ung[0]],
  ...overrides,
});

async function post(payload: unknown, as: string = demo.noc, headers: Record<string, string> = {}) {
  return t.call({ method: 'POST', url: '/api/event', as, payload: payload as object, headers });
}

async function create(
  overrides: Record<string, unknown> = {},
): Promise<EventWriteReply & { eventid: number }> {
  const reply = await post(body(overrides));
  expect(reply.statusCode, reply.body.slice(0, 300)).toBe(201);
  return reply.json().payload;
}

async function navigationCounts(as: string) {
  const reply = await t.call({ method: 'GET', url: '/api/navigation/counts', as });
  return reply.json().payload.counts as Record<string, number>;
}

beforeAll(async () => {
  t = await buildTestApp();
  const customers = await t.call({ method: 'GET', url: '/api/customers?limit=1000', as: demo.noc });
  const byCode = new Map<string, number>(
    customers.json().payload.results.map((c: { code: string; customerid: number }) => [c.code, c.customerid]),
  );
  ids = { ung: byCode.get('UNG')!, ebh: byCode.get('EBH')! };
  const named = new Set((await t.database.db.select().from(eventServices)).map((r) => r.serviceId));
  const enabledOf = async (customerId: number) => {
    const reply = await t.call({
      method: 'GET',
      url: `/api/services?customerid=${customerId}&status=1&limit=1000`,
      as: demo.noc,
    });
    const all = (reply.json().payload.results as ServiceSummary[]).map((s) => s.serviceid);
    return [...all.filter((id) => !named.has(id)), ...all.filter((id) => named.has(id))];
  };
  ung = await enabledOf(ids.ung);
  ebh = await enabledOf(ids.ebh);
  expect(ung.length).toBeGreaterThan(6);
  expect(ebh.length).toBeGreaterThan(2);
  // The last UNG service is disabled for the tests (and used for nothing else).
  disabled = ung.pop()!;
  await t.database.db.update(services).set({ status: 0 }).where(eq(services.serviceId, disabled));
});
afterAll(() => t.close());

describe('listing events', () => {
  // Seven events on UNG services, one for each corner of the views, all titled 'Zview …'.
  const windows = {
    A: { type: 1, starttime: now + 2 * day, endtime: now + 2 * day + 2 * hour, priority: 3 },
    B: { type: 2, starttime: now - hour, endtime: now + hour, priority: 4 },
    C: { type: 3, starttime: now - 3 * hour, endtime: null, priority: 1 },
    D: { type: 3, starttime: now - 3 * day, endtime: now - 2 * day, priority: 1 },
    E: { type: 3, starttime: now - 11 * day, endtime: now - 10 * day, priority: 2 },
    F: { type: 1, starttime: now + 20 * day, endtime: now + 20 * day + hour, priority: 5 },
    G: { type: 1, starttime: now - 30 * day - 2 * hour, endtime: now - 30 * day, priority: 3 },
  } as const;
  type Letter = keyof typeof windows;
  const eventIds = {} as Record<Letter, number>;
  const letters = Object.keys(windows) as Letter[];
  const titlesOf = (page: Page) => page.results.map((e) => e.title.replace('Zview ', ''));

  beforeAll(async () => {
    for (const [index, letter] of letters.entries()) {
      const created = await create({
        ...windows[letter],
        number: 7101 + index,
        title: `Zview ${letter}`,
        services: [ung[index % 3]],
      });
      eventIds[letter] = created.eventid;
    }
  });

  it('answers each view with its events in its default order', async () => {
    const view = async (name: string, as: string = demo.noc) =>
      titlesOf(await list(`/api/events?view=${name}&q=Zview`, as));
    expect(await view('all')).toEqual(['F', 'A', 'B', 'C', 'D', 'E', 'G']);
    expect(await view('scheduled')).toEqual(['B', 'A', 'F']);
    expect(await view('outages')).toEqual(['C', 'D']);
    expect(await view('latest')).toEqual(['A', 'B', 'C', 'D']);
    expect(await view('current')).toEqual(['B', 'C']);
    // The dashboard's current and upcoming events: nothing that has ended (issue 12), soonest first.
    expect(await view('open')).toEqual(['C', 'B', 'A']);
    expect(await view('past')).toEqual(['D', 'E', 'G']);
    // Without a view: all.
    expect(titlesOf(await list('/api/events?q=Zview'))).toEqual(['F', 'A', 'B', 'C', 'D', 'E', 'G']);
    expect((await t.call({ method: 'GET', url: '/api/events?view=soon', as: demo.noc })).statusCode).toBe(
      400,
    );
  });

  it('gives each event its timing, times, counts and revision', async () => {
    const all = await list('/api/events?q=Zview');
    const byTitle = new Map(all.results.map((e) => [e.title, e]));
    const timing = (letter: Letter) => byTitle.get(`Zview ${letter}`)!.timing;
    expect(letters.map(timing)).toEqual([
      'upcoming',
      'current',
      'ongoing',
      'ended',
      'ended',
      'upcoming',
      'ended',
    ]);
    const c = byTitle.get('Zview C')!;
    expect(c).toMatchObject({
      eventid: eventIds.C,
      number: 7103,
      type: 3,
      starttime: windows.C.starttime,
      endtime: null,
      priority: 1,
      slatype: 1,
      initiator: 'Field Services',
      approver: defaultApprover(t.config.provider.name),
      revision: 1,
      servicecount: 1,
      customercount: 1,
    });
    expect(Math.abs(c.createdat - now)).toBeLessThan(120);
    expect(c.updatedat).toBe(c.createdat);
  });

  it('filters by type, text, ticket number and customer', async () => {
    expect(titlesOf(await list('/api/events?q=Zview&type=3'))).toEqual(['C', 'D', 'E']);
    expect(titlesOf(await list('/api/events?q=Zview&type=1&view=scheduled'))).toEqual(['A', 'F']);
    expect(titlesOf(await list('/api/events?q=zVIEW%20c'))).toEqual(['C']);
    expect(titlesOf(await list('/api/events?q=7105'))).toEqual(['E']);
    // Wildcards in the text are matched literally.
    expect((await list('/api/events?q=Zview%25')).count).toBe(0);
    expect((await list(`/api/events?q=Zview&customerid=${ids.ung}`)).count).toBe(7);
    expect((await list(`/api/events?q=Zview&customerid=${ids.ebh}`)).count).toBe(0);
    for (const bad of ['type=4', 'type=x', 'customerid=0', 'limit=0', 'limit=1001', 'offset=-1']) {
      const reply = await t.call({ method: 'GET', url: `/api/events?${bad}`, as: demo.noc });
      expect(reply.statusCode, bad).toBe(400);
    }
  });

  it('sorts by every field both ways', async () => {
    const sorted = async (sort: string) => (await list(`/api/events?q=Zview&sort=${sort}`)).results;
    expect((await sorted('title')).map((e) => e.title)).toEqual(letters.map((l) => `Zview ${l}`));
    expect((await sorted('-title')).map((e) => e.title)).toEqual(letters.map((l) => `Zview ${l}`).reverse());
    expect((await sorted('number')).map((e) => e.number)).toEqual([7101, 7102, 7103, 7104, 7105, 7106, 7107]);
    expect((await sorted('-number')).map((e) => e.number)).toEqual([
      7107, 7106, 7105, 7104, 7103, 7102, 7101,
    ]);
    const starts = (await sorted('starttime')).map((e) => e.starttime);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    // Descending by end: the outage without an end first (PostgreSQL puts nulls first going down).
    const ends = (await sorted('-endtime')).map((e) => e.endtime);
    expect(ends[0]).toBeNull();
    expect(ends.slice(1)).toEqual([...ends.slice(1)].sort((a, b) => b! - a!));
    const ascendingEnds = (await sorted('endtime')).map((e) => e.endtime);
    expect(ascendingEnds.at(-1)).toBeNull();
    for (const field of ['type', 'priority'] as const) {
      const up = (await sorted(field)).map((e) => e[field]);
      expect(up, field).toEqual([...up].sort((a, b) => a - b));
      const down = (await sorted(`-${field}`)).map((e) => e[field]);
      expect(down, field).toEqual([...down].sort((a, b) => b - a));
    }
    // An unknown field keeps the view's own order.
    expect(titlesOf(await list('/api/events?q=Zview&view=past&sort=nonsense'))).toEqual(['D', 'E', 'G']);
  });

  it('pages without overlap and tells the total past the last page', async () => {
    const pages = [];
    for (const offset of [0, 3, 6]) {
      const page = await list(`/api/events?q=Zview&sort=number&limit=3&offset=${offset}`);
      expect(page).toMatchObject({ count: 7, limit: 3, offset });
      pages.push(...page.results.map((e) => e.number));
    }
    expect(pages).toEqual([7101, 7102, 7103, 7104, 7105, 7106, 7107]);
    expect(await list('/api/events?q=Zview&limit=3&offset=30')).toMatchObject({ count: 7, results: [] });
    expect(await list('/api/events?q=Zview&view=current&offset=5')).toMatchObject({ count: 2, results: [] });
    expect(await list('/api/events?q=Zview&limit=3&offset=30', demo.ungAdmin)).toMatchObject({
      count: 7,
      results: [],
    });
  });

  it('lists the events that ended within a range, and refuses a range that ends before it starts', async () => {
    const range = async (start: number, end: number, extra = '') =>
      titlesOf(await list(`/api/events/past/${start}/${end}?q=Zview${extra}`));
    expect(await range(now - 15 * day, now)).toEqual(['D', 'E']);
    expect(await range(now - 365 * day, now)).toEqual(['D', 'E', 'G']);
    expect(await range(now - 365 * day, now, '&sort=endtime')).toEqual(['G', 'E', 'D']);
    expect(await range(now - 365 * day, now, '&type=1')).toEqual(['G']);
    expect(await range(now - 365 * day, now, '&limit=1&offset=1')).toEqual(['E']);
    // Not ended yet, even if its end falls in the range.
    expect(await range(now - day, now + 30 * day)).toEqual([]);
    expect(await range(now - 2 * day, now - 2 * day)).toEqual(['D']);
    // Latest ended first, whenever they started.
    await create({ title: 'Zrange long', starttime: now - 40 * day, endtime: now - day });
    await create({ title: 'Zrange short', starttime: now - 3 * day, endtime: now - 2 * day - hour });
    const ranged = await list(`/api/events/past/${now - 15 * day}/${now}?q=Zrange`);
    expect(ranged.results.map((e) => e.title)).toEqual(['Zrange long', 'Zrange short']);
    const backwards = await t.call({
      method: 'GET',
      url: `/api/events/past/${now}/${now - day}`,
      as: demo.noc,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(eventMessages.rangeInvalid);
    for (const bad of ['abc/1', '1/1e9', '-1/5', '1/99999999999', `${now}.5/${now + 1}`]) {
      const reply = await t.call({ method: 'GET', url: `/api/events/past/${bad}`, as: demo.noc });
      expect(reply.statusCode, bad).toBe(400);
    }
  });

  it("lists one service's events, and 404 for a service out of scope or unknown", async () => {
    const page = await list(`/api/events/${ung[0]}?q=Zview`);
    expect(titlesOf(page)).toEqual(['A', 'D', 'G']);
    expect(titlesOf(await list(`/api/events/${ung[0]!.toLowerCase()}?q=Zview&view=past`))).toEqual([
      'D',
      'G',
    ]);
    expect(titlesOf(await list(`/api/events/${ung[0]}?q=Zview`, demo.ungAdmin))).toEqual(['A', 'D', 'G']);
    for (const [url, as] of [
      [`/api/events/${ung[0]}`, demo.ebhAdmin],
      [`/api/events/${ebh[0]}`, demo.ungUser],
      ['/api/events/ZZZ0001000201B', demo.noc],
    ] as const) {
      const reply = await t.call({ method: 'GET', url, as });
      expect(reply.statusCode, url).toBe(404);
      expect(reply.json().message).toBe(serviceMessages.notFound);
    }
  });

  it('shows a customer only the events that name its services', async () => {
    for (const view of ['all', 'scheduled', 'outages', 'latest', 'current', 'open', 'past']) {
      expect((await list(`/api/events?view=${view}&q=Zview`, demo.ebhAdmin)).count, view).toBe(0);
      expect((await list(`/api/events?view=${view}&q=Zview`, demo.ungUser)).count, view).toBeGreaterThan(0);
    }
    expect((await list('/api/events/past/0/4102444800?q=Zview', demo.ebhAdmin)).count).toBe(0);
    // Every event a customer lists names one of its services.
    const ebhAll = await list('/api/events?limit=1000', demo.ebhAdmin);
    expect(ebhAll.count).toBeGreaterThan(0);
    for (const event of ebhAll.results) {
      const own = await detail(event.eventid, demo.ebhAdmin);
      expect(own.services.length).toBeGreaterThan(0);
      expect(own.services.every((s) => s.customerid === ids.ebh)).toBe(true);
    }
    // Engineering sees everything the NOC sees.
    expect((await list('/api/events?limit=1', demo.eng)).count).toBe(
      (await list('/api/events?limit=1')).count,
    );
    expect((await t.call({ method: 'GET', url: '/api/events', as: demo.tech })).statusCode).toBe(403);
  });

  it('counts scheduled events and current outages in the sidebar, in scope', async () => {
    for (const who of [demo.noc, demo.eng, demo.ungAdmin, demo.ungUser, demo.ebhAdmin]) {
      const counts = await navigationCounts(who);
      expect(counts['events.scheduled'], who).toBe(
        (await list('/api/events?view=scheduled&limit=1', who)).count,
      );
      expect(counts['events.outages'], who).toBe(
        (await list('/api/events?view=current&type=3&limit=1', who)).count,
      );
    }
    const techCounts = await navigationCounts(demo.tech);
    expect(techCounts['events.scheduled']).toBe(0);
    expect(techCounts['events.outages']).toBe(0);

    const before = {
      noc: await navigationCounts(demo.noc),
      ung: await navigationCounts(demo.ungAdmin),
      ebh: await navigationCounts(demo.ebhAdmin),
    };
    await create({ title: 'Counted works', services: [ung[1]] });
    await create({
      title: 'Counted outage',
      type: 3,
      starttime: now - hour,
      endtime: null,
      services: [ung[1], ung[2]],
    });
    const after = {
      noc: await navigationCounts(demo.noc),
      ung: await navigationCounts(demo.ungAdmin),
      ebh: await navigationCounts(demo.ebhAdmin),
    };
    for (const who of ['noc', 'ung'] as const) {
      expect(after[who]['events.scheduled'], who).toBe(before[who]['events.scheduled']! + 1);
      expect(after[who]['events.outages'], who).toBe(before[who]['events.outages']! + 1);
    }
    expect(after.ebh).toEqual(before.ebh);
  });
});

describe('one event', () => {
  let mixed: number;
  let ungOnly: number;

  beforeAll(async () => {
    mixed = (
      await create({
        title: 'Zmix outage across two customers',
        type: 3,
        starttime: now - hour,
        endtime: null,
        priority: 1,
        services: [ung[3], ung[4], ebh[0]],
      })
    ).eventid;
    ungOnly = (await create({ title: 'Zmix UNG only', services: [ung[5]] })).eventid;
  });

  it('answers its services with their condition now, its customers, sites and comments', async () => {
    const event = await detail(mixed);
    expect(event).toMatchObject({
      eventid: mixed,
      title: 'Zmix outage across two customers',
      description: 'Re-splicing the ring.',
      type: 3,
      timing: 'ongoing',
      servicecount: 3,
      customercount: 2,
      comments: [],
    });
    expect(event.services.map((s) => s.serviceid)).toEqual([ung[3], ung[4], ebh[0]].sort());
    for (const service of event.services) {
      const own = (
        await t.call({ method: 'GET', url: `/api/service/${service.serviceid}`, as: demo.noc })
      ).json().payload as ServiceSummary;
      // The outage takes each of them offline.
      expect(service).toEqual({
        serviceid: own.serviceid,
        description: own.description,
        status: own.status,
        customerid: own.customerid,
        customercode: own.customercode,
        aendsiteid: own.aendsiteid,
        aendsitename: own.aendsitename,
        bendsiteid: own.bendsiteid,
        bendsitename: own.bendsitename,
        condition: 3,
      });
    }
    expect(event.customers).toEqual([
      { customerid: ids.ebh, customercode: 'EBH', customername: expect.any(String), servicecount: 1 },
      { customerid: ids.ung, customercode: 'UNG', customername: expect.any(String), servicecount: 2 },
    ]);
    // Every A and B end, once, each with the condition its own page shows.
    const ends = new Set(
      event.services.flatMap((s) => [s.aendsiteid, s.bendsiteid]).filter((id) => id !== null),
    );
    expect(new Set(event.sites.map((s) => s.siteid))).toEqual(ends);
    for (const site of event.sites) {
      const own = (await t.call({ method: 'GET', url: `/api/site/${site.siteid}`, as: demo.noc })).json()
        .payload as Site;
      expect(site).toEqual({
        siteid: own.siteid,
        sitenumber: own.sitenumber,
        sitename: own.sitename,
        customercode: own.customercode,
        condition: own.condition,
      });
    }
    expect(event.sites.some((s) => s.condition > 0)).toBe(true);
    // The NOC sees what became of the notices; nobody else does.
    expect(Array.isArray(event.notifications)).toBe(true);
    expect((await detail(mixed, demo.eng)).notifications).toBeUndefined();
    expect((await detail(mixed, demo.ungAdmin)).notifications).toBeUndefined();
  });

  it("shows a customer only its own part of a shared event, and 404 for another's", async () => {
    const own = await detail(mixed, demo.ungAdmin);
    expect(own.services.map((s) => s.serviceid)).toEqual([ung[3], ung[4]].sort());
    expect(own.customers.map((c) => c.customercode)).toEqual(['UNG']);
    expect(own).toMatchObject({ servicecount: 2, customercount: 1 });
    expect(own.sites.length).toBeGreaterThan(0);
    expect(own.sites.every((s) => s.customercode === 'UNG')).toBe(true);
    const listed = (await list('/api/events?q=Zmix%20outage', demo.ungUser)).results[0]!;
    expect(listed).toMatchObject({ eventid: mixed, servicecount: 2, customercount: 1 });
    const theirs = await detail(mixed, demo.ebhAdmin);
    expect(theirs.services.map((s) => s.serviceid)).toEqual([ebh[0]]);
    expect(theirs.sites.every((s) => s.customercode === 'EBH')).toBe(true);

    for (const as of [demo.ebhAdmin]) {
      const reply = await t.call({ method: 'GET', url: `/api/event/${ungOnly}`, as });
      expect(reply.statusCode).toBe(404);
      expect(reply.json().message).toBe(eventMessages.notFound);
      expect((await list('/api/events?q=Zmix&limit=1000', as)).results.map((e) => e.eventid)).toEqual([
        mixed,
      ]);
    }
    expect((await detail(ungOnly, demo.ungUser)).servicecount).toBe(1);
    expect((await detail(ungOnly, demo.eng)).customers.map((c) => c.customercode)).toEqual(['UNG']);
    for (const url of ['/api/event/999999', '/api/event/abc', '/api/event/0']) {
      const reply = await t.call({ method: 'GET', url, as: demo.noc });
      expect(reply.statusCode, url).toBe(url.endsWith('999999') ? 404 : 400);
    }
  });
});

describe('the API description', () => {
  it('documents every events route with its body and replies', async () => {
    const reply = await t.call({ method: 'GET', url: '/api/openapi.json' });
    expect(reply.statusCode).toBe(200);
    const { paths } = reply.json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(paths['/api/events']!)).toEqual(['get']);
    expect(Object.keys(paths['/api/events/past/{startdate}/{enddate}']!)).toEqual(['get']);
    expect(Object.keys(paths['/api/events/{serviceid}']!)).toEqual(['get']);
    expect(Object.keys(paths['/api/event']!)).toEqual(['post']);
    expect(Object.keys(paths['/api/event/{eventid}']!).sort()).toEqual(['delete', 'get', 'put']);
    expect(Object.keys(paths['/api/event/{eventid}/comment']!)).toEqual(['post']);
    expect(JSON.stringify(paths['/api/event']!.post)).toContain('sendnotification');
  });
});

describe('writing events', () => {
  it('creates an event: stored, announced, audited, with the default approver', async () => {
    const before = await snapshot();
    const reply = await post(
      body({
        number: 7201,
        title: '  Unplanned outage in Eastbrook  ',
        type: 6,
        starttime: now - hour,
        endtime: 0,
        priority: 1,
        slatype: 3,
        services: [ebh[1], ebh[2], ebh[1]],
      }),
    );
    expect(reply.statusCode, reply.body).toBe(201);
    const { payload, message } = reply.json();
    expect(message).toBe(eventMessages.created(payload.eventid));
    expect(payload.customers).toEqual([]);
    expect(payload.event).toMatchObject({
      eventid: payload.eventid,
      number: 7201,
      title: 'Unplanned outage in Eastbrook',
      // 6 is the data layer's 3; an end of 0 is no end.
      type: 3,
      endtime: null,
      priority: 1,
      slatype: 3,
      approver: defaultApprover(t.config.provider.name),
      revision: 1,
      servicecount: 2,
      timing: 'ongoing',
    });
    expect(payload.notifications).toEqual([]);
    const after = await snapshot();
    expect(after).toEqual({
      ...before,
      events: before.events + 1,
      eventServices: before.eventServices + 2,
      changeLog: before.changeLog + 1,
      auditLog: before.auditLog + 1,
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(payload.eventid)));
    expect(audit).toMatchObject({ action: 'event.create', entity: 'event', actorEmail: demo.noc });
    const [stored] = await t.database.db.select().from(events).where(eq(events.eventId, payload.eventid));
    expect(stored).toMatchObject({ requestKey: null, revision: 1 });
    expect(stored!.createdBy).toBeGreaterThan(0);
    // A named approver is kept.
    const named = await create({ approver: 'Jo Bloggs', services: [ebh[1]] });
    expect(named.event!.approver).toBe('Jo Bloggs');
  });

  it('refuses every bad input with its message and writes nothing', async () => {
    const before = await snapshot();
    const { services: _omitted, ...withoutServices } = body();
    const cases: [string, unknown, string, string][] = [
      ['empty body', {}, 'number', eventMessages.fieldsMissing],
      ['no services', withoutServices, 'services', eventMessages.fieldsMissing],
      ['empty services', body({ services: [] }), 'services', eventMessages.fieldsMissing],
      ['empty title', body({ title: '   ' }), 'title', eventMessages.fieldsMissing],
      ['empty initiator', body({ initiator: '' }), 'initiator', eventMessages.fieldsMissing],
      ['no type', body({ type: undefined }), 'type', eventMessages.fieldsMissing],
      ['type 7', body({ type: 7 }), 'type', eventMessages.fieldsMissing],
      ['ticket 0', body({ number: 0 }), 'number', eventMessages.fieldsMissing],
      ['ticket 1,000,000,000', body({ number: 1_000_000_000 }), 'number', eventMessages.ticketRange],
      ['ticket -1', body({ number: -1 }), 'number', eventMessages.ticketRange],
      ['no start', body({ starttime: undefined }), 'starttime', eventMessages.dates],
      ['start in ms', body({ starttime: now * 1000 }), 'starttime', eventMessages.dates],
      ['works without end', body({ endtime: null }), 'endtime', eventMessages.dates],
      ['end before start', body({ endtime: now + day }), 'endtime', eventMessages.dates],
      [
        'outage end before start',
        body({ type: 3, starttime: now, endtime: now - hour }),
        'endtime',
        eventMessages.dates,
      ],
      ['brackets in title', body({ title: 'Works [core]' }), 'title', eventMessages.brackets],
      ['brackets in description', body({ description: 'a ] b' }), 'description', eventMessages.brackets],
      ['[SUBURB] left in', body({ title: 'Works in [SUBURB]' }), 'title', eventMessages.suburbTemplate],
      [
        '[SUBURB] in description',
        body({ description: 'Works in [SUBURB] today' }),
        'description',
        eventMessages.suburbTemplate,
      ],
      ['priority 6', body({ priority: 6 }), 'priority', 'Priority must be 1 to 5'],
    ];
    for (const [label, payload, path, message] of cases) {
      for (const preflight of [false, true]) {
        const reply = await post({ ...(payload as object), preflight });
        expect(reply.statusCode, label).toBe(400);
        expect(reply.json().payload.errors, label).toContainEqual({ path, message });
      }
    }
    // The message is the domain's as people read it, without the field's name in front; the field is
    // in payload.errors.
    const empty = await post({});
    expect(empty.json().message).toBe(eventMessages.fieldsMissing);
    const unknownField = await post({ ...body(), surprise: true });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().payload.errors[0].message).toMatch(/surprise/);

    // Services are looked up: the first unknown or disabled one is the message.
    const missing = await post(body({ services: [ung[0], 'UNG9999999999B', disabled] }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(eventMessages.serviceMissing('UNG9999999999B'));
    expect(missing.json().payload.errors).toEqual([
      { path: 'services', message: eventMessages.serviceMissing('UNG9999999999B') },
      { path: 'services', message: eventMessages.serviceDisabled(disabled) },
    ]);
    for (const preflight of [false, true]) {
      const off = await post(body({ services: [disabled, ung[0]], preflight }));
      expect(off.statusCode).toBe(400);
      expect(off.json().message).toBe(eventMessages.serviceDisabled(disabled));
    }
    for (const key of ['k'.repeat(101), '   ']) {
      const badKey = await post(body(), demo.noc, { 'idempotency-key': key });
      expect(badKey.statusCode, key).toBe(400);
      expect(badKey.json().payload.errors[0].path).toBe('idempotency-key');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers a preflight without writing anything', async () => {
    const before = await snapshot();
    const reply = await post(body({ preflight: true, sendnotification: true, services: [ung[0], ebh[0]] }));
    expect(reply.statusCode, reply.body).toBe(200);
    const { payload } = reply.json();
    expect(Array.isArray(payload.customers)).toBe(true);
    expect(payload.eventid).toBeUndefined();
    expect(payload.event).toBeUndefined();
    for (const customer of payload.customers) expect(['UNG', 'EBH']).toContain(customer.code);
    // Also with a request key: the real request may use it afterwards.
    const keyed = await post(body({ preflight: true }), demo.noc, { 'idempotency-key': 'preflight-key' });
    expect(keyed.statusCode).toBe(200);
    expect(await snapshot()).toEqual(before);
    const real = await post(body({ number: 7202 }), demo.noc, { 'idempotency-key': 'preflight-key' });
    expect(real.statusCode).toBe(201);
  });

  it('answers a retried request with the first event and makes nothing twice', async () => {
    const key = 'retry-0f5c2a';
    const first = await post(body({ number: 7203, sendnotification: true }), demo.noc, {
      'idempotency-key': key,
    });
    expect(first.statusCode, first.body).toBe(201);
    const afterFirst = await snapshot();
    // The retry may even differ: the key names the first request's event.
    const retry = await post(
      body({ number: 7203, title: 'Changed my mind', sendnotification: true }),
      demo.noc,
      {
        'idempotency-key': key,
      },
    );
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().payload.eventid).toBe(first.json().payload.eventid);
    expect(retry.json().payload.event.title).toBe(first.json().payload.event.title);
    expect(retry.json().message).toBe(eventMessages.created(first.json().payload.eventid));
    expect(await snapshot()).toEqual(afterFirst);
    // Two at once: one event.
    const racing = await Promise.all(
      [0, 1, 2].map(() => post(body({ number: 7204 }), demo.noc, { 'idempotency-key': 'race-1' })),
    );
    const ids = new Set(racing.map((r) => r.json().payload.eventid));
    expect(ids.size).toBe(1);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect((await list('/api/events?q=7204')).count).toBe(1);
  });

  it('sends the notices the preflight showed, once for each revision', async () => {
    const payload = body({
      number: 7701,
      title: 'Unplanned outage across the ring',
      type: 3,
      starttime: now - hour,
      endtime: null,
      priority: 1,
      services: [ung[0], ebh[0]],
      sendnotification: true,
    });
    const preflight = await post({ ...payload, preflight: true });
    const planned = preflight.json().payload.customers as PreflightCustomer[];
    expect(planned.map((c) => c.code)).toEqual(['EBH', 'UNG']);
    const plannedTickets = planned.reduce((n, c) => n + c.tickets.length, 0);
    expect(plannedTickets).toBeGreaterThan(0);

    const before = await snapshot();
    const created = await post(payload, demo.noc, { 'idempotency-key': 'send-7701' });
    expect(created.statusCode, created.body).toBe(201);
    const reply = created.json().payload as EventWriteReply & { eventid: number };
    // Exactly what the preflight showed is what was queued and sent, after the commit.
    expect(reply.customers).toEqual(planned);
    expect(reply.notifications!.map((n) => [n.code, n.revision, n.status])).toEqual([
      ['EBH', 1, 'sent'],
      ['UNG', 1, 'sent'],
    ]);
    expect(reply.event!.notifications).toEqual(reply.notifications);
    const afterCreate = await snapshot();
    expect(afterCreate).toMatchObject({
      events: before.events + 1,
      eventNotifications: before.eventNotifications + 2,
      tickets: before.tickets + plannedTickets,
    });
    // A retry sends nothing again.
    const retry = await post(payload, demo.noc, { 'idempotency-key': 'send-7701' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().payload.notifications).toEqual(reply.notifications);
    // ...and answers the plan the first request sent, not an empty one.
    expect(retry.json().payload.customers).toEqual(planned);
    // Each notice's ticket links back to the event, for the NOC and for the customer.
    const ungNotice = reply.notifications!.find((n) => n.code === 'UNG')!;
    for (const who of [demo.noc, demo.ungAdmin]) {
      const ticket = await t.call({ method: 'GET', url: `/api/ticket/${ungNotice.ticketid}`, as: who });
      expect(ticket.statusCode, ticket.body.slice(0, 200)).toBe(200);
      expect(ticket.json().payload.eventid).toBe(reply.eventid);
    }
    expect(await snapshot()).toEqual(afterCreate);

    // An update that tells the customers again: notices of revision 2, on the tickets already open.
    const update = await t.call({
      method: 'PUT',
      url: `/api/event/${reply.eventid}`,
      as: demo.noc,
      payload: { ...payload, endtime: now, updateexisting: true },
    });
    expect(update.statusCode, update.body).toBe(200);
    const updated = update.json().payload as EventWriteReply;
    expect(updated.customers.flatMap((c) => c.tickets.map((k) => k.ticketid))).toEqual(
      reply.notifications!.map((n) => n.ticketid),
    );
    expect(updated.notifications!.filter((n) => n.revision === 2).map((n) => n.status)).toEqual([
      'sent',
      'sent',
    ]);
    const afterUpdate = await snapshot();
    expect(afterUpdate).toMatchObject({
      eventNotifications: afterCreate.eventNotifications + 2,
      tickets: afterCreate.tickets,
    });
    // Without sendnotification nobody hears of an update.
    const quiet = await t.call({
      method: 'PUT',
      url: `/api/event/${reply.eventid}`,
      as: demo.noc,
      payload: { ...payload, sendnotification: false },
    });
    expect(quiet.json().payload.customers).toEqual([]);
    expect((await snapshot()).eventNotifications).toBe(afterUpdate.eventNotifications);
  });

  it('updates an event: a new revision with the services sent, announced and audited', async () => {
    const created = await create({ number: 7301, services: [ung[0], ung[1]] });
    const eventid = created.eventid;
    const before = await snapshot();
    const reply = await t.call({
      method: 'PUT',
      url: `/api/event/${eventid}`,
      as: demo.noc,
      payload: body({
        number: 7301,
        title: 'Works moved by a day',
        starttime: now + 3 * day,
        endtime: now + 3 * day + hour,
        type: 5,
        approver: 'Duty manager',
        services: [ung[1], ebh[0]],
      }),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().message).toBe(eventMessages.updated);
    const event = reply.json().payload.event as EventDetail;
    expect(event).toMatchObject({
      eventid,
      title: 'Works moved by a day',
      type: 2,
      starttime: now + 3 * day,
      approver: 'Duty manager',
      revision: 2,
      servicecount: 2,
      customercount: 2,
    });
    expect(event.updatedat).toBeGreaterThanOrEqual(event.createdat);
    expect(event.services.map((s) => s.serviceid).sort()).toEqual([ung[1], ebh[0]].sort());
    expect(await snapshot()).toEqual({
      ...before,
      changeLog: before.changeLog + 1,
      auditLog: before.auditLog + 1,
    });
    const stored = await t.database.db.select().from(eventServices).where(eq(eventServices.eventId, eventid));
    expect(stored.map((r) => r.serviceId).sort()).toEqual([ung[1], ebh[0]].sort());
    // Now EBH sees it; a second update is revision 3.
    expect((await detail(eventid, demo.ebhAdmin)).revision).toBe(2);
    const again = await t.call({
      method: 'PUT',
      url: `/api/event/${eventid}`,
      as: demo.noc,
      payload: body({ number: 7301, services: [ung[1]] }),
    });
    expect(again.json().payload.event.revision).toBe(3);
    expect(
      (await t.call({ method: 'GET', url: `/api/event/${eventid}`, as: demo.ebhAdmin })).statusCode,
    ).toBe(404);

    // A preflight of an update and a refused update change nothing.
    const untouched = await snapshot();
    const preflight = await t.call({
      method: 'PUT',
      url: `/api/event/${eventid}`,
      as: demo.noc,
      payload: body({ number: 7301, preflight: true, sendnotification: true, services: [ebh[1]] }),
    });
    expect(preflight.statusCode).toBe(200);
    expect(preflight.json().payload.event).toBeUndefined();
    for (const payload of [
      body({ number: 1_000_000_000 }),
      body({ services: ['UNG9999999999B'] }),
      body({ services: [disabled] }),
      { ...body(), extra: 1 },
    ]) {
      const refused = await t.call({ method: 'PUT', url: `/api/event/${eventid}`, as: demo.noc, payload });
      expect(refused.statusCode).toBe(400);
    }
    expect(await snapshot()).toEqual(untouched);
    expect((await detail(eventid)).revision).toBe(3);
    const unknown = await t.call({ method: 'PUT', url: '/api/event/999999', as: demo.noc, payload: body() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(eventMessages.notFound);

    // A retried update with the same Idempotency-Key makes no new revision and notifies nobody again.
    const retried = { ...body({ number: 7301, services: [ung[1]], sendnotification: true }) };
    const headers = { 'idempotency-key': 'edit-session-7301' };
    const first = await t.call({
      method: 'PUT',
      url: `/api/event/${eventid}`,
      as: demo.noc,
      payload: retried,
      headers,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().payload.event.revision).toBe(4);
    const afterFirst = await snapshot();
    const second = await t.call({
      method: 'PUT',
      url: `/api/event/${eventid}`,
      as: demo.noc,
      payload: retried,
      headers,
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().payload.event.revision).toBe(4);
    expect(await snapshot()).toEqual(afterFirst);
    // The retry answers the plan its revision queued.
    const firstPlan = first.json().payload.customers as PreflightCustomer[];
    expect(firstPlan.map((c) => c.code)).toEqual(['UNG']);
    expect(second.json().payload.customers).toEqual(firstPlan);
    // Another edit in between (without a key) does not turn a late retry into a new revision.
    const between = await t.call({
      method: 'PUT',
      url: `/api/event/${eventid}`,
      as: demo.noc,
      payload: { ...retried, sendnotification: false, title: 'Edited in between' },
    });
    expect(between.json().payload.event.revision).toBe(5);
    const afterBetween = await snapshot();
    const late = await t.call({
      method: 'PUT',
      url: `/api/event/${eventid}`,
      as: demo.noc,
      payload: retried,
      headers,
    });
    expect(late.statusCode).toBe(200);
    expect(late.json().payload.event.revision).toBe(5);
    expect(late.json().payload.customers).toEqual(firstPlan);
    expect(await snapshot()).toEqual(afterBetween);
    // The key of another event's update is refused rather than read as a retry of this one.
    const other = await t.call({
      method: 'POST',
      url: '/api/event',
      as: demo.noc,
      payload: body({ number: 7302 }),
      headers: { 'idempotency-key': 'create-session-7302' },
    });
    expect(other.statusCode).toBe(201);
    const clash = await t.call({
      method: 'PUT',
      url: `/api/event/${eventid}`,
      as: demo.noc,
      payload: retried,
      headers: { 'idempotency-key': 'create-session-7302' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(eventMessages.requestKeyReused);
  });

  it('deletes an event with its services and comments', async () => {
    const { eventid } = await create({ number: 7401 });
    await t.call({
      method: 'POST',
      url: `/api/event/${eventid}/comment`,
      as: demo.noc,
      payload: { comment: 'x' },
    });
    const before = await snapshot();
    const reply = await t.call({ method: 'DELETE', url: `/api/event/${eventid}`, as: demo.noc });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ result: 'Success', message: eventMessages.deleted });
    expect(await snapshot()).toEqual({
      ...before,
      events: before.events - 1,
      eventServices: before.eventServices - 1,
      eventComments: before.eventComments - 1,
      changeLog: before.changeLog + 1,
      auditLog: before.auditLog + 1,
    });
    expect((await t.call({ method: 'GET', url: `/api/event/${eventid}`, as: demo.noc })).statusCode).toBe(
      404,
    );
    const twice = await t.call({ method: 'DELETE', url: `/api/event/${eventid}`, as: demo.noc });
    expect(twice.statusCode).toBe(404);
  });

  it('adds comments from the NOC and engineering', async () => {
    const { eventid } = await create({ number: 7501 });
    const before = await snapshot();
    const reply = await t.call({
      method: 'POST',
      url: `/api/event/${eventid}/comment`,
      as: demo.noc,
      payload: { comment: '  Crew on site.  ' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().message).toBe(eventMessages.commentAdded);
    const { comment } = reply.json().payload;
    expect(comment).toMatchObject({ body: 'Crew on site.', author: expect.any(String) });
    expect(Math.abs(comment.createdat - now)).toBeLessThan(120);
    const fromEng = await t.call({
      method: 'POST',
      url: `/api/event/${eventid}/comment`,
      as: demo.eng,
      payload: { comment: 'Splice done.' },
    });
    expect(fromEng.statusCode).toBe(201);
    expect(await snapshot()).toEqual({
      ...before,
      eventComments: before.eventComments + 2,
      changeLog: before.changeLog + 2,
      auditLog: before.auditLog + 2,
    });
    const seen = await detail(eventid, demo.ungUser);
    expect(seen.comments.map((c) => c.body)).toEqual(['Crew on site.', 'Splice done.']);
    expect(seen.comments[0]).toEqual(comment);

    const unchanged = await snapshot();
    for (const payload of [{}, { comment: '   ' }, { comment: 'x', extra: 1 }]) {
      const bad = await t.call({
        method: 'POST',
        url: `/api/event/${eventid}/comment`,
        as: demo.noc,
        payload,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const empty = await t.call({
      method: 'POST',
      url: `/api/event/${eventid}/comment`,
      as: demo.noc,
      payload: { comment: '' },
    });
    expect(empty.json().payload.errors).toContainEqual({
      path: 'comment',
      message: eventMessages.commentMissing,
    });
    const unknown = await t.call({
      method: 'POST',
      url: '/api/event/999999/comment',
      as: demo.noc,
      payload: { comment: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(await snapshot()).toEqual(unchanged);
  });

  it('lets only the NOC manage events, and the NOC and engineering comment', async () => {
    const { eventid } = await create({ number: 7601 });
    const before = await snapshot();
    for (const as of [demo.tech, demo.eng, demo.ungAdmin, demo.ungUser, demo.ebhAdmin]) {
      const attempts = [
        await post(body(), as),
        await post(body({ preflight: true }), as),
        await t.call({ method: 'PUT', url: `/api/event/${eventid}`, as, payload: body() }),
        await t.call({ method: 'DELETE', url: `/api/event/${eventid}`, as }),
      ];
      for (const reply of attempts) expect(reply.statusCode, as).toBe(403);
      const comment = await t.call({
        method: 'POST',
        url: `/api/event/${eventid}/comment`,
        as,
        payload: { comment: 'hello' },
      });
      expect(comment.statusCode, as).toBe(as === demo.eng ? 201 : 403);
    }
    const after = await snapshot();
    expect(after).toEqual({
      ...before,
      eventComments: before.eventComments + 1,
      changeLog: before.changeLog + 1,
      auditLog: before.auditLog + 1,
    });
  });
});

// docs/decisions/053: the NOC's list of every event (and of one type) reads its total from
// event_type_totals, kept by triggers on events; any write, however made, must leave it exact.
describe('the kept number of events per type', () => {
  async function expectTotalsExact(when: string) {
    const fresh = await t.database.db
      .select({ type: events.type, n: sql<number>`count(*)::int` })
      .from(events)
      .groupBy(events.type);
    const byType = new Map(fresh.map((r) => [r.type, r.n]));
    const all = fresh.reduce((sum, r) => sum + r.n, 0);
    expect((await list('/api/events?limit=1')).count, when).toBe(all);
    for (const type of [1, 2, 3])
      expect((await list(`/api/events?type=${type}&limit=1`)).count, `${when}, type ${type}`).toBe(
        byType.get(type) ?? 0,
      );
    // Past the last page the total is counted afresh, and agrees.
    expect((await list(`/api/events?type=1&offset=${all + 5}`)).count, when).toBe(byType.get(1) ?? 0);
  }

  const row = (number: number, type: number) => ({
    number,
    title: `Kept total ${number}`,
    description: '',
    type,
    startTime: new Date((now - day) * 1000),
    initiator: 'NOC',
    approver: 'NOC Manager',
  });

  it('stays exact through inserts, type changes, deletes, a rollback and a truncate', async () => {
    const { db } = t.database;
    await expectTotalsExact('as seeded');
    // Several rows of two types in one statement.
    const added = await db
      .insert(events)
      .values([row(7801, 1), row(7802, 1), row(7803, 3)])
      .returning({ eventId: events.eventId });
    await expectTotalsExact('after an insert of three');
    // A type change moves one; a change of anything else moves none.
    await db.update(events).set({ type: 2 }).where(eq(events.eventId, added[0]!.eventId));
    await db.update(events).set({ title: 'Kept total renamed' }).where(eq(events.eventId, added[1]!.eventId));
    await expectTotalsExact('after a type change');
    // A write rolled back changes nothing.
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(events).values([row(7804, 3), row(7805, 3)]);
        await tx.update(events).set({ type: 1 }).where(eq(events.eventId, added[2]!.eventId));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectTotalsExact('after a rolled-back write');
    // Through the API: created, then deleted.
    const created = await create({ number: 7806, type: 3, starttime: now + day, endtime: now + day + hour });
    await expectTotalsExact('after an event created through the API');
    const gone = await t.call({ method: 'DELETE', url: `/api/event/${created.eventid}`, as: demo.noc });
    expect(gone.statusCode, gone.body.slice(0, 300)).toBe(200);
    await db.delete(events).where(eq(events.eventId, added[1]!.eventId));
    await expectTotalsExact('after two deletes');
    // A truncate empties the totals with the table (in a transaction rolled back, so later tests
    // keep their events).
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`truncate events cascade`);
        const [kept] = rowsOf<{ n: number }>(
          await tx.execute(sql`select coalesce(sum(events), 0)::int as n from event_type_totals`),
        );
        expect(kept!.n).toBe(0);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectTotalsExact('after a rolled-back truncate');
  });
});
