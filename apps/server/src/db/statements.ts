import { createHash } from 'node:crypto';
import { listCountIsExact, listCountWindow } from '@lightpath/domain/api';
import type { RawQuery } from './client';

// The list and detail reads run as named statements on the driver (RawQuery), like the session
// lookup. A list's SQL depends on which filters and sort are in use, and PostgreSQL allows one text
// per statement name on a connection, so the name carries a hash of the text: every shape is
// prepared once per connection, reused after that, and two shapes never collide.
//
// Each prepared shape holds memory on every pooled connection, and filters combine into thousands of
// shapes, so only the first few hundred shapes a process meets are prepared; any further one runs
// unnamed (planned each time, still parameterised). The set is an optimisation only: losing it with
// the process changes no answer.
const maxPreparedShapes = 300;
const preparedShapes = new Set<string>();

export function statementName(prefix: string, text: string): string {
  const name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  if (preparedShapes.has(name)) return name;
  if (preparedShapes.size >= maxPreparedShapes) return '';
  preparedShapes.add(name);
  return name;
}

// Collects the values of a statement and hands out their placeholders ($1, $2, ...), so user input
// only ever reaches the database as a parameter.
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

// A timestamp column as whole unix seconds, the API's time format (decisions.md: times on the wire),
// as float8 so it arrives as a JavaScript number (int8 would arrive as a string).
export const epochSeconds = (column: string) => `floor(extract(epoch from ${column}))::float8`;

// The rows of a Drizzle `execute()`: both drivers (PGlite and node-postgres) answer with them under `rows`.
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

// A list page whose statement carries its total as the `total` column (`pageText` places the limit
// and offset); past the last page no row carries it, so it is counted alone.
export async function pageOf<T>(
  query: RawQuery,
  name: string,
  pageText: (limit: string, offset: string) => string,
  countText: string,
  params: Params,
  page: { limit: number; offset: number },
): Promise<{ count: number; results: T[] }> {
  const limit = params.add(page.limit);
  const offset = params.add(page.offset);
  const text = pageText(limit, offset);
  const rows = await query<T & { total: number }>(statementName(name, text), text, params.values);
  if (rows.length > 0)
    return { count: rows[0]!.total, results: rows.map(({ total: _, ...row }) => row as T) };
  if (page.offset === 0) return { count: 0, results: [] };
  // Past the last page: the total still has to be told.
  const [counted] = await query<{ total: number }>(
    statementName(`${name}_count`, countText),
    countText,
    params.values.slice(0, -2),
  );
  return { count: counted?.total ?? 0, results: [] };
}

// A count within the list count window (listCountWindow in @lightpath/domain/api, docs/decisions/051):
// the rows of `rowsText` (a `select 1 from ... where ...`) are counted up to one past the window
// beyond the page's offset, so counting thousands of matches costs no more than the window.
// `reach` is the placeholder of `countReachOf(offset)`.
export function windowedCountSql(rowsText: string, reach: string): string {
  return `(select count(*)::int from (${rowsText} limit ${reach}) windowed)`;
}

export function countReachOf(offset: number): number {
  return offset + listCountWindow + 1;
}

// A page counted within the window says whether its count is exact or a lower bound.
export function windowedPage<T extends { count: number }>(
  page: T,
  offset: number,
): T & { countexact: boolean } {
  return { ...page, countexact: listCountIsExact({ count: page.count, offset }) };
}
