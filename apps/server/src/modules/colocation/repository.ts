import type { Scope } from '@lightpath/domain/actor';
import type {
  CrossConnect,
  CrossConnectEnd,
  CrossConnectFilter,
  crossConnectSortFields,
  RackSpace,
  RackSpaceFilter,
  rackSpaceSortFields,
} from '@lightpath/domain/colocation';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, RawQuery } from '../../db/client';
import { crossConnects, rackSpaces } from '../../db/schema/colocation';
import { epochSeconds, Params, statementName } from '../../db/statements';
import { containsPattern, scopeCondition, toUnixSeconds } from '../../platform/scope';

// Rack spaces and cross-connects are customer-owned: every read takes the caller's Scope. Reads are
// hand-written SQL with the API's column names, as in the other lists; writes use Drizzle.

export type RackSpaceSortField = (typeof rackSpaceSortFields)[number];
export type CrossConnectSortField = (typeof crossConnectSortFields)[number];
type Sorted<F> = { sort: { field: F; descending: boolean }; limit: number; offset: number };

export type RackSpaceListFilter = RackSpaceFilter & { q?: string | undefined };
export type CrossConnectListFilter = CrossConnectFilter & { q?: string | undefined };

// Runs a page query that carries its total as the `total` column, and counts alone when the page is
// past the end (the total still has to be told).
async function pageOf<T>(
  query: RawQuery,
  name: string,
  text: string,
  countText: string,
  params: Params,
  offset: number,
): Promise<{ count: number; results: T[] }> {
  const rows = await query<T & { total: number }>(statementName(name, text), text, params.values);
  if (rows.length > 0)
    return { count: rows[0]!.total, results: rows.map(({ total: _, ...row }) => row as T) };
  if (offset === 0) return { count: 0, results: [] };
  const [counted] = await query<{ total: number }>(
    statementName(`${name}_count`, countText),
    countText,
    params.values.slice(0, -2),
  );
  return { count: counted?.total ?? 0, results: [] };
}

// Rack spaces.

// How many cross-connects a rack space is an end of: two counts, each an index-only probe of its end's
// index. One count over `a = rack or b = rack` read every cross-connect for each rack space of a page
// (a sequential scan the planner preferred on a table of 534 rows: 4.5-8.2 ms of the NOC's 100-row
// page, against 0.7-1.2 ms now). A cross-connect's two ends differ (cross_connects_two_ends), so none
// is counted twice.
const crossConnectCountSql = (rackSpace: string) =>
  `((select count(*)::int from cross_connects x where x.a_end_rack_space = ${rackSpace})
      + (select count(*)::int from cross_connects x where x.b_end_rack_space = ${rackSpace}))`;

const rackSpaceColumns = `r.uuid::text as uuid, r.rack_id as rackspaceid, r.description,
    r.site_id as siteid, s.site_number as sitenumber, s.site_name as sitename,
    r.customer_id as customerid, c.customer_code as customercode, c.customer_name as customername,
    ${epochSeconds('r.end_date')} as enddate,
    ${crossConnectCountSql('r.uuid')} as crossconnects`;

// Sorting by site or customer name joins them before paging; the uuid ends each order so that pages
// never overlap.
const rackSorts: Record<RackSpaceSortField, { keys: string[]; join?: 'site' | 'customer' }> = {
  rackspaceid: { keys: ['r.rack_id'] },
  description: { keys: ['r.description', 'r.rack_id'] },
  sitename: { keys: ['s.site_name', 'r.rack_id'], join: 'site' },
  customername: { keys: ['c.customer_name', 'r.rack_id'], join: 'customer' },
  enddate: { keys: ['r.end_date', 'r.rack_id'] },
};

