import type { AccessRequestRow } from '@lightpath/domain/access';
import type { Scope } from '@lightpath/domain/actor';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx, RawQuery } from '../../db/client';
import { siteAccessRequests, ticketAttachments } from '../../db/schema/tickets';
import { scopeCondition } from '../../platform/scope';

// The access area's own tables: the uploaded access forms (ticket_attachments, until a request links
// them to its ticket) and the requests themselves (site_access_requests). Sites, contacts and tickets
// are reached through their own modules.

export type AttachmentRow = typeof ticketAttachments.$inferSelect;
export type NewAttachmentRow = typeof ticketAttachments.$inferInsert;

export async function insertAttachmentRows(db: DbOrTx, rows: NewAttachmentRow[]) {
  return db.insert(ticketAttachments).values(rows).returning();
}

// The uploads a request may name: made for this site, not yet used by another request, and within
// the caller's scope. `lock` takes the rows for the caller's transaction, so two requests naming the
// same upload cannot both link it.
export async function findUnlinkedAttachments(
  db: DbOrTx,
  scope: Scope,
  siteId: number,
  tokens: readonly string[],
  options: { lock?: boolean } = {},
): Promise<AttachmentRow[]> {
  if (tokens.length === 0) return [];
  const select = db
    .select()
    .from(ticketAttachments)
    .where(
      and(
        inArray(ticketAttachments.token, [...tokens]),
        eq(ticketAttachments.siteId, siteId),
        isNull(ticketAttachments.ticketId),
        scopeCondition(scope, ticketAttachments.customerId),
      ),
    )
    .orderBy(asc(ticketAttachments.attachmentId));
  return options.lock ? select.for('update') : select;
}

// Links a request's uploads (locked by findUnlinkedAttachments) to the ticket it opened: its number in
// the ticket system, built-in or Zendesk. A linked upload is never offered to another request.
export async function linkAttachments(db: DbOrTx, attachmentIds: readonly number[], ticketId: number) {
  if (attachmentIds.length === 0) return;
  await db
    .update(ticketAttachments)
    .set({ ticketId })
    .where(
      and(inArray(ticketAttachments.attachmentId, [...attachmentIds]), isNull(ticketAttachments.ticketId)),
    );
}

// The names of the uploads a request's ticket carries, in upload order.
export async function listLinkedAttachmentNames(db: DbOrTx, ticketId: number): Promise<string[]> {
  const rows = await db
    .select({ fileName: ticketAttachments.fileName })
    .from(ticketAttachments)
    .where(eq(ticketAttachments.ticketId, ticketId))
    .orderBy(asc(ticketAttachments.attachmentId));
  return rows.map((row) => row.fileName);
}

// The request an earlier POST with this Idempotency-Key made: the access service keeps the dedupe key
// on the request row (site_access_requests.request_key), so a retry finds it whichever ticket system
// holds the ticket.
export async function findAccessRequestByRequestKey(db: DbOrTx, dedupeKey: string) {
  const rows = await db
    .select({ ticketId: siteAccessRequests.ticketId, siteId: siteAccessRequests.siteId })
    .from(siteAccessRequests)
    .where(eq(siteAccessRequests.requestKey, dedupeKey))
    .limit(1);
  const row = rows[0];
  return row?.ticketId ? { ticketId: row.ticketId, siteId: row.siteId } : null;
}

// Stores the request. A twin with the same request key that committed first wins: the unique index
// makes this insert wait for it and then write nothing, and null is answered.
export async function insertAccessRequestRow(db: DbOrTx, values: typeof siteAccessRequests.$inferInsert) {
  const rows = await db
    .insert(siteAccessRequests)
    .values(values)
    .onConflictDoNothing({ target: siteAccessRequests.requestKey })
    .returning();
  return rows[0] ?? null;
}

// A site's requests, newest first, with the name of whoever made each. The site has been checked to
// be in scope; the customer condition keeps the query itself scoped all the same.
const listText = (scoped: boolean) => `select r.request_id as requestid, r.ticket_id as ticketid,
    r.site_id as siteid, r.access_type as accesstype, r.technician,
    extract(epoch from r.access_time)::bigint::int as datetime, r.reason, r.ticket_number as number,
    r.emergency, r.service_affecting as serviceaffecting, r.details,
    nullif(trim(concat_ws(' ', u.firstname, u.surname)), '') as requestedby,
    extract(epoch from r.created_at)::bigint::int as createdat,
    count(*) over ()::int as total
  from site_access_requests r
  left join users u on u.user_id = r.requested_by
  where r.site_id = $1 ${scoped ? 'and r.customer_id = $4' : ''}
  order by r.created_at desc, r.request_id desc
  limit $2 offset $3`;
const listAll = listText(false);
const listScoped = listText(true);

export async function listAccessRequests(
  query: RawQuery,
  scope: Scope,
  siteId: number,
  page: { limit: number; offset: number },
): Promise<{ count: number; results: AccessRequestRow[] }> {
  type Row = AccessRequestRow & { total: number };
  const rows =
    scope.kind === 'customer'
      ? await query<Row>('access_requests_scoped', listScoped, [
          siteId,
          page.limit,
          page.offset,
          scope.customerId,
        ])
      : await query<Row>('access_requests', listAll, [siteId, page.limit, page.offset]);
  if (rows.length > 0) return { count: rows[0]!.total, results: rows.map(({ total: _, ...row }) => row) };
  if (page.offset === 0) return { count: 0, results: [] };
  // Past the last page: the total still has to be told.
  const countText = `select count(*)::int as total from site_access_requests r
    where r.site_id = $1 ${scope.kind === 'customer' ? 'and r.customer_id = $2' : ''}`;
  const [counted] = await query<{ total: number }>(
    scope.kind === 'customer' ? 'access_requests_count_scoped' : 'access_requests_count',
    countText,
    scope.kind === 'customer' ? [siteId, scope.customerId] : [siteId],
  );
  return { count: counted?.total ?? 0, results: [] };
}
