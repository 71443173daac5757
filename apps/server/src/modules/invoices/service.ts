import { scopeOf } from '@lightpath/domain/actor';
import { type ListQuery, parseSort } from '@lightpath/domain/api';
import {
  formatAmount,
  gstRate,
  type InvoiceLine,
  invoiceCreateSchema,
  invoiceDefaultSort,
  invoiceMessages,
  invoicePdfFilename,
  invoiceSortFields,
  isPdf,
  paymentTermsDays,
  periodLabel,
} from '@lightpath/domain/invoices';
import { uploadNameProblem } from '@lightpath/domain/uploaded-files';
import { recordAudit } from '../../platform/audit';
import { AppError, Conflict, Invalid, NotFound } from '../../platform/errors';
import { fieldList, renderPdf, sectionHeading, table } from '../../platform/pdf-document';
import type { ServiceContext } from '../../platform/service-context';
import { newStorageKey, StoredFileMissing } from '../../platform/storage';
import { findCustomer, findProviderCustomer } from '../customers/repository';
import {
  findInvoice,
  findInvoiceByNumber,
  findInvoiceRow,
  type InvoiceListFilter,
  type InvoiceRow,
  insertInvoiceRow,
  keepDrawnPdf,
  listInvoices,
} from './repository';

export async function listInvoicesFor(ctx: ServiceContext, input: ListQuery & InvoiceListFilter) {
  const sort = parseSort(input.sort ?? invoiceDefaultSort, invoiceSortFields, 'invoicedate');
  const page = await listInvoices(ctx.query, scopeOf(ctx.caller.actor), { ...input, sort });
  return { ...page, limit: input.limit, offset: input.offset };
}

// Another customer's invoice, or none, is 404 alike: a refusal never confirms that one exists.
export async function requireInvoiceFor(ctx: ServiceContext, uuid: string): Promise<InvoiceRow> {
  const row = await findInvoiceRow(ctx.db, scopeOf(ctx.caller.actor), uuid);
  if (!row) throw new NotFound(invoiceMessages.notFound);
  return row;
}

// The invoice's PDF. One the NOC added is served as it was uploaded. A seeded one is drawn from its
// lines the first time it is asked for and kept, so that every later download is the same document;
// should two instances draw it at once, the first one kept wins and the other's copy is removed.
export async function invoicePdfFor(ctx: ServiceContext, uuid: string) {
  const row = await requireInvoiceFor(ctx, uuid);
  const filename = invoicePdfFilename({ invoiceid: row.invoiceNumber });
  if (row.pdfStorageKey) {
    try {
      return { filename, bytes: await ctx.storage.get(row.pdfStorageKey) };
    } catch (error) {
      if (!(error instanceof StoredFileMissing) || !row.lines) throw error;
      // A store emptied under a seeded invoice (a fresh uploads folder): draw it again below.
    }
  }
  if (!row.lines) throw new AppError(500, invoiceMessages.pdfFailed);
  const bytes = await drawInvoicePdf(ctx, row, row.lines);
  const storageKey = newStorageKey('invoices');
  await ctx.storage.put(storageKey, bytes);
  const kept = await keepDrawnPdf(ctx.db, row.uuid, {
    storageKey,
    sizeBytes: bytes.length,
    replacing: row.pdfStorageKey,
  });
  if (!kept) {
    // Another instance kept its copy first: serve that one, so every download is the same file.
    await ctx.storage.remove(storageKey);
    const winner = await requireInvoiceFor(ctx, uuid);
    if (winner.pdfStorageKey) return { filename, bytes: await ctx.storage.get(winner.pdfStorageKey) };
  }
  return { filename, bytes };
}

const dayFormat = (zone: string) =>
  new Intl.DateTimeFormat('en-AU', { timeZone: zone, day: 'numeric', month: 'long', year: 'numeric' });

