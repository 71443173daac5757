// A private PostgreSQL cluster for one fault script: initdb into a temporary folder, served on a port of
// its own with its socket in that folder, stopped and removed at the end. The machine's own server (and
// any other) is never touched: every pg_ctl here names this cluster's folder.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Cluster = {
  url: (database?: string) => string;
  port: number;
  // pg_ctl restart with the given shutdown mode, waiting until the server accepts connections again.
  // Asynchronous, so the caller's own requests keep going while the database is down.
  restart: (mode: 'fast' | 'immediate') => Promise<{ stopMs: number; totalMs: number }>;
  stop: () => void;
};

const bin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

// initdb and pg_ctl refuse to run as root: as root, they run as the postgres user, which owns the folder.
function asOwner(): { prefix: string[]; uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return { prefix: [] };
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { prefix: ['runuser', '-u', 'postgres', '--'], uid, gid };
}

function runAsync(owner: ReturnType<typeof asOwner>, program: string, args: string[]) {
  const [command, ...rest] = [...owner.prefix, join(bin, program), ...args];
  return new Promise<void>((done, fail) =>
    execFile(command!, rest, (error, stdout, stderr) =>
      error ? fail(new Error(`${program} ${args.join(' ')} failed:\n${stdout}${stderr}`)) : done(),
    ),
  );
}

function run(owner: ReturnType<typeof asOwner>, program: string, args: string[]) {
  const [command, ...rest] = [...owner.prefix, join(bin, program), ...args];
  const result = spawnSync(command!, rest, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(
      `${program} ${args.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`,
    );
  }
  return result.stdout;
}

export function startCluster(port: number): Cluster {
  const owner = asOwner();
  const folder = mkdtempSync(join(tmpdir(), 'lightpath-fault-pg-'));
  if (owner.uid !== undefined) chownSync(folder, owner.uid, owner.gid!);
  const data = join(folder, 'data');
  // --no-sync only skips flushing initdb's own files; the server itself keeps fsync and synchronous
  // commit on, so an immediate shutdown tests what a crash would keep.
  run(owner, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c max_connections=60`;
  const pgCtlArgs = (args: string[]) => [
    '-D',
    data,
    '-w',
    '-t',
    '60',
    '-l',
    join(folder, 'log'),
    '-o',
    options,
    ...args,
  ];
  const pgCtl = (args: string[]) => run(owner, 'pg_ctl', pgCtlArgs(args));
  pgCtl(['start']);
  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async restart(mode) {
      const started = performance.now();
      await runAsync(owner, 'pg_ctl', pgCtlArgs(['stop', '-m', mode]));
      const stopMs = performance.now() - started;
      await runAsync(owner, 'pg_ctl', pgCtlArgs(['start']));
      return { stopMs, totalMs: performance.now() - started };
    },
    stop() {
      try {
        pgCtl(['stop', '-m', 'immediate']);
      } catch {
        // Already stopped; the folder goes either way.
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
