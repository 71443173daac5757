import type { Scope } from '@lightpath/domain/actor';
import type { ServiceCondition } from '@lightpath/domain/conditions';
import {
  type Patching,
  type Service,
  type ServiceGroup,
  type ServiceLetter,
  type ServiceSummary,
  serviceGroupNames,
  serviceGroups,
} from '@lightpath/domain/services';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx, RawQuery } from '../../db/client';
import { eventServices, servicePatching, services, sites } from '../../db/schema/inventory';
import { countReachOf, Params, statementName, windowedCountSql, windowedPage } from '../../db/statements';
import { containsPattern, scopeCondition } from '../../platform/scope';
import { currentServiceConditionsSql, serviceConditionSql } from './conditions-sql';

// Reads are hand-written SQL on the driver (RawQuery) whose columns already carry the API's names,
// so a page of rows goes to the reply serialiser as it comes from the database. Writes use Drizzle.

const summaryColumnsWith = (condition: string) => `sv.service_id as serviceid, sv.description,
    sv.type_letter as type, sv.status, sv.speed, sv.customer_id as customerid, c.customer_code as customercode,
    sv.a_end_site_id as aendsiteid, a.site_number as aendsitenumber, a.site_name as aendsitename,
    sv.b_end_site_id as bendsiteid, b.site_number as bendsitenumber, b.site_name as bendsitename,
    sv.diversity, to_char(sv.provision_date, 'YYYY-MM-DD') as provisiondate, ${condition} as condition`;

// For a page or one service: the condition is an index probe per row.
const summaryColumns = summaryColumnsWith(serviceConditionSql('sv.service_id'));

// One index probe per row for the customer and each end. Written as lateral lookups (LIMIT 1 keeps
// the planner from turning them into joins) because with the default random_page_cost the planner
// prefers hashing all 10,000 sites to a hundred probes, several times slower on a warm cache.
const summaryJoins = `cross join lateral (select customer_code, customer_name from customers
      where customer_id = sv.customer_id limit 1) c
  cross join lateral (select site_number, site_name from sites where site_id = sv.a_end_site_id limit 1) a
  left join lateral (select site_number, site_name from sites where site_id = sv.b_end_site_id limit 1) b
    on true`;

// For unpaged sets that can run to thousands of rows (every service at the internet gateway): plain
// joins the planner may hash, and the conditions of the few affected services hashed in once.
const bulkSummaryColumns = summaryColumnsWith('coalesce(hit.condition, 0)');
const bulkSummaryJoins = `join customers c on c.customer_id = sv.customer_id
  join sites a on a.site_id = sv.a_end_site_id
  left join sites b on b.site_id = sv.b_end_site_id
  left join (${currentServiceConditionsSql}) hit on hit.service_id = sv.service_id`;

export const serviceSortFields = [
  'serviceid',
  'description',
  'customercode',
  'aendsitename',
  'speed',
  'provisiondate',
  'condition',
] as const;
export type ServiceSortField = (typeof serviceSortFields)[number];

export type ServiceFilter = {
  q?: string | undefined;
  group?: ServiceGroup | undefined;
  type?: ServiceLetter | undefined;
  status?: 0 | 1 | 2 | undefined;
  customerid?: number | undefined;
  siteid?: number | undefined;
  aendsiteid?: number | undefined;
  bendsiteid?: number | undefined;
  condition?: ServiceCondition | undefined;
};

// How each sort reads inside the page query (`inner`, where only the service and the joins the sort
// needs exist) and in the outer query that decorates the page. Each has an index to walk (see the
// schema), except condition, which is worked out for every row in scope and sorted.
const sorts: Record<
  ServiceSortField,
  { inner: string; outer: string; join?: 'customer' | 'asite' | 'hits' }
> = {
  serviceid: { inner: 'sv.service_id', outer: 'sv.service_id' },
  description: { inner: 'sv.description', outer: 'sv.description' },
  customercode: { inner: 'c.customer_code', outer: 'c.customer_code', join: 'customer' },
  aendsitename: { inner: 'a.site_name', outer: 'a.site_name', join: 'asite' },
  speed: { inner: 'sv.speed', outer: 'sv.speed' },
  provisiondate: { inner: 'sv.provision_date', outer: 'sv.provision_date' },
  condition: { inner: 'coalesce(hit.condition, 0)', outer: 'condition', join: 'hits' },
};

