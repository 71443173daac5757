import { type CrossConnect, colocationMessages, type RackSpace } from '@lightpath/domain/colocation';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crossConnects, rackSpaces } from '../../db/schema/colocation';
import { customers } from '../../db/schema/customers';
import { sites } from '../../db/schema/inventory';
import { buildTestApp, demo, problemOf, type TestApp } from '../../test/helper';

let t: TestApp;
let ids: { provider: number; ung: number; ebh: number };
// A PoP of the provider, and the UNG rack space the seed put there.
let pop: { siteId: number; siteNumber: string };

type Page<T> = { count: number; results: T[] };

async function list<T>(url: string, as: string = demo.noc): Promise<Page<T>> {
  const reply = await t.call({ method: 'GET', url, as });
  expect(reply.statusCode, `${url}: ${reply.body.slice(0, 200)}`).toBe(200);
  return reply.json().payload;
}

async function counts() {
  const [racks] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(rackSpaces);
  const [connects] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(crossConnects);
  const [edits] = await t.database.db
    .select({ at: sql<string>`coalesce(max(updated_at), now())::text` })
    .from(rackSpaces);
  return { racks: racks!.n, connects: connects!.n, lastEdit: edits!.at };
}

async function rackOf(customerId: number, active = true) {
  const [row] = await t.database.db
    .select()
    .from(rackSpaces)
    .where(
      and(
        eq(rackSpaces.customerId, customerId),
        active ? sql`${rackSpaces.endDate} is null` : sql`${rackSpaces.endDate} is not null`,
      ),
    )
    .orderBy(rackSpaces.rackId)
    .limit(1);
  return row!;
}

async function crossConnectOf(customerId: number) {
  const [row] = await t.database.db
    .select()
    .from(crossConnects)
    .where(eq(crossConnects.customerId, customerId))
    .orderBy(crossConnects.crossConnectId)
    .limit(1);
  return row!;
}

