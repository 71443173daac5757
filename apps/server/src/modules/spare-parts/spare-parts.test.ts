import { type SparePart, sparePartMessages } from '@lightpath/domain/spare-parts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { sites } from '../../db/schema/inventory';
import { sparePartMovements, spareParts } from '../../db/schema/spare-parts';
import { stillInUseMessage } from '../../platform/error-handler';
import { buildTestApp, demo, problemOf, type TestApp } from '../../test/helper';

let t: TestApp;
let depots: { pop: number; exchange: number; vpls: number; customerSite: number };

type Page = { count: number; limit: number; offset: number; results: SparePart[] };

const unknownUuid = '6f1c1d8e-3c1a-4f5e-9b7d-2a9c0e4b5f61';

async function list(url: string, as: string = demo.noc): Promise<Page> {
  const reply = await t.call({ method: 'GET', url, as });
  expect(reply.statusCode, `${url}: ${reply.body.slice(0, 200)}`).toBe(200);
  return reply.json().payload;
}

async function countOf(table: typeof spareParts | typeof sparePartMovements) {
  const rows = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return rows[0]!.n;
}

// What a write changed: the two tables and the audit trail, so a refusal can show it wrote nothing.
async function footprint() {
  const rows = await t.database.query<{ parts: string; movements: string; audit: number }>(
    'test_spare_parts_footprint',
    `select (select string_agg(uuid::text || ':' || quantity || ':' || state || ':' || part_number, ',' order by uuid)
               from spare_parts) as parts,
            (select count(*)::int from spare_part_movements)::text as movements,
            (select count(*)::int from audit_log) as audit`,
    [],
  );
  return rows[0];
}

async function newPart(values: Partial<typeof spareParts.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(spareParts)
    .values({
      partNumber: 'TEST-PART',
      description: 'A part made for one test',
      depotSiteId: depots.pop,
      quantity: 5,
      state: 'available',
      ...values,
    })
    .returning({ uuid: spareParts.uuid });
  return row!.uuid;
}

async function providerId() {
  const [row] = await t.database.db
    .select({ id: customers.customerId })
    .from(customers)
    .where(eq(customers.isProvider, true));
  return row!.id;
}

async function siteOf(provider: boolean, siteType: number) {
  const [row] = await t.database.db
    .select({ siteId: sites.siteId })
    .from(sites)
    .innerJoin(customers, eq(customers.customerId, sites.customerId))
    .where(and(eq(customers.isProvider, provider), eq(sites.siteType, siteType)))
    .limit(1);
  return row!.siteId;
}

beforeAll(async () => {
  t = await buildTestApp();
  depots = {
    pop: await siteOf(true, 1),
    exchange: await siteOf(true, 5),
    vpls: await siteOf(false, 2),
    customerSite: await siteOf(false, 1),
  };
});
afterAll(() => t.close());

const valid = () => ({
  partnumber: 'SFP-10G-ZR',
  description: '10GBASE-ZR SFP+ optic, 80 km',
  depotsiteid: depots.exchange,
  quantity: 12,
});

