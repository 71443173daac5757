import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  char,
  check,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';

// Trigram indexes serve the header search's contains and fuzzy matching (pg_trgm, in both PGlite
// and PostgreSQL).
const trigram = (name: string, column: AnyPgColumn) => index(name).using('gin', sql`${column} gin_trgm_ops`);

export const sites = pgTable(
  'sites',
  {
    siteId: serial('site_id').primaryKey(),
    // 'S' + four digits (decisions.md); unique within a customer, since four digits cannot number
    // a national network's sites once.
    siteNumber: varchar('site_number', { length: 5 }).notNull(),
    siteName: text('site_name').notNull(),
    siteType: smallint('site_type').notNull(),
    status: smallint('status').notNull().default(1),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId),
    parentSiteId: integer('parent_site_id').references((): AnyPgColumn => sites.siteId, {
      onDelete: 'set null',
    }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    building: text('building'),
    street: text('street'),
    suburb: text('suburb'),
    postcode: varchar('postcode', { length: 4 }),
    accessHours: text('access_hours'),
    accessNotes: text('access_notes'),
    siteNotes: text('site_notes'),
    accessType: smallint('access_type').notNull().default(0),
    vplsName: text('vpls_name'),
    macLimit: integer('mac_limit'),
    macFlush: smallint('mac_flush'),
    allowedVlans: text('allowed_vlans'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The list's text filter reads this, as the services list reads its own (docs/decisions/042): name,
    // number and VPLS name lower-cased once, at write, joined by a control character no filter holds.
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(site_name || chr(31) || site_number || chr(31) || coalesce(vpls_name, ''))`,
      ),
  },
  (t) => [
    uniqueIndex('sites_customer_number_key').on(t.customerId, t.siteNumber),
    index('sites_name_idx').on(t.siteName, t.siteId),
    index('sites_number_idx').on(t.siteNumber, t.siteId),
    index('sites_type_idx').on(t.siteType, t.siteName),
    trigram('sites_name_trgm', t.siteName),
    trigram('sites_number_trgm', t.siteNumber),
    trigram('sites_vpls_trgm', t.vplsName),
    trigram('sites_search_trgm', t.searchText),
  ],
);

export const services = pgTable(
  'services',
  {
    serviceId: varchar('service_id', { length: 15 }).primaryKey(),
    // The last letter of the id, kept as a column so the type lists are an index scan.
    typeLetter: char('type_letter', { length: 1 }).notNull(),
    description: text('description').notNull(),
    status: smallint('status').notNull().default(1),
    speed: text('speed'),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId),
    aEndSiteId: integer('a_end_site_id')
      .notNull()
      .references(() => sites.siteId),
    bEndSiteId: integer('b_end_site_id').references(() => sites.siteId),
    diversity: text('diversity'),
    path: text('path'),
    notes: text('notes'),
    provisionDate: date('provision_date', { mode: 'string' }),
    aEndPortId: text('a_end_port_id'),
    bEndPortId: text('b_end_port_id'),
    juniperPortId: text('juniper_port_id'),
    deprovisionedAt: timestamp('deprovisioned_at', { withTimezone: true }),
    // The contracted availability target in percent (99.950), when the customer's contract names one;
    // null means the standard target of the service's type (slaTargetFor, docs/decisions/037).
    slaTarget: numeric('sla_target', { precision: 6, scale: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The list's text filter reads this, never the two columns (docs/decisions/042): the id and the
    // description lower-cased once, at write, by PostgreSQL itself, so a filter tests LIKE on a kept
    // text instead of lower-casing both fields of every candidate (ILIKE). The separator is a control
    // character, which a filter can never hold (api.ts text()), so no match spans the two.
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(service_id || chr(31) || description)`),
  },
  (t) => [
    index('services_customer_idx').on(t.customerId, t.serviceId),
    index('services_type_idx').on(t.typeLetter, t.serviceId),
    // With status in them, per-site totals and the list's count are index-only scans.
    index('services_a_site_idx').on(t.aEndSiteId, t.status),
    index('services_b_site_idx').on(t.bEndSiteId, t.status, t.aEndSiteId),
    index('services_speed_idx').on(t.speed, t.serviceId),
    index('services_provision_idx').on(t.provisionDate, t.serviceId),
    index('services_status_idx').on(t.status, t.provisionDate, t.serviceId),
    index('services_description_idx').on(t.description, t.serviceId),
    // A shelf's ports find the services on them (equipment pages, the customer filter of the shelf list).
    index('services_a_port_idx').on(t.aEndPortId),
    index('services_b_port_idx').on(t.bEndPortId),
    trigram('services_id_trgm', t.serviceId),
    trigram('services_description_trgm', t.description),
    trigram('services_search_trgm', t.searchText),
    check('services_sla_target_range', sql`${t.slaTarget} > 0 and ${t.slaTarget} <= 100`),
  ],
);

