import type {
  Alarm,
  Card,
  CardFilter,
  cardSortFields,
  Shelf,
  ShelfFilter,
  ShelfPart,
  ShelfPort,
  shelfSortFields,
} from '@lightpath/domain/equipment';
import type { AlarmLevel } from '@lightpath/domain/zabbix-triggers';
import { and, eq, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx, RawQuery } from '../../db/client';
import {
  equipmentAlarms,
  equipmentCards,
  equipmentParts,
  equipmentPorts,
  shelves,
} from '../../db/schema/equipment';
import { services } from '../../db/schema/inventory';
import { epochSeconds, Params, pageOf } from '../../db/statements';
import { containsPattern } from '../../platform/scope';

// Equipment is the provider's own: no customer owns a shelf and no customer may read one, so no read
// takes a Scope; the routes' permissions are the guard (docs/adding-a-resource.md, step 4). Reads are
// hand-written SQL with the API's names; the services on a shelf's ports are read by the port ids the
// services name (the services area's columns, read only).

type Page = { limit: number; offset: number };
type Sorted<F> = { sort: { field: F; descending: boolean } };

export type ShelfListFilter = ShelfFilter & { q?: string | undefined };
export type CardListFilter = CardFilter & { q?: string | undefined };

// The alarms counted by level are kept per shelf in shelf_alarm_counts (migration 0032), with a score
// that orders shelves worst first: any critical outranks any number of majors, and so on. A shelf with
// no row there has no alarms.
const shelfSorts: Record<(typeof shelfSortFields)[number], string[]> = {
  equipmentname: ['sh.name'],
  ipaddress: ['sh.ip_address', 'sh.name'],
  sitename: ['st.site_name', 'sh.name'],
  vendor: ['sh.vendor', 'sh.model', 'sh.name'],
  model: ['sh.model', 'sh.name'],
  spack: ['sh.spack', 'sh.name'],
  alarms: ['coalesce(al.score, 0)', 'sh.name'],
};

const shelfColumns = `sh.shelf_id as equipmentid, sh.name as equipmentname, sh.ip_address as ipaddress,
    sh.site_id as siteid, st.site_number as sitenumber, st.site_name as sitename, sh.vendor, sh.model,
    sh.spack, sh.serial,
    coalesce(pc.cards, 0) as cards, coalesce(pc.ports, 0) as ports,
    coalesce((select json_build_object('warning', k.warning, 'minor', k.minor, 'major', k.major,
        'critical', k.critical) from shelf_alarm_counts k where k.shelf_id = sh.shelf_id),
      json_build_object('warning', 0, 'minor', 0, 'major', 0, 'critical', 0)) as alarms,
    case when sh.last_checked_at is null then null else ${epochSeconds('sh.last_checked_at')} end as lastchecked,
    ${epochSeconds('sh.updated_at')} as updated`;

// Each shelf's kept counts of cards and ports (shelf_part_counts, migration 0035), probed by key for
// each row read: the lateral with offset 0 keeps the planner from hashing the whole table against a
// page of a hundred shelves. A shelf with no row has neither.
const shelfPartCountsJoin = `left join lateral (select k.cards, k.ports from shelf_part_counts k
    where k.shelf_id = sh.shelf_id offset 0) pc on true`;

// The kept count of each level: the level names a column, so it is looked up, never interpolated.
const alarmCountColumns: Record<AlarmLevel, string> = {
  warning: 'warning',
  minor: 'minor',
  major: 'major',
  critical: 'critical',
};

