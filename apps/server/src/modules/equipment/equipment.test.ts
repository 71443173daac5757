import {
  equipmentMessages,
  type Shelf,
  type ShelfDetail,
  shelfUpdateTexts,
} from '@lightpath/domain/equipment';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import {
  equipmentAlarms,
  equipmentCards,
  equipmentParts,
  equipmentPorts,
  shelves,
} from '../../db/schema/equipment';
import { services, sites } from '../../db/schema/inventory';
import { outbox } from '../../db/schema/platform';
import { rowsOf } from '../../db/statements';
import type { DeviceInventory, DiscoveredShelfFacts } from '../../integrations/devices/devices';
import { DeviceUnreachable } from '../../integrations/devices/devices';
import { simulatedDeviceInventory } from '../../integrations/devices/simulator';
import { ZabbixError } from '../../integrations/zabbix/zabbix';
import { buildTestApp, demo, problemOf, type TestApp } from '../../test/helper';
import { recordFailure, recordSuccess } from '../integrations/repository';
import { syncAlarms } from './alarms';

let t: TestApp;
let pop: { siteId: number; shelfId: number; name: string };

type Page = { count: number; limit: number; offset: number; results: Shelf[] };

async function get<T>(url: string, as: string = demo.noc): Promise<T> {
  const reply = await t.call({ method: 'GET', url, as });
  expect(reply.statusCode, `${url}: ${reply.body.slice(0, 300)}`).toBe(200);
  return reply.json().payload;
}

// Everything a refused write could have touched, so a 400 can show it wrote nothing.
async function footprint() {
  const rows = await t.database.query<{
    shelves: string;
    cards: number;
    ports: number;
    parts: string;
    audit: number;
    mail: number;
  }>(
    'test_equipment_footprint',
    `select (select string_agg(shelf_id || ':' || name || ':' || coalesce(spack, '') || ':' || site_id, ',' order by shelf_id)
               from shelves) as shelves,
            (select count(*)::int from equipment_cards) as cards,
            (select count(*)::int from equipment_ports) as ports,
            (select string_agg(shelf_id || ':' || name || ':' || coalesce(serial, ''), ',' order by shelf_id, name)
               from equipment_parts) as parts,
            (select count(*)::int from audit_log) as audit,
            (select count(*)::int from outbox) as mail`,
    [],
  );
  return rows[0];
}

async function newShelf(name: string, values: Partial<typeof shelves.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(shelves)
    .values({
      name,
      siteId: pop.siteId,
      vendor: 'Ciena',
      model: '5170',
      spack: 'SAOS 10.8.2',
      ipAddress: '192.0.2.10',
      ...values,
    })
    .returning({ id: shelves.shelfId });
  const [card] = await t.database.db
    .insert(equipmentCards)
    .values({ shelfId: row!.id, slot: 0, equipId: `T${name}`, cardType: '5170 base', serial: 'NNTM1' })
    .returning({ id: equipmentCards.cardId });
  await t.database.db.insert(equipmentPorts).values(
    [0, 1, 2].map((n) => ({
      portId: `${name}-ge-0-0-${n}`,
      shelfId: row!.id,
      cardId: card!.id,
      name: `ge-0-0-${n}`,
      handoff: true,
    })),
  );
  return row!.id;
}

// A device that answers what the test says, so each outcome of Update Shelf is chosen, not found.
function scriptedDevices(answers: Map<string, DiscoveredShelfFacts | 'unreachable'>): DeviceInventory {
  return {
    kind: 'simulator',
    async discover(shelf) {
      const answer = answers.get(shelf.name);
      if (answer === 'unreachable') throw new DeviceUnreachable(shelf.name);
      return answer ?? { spack: shelf.spack, serial: shelf.serial, cards: shelf.cards, parts: shelf.parts };
    },
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  const [row] = await t.database.db
    .select({ siteId: sites.siteId, shelfId: shelves.shelfId, name: shelves.name })
    .from(shelves)
    .innerJoin(sites, eq(sites.siteId, shelves.siteId))
    .where(sql`${shelves.name} ~ '^S[0-9]{4}pe$'`)
    .orderBy(shelves.name)
    .limit(1);
  pop = row!;
});
afterAll(() => t.close());

describe('who sees equipment', () => {
  it('shows the NOC, the engineers and the technicians every shelf, and refuses customers with 403', async () => {
    const [counted] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(shelves);
    for (const who of [demo.noc, demo.eng, demo.tech])
      expect((await get<Page>('/api/shelves?limit=1', who)).count).toBe(counted!.n);
    for (const who of [demo.ungAdmin, demo.ungUser]) {
      for (const url of [
        '/api/shelves',
        '/api/equipmentcards',
        `/api/equipment/${pop.shelfId}`,
        `/api/equipment/${pop.shelfId}/ports`,
        `/api/equipment/${pop.shelfId}/alarms`,
        `/api/equipment/${pop.shelfId}/inventory/csv`,
        `/api/site/${pop.siteId}/equipment`,
        `/api/tools/spackstats/${pop.shelfId}`,
      ])
        expect((await t.call({ method: 'GET', url, as: who })).statusCode, url).toBe(403);
    }
  });

  it('lets only the NOC and the engineers change shelves, and only the NOC remove one', async () => {
    const id = await newShelf('perm-test');
    for (const who of [demo.tech, demo.ungAdmin]) {
      expect((await t.call({ method: 'POST', url: '/api/equipment', as: who, payload: {} })).statusCode).toBe(
        403,
      );
      expect(
        (await t.call({ method: 'PUT', url: `/api/equipment/${id}`, as: who, payload: {} })).statusCode,
      ).toBe(403);
    }
    expect((await t.call({ method: 'DELETE', url: `/api/equipment/${id}`, as: demo.eng })).statusCode).toBe(
      403,
    );
    expect((await t.call({ method: 'DELETE', url: `/api/equipment/${id}`, as: demo.noc })).statusCode).toBe(
      200,
    );
  });
});

