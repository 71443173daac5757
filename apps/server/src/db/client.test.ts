import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/helper';
import type { Database } from './client';
import { statementName } from './statements';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await database.query('', 'create table raw_transaction_probe (n int not null)', []);
});
afterAll(async () => {
  await database.close();
  await drop();
});

const insertText = 'insert into raw_transaction_probe (n) values ($1)';
const insert = statementName('test_probe_insert', insertText);

async function probeRows(): Promise<number[]> {
  const rows = await database.query<{ n: number }>('', 'select n from raw_transaction_probe order by n', []);
  return rows.map((r) => r.n);
}

// The header search's statements run in one (docs/decisions/054).
describe('a transaction on the driver', () => {
  it('commits what its named statements wrote, and keeps its settings to itself', async () => {
    const answer = await database.transaction(async (query) => {
      await query(insert, insertText, [1]);
      await query(insert, insertText, [2]);
      await query('', "select set_config('enable_seqscan', 'off', true)", []);
      return (await query<{ s: string }>('', "select current_setting('enable_seqscan') as s", []))[0]!.s;
    });
    expect(answer).toBe('off');
    expect(await probeRows()).toEqual([1, 2]);
    // Every pooled connection reads the default again.
    const settings = await Promise.all(
      Array.from({ length: 6 }, () =>
        database.query<{ s: string }>('', "select current_setting('enable_seqscan') as s", []),
      ),
    );
    expect(new Set(settings.map((rows) => rows[0]!.s))).toEqual(new Set(['on']));
  });

  it('rolls back when its work throws, and gives its connection back every time', async () => {
    // More failures in a row than the test pool has connections: one kept would stall the last ones.
    for (let i = 0; i < 8; i += 1) {
      await expect(
        database.transaction(async (query) => {
          await query(insert, insertText, [100 + i]);
          throw new Error(`failed ${i}`);
        }),
      ).rejects.toThrow(`failed ${i}`);
    }
    // A statement the database refuses rolls back the same way.
    await expect(
      database.transaction(async (query) => {
        await query(insert, insertText, [200]);
        await query('', 'select * from no_such_table', []);
      }),
    ).rejects.toThrow(/no_such_table/);
    expect(await probeRows()).toEqual([1, 2]);
    await database.transaction((query) => query(insert, insertText, [3]));
    expect(await probeRows()).toEqual([1, 2, 3]);
  });
});