// Group letters are the domain's constants, never user input, so they are written into the SQL and
// every group gets a plan of its own.
const groupLetters = Object.fromEntries(
  serviceGroupNames.map((g) => [g, serviceGroups[g].letters.map((l) => `'${l}'`).join(', ')]),
) as Record<ServiceGroup, string>;

// The id or the description contains the text, any case: ILIKE is lower() of both sides and LIKE, so
// this is the same test on the kept lower-cased text (search_text, see the schema), with its trigram
// index.
const textMatchSql = (pattern: string) => `sv.search_text like lower(${pattern})`;

// `pattern` is the placeholder of the text filter's ILIKE pattern, if there is one.
function whereOf(scope: Scope, filter: ServiceFilter, params: Params, pattern: string | null): string[] {
  const where: string[] = [];
  if (scope.kind === 'customer') where.push(`sv.customer_id = ${params.add(scope.customerId)}`);
  // Without a status filter a list shows the services in use; deprovisioned ones are status=0.
  where.push(
    filter.status === undefined ? 'sv.status in (1, 2)' : `sv.status = ${params.add(filter.status)}`,
  );
  if (filter.group) where.push(`sv.type_letter in (${groupLetters[filter.group]})`);
  if (filter.type) where.push(`sv.type_letter = ${params.add(filter.type)}`);
  if (filter.customerid !== undefined) where.push(`sv.customer_id = ${params.add(filter.customerid)}`);
  if (filter.siteid !== undefined) {
    const site = params.add(filter.siteid);
    where.push(`(sv.a_end_site_id = ${site} or sv.b_end_site_id = ${site})`);
  }
  if (filter.aendsiteid !== undefined) where.push(`sv.a_end_site_id = ${params.add(filter.aendsiteid)}`);
  if (filter.bendsiteid !== undefined) where.push(`sv.b_end_site_id = ${params.add(filter.bendsiteid)}`);
  if (pattern) where.push(textMatchSql(pattern));
  if (filter.condition === 0) where.push('hit.service_id is null');
  else if (filter.condition !== undefined) where.push(`hit.condition = ${params.add(filter.condition)}`);
  return where;
}

// The total from the kept totals (service_totals, docs/decisions/042) when every clause is about a
// column they keep: customer, status and type letter. The clauses are the list's own, placeholders
// and all, on the totals' alias, so both count exactly the same services. A list of every customer's
// services sums the totals already summed over customers (service_type_totals, docs/decisions/051).
// Null: count the services.
function totalFromTotalsSql(scope: Scope, filter: ServiceFilter, clauses: string[]): string | null {
  const keptColumnsOnly =
    !filter.q &&
    filter.siteid === undefined &&
    filter.aendsiteid === undefined &&
    filter.bendsiteid === undefined &&
    filter.condition === undefined;
  if (!keptColumnsOnly) return null;
  const where = clauses.map((clause) => clause.replaceAll('sv.', 't.')).join(' and ');
  const totals = everyCustomer(scope, filter) ? 'service_type_totals' : 'service_totals';
  return `(select coalesce(sum(t.services), 0)::int from ${totals} t where ${where})`;
}

const everyCustomer = (scope: Scope, filter: { customerid?: number | undefined }) =>
  scope.kind === 'all' && filter.customerid === undefined;

// Services with a current event, joined only when a condition filter or sort needs every row's
// condition; an inner join when the filter asks for an affected condition.
function hitsJoin(filter: ServiceFilter): string {
  const inner = filter.condition !== undefined && filter.condition !== 0;
  return `${inner ? 'join' : 'left join'} hits hit on hit.service_id = sv.service_id`;
}

// `countexact` with a text filter, whose matches are counted within the list count window.
export type ServicePage = { count: number; countexact?: boolean; results: ServiceSummary[] };

