import type { Scope } from '@lightpath/domain/actor';
import type { Invoice, InvoiceFilter, invoiceSortFields } from '@lightpath/domain/invoices';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx, RawQuery } from '../../db/client';
import { invoices } from '../../db/schema/invoices';
import { epochSeconds, Params, pageOf } from '../../db/statements';
import { containsPattern, scopeCondition } from '../../platform/scope';

// Invoices are customer-owned: every read takes the caller's Scope. The list is hand-written SQL with
// the API's column names, as the other lists; writes use Drizzle.

export type InvoiceSortField = (typeof invoiceSortFields)[number];
export type InvoiceListFilter = InvoiceFilter & { q?: string | undefined };
type Sorted = { sort: { field: InvoiceSortField; descending: boolean }; limit: number; offset: number };

const invoiceColumns = `i.uuid::text as uuid, i.invoice_number as invoiceid,
    ${epochSeconds('i.issued_at')} as invoicedate,
    to_char(i.period_start, 'YYYY-MM-DD') as periodstart, to_char(i.period_end, 'YYYY-MM-DD') as periodend,
    i.amount_cents::float8 as amount, i.gst_cents::float8 as gst, i.currency, i.status,
    i.customer_id as customerid, c.customer_code as customercode, c.customer_name as customername`;

// The uuid ends each order so that pages never overlap.
const sorts: Record<InvoiceSortField, { keys: string[]; joinCustomer?: boolean }> = {
  invoicedate: { keys: ['i.issued_at'] },
  invoiceid: { keys: ['i.invoice_number'] },
  periodstart: { keys: ['i.period_start', 'i.issued_at'] },
  amount: { keys: ['i.amount_cents', 'i.issued_at'] },
  status: { keys: ['i.status', 'i.issued_at'] },
  customername: { keys: ['c.customer_name', 'i.issued_at'], joinCustomer: true },
};

// A period of '2026' or '2026-03': the invoices whose period starts within that year or month.
function periodRange(period: string): [string, string] {
  const [year, month] = period.split('-').map(Number) as [number, number | undefined];
  if (month === undefined) return [`${year}-01-01`, `${year + 1}-01-01`];
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return [`${year}-${String(month).padStart(2, '0')}-01`, next];
}

function invoiceWhere(scope: Scope, filter: InvoiceListFilter, params: Params): string {
  const where: string[] = [];
  if (scope.kind === 'customer') where.push(`i.customer_id = ${params.add(scope.customerId)}`);
  if (filter.customerid !== undefined) where.push(`i.customer_id = ${params.add(filter.customerid)}`);
  if (filter.status !== undefined) where.push(`i.status = ${params.add(filter.status)}`);
  if (filter.period !== undefined) {
    const [from, to] = periodRange(filter.period);
    where.push(`i.period_start >= ${params.add(from)}::date and i.period_start < ${params.add(to)}::date`);
  }
  if (filter.q) {
    const pattern = params.add(containsPattern(filter.q));
    where.push(`(i.invoice_number ilike ${pattern}
      or exists (select 1 from customers qc where qc.customer_id = i.customer_id
        and (qc.customer_name ilike ${pattern} or qc.customer_code ilike ${pattern})))`);
  }
  return where.length > 0 ? where.join(' and ') : 'true';
}

export async function listInvoices(
  query: RawQuery,
  scope: Scope,
  filter: InvoiceListFilter & Sorted,
): Promise<{ count: number; results: Invoice[] }> {
  const params = new Params();
  const where = invoiceWhere(scope, filter, params);
  const sort = sorts[filter.sort.field];
  const direction = filter.sort.descending ? 'desc' : 'asc';
  const order = [...sort.keys, 'i.uuid'].map((key) => `${key} ${direction}`).join(', ');
  const join = sort.joinCustomer ? 'join customers c on c.customer_id = i.customer_id' : '';
  const countText = `select count(*)::int as total from invoices i where ${where}`;
  return pageOf<Invoice>(
    query,
    'invoices_list',
    (limit, offset) => `with page as (
      select i.* from invoices i ${join}
      where ${where}
      order by ${order}
      limit ${limit} offset ${offset}
    )
    select ${invoiceColumns}, (${countText}) as total
    from page i
    join customers c on c.customer_id = i.customer_id
    order by ${order}`,
    countText,
    params,
    filter,
  );
}

export type InvoiceRow = typeof invoices.$inferSelect;

export async function findInvoiceRow(db: DbOrTx, scope: Scope, uuid: string): Promise<InvoiceRow | null> {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.uuid, uuid), scopeCondition(scope, invoices.customerId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findInvoiceByNumber(db: DbOrTx, invoiceNumber: string) {
  const rows = await db
    .select({ uuid: invoices.uuid })
    .from(invoices)
    .where(eq(invoices.invoiceNumber, invoiceNumber))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertInvoiceRow(db: DbOrTx, values: typeof invoices.$inferInsert) {
  const rows = await db.insert(invoices).values(values).returning();
  return rows[0]!;
}

// A drawn PDF is kept only if the row still names the file it was drawn to replace (none, or a lost
// one): should two instances draw it at once, the first kept wins. The answer says whether this one did.
export async function keepDrawnPdf(
  db: DbOrTx,
  uuid: string,
  drawn: { storageKey: string; sizeBytes: number; replacing: string | null },
) {
  const rows = await db
    .update(invoices)
    .set({ pdfStorageKey: drawn.storageKey, pdfSizeBytes: drawn.sizeBytes })
    .where(
      and(
        eq(invoices.uuid, uuid),
        drawn.replacing === null
          ? isNull(invoices.pdfStorageKey)
          : eq(invoices.pdfStorageKey, drawn.replacing),
      ),
    )
    .returning({ uuid: invoices.uuid });
  return rows.length > 0;
}

const detailText = `select ${invoiceColumns} from invoices i
  join customers c on c.customer_id = i.customer_id where i.uuid = $1`;

// One invoice as the list shows it; only ever called for one already found in the caller's scope.
export async function findInvoice(query: RawQuery, uuid: string): Promise<Invoice | null> {
  const rows = await query<Invoice>('invoices_detail', detailText, [uuid]);
  return rows[0] ?? null;
}
