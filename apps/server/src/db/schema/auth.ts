import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { users } from './users';

// Tokens are opaque random strings; only their SHA-256 is stored, so a database leak yields no sessions.
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    // Impersonation replaces the effective customer and type for this session only.
    actingCustomerId: integer('acting_customer_id').references(() => customers.customerId, {
      onDelete: 'set null',
    }),
    actingType: smallint('acting_type'),
    remember: boolean('remember').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

// Sign-in attempts, kept in the database so the throttle holds across several server instances
// (docs/decisions/014). An attempt is written as a failure before the password is checked and turned
// into a success afterwards, so parallel guesses cannot all slip under the limit.
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    // The device id from a valid device cookie for this account; null for an unknown browser.
    deviceId: text('device_id'),
    succeeded: boolean('succeeded').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One partial index per counter, holding only the failures that counter counts.
  (t) => [
    index('login_attempts_account_failures_idx')
      .on(t.email, t.at)
      .where(sql`${t.deviceId} is null and not ${t.succeeded}`),
    index('login_attempts_address_failures_idx')
      .on(t.ip, t.at)
      .where(sql`${t.deviceId} is null and not ${t.succeeded}`),
    index('login_attempts_device_failures_idx')
      .on(t.deviceId, t.at)
      .where(sql`${t.deviceId} is not null and not ${t.succeeded}`),
  ],
);
