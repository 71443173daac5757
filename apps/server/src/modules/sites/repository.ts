import type { Scope } from '@lightpath/domain/actor';
import type { Site, SiteContact, SiteType } from '@lightpath/domain/sites';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx, RawQuery } from '../../db/client';
import { contacts, siteContacts, sites } from '../../db/schema/inventory';
import { Params, statementName } from '../../db/statements';
import { containsPattern, scopeCondition } from '../../platform/scope';
import { affectedSitesSql, siteConditionSql, siteServiceTotalSql } from '../services/conditions-sql';

// Reads are hand-written SQL on the driver (RawQuery) whose columns carry the API's names, so rows go
// to the reply serialiser as they come. Writes use Drizzle.

// A site's condition needs the counts of its affected services (from the few current events, once
// per query) and, only when some are affected, its total of enabled services.
const conditionOf = (total: string) =>
  siteConditionSql({
    sitetype: 's.site_type',
    total,
    maintenance: 'h.maintenance',
    atrisk: 'h.atrisk',
    offline: 'h.offline',
  });

const siteColumns = `s.site_id as siteid, s.site_number as sitenumber, s.site_name as sitename,
    s.site_type as sitetype, s.status, s.customer_id as customerid,
    c.customer_code as customercode, c.customer_name as customername, s.parent_site_id as parentsite,
    s.latitude, s.longitude, s.building, s.street, s.suburb, s.postcode,
    s.access_hours as accesshours, s.access_notes as accessnotes, s.site_notes as sitenotes,
    s.access_type as accesstype, s.vpls_name as vplsname, s.mac_limit as maclimit,
    s.mac_flush as macflush, s.allowed_vlans as allowedvlans,
    t.servicecount, ${conditionOf('t.servicecount')} as condition`;

// Joined to one page of sites (or one site), never to the whole table.
const siteJoins = `join customers c on c.customer_id = s.customer_id
  left join affected h on h.site_id = s.site_id
  cross join lateral (select ${siteServiceTotalSql('s.site_id')} as servicecount) t`;

export const siteSortFields = ['sitename', 'sitenumber', 'customername', 'sitetype', 'condition'] as const;
export type SiteSortField = (typeof siteSortFields)[number];

export type SiteFilter = {
  q?: string | undefined;
  sitetype?: SiteType | undefined;
  status?: 0 | 1 | undefined;
  customerid?: number | undefined;
};

// Sort keys inside the page query and in the outer query (which has the same aliases, plus the
// condition as an output column). Every sort but condition walks an index (see the schema); the
// site id ends each order so that pages never overlap.
const sorts: Record<SiteSortField, { keys: string[]; outer?: string[]; join?: 'customer' | 'affected' }> = {
  sitename: { keys: ['s.site_name'] },
  sitenumber: { keys: ['s.site_number'] },
  customername: { keys: ['c.customer_name', 's.customer_id', 's.site_number'], join: 'customer' },
  sitetype: { keys: ['s.site_type', 's.site_name'] },
  condition: {
    keys: [conditionOf('h.total'), 's.site_name'],
    outer: ['condition', 's.site_name'],
    join: 'affected',
  },
};

function whereOf(scope: Scope, filter: SiteFilter, params: Params): string {
  const where: string[] = [];
  if (scope.kind === 'customer') where.push(`s.customer_id = ${params.add(scope.customerId)}`);
  if (filter.sitetype !== undefined) where.push(`s.site_type = ${params.add(filter.sitetype)}`);
  if (filter.status !== undefined) where.push(`s.status = ${params.add(filter.status)}`);
  if (filter.customerid !== undefined) where.push(`s.customer_id = ${params.add(filter.customerid)}`);
  // The name, number or VPLS name contains the text, any case: the same test as ILIKE on each of the
  // three, on the kept lower-cased text (search_text, see the schema) with its one trigram index.
  if (filter.q) where.push(`s.search_text like lower(${params.add(containsPattern(filter.q))})`);
  return where.length > 0 ? where.join(' and ') : 'true';
}

