import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  integer,
  pgTable,
  primaryKey,
  real,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { services } from './inventory';

// The usage report's history (issue 17): per service and calendar month (in the portal's zone), the
// 95th percentile, peak and mean of its 5-minute average utilisation in each direction, in percent of
// the line rate it had when measured (docs/decisions/039). A month in progress holds the figures to
// date (`complete` false) and is measured again; a finished month is measured once and then kept.
// Percentages are null when the service has no usable speed or the source had no samples.
export const serviceUsageMonths = pgTable(
  'service_usage_months',
  {
    serviceId: varchar('service_id', { length: 15 })
      .notNull()
      .references(() => services.serviceId, { onDelete: 'cascade' }),
    // The first day of the month.
    month: date('month', { mode: 'string' }).notNull(),
    lineRateBps: bigint('line_rate_bps', { mode: 'number' }),
    samples: integer('samples').notNull(),
    p95Atob: real('p95_atob'),
    p95Btoa: real('p95_btoa'),
    peakAtob: real('peak_atob'),
    peakBtoa: real('peak_btoa'),
    meanAtob: real('mean_atob'),
    meanBtoa: real('mean_btoa'),
    complete: boolean('complete').notNull(),
    // The end of the window the figures cover (the month's end once complete).
    measuredUntil: timestamp('measured_until', { withTimezone: true }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // No index by month: the all-services report reads most of the table, and the national seed
    // writes 600,000 rows, each index a cost on every one.
    primaryKey({ columns: [t.serviceId, t.month] }),
    check('service_usage_months_first_day', sql`extract(day from ${t.month}) = 1`),
    check('service_usage_months_samples', sql`${t.samples} >= 0`),
  ],
);
