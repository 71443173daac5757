import { type ListPage, listCountWindow } from '@lightpath/domain/api';
import {
  buildServiceId,
  type Service,
  type ServiceSummary,
  serviceGroupNames,
  serviceGroups,
  serviceMessages,
} from '@lightpath/domain/services';
import type { Site } from '@lightpath/domain/sites';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventServices, events, servicePatching, services } from '../../db/schema/inventory';
import { rowsOf } from '../../db/statements';
import { buildTestApp, demo, type TestApp } from '../../test/helper';

let t: TestApp;
let ids: { ung: number; ebh: number; mrn: number };
let ungSite: Site;
let ungOtherSite: Site;
let ebhSite: Site;
let pop: Site;

type Page = ListPage<ServiceSummary>;

async function list(url: string, as: string = demo.noc): Promise<Page> {
  const reply = await t.call({ method: 'GET', url, as });
  expect(reply.statusCode, `${url}: ${reply.body.slice(0, 200)}`).toBe(200);
  return reply.json().payload;
}

async function serviceCount(where?: SQL) {
  const rows = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(services).where(where);
  return rows[0]!.n;
}

const digits = (site: Site) => site.sitenumber.slice(1);

// A service id not used yet: the highest sequence between the two sites.
function freshId(a: Site, b: Site, letter = 'B', code = 'UNG') {
  return buildServiceId({ code, asite: a.sitenumber, bsite: b.sitenumber, sequence: 97, letter });
}

const newService = (overrides: Record<string, unknown> = {}) => ({
  serviceid: freshId(ungSite, pop),
  customerid: ids.ung,
  aendsiteid: ungSite.siteid,
  bendsiteid: pop.siteid,
  description: 'Managed 1G: Observatory uplink',
  speed: '1G',
  diversity: 'Primary',
  status: 1,
  provisiondate: '2026-03-01',
  patching: { aendpanel: 'ODF-01', aendconnector: 'LC', vlan: 120, insertionlossa: 1.5 },
  ...overrides,
});

beforeAll(async () => {
  t = await buildTestApp();
  const customers = await t.call({ method: 'GET', url: '/api/customers?limit=1000', as: demo.noc });
  const byCode = new Map<string, number>(
    customers.json().payload.results.map((c: { code: string; customerid: number }) => [c.code, c.customerid]),
  );
  ids = { ung: byCode.get('UNG')!, ebh: byCode.get('EBH')!, mrn: byCode.get('MRN')! };
  const sitesOf = async (customerId: number, sitetype: number) => {
    const reply = await t.call({
      method: 'GET',
      url: `/api/sites?customerid=${customerId}&sitetype=${sitetype}&status=1&sort=sitenumber`,
      as: demo.noc,
    });
    return reply.json().payload.results as Site[];
  };
  [ungSite, ungOtherSite] = (await sitesOf(ids.ung, 1)) as [Site, Site];
  [ebhSite] = (await sitesOf(ids.ebh, 1)) as [Site];
  [pop] = (await sitesOf(ids.mrn, 1)) as [Site];
});
afterAll(() => t.close());

