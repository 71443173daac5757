import { sql } from 'drizzle-orm';
import {
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

export const users = pgTable(
  'users',
  {
    userId: serial('user_id').primaryKey(),
    email: text('email').notNull(),
    firstname: text('firstname').notNull(),
    surname: text('surname').notNull(),
    title: text('title'),
    office: text('office'),
    mobile: text('mobile'),
    // The user's own time zone; null reads every time in the portal's (PORTAL_TIMEZONE).
    timeZone: text('time_zone'),
    type: smallint('type').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId),
    chameleon: smallint('chameleon').notNull().default(0),
    companyAdmin: boolean('company_admin').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    passwordHash: text('password_hash'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_customer_idx').on(t.customerId, t.surname),
  ],
);