describe('listing spare parts', () => {
  it('shows the NOC, the engineers and the technicians every part with its depot and last movement', async () => {
    const all = await list('/api/inventory?limit=1000');
    expect(all.count).toBe(await countOf(spareParts));
    expect(all.count).toBeGreaterThan(20);
    expect(all.results.length).toBe(all.count);
    for (const who of [demo.eng, demo.tech])
      expect((await list('/api/inventory?limit=1', who)).count).toBe(all.count);

    const depotNames = await t.database.query<{ uuid: string; name: string }>(
      'test_spare_part_depots',
      'select p.uuid::text as uuid, s.site_name as name from spare_parts p join sites s on s.site_id = p.depot_site_id',
      [],
    );
    const expected = new Map(depotNames.map((r) => [r.uuid, r.name]));
    for (const part of all.results) expect(part.depotsitename, part.partnumber).toBe(expected.get(part.uuid));

    const moved = all.results.filter((p) => p.lastmovement);
    expect(moved.length).toBeGreaterThan(0);
    const [latest] = await t.database.query<{ action: string; quantity: number }>(
      'test_spare_part_last_movement',
      `select action, quantity from spare_part_movements where part_uuid = $1
       order by at desc, movement_id desc limit 1`,
      [moved[0]!.uuid],
    );
    expect(moved[0]!.lastmovement).toMatchObject({ ...latest, by: expect.stringMatching(/\S/) });
  });

  it('filters by text, depot and state, sorts and pages', async () => {
    const optics = await list('/api/inventory?q=sfp%2B&limit=1000');
    expect(optics.count).toBeGreaterThan(0);
    expect(
      optics.results.every((p) => /sfp\+/i.test(`${p.partnumber} ${p.description} ${p.serial ?? ''}`)),
    ).toBe(true);
    const [serialised] = (await list('/api/inventory?sort=serial&limit=1')).results;
    const bySerial = await list(`/api/inventory?q=${serialised!.serial!.toLowerCase()}`);
    expect(bySerial.results.map((p) => p.uuid)).toContain(serialised!.uuid);

    const atPop = await list(`/api/inventory?depotsiteid=${depots.pop}&limit=1000`);
    expect(atPop.results.every((p) => p.depotsiteid === depots.pop)).toBe(true);
    const faulty = await list('/api/inventory?state=faulty&limit=1000');
    expect(faulty.results.every((p) => p.state === 'faulty')).toBe(true);

    const byQuantity = await list('/api/inventory?sort=-quantity&limit=1000');
    const quantities = byQuantity.results.map((p) => p.quantity);
    expect(quantities).toEqual([...quantities].sort((a, b) => b - a));

    const first = await list('/api/inventory?limit=10&offset=0');
    const second = await list('/api/inventory?limit=10&offset=10');
    expect(new Set([...first.results, ...second.results].map((p) => p.uuid)).size).toBe(20);
    const past = await list(`/api/inventory?offset=${first.count + 5}`);
    expect(past).toMatchObject({ count: first.count, results: [] });
  });

  it('refuses a bad filter with 400', async () => {
    for (const query of ['state=lost', 'depotsiteid=abc', 'limit=0']) {
      const reply = await t.call({ method: 'GET', url: `/api/inventory?${query}`, as: demo.noc });
      expect(reply.statusCode, query).toBe(400);
    }
  });
});