// A page sorted by condition without working out every row's condition. The services with a current
// event (`hits`, a few hundred) are the only ones above 0: the page is the first rows of two runs
// merged, the affected services by condition, and the others by id (an index walk that skips the
// affected ones). Each run brings offset + limit rows at most, as many as the page could take from it.
function conditionSortedPage(parts: {
  where: string;
  direction: 'asc' | 'desc';
  limit: string;
  offset: string;
}): string {
  const { where, direction, limit, offset } = parts;
  const reach = `(${limit}::bigint + ${offset}::bigint)`;
  // Each affected service is probed by id (a hash join would read every service to find a hundred).
  return `select sv.* from (
      (select sv.*, hit.condition as sort_condition
        from hits hit cross join lateral (select * from services sv where sv.service_id = hit.service_id limit 1) sv
        where ${where}
        order by hit.condition ${direction}, sv.service_id ${direction}
        limit ${reach})
      union all
      (select sv.*, 0 as sort_condition from services sv
        where ${where} and not exists (select 1 from hits hit where hit.service_id = sv.service_id)
        order by sv.service_id ${direction}
        limit ${reach})
    ) sv
    order by sv.sort_condition ${direction}, sv.service_id ${direction}
    limit ${limit} offset ${offset}`;
}

export async function listServices(
  query: RawQuery,
  scope: Scope,
  filter: ServiceFilter & {
    sort: { field: ServiceSortField; descending: boolean };
    limit: number;
    offset: number;
  },
): Promise<ServicePage> {
  const params = new Params();
  const pattern = filter.q ? params.add(containsPattern(filter.q)) : null;
  const clauses = whereOf(scope, filter, params, pattern);
  const where = clauses.join(' and ');
  const sort = sorts[filter.sort.field];
  const direction = filter.sort.descending ? 'desc' : 'asc';
  const filtersByCondition = filter.condition !== undefined;
  const needsHits = filtersByCondition || sort.join === 'hits';
  const innerJoins = [
    sort.join === 'customer' ? 'join customers c on c.customer_id = sv.customer_id' : '',
    sort.join === 'asite' ? 'join sites a on a.site_id = sv.a_end_site_id' : '',
    needsHits ? hitsJoin(filter) : '',
  ].join(' ');
  const countJoins = filtersByCondition ? hitsJoin(filter) : '';
  const order = (key: string) =>
    key === 'sv.service_id'
      ? `sv.service_id ${direction}`
      : `${key} ${direction}, sv.service_id ${direction}`;
  // A text filter's matches are counted within the list count window (docs/decisions/051).
  const reach = pattern ? params.add(countReachOf(filter.offset)) : null;
  const limit = params.add(filter.limit);
  const offset = params.add(filter.offset);
  // The page is chosen first (an index walk for every sort, the text filter tested on the rows walked;
  // a rare text is found through its trigram index instead) carrying its rows, and only they are
  // joined to their customer and sites and given a condition. The total comes in the same round trip
  // as an uncorrelated subquery, which PostgreSQL runs once.
  const totalOfWhere =
    totalFromTotalsSql(scope, filter, clauses) ??
    (reach
      ? // A text filter can match thousands (every service of a campus), each rechecked: they are
        // counted on the narrow kept copy, which holds every column the clauses test, under the same
        // alias (docs/decisions/042), and only up to the window past the page.
        windowedCountSql(`select 1 from service_search_texts sv ${countJoins} where ${where}`, reach)
      : `(select count(*)::int from services sv ${countJoins} where ${where})`);
  const pageText =
    sort.join === 'hits' && !filtersByCondition
      ? conditionSortedPage({ where, direction, limit, offset })
      : `select sv.* from services sv ${innerJoins}
    where ${where}
    order by ${order(sort.inner)}
    limit ${limit} offset ${offset}`;
  const text = `with ${needsHits ? `hits as (${currentServiceConditionsSql}),` : ''}
  page as (${pageText})
  select ${summaryColumns}, ${totalOfWhere} as total
  from page sv
  ${summaryJoins}
  order by ${order(sort.outer)}`;
  // A text filter's statement is planned for its own text each time (an unnamed statement): a prepared
  // one goes to a generic plan after five runs, which cannot tell 'campus' (thousands of services, best
  // found by walking the sort's index) from a rare word (a few, best found by their trigrams) and took
  // the trigram scan and a sort of every match for both (docs/decisions/042).
  const rows = await query<ServiceSummary & { total: number }>(
    pattern ? '' : statementName('services_list', text),
    text,
    params.values,
  );
  const counted = (count: number, results: ServiceSummary[]): ServicePage =>
    reach ? windowedPage({ count, results }, filter.offset) : { count, results };
  if (rows.length > 0) return counted(rows[0]!.total, rows);
  if (filter.offset === 0) return counted(0, []);
  // Past the last page: the total still has to be told.
  const countText = `with ${needsHits ? `hits as (${currentServiceConditionsSql}),` : ''}
  counted as (select ${totalOfWhere} as total)
  select total from counted`;
  const countValues = params.values.slice(0, -2);
  const [total] = await query<{ total: number }>(
    statementName('services_count', countText),
    countText,
    countValues,
  );
  return counted(total?.total ?? 0, []);
}