describe('listing services', () => {
  it('shows the NOC every service in use and a customer only its own', async () => {
    const all = await list('/api/services?limit=1000');
    expect(all.count).toBe(await serviceCount(ne(services.status, 0)));
    expect(all.results.every((s) => s.status !== 0)).toBe(true);
    expect(new Set(all.results.map((s) => s.customercode)).size).toBeGreaterThan(3);
    for (const who of [demo.ungAdmin, demo.ungUser]) {
      const own = await list('/api/services?limit=1000', who);
      expect(own.count).toBe(
        await serviceCount(and(eq(services.customerId, ids.ung), ne(services.status, 0))),
      );
      expect(own.results.every((s) => s.customercode === 'UNG' && s.customerid === ids.ung)).toBe(true);
      expect(await list(`/api/services?customerid=${ids.ebh}`, who)).toMatchObject({ count: 0, results: [] });
      expect(await list(`/api/services?siteid=${ebhSite.siteid}`, who)).toMatchObject({ count: 0 });
    }
    // B ends at the provider's PoPs are named, though the customer cannot open the PoP itself.
    const own = await list('/api/services?limit=1000', demo.ungUser);
    expect(own.results.some((s) => s.bendsitename?.endsWith('PoP'))).toBe(true);
    expect((await t.call({ method: 'GET', url: '/api/services', as: demo.tech })).statusCode).toBe(403);
  });

  it('filters by status, group, type, customer, sites, condition and text', async () => {
    const deprovisioned = await list('/api/services?status=0&limit=1000');
    expect(deprovisioned.count).toBe(await serviceCount(eq(services.status, 0)));
    expect(deprovisioned.count).toBeGreaterThan(0);
    expect(deprovisioned.results.every((s) => s.status === 0)).toBe(true);
    const planning = await list('/api/services?status=2&limit=1000');
    expect(planning.results.every((s) => s.status === 2)).toBe(true);

    let grouped = 0;
    for (const group of serviceGroupNames) {
      const page = await list(`/api/services?group=${group}&limit=1000`);
      const letters: readonly string[] = serviceGroups[group].letters;
      expect(
        page.results.every((s) => letters.includes(s.type)),
        group,
      ).toBe(true);
      grouped += page.count;
    }
    // Every letter belongs to one group.
    expect(grouped).toBe((await list('/api/services?limit=1')).count);
    const typeB = await list('/api/services?type=b&limit=1000');
    expect(typeB.count).toBeGreaterThan(0);
    expect(typeB.results.every((s) => s.type === 'B' && s.serviceid.endsWith('B'))).toBe(true);

    const ebh = await list(`/api/services?customerid=${ids.ebh}&limit=1000`);
    expect(ebh.results.every((s) => s.customercode === 'EBH')).toBe(true);
    const atSite = await list(`/api/services?siteid=${pop.siteid}&limit=1000`);
    expect(atSite.count).toBeGreaterThan(0);
    expect(atSite.results.every((s) => s.aendsiteid === pop.siteid || s.bendsiteid === pop.siteid)).toBe(
      true,
    );
    const aEnd = await list(`/api/services?aendsiteid=${ungSite.siteid}&limit=1000`);
    expect(aEnd.count).toBeGreaterThan(0);
    expect(aEnd.results.every((s) => s.aendsiteid === ungSite.siteid)).toBe(true);
    const bEnd = await list(`/api/services?bendsiteid=${pop.siteid}&limit=1000`);
    expect(bEnd.count).toBe(atSite.count);

    // The demo's ongoing UNG outage.
    let byCondition = 0;
    for (const condition of [0, 1, 2, 3]) {
      const page = await list(`/api/services?condition=${condition}&limit=1000`);
      expect(
        page.results.every((s) => s.condition === condition),
        String(condition),
      ).toBe(true);
      byCondition += page.count;
    }
    expect(byCondition).toBe((await list('/api/services?limit=1')).count);
    const offline = await list('/api/services?condition=3', demo.ungUser);
    expect(offline.count).toBeGreaterThan(0);
    expect((await list('/api/services?condition=1', demo.ebhAdmin)).count).toBeGreaterThan(0);

    const text = await list('/api/services?q=managed%201g&limit=1000');
    expect(text.count).toBeGreaterThan(0);
    expect(text.results.every((s) => s.description.toLowerCase().includes('managed 1g'))).toBe(true);
    const byId = await list(`/api/services?q=${typeB.results[0]!.serviceid.toLowerCase()}`);
    expect(byId.results.map((s) => s.serviceid)).toContain(typeB.results[0]!.serviceid);
    expect((await list('/api/services?q=_')).count).toBe(0);

    for (const bad of [
      'status=5',
      'status=',
      'condition=9',
      'type=1',
      'type=Y',
      'group=other',
      'siteid=x',
      'limit=0',
    ]) {
      const reply = await t.call({ method: 'GET', url: `/api/services?${bad}`, as: demo.noc });
      expect(reply.statusCode, bad).toBe(400);
    }
  });

  it('filters text on the kept lower-cased text exactly as ILIKE on the id or description, and sees a change at once', async () => {
    // What ILIKE on the two columns answers, straight from the table.
    const truth = async (q: string, customerId?: number) => {
      const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await t.database.db
        .select({ id: services.serviceId })
        .from(services)
        .where(
          and(
            sql`${services.status} in (1, 2)`,
            sql`(${services.serviceId} ilike ${pattern} or ${services.description} ilike ${pattern})`,
            customerId === undefined ? undefined : eq(services.customerId, customerId),
          ),
        );
      return rows.map((r) => r.id).sort();
    };
    const [first] = (await list('/api/services?sort=serviceid&limit=1')).results;
    const idTail = first!.serviceid.slice(-3);
    const descriptionHead = first!.description.slice(0, 3);
    for (const q of ['MANAGED 1g', 'campus', first!.serviceid.slice(3, 9).toLowerCase(), 'to', '%', idTail]) {
      for (const [who, customerId] of [
        [demo.noc, undefined],
        [demo.ungUser, ids.ung],
      ] as const) {
        const expected = await truth(q, customerId);
        for (const sort of ['', '&sort=-condition', '&sort=customercode', '&sort=-provisiondate']) {
          const page = await list(`/api/services?q=${encodeURIComponent(q)}&limit=1000${sort}`, who);
          expect(page.count, `${q} ${who} ${sort}`).toBe(expected.length);
          expect(page.countexact, `${q} ${who} ${sort}`).toBe(true);
          expect(page.results.map((s) => s.serviceid).sort(), `${q} ${who} ${sort}`).toEqual(expected);
        }
      }
    }
    // The id's end and the description's start side by side are no match: the kept text separates them.
    const across = `${idTail}${descriptionHead}`.toLowerCase();
    expect((await list(`/api/services?q=${encodeURIComponent(across)}&limit=1000`)).count).toBe(
      (await truth(across)).length,
    );
    // Pages of a text filter under the condition sort are slices of one order.
    const all = (await list('/api/services?q=managed&sort=-condition&limit=1000')).results;
    const paged = [
      ...(await list('/api/services?q=managed&sort=-condition&limit=5')).results,
      ...(await list('/api/services?q=managed&sort=-condition&limit=5&offset=5')).results,
    ];
    expect(paged.map((s) => s.serviceid)).toEqual(all.slice(0, 10).map((s) => s.serviceid));

    // A description changed is found by its new words at once, and no longer by the old ones.
    const reply = await t.call({
      method: 'PUT',
      url: `/api/service/${first!.serviceid}`,
      as: demo.noc,
      payload: { description: 'Quokka Observatory uplink' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await list('/api/services?q=QUOKKA')).results.map((s) => s.serviceid)).toEqual([
      first!.serviceid,
    ]);
    expect(await truth('quokka')).toEqual([first!.serviceid]);
  });

  it('counts a text filter within the window past the page: a lower bound beyond it, exact from deeper pages', async () => {
    const [model] = (await list('/api/services?sort=serviceid&limit=1')).results;
    const copies = listCountWindow + 150;
    // Copies of one service under ids no demo service has, each described with a word no other holds.
    await t.database.db.execute(sql`insert into services (service_id, type_letter, description, status, customer_id,
        a_end_site_id, b_end_site_id, provision_date)
      select 'WIN' || lpad(g::text, 6, '0'), s.type_letter, 'Wombatwindow uplink ' || g, 1, s.customer_id,
        s.a_end_site_id, s.b_end_site_id, s.provision_date
      from services s, generate_series(1, ${copies}) g where s.service_id = ${model!.serviceid}`);
    try {
      const first = await list('/api/services?q=wombatwindow&limit=10');
      expect(first.count).toBe(listCountWindow + 1);
      expect(first.countexact).toBe(false);
      expect(first.results).toHaveLength(10);
      // From a page past the window's first reach the rest is inside the window: exact again.
      const deep = await list('/api/services?q=wombatwindow&limit=10&offset=1000');
      expect(deep.count).toBe(copies);
      expect(deep.countexact).toBe(true);
      expect(deep.results).toHaveLength(10);
      // Past the last page the count is still told, within the window of that offset.
      const past = await list(`/api/services?q=wombatwindow&limit=10&offset=${copies + 10}`);
      expect([past.count, past.countexact, past.results.length]).toEqual([copies, true, 0]);
      // A list counted from the kept totals or in full says nothing about a window.
      const unfiltered = await list('/api/services?limit=10');
      expect(unfiltered.count).toBe(await serviceCount(sql`${services.status} in (1, 2)`));
      expect(unfiltered.countexact).toBeUndefined();
      expect((await list('/api/services?sort=-condition&limit=10')).countexact).toBeUndefined();
    } finally {
      await t.database.db.delete(services).where(sql`${services.serviceId} like 'WIN%'`);
    }
  });

  it('sorts by condition as of the read: an outage starting and ending with no write moves a service', async () => {
    const worstFirst = async () => (await list('/api/services?sort=-condition&limit=1000')).results;
    const inOrder = (rows: ServiceSummary[]) =>
      rows.every(
        (s, i) =>
          i === 0 ||
          rows[i - 1]!.condition > s.condition ||
          (rows[i - 1]!.condition === s.condition && rows[i - 1]!.serviceid > s.serviceid),
      );
    const before = await worstFirst();
    // The last of the list: nothing affects it, and it has the lowest id of those.
    const quiet = before.at(-1)!;
    expect(quiet.condition).toBe(0);
    const startsAt = Date.now() + 1500;
    const [outage] = await t.database.db
      .insert(events)
      .values({
        number: 99_001,
        title: 'Test outage',
        description: 'starts and ends while the test reads',
        type: 3,
        startTime: new Date(startsAt),
        endTime: new Date(startsAt + 1500),
        initiator: 'NOC',
        approver: 'NOC',
      })
      .returning();
    await t.database.db
      .insert(eventServices)
      .values({ eventId: outage!.eventId, serviceId: quiet.serviceid });
    const conditionOf = (rows: ServiceSummary[]) =>
      rows.find((s) => s.serviceid === quiet.serviceid)!.condition;
    const waitUntil = (at: number) =>
      new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
    try {
      expect(conditionOf(await worstFirst())).toBe(0);
      await waitUntil(startsAt + 100);
      const during = await worstFirst();
      expect(conditionOf(during)).toBe(3);
      expect(during.findIndex((s) => s.serviceid === quiet.serviceid)).toBeLessThan(
        during.findIndex((s) => s.condition < 3),
      );
      expect(inOrder(during)).toBe(true);
      await waitUntil(startsAt + 1600);
      const after = await worstFirst();
      expect(conditionOf(after)).toBe(0);
      expect(after.at(-1)!.serviceid).toBe(quiet.serviceid);
      expect(inOrder(after)).toBe(true);
    } finally {
      await t.database.db.delete(eventServices).where(eq(eventServices.eventId, outage!.eventId));
      await t.database.db.delete(events).where(eq(events.eventId, outage!.eventId));
    }
  });

  it('sorts by every field both ways and pages without overlap', async () => {
    for (const field of [
      'serviceid',
      'description',
      'customercode',
      'aendsitename',
      'speed',
      'provisiondate',
      'condition',
    ]) {
      const up = (await list(`/api/services?sort=${field}&limit=1000`)).results.map((s) => s.serviceid);
      const down = (await list(`/api/services?sort=-${field}&limit=1000`)).results.map((s) => s.serviceid);
      expect(down, field).toEqual([...up].reverse());
      const first = (await list(`/api/services?sort=${field}&limit=9`)).results.map((s) => s.serviceid);
      const second = (await list(`/api/services?sort=${field}&limit=9&offset=9`)).results.map(
        (s) => s.serviceid,
      );
      expect([...first, ...second], field).toEqual(up.slice(0, 18));
    }
    const byId = (await list('/api/services?limit=1000')).results.map((s) => s.serviceid);
    expect(byId).toEqual([...byId].sort());
    const dates = (await list('/api/services?sort=provisiondate&limit=1000')).results.map(
      (s) => s.provisiondate,
    );
    const known = dates.filter((d): d is string => d !== null);
    expect(known).toEqual([...known].sort());
    expect(dates.slice(known.length).every((d) => d === null)).toBe(true);
    const codes = (await list('/api/services?sort=customercode&limit=1000')).results.map(
      (s) => s.customercode,
    );
    expect(codes).toEqual([...codes].sort());
    const worst = (await list('/api/services?sort=-condition&limit=1000')).results.map((s) => s.condition);
    expect(worst).toEqual([...worst].sort((a, b) => b - a));
    expect(worst[0]).toBe(3);
    // The condition sort merges the affected services with the others walked by id: every page, each
    // way and in a customer's scope, is the slice of one order by (condition, id).
    for (const who of [demo.noc, demo.ungUser]) {
      const all = (await list('/api/services?limit=1000', who)).results;
      const ascending = [...all].sort(
        (a, b) => a.condition - b.condition || (a.serviceid < b.serviceid ? -1 : 1),
      );
      const ids = (rows: ServiceSummary[]) => rows.map((s) => `${s.condition} ${s.serviceid}`);
      for (const [sort, expected] of [
        ['condition', ascending],
        ['-condition', [...ascending].reverse()],
      ] as const) {
        for (const offset of [0, 3, Math.max(0, all.length - 4)]) {
          const page = await list(`/api/services?sort=${sort}&limit=7&offset=${offset}`, who);
          expect(page.count, `${who} ${sort} ${offset}`).toBe(all.length);
          expect(ids(page.results), `${who} ${sort} ${offset}`).toEqual(
            ids(expected.slice(offset, offset + 7)),
          );
        }
      }
    }
    const deprovisioned = (await list('/api/services?status=0&sort=-provisiondate&limit=1000')).results;
    expect(deprovisioned.length).toBeGreaterThan(0);
    const beyond = await list('/api/services?offset=100000');
    expect(beyond).toMatchObject({ count: await serviceCount(ne(services.status, 0)), results: [] });
  });

  it('counts services in use per sidebar group, in scope', async () => {
    const counts = async (as: string) =>
      (await t.call({ method: 'GET', url: '/api/navigation/counts', as })).json().payload.counts as Record<
        string,
        number
      >;
    for (const who of [demo.noc, demo.ungUser]) {
      const mine = await counts(who);
      expect(mine['services.all'], who).toBe((await list('/api/services?limit=1', who)).count);
      for (const group of serviceGroupNames)
        expect(mine[`services.${group}`], `${who} ${group}`).toBe(
          (await list(`/api/services?group=${group}&limit=1`, who)).count,
        );
    }
    expect((await counts(demo.tech))['services.all']).toBe(0);
  });
});

describe('one service', () => {
  it('answers a service with its patching, customer and condition, and 404 outside scope', async () => {
    const [outage] = (await list('/api/services?condition=3&limit=1', demo.ungUser)).results;
    const reply = await t.call({
      method: 'GET',
      url: `/api/service/${outage!.serviceid.toLowerCase()}`,
      as: demo.ungUser,
    });
    expect(reply.statusCode).toBe(200);
    const service = reply.json().payload as Service;
    expect(service).toMatchObject({
      ...outage,
      customername: 'University of Northgate',
      deprovisionedat: null,
    });
    expect(service.patching).toMatchObject({ aendpanel: expect.any(String), vlan: expect.any(Number) });
    for (const [who, id] of [
      [demo.ebhAdmin, outage!.serviceid],
      [demo.ungAdmin, (await list(`/api/services?customerid=${ids.ebh}&limit=1`)).results[0]!.serviceid],
    ] as const) {
      const foreign = await t.call({ method: 'GET', url: `/api/service/${id}`, as: who });
      expect(foreign.statusCode, who).toBe(404);
      expect(foreign.json().message).toBe(serviceMessages.notFound);
    }
    expect(
      (await t.call({ method: 'GET', url: '/api/service/UNG9999999999B', as: demo.noc })).statusCode,
    ).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/service/bad-id!', as: demo.noc })).statusCode).toBe(400);
  });
});

describe('creating services', () => {
  it('creates a service from a valid id, with its patching, and refuses an id in use', async () => {
    const before = await serviceCount();
    const audits = await t.auditCount('service.create');
    const payload = newService();
    const created = await t.call({ method: 'POST', url: '/api/service', as: demo.noc, payload });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe(serviceMessages.created(payload.serviceid));
    expect(created.json().payload).toMatchObject({
      serviceid: payload.serviceid,
      type: 'B',
      status: 1,
      customercode: 'UNG',
      aendsitename: ungSite.sitename,
      bendsitename: pop.sitename,
      provisiondate: '2026-03-01',
      condition: 0,
      patching: { aendpanel: 'ODF-01', aendconnector: 'LC', vlan: 120, insertionlossa: 1.5, bendport: null },
    });
    const [row] = await t.database.db
      .select()
      .from(services)
      .where(eq(services.serviceId, payload.serviceid));
    expect(row!.typeLetter).toBe('B');
    expect(await serviceCount()).toBe(before + 1);
    expect(await t.auditCount('service.create')).toBe(audits + 1);

    const again = await t.call({ method: 'POST', url: '/api/service', as: demo.noc, payload });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(serviceMessages.exists);
    // Lower case is the same id.
    const lower = await t.call({
      method: 'POST',
      url: '/api/service',
      as: demo.noc,
      payload: { ...payload, serviceid: payload.serviceid.toLowerCase() },
    });
    expect(lower.statusCode).toBe(409);
    expect(await serviceCount()).toBe(before + 1);
    expect(
      (await t.call({ method: 'POST', url: '/api/service', as: demo.ungAdmin, payload: newService() }))
        .statusCode,
    ).toBe(403);
  });

  it('allows a B end at the customer itself (layer 2 between two of its sites)', async () => {
    const payload = newService({
      serviceid: freshId(ungSite, ungOtherSite, 'E'),
      bendsiteid: ungOtherSite.siteid,
      description: 'Layer 2 Ethernet between campuses',
      patching: undefined,
    });
    // Spec 7.3 writes the path with a trailing slash; both forms answer.
    const created = await t.call({ method: 'POST', url: '/api/service/', as: demo.noc, payload });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().payload).toMatchObject({ type: 'E', patching: null });
  });

  it('refuses every id rule with its message and writes nothing', async () => {
    const disabled = await t.call({
      method: 'POST',
      url: '/api/site',
      as: demo.noc,
      payload: {
        sitenumber: '0077',
        sitename: 'Closed Lab',
        sitetype: 1,
        status: 0,
        customerid: ids.ung,
        street: '1 Lab Lane',
        suburb: 'Northgate',
        postcode: '2600',
      },
    });
    const closed = disabled.json().payload as Site;
    const ebhPop = freshId(ebhSite, pop, 'B', 'EBH');
    const before = await serviceCount();
    const patchingBefore = (
      await t.database.db.select({ n: sql<number>`count(*)::int` }).from(servicePatching)
    )[0]!.n;
    const cases: [Record<string, unknown>, string, string][] = [
      // Schema rules (spec 5).
      [newService({ serviceid: 'UNG12' }), 'serviceid', serviceMessages.idInvalid],
      [
        newService({ serviceid: `UNG${digits(ungSite)}${digits(pop)}00B` }),
        'serviceid',
        serviceMessages.idInvalid,
      ],
      [newService({ serviceid: `UNG0000${digits(pop)}01B` }), 'serviceid', serviceMessages.idInvalid],
      [
        newService({ serviceid: `UNG${digits(ungSite)}${digits(pop)}01Y` }),
        'serviceid',
        serviceMessages.idInvalid,
      ],
      [newService({ serviceid: undefined }), 'serviceid', serviceMessages.idInvalid],
      [newService({ customerid: undefined }), 'customerid', serviceMessages.customerMissing],
      [newService({ diversity: 'None' }), 'diversity', serviceMessages.diversityEmpty],
      [newService({ diversity: undefined }), 'diversity', serviceMessages.diversityEmpty],
      [newService({ status: undefined }), 'status', serviceMessages.stateMissing],
      [newService({ status: 3 }), 'status', serviceMessages.stateMissing],
      [newService({ provisiondate: undefined }), 'provisiondate', serviceMessages.provisionDateMissing],
      [newService({ provisiondate: '01/03/2026' }), 'provisiondate', serviceMessages.provisionDateMissing],
      [newService({ patching: { vlan: 10000 } }), 'patching.vlan', serviceMessages.vlanInvalid],
      // The server's checks against the customer and sites.
      [newService({ customerid: 999999 }), 'customerid', serviceMessages.customerMissing],
      [newService({ customerid: ids.ebh }), 'serviceid', serviceMessages.codeMismatch],
      [newService({ aendsiteid: ungOtherSite.siteid }), 'aendsiteid', serviceMessages.siteMismatch],
      [newService({ bendsiteid: ungOtherSite.siteid }), 'bendsiteid', serviceMessages.siteMismatch],
      [newService({ aendsiteid: 999999 }), 'aendsiteid', serviceMessages.siteMismatch],
      [
        newService({ serviceid: freshId(closed, pop), aendsiteid: closed.siteid }),
        'aendsiteid',
        serviceMessages.siteMismatch,
      ],
      [
        newService({ serviceid: freshId(ebhSite, pop), aendsiteid: ebhSite.siteid }),
        'aendsiteid',
        serviceMessages.siteOwnerMismatch,
      ],
      [
        newService({ serviceid: freshId(ungSite, ebhSite), bendsiteid: ebhSite.siteid }),
        'bendsiteid',
        serviceMessages.siteOwnerMismatch,
      ],
      [
        newService({ serviceid: ebhPop, customerid: ids.ung, aendsiteid: ebhSite.siteid }),
        'serviceid',
        serviceMessages.codeMismatch,
      ],
    ];
    for (const [payload, path, message] of cases) {
      const reply = await t.call({ method: 'POST', url: '/api/service', as: demo.noc, payload });
      const label = `${path}: ${JSON.stringify(payload).slice(0, 90)}`;
      expect(reply.statusCode, label).toBe(400);
      expect(reply.json().payload.errors, label).toContainEqual({ path, message });
    }
    const unknownField = await t.call({
      method: 'POST',
      url: '/api/service',
      as: demo.noc,
      payload: newService({ typeletter: 'B' }),
    });
    expect(unknownField.statusCode).toBe(400);
    expect(await serviceCount()).toBe(before);
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(servicePatching))[0]!.n).toBe(
      patchingBefore,
    );
  });
});

