import type { InvoiceLine } from '@lightpath/domain/invoices';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { users } from './users';

// Spec 3: an invoice (invoiceid, invoicedate). The number is the billing system's, unique; the uuid
// names it in the PDF's path. Amounts are whole cents of `currency`, GST included (docs/decisions/036).
// The PDF is a file in the uploads store (platform/storage.ts), like site access forms: an invoice
// added by the NOC carries its own; a seeded one has `lines` instead, and its PDF is drawn from them on
// first download and then stored, so it never changes after that.
export const invoices = pgTable(
  'invoices',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    invoiceNumber: text('invoice_number').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    gstCents: bigint('gst_cents', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('AUD'),
    status: text('status', { enum: ['issued', 'paid', 'overdue', 'void'] }).notNull(),
    pdfStorageKey: text('pdf_storage_key'),
    pdfSizeBytes: integer('pdf_size_bytes'),
    lines: jsonb('lines').$type<InvoiceLine[]>(),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.invoiceNumber),
    index('invoices_customer_idx').on(t.customerId, t.issuedAt),
    index('invoices_issued_idx').on(t.issuedAt, t.uuid),
    index('invoices_period_idx').on(t.periodStart, t.uuid),
    // A status filter's total is an index-only count (the rows carry their lines, so a scan of the
    // table reads 17 MB nationally), and its page walks the index in invoice date order.
    index('invoices_status_idx').on(t.status, t.issuedAt, t.uuid),
    check('invoices_period_order', sql`${t.periodEnd} >= ${t.periodStart}`),
    check('invoices_amounts', sql`${t.amountCents} >= 0 and ${t.gstCents} between 0 and ${t.amountCents}`),
    check('invoices_document', sql`${t.pdfStorageKey} is not null or ${t.lines} is not null`),
  ],
);
