import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config';
import { serverRoot } from '../config';

// One type for both drivers: modules never know whether they run on PGlite or PostgreSQL.
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
export type DbOrTx = Db | Tx;

// A named, parameterised statement run straight on the driver, for the hottest paths only: it skips
// Drizzle's per-query work (about a quarter of the cost of a signed-in request). Everything else
// goes through Drizzle.
export type RawQuery = <Row>(name: string, text: string, values: unknown[]) => Promise<Row[]>;

// A transaction on one connection whose statements go straight to the driver, so that they can be
// named like RawQuery's and share the transaction's local settings (the header search's planner
// settings, docs/decisions/054). Commits when `run` resolves, rolls back when it throws.
export type RawTransaction = <T>(run: (query: RawQuery) => Promise<T>) => Promise<T>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  query: RawQuery;
  transaction: RawTransaction;
  close: () => Promise<void>;
  // PostgreSQL's connection pool now (PGlite has one connection and no pool).
  pool?: () => { total: number; idle: number; waiting: number };
  // PGlite only: the whole database as one archive, which `openDatabase` can start from again.
  snapshot?: () => Promise<Blob>;
};

export type OpenOptions = {
  // PGlite only: start from a snapshot instead of an empty cluster. Creating a cluster and migrating
  // it costs seconds; the API suite opens one seeded database per test file from a single snapshot.
  pgliteSnapshot?: Blob;
};

const migrationsFolder = resolve(serverRoot, 'src/db/migrations');
// Any constant works; it only has to be the same for every instance migrating the same database.
const migrationLockKey = 7_413_001;

export async function openDatabase(database: Config['database'], open: OpenOptions = {}): Promise<Database> {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: database.poolSize,
      // A request waits this long for a connection (PostgreSQL away, or every connection busy), then
      // fails with a 503 instead of hanging (platform/error-handler.ts).
      connectionTimeoutMillis: database.connectTimeoutMs ?? 5000,
      // A database host that vanishes without closing its sockets is noticed by the kernel's keepalive.
      keepAlive: true,
      // The portal's queries are short and index-driven; PostgreSQL's JIT only pays off on long
      // analytic scans, and compiling took 45 ms of a 50 ms list query whose plan cost crossed the
      // JIT threshold. docs/decisions/010.
      options: '-c jit=off',
    });
    // An idle connection that PostgreSQL ends (a restart, a failover, an administrator) is dropped
    // from the pool and replaced on the next query; without a listener it would crash the process.
    pool.on('error', () => undefined);
    // The pool listens only to its idle connections: a checked-out one (a transaction's) whose server
    // goes away mid-way emits an 'error' nobody hears, which ends the process. Its queries fail on their
    // own, and the pool drops the broken connection when it comes back (docs/faults.md: a restart with
    // -m immediate under write load ended the portal before this).
    pool.on('connect', (client) => client.on('error', () => undefined));
    // Several instances may start together: an advisory lock makes them migrate one at a time.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
      client.release();
    }
    const query: RawQuery = async <Row>(name: string, text: string, values: unknown[]) =>
      (await pool.query({ name, text, values })).rows as Row[];
    const transaction: RawTransaction = async (run) => {
      const client = await pool.connect();
      // A connection whose rollback failed is in an unknown state: it is closed, not pooled again.
      let broken = false;
      try {
        await client.query('begin');
        const result = await run(
          async <Row>(name: string, text: string, values: unknown[]) =>
            (await client.query({ name, text, values })).rows as Row[],
        );
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {
          broken = true;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    };
    return {
      db: drizzlePg(pool) as unknown as Db,
      kind: 'postgres',
      query,
      transaction,
      close: () => pool.end(),
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  // PGlite is one process's database: a single connection, so no lock is needed.
  if (database.dataDir) mkdirSync(database.dataDir, { recursive: true });
  // pg_trgm backs the header search; PostgreSQL ships it, PGlite loads it as an extension.
  const options = { extensions: { pg_trgm }, loadDataDir: open.pgliteSnapshot };
  const client = database.dataDir ? new PGlite(database.dataDir, options) : new PGlite(options);
  const db = drizzlePglite(client);
  await migratePglite(db, { migrationsFolder });
  const query: RawQuery = async <Row>(_name: string, text: string, values: unknown[]) =>
    (await client.query<Row>(text, values)).rows;
  // One connection: PGlite's own transaction, whose statements run unnamed like the rest.
  const transaction: RawTransaction = (run) =>
    client.transaction((tx) =>
      run(
        async <Row>(_name: string, text: string, values: unknown[]) =>
          (await tx.query<Row>(text, values)).rows,
      ),
    );
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    query,
    transaction,
    close: () => client.close(),
    snapshot: () => client.dumpDataDir('none'),
  };
}
