import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const customers = pgTable(
  'customers',
  {
    customerId: serial('customer_id').primaryKey(),
    customerName: text('customer_name').notNull(),
    customerCode: varchar('customer_code', { length: 3 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    logo64: text('logo64'),
    cdrPin: text('cdr_pin'),
    // Exactly one customer is the provider itself (decisions.md: Meridian Research Network, MRN).
    isProvider: boolean('is_provider').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customers_code_key').on(t.customerCode),
    uniqueIndex('customers_one_provider').on(t.isProvider).where(sql`${t.isProvider}`),
    index('customers_name_idx').on(t.customerName),
  ],
);
