import { z } from 'zod';
import { idSchema, listQuerySchema, recordIdSchema } from './api';
import { type CsvColumn, csvDateTime, csvTimeHeader } from './csv';
import { hasSignature } from './uploaded-files';

// Spec 2.2, 3, 5, 7.6: invoices (/documentation/invoices, GET invoices/json). An invoice is the
// provider's bill to one customer for one month: its number (invoiceid), when it was issued
// (invoicedate, unix seconds), the period it covers, the amount in cents with its currency and GST,
// its status and its PDF. The NOC sees every customer's and adds them; a customer admin reads its own
// (decisions.md); nobody else sees any (docs/decisions/036).

export const invoiceMessages = {
  created: 'Invoice added',
  notFound: 'Invoice not found',
  loadFailed: 'An error occurred retrieving invoices',
  createFailed: 'An error occurred while adding this invoice',
  pdfFailed: 'The invoice PDF could not be downloaded',
  customerRequired: 'Customer is required',
  customerNotFound: 'Customer not found',
  numberRequired: 'Invoice number is required',
  numberInvalid: 'Invoice number may hold letters, digits, dashes and slashes (at most 30)',
  numberTaken: 'An invoice with this number already exists',
  dateRequired: 'Invoice date is required',
  dateInvalid: 'Invoice date must be a date',
  periodStartInvalid: 'Period start must be a date (YYYY-MM-DD)',
  periodEndInvalid: 'Period end must be a date (YYYY-MM-DD)',
  periodBackwards: 'The period must end on or after its start',
  amountInvalid: 'Amount must be a whole number of cents, zero or more',
  gstInvalid: 'GST must be a whole number of cents, zero or more',
  gstTooLarge: 'GST cannot be more than the amount',
  currencyInvalid: 'Currency must be a three-letter code such as AUD',
  statusInvalid: 'Status must be issued, paid, overdue or void',
  pdfRequired: 'Attach the invoice as a PDF',
  pdfNotPdf: 'The file is not a PDF',
  pdfTooLarge: (maxBytes: number) => `The PDF is larger than ${Math.floor(maxBytes / 1048576)} MB`,
  onePdfOnly: 'Attach one PDF only',
  notMultipart: 'Send the invoice as multipart/form-data with its PDF under "file"',
  unknownField: (name: string) => `Unknown field ${name}`,
} as const;

// Issued: sent, not yet paid. Overdue: past its due date unpaid (the NOC marks it, as its billing
// system says). Void: cancelled, kept on record. Stored, not derived from the clock, so the list's
// kept replies (decision 028) stay true until a write.
export const invoiceStatuses = { issued: 'Issued', paid: 'Paid', overdue: 'Overdue', void: 'Void' } as const;
export type InvoiceStatus = keyof typeof invoiceStatuses;
export const invoiceStatusIds = Object.keys(invoiceStatuses) as [InvoiceStatus, ...InvoiceStatus[]];

// Australian GST: 10% of the charges, included in the amount payable (amount = charges + GST).
export const gstRate = 0.1;
export const paymentTermsDays = 30;
export const defaultCurrency = 'AUD';

export function gstOn(chargesCents: number): number {
  return Math.round(chargesCents * gstRate);
}

// '$1,234.50' for AUD in en-AU; other currencies carry their code ('NZ$', 'US$').
export function formatAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-AU', { style: 'currency', currency }).format(cents / 100);
}

export const invoiceNumberPattern = /^[A-Z0-9][A-Z0-9/-]{0,29}$/;

export function invoicePdfFilename(invoice: { invoiceid: string }): string {
  return `Invoice ${invoice.invoiceid.replaceAll('/', '-')}.pdf`;
}

// Calendar dates: a period is whole days, with no time of day or zone.
const datePattern = /^\d{4}-\d{2}-\d{2}$/;
function isCalendarDate(value: string): boolean {
  if (!datePattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
const calendarDate = (message: string) => z.string({ error: message }).trim().refine(isCalendarDate, message);

const maxUnixSeconds = 253_402_300_799;

// A whole number sent as form text ('165000'): only plain digits are read as one ('1e3', '0x10' and
// '1650.00' are refused), and a blank field counts as missing.
const formInteger = (missing: string, invalid = missing) =>
  z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const trimmed = value.trim();
      if (trimmed === '') return undefined;
      return /^-?\d{1,15}$/.test(trimmed) ? Number(trimmed) : trimmed;
    },
    z.number({ error: (issue) => (issue.input === undefined ? missing : invalid) }).int(invalid),
  );
const cents = (message: string) =>
  formInteger(message).pipe(z.number().min(0, message).max(100_000_000_000, message));

