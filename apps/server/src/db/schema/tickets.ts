import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { sites } from './inventory';
import { users } from './users';

// The built-in ticket store (decisions.md: tickets and comments in the portal's own database). With
// Zendesk configured, tickets live there instead and these tables stay empty.
export const tickets = pgTable(
  'tickets',
  {
    ticketId: serial('ticket_id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId),
    requester: text('requester').notNull(),
    ccs: text('ccs').array().notNull().default(sql`'{}'::text[]`),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    // Spec 3 sends incident, question and task; problem and hazard come from the NOC's own tickets.
    ticketType: text('ticket_type').notNull().default('incident'),
    status: text('status').notNull().default('new'),
    services: text('services').array().notNull().default(sql`'{}'::text[]`),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    createdBy: integer('created_by'),
    // What raised it: a customer or NOC support ticket, a site access request, or a technician's
    // job ticket (spec 2.2: the type 2 dashboard lists job tickets).
    kind: text('kind').notNull().default('support'),
    // The site an access request or job ticket is about.
    siteId: integer('site_id').references(() => sites.siteId, { onDelete: 'set null' }),
    // The technician a job ticket is for.
    assigneeUserId: integer('assignee_user_id').references(() => users.userId, { onDelete: 'set null' }),
    // Idempotency-Key of the POST that created it: a retried create answers the first ticket.
    requestKey: text('request_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tickets_customer_idx').on(t.customerId, t.updatedAt),
    index('tickets_updated_idx').on(t.updatedAt),
    index('tickets_assignee_idx').on(t.assigneeUserId, t.updatedAt),
    index('tickets_site_idx').on(t.siteId, t.updatedAt),
    // The status filter (the NOC's open tickets): without it the capped count walked all 50,000
    // tickets whenever fewer than the window matched.
    index('tickets_status_idx').on(t.status, t.updatedAt),
    uniqueIndex('tickets_request_key').on(t.requestKey),
  ],
);

export const ticketComments = pgTable(
  'ticket_comments',
  {
    commentId: serial('comment_id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.ticketId, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    authorUserId: integer('author_user_id'),
    htmlBody: text('html_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_comments_ticket_idx').on(t.ticketId, t.commentId)],
);

// Files uploaded for a site access request (spec 7.4: the access form, sent before the request). An
// upload belongs to no ticket until the request that names its token is made; the bytes live in the
// file storage (platform/storage.ts), never in the database.
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    attachmentId: serial('attachment_id').primaryKey(),
    token: text('token').notNull(),
    // The ticket's number in the ticket system the request went to, set by the access request that
    // used the upload (null until then). No foreign key to `tickets`: with Zendesk the number is
    // Zendesk's and the local table stays empty (or, on a seeded database, holds unrelated tickets).
    ticketId: integer('ticket_id'),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.siteId, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: integer('uploaded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ticket_attachments_token_key').on(t.token),
    index('ticket_attachments_ticket_idx').on(t.ticketId),
  ],
);

// A site access request (spec 2.6, 7.4): what was asked for, beside the ticket that carries it.
export const siteAccessRequests = pgTable(
  'site_access_requests',
  {
    requestId: serial('request_id').primaryKey(),
    // The ticket's number in the ticket system (built-in or Zendesk); no foreign key to `tickets`, for
    // the same reason as ticket_attachments.ticket_id.
    ticketId: integer('ticket_id'),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.siteId, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId),
    requestedBy: integer('requested_by'),
    accessType: smallint('access_type').notNull(),
    technician: text('technician').notNull(),
    accessTime: timestamp('access_time', { withTimezone: true }).notNull(),
    reason: text('reason'),
    ticketNumber: integer('ticket_number'),
    emergency: boolean('emergency').notNull().default(false),
    serviceAffecting: boolean('service_affecting').notNull().default(false),
    details: text('details').notNull().default(''),
    // The dedupe key (`access:{Idempotency-Key}`) of the POST that made it, when it came with one: a
    // retry finds the first request, and its ticket, here, whichever ticket system holds the ticket.
    requestKey: text('request_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('site_access_requests_site_idx').on(t.siteId, t.createdAt),
    uniqueIndex('site_access_requests_request_key').on(t.requestKey),
  ],
);

// Site check-ins (spec 3, 4): open while checkout_time is null. One open check-in per user and site,
// so a second tap on Check In cannot leave two records open.
export const siteCheckins = pgTable(
  'site_checkins',
  {
    checkinId: serial('checkin_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.siteId, { onDelete: 'cascade' }),
    checkinTime: timestamp('checkin_time', { withTimezone: true }).notNull(),
    checkoutTime: timestamp('checkout_time', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('site_checkins_open_key').on(t.userId, t.siteId).where(sql`${t.checkoutTime} is null`),
    index('site_checkins_time_idx').on(t.checkinTime),
    index('site_checkins_site_idx').on(t.siteId, t.checkinTime),
    index('site_checkins_user_idx').on(t.userId, t.checkinTime),
  ],
);
