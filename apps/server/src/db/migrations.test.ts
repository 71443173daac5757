import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/helper';
import type { Database } from './client';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

describe('migrations on an empty database', () => {
  it('number the first ticket 10,000, above the event notices’ ticket numbers 1 to 9999', async () => {
    const result = await database.db.execute(sql`select nextval('tickets_ticket_id_seq')::int as next`);
    const rows = (Array.isArray(result) ? result : (result as { rows: { next: number }[] }).rows) as {
      next: number;
    }[];
    expect(rows[0]?.next).toBe(10_000);
  });
});