function rackWhere(scope: Scope, filter: RackSpaceListFilter, params: Params): string {
  const where: string[] = [];
  if (scope.kind === 'customer') where.push(`r.customer_id = ${params.add(scope.customerId)}`);
  if (filter.customerid !== undefined) where.push(`r.customer_id = ${params.add(filter.customerid)}`);
  if (filter.siteid !== undefined) where.push(`r.site_id = ${params.add(filter.siteid)}`);
  if (filter.status === 'active') where.push('r.end_date is null');
  if (filter.status === 'ended') where.push('r.end_date is not null');
  if (filter.joinswith !== undefined) {
    // The database's side of crossConnectProblem (domain): what a cross-connect from this A end may
    // reach, so the B-end picker offers only ends the service will accept.
    where.push(`exists (select 1 from rack_spaces a where a.rack_id = ${params.add(filter.joinswith)}
      and a.site_id = r.site_id and a.uuid <> r.uuid and r.end_date is null
      and (r.customer_id = a.customer_id
        or r.customer_id = (select customer_id from customers where is_provider limit 1)))`);
  }
  if (filter.q) {
    const pattern = params.add(containsPattern(filter.q));
    where.push(`(r.rack_id ilike ${pattern} or r.description ilike ${pattern}
      or exists (select 1 from sites qs where qs.site_id = r.site_id
        and (qs.site_name ilike ${pattern} or qs.site_number ilike ${pattern})))`);
  }
  return where.length > 0 ? where.join(' and ') : 'true';
}

export async function listRackSpaces(
  query: RawQuery,
  scope: Scope,
  filter: RackSpaceListFilter & Sorted<RackSpaceSortField>,
): Promise<{ count: number; results: RackSpace[] }> {
  const params = new Params();
  const where = rackWhere(scope, filter, params);
  const sort = rackSorts[filter.sort.field];
  const direction = filter.sort.descending ? 'desc' : 'asc';
  // Rack spaces without an end date or description sort last either way.
  const order = [...sort.keys, 'r.uuid'].map((key) => `${key} ${direction} nulls last`).join(', ');
  const joins = [
    sort.join === 'site' ? 'join sites s on s.site_id = r.site_id' : '',
    sort.join === 'customer' ? 'join customers c on c.customer_id = r.customer_id' : '',
  ].join(' ');
  const limit = params.add(filter.limit);
  const offset = params.add(filter.offset);
  const text = `with page as (
    select r.* from rack_spaces r ${joins}
    where ${where}
    order by ${order}
    limit ${limit} offset ${offset}
  )
  select ${rackSpaceColumns},
    (select count(*)::int from rack_spaces r where ${where}) as total
  from page r
  join sites s on s.site_id = r.site_id
  join customers c on c.customer_id = r.customer_id
  order by ${order}`;
  const countText = `select count(*)::int as total from rack_spaces r where ${where}`;
  return pageOf<RackSpace>(query, 'rack_spaces_list', text, countText, params, filter.offset);
}

const rackDetailText = (scoped: boolean) => `select ${rackSpaceColumns}
  from rack_spaces r
  join sites s on s.site_id = r.site_id
  join customers c on c.customer_id = r.customer_id
  where r.uuid = $1 ${scoped ? 'and r.customer_id = $2' : ''}`;
const rackDetailAll = rackDetailText(false);
const rackDetailScoped = rackDetailText(true);

export async function findRackSpace(query: RawQuery, scope: Scope, uuid: string): Promise<RackSpace | null> {
  const rows =
    scope.kind === 'customer'
      ? await query<RackSpace>('rack_spaces_detail_scoped', rackDetailScoped, [uuid, scope.customerId])
      : await query<RackSpace>('rack_spaces_detail', rackDetailAll, [uuid]);
  return rows[0] ?? null;
}

export type RackSpaceRow = typeof rackSpaces.$inferSelect;

export async function findRackSpaceRow(
  db: DbOrTx,
  scope: Scope,
  rackId: string,
): Promise<RackSpaceRow | null> {
  const rows = await db
    .select()
    .from(rackSpaces)
    .where(and(eq(rackSpaces.rackId, rackId), scopeCondition(scope, rackSpaces.customerId)))
    .limit(1);
  return rows[0] ?? null;
}

