import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sites } from './inventory';

// The provider's shelves (spec 3 Equipment/shelf: equipmentid, equipmentname, ipaddress, siteid, spack).
// A shelf stands at a site, which is refused deletion while it holds one (the error handler's 409).
export const shelves = pgTable(
  'shelves',
  {
    shelfId: serial('shelf_id').primaryKey(),
    name: text('name').notNull(),
    ipAddress: text('ip_address'),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.siteId),
    vendor: text('vendor').notNull(),
    model: text('model').notNull(),
    // The software release the shelf runs (spec: spack).
    spack: text('spack'),
    serial: text('serial'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Names are unique ignoring case: Zabbix hosts and NetBox devices are matched by them.
    uniqueIndex('shelves_name_key').on(sql`lower(${t.name})`),
    index('shelves_name_idx').on(t.name, t.shelfId),
    index('shelves_site_idx').on(t.siteId, t.name),
    index('shelves_vendor_idx').on(t.vendor, t.name),
    index('shelves_search_trgm').using(
      'gin',
      sql`(${t.name} || ' ' || coalesce(${t.ipAddress}, '') || ' ' || ${t.model}) gin_trgm_ops`,
    ),
  ],
);

// A card in a slot (spec: cards carry equipid, the card's asset number across the network).
export const equipmentCards = pgTable(
  'equipment_cards',
  {
    cardId: serial('card_id').primaryKey(),
    shelfId: integer('shelf_id')
      .notNull()
      .references(() => shelves.shelfId, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    equipId: text('equip_id').notNull(),
    cardType: text('card_type').notNull(),
    state: text('state').notNull().default('inservice'),
    serial: text('serial'),
  },
  (t) => [
    uniqueIndex('equipment_cards_slot_key').on(t.shelfId, t.slot),
    uniqueIndex('equipment_cards_equip_id_key').on(t.equipId),
    index('equipment_cards_type_idx').on(t.cardType, t.cardId),
  ],
);

// A port on a card. Its id names the device and the interface (`S0002pe-xe-0-0-5`), the way the
// services' A and B ends name it, so a service finds its port without a key of its own.
export const equipmentPorts = pgTable(
  'equipment_ports',
  {
    portId: text('port_id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    shelfId: integer('shelf_id')
      .notNull()
      .references(() => shelves.shelfId, { onDelete: 'cascade' }),
    cardId: integer('card_id')
      .notNull()
      .references(() => equipmentCards.cardId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    state: text('state').notNull().default('up'),
    // A handoff port faces a customer or a partner; the others are uplinks and trunks.
    handoff: boolean('handoff').notNull().default(false),
  },
  (t) => [
    uniqueIndex('equipment_ports_uuid_key').on(t.uuid),
    index('equipment_ports_shelf_idx').on(t.shelfId, t.name),
    index('equipment_ports_card_idx').on(t.cardId),
  ],
);

// A shelf's field-replaceable units that are not cards (power supplies, fan trays, optics; NetBox's
// inventory items), one per name: `PEM 0`, `Fan tray 0`, `Optic xe-0-1-0`. Update Shelf replaces them
// with what the device reports.
export const equipmentParts = pgTable(
  'equipment_parts',
  {
    shelfId: integer('shelf_id')
      .notNull()
      .references(() => shelves.shelfId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    partNumber: text('part_number').notNull(),
    serial: text('serial'),
  },
  (t) => [primaryKey({ columns: [t.shelfId, t.name] })],
);

// The shelves' active alarms: Zabbix's current problems on the host of the same name, kept here by the
// alarm job so that lists can count, filter and sort by them without asking Zabbix on every request.
export const equipmentAlarms = pgTable(
  'equipment_alarms',
  {
    eventId: text('event_id').primaryKey(),
    shelfId: integer('shelf_id')
      .notNull()
      .references(() => shelves.shelfId, { onDelete: 'cascade' }),
    triggerId: text('trigger_id').notNull(),
    level: text('level').notNull(),
    description: text('description').notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
    acknowledged: boolean('acknowledged').notNull().default(false),
    portId: text('port_id'),
  },
  (t) => [
    index('equipment_alarms_shelf_idx').on(t.shelfId, t.level),
    index('equipment_alarms_level_idx').on(t.level),
  ],
);

// Each alarmed shelf's alarms counted by level, kept by migration 0032's triggers on equipment_alarms
// as each write adds and takes away (docs/decisions/050): the shelf lists filter by a level, sort worst
// first and show the counts from here, where they grouped every alarm on each request. A shelf whose
// alarms all ended keeps a row of zeros.
export const shelfAlarmCounts = pgTable(
  'shelf_alarm_counts',
  {
    shelfId: integer('shelf_id')
      .primaryKey()
      .references(() => shelves.shelfId, { onDelete: 'cascade' }),
    critical: integer('critical').notNull().default(0),
    major: integer('major').notNull().default(0),
    minor: integer('minor').notNull().default(0),
    warning: integer('warning').notNull().default(0),
    // Any critical outranks any number of majors, and so on down.
    score: bigint('score', { mode: 'number' })
      .notNull()
      .generatedAlwaysAs(
        sql`critical::bigint * 1000000000 + major::bigint * 1000000 + minor::bigint * 1000 + warning`,
      ),
  },
  (t) => [index('shelf_alarm_counts_score_idx').on(t.score, t.shelfId)],
);

// How many cards and ports each shelf has, kept by migration 0035's triggers on equipment_cards and
// equipment_ports as each write adds and takes away (docs/decisions/050): every shelf list shows both
// counts, and counting a page's hundred shelves' cards and ports on each request was a third of the
// NOC's list statement. A shelf without cards or ports has no row.
export const shelfPartCounts = pgTable('shelf_part_counts', {
  shelfId: integer('shelf_id')
    .primaryKey()
    .references(() => shelves.shelfId, { onDelete: 'cascade' }),
  cards: integer('cards').notNull().default(0),
  ports: integer('ports').notNull().default(0),
});
