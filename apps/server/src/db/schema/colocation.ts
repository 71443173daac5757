import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { sites } from './inventory';

// Spec 3: a rack space (uuid, rackspaceid, description, siteid, enddate) is customer-owned space in
// a rack at a site. Its rack id is unique across the network, since PUT rackspace/{originalRackID}
// names it alone; the uuid is what cross-connects point at, so a rename moves nothing.
export const rackSpaces = pgTable(
  'rack_spaces',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    rackId: text('rack_id').notNull(),
    description: text('description'),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.siteId),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId),
    endDate: timestamp('end_date', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rack_spaces_rack_id_key').on(t.rackId),
    index('rack_spaces_customer_idx').on(t.customerId, t.rackId),
    index('rack_spaces_site_idx').on(t.siteId, t.rackId),
  ],
);

// Spec 3: a cross-connect (uuid, crossconnectid, aendrackspaceid, bendrackspaceid) joins two rack
// spaces at one site. It belongs to its A end's customer, so the scope of a read is one column; the
// panel and port at each end are what a contractor needs to patch it.
export const crossConnects = pgTable(
  'cross_connects',
  {
    crossConnectId: serial('cross_connect_id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId),
    // A rack space with cross-connects cannot be deleted (the default refusal, a 409): give it an
    // end date instead.
    aEndRackSpace: uuid('a_end_rack_space')
      .notNull()
      .references(() => rackSpaces.uuid),
    aEndPanel: text('a_end_panel'),
    aEndPort: text('a_end_port'),
    bEndRackSpace: uuid('b_end_rack_space')
      .notNull()
      .references(() => rackSpaces.uuid),
    bEndPanel: text('b_end_panel'),
    bEndPort: text('b_end_port'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cross_connects_uuid_key').on(t.uuid),
    index('cross_connects_customer_idx').on(t.customerId, t.crossConnectId),
    index('cross_connects_a_end_idx').on(t.aEndRackSpace),
    index('cross_connects_b_end_idx').on(t.bEndRackSpace),
    index('cross_connects_created_idx').on(t.createdAt, t.crossConnectId),
    check('cross_connects_two_ends', sql`${t.aEndRackSpace} <> ${t.bEndRackSpace}`),
  ],
);