// The ends a cross-connect names, by rack id, as the domain rule reads them.
export async function findCrossConnectEnds(
  db: DbOrTx,
  scope: Scope,
  by: { rackIds?: string[]; uuids?: string[] },
): Promise<(CrossConnectEnd & { uuid: string })[]> {
  const condition = by.rackIds
    ? inArray(rackSpaces.rackId, by.rackIds)
    : inArray(rackSpaces.uuid, by.uuids ?? []);
  const rows = await db
    .select()
    .from(rackSpaces)
    .where(and(condition, scopeCondition(scope, rackSpaces.customerId)));
  return rows.map((row) => ({
    uuid: row.uuid,
    rackspaceid: row.rackId,
    siteid: row.siteId,
    customerid: row.customerId,
    enddate: toUnixSeconds(row.endDate),
  }));
}

export async function insertRackSpaceRow(db: DbOrTx, values: typeof rackSpaces.$inferInsert) {
  const rows = await db.insert(rackSpaces).values(values).returning();
  return rows[0]!;
}

export async function updateRackSpaceRow(
  db: DbOrTx,
  uuid: string,
  values: Partial<typeof rackSpaces.$inferInsert>,
) {
  await db
    .update(rackSpaces)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(rackSpaces.uuid, uuid));
}

// Cross-connects.

const crossConnectColumns = `x.uuid::text as uuid, x.cross_connect_id as crossconnectid,
    a.site_id as siteid, s.site_number as sitenumber, s.site_name as sitename,
    x.customer_id as customerid, c.customer_code as customercode, c.customer_name as customername,
    a.rack_id as aendrackspaceid, x.a_end_panel as aendpanel, x.a_end_port as aendport,
    ${epochSeconds('a.end_date')} as aendenddate,
    b.rack_id as bendrackspaceid, x.b_end_panel as bendpanel, x.b_end_port as bendport,
    ${epochSeconds('b.end_date')} as bendenddate,
    bc.customer_name as bendcustomername,
    ${epochSeconds('x.created_at')} as created`;

const crossConnectJoins = `join rack_spaces a on a.uuid = x.a_end_rack_space
  join rack_spaces b on b.uuid = x.b_end_rack_space
  join sites s on s.site_id = a.site_id
  join customers c on c.customer_id = x.customer_id
  join customers bc on bc.customer_id = b.customer_id`;

const crossSorts: Record<CrossConnectSortField, { keys: string[]; join?: string }> = {
  crossconnectid: { keys: ['x.cross_connect_id'] },
  sitename: {
    keys: ['s.site_name'],
    join: 'join rack_spaces a on a.uuid = x.a_end_rack_space join sites s on s.site_id = a.site_id',
  },
  customername: { keys: ['c.customer_name'], join: 'join customers c on c.customer_id = x.customer_id' },
  aendrackspaceid: { keys: ['a.rack_id'], join: 'join rack_spaces a on a.uuid = x.a_end_rack_space' },
  bendrackspaceid: { keys: ['b.rack_id'], join: 'join rack_spaces b on b.uuid = x.b_end_rack_space' },
  created: { keys: ['x.created_at'] },
};

function crossWhere(scope: Scope, filter: CrossConnectListFilter, params: Params): string {
  const where: string[] = [];
  if (scope.kind === 'customer') where.push(`x.customer_id = ${params.add(scope.customerId)}`);
  if (filter.customerid !== undefined) where.push(`x.customer_id = ${params.add(filter.customerid)}`);
  if (filter.siteid !== undefined)
    where.push(`exists (select 1 from rack_spaces fa where fa.uuid = x.a_end_rack_space
      and fa.site_id = ${params.add(filter.siteid)})`);
  if (filter.q) {
    const pattern = params.add(containsPattern(filter.q));
    const number = /^(?:XC-?)?0*(\d{1,9})$/i.exec(filter.q.trim());
    where.push(`(x.a_end_panel ilike ${pattern} or x.a_end_port ilike ${pattern}
      or x.b_end_panel ilike ${pattern} or x.b_end_port ilike ${pattern}
      ${number ? `or x.cross_connect_id = ${params.add(Number(number[1]))}` : ''}
      or exists (select 1 from rack_spaces qr where qr.uuid in (x.a_end_rack_space, x.b_end_rack_space)
        and qr.rack_id ilike ${pattern})
      or exists (select 1 from rack_spaces qa join sites qs on qs.site_id = qa.site_id
        where qa.uuid = x.a_end_rack_space and qs.site_name ilike ${pattern}))`);
  }
  return where.length > 0 ? where.join(' and ') : 'true';
}

