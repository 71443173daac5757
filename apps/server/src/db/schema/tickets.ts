import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tickets_customer_idx').on(t.customerId, t.updatedAt),
    index('tickets_updated_idx').on(t.updatedAt),
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