describe('adding a spare part', () => {
  it('adds it at a depot, audited, and answers it as the list does', async () => {
    const before = await t.auditCount('sparepart.create');
    const reply = await t.call({ method: 'POST', url: '/api/inventory', as: demo.eng, payload: valid() });
    expect(reply.statusCode, reply.body).toBe(201);
    const body = reply.json();
    expect(body.message).toBe(sparePartMessages.created);
    expect(body.payload).toMatchObject({ ...valid(), serial: null, state: 'available', lastmovement: null });
    expect(body.payload.depotsitename).toMatch(/Exchange/);
    expect(await t.auditCount('sparepart.create')).toBe(before + 1);
    const listed = await list(`/api/inventory?q=${encodeURIComponent('SFP-10G-ZR')}`);
    expect(listed.results).toContainEqual(body.payload);
  });

  it.each([
    ['no part number', { partnumber: '' }, sparePartMessages.partNumberRequired],
    [
      'a serial with a quantity of two',
      { serial: 'ZR000001', quantity: 2 },
      sparePartMessages.serialQuantity,
    ],
    ['an unknown state', { state: 'lost' }, sparePartMessages.stateInvalid],
    ['a field that is not ours', { customerid: 1 }, 'Unrecognized key: "customerid"'],
  ])('refuses %s with 400 and writes nothing', async (_label, change, message) => {
    const before = await footprint();
    const reply = await t.call({
      method: 'POST',
      url: '/api/inventory',
      as: demo.noc,
      payload: { ...valid(), ...change },
    });
    expect(reply.statusCode).toBe(400);
    expect(problemOf(reply)).toBe(message);
    expect(await footprint()).toEqual(before);
  });

  it("refuses a depot that is not one of the provider's PoPs or exchanges", async () => {
    for (const depotsiteid of [depots.customerSite, depots.vpls, 2_000_000_000]) {
      const before = await footprint();
      const reply = await t.call({
        method: 'POST',
        url: '/api/inventory',
        as: demo.noc,
        payload: { ...valid(), depotsiteid },
      });
      expect(reply.statusCode, String(depotsiteid)).toBe(400);
      expect(problemOf(reply)).toBe(sparePartMessages.depotNotProvider);
      expect(await footprint()).toEqual(before);
    }
  });

  it('refuses a serial number already recorded for the part number with 409', async () => {
    await newPart({ partNumber: 'NTK-DUP', serial: 'DUP-1', quantity: 1 });
    const before = await footprint();
    const reply = await t.call({
      method: 'POST',
      url: '/api/inventory',
      as: demo.noc,
      payload: { ...valid(), partnumber: 'NTK-DUP', serial: 'DUP-1', quantity: 1 },
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe(sparePartMessages.serialTaken);
    expect(await footprint()).toEqual(before);
  });
});

describe('updating and deleting a spare part', () => {
  it('changes only the fields sent, audited', async () => {
    const uuid = await newPart();
    const reply = await t.call({
      method: 'PUT',
      url: `/api/inventory/${uuid}`,
      as: demo.noc,
      payload: { state: 'faulty', quantity: 3 },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({
      message: sparePartMessages.updated,
      payload: { uuid, state: 'faulty', quantity: 3, partnumber: 'TEST-PART' },
    });
    expect(await t.auditCount('sparepart.update')).toBeGreaterThan(0);
  });

  it('checks a new quantity against the stored serial, and a new depot', async () => {
    const uuid = await newPart({ partNumber: 'NTK-SER', serial: 'SER-1', quantity: 1 });
    for (const [payload, message] of [
      [{ quantity: 4 }, sparePartMessages.serialQuantity],
      [{ depotsiteid: depots.customerSite }, sparePartMessages.depotNotProvider],
    ] as const) {
      const before = await footprint();
      const reply = await t.call({ method: 'PUT', url: `/api/inventory/${uuid}`, as: demo.noc, payload });
      expect(reply.statusCode).toBe(400);
      expect(problemOf(reply)).toBe(message);
      expect(await footprint()).toEqual(before);
    }
  });

  it('answers 404 for an unknown part before looking at the body, and 400 for a malformed id', async () => {
    const unknown = await t.call({
      method: 'PUT',
      url: `/api/inventory/${unknownUuid}`,
      as: demo.noc,
      payload: { quantity: -4 },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(sparePartMessages.notFound);
    const malformed = await t.call({ method: 'DELETE', url: '/api/inventory/42', as: demo.noc });
    expect(malformed.statusCode).toBe(400);
    expect(problemOf(malformed)).toBe(sparePartMessages.uuidInvalid);
    const gone = await t.call({ method: 'DELETE', url: `/api/inventory/${unknownUuid}`, as: demo.noc });
    expect(gone.statusCode).toBe(404);
  });

  it('deletes a part with its movements, audited', async () => {
    const uuid = await newPart();
    await t.call({
      method: 'POST',
      url: '/api/inventory/ventia',
      as: demo.tech,
      payload: { uuid, action: 'take' },
    });
    const reply = await t.call({ method: 'DELETE', url: `/api/inventory/${uuid}`, as: demo.eng });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().message).toBe(sparePartMessages.deleted);
    const left = await t.database.db
      .select()
      .from(sparePartMovements)
      .where(eq(sparePartMovements.partUuid, uuid));
    expect(left).toEqual([]);
    expect(await t.auditCount('sparepart.delete')).toBeGreaterThan(0);
  });
});

describe('a technician records a part taken or returned', () => {
  it('takes from the stock and returns to it, keeping who, when and the job', async () => {
    const uuid = await newPart({ quantity: 5 });
    const take = await t.call({
      method: 'POST',
      url: '/api/inventory/ventia',
      as: demo.tech,
      payload: {
        uuid,
        action: 'take',
        quantity: 2,
        jobreference: 'JOB-40411',
        note: 'Failed optic at Eastbrook',
      },
    });
    expect(take.statusCode, take.body).toBe(200);
    expect(take.json().message).toBe('2 × TEST-PART taken from the depot');
    expect(take.json().payload).toMatchObject({
      uuid,
      quantity: 3,
      lastmovement: {
        action: 'take',
        quantity: 2,
        jobreference: 'JOB-40411',
        by: expect.stringMatching(/\S/),
      },
    });
    expect(await t.auditCount('sparepart.take')).toBeGreaterThan(0);

    const back = await t.call({
      method: 'POST',
      url: '/api/inventory/ventia',
      as: demo.noc,
      payload: { uuid, action: 'return' },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().payload).toMatchObject({
      quantity: 4,
      lastmovement: { action: 'return', quantity: 1 },
    });
    const movements = await t.database.db
      .select()
      .from(sparePartMovements)
      .where(eq(sparePartMovements.partUuid, uuid));
    expect(movements.map((m) => [m.action, m.quantity, m.note])).toEqual([
      ['take', 2, 'Failed optic at Eastbrook'],
      ['return', 1, null],
    ]);
  });

  it.each([
    [
      'more than the depot holds',
      { quantity: 2 },
      { action: 'take', quantity: 3 },
      'Only 2 of this part in stock',
    ],
    ['from an empty depot', { quantity: 0 }, { action: 'take' }, 'None of this part is in stock'],
    ['a faulty part', { state: 'faulty' }, { action: 'take' }, sparePartMessages.takeOnlyAvailable],
    ['an unknown action', {}, { action: 'borrow' }, sparePartMessages.actionInvalid],
    ['a quantity of 0', {}, { action: 'take', quantity: 0 }, sparePartMessages.movementQuantityInvalid],
  ])('refuses %s with 400 and writes nothing', async (_label, part, movement, message) => {
    const uuid = await newPart(part);
    const before = await footprint();
    const reply = await t.call({
      method: 'POST',
      url: '/api/inventory/ventia',
      as: demo.tech,
      payload: { uuid, ...movement },
    });
    expect(reply.statusCode).toBe(400);
    expect(problemOf(reply)).toBe(message);
    expect(await footprint()).toEqual(before);
  });

  it('answers 404 for an unknown part before the rest of the body, and 400 for a malformed one', async () => {
    const unknown = await t.call({
      method: 'POST',
      url: '/api/inventory/ventia',
      as: demo.tech,
      payload: { uuid: unknownUuid, action: 'borrow' },
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.call({
      method: 'POST',
      url: '/api/inventory/ventia',
      as: demo.tech,
      payload: { uuid: 'part-7', action: 'take' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(problemOf(malformed)).toBe(sparePartMessages.uuidInvalid);
  });

  it('never takes the stock below zero when two technicians take the last one at once', async () => {
    const uuid = await newPart({ quantity: 1 });
    const replies = await Promise.all(
      [demo.tech, demo.noc].map((as) =>
        t.call({ method: 'POST', url: '/api/inventory/ventia', as, payload: { uuid, action: 'take' } }),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const [row] = await t.database.db.select().from(spareParts).where(eq(spareParts.uuid, uuid));
    expect(row!.quantity).toBe(0);
  });
});

describe('a depot with parts', () => {
  it('cannot be deleted from under them: 409, and the site and its parts stay', async () => {
    // A PoP of its own with no services, so only the part holds it.
    const [site] = await t.database.db
      .insert(sites)
      .values({
        siteNumber: 'S0777',
        siteName: 'Test Depot PoP',
        siteType: 1,
        customerId: await providerId(),
      })
      .returning({ siteId: sites.siteId });
    const uuid = await newPart({ depotSiteId: site!.siteId });
    const before = await footprint();
    const reply = await t.call({ method: 'DELETE', url: `/api/site/${site!.siteId}`, as: demo.noc });
    expect(reply.statusCode, reply.body).toBe(409);
    expect(reply.json().message).toBe(stillInUseMessage);
    expect(await footprint()).toEqual(before);
    expect(await t.database.db.select().from(sites).where(eq(sites.siteId, site!.siteId))).toHaveLength(1);
    await t.call({ method: 'DELETE', url: `/api/inventory/${uuid}`, as: demo.noc });
    const after = await t.call({ method: 'DELETE', url: `/api/site/${site!.siteId}`, as: demo.noc });
    expect(after.statusCode, after.body).toBe(200);
  });
});

describe('who may do what', () => {
  it('lets the technician view and record but not edit; refuses customers everything', async () => {
    const uuid = await newPart();
    const edit = await t.call({
      method: 'PUT',
      url: `/api/inventory/${uuid}`,
      as: demo.tech,
      payload: { quantity: 1 },
    });
    expect(edit.statusCode).toBe(403);
    const add = await t.call({ method: 'POST', url: '/api/inventory', as: demo.tech, payload: valid() });
    expect(add.statusCode).toBe(403);
    for (const who of [demo.ungAdmin, demo.ungUser, demo.ebhAdmin]) {
      for (const [method, url, payload] of [
        ['GET', '/api/inventory', undefined],
        ['POST', '/api/inventory/ventia', { uuid, action: 'take' }],
        ['DELETE', `/api/inventory/${uuid}`, undefined],
      ] as const) {
        const reply = await t.call({ method, url, as: who, ...(payload ? { payload } : {}) });
        expect(reply.statusCode, `${who} ${method} ${url}`).toBe(403);
      }
    }
    const [row] = await t.database.db.select().from(spareParts).where(eq(spareParts.uuid, uuid));
    expect(row!.quantity).toBe(5);
  });
});