describe('the shelf list', () => {
  it('gives each shelf its site, counts and alarms as the tables hold them', async () => {
    const page = await get<Page>('/api/shelves?limit=1000');
    const shelf = page.results.find((s) => s.equipmentid === pop.shelfId)!;
    const [cards] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(equipmentCards)
      .where(eq(equipmentCards.shelfId, pop.shelfId));
    const [ports] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(equipmentPorts)
      .where(eq(equipmentPorts.shelfId, pop.shelfId));
    expect(shelf).toMatchObject({
      equipmentname: pop.name,
      siteid: pop.siteId,
      vendor: 'Juniper',
      cards: cards!.n,
      ports: ports!.n,
    });
    expect(shelf.ports).toBe(200);
    expect(shelf.sitename).toMatch(/PoP$/);
  });

  it('filters by site, vendor, customer, alarm level and text, sorts and pages', async () => {
    const atPop = await get<Page>(`/api/shelves?siteid=${pop.siteId}`);
    expect(atPop.results.every((s) => s.siteid === pop.siteId)).toBe(true);
    expect(atPop.results.map((s) => s.equipmentname)).toContain(pop.name);

    const ciena = await get<Page>('/api/shelves?vendor=Ciena&limit=1000');
    expect(ciena.count).toBeGreaterThan(0);
    expect(ciena.results.every((s) => s.vendor === 'Ciena')).toBe(true);

    // A customer's shelves: its CPEs and the PoP routers its services run through.
    const [ung] = await t.database.db.select().from(customers).where(eq(customers.customerCode, 'UNG'));
    const ungShelves = await get<Page>(`/api/shelves?customerid=${ung!.customerId}&limit=1000`);
    const names = ungShelves.results.map((s) => s.equipmentname);
    expect(names.some((n) => n.startsWith('UNGS'))).toBe(true);
    const [ungService] = await t.database.db
      .select({ port: services.bEndPortId })
      .from(services)
      .where(and(eq(services.customerId, ung!.customerId), sql`${services.bEndPortId} ~ '^S[0-9]{4}pe'`))
      .limit(1);
    expect(names).toContain(ungService!.port!.replace(/-xe-.*$/, ''));
    expect(names.some((n) => n.startsWith('EBHS'))).toBe(false);
    // Exactly the shelves at its sites or on its services' ends, counted, sorted by site and paged.
    const definition = await t.database.db.execute(
      sql`select sh.shelf_id as id from shelves sh join sites st on st.site_id = sh.site_id
        where st.customer_id = ${ung!.customerId} or sh.shelf_id in (
          select p.shelf_id from services s join equipment_ports p on p.port_id in (s.a_end_port_id, s.b_end_port_id)
            where s.customer_id = ${ung!.customerId})
        order by st.site_name, sh.name, sh.shelf_id`,
    );
    const expectedIds = (definition as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
    const bySiteName = await get<Page>(`/api/shelves?customerid=${ung!.customerId}&sort=sitename&limit=1000`);
    expect(bySiteName.results.map((s) => s.equipmentid)).toEqual(expectedIds);
    expect(bySiteName.count).toBe(expectedIds.length);
    const secondPage = await get<Page>(
      `/api/shelves?customerid=${ung!.customerId}&sort=sitename&limit=3&offset=3`,
    );
    expect(secondPage.results.map((s) => s.equipmentid)).toEqual(expectedIds.slice(3, 6));

    const found = await get<Page>(`/api/shelves?q=${pop.name.toLowerCase()}`);
    expect(found.results.map((s) => s.equipmentname)).toContain(pop.name);
    // A site's name finds the shelves there.
    const popSite = atPop.results[0]!.sitename;
    const bySite = await get<Page>(`/api/shelves?q=${encodeURIComponent(popSite.split(' ')[0]!)}&limit=1000`);
    expect(bySite.results.map((s) => s.equipmentname)).toEqual(
      expect.arrayContaining(atPop.results.map((s) => s.equipmentname)),
    );

    const sorted = await get<Page>('/api/shelves?sort=-equipmentname&limit=5');
    const names5 = sorted.results.map((s) => s.equipmentname);
    expect(names5).toEqual([...names5].sort().reverse());
    const second = await get<Page>('/api/shelves?sort=-equipmentname&limit=5&offset=5');
    expect(second.results.map((s) => s.equipmentname).some((n) => names5.includes(n))).toBe(false);

    const past = await get<Page>('/api/shelves?offset=100000');
    expect(past.results).toEqual([]);
    expect(past.count).toBe(sorted.count);
  });

  it('counts and filters alarms by level and sorts the worst first', async () => {
    const [a, b] = await Promise.all([newShelf('alarm-a'), newShelf('alarm-b')]);
    const raised = new Date('2026-11-01T00:00:00Z');
    await t.database.db.insert(equipmentAlarms).values([
      {
        eventId: 'test-1',
        shelfId: a,
        triggerId: '1',
        level: 'critical',
        description: 'Down',
        raisedAt: raised,
      },
      { eventId: 'test-2', shelfId: b, triggerId: '2', level: 'major', description: 'PSU', raisedAt: raised },
      { eventId: 'test-3', shelfId: b, triggerId: '3', level: 'major', description: 'Fan', raisedAt: raised },
    ]);
    const critical = await get<Page>('/api/shelves?alarmlevel=critical&limit=1000');
    expect(critical.results.map((s) => s.equipmentid)).toContain(a);
    expect(critical.results.map((s) => s.equipmentid)).not.toContain(b);
    const worst = await get<Page>('/api/shelves?sort=-alarms&limit=1000');
    const ids = worst.results.map((s) => s.equipmentid);
    expect(ids.indexOf(a)).toBeLessThan(ids.indexOf(b));
    expect(worst.results.find((s) => s.equipmentid === b)!.alarms).toEqual({
      warning: 0,
      minor: 0,
      major: 2,
      critical: 0,
    });
  });

  it("keeps each shelf's alarm counts exact through every kind of write to the alarms", async () => {
    // The counts the lists read (shelf_alarm_counts, kept by migration 0032's triggers) against the
    // alarms themselves, grouped now: after each write below they must agree for every shelf.
    const expectKeptCountsExact = async (step: string) => {
      const kept = await t.database.query<Record<string, number>>(
        'test_kept_alarm_counts',
        `select shelf_id as id, critical, major, minor, warning, score::float8 as score from shelf_alarm_counts
          where critical <> 0 or major <> 0 or minor <> 0 or warning <> 0 order by shelf_id`,
        [],
      );
      const grouped = await t.database.query<Record<string, number>>(
        'test_grouped_alarm_counts',
        `select shelf_id as id, count(*) filter (where level = 'critical')::int as critical,
            count(*) filter (where level = 'major')::int as major,
            count(*) filter (where level = 'minor')::int as minor,
            count(*) filter (where level = 'warning')::int as warning,
            (count(*) filter (where level = 'critical') * 1e9 + count(*) filter (where level = 'major') * 1e6
              + count(*) filter (where level = 'minor') * 1e3 + count(*) filter (where level = 'warning'))::float8 as score
          from equipment_alarms group by shelf_id order by shelf_id`,
        [],
      );
      expect(kept, step).toEqual(grouped);
    };
    await expectKeptCountsExact('the seeded alarms');
    const [a, b] = await Promise.all([newShelf('kept-a'), newShelf('kept-b')]);
    const raised = new Date('2026-11-02T00:00:00Z');
    const alarm = (eventId: string, shelfId: number, level: string) => ({
      eventId,
      shelfId,
      triggerId: eventId,
      level,
      description: `Alarm ${eventId}`,
      raisedAt: raised,
    });
    await t.database.db
      .insert(equipmentAlarms)
      .values([alarm('k1', a, 'minor'), alarm('k2', a, 'minor'), alarm('k3', b, 'warning')]);
    await expectKeptCountsExact('three alarms added in one statement');
    // An insert that meets an alarm already there updates it (the alarm job's write): a level raised.
    await t.database.db
      .insert(equipmentAlarms)
      .values([alarm('k1', a, 'critical'), alarm('k4', b, 'major')])
      .onConflictDoUpdate({ target: equipmentAlarms.eventId, set: { level: sql`excluded.level` } });
    await expectKeptCountsExact('a level raised and an alarm added by one upsert');
    await t.database.db.update(equipmentAlarms).set({ shelfId: b }).where(eq(equipmentAlarms.eventId, 'k2'));
    await expectKeptCountsExact('an alarm moved to another shelf');
    // A write that leaves a shelf's counts as they were (acknowledged, retitled, its level swapped with
    // another alarm's on the same shelf) leaves its row of counts unwritten: no dead row (migration 0033).
    const versionOfCounts = async (shelfId: number) =>
      (
        await t.database.query<{ version: string }>(
          'test_kept_counts_row_version',
          'select xmin::text as version from shelf_alarm_counts where shelf_id = $1',
          [shelfId],
        )
      )[0]?.version;
    const [aBefore, bBefore] = [await versionOfCounts(a), await versionOfCounts(b)];
    expect(aBefore).toBeDefined();
    await t.database.db
      .update(equipmentAlarms)
      .set({ acknowledged: true, description: 'Acknowledged' })
      .where(inArray(equipmentAlarms.eventId, ['k1', 'k2']));
    await t.database.db.execute(sql`update equipment_alarms
      set level = case event_id when 'k2' then 'major' else 'minor' end where event_id in ('k2', 'k4')`);
    await expectKeptCountsExact('alarms acknowledged, retitled and swapping levels');
    expect([await versionOfCounts(a), await versionOfCounts(b)]).toEqual([aBefore, bBefore]);
    const worst = await get<Page>('/api/shelves?alarmlevel=critical&sort=-alarms&limit=1000');
    expect(worst.results.find((s) => s.equipmentid === a)!.alarms).toEqual({
      warning: 0,
      minor: 0,
      major: 0,
      critical: 1,
    });
    expect(
      (await get<Page>('/api/shelves?alarmlevel=minor&limit=1000')).results.map((s) => s.equipmentid),
    ).toContain(b);
    await t.database.db.delete(equipmentAlarms).where(eq(equipmentAlarms.eventId, 'k1'));
    await expectKeptCountsExact('an alarm ended');
    const ended = await get<Page>('/api/shelves?alarmlevel=critical&limit=1000');
    expect(ended.results.map((s) => s.equipmentid)).not.toContain(a);
    expect((await get<Page>(`/api/shelves?q=kept-a`)).results[0]!.alarms).toEqual({
      warning: 0,
      minor: 0,
      major: 0,
      critical: 0,
    });
    // A shelf deleted with its alarms (they go by cascade) takes its counts with it.
    expect((await t.call({ method: 'DELETE', url: `/api/equipment/${b}`, as: demo.noc })).statusCode).toBe(
      200,
    );
    await expectKeptCountsExact('a shelf deleted with its alarms');
    const left = await t.database.query<{ n: number }>(
      'test_kept_counts_of_deleted_shelf',
      'select count(*)::int as n from shelf_alarm_counts where shelf_id = $1',
      [b],
    );
    expect(left[0]!.n).toBe(0);
    await t.database.db.execute(sql`truncate equipment_alarms`);
    await expectKeptCountsExact('every alarm truncated');
    expect((await get<Page>('/api/shelves?alarmlevel=warning&limit=1000')).count).toBe(0);
    // The alarm job's first round: Zabbix's problems written in batches.
    expect((await syncAlarms(t.app.dependencies))!.written).toBeGreaterThan(0);
    await expectKeptCountsExact("the alarm job's first round");
    const majors = await t.database.query<{ id: number }>(
      'test_shelves_with_major_alarms',
      `select distinct shelf_id as id from equipment_alarms where level = 'major'`,
      [],
    );
    expect(majors.length).toBeGreaterThan(0);
    const listed = await get<Page>('/api/shelves?alarmlevel=major&sort=-alarms&limit=1000');
    expect(listed.results.map((s) => s.equipmentid).sort()).toEqual(majors.map((m) => m.id).sort());
    expect(listed.count).toBe(majors.length);
  });

  it("keeps each shelf's card and port counts exact through every kind of write to its cards and ports", async () => {
    // The counts the lists read (shelf_part_counts, kept by migration 0035's triggers) against the cards
    // and ports themselves, counted now, for every shelf with any.
    type Counted = { id: number; cards: number; ports: number };
    const keptText = `select shelf_id as id, cards, ports from shelf_part_counts
      where cards <> 0 or ports <> 0 order by shelf_id`;
    const countedText = `select shelf_id as id, sum(cards)::int as cards, sum(ports)::int as ports from (
        select shelf_id, count(*) as cards, 0 as ports from equipment_cards group by shelf_id
        union all select shelf_id, 0, count(*) from equipment_ports group by shelf_id
      ) parts group by shelf_id order by shelf_id`;
    const expectKeptPartCountsExact = async (step: string) => {
      const kept = await t.database.query<Counted>('test_kept_part_counts', keptText, []);
      const counted = await t.database.query<Counted>('test_counted_part_counts', countedText, []);
      expect(kept.length, step).toBeGreaterThan(0);
      expect(kept, step).toEqual(counted);
    };
    const keptOf = async (shelfId: number) =>
      (
        await t.database.query<Counted & { version: string }>(
          'test_kept_part_counts_of_shelf',
          'select shelf_id as id, cards, ports, xmin::text as version from shelf_part_counts where shelf_id = $1',
          [shelfId],
        )
      )[0];
    await expectKeptPartCountsExact('the seeded shelves');
    // A new shelf's card and three ports, each added in one statement (newShelf).
    const [a, b] = [await newShelf('parts-a'), await newShelf('parts-b')];
    await expectKeptPartCountsExact('two shelves added with their cards and ports');
    expect(await keptOf(a)).toMatchObject({ cards: 1, ports: 3 });
    // A port's state and name changed: the counts are as they were, their row unwritten.
    const before = await keptOf(a);
    await t.database.db
      .update(equipmentPorts)
      .set({ state: 'down', name: 'ge-0-0-9' })
      .where(eq(equipmentPorts.portId, 'parts-a-ge-0-0-0'));
    expect(await keptOf(a)).toEqual(before);
    // A card and a port moved to the other shelf in one statement each.
    const [cardOfB] = await t.database.db
      .select({ id: equipmentCards.cardId })
      .from(equipmentCards)
      .where(eq(equipmentCards.shelfId, b));
    await t.database.db
      .update(equipmentPorts)
      .set({ shelfId: b, cardId: cardOfB!.id })
      .where(eq(equipmentPorts.portId, 'parts-a-ge-0-0-1'));
    await expectKeptPartCountsExact('a port moved to another shelf');
    expect(await keptOf(b)).toMatchObject({ cards: 1, ports: 4 });
    // A card removed takes its ports with it (by cascade).
    await t.database.db.delete(equipmentCards).where(eq(equipmentCards.cardId, cardOfB!.id));
    await expectKeptPartCountsExact('a card removed with its ports');
    expect(await keptOf(b)).toMatchObject({ cards: 0, ports: 0 });
    const listed = (await get<Page>('/api/shelves?q=parts-&limit=1000')).results;
    expect(listed.map((s) => [s.equipmentname, s.cards, s.ports])).toEqual([
      ['parts-a', 1, 2],
      ['parts-b', 0, 0],
    ]);
    // A shelf removed with its cards and ports takes its counts with it.
    expect((await t.call({ method: 'DELETE', url: `/api/equipment/${a}`, as: demo.noc })).statusCode).toBe(
      200,
    );
    await expectKeptPartCountsExact('a shelf removed with its cards and ports');
    expect(await keptOf(a)).toBeUndefined();
    // Every port, then every card, truncated: in a transaction rolled back, so later tests keep them.
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`truncate equipment_ports cascade`);
        const afterPorts = rowsOf<Counted>(await tx.execute(sql.raw(keptText)));
        expect(afterPorts.every((row) => row.ports === 0 && row.cards > 0)).toBe(true);
        expect(afterPorts).toEqual(rowsOf<Counted>(await tx.execute(sql.raw(countedText))));
        await tx.execute(sql`truncate equipment_cards cascade`);
        expect(rowsOf<Counted>(await tx.execute(sql.raw(keptText)))).toEqual([]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectKeptPartCountsExact('after the truncates were rolled back');
    await t.database.db.delete(shelves).where(eq(shelves.shelfId, b));
  });

  it('refuses a malformed filter with 400', async () => {
    for (const url of [
      '/api/shelves?vendor=Acme',
      '/api/shelves?alarmlevel=bad',
      '/api/shelves?siteid=x',
      '/api/equipmentcards?state=melted',
    ]) {
      const reply = await t.call({ method: 'GET', url, as: demo.noc });
      expect(reply.statusCode, url).toBe(400);
    }
  });

  it('lists cards across shelves, filtered by shelf and state', async () => {
    const page = await get<{
      count: number;
      results: { equipmentid: number; slot: number; equipid: string }[];
    }>(`/api/equipmentcards?equipmentid=${pop.shelfId}&sort=slot`);
    expect(page.count).toBe(12);
    expect(page.results.map((c) => c.slot)).toEqual([...Array(12).keys()]);
    expect(new Set(page.results.map((c) => c.equipid)).size).toBe(12);
  });
});

describe('a shelf', () => {
  it('opens with its cards by slot, its ports with the services on them and its alarms', async () => {
    const detail = await get<ShelfDetail>(`/api/equipment/${pop.shelfId}`);
    expect(detail.cardlist.map((c) => c.slot)).toEqual([...Array(12).keys()]);
    expect(detail.portlist).toHaveLength(200);
    // Natural order within a card: xe-1-0-2 before xe-1-0-10.
    expect(detail.portlist.slice(0, 3).map((p) => p.name)).toEqual(['xe-1-0-0', 'xe-1-0-1', 'xe-1-0-2']);
    const carried = await t.database.db
      .select({ serviceId: services.serviceId, port: services.bEndPortId })
      .from(services)
      .where(sql`${services.bEndPortId} like ${`${pop.name}-%`}`);
    expect(carried.length).toBeGreaterThan(0);
    for (const service of carried) {
      const port = detail.portlist.find((p) => p.portid === service.port)!;
      expect(port.service).toMatchObject({ serviceid: service.serviceId, end: 'B' });
      expect(port.state).toBe('up');
    }
    expect(detail.portlist.filter((p) => p.service).length).toBe(carried.length);
    expect(await get(`/api/equipment/${pop.shelfId}/ports`)).toEqual(detail.portlist);
    expect(await get(`/api/equipment/${pop.shelfId}/alarms`)).toEqual(detail.alarmlist);
  });

  it("lists its parts that are not cards, the model's power supplies and fan trays, in the inventory files too", async () => {
    const detail = await get<ShelfDetail>(`/api/equipment/${pop.shelfId}`);
    expect(detail.model).toBe('MX960');
    expect(detail.partlist.map((p) => [p.name, p.partnumber])).toEqual([
      ['Fan tray 0', 'FFANTRAY-MX960-HC-S'],
      ['Fan tray 1', 'FFANTRAY-MX960-HC-S'],
      ['PEM 0', 'PWR-MX960-4100-AC-S'],
      ['PEM 1', 'PWR-MX960-4100-AC-S'],
    ]);
    const rows = await t.database.db
      .select()
      .from(equipmentParts)
      .where(eq(equipmentParts.shelfId, pop.shelfId));
    expect(detail.partlist).toEqual(
      expect.arrayContaining(rows.map((r) => ({ name: r.name, partnumber: r.partNumber, serial: r.serial }))),
    );
    expect(detail.partlist.every((p) => /^JN\d{8}$/.test(p.serial ?? ''))).toBe(true);
    const csv = await t.call({
      method: 'GET',
      url: `/api/equipment/${pop.shelfId}/inventory/csv`,
      as: demo.eng,
    });
    const partLines = csv.body.split('\r\n').filter((line) => line.startsWith('part,'));
    expect(partLines).toHaveLength(4);
    expect(partLines[2]).toBe(`part,,PEM 0,PWR-MX960-4100-AC-S,,${detail.partlist[2]!.serial},,`);
    // A shelf added by hand has none recorded until Update Shelf asks the device.
    const id = await newShelf('no-parts-test');
    expect((await get<ShelfDetail>(`/api/equipment/${id}`)).partlist).toEqual([]);
  });

  it('answers 404 for an unknown shelf and 400 for a malformed id', async () => {
    for (const url of [
      '/api/equipment/999999',
      '/api/equipment/999999/ports',
      '/api/tools/spackstats/999999',
    ])
      expect((await t.call({ method: 'GET', url, as: demo.noc })).statusCode, url).toBe(404);
    for (const url of ['/api/equipment/abc', '/api/equipment/1.5', '/api/equipment/1/inventory/xml'])
      expect((await t.call({ method: 'GET', url, as: demo.noc })).statusCode, url).toBe(400);
  });

  it('downloads its inventory as CSV that a spreadsheet cannot run, and as JSON', async () => {
    const id = await newShelf('inv-test');
    await t.database.db
      .update(equipmentCards)
      .set({ cardType: '=HYPERLINK("x")' })
      .where(eq(equipmentCards.shelfId, id));
    const csv = await t.call({ method: 'GET', url: `/api/equipment/${id}/inventory/csv`, as: demo.eng });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe("attachment; filename*=UTF-8''inv-test-inventory.csv");
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Kind,Slot,Name,Type,Equip id,Serial or uuid,State or release,Service');
    expect(lines).toHaveLength(1 + 1 + 1 + 3);
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
    const json = await t.call({ method: 'GET', url: `/api/equipment/${id}/inventory/json`, as: demo.eng });
    const inventory = JSON.parse(json.body);
    expect(inventory.equipmentname).toBe('inv-test');
    expect(inventory.portlist).toHaveLength(3);
  });

  it("lists a site's shelves, and 404 for a site that does not exist", async () => {
    const atSite = await get<{ count: number; results: Shelf[] }>(`/api/site/${pop.siteId}/equipment`);
    expect(atSite.results.map((s) => s.equipmentname)).toContain(pop.name);
    expect(atSite.results.every((s) => s.siteid === pop.siteId)).toBe(true);
    expect(
      (await t.call({ method: 'GET', url: '/api/site/999999/equipment', as: demo.noc })).statusCode,
    ).toBe(404);
  });

  it('tells the release against the recommended one and what the rest of the model runs', async () => {
    await t.database.db
      .update(shelves)
      .set({ spack: 'Junos 22.4R3' })
      .where(eq(shelves.shelfId, pop.shelfId));
    const stats = await get<{
      spack: string;
      recommended: string;
      current: boolean;
      fleet: { spack: string; shelves: number }[];
    }>(`/api/tools/spackstats/${pop.shelfId}`);
    expect(stats).toMatchObject({ spack: 'Junos 22.4R3', recommended: 'Junos 23.4R2', current: false });
    const [counted] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(shelves)
      .where(eq(shelves.model, 'MX960'));
    expect(stats.fleet.reduce((sum, f) => sum + f.shelves, 0)).toBe(counted!.n);
  });

  it("tells a port's shelf with its telemetry, so a service's end opens it", async () => {
    const [service] = await t.database.db
      .select({ port: services.bEndPortId })
      .from(services)
      .where(sql`${services.bEndPortId} like ${`${pop.name}-%`} and ${services.status} = 1`)
      .limit(1);
    const port = await get<{ equipmentid: number; equipmentname: string }>(
      `/api/port/${encodeURIComponent(service!.port!)}`,
    );
    expect(port).toMatchObject({ equipmentid: pop.shelfId, equipmentname: pop.name });
  });
});

describe('adding, changing and removing shelves', () => {
  const valid = () => ({
    equipmentname: 'S0001cpe-new',
    ipaddress: '198.51.100.7',
    siteid: pop.siteId,
    vendor: 'Nokia',
    model: '7250 IXR-e',
  });

  it('adds a shelf, audited, and refuses a second of the same name in any case', async () => {
    const before = await t.auditCount('equipment.create');
    const reply = await t.call({ method: 'POST', url: '/api/equipment', as: demo.eng, payload: valid() });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toMatchObject({
      message: 'S0001cpe-new added',
      payload: { equipmentname: 'S0001cpe-new', cards: 0, ports: 0, alarms: { critical: 0 } },
    });
    expect(await t.auditCount('equipment.create')).toBe(before + 1);
    const again = await t.call({
      method: 'POST',
      url: '/api/equipment',
      as: demo.eng,
      payload: { ...valid(), equipmentname: 'S0001CPE-NEW' },
    });
    expect(again.statusCode).toBe(400);
    expect(problemOf(again)).toBe(equipmentMessages.nameTaken);
  });

  it.each([
    ['no name', { equipmentname: '' }, equipmentMessages.nameRequired],
    ['a name with spaces', { equipmentname: 'a b' }, equipmentMessages.nameInvalid],
    ['a bad address', { ipaddress: '300.1.1.1' }, equipmentMessages.ipInvalid],
    ['an unknown vendor', { vendor: 'Acme' }, equipmentMessages.vendorInvalid],
    ['no model', { model: ' ' }, equipmentMessages.modelRequired],
    ['a site that does not exist', { siteid: 999_999 }, equipmentMessages.siteMissing],
    ['a control character', { model: 'MX\u0007' }, 'Must not contain line breaks or control characters'],
  ])('refuses %s with 400 and writes nothing', async (_label, change, message) => {
    const before = await footprint();
    const reply = await t.call({
      method: 'POST',
      url: '/api/equipment',
      as: demo.noc,
      payload: { ...valid(), equipmentname: 'refused-1', ...change },
    });
    expect(reply.statusCode).toBe(400);
    expect(problemOf(reply)).toBe(message);
    expect(await footprint()).toEqual(before);
  });

  it('changes a shelf, audited; an unknown shelf is 404 before its body is read', async () => {
    const id = await newShelf('edit-test');
    const reply = await t.call({
      method: 'PUT',
      url: `/api/equipment/${id}`,
      as: demo.noc,
      payload: { spack: 'SAOS 10.10.1', ipaddress: '' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().payload).toMatchObject({ spack: 'SAOS 10.10.1', ipaddress: null });
    expect(await t.auditCount('equipment.update')).toBeGreaterThan(0);
    const unknown = await t.call({
      method: 'PUT',
      url: '/api/equipment/999999',
      as: demo.noc,
      payload: { vendor: 'Acme' },
    });
    expect(unknown.statusCode).toBe(404);
    const before = await footprint();
    const taken = await t.call({
      method: 'PUT',
      url: `/api/equipment/${id}`,
      as: demo.noc,
      payload: { equipmentname: pop.name },
    });
    expect(taken.statusCode).toBe(400);
    expect(await footprint()).toEqual(before);
  });

  it('refuses to remove a shelf that carries services, and removes one that does not with its cards and ports', async () => {
    const before = await footprint();
    const carrying = await t.call({ method: 'DELETE', url: `/api/equipment/${pop.shelfId}`, as: demo.noc });
    expect(carrying.statusCode).toBe(409);
    expect(carrying.json().message).toMatch(
      new RegExp(`^${pop.name} carries \\d+ services; move them to another shelf first$`),
    );
    expect(await footprint()).toEqual(before);

    const id = await newShelf('delete-test');
    const reply = await t.call({ method: 'DELETE', url: `/api/equipment/${id}`, as: demo.noc });
    expect(reply.json()).toMatchObject({ result: 'Success', message: 'delete-test deleted' });
    const left = await t.database.db.select().from(equipmentPorts).where(eq(equipmentPorts.shelfId, id));
    expect(left).toEqual([]);
    expect((await t.call({ method: 'DELETE', url: `/api/equipment/${id}`, as: demo.noc })).statusCode).toBe(
      404,
    );
  });
});

describe('Update Shelf', () => {
  let mail: () => Promise<{ recipient: string; subject: string | null; body: string }[]>;
  beforeEach(() => {
    mail = () =>
      t.database.db
        .select({ recipient: outbox.recipient, subject: outbox.subject, body: outbox.body })
        .from(outbox);
  });
  const post = (id: number, payload: Record<string, unknown>, as: string = demo.eng) =>
    t.call({ method: 'POST', url: `/api/equipment/${id}/update`, as, payload });

  it('says an unchanged shelf is up to date and mails nobody', async () => {
    const id = await newShelf('same-test');
    t.app.dependencies.devices = scriptedDevices(new Map());
    const sent = (await mail()).length;
    const reply = await post(id, { equipmentid: id });
    expect(reply.json()).toMatchObject({
      result: 'Success',
      message: shelfUpdateTexts.upToDate('same-test'),
      payload: { state: 2, uptodate: true, differences: [] },
    });
    expect((await mail()).length).toBe(sent);
    expect((await get<Shelf>(`/api/equipment/${id}`)).lastchecked).not.toBeNull();
  });

  it('mails the NOC inbox what differs, then writes what the device reports, after which it is up to date', async () => {
    const id = await newShelf('drift-test');
    await t.database.db.insert(equipmentParts).values([
      { shelfId: id, name: 'Fan module', partNumber: '170-5170-900', serial: 'F0' },
      { shelfId: id, name: 'Optic xe-0-1-1', partNumber: 'XCVR-S10V31', serial: 'O2' },
    ]);
    t.app.dependencies.devices = scriptedDevices(
      new Map([
        [
          'drift-test',
          {
            spack: 'SAOS 10.10.1',
            serial: null,
            cards: [
              { slot: 0, cardType: '5170 base', serial: 'NNTM2', state: 'inservice' },
              { slot: 1, cardType: 'PSU-AC', serial: 'P1', state: 'inservice' },
            ],
            // The fan replaced, an optic put in, the other one taken out.
            parts: [
              { name: 'Fan module', partNumber: '170-5170-900', serial: 'F1' },
              { name: 'Optic xe-0-1-0', partNumber: 'XCVR-S10V31', serial: 'O1' },
            ],
          },
        ],
      ]),
    );
    const check = await post(id, { equipmentid: id, action: 'check' });
    expect(check.json()).toMatchObject({
      message: shelfUpdateTexts.needsUpdate('drift-test'),
      payload: { state: 2, uptodate: false },
    });
    expect(check.json().payload.differences).toEqual([
      { field: 'spack', portal: 'SAOS 10.8.2', device: 'SAOS 10.10.1' },
      { field: 'slot 0 serial', portal: 'NNTM1', device: 'NNTM2' },
      { field: 'slot 1', portal: null, device: 'PSU-AC P1' },
      { field: 'part Fan module serial', portal: 'F0', device: 'F1' },
      { field: 'part Optic xe-0-1-0', portal: null, device: 'XCVR-S10V31 O1' },
      { field: 'part Optic xe-0-1-1', portal: 'XCVR-S10V31 O2', device: null },
    ]);
    const letter = (await mail()).at(-1)!;
    expect(letter).toMatchObject({
      recipient: t.config.mail.nocInbox,
      subject: 'drift-test needs to be updated',
    });
    expect(letter.body).toContain('spack: the portal has SAOS 10.8.2, the device reports SAOS 10.10.1');

    const update = await post(id, { equipmentid: id, action: 'update' });
    expect(update.json()).toMatchObject({
      result: 'Success',
      message: 'drift-test updated successfully!',
      payload: { state: 4 },
    });
    const detail = await get<ShelfDetail>(`/api/equipment/${id}`);
    expect(detail.spack).toBe('SAOS 10.10.1');
    expect(detail.cardlist.map((c) => [c.slot, c.serial])).toEqual([
      [0, 'NNTM2'],
      [1, 'P1'],
    ]);
    expect(detail.partlist).toEqual([
      { name: 'Fan module', partnumber: '170-5170-900', serial: 'F1' },
      { name: 'Optic xe-0-1-0', partnumber: 'XCVR-S10V31', serial: 'O1' },
    ]);
    expect(await t.auditCount('equipment.refresh')).toBeGreaterThan(0);
    expect((await post(id, { equipmentid: id })).json().payload).toMatchObject({ state: 2, uptodate: true });
  });

  it('cannot check a shelf that does not answer (state 0), and the update fails with the spec text', async () => {
    const id = await newShelf('silent-test');
    t.app.dependencies.devices = scriptedDevices(new Map([['silent-test', 'unreachable']]));
    const check = await post(id, { equipmentid: id });
    expect(check.json()).toMatchObject({
      message: 'silent-test could not be checked',
      payload: { state: 0, uptodate: false },
    });
    const before = await footprint();
    const update = await post(id, { equipmentid: id, action: 'update' });
    expect(update.statusCode).toBe(502);
    expect(update.json()).toMatchObject({
      result: 'Failure',
      message: 'silent-test did not update successfuly',
    });
    expect(await footprint()).toEqual(before);
  });

  it('is 404 for an unknown shelf before the body is read, 400 for a mismatched or bad body, 403 for a technician', async () => {
    expect((await post(999_999, { nonsense: true })).statusCode).toBe(404);
    const mismatch = await post(pop.shelfId, { equipmentid: pop.shelfId + 1 });
    expect(mismatch.statusCode).toBe(400);
    expect(problemOf(mismatch)).toBe(equipmentMessages.bodyIdMismatch);
    expect((await post(pop.shelfId, { equipmentid: pop.shelfId, action: 'reboot' })).statusCode).toBe(400);
    expect((await post(pop.shelfId, { equipmentid: pop.shelfId }, demo.tech)).statusCode).toBe(403);
  });

  it('the simulated network: a stale shelf is up to date once updated; a shelf without an address cannot be checked', async () => {
    const devices = simulatedDeviceInventory();
    const base = {
      ipAddress: '192.0.2.1',
      vendor: 'Juniper',
      model: 'MX960',
      serial: 'JN1',
      cards: [{ slot: 0, cardType: 'RE', serial: 'A', state: 'inservice' }],
      parts: [] as { name: string; partNumber: string; serial: string | null }[],
    };
    // Names whose hash the simulator reads as "upgraded since"; found, not assumed.
    const names = Array.from({ length: 200 }, (_, i) => `sim-${i}`);
    let upgraded = 0;
    for (const name of names) {
      const shelf = { ...base, name, spack: 'Junos 22.4R3' };
      const facts = await devices.discover(shelf).catch(() => null);
      if (!facts || facts.spack === shelf.spack) continue;
      upgraded += 1;
      expect(facts.spack).toBe('Junos 23.4R2');
      const again = await devices.discover({ ...shelf, ...facts });
      expect(again).toEqual(facts);
    }
    expect(upgraded).toBeGreaterThan(10);

    // It reports the model's parts, consistent with its cards: an MX960's power supplies and fan trays.
    // The serials the portal holds stay, but on the one shelf in eleven that had its first part swapped.
    let swapped = 0;
    for (const name of names) {
      const first = await devices.discover({ ...base, name, spack: null }).catch(() => null);
      if (!first) continue;
      expect(first.parts.map((p) => [p.name, p.partNumber])).toEqual([
        ['PEM 0', 'PWR-MX960-4100-AC-S'],
        ['PEM 1', 'PWR-MX960-4100-AC-S'],
        ['Fan tray 0', 'FFANTRAY-MX960-HC-S'],
        ['Fan tray 1', 'FFANTRAY-MX960-HC-S'],
      ]);
      const held = first.parts.map((p) => ({ ...p, serial: `HELD-${p.name}` }));
      const again = await devices.discover({ ...base, name, spack: null, parts: held });
      const changed = again.parts.filter((p, i) => p.serial !== held[i]!.serial);
      if (changed.length > 0) {
        swapped += 1;
        expect(changed.map((p) => p.name)).toEqual(['PEM 0']);
      }
      // Once written, the report is the same.
      expect(await devices.discover({ ...base, name, spack: null, parts: again.parts })).toEqual(again);
    }
    expect(swapped).toBeGreaterThan(5);
    await expect(devices.discover({ ...base, name: 'sim-1', spack: null, ipAddress: null })).rejects.toThrow(
      DeviceUnreachable,
    );
  });
});

describe('alarms from Zabbix', () => {
  it('copies the current problems of known hosts onto their shelves, and keeps them when Zabbix is away', async () => {
    const { zabbix } = t.app.dependencies;
    const problems = await zabbix.listProblems();
    const known = new Set(
      (await t.database.db.select({ name: shelves.name }).from(shelves)).map((s) => s.name.toLowerCase()),
    );
    const onShelves = problems.filter((p) => known.has(p.host.toLowerCase()));
    expect(onShelves.length).toBeGreaterThan(0);
    await t.database.db.delete(equipmentAlarms);
    await syncAlarms(t.app.dependencies);
    const rows = await t.database.db.select().from(equipmentAlarms);
    expect(rows.map((r) => r.eventId).sort()).toEqual(onShelves.map((p) => p.eventid).sort());
    const los = rows.find((r) => r.description.includes('xe-0/0/1'));
    if (los) expect(los.portId).toMatch(/-xe-0-0-1$/);
    // A second round with nothing new writes nothing.
    expect(await syncAlarms(t.app.dependencies)).toEqual({ written: 0, removed: 0 });

    const shelf = await get<Page>('/api/shelves?alarmlevel=major&limit=1000');
    expect(shelf.count).toBe(new Set(rows.filter((r) => r.level === 'major').map((r) => r.shelfId)).size);

    const away = {
      ...zabbix,
      listProblems: async () => Promise.reject(new ZabbixError('down', 'unavailable')),
    };
    expect(await syncAlarms({ ...t.app.dependencies, zabbix: away })).toBeNull();
    expect(await t.database.db.select().from(equipmentAlarms)).toHaveLength(rows.length);

    // The demo's Zabbix is consistent with the network: every shelf port of a service hit by an
    // ongoing outage carries a loss-of-signal alarm.
    const hit = await t.database.query<{ port: string }>(
      'test_equipment_outage_ports',
      `select p.port_id as port from equipment_ports p join services s
         on p.port_id in (s.a_end_port_id, s.b_end_port_id)
       join event_services es on es.service_id = s.service_id join events e on e.event_id = es.event_id
       where e.type = 3 and e.end_time is null and e.start_time <= now()`,
      [],
    );
    expect(hit.length).toBeGreaterThan(0);
    const alarmedPorts = new Set(rows.map((r) => r.portId));
    for (const { port } of hit) expect(alarmedPorts, port).toContain(port);

    // A problem that ended leaves the table on the next round.
    const fewer = { ...zabbix, listProblems: async () => onShelves.slice(1) };
    expect(await syncAlarms({ ...t.app.dependencies, zabbix: fewer })).toEqual({ written: 0, removed: 1 });
  });
});

describe('whether the alarms are current', () => {
  const freshness = (app: TestApp, as: string = demo.noc) =>
    app.call({ method: 'GET', url: '/api/equipment/alarms/freshness', as });

  it('is always so for the simulator, and refused to customers', async () => {
    const reply = await freshness(t);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().payload).toEqual({
      source: 'simulator',
      failing: false,
      lastread: null,
      lasttried: null,
    });
    expect((await freshness(t, demo.tech)).statusCode).toBe(200);
    expect((await freshness(t, demo.ungAdmin)).statusCode).toBe(403);
  });

  it("follows a real Zabbix's recorded outcomes: failing while its latest is an error, current once it answers", async () => {
    const zabbixUrl = 'http://127.0.0.1:9/api_jsonrpc.php';
    const real = await buildTestApp({ zabbix: { url: zabbixUrl, username: 'portal', password: 'portal' } });
    const [failedFirst, answered, failedAgain] = ['01:00', '01:05', '01:10'].map(
      (time) => new Date(`2026-11-20T${time}:00Z`),
    ) as [Date, Date, Date];
    const seconds = (date: Date) => date.getTime() / 1000;
    try {
      const payload = async () => (await freshness(real)).json().payload;
      expect(await payload()).toEqual({ source: 'zabbix', failing: false, lastread: null, lasttried: null });
      // Never answered: failing, with nothing read.
      await recordFailure(real.database.db, 'zabbix', zabbixUrl, failedFirst, 'refused');
      expect(await payload()).toEqual({
        source: 'zabbix',
        failing: true,
        lastread: null,
        lasttried: seconds(failedFirst),
      });
      // Answered after that: current.
      await recordSuccess(real.database.db, 'zabbix', zabbixUrl, answered);
      expect(await payload()).toMatchObject({ failing: false, lastread: seconds(answered) });
      // Failing again: the alarms are the ones read by the last answer.
      await recordFailure(real.database.db, 'zabbix', zabbixUrl, failedAgain, 'timed out');
      expect(await payload()).toEqual({
        source: 'zabbix',
        failing: true,
        lastread: seconds(answered),
        lasttried: seconds(failedAgain),
      });
      // Outcomes of another address belong to a Zabbix no longer configured.
      await recordSuccess(real.database.db, 'zabbix', 'http://old-zabbix/api_jsonrpc.php', new Date());
      expect(await payload()).toMatchObject({ failing: true });
    } finally {
      await real.close();
    }
  });
});
