import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seedDatabase } from '../db/seed/seed';
import { createPostgresDatabase, dropPostgresDatabase, postgresAdminUrl, postgresUrlFor } from './postgres';

export type SeededTemplate = { kind: 'pglite'; file: string } | { kind: 'postgres'; name: string };

declare module 'vitest' {
  interface ProvidedContext {
    seededTemplate: SeededTemplate;
  }
}

// Every API test file starts from the same migrated demo data. Building it takes seconds (a PGlite
// cluster, the migrations, the seed), so it is built once per run and each file starts from a copy:
// a PGlite snapshot, or on PostgreSQL a template database. The seed's 'now' is the run's start; its
// events are hours from it, so the minutes a run takes move nothing a test looks at.
export default async function setup(project: TestProject) {
  if (postgresAdminUrl) {
    const name = await createPostgresDatabase();
    const database = await openDatabase({ kind: 'postgres', url: postgresUrlFor(name), poolSize: 2 });
    await seedDatabase(database.db, 'demo');
    await database.close();
    project.provide('seededTemplate', { kind: 'postgres', name });
    return () => dropPostgresDatabase(name);
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  await seedDatabase(database.db, 'demo');
  const snapshot = await database.snapshot?.();
  await database.close();
  if (!snapshot) throw new Error('PGlite gave no snapshot');
  const folder = await mkdtemp(join(tmpdir(), 'lightpath-api-tests-'));
  const file = join(folder, 'seeded.tar');
  await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('seededTemplate', { kind: 'pglite', file });
  return () => rm(folder, { recursive: true, force: true });
}
