import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// How the last calls to each external system went (Administration → Integrations, docs/decisions/018).
// In the database, not in memory, so every instance behind the load balancer shows the same: whichever
// instance made the call records it. Keyed by the address as well, so pointing a system somewhere
// else starts with a clean record instead of the old server's errors.
export const integrationStatus = pgTable(
  'integration_status',
  {
    system: text('system').notNull(),
    address: text('address').notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [primaryKey({ columns: [t.system, t.address] })],
);