function shelfWhere(filter: ShelfListFilter, params: Params): string {
  const where: string[] = [];
  if (filter.siteid !== undefined) where.push(`sh.site_id = ${params.add(filter.siteid)}`);
  if (filter.vendor !== undefined) where.push(`sh.vendor = ${params.add(filter.vendor)}`);
  // The few shelves with an alarm of the level, from their kept counts, taken as an array so that
  // they are probed by key: an IN over the same ids was hashed against all 9,277 shelves, once for the
  // page and once for the count (the technician's major alarms: 4.4 -> 2.4 ms a statement).
  if (filter.alarmlevel !== undefined)
    where.push(
      `sh.shelf_id = any (array(select k.shelf_id from shelf_alarm_counts k where k.${alarmCountColumns[filter.alarmlevel]} > 0))`,
    );
  if (filter.customerid !== undefined) {
    // A customer's shelves: those at its sites and those its services run through (the PoP routers).
    // One union of ids, taken as an array: the OR of two lists read every shelf to test it, and an
    // IN over the union was still hashed against every shelf; the array's few ids are probed by key.
    const customer = params.add(filter.customerid);
    where.push(`sh.shelf_id = any (array(
        select c.shelf_id from shelves c join sites cs on cs.site_id = c.site_id where cs.customer_id = ${customer}
        union
        select p.shelf_id from services s join equipment_ports p on p.port_id = s.a_end_port_id
          where s.customer_id = ${customer}
        union
        select p.shelf_id from services s join equipment_ports p on p.port_id = s.b_end_port_id
          where s.customer_id = ${customer}))`);
  }
  if (filter.q) {
    // The trigram index's expression, so a search over every shelf is an index scan; and the shelves
    // at the sites whose name matches, through the sites' own trigram index ('Eastbrook').
    // A union, not an OR: each half keeps its index (an OR over the two read every shelf).
    const pattern = params.add(containsPattern(filter.q));
    where.push(`sh.shelf_id in (
      select m.shelf_id from shelves m
        where (m.name || ' ' || coalesce(m.ip_address, '') || ' ' || m.model) ilike ${pattern}
      union
      select m.shelf_id from shelves m
        where m.site_id in (select site_id from sites where site_name ilike ${pattern}))`);
  }
  return where.length > 0 ? where.join(' and ') : 'true';
}

export async function listShelves(
  query: RawQuery,
  filter: ShelfListFilter & Sorted<(typeof shelfSortFields)[number]> & Page,
): Promise<{ count: number; results: Shelf[] }> {
  const params = new Params();
  const where = shelfWhere(filter, params);
  const direction = filter.sort.descending ? 'desc' : 'asc';
  const order = [...shelfSorts[filter.sort.field], 'sh.shelf_id']
    .map((k) => `${k} ${direction} nulls last`)
    .join(', ');
  // The page is chosen first; only its rows get their counts, alarms and sites. Each page row's site
  // is probed by key (offset 0 keeps the lateral from being flattened into a join, which the planner
  // hashed against all 10,000 sites: 3 of the NOC list's 8.6 ms).
  const count = `select count(*)::int as total from shelves sh where ${where}`;
  return pageOf<Shelf>(
    query,
    'shelves_list',
    (limit, offset) => `with page as (
      select sh.*${filter.sort.field === 'alarms' ? ', al.score' : ''} from shelves sh
        ${filter.sort.field === 'sitename' ? 'join sites st on st.site_id = sh.site_id' : ''}
        ${filter.sort.field === 'alarms' ? 'left join shelf_alarm_counts al on al.shelf_id = sh.shelf_id' : ''}
      where ${where} order by ${order} limit ${limit} offset ${offset}
    )
    select ${shelfColumns}, (${count}) as total
    from page sh
      cross join lateral (select s.site_number, s.site_name from sites s where s.site_id = sh.site_id offset 0) st
      ${shelfPartCountsJoin}
    order by ${order.replaceAll('al.score', 'sh.score')}`,
    count,
    params,
    filter,
  );
}

export async function findShelf(query: RawQuery, id: number): Promise<Shelf | null> {
  const text = `select ${shelfColumns} from shelves sh join sites st on st.site_id = sh.site_id
    ${shelfPartCountsJoin}
    where sh.shelf_id = $1`;
  const rows = await query<Shelf>('equipment_shelf', text, [id]);
  return rows[0] ?? null;
}

export async function listShelvesAtSite(query: RawQuery, siteid: number): Promise<Shelf[]> {
  const text = `select ${shelfColumns} from shelves sh join sites st on st.site_id = sh.site_id
    ${shelfPartCountsJoin}
    where sh.site_id = $1 order by sh.name limit 500`;
  return query<Shelf>('equipment_site_shelves', text, [siteid]);
}

const cardColumns = `c.card_id as cardid, c.equip_id as equipid, c.shelf_id as equipmentid,
    sh.name as equipmentname, c.slot::int as slot, c.card_type as cardtype, c.state, c.serial,
    (select count(*)::int from equipment_ports p where p.card_id = c.card_id) as ports`;

const cardSorts: Record<(typeof cardSortFields)[number], string[]> = {
  equipmentname: ['sh.name', 'c.slot'],
  slot: ['c.slot', 'sh.name'],
  cardtype: ['c.card_type', 'sh.name', 'c.slot'],
  equipid: ['c.equip_id'],
  state: ['c.state', 'sh.name', 'c.slot'],
};

