import { randomBytes } from 'node:crypto';
import pg from 'pg';

// The API suite runs on PGlite by default; `npm test` runs it again with TEST_DATABASE_URL pointing at a
// PostgreSQL server, where every test file gets a database of its own that is dropped afterwards.
export const postgresAdminUrl = process.env.TEST_DATABASE_URL;

async function asAdmin(statement: string) {
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export function postgresUrlFor(name: string) {
  const url = new URL(postgresAdminUrl ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

// A new database, empty or a copy of `template` (which nobody may be connected to).
export async function createPostgresDatabase(template?: string) {
  const name = `lightpath_test_${randomBytes(6).toString('hex')}`;
  await asAdmin(`create database ${name}${template ? ` template ${template}` : ''}`);
  return name;
}

export async function dropPostgresDatabase(name: string) {
  await asAdmin(`drop database if exists ${name} with (force)`);
}