export async function listCrossConnects(
  query: RawQuery,
  scope: Scope,
  filter: CrossConnectListFilter & Sorted<CrossConnectSortField>,
): Promise<{ count: number; results: CrossConnect[] }> {
  const params = new Params();
  const where = crossWhere(scope, filter, params);
  const sort = crossSorts[filter.sort.field];
  const direction = filter.sort.descending ? 'desc' : 'asc';
  const order = [...sort.keys, 'x.cross_connect_id'].map((key) => `${key} ${direction}`).join(', ');
  const limit = params.add(filter.limit);
  const offset = params.add(filter.offset);
  const text = `with page as (
    select x.* from cross_connects x ${sort.join ?? ''}
    where ${where}
    order by ${order}
    limit ${limit} offset ${offset}
  )
  select ${crossConnectColumns},
    (select count(*)::int from cross_connects x where ${where}) as total
  from page x
  ${crossConnectJoins}
  order by ${order}`;
  const countText = `select count(*)::int as total from cross_connects x where ${where}`;
  return pageOf<CrossConnect>(query, 'cross_connects_list', text, countText, params, filter.offset);
}

const crossDetailText = (scoped: boolean) => `select ${crossConnectColumns}
  from cross_connects x
  ${crossConnectJoins}
  where x.cross_connect_id = $1 ${scoped ? 'and x.customer_id = $2' : ''}`;
const crossDetailAll = crossDetailText(false);
const crossDetailScoped = crossDetailText(true);

export async function findCrossConnect(
  query: RawQuery,
  scope: Scope,
  crossConnectId: number,
): Promise<CrossConnect | null> {
  const rows =
    scope.kind === 'customer'
      ? await query<CrossConnect>('cross_connects_detail_scoped', crossDetailScoped, [
          crossConnectId,
          scope.customerId,
        ])
      : await query<CrossConnect>('cross_connects_detail', crossDetailAll, [crossConnectId]);
  return rows[0] ?? null;
}

// A Letter of Authorisation names its cross-connect by uuid (docs/decisions/033); only a token the
// server signed gets here, so the read is provider-wide.
const crossDetailByUuid = `select ${crossConnectColumns}
  from cross_connects x
  ${crossConnectJoins}
  where x.uuid = $1`;

export async function findCrossConnectByUuid(query: RawQuery, uuid: string): Promise<CrossConnect | null> {
  const rows = await query<CrossConnect>('cross_connects_by_uuid', crossDetailByUuid, [uuid]);
  return rows[0] ?? null;
}

export type CrossConnectRow = typeof crossConnects.$inferSelect;

// `for update`: two edits of one cross-connect serialise, so each checks its ends against the other's.
export async function lockCrossConnectRow(
  db: DbOrTx,
  scope: Scope,
  crossConnectId: number,
): Promise<CrossConnectRow | null> {
  const rows = await db
    .select()
    .from(crossConnects)
    .where(
      and(eq(crossConnects.crossConnectId, crossConnectId), scopeCondition(scope, crossConnects.customerId)),
    )
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

export async function insertCrossConnectRow(db: DbOrTx, values: typeof crossConnects.$inferInsert) {
  const rows = await db.insert(crossConnects).values(values).returning();
  return rows[0]!;
}

export async function updateCrossConnectRow(
  db: DbOrTx,
  crossConnectId: number,
  values: Partial<typeof crossConnects.$inferInsert>,
) {
  await db
    .update(crossConnects)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(crossConnects.crossConnectId, crossConnectId));
}