export async function listCards(
  query: RawQuery,
  filter: CardListFilter & Sorted<(typeof cardSortFields)[number]> & Page,
): Promise<{ count: number; results: Card[] }> {
  const params = new Params();
  const where: string[] = [];
  if (filter.equipmentid !== undefined) where.push(`c.shelf_id = ${params.add(filter.equipmentid)}`);
  if (filter.state !== undefined) where.push(`c.state = ${params.add(filter.state)}`);
  if (filter.q) {
    const pattern = params.add(containsPattern(filter.q));
    where.push(`(c.card_type ilike ${pattern} or c.equip_id ilike ${pattern} or c.serial ilike ${pattern})`);
  }
  const condition = where.length > 0 ? where.join(' and ') : 'true';
  const direction = filter.sort.descending ? 'desc' : 'asc';
  const order = [...cardSorts[filter.sort.field], 'c.card_id']
    .map((k) => `${k} ${direction} nulls last`)
    .join(', ');
  const count = `select count(*)::int as total from equipment_cards c where ${condition}`;
  return pageOf<Card>(
    query,
    'equipment_cards_list',
    (limit, offset) => `select ${cardColumns}, (${count}) as total
      from equipment_cards c join shelves sh on sh.shelf_id = c.shelf_id
      where ${condition} order by ${order} limit ${limit} offset ${offset}`,
    count,
    params,
    filter,
  );
}

export async function listShelfCards(query: RawQuery, shelfId: number): Promise<Card[]> {
  const text = `select ${cardColumns} from equipment_cards c join shelves sh on sh.shelf_id = c.shelf_id
    where c.shelf_id = $1 order by c.slot`;
  return query<Card>('equipment_shelf_cards', text, [shelfId]);
}

// Ports in slot order and then by the number that ends their name (xe-1-0-2 before xe-1-0-10); each
// with the service that names it, the one in service first when an old one named it too. The services
// are probed per port through their port indexes, so a 200-port shelf costs 400 index lookups.
const portsText = `select p.port_id as portid, p.uuid::text as uuid, p.name, c.slot::int as slot, p.state, p.handoff,
    case when o.service_id is null then null else json_build_object('serviceid', o.service_id,
      'description', o.description, 'status', o.status::int, 'customername', cu.customer_name,
      'end', o.line_end) end as service
  from equipment_ports p
  join equipment_cards c on c.card_id = p.card_id
  left join lateral (
    select x.* from (
      select 'A' as line_end, s.service_id, s.description, s.status, s.customer_id
        from services s where s.a_end_port_id = p.port_id
      union all
      select 'B', s.service_id, s.description, s.status, s.customer_id
        from services s where s.b_end_port_id = p.port_id
    ) x order by (x.status = 0), x.service_id limit 1
  ) o on true
  left join customers cu on cu.customer_id = o.customer_id
  where p.shelf_id = $1
  order by c.slot, regexp_replace(p.name, '[0-9]+$', ''), (substring(p.name from '([0-9]+)$'))::int`;

export async function listShelfPorts(query: RawQuery, shelfId: number): Promise<ShelfPort[]> {
  return query<ShelfPort>('equipment_shelf_ports', portsText, [shelfId]);
}

// By name, a number that ends it in order (PEM 2 before PEM 10).
export async function listShelfParts(query: RawQuery, shelfId: number): Promise<ShelfPart[]> {
  const text = `select p.name, p.part_number as partnumber, p.serial from equipment_parts p
    where p.shelf_id = $1 order by regexp_replace(p.name, '[0-9]+$', ''), (substring(p.name from '([0-9]+)$'))::int nulls first, p.name`;
  return query<ShelfPart>('equipment_shelf_parts', text, [shelfId]);
}

const alarmColumns = `a.event_id as alarmid, a.shelf_id as equipmentid, a.level, a.description,
    ${epochSeconds('a.raised_at')} as raised, a.acknowledged, a.trigger_id as triggerid, a.port_id as portid`;

// Worst first, then the newest.
export async function listShelfAlarms(query: RawQuery, shelfId: number): Promise<Alarm[]> {
  const text = `select ${alarmColumns} from equipment_alarms a where a.shelf_id = $1
    order by array_position(array['critical','major','minor','warning'], a.level), a.raised_at desc`;
  return query<Alarm>('equipment_shelf_alarms', text, [shelfId]);
}