// How many services each customer has of each type letter and status, kept by triggers on services in
// the writing statement itself (migration 0024, docs/decisions/042): a list's total over 30,000
// services is a sum over a few thousand of these rows instead of a count of every service. Readers
// declare `services` for kept replies; the totals change in the same transactions.
export const serviceTotals = pgTable(
  'service_totals',
  {
    customerId: integer('customer_id').notNull(),
    typeLetter: char('type_letter', { length: 1 }).notNull(),
    status: smallint('status').notNull(),
    services: integer('services').notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.typeLetter, t.status] })],
);

// The same totals summed over every customer, per type letter and status (a dozen rows), kept by
// triggers on service_totals in the same statement (migration 0034, docs/decisions/051): the NOC's
// lists and sidebar counts read every customer's totals, and summing 5,700 rows took a millisecond
// of each request.
export const serviceTypeTotals = pgTable(
  'service_type_totals',
  {
    typeLetter: char('type_letter', { length: 1 }).notNull(),
    status: smallint('status').notNull(),
    services: integer('services').notNull(),
  },
  (t) => [primaryKey({ columns: [t.typeLetter, t.status] })],
);

// The text filter's total reads this narrow copy of each service's searched text with the columns a
// list's other clauses test (docs/decisions/042): counting thousands of matches rechecks each candidate's
// text, and here a candidate is one short row (about 90 bytes, against a service's 300 and more), so the
// recheck reads a third of the pages. The page itself still walks the services by its sort. Kept by
// triggers on services in the writing statement (migration 0030), so no code path can leave it stale;
// it goes with its service.
export const serviceSearchTexts = pgTable(
  'service_search_texts',
  {
    serviceId: varchar('service_id', { length: 15 })
      .primaryKey()
      .references(() => services.serviceId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    customerId: integer('customer_id').notNull(),
    typeLetter: char('type_letter', { length: 1 }).notNull(),
    status: smallint('status').notNull(),
    aEndSiteId: integer('a_end_site_id').notNull(),
    bEndSiteId: integer('b_end_site_id'),
    searchText: text('search_text').notNull(),
  },
  (t) => [
    trigram('service_search_texts_trgm', t.searchText),
    // A customer's filtered total reads its own few services, not every match of the text.
    index('service_search_texts_customer_idx').on(t.customerId),
  ],
);

export const servicePatching = pgTable(
  'service_patching',
  {
    serviceId: varchar('service_id', { length: 15 })
      .primaryKey()
      .references(() => services.serviceId, { onDelete: 'cascade' }),
    aEndAddress: text('a_end_address'),
    aEndPanel: text('a_end_panel'),
    aEndConnector: text('a_end_connector'),
    aEndSfp: text('a_end_sfp'),
    aEndPort: text('a_end_port'),
    aEndWavelength: integer('a_end_wavelength'),
    insertionLossA: real('insertion_loss_a'),
    bEndAddress: text('b_end_address'),
    bEndPanel: text('b_end_panel'),
    bEndConnector: text('b_end_connector'),
    bEndSfp: text('b_end_sfp'),
    bEndPort: text('b_end_port'),
    bEndWavelength: integer('b_end_wavelength'),
    insertionLossB: real('insertion_loss_b'),
    vlan: integer('vlan'),
    ipAddress: text('ip_address'),
    defaultGateway: text('default_gateway'),
    fibreLength: real('fibre_length'),
    notes: text('notes'),
  },
  (t) => [trigram('service_patching_ip_trgm', t.ipAddress)],
);

// Events: issue 4 builds the events area; the inventory reads them for service and site conditions.
export const events = pgTable(
  'events',
  {
    eventId: serial('event_id').primaryKey(),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    type: smallint('type').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }),
    initiator: text('initiator').notNull(),
    approver: text('approver').notNull(),
    priority: smallint('priority').notNull().default(3),
    slaType: smallint('sla_type').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Bumped by every update: calendar clients read it as SEQUENCE, notifications key on it.
    revision: integer('revision').notNull().default(1),
    createdBy: integer('created_by'),
    // The client's Idempotency-Key: a retried POST finds the event it already made.
    requestKey: text('request_key'),
  },
  (t) => [
    uniqueIndex('events_request_key').on(t.requestKey),
    index('events_start_idx').on(t.startTime),
    index('events_end_idx').on(t.endTime),
    index('events_number_idx').on(t.number),
    trigram('events_title_trgm', t.title),
  ],
);

