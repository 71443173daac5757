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
import { sites } from './inventory';
import { users } from './users';

// The provider's spare parts, one row per part number (and serial, for serialised parts) per depot
// (spec 3: a spare-parts entry is named by its uuid). The depot is one of the provider's own sites.
export const spareParts = pgTable(
  'spare_parts',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    partNumber: text('part_number').notNull(),
    description: text('description').notNull(),
    serial: text('serial'),
    depotSiteId: integer('depot_site_id')
      .notNull()
      .references(() => sites.siteId),
    quantity: integer('quantity').notNull(),
    state: text('state').notNull().default('available'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('spare_parts_quantity_check', sql`${t.quantity} >= 0`),
    // A serial number names one physical part: recorded once per part number.
    uniqueIndex('spare_parts_serial_key').on(t.partNumber, t.serial).where(sql`${t.serial} is not null`),
    index('spare_parts_part_number_idx').on(t.partNumber, t.uuid),
    index('spare_parts_depot_idx').on(t.depotSiteId, t.partNumber),
    index('spare_parts_updated_idx').on(t.updatedAt, t.uuid),
    index('spare_parts_search_trgm').using(
      'gin',
      sql`(${t.partNumber} || ' ' || ${t.description} || ' ' || coalesce(${t.serial}, '')) gin_trgm_ops`,
    ),
  ],
);

// Every part a technician took or returned (POST /inventory/ventia), so the NOC can tell who had it.
export const sparePartMovements = pgTable(
  'spare_part_movements',
  {
    movementId: serial('movement_id').primaryKey(),
    partUuid: uuid('part_uuid')
      .notNull()
      .references(() => spareParts.uuid, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    quantity: integer('quantity').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    jobReference: text('job_reference'),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('spare_part_movements_part_idx').on(t.partUuid, t.at.desc(), t.movementId.desc())],
);
