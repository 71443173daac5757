#!/usr/bin/env node
// Backups of a production portal and a checked restore (docs/production.md#backups).
//
//   DATABASE_URL=… UPLOADS_DIR=… node scripts/backup.mjs backup --out /backup
//   node scripts/backup.mjs restore --from /backup/lightpath-20261127T220000Z \
//        --database postgres://…/lightpath_restored --uploads /srv/lightpath/uploads
//
// A backup is three files with one name: the database (`pg_dump --format=custom`), the uploads folder
// (a tar.gz) and a manifest of what the database held, taken in the same snapshot as the dump. A
// restore goes into an empty database, then checks itself against the manifest: every table's row
// count, and every stored file a row names (site access forms, invoice PDFs) present in the restored
// folder. It exits 1 with what differs, so a script or a test can tell a good backup from a bad one.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

// The columns that name a file in the uploads folder (apps/server/src/platform/storage.ts keys).
const storedFileColumns = [
  { table: 'ticket_attachments', column: 'storage_key' },
  { table: 'invoices', column: 'pdf_storage_key' },
];

function run(command, args) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error) throw new Error(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} ${args[0]} ended with status ${result.status}`);
}

// Every table of the database (the portal's and the migrations' own), by schema-qualified name.
async function tableCounts(client) {
  const { rows } = await client.query(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1, 2`,
  );
  const counts = {};
  for (const { schema, name } of rows) {
    const qualified = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`;
    counts[`${schema}.${name}`] = (
      await client.query(`select count(*)::int as n from ${qualified}`)
    ).rows[0].n;
  }
  return counts;
}

async function storedFileKeys(client) {
  const keys = [];
  for (const { table, column } of storedFileColumns) {
    const { rows } = await client.query(
      `select ${client.escapeIdentifier(column)} as key from ${client.escapeIdentifier(table)}
       where ${client.escapeIdentifier(column)} is not null`,
    );
    keys.push(...rows.map((row) => row.key));
  }
  return keys.sort();
}

async function backup({ out }) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL names the database to back up');
  const uploads = resolve(process.env.UPLOADS_DIR ?? resolve(process.env.DATA_DIR ?? './data', 'uploads'));
  mkdirSync(out, { recursive: true });
  const base = join(out, `lightpath-${new Date().toISOString().replace(/[-:]|\.\d+/g, '')}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The manifest and the dump read one snapshot: writes in between change neither.
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query('select pg_export_snapshot() as id')).rows[0].id;
    const manifest = {
      takenAt: new Date().toISOString(),
      tables: await tableCounts(client),
      storedFiles: await storedFileKeys(client),
    };
    run('pg_dump', [`--snapshot=${snapshot}`, '--format=custom', `--file=${base}.dump`, databaseUrl]);
    await client.query('commit');
    // After the dump: a file is stored before the row that names it, so every file the dump names is here.
    if (existsSync(uploads)) run('tar', ['-C', uploads, '-czf', `${base}.uploads.tar.gz`, '.']);
    else run('tar', ['-czf', `${base}.uploads.tar.gz`, '--files-from', '/dev/null']);
    writeFileSync(`${base}.manifest.json`, `${JSON.stringify(manifest, null, 2)}\n`);
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    console.log(
      `${base}: ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.storedFiles.length} stored files`,
    );
  } finally {
    await client.end();
  }
}

async function restore({ from, database, uploads }) {
  const manifest = JSON.parse(readFileSync(`${from}.manifest.json`, 'utf8'));
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  try {
    const existing = await client.query(
      `select count(*)::int as n from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if (existing.rows[0].n > 0) throw new Error('the target database is not empty: restore into a new one');
    run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${database}`, `${from}.dump`]);
    mkdirSync(uploads, { recursive: true });
    run('tar', ['-C', uploads, '-xzf', `${from}.uploads.tar.gz`]);

    const problems = [];
    const counts = await tableCounts(client);
    for (const [table, expected] of Object.entries(manifest.tables)) {
      if (counts[table] !== expected)
        problems.push(`${table}: ${counts[table] ?? 'missing'} rows, the backup had ${expected}`);
    }
    for (const key of await storedFileKeys(client))
      if (!existsSync(join(uploads, key))) problems.push(`stored file missing: ${key}`);
    if (problems.length > 0) {
      console.error(`The restore does not match the backup:\n  ${problems.join('\n  ')}`);
      process.exitCode = 1;
      return;
    }
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(
      `restored and checked: ${Object.keys(counts).length} tables, ${rows} rows, ${manifest.storedFiles.length} stored files, as backed up at ${manifest.takenAt}`,
    );
  } finally {
    await client.end();
  }
}

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: {
    out: { type: 'string' },
    from: { type: 'string' },
    database: { type: 'string' },
    uploads: { type: 'string' },
  },
});
try {
  if (command === 'backup' && values.out) await backup({ out: resolve(values.out) });
  else if (command === 'restore' && values.from && values.database && values.uploads)
    await restore({
      from: resolve(values.from),
      database: values.database,
      uploads: resolve(values.uploads),
    });
  else {
    console.error(
      'usage: node scripts/backup.mjs backup --out DIR\n       node scripts/backup.mjs restore --from DIR/lightpath-STAMP --database URL --uploads DIR',
    );
    process.exitCode = 2;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