// How many events there are of each type, kept by statement triggers on events in the writing statement
// (migration 0036, docs/decisions/053): the NOC's unfiltered events list, and the same by type, read its
// total here instead of counting 20,000 events on every first read. Readers declare events.
export const eventTypeTotals = pgTable('event_type_totals', {
  type: smallint('type').primaryKey(),
  events: integer('events').notNull(),
});

export const eventServices = pgTable(
  'event_services',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.eventId, { onDelete: 'cascade' }),
    serviceId: varchar('service_id', { length: 15 })
      .notNull()
      .references(() => services.serviceId, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('event_services_key').on(t.eventId, t.serviceId),
    index('event_services_service_idx').on(t.serviceId, t.eventId),
  ],
);

// Contacts: issue 5 builds the contacts area; sites assign them and the items-needing-attention
// check reads them already.
export const contacts = pgTable(
  'contacts',
  {
    contactId: serial('contact_id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId),
    contactName: text('contact_name').notNull(),
    email: text('email'),
    title: text('title'),
    office: text('office'),
    mobile: text('mobile'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contacts_customer_idx').on(t.customerId),
    trigram('contacts_name_trgm', t.contactName),
    trigram('contacts_email_trgm', t.email),
  ],
);

export const siteContacts = pgTable(
  'site_contacts',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.siteId, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.contactId, { onDelete: 'cascade' }),
    // Spec 3: 1 Primary, 2 Secondary, 3 Emergency.
    contactType: smallint('contact_type').notNull().default(1),
  },
  (t) => [
    uniqueIndex('site_contacts_key').on(t.siteId, t.contactId),
    index('site_contacts_contact_idx').on(t.contactId),
  ],
);

// Service notification subscriptions (spec 3 Notification); issue 5 builds their screens.
export const serviceNotifications = pgTable(
  'service_notifications',
  {
    notificationId: serial('notification_id').primaryKey(),
    userId: integer('user_id').notNull(),
    serviceId: varchar('service_id', { length: 15 })
      .notNull()
      .references(() => services.serviceId, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('service_notifications_key').on(t.serviceId, t.userId),
    index('service_notifications_user_idx').on(t.userId),
  ],
);

// The NetBox simulator's own store of third-party virtual circuits. With a real NetBox configured
// the circuits live there instead; this table then stays empty.
export const simulatedThirdPartyCircuits = pgTable(
  'simulated_third_party_circuits',
  {
    id: serial('id').primaryKey(),
    circuitId: text('circuit_id').notNull(),
    serviceId: varchar('service_id', { length: 15 }).notNull(),
    providerId: integer('provider_id').notNull(),
    circuitTypeId: integer('circuit_type_id').notNull(),
    headEndId: text('head_end_id').notNull(),
    redundantHeadEndId: text('redundant_head_end_id'),
    tailEndId: text('tail_end_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('simulated_third_party_circuit_key').on(t.providerId, t.circuitId),
    index('simulated_third_party_service_idx').on(t.serviceId),
    trigram('simulated_third_party_circuit_trgm', t.circuitId),
  ],
);
