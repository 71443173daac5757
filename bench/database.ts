// Which database the load scenarios run on: PostgreSQL when DATABASE_URL is set or a server answers on
// 127.0.0.1:5432, else the embedded PGlite in a temporary directory. BENCH_DATABASE=pglite|postgres forces one.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

// BENCH_DATABASE_NAME gives a run a database of its own, so two people benching on one server never
// drop each other's.
export const benchDatabaseName = process.env.BENCH_DATABASE_NAME ?? 'lightpath_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(benchDatabaseName))
  throw new Error('BENCH_DATABASE_NAME must be a plain lower-case name');
const localServer = 'postgres://postgres@127.0.0.1:5432/postgres';

export type BenchDatabase =
  | { kind: 'postgres'; url: string; reused: boolean; cleanup: () => void }
  | { kind: 'pglite'; dataDir: string; cleanup: () => void };

function answers(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const finish = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

// Never touches the database DATABASE_URL names: the bench gets its own database on the same server,
// dropped and created again on every run so each run seeds the same data into an empty database.
async function recreate(serverUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL at ${new URL(serverUrl).host} answers but refused a connection to its postgres database (${(error as Error).message}). ` +
        'The bench expects user postgres with trust authentication, or set DATABASE_URL, or BENCH_DATABASE=pglite.',
    );
  }
  try {
    await client.query(`drop database if exists ${benchDatabaseName} with (force)`);
    await client.query(`create database ${benchDatabaseName}`);
  } finally {
    await client.end();
  }
  return withDatabase(serverUrl, benchDatabaseName);
}

export async function prepareDatabase(): Promise<BenchDatabase> {
  const forced = process.env.BENCH_DATABASE;
  if (forced && forced !== 'pglite' && forced !== 'postgres')
    throw new Error('BENCH_DATABASE must be pglite or postgres');
  const serverUrl =
    process.env.DATABASE_URL ??
    (forced === 'postgres' || (await answers('127.0.0.1', 5432)) ? localServer : null);
  if (forced !== 'pglite' && serverUrl) {
    // BENCH_REUSE_DATABASE=1 (partial runs, while working on one thing): the database as the last run
    // left it, seeded, which saves the seed's half a minute; migrations still run.
    if (process.env.BENCH_REUSE_DATABASE === '1')
      return {
        kind: 'postgres',
        url: withDatabase(serverUrl, benchDatabaseName),
        reused: true,
        cleanup: () => undefined,
      };
    return { kind: 'postgres', url: await recreate(serverUrl), reused: false, cleanup: () => undefined };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'lightpath-bench-'));
  return { kind: 'pglite', dataDir, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}