// The shelf a port is on, for the port's own reply and the service page's links.
export async function findShelfOfPort(query: RawQuery, portId: string) {
  const rows = await query<{
    equipmentid: number;
    equipmentname: string;
    portname: string;
    state: ShelfPort['state'];
  }>(
    'equipment_port_shelf',
    `select sh.shelf_id as equipmentid, sh.name as equipmentname, p.name as portname, p.state
     from equipment_ports p join shelves sh on sh.shelf_id = p.shelf_id where p.port_id = $1`,
    [portId],
  );
  return rows[0] ?? null;
}

// Shelves named by id with their port names, for device operations (modules/awx): which exist, and
// which ports each has.
export async function readShelvesWithPorts(query: RawQuery, ids: number[]) {
  return query<{ equipmentid: number; name: string; ip: string | null; ports: string[] }>(
    'equipment_shelves_with_ports',
    `select sh.shelf_id as equipmentid, sh.name, sh.ip_address as ip,
            coalesce(array_agg(p.name order by p.name) filter (where p.name is not null), '{}') as ports
     from shelves sh left join equipment_ports p on p.shelf_id = sh.shelf_id
     where sh.shelf_id = any($1::int[]) group by sh.shelf_id`,
    [ids],
  );
}

// How many shelves of the same model run each release.
export async function listModelReleases(query: RawQuery, model: string) {
  return query<{ spack: string | null; shelves: number }>(
    'equipment_model_releases',
    `select spack, count(*)::int as shelves from shelves where model = $1
     group by spack order by count(*) desc, spack nulls last`,
    [model],
  );
}

// Writes and the reads made inside their transactions.

export type ShelfRow = typeof shelves.$inferSelect;
export type CardRow = typeof equipmentCards.$inferSelect;

export async function readShelfRow(db: DbOrTx, id: number): Promise<ShelfRow | null> {
  const rows = await db.select().from(shelves).where(eq(shelves.shelfId, id)).limit(1);
  return rows[0] ?? null;
}

// A check changes no field of the record, only when it was last compared with the device.
export async function markShelfChecked(db: DbOrTx, id: number, at: Date) {
  await db.update(shelves).set({ lastCheckedAt: at }).where(eq(shelves.shelfId, id));
}

export async function lockShelfRow(db: DbOrTx, id: number): Promise<ShelfRow | null> {
  const rows = await db.select().from(shelves).where(eq(shelves.shelfId, id)).for('update').limit(1);
  return rows[0] ?? null;
}

export async function findShelfNamed(db: DbOrTx, name: string, except?: number) {
  const rows = await db
    .select({ id: shelves.shelfId })
    .from(shelves)
    .where(
      and(
        sql`lower(${shelves.name}) = lower(${name})`,
        except === undefined ? undefined : ne(shelves.shelfId, except),
      ),
    )
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function insertShelfRow(db: DbOrTx, values: typeof shelves.$inferInsert) {
  const rows = await db.insert(shelves).values(values).returning();
  return rows[0]!;
}

export async function updateShelfRow(db: DbOrTx, id: number, values: Partial<typeof shelves.$inferInsert>) {
  await db
    .update(shelves)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(shelves.shelfId, id));
}

// Its cards, ports, parts and alarms go with it (the foreign keys cascade); the audit entry keeps what it was.
export async function deleteShelfRow(db: DbOrTx, id: number) {
  await db.delete(shelves).where(eq(shelves.shelfId, id));
}

// Services still in service on the shelf's ports: a shelf carrying them cannot be removed.
export async function countServicesOnShelf(db: DbOrTx, id: number): Promise<number> {
  const portsOfShelf = db
    .select({ portId: equipmentPorts.portId })
    .from(equipmentPorts)
    .where(eq(equipmentPorts.shelfId, id));
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(services)
    .where(
      and(
        ne(services.status, 0),
        or(inArray(services.aEndPortId, portsOfShelf), inArray(services.bEndPortId, portsOfShelf)),
      ),
    );
  return rows[0]?.n ?? 0;
}

export async function readCardRows(db: DbOrTx, shelfId: number): Promise<CardRow[]> {
  return db
    .select()
    .from(equipmentCards)
    .where(eq(equipmentCards.shelfId, shelfId))
    .orderBy(equipmentCards.slot);
}

