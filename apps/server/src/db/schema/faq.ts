import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

// FAQ and knowledge-base articles (spec 3: faqid and tags; the rest is ours). Written by the NOC, read
// by everyone signed in.
export const faqArticles = pgTable(
  'faq_articles',
  {
    faqId: serial('faq_id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('faq_articles_tags_idx').using('gin', t.tags),
    index('faq_articles_search_trgm').using('gin', sql`(${t.title} || ' ' || ${t.body}) gin_trgm_ops`),
  ],
);
