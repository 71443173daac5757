import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Who did what. The actor is the real signed-in user, whoever they were impersonating; no foreign key,
// so the trail outlives deleted users.
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    actorEmail: text('actor_email'),
    actingCustomerId: integer('acting_customer_id'),
    actingType: smallint('acting_type'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    detail: jsonb('detail'),
    ip: text('ip'),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId), index('audit_log_at_idx').on(t.at)],
);

// Messages to send. Rows are written in the same transaction as the change that causes them, and a
// unique dedupe key makes a retried request send nothing twice.
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    // A sender claims a row until this time, so two instances never deliver the same message.
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [uniqueIndex('outbox_dedupe_key').on(t.dedupeKey), index('outbox_unsent_idx').on(t.sentAt, t.id)],
);

// What changed, for the live stream: each change appends a topic here in its own transaction, and
// every instance tails the table to tell its connected browsers, whichever instance made the change.
// `customer_ids` are the customers whose records the change touched: a customer's stream hears only
// the rows naming it, provider staff hear every row (docs/decisions/019).
export const changeLog = pgTable(
  'change_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    customerIds: integer('customer_ids').array().notNull().default(sql`'{}'::integer[]`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('change_log_at_idx').on(t.at)],
);

// Secrets the server generates for itself when none is configured (SERVER_SECRET), created once by
// whichever instance starts first so that every instance signs and checks with the same key.
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// How many times each table has changed: the validator of repeat reads (platform/reply-cache.ts,
// docs/decisions/028). Bumped by triggers in the writing transaction itself, at its commit, so a
// reader that sees a version also sees every row written under it, on every instance.
export const dataVersions = pgTable('data_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

// One row per writing transaction, inserted by its first write to a tracked table; the deferred
// trigger on it bumps `data_versions` for every table the transaction touched, when it commits.
export const dataVersionCommits = pgTable('data_version_commits', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
});