async function drawInvoicePdf(ctx: ServiceContext, row: InvoiceRow, lines: readonly InvoiceLine[]) {
  const [customer, provider] = await Promise.all([
    findCustomer(ctx.db, { kind: 'all' }, row.customerId),
    findProviderCustomer(ctx.db),
  ]);
  const money = (cents: number) => formatAmount(cents, row.currency);
  const day = dayFormat(ctx.config.timeZone);
  const due = new Date(row.issuedAt.getTime() + paymentTermsDays * 86_400_000);
  const charges = row.amountCents - row.gstCents;
  const period = { periodstart: row.periodStart, periodend: row.periodEnd };
  return renderPdf(
    {
      provider: provider?.customerName ?? 'Lightpath',
      title: 'Tax invoice',
      subtitle: `${row.invoiceNumber} · ${periodLabel(period)}`,
      // The issue date, so that the same invoice always gives the same bytes.
      createdAt: row.issuedAt,
    },
    (doc) => {
      fieldList(doc, [
        ['Invoice number', row.invoiceNumber],
        ['Billed to', customer ? `${customer.customerName} (${customer.customerCode})` : ''],
        ['Issued', day.format(row.issuedAt)],
        ['Period', `${periodLabel(period)} (${row.periodStart} to ${row.periodEnd})`],
        // No status: the document is kept as first drawn, and an invoice is paid after it is issued.
        ['Payment due', day.format(due)],
      ]);
      sectionHeading(doc, 'Charges');
      table(
        doc,
        [
          { header: 'Service', width: 0.52, value: (l: InvoiceLine) => l.description },
          { header: 'Quantity', width: 0.12, align: 'right', value: (l) => String(l.quantity) },
          { header: 'Monthly price', width: 0.18, align: 'right', value: (l) => money(l.unitCents) },
          { header: 'Amount', width: 0.18, align: 'right', value: (l) => money(l.quantity * l.unitCents) },
        ],
        lines,
      );
      fieldList(doc, [
        ['Charges', money(charges)],
        [`GST (${Math.round(gstRate * 100)}%)`, money(row.gstCents)],
        ['Total payable', `${money(row.amountCents)} ${row.currency}`],
      ]);
    },
  );
}

export type ReceivedPdf = { name: string; bytes: Buffer };

// POST invoices: the fields as sent (multipart text) and the one file. Everything is checked before
// anything is written; the file is stored, then the row inserted, and the file removed again should
// the row fail.
export async function createInvoice(
  ctx: ServiceContext,
  fields: Record<string, string>,
  file: ReceivedPdf | null,
) {
  const parsed = invoiceCreateSchema.safeParse(fields);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    throw new Invalid(errors[0]!.message, errors);
  }
  const input = parsed.data;
  if (!file || file.bytes.length === 0) throw Invalid.field('file', invoiceMessages.pdfRequired);
  // The name is kept only in the audit entry, but held to the rule every upload's name is: a NUL in it
  // could not be stored there, and a line break or direction override has no place in what people read.
  const nameProblem = uploadNameProblem(file.name);
  if (nameProblem) throw Invalid.field('file', nameProblem);
  if (!isPdf(file.bytes)) throw Invalid.field('file', invoiceMessages.pdfNotPdf);
  const customer = await findCustomer(ctx.db, scopeOf(ctx.caller.actor), input.customerid);
  if (!customer || customer.isProvider) throw Invalid.field('customerid', invoiceMessages.customerNotFound);
  if (await findInvoiceByNumber(ctx.db, input.invoiceid))
    throw new Conflict(invoiceMessages.numberTaken, 'invoiceid');

  const storageKey = newStorageKey('invoices');
  await ctx.storage.put(storageKey, file.bytes);
  let uuid: string;
  try {
    uuid = await ctx.db.transaction(async (tx) => {
      const row = await insertInvoiceRow(tx, {
        invoiceNumber: input.invoiceid,
        customerId: input.customerid,
        issuedAt: new Date(input.invoicedate * 1000),
        periodStart: input.periodstart,
        periodEnd: input.periodend,
        amountCents: input.amount,
        gstCents: input.gst,
        currency: input.currency,
        status: input.status,
        pdfStorageKey: storageKey,
        pdfSizeBytes: file.bytes.length,
        createdBy: ctx.caller.actor.userId,
      });
      await recordAudit(tx, ctx, {
        action: 'invoice.create',
        entity: 'invoice',
        entityId: row.uuid,
        detail: {
          invoiceid: row.invoiceNumber,
          customerid: row.customerId,
          amount: row.amountCents,
          currency: row.currency,
          file: { name: file.name, bytes: file.bytes.length },
        },
      });
      return row.uuid;
    });
  } catch (error) {
    await ctx.storage.remove(storageKey);
    throw error;
  }
  // Read once the transaction has committed, by the same columns as the list.
  const created = await findInvoice(ctx.query, uuid);
  if (!created) throw new NotFound(invoiceMessages.notFound);
  return created;
}
