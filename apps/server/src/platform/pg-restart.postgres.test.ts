import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';

// Issue 19's fault "PostgreSQL restarted under write load", run by `npm test`: scripts/faults/pg-restart.ts
// on a private cluster it starts itself (never the machine's server), with the portal from source, since
// this stage runs before the build. PostgreSQL stage only: it needs PostgreSQL's initdb and pg_ctl.
const repoRoot = resolve(import.meta.dirname, '../../../..');

it('keeps every acknowledged write, answers 503 while the database is away and recovers by itself', () => {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/faults/pg-restart.ts', '--from-source', '--json'],
    { cwd: repoRoot, encoding: 'utf8', timeout: 120_000 },
  );
  const lines = run.stdout.trim().split('\n');
  expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
  const figures = JSON.parse(lines.at(-1)!);
  expect(figures.ok).toBe(true);
  expect(figures.acknowledged).toBeGreaterThan(100);
  expect(figures.foundAfterwards).toBe(figures.acknowledged);
  expect(figures.hangs).toBe(0);
  expect(figures.portal).toBe('running');
  expect(figures.readyAtEnd).toBe(200);
  for (const restart of figures.restarts) {
    // The outage was seen (a restart nobody noticed would prove nothing) and every failure was a 503.
    expect(restart.statuses['503'], restart.mode).toBeGreaterThan(0);
    expect(restart.failuresNot503InEnvelope, restart.mode).toBe(0);
    expect(restart.slowestReplyMs, restart.mode).toBeLessThan(10_000);
    expect(restart.recoveryAfterDatabaseBackMs, restart.mode).toBeLessThan(10_000);
  }
}, 150_000);