export async function listSites(
  query: RawQuery,
  scope: Scope,
  filter: SiteFilter & { sort: { field: SiteSortField; descending: boolean }; limit: number; offset: number },
): Promise<{ count: number; results: Site[] }> {
  const params = new Params();
  const where = whereOf(scope, filter, params);
  const sort = sorts[filter.sort.field];
  const direction = filter.sort.descending ? 'desc' : 'asc';
  const order = (keys: string[], id = 's.site_id') =>
    [...keys, id].map((key) => `${key} ${direction}`).join(', ');
  const innerJoins = [
    sort.join === 'customer' ? 'join customers c on c.customer_id = s.customer_id' : '',
    sort.join === 'affected' ? 'left join affected h on h.site_id = s.site_id' : '',
  ].join(' ');
  const limit = params.add(filter.limit);
  const offset = params.add(filter.offset);
  // The page is chosen first (carrying its rows, so they are not looked up again), then only its
  // rows get their customer, service count and condition; the total comes in the same round trip
  // as an uncorrelated subquery, run once. A text filter can match thousands of sites (every
  // 'library'): they are found once, through the trigram index, with their sort keys, then both
  // counted and sorted, and the page's rows read back by id (as the services list does).
  let matched = '';
  let pageText = `select s.* from sites s ${innerJoins}
    where ${where}
    order by ${order(sort.keys)}
    limit ${limit} offset ${offset}`;
  let totalText = `(select count(*)::int from sites s where ${where})`;
  if (filter.q) {
    const keys = sort.keys.map((key, index) => `${key} as k${index}`).join(', ');
    const matchedOrder = order(
      sort.keys.map((_, index) => `m.k${index}`),
      'm.site_id',
    );
    matched = `matched as materialized (
    select s.site_id, ${keys} from sites s ${innerJoins} where ${where}
  ),`;
    pageText = `select s.* from (
      select m.site_id from matched m order by ${matchedOrder} limit ${limit} offset ${offset}
    ) m cross join lateral (select * from sites s where s.site_id = m.site_id limit 1) s`;
    totalText = '(select count(*)::int from matched)';
  }
  const text = `with affected as (${affectedSitesSql}), ${matched}
  page as (${pageText})
  select ${siteColumns}, ${totalText} as total
  from page s
  ${siteJoins}
  order by ${order(sort.outer ?? sort.keys)}`;
  const rows = await query<Site & { total: number }>(statementName('sites_list', text), text, params.values);
  if (rows.length > 0) return { count: rows[0]!.total, results: rows };
  if (filter.offset === 0) return { count: 0, results: [] };
  // Past the last page: the total still has to be told.
  const countText = `select count(*)::int as total from sites s where ${where}`;
  const [counted] = await query<{ total: number }>(
    statementName('sites_count', countText),
    countText,
    params.values.slice(0, -2),
  );
  return { count: counted?.total ?? 0, results: [] };
}

const detailText = (scoped: boolean) => `with affected as (${affectedSitesSql})
  select ${siteColumns}
  from sites s ${siteJoins}
  where s.site_id = $1 ${scoped ? 'and s.customer_id = $2' : ''}`;
const detailAll = detailText(false);
const detailScoped = detailText(true);

export async function findSiteDetail(query: RawQuery, scope: Scope, siteId: number): Promise<Site | null> {
  const rows =
    scope.kind === 'customer'
      ? await query<Site>('sites_detail_scoped', detailScoped, [siteId, scope.customerId])
      : await query<Site>('sites_detail', detailAll, [siteId]);
  return rows[0] ?? null;
}

// Writes and the checks made inside their transactions.

export type SiteRow = typeof sites.$inferSelect;

export async function findSiteRow(db: DbOrTx, scope: Scope, siteId: number) {
  const rows = await db
    .select()
    .from(sites)
    .where(and(eq(sites.siteId, siteId), scopeCondition(scope, sites.customerId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findSiteByNumber(db: DbOrTx, customerId: number, siteNumber: string) {
  const rows = await db
    .select({ siteId: sites.siteId })
    .from(sites)
    .where(and(eq(sites.customerId, customerId), eq(sites.siteNumber, siteNumber)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertSiteRow(db: DbOrTx, values: typeof sites.$inferInsert) {
  const rows = await db.insert(sites).values(values).returning();
  return rows[0]!;
}

export async function updateSiteRow(db: DbOrTx, siteId: number, values: Partial<typeof sites.$inferInsert>) {
  await db
    .update(sites)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sites.siteId, siteId));
}

export async function deleteSiteRow(db: DbOrTx, siteId: number) {
  await db.delete(sites).where(eq(sites.siteId, siteId));
}

// Site contacts. The contacts themselves belong to the contacts area (issue 5), which has no module
// yet; these reads of its table move there when it does.

export async function listSiteContacts(db: DbOrTx, siteId: number): Promise<SiteContact[]> {
  const rows = await db
    .select({
      contactid: contacts.contactId,
      contactname: contacts.contactName,
      email: contacts.email,
      title: contacts.title,
      office: contacts.office,
      mobile: contacts.mobile,
      contacttype: siteContacts.contactType,
    })
    .from(siteContacts)
    .innerJoin(contacts, eq(contacts.contactId, siteContacts.contactId))
    .where(eq(siteContacts.siteId, siteId))
    .orderBy(asc(siteContacts.contactType), asc(contacts.contactName), asc(contacts.contactId));
  return rows as SiteContact[];
}

// Assigning an assigned contact again changes its type.
export async function upsertSiteContact(db: DbOrTx, siteId: number, contactId: number, contactType: number) {
  await db
    .insert(siteContacts)
    .values({ siteId, contactId, contactType })
    .onConflictDoUpdate({ target: [siteContacts.siteId, siteContacts.contactId], set: { contactType } });
}

export async function deleteSiteContact(db: DbOrTx, siteId: number, contactId: number) {
  const rows = await db
    .delete(siteContacts)
    .where(and(eq(siteContacts.siteId, siteId), eq(siteContacts.contactId, contactId)))
    .returning({ contactId: siteContacts.contactId });
  return rows.length > 0;
}