export async function updateCardRow(
  db: DbOrTx,
  cardId: number,
  values: Partial<typeof equipmentCards.$inferInsert>,
) {
  await db.update(equipmentCards).set(values).where(eq(equipmentCards.cardId, cardId));
}

export async function insertCardRow(db: DbOrTx, values: typeof equipmentCards.$inferInsert) {
  await db.insert(equipmentCards).values(values);
}

export type PartRow = typeof equipmentParts.$inferSelect;

export async function readPartRows(db: DbOrTx, shelfId: number): Promise<PartRow[]> {
  return db
    .select()
    .from(equipmentParts)
    .where(eq(equipmentParts.shelfId, shelfId))
    .orderBy(equipmentParts.name);
}

// The shelf's parts become exactly `parts`: the others go, the named ones are written.
export async function replacePartRows(
  db: DbOrTx,
  shelfId: number,
  parts: Omit<PartRow, 'shelfId'>[],
): Promise<void> {
  const names = parts.map((p) => p.name);
  await db
    .delete(equipmentParts)
    .where(
      and(
        eq(equipmentParts.shelfId, shelfId),
        names.length > 0 ? notInArray(equipmentParts.name, names) : undefined,
      ),
    );
  if (parts.length === 0) return;
  await db
    .insert(equipmentParts)
    .values(parts.map((p) => ({ shelfId, ...p })))
    .onConflictDoUpdate({
      target: [equipmentParts.shelfId, equipmentParts.name],
      set: { partNumber: sql`excluded.part_number`, serial: sql`excluded.serial` },
    });
}

// A new card's asset number: the next after the highest in the network.
export async function nextEquipId(db: DbOrTx): Promise<string> {
  const rows = await db
    .select({ n: sql<number>`coalesce(max(substring(${equipmentCards.equipId} from 3)::int), 0)::int + 1` })
    .from(equipmentCards)
    .where(sql`${equipmentCards.equipId} ~ '^EQ[0-9]+$'`);
  return `EQ${String(rows[0]?.n ?? 1).padStart(7, '0')}`;
}

// The alarm job's reads and its one write.

export type AlarmRow = typeof equipmentAlarms.$inferSelect;

export async function readShelvesNamed(db: DbOrTx, lowerNames: string[]) {
  if (lowerNames.length === 0) return [];
  return db
    .select({ shelfId: shelves.shelfId, name: shelves.name })
    .from(shelves)
    .where(inArray(sql`lower(${shelves.name})`, lowerNames));
}

export async function readAlarmRows(db: DbOrTx): Promise<AlarmRow[]> {
  return db.select().from(equipmentAlarms);
}

const sameAlarm = (a: AlarmRow, b: AlarmRow) =>
  a.shelfId === b.shelfId &&
  a.level === b.level &&
  a.description === b.description &&
  a.acknowledged === b.acknowledged &&
  a.portId === b.portId &&
  a.raisedAt.getTime() === b.raisedAt.getTime();

// Writes only what changed since the last round, in one transaction: several instances may run the
// job at once, and each write is idempotent (an insert of a row that is there updates it).
export async function replaceAlarms(db: DbOrTx, held: AlarmRow[], wanted: AlarmRow[]) {
  const heldById = new Map(held.map((a) => [a.eventId, a]));
  const wantedIds = new Set(wanted.map((a) => a.eventId));
  const gone = held.filter((a) => !wantedIds.has(a.eventId)).map((a) => a.eventId);
  const changed = wanted.filter((a) => {
    const before = heldById.get(a.eventId);
    return !before || !sameAlarm(before, a);
  });
  if (gone.length === 0 && changed.length === 0) return { written: 0, removed: 0 };
  await db.transaction(async (tx) => {
    for (let i = 0; i < gone.length; i += 1000)
      await tx.delete(equipmentAlarms).where(inArray(equipmentAlarms.eventId, gone.slice(i, i + 1000)));
    for (let i = 0; i < changed.length; i += 500)
      await tx
        .insert(equipmentAlarms)
        .values(changed.slice(i, i + 500))
        .onConflictDoUpdate({
          target: equipmentAlarms.eventId,
          set: {
            shelfId: sql`excluded.shelf_id`,
            level: sql`excluded.level`,
            description: sql`excluded.description`,
            acknowledged: sql`excluded.acknowledged`,
            portId: sql`excluded.port_id`,
            raisedAt: sql`excluded.raised_at`,
          },
        });
  });
  return { written: changed.length, removed: gone.length };
}
