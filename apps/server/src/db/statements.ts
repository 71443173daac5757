import { createHash } from 'node:crypto';

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