// Every service with an end at the site (any status), for the site page and the VPLS and L3VPN pages.
export async function listServicesAtSite(
  query: RawQuery,
  scope: Scope,
  siteId: number,
): Promise<ServiceSummary[]> {
  const params = new Params();
  const site = params.add(siteId);
  const scoped = scope.kind === 'customer' ? `and sv.customer_id = ${params.add(scope.customerId)}` : '';
  const text = `select ${bulkSummaryColumns}
  from services sv ${bulkSummaryJoins}
  where (sv.a_end_site_id = ${site} or sv.b_end_site_id = ${site}) ${scoped}
  order by sv.service_id`;
  return query<ServiceSummary>(statementName('services_at_site', text), text, params.values);
}

const patchingColumns = `case when p.service_id is null then null else json_build_object(
      'aendaddress', p.a_end_address, 'aendpanel', p.a_end_panel, 'aendconnector', p.a_end_connector,
      'aendsfp', p.a_end_sfp, 'aendport', p.a_end_port, 'aendwavelength', p.a_end_wavelength,
      'insertionlossa', p.insertion_loss_a,
      'bendaddress', p.b_end_address, 'bendpanel', p.b_end_panel, 'bendconnector', p.b_end_connector,
      'bendsfp', p.b_end_sfp, 'bendport', p.b_end_port, 'bendwavelength', p.b_end_wavelength,
      'insertionlossb', p.insertion_loss_b,
      'vlan', p.vlan, 'ipaddress', p.ip_address, 'defaultgateway', p.default_gateway,
      'fibrelength', p.fibre_length, 'notes', p.notes) end as patching`;

const detailText = (scoped: boolean) => `select ${summaryColumns},
    sv.path, sv.notes, sv.a_end_port_id as aendportid, sv.b_end_port_id as bendportid,
    sv.juniper_port_id as juniperportid, c.customer_name as customername,
    floor(extract(epoch from sv.deprovisioned_at))::float8 as deprovisionedat,
    sv.sla_target::float8 as slatarget,
    ${patchingColumns}
  from services sv ${summaryJoins}
  left join service_patching p on p.service_id = sv.service_id
  where sv.service_id = $1 ${scoped ? 'and sv.customer_id = $2' : ''}`;
const detailAll = detailText(false);
const detailScoped = detailText(true);

export async function findServiceDetail(
  query: RawQuery,
  scope: Scope,
  serviceId: string,
): Promise<Service | null> {
  const rows =
    scope.kind === 'customer'
      ? await query<Service>('services_detail_scoped', detailScoped, [serviceId, scope.customerId])
      : await query<Service>('services_detail', detailAll, [serviceId]);
  return rows[0] ?? null;
}

export type ServiceCounts = Record<'all' | ServiceGroup, number>;

// The sidebar's counts of services in use, every group in one pass over the kept totals (for the NOC,
// those already summed over customers). Through Drizzle with the db the count provider is handed,
// since it runs once per page load rather than per list request.
export async function countServicesByGroup(db: DbOrTx, scope: Scope): Promise<ServiceCounts> {
  const groups = serviceGroupNames.map(
    (g) => `coalesce(sum(t.services) filter (where t.type_letter in (${groupLetters[g]})), 0)::int as ${g}`,
  );
  const totals =
    scope.kind === 'customer'
      ? sql`service_totals t where t.status <> 0 and t.customer_id = ${scope.customerId}`
      : sql`service_type_totals t where t.status <> 0`;
  const result = await db.execute(
    sql`select coalesce(sum(t.services), 0)::int as "all", ${sql.raw(groups.join(', '))} from ${totals}`,
  );
  return (result as unknown as { rows: ServiceCounts[] }).rows[0]!;
}

