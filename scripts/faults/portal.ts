// The portal as an operator runs it, for the fault scripts: the built server (`node apps/server/dist/main.js`)
// in a process of its own, or with `--from-source` the same main.ts through tsx (the API suite runs the
// fault scripts that way, before `npm test` builds). Plus the few HTTP calls the scripts make.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { resolve } from 'node:path';
import { freePort } from '../../bench/startup';

export { freePort };

export const repoRoot = resolve(import.meta.dirname, '../..');
export const fromSource = process.argv.includes('--from-source');
export const demoPassword = 'lightpath-demo';
export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export type Portal = {
  name: string;
  url: string;
  child: ChildProcess;
  output: string[];
  // Resident memory of the server process now, from /proc (MB); null once it has exited.
  rssMb: () => number | null;
  // How the process ended ('running' while it runs): a portal that dies under a fault is a finding.
  exit: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};

export async function startPortal(name: string, env: Record<string, string>): Promise<Portal> {
  const port = env.PORT ?? String(await freePort());
  const entry = fromSource ? ['--import', 'tsx', 'apps/server/src/main.ts'] : ['apps/server/dist/main.js'];
  if (!fromSource && !existsSync(resolve(repoRoot, entry[0]!))) {
    throw new Error('No built server: run `node scripts/build.mjs` first (or pass --from-source)');
  }
  // The caller's own DATABASE_URL or TEST_DATABASE_URL never leaks into the instance under test.
  const { DATABASE_URL: _url, TEST_DATABASE_URL: _test, ...inherited } = process.env;
  // The fault scripts drive an instance from one address with a token or two at up to 200 requests a
  // second, far past the API's rate limits (docs/decisions/043): off unless the caller names figures.
  const rateLimitsOff = { RATE_LIMIT_PER_TOKEN: '0', RATE_LIMIT_PER_ADDRESS: '0' };
  const child = spawn(process.execPath, entry, {
    cwd: repoRoot,
    env: { ...inherited, LOG_LEVEL: 'warn', ...rateLimitsOff, ...env, PORT: port, HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${output.join('')}`);
    const ready = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(2000) }).then(
      (reply) => reply.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() - started > 90_000) {
      child.kill('SIGKILL');
      throw new Error(`${name} not ready in 90 s:\n${output.join('')}`);
    }
    await sleep(200);
  }
  return {
    name,
    url,
    child,
    output,
    exit: () => (child.exitCode !== null ? `exited ${child.exitCode}` : (child.signalCode ?? 'running')),
    rssMb: () => {
      if (child.exitCode !== null || child.signalCode !== null) return null;
      const pages = Number(readFileSync(`/proc/${child.pid}/statm`, 'utf8').split(' ')[1]);
      return Math.round((pages * 4096) / 1024 / 1024);
    },
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
        child.once('exit', () => {
          clearTimeout(force);
          done();
        });
        child.kill(signal);
      }),
  };
}

export type Reply<T = unknown> = {
  status: number;
  ms: number;
  body: { result?: string; message?: string; payload?: T } | null;
  // 'timeout' when no reply came within the caller's bound, 'network' when the connection failed.
  failure?: 'timeout' | 'network';
  // The network failure's own code: ECONNREFUSED (nothing listens) is not a reply lost mid-request.
  code?: string;
};

// One API call with a bound on the wait: a hang is a finding, so it is cut and counted, never waited out.
export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Reply<T>> {
  const started = performance.now();
  try {
    const reply = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        ...(options.body !== undefined && { 'content-type': 'application/json' }),
        ...(options.token && { 'x-auth-token': options.token }),
      },
      ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const text = await reply.text();
    let body: Reply<T>['body'] = null;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: body stays null, which the envelope check counts.
    }
    return { status: reply.status, ms: performance.now() - started, body };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
    return {
      status: 0,
      ms: performance.now() - started,
      body: null,
      failure: timedOut ? 'timeout' : 'network',
      ...(cause?.code && { code: cause.code }),
    };
  }
}

export async function signIn(base: string, email: string): Promise<string> {
  const reply = await call<{ token: string }>(base, 'POST', '/login', {
    body: { email, password: demoPassword },
  });
  if (reply.status !== 200 || !reply.body?.payload?.token) {
    throw new Error(`sign-in as ${email} failed: ${reply.status} ${reply.body?.message}`);
  }
  return reply.body.payload.token;
}

// The reply is the portal's envelope: a result and a message people can read.
export function inEnvelope(reply: Reply): boolean {
  return typeof reply.body?.result === 'string' && typeof reply.body.message === 'string';
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const round = (ms: number) => Math.round(ms);

// Prints the figures as a table for people and, with --json, one JSON line the API test reads.
export function report(title: string, rows: [string, string | number][], figures: unknown) {
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(figures));
    return;
  }
  console.log(`\n${title}`);
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);
}

// An external system that accepts connections and never answers: what a hung server or a firewall that
// drops packets looks like to a client, so only the client's own timeout ends the wait.
export async function blackHole() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}
