import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

// The header search's records, one row per searchable site, service, user, contact, event and shelf,
// kept by statement triggers on those tables (and service_patching, for a service's address) in the
// writing statement itself (migration 0026, docs/decisions/046). A search reads one trigram index
// over one narrow table instead of a dozen indexes over six wide ones, and every text is lower-cased
// once, at write. Readers declare the source tables for kept replies: the same transaction bumps them.
export const searchEntries = pgTable(
  'search_entries',
  {
    // The table the record lives in, as the search's sources name them: sites, services, users,
    // contacts, events, equipment.
    source: text('source').notNull(),
    recordId: text('record_id').notNull(),
    // What decides the result's kind, read by the search's rule: a site's type, a service's letter.
    variant: text('variant'),
    // The owner, for the scope test; null for events (scoped through their services) and shelves
    // (the provider's).
    customerId: integer('customer_id'),
    label: text('label'),
    // Every searched field, lower-cased, joined by a control character (which a query can never
    // hold), so no contains match spans two fields: the candidate test for contains and prefix
    // matches, and for fuzzy matches from 8 characters (identifiers included).
    document: text('document').notNull(),
    // The fields that are words, not identifiers: the candidate test for fuzzy matches under 8
    // characters, where identifiers do not match fuzzily and would only add candidates.
    words: text('words').notNull(),
    // Each searched field lower-cased, in the order of the source's fields (search repository).
    value0: text('value_0'),
    value1: text('value_1'),
    value2: text('value_2'),
    value3: text('value_3'),
    value4: text('value_4'),
  },
  (t) => [
    primaryKey({ columns: [t.source, t.recordId] }),
    index('search_entries_document_trgm').using('gin', sql`${t.document} gin_trgm_ops`),
    index('search_entries_words_trgm').using('gin', sql`${t.words} gin_trgm_ops`),
  ],
);