// Writes and the checks made inside their transactions.

export type ServiceRow = typeof services.$inferSelect;

export async function findServiceRow(db: DbOrTx, scope: Scope, serviceId: string) {
  const rows = await db
    .select()
    .from(services)
    .where(and(eq(services.serviceId, serviceId), scopeCondition(scope, services.customerId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertServiceRow(db: DbOrTx, values: typeof services.$inferInsert) {
  const rows = await db.insert(services).values(values).returning();
  return rows[0]!;
}

export async function updateServiceRow(
  db: DbOrTx,
  serviceId: string,
  values: Partial<typeof services.$inferInsert>,
) {
  await db
    .update(services)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(services.serviceId, serviceId));
}

// Status 0 and the time, unless the service is disabled already (then false).
export async function deprovisionServiceRow(db: DbOrTx, serviceId: string) {
  const rows = await db
    .update(services)
    .set({ status: 0, deprovisionedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(services.serviceId, serviceId), ne(services.status, 0)))
    .returning({ serviceId: services.serviceId });
  return rows.length > 0;
}

// Events keep their history: a service any event names is deprovisioned, never deleted.
export async function isServiceInEvents(db: DbOrTx, serviceId: string): Promise<boolean> {
  const rows = await db
    .select({ id: eventServices.eventId })
    .from(eventServices)
    .where(eq(eventServices.serviceId, serviceId))
    .limit(1);
  return rows.length > 0;
}

export async function deleteServiceRow(db: DbOrTx, serviceId: string) {
  await db.delete(services).where(eq(services.serviceId, serviceId));
}

// API field → column of service_patching.
const patchingFields = {
  aendaddress: 'aEndAddress',
  aendpanel: 'aEndPanel',
  aendconnector: 'aEndConnector',
  aendsfp: 'aEndSfp',
  aendport: 'aEndPort',
  aendwavelength: 'aEndWavelength',
  insertionlossa: 'insertionLossA',
  bendaddress: 'bEndAddress',
  bendpanel: 'bEndPanel',
  bendconnector: 'bEndConnector',
  bendsfp: 'bEndSfp',
  bendport: 'bEndPort',
  bendwavelength: 'bEndWavelength',
  insertionlossb: 'insertionLossB',
  vlan: 'vlan',
  ipaddress: 'ipAddress',
  defaultgateway: 'defaultGateway',
  fibrelength: 'fibreLength',
  notes: 'notes',
} as const satisfies Record<keyof Patching, keyof typeof servicePatching.$inferInsert>;

// Sets the given patching fields and keeps the others (a new row starts with the given ones).
export async function upsertPatching(db: DbOrTx, serviceId: string, patching: Patching) {
  const values: Partial<typeof servicePatching.$inferInsert> = {};
  for (const [field, column] of Object.entries(patchingFields) as [keyof Patching, string][]) {
    const value = patching[field];
    if (value !== undefined) (values as Record<string, unknown>)[column] = value;
  }
  const insert = db.insert(servicePatching).values({ serviceId, ...values });
  await (Object.keys(values).length === 0
    ? insert.onConflictDoNothing()
    : insert.onConflictDoUpdate({ target: servicePatching.serviceId, set: values }));
}

// Services with an end at a site, whatever their status: a site cannot go while any remain.
// A service end as the id rules judge it (serviceSiteProblems): read here rather than through the sites
// area, which itself reads services for its counts and conditions, so the two never import each other.
export async function findServiceEndSite(db: DbOrTx, scope: Scope, siteId: number) {
  const rows = await db
    .select({ customerId: sites.customerId, siteNumber: sites.siteNumber, status: sites.status })
    .from(sites)
    .where(and(eq(sites.siteId, siteId), scopeCondition(scope, sites.customerId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function countServicesReferencingSite(db: DbOrTx, siteId: number) {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(services)
    .where(or(eq(services.aEndSiteId, siteId), eq(services.bEndSiteId, siteId)));
  return rows[0]?.n ?? 0;
}
