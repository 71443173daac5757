import { bigserial, index, integer, pgTable, real, smallint, text, timestamp } from 'drizzle-orm/pg-core';

// Every call to the API (platform/api-log.ts, docs/decisions/034), written in batches. No foreign keys:
// a call's record outlives the user and customer it names, and a batch never waits on their locks.
// The period's index serves the newest-first pages; a user's calls and a status (the 5xx, rare) have
// their own, which keep the time order within them. Text filters (route, address, e-mail) are read
// within the period: an index more on every write of every call would cost the hot path more.
export const apiLogs = pgTable(
  'api_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // When the request arrived.
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    // The real signed-in user (the impersonator while impersonating) and the customer and role the
    // session acted as; null for public routes and refused tokens.
    userId: integer('user_id'),
    email: text('email'),
    customerId: integer('customer_id'),
    actingType: smallint('acting_type'),
    method: text('method').notNull(),
    route: text('route'),
    path: text('path').notNull(),
    status: smallint('status').notNull(),
    // Identical calls in one second (a script repeating a request) are one record: how many, their
    // mean duration (duration_ms) and the longest.
    calls: integer('calls').notNull().default(1),
    durationMs: real('duration_ms').notNull(),
    maxDurationMs: real('max_duration_ms'),
    address: text('address'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
  },
  (t) => [
    index('api_logs_at_idx').on(t.at, t.id),
    index('api_logs_user_idx').on(t.userId, t.at),
    index('api_logs_status_idx').on(t.status, t.at),
  ],
);
