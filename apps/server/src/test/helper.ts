import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect, inject } from 'vitest';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { auditLog } from '../db/schema/platform';
import { demoPassword } from '../db/seed/demo-customers';
import { createPostgresDatabase, dropPostgresDatabase, postgresAdminUrl, postgresUrlFor } from './postgres';

type OpenedDatabase = { database: Database; drop: () => Promise<void> };

async function postgresDatabase(template?: string): Promise<OpenedDatabase> {
  const name = await createPostgresDatabase(template);
  const database = await openDatabase({ kind: 'postgres', url: postgresUrlFor(name), poolSize: 5 });
  return { database, drop: () => dropPostgresDatabase(name) };
}

// A migrated database with no data in it, of its own.
export async function freshDatabase(): Promise<OpenedDatabase> {
  if (postgresAdminUrl) return postgresDatabase();
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  return { database, drop: async () => undefined };
}

// A database of its own holding the demo data: a copy of the one test/global-setup.ts seeded.
export async function seededDatabase(): Promise<OpenedDatabase> {
  const template = inject('seededTemplate');
  if (template.kind === 'postgres') return postgresDatabase(template.name);
  const pgliteSnapshot = new Blob([await readFile(template.file)]);
  const database = await openDatabase({ kind: 'pglite', dataDir: null }, { pgliteSnapshot });
  return { database, drop: async () => undefined };
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  // Signs in as a demo account (password lightpath-demo) and returns the token.
  login: (email: string) => Promise<string>;
  // inject() with the token header set; `as` is a demo e-mail or a token.
  call: (options: InjectOptions & { as?: string }) => Promise<LightMyRequestResponse>;
  // How many audit entries of one action exist, to show a write was (or was not) audited.
  auditCount: (action: string) => Promise<number>;
  close: () => Promise<void>;
};

export async function buildTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    // The API's tests call far faster than any person or page (a route walk makes thousands of calls a
    // minute with one token), so the rate limits are off unless a test turns them on
    // (platform/rate-limit.test.ts); the end-to-end suite runs with the defaults.
    { webDist: '/nonexistent', rateLimits: { perToken: 0, perAddress: 0, windowSeconds: 60 }, ...overrides },
  );
  const { database, drop } = await seededDatabase();
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

  const auditCount = async (action: string) => {
    const rows = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.action, action));
    return rows[0]!.n;
  };

  return {
    app,
    database,
    config,
    login,
    call,
    auditCount,
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

// The first problem of a 400 (docs/decisions/017): `message` carries it too, prefixed with its field's
// path, which this checks on the way.
export function problemOf(reply: {
  json: () => { message: string; payload?: { errors?: { message: string }[] } };
}) {
  const body = reply.json();
  expect(body.message).toContain(body.payload?.errors?.[0]?.message);
  return body.payload?.errors?.[0]?.message;
}

export type MultipartPart =
  | { name: string; content: Buffer; field?: string; type?: string }
  | { field: string; value: string };

// A file's name in its part header: quoted as a browser sends a plain one, or as an RFC 5987
// filename* when it holds what a quoted string cannot carry (a quote, a backslash, a line break, a
// NUL, anything beyond ASCII), so tests can send the names hostile clients do.
function fileNameParameter(name: string): string {
  return /^[\x20-\x7e]*$/.test(name) && !/["\\]/.test(name)
    ? `filename="${name}"`
    : `filename*=UTF-8''${encodeURIComponent(name)}`;
}

// A multipart/form-data body as a browser sends it, each file under its own field name.
export function multipart(parts: MultipartPart[]) {
  const boundary = `----lightpath${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  parts.forEach((part, i) => {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`,
        ),
      );
      return;
    }
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? `file${i}`}"; ${fileNameParameter(part.name)}\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      part.content,
      Buffer.from('\r\n'),
    );
  });
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

// Every tracked table's version in one string (docs/decisions/028: bumped at commit by the database
// itself): the same before and after a request means it wrote nothing. integration_status is left out:
// asking an external system records that it answered, whatever the request was.
export async function trackedTableVersions(database: Database): Promise<string> {
  const [row] = await database.query<{ versions: string }>(
    'test_tracked_table_versions',
    `select coalesce(string_agg(name || '=' || version, ' ' order by name), '') as versions
     from data_versions where name <> 'integration_status'`,
    [],
  );
  return row!.versions;
}
