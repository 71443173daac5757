import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { demoPassword } from '../db/seed/demo-customers';
import { seedDatabase } from '../db/seed/seed';

// The API suite runs on PGlite by default; `npm test` runs it again with TEST_DATABASE_URL pointing at a
// PostgreSQL server, where every test file gets a database of its own that is dropped afterwards.
const postgresAdminUrl = process.env.TEST_DATABASE_URL;

export async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!postgresAdminUrl) {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    return { database, drop: async () => undefined };
  }
  const name = `lightpath_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  return {
    database,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: postgresAdminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  // Signs in as a demo account (password lightpath-demo) and returns the token.
  login: (email: string) => Promise<string>;
  // inject() with the token header set; `as` is a demo e-mail or a token.
  call: (options: InjectOptions & { as?: string }) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
};

export async function buildTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    { webDist: '/nonexistent', ...overrides },
  );
  const { database, drop } = await freshDatabase();
  await seedDatabase(database.db, 'demo');
  const app = await buildApp(config, database, { logger: false });
  await app.ready();
  const tokens = new Map<string, string>();

  const login = async (email: string) => {
    const reply = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: demoPassword },
    });
    if (reply.statusCode !== 200) throw new Error(`login as ${email} failed: ${reply.body}`);
    return (reply.json() as { payload: { token: string } }).payload.token;
  };

  const call: TestApp['call'] = async ({ as, headers, ...options }) => {
    let token: string | undefined;
    if (as?.includes('@')) {
      token = tokens.get(as) ?? (await login(as));
      tokens.set(as, token);
    } else {
      token = as;
    }
    return app.inject({ ...options, headers: { ...headers, ...(token ? { 'x-auth-token': token } : {}) } });
  };

  return {
    app,
    database,
    config,
    login,
    call,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

export const demo = {
  noc: 'noc@meridian.example',
  tech: 'tech@meridian.example',
  eng: 'eng@meridian.example',
  ungAdmin: 'admin@northgate.example',
  ungUser: 'user@northgate.example',
  ebhAdmin: 'admin@eastbrook.example',
} as const;

export const allDemoAccounts = Object.values(demo);
