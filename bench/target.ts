// A server under test, run in its own process so the load generator (autocannon, in the parent) never
// shares an event loop with it. `tsx target.ts app` opens, migrates and seeds the database and serves the
// real app; `tsx target.ts bare` serves the ceiling: one static route. Both report to the parent over IPC.
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { seedDatabase } from '../apps/server/src/db/seed/seed';
import { syncAlarms } from '../apps/server/src/modules/equipment/alarms';

export type TargetReady = {
  type: 'ready';
  port: number;
  database?: {
    kind: string;
    version: string;
    openMs: number;
    seedMs: number;
    customers: number;
    users: number;
  };
};
export type TargetFailed = { type: 'error'; message: string };

const host = '127.0.0.1';

function send(message: TargetReady | TargetFailed) {
  if (process.send) process.send(message);
  else console.log(JSON.stringify(message));
}

// A Success envelope whose JSON is exactly `bytes` long (the padding string absorbs the difference).
function staticPayload(bytes: number) {
  const body = { result: 'Success', payload: { padding: '' } };
  const overhead = JSON.stringify(body).length;
  if (bytes < overhead) throw new Error(`payload of ${bytes} bytes is smaller than an empty envelope`);
  body.payload.padding = 'x'.repeat(bytes - overhead);
  return body;
}

async function serveApp() {
  const env: NodeJS.ProcessEnv = {
    LOG_LEVEL: 'silent',
    HOST: host,
    PORT: '0',
    // Every scenario comes from one address; a failed login must never turn into a 429 wave.
    LOGIN_MAX_FAILURES_PER_IP: '1000000000',
    LOGIN_MAX_FAILURES_PER_EMAIL: '1000000000',
    // The API's rate limits are off unless the run names figures (run.ts prints what it used).
    RATE_LIMIT_PER_TOKEN: process.env.BENCH_RATE_LIMIT_PER_TOKEN ?? '0',
    RATE_LIMIT_PER_ADDRESS: process.env.BENCH_RATE_LIMIT_PER_ADDRESS ?? '0',
  };
  if (process.env.DATABASE_POOL_SIZE) env.DATABASE_POOL_SIZE = process.env.DATABASE_POOL_SIZE;
  // The API log comparison (api-log.ts) runs a second app with API_LOG=false on the seeded database.
  if (process.env.API_LOG) env.API_LOG = process.env.API_LOG;
  // The first reads (run.ts) use a second app that keeps no replies: REPLY_CACHE_MB=0.
  if (process.env.REPLY_CACHE_MB) env.REPLY_CACHE_MB = process.env.REPLY_CACHE_MB;
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  else env.DATA_DIR = process.env.BENCH_DATA_DIR;
  const config = loadConfig(env);

  let started = performance.now();
  const database = await openDatabase(config.database);
  const openMs = performance.now() - started;
  started = performance.now();
  const counts =
    process.env.BENCH_SKIP_SEED === '1'
      ? { customers: 0, users: 0 }
      : await seedDatabase(database.db, 'national');
  const seedMs = performance.now() - started;
  const versionRows = (await database.db.execute(sql`select version() as version`)) as unknown as {
    rows: { version: string }[];
  };

  const app = await buildApp(config, database);
  // The shelves' alarms, as the running portal's job copies them from Zabbix at start-up.
  await syncAlarms(app.dependencies);
  await app.listen({ port: 0, host });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');

  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('disconnect', () => void stop());

  send({
    type: 'ready',
    port: address.port,
    database: {
      kind: database.kind,
      version: versionRows.rows[0]?.version ?? 'unknown',
      openMs,
      seedMs,
      customers: counts.customers,
      users: counts.users,
    },
  });
}

async function serveBare() {
  const bytes = Number(process.env.BENCH_PAYLOAD_BYTES);
  if (!Number.isInteger(bytes) || bytes <= 0)
    throw new Error('BENCH_PAYLOAD_BYTES must be a positive integer');
  const payload = staticPayload(bytes);
  // No plugins, hooks or schemas: only routing and JSON.stringify of a static object.
  const app = Fastify({ logger: false });
  app.get('/ceiling', async () => payload);
  // The same-size ceiling of a scenario (issue 18): a body as long as its reply, serialised once, so the
  // route costs routing and the socket only, as a kept reply of the real app does at best.
  const serialised = new Map<number, string>();
  app.get<{ Params: { bytes: string } }>('/ceiling/:bytes', async (request, reply) => {
    const size = Number(request.params.bytes);
    let body = serialised.get(size);
    if (body === undefined) {
      body = JSON.stringify(staticPayload(size));
      serialised.set(size, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  });
  await app.listen({ port: 0, host });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('disconnect', () => void stop());
  send({ type: 'ready', port: address.port });
}

const role = process.argv[2];
try {
  if (role === 'app') await serveApp();
  else if (role === 'bare') await serveBare();
  else throw new Error(`unknown role ${role ?? '(none)'}: use app or bare`);
} catch (error) {
  send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
}
