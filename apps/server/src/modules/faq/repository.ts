import type { FaqArticle, FaqSortField } from '@lightpath/domain/faq';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { faqArticles } from '../../db/schema/faq';
import { containsPattern, toUnixSeconds } from '../../platform/scope';

// FAQ articles are the provider's, read by everyone signed in: no customer scope applies.

export type FaqFilter = { q?: string | undefined; tag?: string | undefined };
export type FaqRow = typeof faqArticles.$inferSelect;

export function articleOf(row: FaqRow): FaqArticle {
  return {
    faqid: row.faqId,
    title: row.title,
    body: row.body,
    tags: row.tags,
    createdat: toUnixSeconds(row.createdAt) ?? 0,
    updatedat: toUnixSeconds(row.updatedAt) ?? 0,
  };
}

// Each word of the search must appear in the title or the body. The expression is the one the
// faq_articles_search_trgm index is built on, so ILIKE walks the trigram index.
const searchable = sql`(${faqArticles.title} || ' ' || ${faqArticles.body})`;

function whereOf(filter: FaqFilter): SQL | undefined {
  const conditions: SQL[] = [];
  const words = (filter.q ?? '')
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(0, 8);
  for (const word of words) conditions.push(sql`${searchable} ilike ${containsPattern(word)}`);
  // Array containment uses the GIN index on tags.
  if (filter.tag) conditions.push(sql`${faqArticles.tags} @> array[${filter.tag}]::text[]`);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function listFaqArticles(
  db: DbOrTx,
  filter: FaqFilter & { sort: { field: FaqSortField; descending: boolean }; limit: number; offset: number },
): Promise<{ count: number; results: FaqArticle[] }> {
  const where = whereOf(filter);
  const direction = filter.sort.descending ? desc : asc;
  const keys =
    filter.sort.field === 'updated'
      ? [direction(faqArticles.updatedAt)]
      : [direction(sql`lower(${faqArticles.title})`), direction(faqArticles.title)];
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(faqArticles)
      .where(where)
      .orderBy(...keys, direction(faqArticles.faqId))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(faqArticles).where(where),
  ]);
  return { count: counted[0]?.n ?? 0, results: rows.map(articleOf) };
}

export async function findFaqRow(db: DbOrTx, faqId: number): Promise<FaqRow | null> {
  const rows = await db.select().from(faqArticles).where(eq(faqArticles.faqId, faqId)).limit(1);
  return rows[0] ?? null;
}

export async function insertFaqRow(db: DbOrTx, values: typeof faqArticles.$inferInsert) {
  const rows = await db.insert(faqArticles).values(values).returning();
  return rows[0]!;
}

export async function updateFaqRow(
  db: DbOrTx,
  faqId: number,
  values: Pick<typeof faqArticles.$inferInsert, 'title' | 'body' | 'tags'>,
) {
  const rows = await db
    .update(faqArticles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(faqArticles.faqId, faqId))
    .returning();
  return rows[0] ?? null;
}

export async function deleteFaqRow(db: DbOrTx, faqId: number) {
  const rows = await db
    .delete(faqArticles)
    .where(eq(faqArticles.faqId, faqId))
    .returning({ faqId: faqArticles.faqId, title: faqArticles.title });
  return rows[0] ?? null;
}
