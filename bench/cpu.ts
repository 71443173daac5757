// Where a scenario's time goes, whatever the machine: the CPU milliseconds the app's process and
// PostgreSQL's backends spend per request. Other load on a shared machine stretches requests per second
// far more than it stretches the work each request costs.
import { readFileSync } from 'node:fs';
import pg from 'pg';

// A process's CPU time so far (user and system), in milliseconds: /proc/<pid>/stat counts it in clock
// ticks of 10 ms. Null when the process has gone.
export function processCpuMs(pid: number): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name, in parentheses, may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

// PostgreSQL's CPU for one database: the sum over the server processes (backends) connected to it, read
// from /proc like the app's. pg_stat_statements would need a server restart to load and counts only
// execution, not parsing, planning and the protocol, which are much of a short list query's cost.
// Backends of every client of the database count (both bench apps' pools, autovacuum working on it);
// this sampler's own connection does not. A backend that ends during the measurement loses what it
// spent since the first sample (the pools keep theirs while they are busy); one that starts during it
// counts from its start. Only for a server on this machine: the bench's PostgreSQL is on 127.0.0.1.
export class DatabaseCpu {
  private constructor(private readonly client: pg.Client) {}

  static async open(url: string): Promise<DatabaseCpu> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return new DatabaseCpu(client);
  }

  // Each backend of the database and its CPU milliseconds so far.
  async sample(): Promise<Map<number, number>> {
    const { rows } = await this.client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const cpu = new Map<number, number>();
    for (const { pid } of rows) {
      const ms = processCpuMs(pid);
      if (ms !== null) cpu.set(pid, ms);
    }
    return cpu;
  }

  close(): Promise<void> {
    return this.client.end();
  }
}

// What the database's backends spent between two samples.
export function databaseCpuMsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) {
    const start = before.get(pid);
    // Less than before: the pid was reused by a backend that started during the measurement.
    total += start !== undefined && ms >= start ? ms - start : ms;
  }
  return total;
}