describe('changing, deprovisioning and deleting services', () => {
  async function createOne(sequenceLetter: string) {
    const payload = newService({
      serviceid: freshId(ungOtherSite, pop, sequenceLetter),
      aendsiteid: ungOtherSite.siteid,
    });
    const reply = await t.call({ method: 'POST', url: '/api/service', as: demo.noc, payload });
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json().payload as Service;
  }

  it('updates fields and merges patching, keeping the id, customer and sites', async () => {
    const service = await createOne('D');
    const reply = await t.call({
      method: 'PUT',
      url: `/api/service/${service.serviceid}`,
      as: demo.noc,
      payload: { description: 'Managed 10G: upgraded', speed: '10G', patching: { vlan: 300, bendport: '7' } },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().message).toBe(serviceMessages.updated(service.serviceid));
    expect(reply.json().payload).toMatchObject({
      description: 'Managed 10G: upgraded',
      speed: '10G',
      diversity: 'Primary',
      aendsiteid: ungOtherSite.siteid,
      patching: { vlan: 300, bendport: '7', aendpanel: 'ODF-01', aendconnector: 'LC' },
    });
    for (const payload of [
      { serviceid: 'UNG0001000101B' },
      { customerid: ids.ebh },
      { diversity: 'None' },
      { patching: { vlan: -1 } },
    ]) {
      const bad = await t.call({
        method: 'PUT',
        url: `/api/service/${service.serviceid}`,
        as: demo.noc,
        payload,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const stored = await t.call({ method: 'GET', url: `/api/service/${service.serviceid}`, as: demo.noc });
    expect(stored.json().payload).toEqual(reply.json().payload);
    expect(
      (await t.call({ method: 'PUT', url: '/api/service/UNG9999999999B', as: demo.noc, payload: {} }))
        .statusCode,
    ).toBe(404);
  });

  it("sets a contracted SLA target, which the SLA report holds it to, and clears it back to the type's", async () => {
    const service = await createOne('G');
    const target = async () => {
      const reply = await t.call({ method: 'GET', url: `/api/service/${service.serviceid}`, as: demo.noc });
      return (reply.json().payload as Service).slatarget;
    };
    const put = (slatarget: unknown) =>
      t.call({
        method: 'PUT',
        url: `/api/service/${service.serviceid}`,
        as: demo.noc,
        payload: { slatarget },
      });
    expect(await target()).toBeNull();
    expect((await put(99.95)).statusCode).toBe(200);
    expect(await target()).toBe(99.95);
    const report = await t.call({
      method: 'GET',
      url: `/api/reports/sla?customerid=${ids.ung}&q=${service.serviceid}&from=2026-04-01&to=2026-10-31`,
      as: demo.noc,
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().payload.results).toMatchObject([{ serviceid: service.serviceid, target: 99.95 }]);
    for (const bad of [89, 100.5, 99.9999, '99.9']) {
      const reply = await put(bad);
      expect(reply.statusCode, String(bad)).toBe(400);
      expect(reply.json().message).toBe(serviceMessages.slaTargetInvalid);
    }
    expect(await target()).toBe(99.95);
    expect((await put(null)).statusCode).toBe(200);
    expect(await target()).toBeNull();
  });

  it('deprovisions once: status 0 and the time, then 409', async () => {
    const service = await createOne('A');
    const audits = await t.auditCount('service.deprovision');
    const reply = await t.call({
      method: 'POST',
      url: `/api/service/${service.serviceid}/deprovision`,
      as: demo.noc,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().message).toBe(serviceMessages.deprovisioned(service.serviceid));
    const done = reply.json().payload as Service;
    expect(done.status).toBe(0);
    expect(Math.abs(done.deprovisionedat! - Date.now() / 1000)).toBeLessThan(60);
    expect(await t.auditCount('service.deprovision')).toBe(audits + 1);
    const again = await t.call({
      method: 'POST',
      url: `/api/service/${service.serviceid}/deprovision`,
      as: demo.noc,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(serviceMessages.alreadyDeprovisioned);
    const inUse = await list(`/api/services?aendsiteid=${ungOtherSite.siteid}&limit=1000`);
    expect(inUse.results.map((s) => s.serviceid)).not.toContain(service.serviceid);
    const gone = await list(
      `/api/services?aendsiteid=${ungOtherSite.siteid}&status=0&sort=-provisiondate&limit=1000`,
    );
    expect(gone.results.map((s) => s.serviceid)).toContain(service.serviceid);
    // Re-enabling by an edit clears the time.
    const revived = await t.call({
      method: 'PUT',
      url: `/api/service/${service.serviceid}`,
      as: demo.noc,
      payload: { status: 2 },
    });
    expect(revived.json().payload).toMatchObject({ status: 2, deprovisionedat: null });
    expect(
      (
        await t.call({
          method: 'POST',
          url: `/api/service/${service.serviceid}/deprovision`,
          as: demo.ungAdmin,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('keeps the service totals and search texts exact through every kind of write, and the lists count from them', async () => {
    // The kept totals against a count of the services themselves, group by group, and the text filter's
    // kept copy (service_search_texts) against the services' own columns, row by row.
    const totalsMatchServices = async (when: string) => {
      const kept = rowsOf(
        await t.database.db.execute(sql`select customer_id, type_letter, status, services from service_totals
          where services <> 0 order by 1, 2, 3`),
      );
      const counted = rowsOf(
        await t.database.db.execute(sql`select customer_id, type_letter, status, count(*)::int as services
          from services group by 1, 2, 3 order by 1, 2, 3`),
      );
      expect(kept, when).toEqual(counted);
      // And the same totals summed over every customer (service_type_totals, migration 0034).
      const keptByType = rowsOf(
        await t.database.db.execute(sql`select type_letter, status, services from service_type_totals
          where services <> 0 order by 1, 2`),
      );
      const countedByType = rowsOf(
        await t.database.db.execute(sql`select type_letter, status, count(*)::int as services
          from services group by 1, 2 order by 1, 2`),
      );
      expect(keptByType, when).toEqual(countedByType);
      const columns = sql.raw(
        'service_id, customer_id, type_letter, status, a_end_site_id, b_end_site_id, search_text',
      );
      const copied = rowsOf(
        await t.database.db.execute(sql`select ${columns} from service_search_texts order by service_id`),
      );
      const own = rowsOf(
        await t.database.db.execute(sql`select ${columns} from services order by service_id`),
      );
      expect(copied.length, when).toBeGreaterThan(0);
      expect(copied, when).toEqual(own);
    };
    const inUse = async (as: string = demo.noc) => (await list('/api/services?limit=1', as)).count;
    await totalsMatchServices('after the seed');
    const before = await inUse();
    const created = await createOne('E');
    expect(await inUse()).toBe(before + 1);
    await totalsMatchServices('after a create');

    // One statement moving many services of several type letters, then one rolled back.
    const ungBefore = await inUse(demo.ungUser);
    const moved = rowsOf<{ service_id: string }>(
      await t.database.db.execute(sql`update services set status = 0
        where customer_id = ${ids.ung} and status = 1 and service_id <> ${created.serviceid} returning service_id`),
    ).map((r) => r.service_id);
    expect(moved.length).toBeGreaterThan(1);
    expect(await inUse(demo.ungUser)).toBe(ungBefore - moved.length);
    expect((await list('/api/services?status=0&limit=1', demo.ungUser)).count).toBe(
      await serviceCount(and(eq(services.customerId, ids.ung), eq(services.status, 0))),
    );
    await totalsMatchServices('after a bulk status change');
    // The NOC's total and sidebar counts come from the totals summed over customers.
    expect(await inUse()).toBe(await serviceCount(sql`${services.status} in (1, 2)`));
    const sidebar = await t.call({ method: 'GET', url: '/api/navigation/counts', as: demo.noc });
    expect(sidebar.json().payload.counts['services.all']).toBe(
      await serviceCount(sql`${services.status} in (1, 2)`),
    );
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`update services set status = 1 where service_id in ${moved}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await totalsMatchServices('after a rolled-back change');
    await t.database.db.execute(sql`update services set status = 1 where service_id in ${moved}`);
    expect(await inUse(demo.ungUser)).toBe(ungBefore);

    // A new description and, from psql (the portal keeps ids), a new id: the text filter finds and counts
    // the service by them at once.
    const described = await t.call({
      method: 'PUT',
      url: `/api/service/${created.serviceid}`,
      as: demo.noc,
      payload: { description: 'Wombat Ridge repeater' },
    });
    expect(described.statusCode, described.body).toBe(200);
    // Its patching would hold the old id (that foreign key does not cascade an id change).
    await t.database.db.execute(sql`delete from service_patching where service_id = ${created.serviceid}`);
    const renamed = `${created.serviceid.slice(0, -1)}Z`;
    await t.database.db.execute(sql`update services set service_id = ${renamed}
      where service_id = ${created.serviceid}`);
    await totalsMatchServices('after a description and an id change');
    const found = await list('/api/services?q=wombat%20ridge');
    expect(found.count).toBe(1);
    expect(found.results.map((s) => s.serviceid)).toEqual([renamed]);
    await t.database.db.execute(sql`update services set service_id = ${created.serviceid}
      where service_id = ${renamed}`);
    await totalsMatchServices('after the id went back');

    // Deprovisioned through the API (status 0), then deleted.
    const deprovision = await t.call({
      method: 'POST',
      url: `/api/service/${created.serviceid}/deprovision`,
      as: demo.noc,
    });
    expect(deprovision.statusCode, deprovision.body).toBe(200);
    expect(await inUse()).toBe(before);
    await totalsMatchServices('after a deprovision');
    const removed = await t.call({
      method: 'DELETE',
      url: `/api/service/${created.serviceid}`,
      as: demo.noc,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await totalsMatchServices('after a delete');
  });

  it('deletes a service with its patching', async () => {
    const service = await createOne('Z');
    const before = await serviceCount();
    const reply = await t.call({ method: 'DELETE', url: `/api/service/${service.serviceid}`, as: demo.noc });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().message).toBe(serviceMessages.deleted(service.serviceid));
    expect(await serviceCount()).toBe(before - 1);
    const patching = await t.database.db
      .select()
      .from(servicePatching)
      .where(eq(servicePatching.serviceId, service.serviceid));
    expect(patching).toEqual([]);
    expect(
      (await t.call({ method: 'GET', url: `/api/service/${service.serviceid}`, as: demo.noc })).statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'DELETE', url: `/api/service/${service.serviceid}`, as: demo.noc })).statusCode,
    ).toBe(404);
  });

  it('refuses to delete a service that an event names, and keeps it', async () => {
    const [named] = await t.database.db.select().from(eventServices).limit(1);
    const before = await serviceCount();
    const reply = await t.call({ method: 'DELETE', url: `/api/service/${named!.serviceId}`, as: demo.noc });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe(serviceMessages.inEvents);
    expect(await serviceCount()).toBe(before);
  });
});