// A rack space of UNG's with an end date at the site, as after notice was given.
async function endedRackAt(siteId: number) {
  const [row] = await t.database.db
    .insert(rackSpaces)
    .values({
      rackId: `ENDED-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
      siteId,
      customerId: ids.ung,
      endDate: new Date(0),
    })
    .returning();
  return row!;
}

async function post<T>(url: string, payload: object, as: string = demo.noc) {
  const reply = await t.call({ method: 'POST', url, as, payload });
  return { reply, body: reply.json() as { payload: T; message: string } };
}

beforeAll(async () => {
  t = await buildTestApp();
  const rows = await t.database.db.select().from(customers);
  const byCode = new Map(rows.map((c) => [c.customerCode, c.customerId]));
  ids = {
    provider: rows.find((c) => c.isProvider)!.customerId,
    ung: byCode.get('UNG')!,
    ebh: byCode.get('EBH')!,
  };
  const ungRack = await rackOf(ids.ung);
  const [site] = await t.database.db.select().from(sites).where(eq(sites.siteId, ungRack.siteId));
  pop = { siteId: site!.siteId, siteNumber: site!.siteNumber };
});
afterAll(() => t.close());

describe('listing rack spaces', () => {
  it('shows provider staff every rack space and a customer only its own', async () => {
    const { racks } = await counts();
    const all = await list<RackSpace>('/api/rackspaces?limit=1000');
    expect(all.count).toBe(racks);
    expect(new Set(all.results.map((r) => r.customerid)).size).toBeGreaterThan(3);
    expect((await list<RackSpace>('/api/rackspaces?limit=1', demo.eng)).count).toBe(racks);
    for (const who of [demo.ungAdmin, demo.ungUser]) {
      const own = await list<RackSpace>('/api/rackspaces?limit=1000', who);
      expect(own.count).toBeGreaterThan(0);
      expect(own.results.every((r) => r.customerid === ids.ung)).toBe(true);
      // The NOC's filter by another customer is the customer's own scope still.
      expect((await list<RackSpace>(`/api/rackspaces?customerid=${ids.ebh}`, who)).count).toBe(0);
    }
    const ebh = await list<RackSpace>('/api/rackspaces?limit=1000', demo.ebhAdmin);
    expect(ebh.results.every((r) => r.customerid === ids.ebh)).toBe(true);
  });

  it('counts cross-connects, filters by status, site and text, sorts and pages', async () => {
    const all = await list<RackSpace>('/api/rackspaces?limit=1000');
    const expected = await t.database.query<{ rack_id: string; n: number }>(
      'test_rack_cross_connects',
      `select r.rack_id, count(x.cross_connect_id)::int as n from rack_spaces r
       left join cross_connects x on r.uuid in (x.a_end_rack_space, x.b_end_rack_space) group by r.rack_id`,
      [],
    );
    const byRack = new Map(expected.map((r) => [r.rack_id, r.n]));
    for (const r of all.results) expect(r.crossconnects, r.rackspaceid).toBe(byRack.get(r.rackspaceid));

    const active = await list<RackSpace>('/api/rackspaces?status=active&limit=1000');
    const ended = await list<RackSpace>('/api/rackspaces?status=ended&limit=1000');
    expect(active.results.every((r) => r.enddate === null)).toBe(true);
    expect(ended.results.every((r) => r.enddate !== null)).toBe(true);
    expect(ended.count).toBeGreaterThan(0);
    expect(active.count + ended.count).toBe(all.count);

    const atPop = await list<RackSpace>(`/api/rackspaces?siteid=${pop.siteId}&limit=1000`);
    expect(atPop.results.every((r) => r.siteid === pop.siteId)).toBe(true);
    const searched = await list<RackSpace>(
      `/api/rackspaces?q=${pop.siteNumber.toLowerCase()}-mmr&limit=1000`,
    );
    expect(searched.results.map((r) => r.rackspaceid).sort()).toEqual([
      `${pop.siteNumber}-MMR-01`,
      `${pop.siteNumber}-MMR-02`,
    ]);

    const byName = await list<RackSpace>('/api/rackspaces?sort=-customername&limit=1000');
    const names = byName.results.map((r) => r.customername);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'en', { sensitivity: 'base' })));
    const page2 = await list<RackSpace>('/api/rackspaces?sort=rackspaceid&limit=5&offset=5');
    expect(page2.results.map((r) => r.rackspaceid)).toEqual(
      all.results.slice(5, 10).map((r) => r.rackspaceid),
    );
    expect(page2.count).toBe(all.count);
    expect((await list<RackSpace>(`/api/rackspaces?offset=${all.count + 10}`)).count).toBe(all.count);
  });

  it('offers, for a cross-connect from an A end, only the rack spaces it may join', async () => {
    const ung = await rackOf(ids.ung);
    const reachable = await list<RackSpace>(
      `/api/rackspaces?joinswith=${ung.rackId.toLowerCase()}&limit=1000`,
    );
    expect(reachable.count).toBeGreaterThan(1);
    for (const r of reachable.results) {
      expect(r.siteid).toBe(ung.siteId);
      expect(r.enddate).toBeNull();
      expect(r.rackspaceid).not.toBe(ung.rackId);
      expect([ids.ung, ids.provider]).toContain(r.customerid);
    }
  });

  it('refuses a bad filter with 400', async () => {
    for (const query of ['status=gone', 'siteid=x', 'joinswith=a%20b', 'sort=-rack id']) {
      const reply = await t.call({ method: 'GET', url: `/api/rackspaces?${query}`, as: demo.noc });
      expect(reply.statusCode, query).toBe(400);
    }
  });
});

describe('creating and changing a rack space', () => {
  it('creates one for a customer at a PoP, audited, and renames it by its original rack id', async () => {
    const before = await t.auditCount('rackspace.create');
    const { reply, body } = await post<RackSpace>('/api/rackspace', {
      rackspaceid: ' test-r01 ',
      description: 'Quarter rack for the test',
      siteid: pop.siteId,
      customerid: ids.ebh,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(body.message).toBe(colocationMessages.rackSpaceCreated);
    expect(body.payload).toMatchObject({
      rackspaceid: 'TEST-R01',
      siteid: pop.siteId,
      customerid: ids.ebh,
      customercode: 'EBH',
      enddate: null,
      crossconnects: 0,
    });
    expect(await t.auditCount('rackspace.create')).toBe(before + 1);

    const renamed = await t.call({
      method: 'PUT',
      url: '/api/rackspace/test-r01',
      as: demo.eng,
      payload: { rackspaceid: 'TEST-R02', enddate: 1_900_000_000 },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().payload).toMatchObject({
      uuid: body.payload.uuid,
      rackspaceid: 'TEST-R02',
      enddate: 1_900_000_000,
    });
    expect(await t.auditCount('rackspace.update')).toBeGreaterThan(0);
    const gone = await t.call({ method: 'PUT', url: '/api/rackspace/TEST-R01', as: demo.noc, payload: {} });
    expect(gone.statusCode).toBe(404);
    const reopened = await t.call({
      method: 'PUT',
      url: '/api/rackspace/TEST-R02',
      as: demo.noc,
      payload: { enddate: null, description: '' },
    });
    expect(reopened.json().payload).toMatchObject({ enddate: null, description: null });
  });

  it.each([
    ['a missing rack id', { rackspaceid: undefined }, colocationMessages.rackIdRequired],
    ['a rack id with a slash', { rackspaceid: 'R1/2' }, colocationMessages.rackIdInvalid],
    ['no site', { siteid: undefined }, colocationMessages.siteRequired],
    ['a VPLS site', { site: 'vpls' }, colocationMessages.siteNotAllowed],
    ["another customer's site", { site: 'foreign' }, colocationMessages.siteNotAllowed],
    ['an unknown customer', { customerid: 999_999 }, colocationMessages.customerNotFound],
    ['an end date as text', { enddate: 'soon' }, colocationMessages.endDateInvalid],
  ])('refuses %s with 400 and writes nothing', async (_label, change, message) => {
    const [vpls] = await t.database.db.select().from(sites).where(eq(sites.siteType, 2)).limit(1);
    const [foreign] = await t.database.db
      .select()
      .from(sites)
      .where(and(eq(sites.customerId, ids.ung), eq(sites.siteType, 1)))
      .limit(1);
    const { site, ...rest } = change as { site?: string };
    const siteid = site === 'vpls' ? vpls!.siteId : site === 'foreign' ? foreign!.siteId : pop.siteId;
    const before = await counts();
    const { reply } = await post('/api/rackspace', {
      rackspaceid: 'TEST-BAD',
      siteid,
      customerid: ids.ebh,
      ...rest,
    });
    expect(reply.statusCode, reply.body).toBe(400);
    expect(problemOf(reply)).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('refuses a rack id already in use with 409, on create and on rename', async () => {
    const taken = await rackOf(ids.ung);
    const other = await rackOf(ids.ebh);
    const before = await counts();
    const { reply } = await post('/api/rackspace', {
      rackspaceid: taken.rackId,
      siteid: pop.siteId,
      customerid: ids.ebh,
    });
    expect(reply.statusCode).toBe(409);
    const rename = await t.call({
      method: 'PUT',
      url: `/api/rackspace/${other.rackId}`,
      as: demo.noc,
      payload: { rackspaceid: taken.rackId },
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().message).toBe(colocationMessages.rackIdTaken);
    expect(await counts()).toEqual(before);
  });

  it("answers 404 for an unknown rack before validating the body, and refuses the rack's site or customer", async () => {
    const unknown = await t.call({
      method: 'PUT',
      url: '/api/rackspace/NO-SUCH-RACK',
      as: demo.noc,
      payload: { walk: true },
    });
    expect(unknown.statusCode).toBe(404);
    const own = await rackOf(ids.ebh);
    const before = await counts();
    const moved = await t.call({
      method: 'PUT',
      url: `/api/rackspace/${own.rackId}`,
      as: demo.noc,
      payload: { siteid: pop.siteId },
    });
    expect(moved.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('lets customers read but not create or change, and the technician not even read', async () => {
    const own = await rackOf(ids.ung);
    for (const who of [demo.ungAdmin, demo.ungUser]) {
      const { reply } = await post(
        '/api/rackspace',
        { rackspaceid: 'X1', siteid: pop.siteId, customerid: ids.ung },
        who,
      );
      expect(reply.statusCode).toBe(403);
      const put = await t.call({ method: 'PUT', url: `/api/rackspace/${own.rackId}`, as: who, payload: {} });
      expect(put.statusCode).toBe(403);
    }
    const tech = await t.call({ method: 'GET', url: '/api/rackspaces', as: demo.tech });
    expect(tech.statusCode).toBe(403);
  });
});

describe('cross-connects', () => {
  it('lists each customer only its own, with both ends', async () => {
    const [{ n }] = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(crossConnects)) as [
      { n: number },
    ];
    const all = await list<CrossConnect>('/api/crossconnects?limit=1000');
    expect(all.count).toBe(n);
    for (const [who, customerId] of [
      [demo.ungAdmin, ids.ung],
      [demo.ungUser, ids.ung],
      [demo.ebhAdmin, ids.ebh],
    ] as const) {
      const own = await list<CrossConnect>('/api/crossconnects?limit=1000', who);
      expect(own.count).toBeGreaterThan(0);
      expect(own.results.every((x) => x.customerid === customerId)).toBe(true);
    }
    const first = all.results.find((x) => x.customerid === ids.ung)!;
    expect(first.aendrackspaceid).toMatch(/^S\d{4}-H\d-R\d{2}$/);
    expect(first.sitenumber).toBe(pop.siteNumber);

    const byNumber = await list<CrossConnect>(`/api/crossconnects?q=XC-${first.crossconnectid}`);
    expect(byNumber.results.map((x) => x.crossconnectid)).toContain(first.crossconnectid);
    const byRack = await list<CrossConnect>(`/api/crossconnects?q=${first.aendrackspaceid}&limit=1000`);
    expect(byRack.results.length).toBeGreaterThan(0);
    expect(
      byRack.results.every((x) => [x.aendrackspaceid, x.bendrackspaceid].includes(first.aendrackspaceid)),
    ).toBe(true);
    const sorted = await list<CrossConnect>('/api/crossconnects?sort=-created&limit=1000');
    const created = sorted.results.map((x) => x.created);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const atSite = await list<CrossConnect>(`/api/crossconnects?siteid=${pop.siteId}&limit=1000`);
    expect(atSite.results.every((x) => x.siteid === pop.siteId)).toBe(true);
  });

  it("joins a customer's rack space to the network's at one site, audited, and moves an end", async () => {
    const ung = await rackOf(ids.ung);
    const before = await t.auditCount('crossconnect.create');
    const { reply, body } = await post<CrossConnect>('/api/crossconnect', {
      aendrackspaceid: ung.rackId.toLowerCase(),
      bendrackspaceid: `${pop.siteNumber}-MMR-02`,
      aendpanel: 'PP9',
      aendport: '47',
      bendpanel: 'MMR-PP1',
      bendport: '',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(body.message).toBe(colocationMessages.crossConnectCreated);
    expect(body.payload).toMatchObject({
      customerid: ids.ung,
      siteid: pop.siteId,
      aendrackspaceid: ung.rackId,
      aendpanel: 'PP9',
      aendport: '47',
      bendrackspaceid: `${pop.siteNumber}-MMR-02`,
      bendport: null,
    });
    expect(await t.auditCount('crossconnect.create')).toBe(before + 1);
    // The UNG admin sees it; EBH's does not, and gets 404 for it.
    const own = await list<CrossConnect>('/api/crossconnects?limit=1000', demo.ungAdmin);
    expect(own.results.map((x) => x.crossconnectid)).toContain(body.payload.crossconnectid);
    const theirs = await list<CrossConnect>('/api/crossconnects?limit=1000', demo.ebhAdmin);
    expect(theirs.results.map((x) => x.crossconnectid)).not.toContain(body.payload.crossconnectid);

    const moved = await t.call({
      method: 'PUT',
      url: `/api/crossconnect/${body.payload.crossconnectid}`,
      as: demo.eng,
      payload: { bendrackspaceid: `${pop.siteNumber}-MMR-01`, bendport: '12' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().payload).toMatchObject({
      bendrackspaceid: `${pop.siteNumber}-MMR-01`,
      bendport: '12',
    });
    expect(await t.auditCount('crossconnect.update')).toBeGreaterThan(0);
  });

  it.each([
    ['a missing B end', { bendrackspaceid: undefined }, colocationMessages.bEndRequired],
    ['one rack twice', { bendrackspaceid: 'A' }, colocationMessages.sameEnds],
    ['an unknown rack', { bendrackspaceid: 'NO-SUCH-RACK' }, 'Rack space NO-SUCH-RACK does not exist'],
    ["another customer's rack", { bendrackspaceid: 'EBH' }, colocationMessages.bEndForeign],
    ['a rack with an end date', { bendrackspaceid: 'ENDED' }, 'has an end date and cannot be chosen'],
    ['a rack at another site', { bendrackspaceid: 'ELSEWHERE' }, colocationMessages.differentSites],
    ['a port too long', { aendport: 'p'.repeat(41) }, colocationMessages.portTooLong],
  ])('refuses %s with 400 and writes nothing', async (_label, change, message) => {
    const a = await rackOf(ids.ung);
    const ebh = await rackOf(ids.ebh);
    const ended = await endedRackAt(a.siteId);
    const [elsewhere] = await t.database.db
      .select()
      .from(rackSpaces)
      .where(and(eq(rackSpaces.customerId, ids.provider), sql`${rackSpaces.siteId} <> ${a.siteId}`))
      .limit(1);
    const names: Record<string, string> = {
      A: a.rackId,
      EBH: ebh.rackId,
      ENDED: ended.rackId,
      ELSEWHERE: elsewhere!.rackId,
    };
    const payload: Record<string, unknown> = {
      aendrackspaceid: a.rackId,
      bendrackspaceid: `${pop.siteNumber}-MMR-01`,
    };
    for (const [key, value] of Object.entries(change))
      payload[key] = typeof value === 'string' ? (names[value] ?? value) : value;
    const before = await counts();
    const { reply } = await post('/api/crossconnect', payload);
    expect(reply.statusCode, reply.body).toBe(400);
    expect(problemOf(reply)).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it('keeps an end that has since been given an end date, but refuses moving an end to such a rack', async () => {
    const existing = await crossConnectOf(ids.ung);
    const [aEnd] = await t.database.db
      .select()
      .from(rackSpaces)
      .where(eq(rackSpaces.uuid, existing.aEndRackSpace));
    const ended = await endedRackAt(aEnd!.siteId);
    // Give the A end an end date: a change of its port alone is still accepted.
    await t.database.db
      .update(rackSpaces)
      .set({ endDate: new Date() })
      .where(eq(rackSpaces.uuid, aEnd!.uuid));
    try {
      const port = await t.call({
        method: 'PUT',
        url: `/api/crossconnect/${existing.crossConnectId}`,
        as: demo.noc,
        payload: { aendport: '33' },
      });
      expect(port.statusCode, port.body).toBe(200);
      expect(port.json().payload.aendport).toBe('33');
      const move = await t.call({
        method: 'PUT',
        url: `/api/crossconnect/${existing.crossConnectId}`,
        as: demo.noc,
        payload: { bendrackspaceid: ended.rackId },
      });
      expect(move.statusCode).toBe(400);
      expect(problemOf(move)).toBe(`Rack space ${ended.rackId} has an end date and cannot be chosen`);
    } finally {
      await t.database.db.update(rackSpaces).set({ endDate: null }).where(eq(rackSpaces.uuid, aEnd!.uuid));
    }
  });

  it("answers 404 for another customer's or an unknown cross-connect before validating the body", async () => {
    const reply = await t.call({
      method: 'PUT',
      url: '/api/crossconnect/999999',
      as: demo.noc,
      payload: { walk: 1 },
    });
    expect(reply.statusCode).toBe(404);
    const bad = await t.call({ method: 'PUT', url: '/api/crossconnect/abc', as: demo.noc, payload: {} });
    expect(bad.statusCode).toBe(400);
    const ebh = await crossConnectOf(ids.ebh);
    for (const who of [demo.ungAdmin, demo.ungUser]) {
      const put = await t.call({
        method: 'PUT',
        url: `/api/crossconnect/${ebh.crossConnectId}`,
        as: who,
        payload: { walk: 1 },
      });
      // Customers may not change cross-connects at all: the permission answers before the scope.
      expect(put.statusCode).toBe(403);
    }
  });
});
