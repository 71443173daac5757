import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { events } from './inventory';

export const eventComments = pgTable(
  'event_comments',
  {
    commentId: serial('comment_id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.eventId, { onDelete: 'cascade' }),
    userId: integer('user_id'),
    author: text('author').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_comments_event_idx').on(t.eventId, t.commentId)],
);

// One customer's notice for one revision of an event: the plan the preflight showed, then the ticket
// it opened or updated. The unique key is what makes a notice go out once; the claim columns let any
// instance finish a notice another one started (docs/decisions/012).
export const eventNotifications = pgTable(
  'event_notifications',
  {
    notificationId: serial('notification_id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.eventId, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId),
    plan: jsonb('plan').notNull(),
    status: text('status').notNull().default('pending'),
    ticketId: bigint('ticket_id', { mode: 'number' }),
    attempts: integer('attempts').notNull().default(0),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('event_notifications_key').on(t.eventId, t.revision, t.customerId),
    index('event_notifications_pending_idx').on(t.status, t.notificationId),
    index('event_notifications_customer_idx').on(t.customerId),
  ],
);

// What each keyed write of an event made (the Idempotency-Key of POST /api/event and PUT
// /api/event/{id}): a retry answers that revision and the plan queued for it, even after later edits.
export const eventRequests = pgTable(
  'event_requests',
  {
    requestKey: text('request_key').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.eventId, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_requests_event_idx').on(t.eventId)],
);

// A customer's private iCalendar feed. Only a hash of the token is kept; revoking sets revoked_at.
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    feedId: serial('feed_id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId),
    tokenHash: text('token_hash').notNull(),
    tokenHint: text('token_hint').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_key').on(t.tokenHash),
    index('calendar_feeds_customer_idx').on(t.customerId),
  ],
);