// POST invoices: multipart form fields (all text on the wire, hence the coercions) beside the PDF.
export const invoiceCreateSchema = z
  .strictObject({
    customerid: formInteger(invoiceMessages.customerRequired).pipe(
      recordIdSchema(invoiceMessages.customerRequired),
    ),
    invoiceid: z
      .string({ error: invoiceMessages.numberRequired })
      .trim()
      .min(1, invoiceMessages.numberRequired)
      .toUpperCase()
      .pipe(z.string().regex(invoiceNumberPattern, invoiceMessages.numberInvalid)),
    invoicedate: formInteger(invoiceMessages.dateRequired, invoiceMessages.dateInvalid).pipe(
      z.number().min(1, invoiceMessages.dateInvalid).max(maxUnixSeconds, invoiceMessages.dateInvalid),
    ),
    periodstart: calendarDate(invoiceMessages.periodStartInvalid),
    periodend: calendarDate(invoiceMessages.periodEndInvalid),
    amount: cents(invoiceMessages.amountInvalid),
    gst: cents(invoiceMessages.gstInvalid)
      .optional()
      .transform((gst) => gst ?? 0),
    currency: z
      .string({ error: invoiceMessages.currencyInvalid })
      .trim()
      .toUpperCase()
      .pipe(z.string().regex(/^[A-Z]{3}$/, invoiceMessages.currencyInvalid))
      .default(defaultCurrency),
    status: z.enum(invoiceStatusIds, { error: invoiceMessages.statusInvalid }).default('issued'),
  })
  .superRefine((invoice, check) => {
    if (invoice.periodend < invoice.periodstart)
      check.addIssue({ code: 'custom', path: ['periodend'], message: invoiceMessages.periodBackwards });
    if (invoice.gst > invoice.amount)
      check.addIssue({ code: 'custom', path: ['gst'], message: invoiceMessages.gstTooLarge });
  });
export type InvoiceCreate = z.infer<typeof invoiceCreateSchema>;
export const invoiceCreateFields = [
  'customerid',
  'invoiceid',
  'invoicedate',
  'periodstart',
  'periodend',
  'amount',
  'gst',
  'currency',
  'status',
] as const;

// An uploaded invoice must be a PDF by its content, whatever its name or type say.
export function isPdf(bytes: Uint8Array): boolean {
  return hasSignature('pdf', bytes);
}

export const invoiceSortFields = [
  'invoicedate',
  'invoiceid',
  'periodstart',
  'amount',
  'status',
  'customername',
] as const;
// Newest first unless the reader asks otherwise.
export const invoiceDefaultSort = '-invoicedate';

// A period filter is a year (2026) or a month (2026-03): the invoices whose period starts in it.
export const invoicePeriodPattern = /^\d{4}(-(0[1-9]|1[0-2]))?$/;

export const invoiceListQuerySchema = listQuerySchema.extend({
  customerid: idSchema.optional(),
  status: z.enum(invoiceStatusIds, { error: invoiceMessages.statusInvalid }).optional(),
  period: z
    .string()
    .trim()
    .regex(invoicePeriodPattern, 'Period must be a year (2026) or a month (2026-03)')
    .optional(),
});
export type InvoiceFilter = Pick<z.infer<typeof invoiceListQuerySchema>, 'customerid' | 'status' | 'period'>;
export const invoiceExportQuerySchema = invoiceListQuerySchema.omit({ limit: true, offset: true });

// The path names an invoice by its uuid: its number is the billing system's, with slashes in it.
export const invoiceParamsSchema = z.object({
  invoiceuuid: z.uuid({ error: 'Invoice id must be a uuid' }),
});

export const invoiceSchema = z.object({
  uuid: z.string(),
  invoiceid: z.string(),
  // Unix seconds (spec 3).
  invoicedate: z.number(),
  periodstart: z.string(),
  periodend: z.string(),
  // Cents, GST included; gst is the part of it that is tax.
  amount: z.number(),
  gst: z.number(),
  currency: z.string(),
  status: z.enum(invoiceStatusIds),
  customerid: z.number(),
  customercode: z.string(),
  customername: z.string(),
});
export type Invoice = z.output<typeof invoiceSchema>;

// A charge on a seeded invoice's PDF: one per kind of service the customer had that month.
export type InvoiceLine = { description: string; quantity: number; unitCents: number };

// 'March 2026' for a whole month, otherwise '1 Mar 2026 – 15 Mar 2026'.
export function periodLabel(invoice: { periodstart: string; periodend: string }): string {
  const start = new Date(`${invoice.periodstart}T00:00:00Z`);
  const end = new Date(`${invoice.periodend}T00:00:00Z`);
  const nextDay = new Date(end.getTime() + 86_400_000);
  if (
    start.getUTCDate() === 1 &&
    nextDay.getUTCDate() === 1 &&
    nextDay.getTime() - start.getTime() < 32 * 86_400_000
  )
    return start.toLocaleDateString('en-AU', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const day = (d: Date) =>
    d.toLocaleDateString('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return `${day(start)} – ${day(end)}`;
}

// The CSV export's columns (GET export/invoices): the issue moment in the reader's zone, named in its
// header, and amounts in currency units.
export function invoiceCsvColumns(zone: string): readonly CsvColumn<Invoice>[] {
  return [
    { header: 'Invoice', value: (i) => i.invoiceid },
    { header: csvTimeHeader('Issued', zone), value: (i) => csvDateTime(i.invoicedate, zone) },
    { header: 'Period', value: (i) => periodLabel(i) },
    { header: 'Period start', value: (i) => i.periodstart },
    { header: 'Period end', value: (i) => i.periodend },
    { header: 'Customer code', value: (i) => i.customercode },
    { header: 'Customer', value: (i) => i.customername },
    { header: 'Currency', value: (i) => i.currency },
    { header: 'Amount', value: (i) => (i.amount / 100).toFixed(2) },
    { header: 'GST', value: (i) => (i.gst / 100).toFixed(2) },
    { header: 'Status', value: (i) => invoiceStatuses[i.status] },
  ];
}
