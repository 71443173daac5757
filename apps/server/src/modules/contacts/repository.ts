import type { Scope } from '@lightpath/domain/actor';
import type { ContactSite, ContactSummary, contactSortFields } from '@lightpath/domain/contacts';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx, RawQuery } from '../../db/client';
import { contacts, siteContacts } from '../../db/schema/inventory';
import { Params, statementName } from '../../db/statements';
import { containsPattern, scopeCondition } from '../../platform/scope';

// Reads are hand-written SQL on the driver (RawQuery) whose columns carry the API's names, as in
// modules/sites; writes use Drizzle.

export type ContactSortField = (typeof contactSortFields)[number];

export type ContactFilter = { q?: string | undefined; customerid?: number | undefined };

const contactColumns = `k.contact_id as contactid, k.contact_name as contactname, k.email, k.title,
    k.office, k.mobile, k.customer_id as customerid,
    c.customer_code as customercode, c.customer_name as customername`;

// Sort keys inside the page query and in the outer one (which also has the site count as an output
// column). The contact id ends each order so that pages never overlap.
const sorts: Record<ContactSortField, { keys: string[]; outer?: string[]; join?: 'customer' | 'sites' }> = {
  contactname: { keys: ['k.contact_name'] },
  email: { keys: ['k.email', 'k.contact_name'] },
  customername: { keys: ['c.customer_name', 'k.contact_name'], join: 'customer' },
  sitecount: {
    keys: ['n.sitecount', 'k.contact_name'],
    outer: ['sitecount', 'k.contact_name'],
    join: 'sites',
  },
};

const siteCountSql = `(select count(*)::int from site_contacts sc where sc.contact_id = k.contact_id)`;

function whereOf(scope: Scope, filter: ContactFilter, params: Params): string {
  const where: string[] = [];
  if (scope.kind === 'customer') where.push(`k.customer_id = ${params.add(scope.customerId)}`);
  if (filter.customerid !== undefined) where.push(`k.customer_id = ${params.add(filter.customerid)}`);
  if (filter.q) {
    const pattern = params.add(containsPattern(filter.q));
    where.push(
      `(k.contact_name ilike ${pattern} or k.email ilike ${pattern} or k.title ilike ${pattern}
        or k.office ilike ${pattern} or k.mobile ilike ${pattern})`,
    );
  }
  return where.length > 0 ? where.join(' and ') : 'true';
}

export async function listContacts(
  query: RawQuery,
  scope: Scope,
  filter: ContactFilter & {
    sort: { field: ContactSortField; descending: boolean };
    limit: number;
    offset: number;
  },
): Promise<{ count: number; results: ContactSummary[] }> {
  const params = new Params();
  const where = whereOf(scope, filter, params);
  const sort = sorts[filter.sort.field];
  const direction = filter.sort.descending ? 'desc' : 'asc';
  // Nulls (contacts without an email) sort last either way, like an empty cell at the bottom.
  const order = (keys: string[]) =>
    [...keys, 'k.contact_id'].map((key) => `${key} ${direction} nulls last`).join(', ');
  const innerJoins = [
    sort.join === 'customer' ? 'join customers c on c.customer_id = k.customer_id' : '',
    sort.join === 'sites' ? `cross join lateral (select ${siteCountSql} as sitecount) n` : '',
  ].join(' ');
  const limit = params.add(filter.limit);
  const offset = params.add(filter.offset);
  // The page is chosen first, then only its rows get their customer and site count; the total comes
  // in the same round trip as an uncorrelated subquery, run once.
  const text = `with page as (
    select k.* from contacts k ${innerJoins}
    where ${where}
    order by ${order(sort.keys)}
    limit ${limit} offset ${offset}
  )
  select ${contactColumns}, ${siteCountSql} as sitecount,
    (select count(*)::int from contacts k where ${where}) as total
  from page k
  join customers c on c.customer_id = k.customer_id
  order by ${order(sort.outer ?? sort.keys)}`;
  const rows = await query<ContactSummary & { total: number }>(
    statementName('contacts_list', text),
    text,
    params.values,
  );
  if (rows.length > 0) return { count: rows[0]!.total, results: rows.map(({ total: _, ...row }) => row) };
  if (filter.offset === 0) return { count: 0, results: [] };
  // Past the last page: the total still has to be told.
  const countText = `select count(*)::int as total from contacts k where ${where}`;
  const [counted] = await query<{ total: number }>(
    statementName('contacts_count', countText),
    countText,
    params.values.slice(0, -2),
  );
  return { count: counted?.total ?? 0, results: [] };
}

const detailText = (scoped: boolean) => `select ${contactColumns}
  from contacts k join customers c on c.customer_id = k.customer_id
  where k.contact_id = $1 ${scoped ? 'and k.customer_id = $2' : ''}`;
const detailAll = detailText(false);
const detailScoped = detailText(true);

export type ContactDetailRow = Omit<ContactSummary, 'sitecount'>;

export async function findContactDetail(
  query: RawQuery,
  scope: Scope,
  contactId: number,
): Promise<ContactDetailRow | null> {
  const rows =
    scope.kind === 'customer'
      ? await query<ContactDetailRow>('contacts_detail_scoped', detailScoped, [contactId, scope.customerId])
      : await query<ContactDetailRow>('contacts_detail', detailAll, [contactId]);
  return rows[0] ?? null;
}

// The sites a contact stands for. An assignment is only ever made to a site of the contact's own
// customer (modules/sites), so these are in the caller's scope whenever the contact is.
const contactSitesText = `select s.site_id as siteid, s.site_number as sitenumber, s.site_name as sitename,
    sc.contact_type as contacttype
  from site_contacts sc join sites s on s.site_id = sc.site_id
  where sc.contact_id = $1
  order by sc.contact_type, s.site_number, s.site_id`;

export async function listContactSites(query: RawQuery, contactId: number): Promise<ContactSite[]> {
  return query<ContactSite>('contacts_sites', contactSitesText, [contactId]);
}

// Writes and the checks made inside their transactions.

export type ContactRow = typeof contacts.$inferSelect;

export async function findContactRow(db: DbOrTx, scope: Scope, contactId: number) {
  const rows = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.contactId, contactId), scopeCondition(scope, contacts.customerId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertContactRow(db: DbOrTx, values: typeof contacts.$inferInsert) {
  const rows = await db.insert(contacts).values(values).returning();
  return rows[0]!;
}

export async function updateContactRow(
  db: DbOrTx,
  contactId: number,
  values: Partial<typeof contacts.$inferInsert>,
) {
  if (Object.keys(values).length === 0) return;
  await db.update(contacts).set(values).where(eq(contacts.contactId, contactId));
}

// The contact's site assignments go with it (site_contacts cascades); the ids are returned for the
// audit trail.
export async function deleteContactRow(db: DbOrTx, contactId: number) {
  const assigned = await db
    .select({ siteId: siteContacts.siteId, contactType: siteContacts.contactType })
    .from(siteContacts)
    .where(eq(siteContacts.contactId, contactId));
  await db.delete(contacts).where(eq(contacts.contactId, contactId));
  return assigned;
}
