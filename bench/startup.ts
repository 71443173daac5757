// Start-up time: from spawning the built server (what `npm start` runs once the build is up to date) to
// the first 200 from GET /api/health, on a fresh data directory (create, migrate, seed the demo data) and
// then on the same, existing one. Uses the embedded PGlite, as `npm start` does without DATABASE_URL.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type StartupResult = {
  // `node scripts/build.mjs --if-needed` on an up-to-date build: the part of `npm start` before the server.
  buildCheckMs: number;
  freshMs: number;
  existingMs: number;
  existingSamplesMs: number[];
  database: 'pglite';
};

const pollEveryMs = 50;
const giveUpAfterMs = 120_000;
const existingRuns = 3;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function healthStatus(port: number): Promise<number> {
  return new Promise((resolve) => {
    const request = get(
      { host: '127.0.0.1', port, path: '/api/health', agent: false, timeout: 2_000 },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.once('timeout', () => request.destroy());
    request.once('error', () => resolve(0));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the server did not exit within 15 s of SIGTERM'));
    }, 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export type BuiltServer = { port: number; base: string; startedAt: number; stop: () => Promise<void> };

// The built server (what `npm start` runs) on `dataDir` and a free port, once it answers healthy: the
// embedded PGlite, whatever DATABASE_URL the shell has, seeding the demo data on a fresh directory.
export async function startBuiltServer(repoRoot: string, dataDir: string): Promise<BuiltServer> {
  const port = await freePort();
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'NODE_ENV', 'SEED_DEMO', 'LOG_LEVEL', 'WEB_DIST', 'PUBLIC_URL'])
    delete env[name];
  Object.assign(env, { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });

  const startedAt = performance.now();
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const server = { port, base: `http://127.0.0.1:${port}`, startedAt, stop: () => stop(child) };
  try {
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`the server exited with code ${child.exitCode}:\n${output}`);
      if ((await healthStatus(port)) === 200) return server;
      if (performance.now() - startedAt > giveUpAfterMs)
        throw new Error(`not healthy after ${giveUpAfterMs} ms:\n${output}`);
      await sleep(pollEveryMs);
    }
  } catch (error) {
    await server.stop();
    throw error;
  }
}

async function timeToHealthy(repoRoot: string, dataDir: string): Promise<number> {
  const server = await startBuiltServer(repoRoot, dataDir);
  const healthyMs = performance.now() - server.startedAt;
  await server.stop();
  return healthyMs;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export async function measureStartup(repoRoot: string, log: (line: string) => void): Promise<StartupResult> {
  log('start-up: building the app if needed (node scripts/build.mjs --if-needed)');
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-needed'], { cwd: repoRoot, stdio: 'inherit' });
  const started = performance.now();
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-needed'], { cwd: repoRoot, stdio: 'inherit' });
  const buildCheckMs = performance.now() - started;

  const dataDir = mkdtempSync(join(tmpdir(), 'lightpath-startup-'));
  try {
    const freshMs = await timeToHealthy(repoRoot, dataDir);
    log(`start-up: fresh data directory healthy in ${Math.round(freshMs)} ms`);
    const existingSamplesMs: number[] = [];
    for (let i = 0; i < existingRuns; i += 1) {
      existingSamplesMs.push(await timeToHealthy(repoRoot, dataDir));
      log(`start-up: existing data directory healthy in ${Math.round(existingSamplesMs.at(-1)!)} ms`);
    }
    return {
      buildCheckMs,
      freshMs,
      existingMs: median(existingSamplesMs),
      existingSamplesMs,
      database: 'pglite',
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
