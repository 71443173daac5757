import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createPostgresDatabase, dropPostgresDatabase, postgresUrlFor } from '../test/postgres';
import { openDatabase } from './client';
import { demoAccounts, demoPassword } from './seed/demo-customers';

// scripts/backup.mjs against a real PostgreSQL (pg_dump and pg_restore need one): a backup of the demo
// data with a stored file, restored into a new database and checked, and a portal started on it.
// PostgreSQL only: the PGlite stage of `npm test` leaves out *.postgres.test.ts when a server answers.
const script = resolve(import.meta.dirname, '../../../../scripts/backup.mjs');
const made: string[] = [];
let work: string;
let source: string;
let templateName: string;
const pdf = Buffer.from('%PDF-1.4\n% a stored invoice for the backup test\n%%EOF\n');
const storedKey = 'invoices/backup-test-invoice';

function backupScript(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync('node', [script, ...args], { encoding: 'utf8', env: { ...process.env, ...env } });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

async function newDatabase(template?: string) {
  const name = await createPostgresDatabase(template);
  made.push(name);
  return name;
}

beforeAll(async () => {
  const template = inject('seededTemplate');
  if (template.kind !== 'postgres')
    throw new Error('this test needs TEST_DATABASE_URL (a PostgreSQL server)');
  templateName = template.name;
  source = await newDatabase(templateName);
  work = await mkdtemp(join(tmpdir(), 'lightpath-backup-'));
  // One invoice whose PDF is kept in the uploads folder, as after its first download.
  const uploads = join(work, 'uploads');
  await mkdir(join(uploads, 'invoices'), { recursive: true });
  await writeFile(join(uploads, storedKey), pdf);
  const opened = await openDatabase({ kind: 'postgres', url: postgresUrlFor(source), poolSize: 1 });
  await opened.query(
    'test_backup_store_pdf',
    'update invoices set pdf_storage_key = $1 where uuid = (select uuid from invoices order by invoice_number limit 1)',
    [storedKey],
  );
  await opened.close();
});

afterAll(async () => {
  for (const name of made) await dropPostgresDatabase(name);
  if (work) await rm(work, { recursive: true, force: true });
});

describe('scripts/backup.mjs', () => {
  let base: string;

  it('backs up the database, its manifest and the uploads in one snapshot', async () => {
    const backedUp = backupScript(['backup', '--out', join(work, 'backups')], {
      DATABASE_URL: postgresUrlFor(source),
      UPLOADS_DIR: join(work, 'uploads'),
    });
    expect(backedUp.status, backedUp.output).toBe(0);
    base = backedUp.output.split(':')[0]!.trim();
    const manifest = JSON.parse(await readFile(`${base}.manifest.json`, 'utf8'));
    expect(manifest.storedFiles).toEqual([storedKey]);
    expect(manifest.tables['public.customers']).toBeGreaterThan(0);
    expect(manifest.tables['drizzle.__drizzle_migrations']).toBeGreaterThan(0);
  });

  it('restores into a new database, checks it, and a portal runs on it with its files', async () => {
    const target = await newDatabase();
    const uploads = join(work, 'restored-uploads');
    const restored = backupScript([
      'restore',
      '--from',
      base,
      '--database',
      postgresUrlFor(target),
      '--uploads',
      uploads,
    ]);
    expect(restored.status, restored.output).toBe(0);
    expect(restored.output).toContain('restored and checked');

    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      { webDist: '/nonexistent', uploads: { dir: uploads, maxBytes: 1_000_000 } },
    );
    const database = await openDatabase({ kind: 'postgres', url: postgresUrlFor(target), poolSize: 2 });
    const app = await buildApp(config, database, { logger: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      const noc = demoAccounts.find((account) => account.type === 1)!;
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: noc.email, password: demoPassword },
      });
      expect(login.statusCode).toBe(200);
      const token = login.json().payload.token as string;
      const [invoice] = await database.query<{ uuid: string }>(
        'test_backup_invoice',
        'select uuid from invoices where pdf_storage_key = $1',
        [storedKey],
      );
      const download = await app.inject({
        method: 'GET',
        url: `/api/invoices/${invoice!.uuid}/pdf`,
        headers: { 'x-auth-token': token },
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(pdf)).toBe(true);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('refuses a target that is not empty, and says what differs from the manifest', async () => {
    const busy = await newDatabase(templateName);
    const refused = backupScript([
      'restore',
      '--from',
      base,
      '--database',
      postgresUrlFor(busy),
      '--uploads',
      join(work, 'x'),
    ]);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('the target database is not empty');

    // A manifest that promises one customer more than the dump holds.
    const altered = join(work, 'altered');
    const manifest = JSON.parse(await readFile(`${base}.manifest.json`, 'utf8'));
    manifest.tables['public.customers'] += 1;
    await writeFile(`${altered}.manifest.json`, JSON.stringify(manifest));
    for (const suffix of ['.dump', '.uploads.tar.gz'])
      await writeFile(`${altered}${suffix}`, await readFile(`${base}${suffix}`));
    const target = await newDatabase();
    const mismatch = backupScript([
      'restore',
      '--from',
      altered,
      '--database',
      postgresUrlFor(target),
      '--uploads',
      join(work, 'y'),
    ]);
    expect(mismatch.status).toBe(1);
    expect(mismatch.output).toContain(
      `public.customers: ${manifest.tables['public.customers'] - 1} rows, the backup had ${manifest.tables['public.customers']}`,
    );
  });
});
