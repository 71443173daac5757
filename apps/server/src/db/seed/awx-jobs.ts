import type { AwxHostSummary, AwxJobStatus, AwxOperation } from '@lightpath/domain/awx';
import { awxOperationInfo } from '@lightpath/domain/awx';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type FakePlay, type FakeTaskResult, transcriptOf } from '../../integrations/awx/fake';
import { defaultSimulatorTiming, simulatedAwx } from '../../integrations/awx/simulator';
import { simulatedTelemetry } from '../../integrations/telemetry/simulator';
import { hostSummaryOf } from '../../modules/awx/progress';
import { resultOf } from '../../modules/awx/service';
import type { Db } from '../client';
import { awxJobs } from '../schema/awx';
import { customers } from '../schema/customers';
import { equipmentPorts, shelves } from '../schema/equipment';
import { users } from '../schema/users';
import { type Random, seededRandom } from './random';

// Past AWX jobs (issue 15), so the jobs page and a job's page have something to show on a fresh start.
// The demo's handful are run through the simulator on a clock of their own (the same playbooks, AWX API
// engine and client as a live launch, so their output, host summaries and results are what a launch
// would record); the national history is 20,000 jobs over the year, their transcripts rendered by the
// same engine from a small play each, without running them, so 20,000 cost a few seconds.

type JobRow = typeof awxJobs.$inferInsert;
type Shelf = { id: number; name: string; ip: string | null };
type Launcher = { id: number; name: string };

// The portal writes `simulator@host:pid` for the simulator's jobs; these were never followed by any
// running instance, and they have all ended, so nothing follows them.
const seededInstance = 'simulator@seed';

async function launcher(db: Db, email: string): Promise<Launcher> {
  const [row] = await db
    .select({ id: users.userId, firstname: users.firstname, surname: users.surname })
    .from(users)
    .where(eq(users.email, email));
  if (!row) throw new Error(`no seeded user ${email}`);
  return { id: row.id, name: `${row.firstname} ${row.surname}`.trim() };
}

const targetsOf = (list: Shelf[], port: string | null = null) =>
  list.map((s) => ({ equipmentid: s.id, name: s.name, ip: s.ip, port }));

type DemoJob = {
  operation: AwxOperation;
  on: Shelf[];
  by: Launcher;
  agoMs: number;
  // Canceled this long after the launch.
  cancelAfterMs?: number;
  // Ended by AWX this long after the launch, with this explanation (the lines so far are kept).
  endedAfterMs?: number;
  explanation?: string;
};

type Simulator = { awx: ReturnType<typeof simulatedAwx>; clock: { at: number } };

// One job run through the simulator: launched on the simulator's clock, read long after it ended (or
// when AWX ended it), then moved back to its place in the past. The clock starts at the real time, as
// the playbooks read the shelves as they are now (a shelf's uptime starts after it was recorded).
async function simulatedJob(sim: Simulator, now: Date, job: DemoJob): Promise<JobRow> {
  const { awx, clock } = sim;
  const launchedAt = clock.at;
  const shift = (iso: string | null) =>
    iso === null ? null : new Date(new Date(iso).getTime() - launchedAt + now.getTime() - job.agoMs);
  const launched = await awx.launch({ operation: job.operation, devices: job.on.map((s) => s.name) });
  if (job.cancelAfterMs !== undefined) {
    clock.at = launchedAt + job.cancelAfterMs;
    await awx.cancel(launched.jobId);
  }
  clock.at = launchedAt + (job.endedAfterMs ?? 60_000);
  const state = await awx.job(launched.jobId);
  const { lines } = await awx.output(launched.jobId, 0);
  const cut = job.endedAfterMs !== undefined;
  const status: AwxJobStatus = cut ? 'failed' : state.status;
  const summaries = cut ? [] : (await awx.hostSummaries(launched.jobId)).map(hostSummaryOf);
  // The next job starts on a clock of its own a while later.
  clock.at += 60_000;
  return {
    operation: job.operation,
    name: awxOperationInfo[job.operation].label,
    status,
    instance: seededInstance,
    awxJobId: launched.jobId,
    targets: targetsOf(job.on),
    hosts: job.on.map((s) => s.name),
    equipmentIds: job.on.map((s) => s.id),
    launchedBy: job.by.id,
    launchedByName: job.by.name,
    createdAt: shift(new Date(launchedAt).toISOString())!,
    startedAt: shift(state.started),
    finishedAt: cut ? shift(new Date(launchedAt + job.endedAfterMs!).toISOString()) : shift(state.finished),
    explanation: job.explanation ?? (state.explanation || null),
    output: lines.length > 0 ? `${lines.join('\n')}\n` : '',
    outputLines: lines.length,
    hostSummaries: summaries,
    result: status === 'successful' ? resultOf(job.operation, lines) : null,
  };
}

const hour = 3_600_000;

// The demo's jobs: an uptime on two PoP routers with its table, a configuration as text, an RSI that
// AWX ended at the template's timeout (its reason shown as AWX gave it), and a MAC table canceled
// while it ran.
async function demoJobs(db: Db, now: Date): Promise<JobRow[]> {
  const reachable = await db
    .select({ id: shelves.shelfId, name: shelves.name, ip: shelves.ipAddress })
    .from(shelves)
    .where(isNotNull(shelves.ipAddress))
    .orderBy(asc(shelves.shelfId));
  const routers = reachable.filter((s) => /pe\d*$/.test(s.name));
  const cpe = reachable.find((s) => !/(pe\d*|ol)$/.test(s.name));
  if (routers.length < 3 || !cpe) return [];
  const engineer = await launcher(db, 'eng@meridian.example');
  const noc = await launcher(db, 'noc@meridian.example');
  const runMs = defaultSimulatorTiming.pendingMs! + defaultSimulatorTiming.waitingMs! + 600;
  const jobs: DemoJob[] = [
    { operation: 'show/mactable', on: [routers[2]!], by: noc, agoMs: 50 * hour, cancelAfterMs: runMs },
    {
      operation: 'get/rsi',
      on: [routers[1]!],
      by: engineer,
      agoMs: 26 * hour,
      endedAfterMs: runMs,
      explanation: 'Job terminated due to timeout',
    },
    { operation: 'get/config', on: [cpe], by: engineer, agoMs: 5 * hour },
    { operation: 'show/uptime', on: routers.slice(0, 2), by: engineer, agoMs: 3 * hour },
  ];
  const clock = { at: Date.now() };
  const tick = () => clock.at;
  const awx = simulatedAwx({ db, telemetry: simulatedTelemetry(db, { now: tick }) }, { now: tick });
  const rows: JobRow[] = [];
  for (const job of jobs) rows.push(await simulatedJob({ awx, clock }, now, job));
  return rows;
}

// The national history's mix: mostly reads (show, then get), some checks, few changes.
const historyMix: [AwxOperation, number][] = [
  ['show/uptime', 14],
  ['show/interfaces', 12],
  ['show/mactable', 12],
  ['show/interfaceoptics', 10],
  ['show/alarms', 8],
  ['show/facts', 4],
  ['show/hardware', 4],
  ['show/interface', 4],
  ['show/vplsconnections', 3],
  ['show/license', 1],
  ['show/logsfiltered', 3],
  ['get/config', 8],
  ['get/log', 4],
  ['get/rsi', 1],
  ['get/varlog', 1],
  ['run/config/devicecheck', 4],
  ['run/config/netboxcheck', 2],
  ['run/rollbackcompare', 1],
  ['run/juniperinventory/full', 1],
  ['run/juniperinventory/physical', 1],
  ['run/cienainventory', 1],
  ['run/update/netbox', 1],
  ['run/bounceport', 2],
  ['run/clearmactable', 1],
  ['run/resetipsec', 1],
];
const mixTotal = historyMix.reduce((sum, [, weight]) => sum + weight, 0);

function pickOperation(random: Random): AwxOperation {
  let at = random.next() * mixTotal;
  for (const [operation, weight] of historyMix) {
    at -= weight;
    if (at < 0) return operation;
  }
  return historyMix[0]![0];
}

function pickStatus(random: Random): AwxJobStatus {
  const r = random.next();
  return r < 0.9 ? 'successful' : r < 0.96 ? 'failed' : r < 0.99 ? 'canceled' : 'error';
}

// A past job's play: connect, then the operation's task on every host that answered. A failed job has
// one host that did not answer, as the simulator's playbooks fail.
function historyPlay(operation: AwxOperation, hosts: Shelf[], failed: boolean): FakePlay {
  const family = operation.split('/')[0]!;
  const rest = operation.slice(family.length + 1);
  const down = failed ? hosts[hosts.length - 1]!.name : null;
  const connect: FakeTaskResult[] = hosts.map((h) =>
    h.name === down
      ? {
          host: h.name,
          status: 'unreachable',
          lines: [
            `{"changed": false, "msg": "Failed to connect to the host via ssh: ssh: connect to host ${h.ip ?? h.name} port 22: Connection timed out", "unreachable": true}`,
          ],
        }
      : { host: h.name, status: 'ok' },
  );
  const up = hosts.filter((h) => h.name !== down);
  const changes = awxOperationInfo[operation].changes;
  const tasks = [
    { name: 'Connect to the device', results: connect },
    {
      name:
        family === 'show'
          ? `Read ${rest}`
          : family === 'get'
            ? `Get ${rest}`
            : awxOperationInfo[operation].label,
      results: up.map((h) => ({ host: h.name, status: changes ? ('changed' as const) : ('ok' as const) })),
    },
  ];
  return { name: `Lightpath ${operation}`, hosts: hosts.map((h) => h.name), tasks };
}

function historyJob(
  random: Random,
  at: number,
  shelfList: Shelf[],
  ports: Map<number, string>,
  by: Launcher,
) {
  const operation = pickOperation(random);
  const info = awxOperationInfo[operation];
  const status = pickStatus(random);
  // One device mostly, sometimes a few (a port operation names one port on each).
  const count = info.needsPort ? 1 : random.next() < 0.65 ? 1 : random.int(2, 5);
  const on = new Map<number, Shelf>();
  while (on.size < count) {
    const shelf = random.pick(shelfList);
    on.set(shelf.id, shelf);
  }
  const list = [...on.values()];
  const startedAt = at + random.int(400, 3_000);
  const runMs = random.int(4_000, 90_000);
  let lines: string[] = [];
  let summaries: AwxHostSummary[] = [];
  if (status !== 'error') {
    const transcript = transcriptOf(historyPlay(operation, list, status === 'failed'));
    // A canceled job stopped part of the way through, before its recap.
    lines = status === 'canceled' ? transcript.lines.slice(0, 4 + list.length) : transcript.lines;
    summaries = status === 'canceled' ? [] : transcript.summaries.map(hostSummaryOf);
  }
  const port = info.needsPort ? (ports.get(list[0]!.id) ?? null) : null;
  return {
    operation,
    name: info.label,
    status,
    instance: seededInstance,
    awxJobId: 0,
    targets: targetsOf(list, port),
    hosts: list.map((s) => s.name),
    equipmentIds: list.map((s) => s.id),
    filter: operation === 'show/logsfiltered' ? random.pick(['LINK_DOWN', 'alarmd', 'sshd']) : null,
    launchedBy: by.id,
    launchedByName: by.name,
    createdAt: new Date(at),
    startedAt: new Date(startedAt),
    finishedAt: new Date(startedAt + (status === 'error' ? 1_000 : runMs)),
    // AWX's own reasons: an execution node lost under the job, a cancel.
    explanation:
      status === 'error' ? 'Job terminated due to error' : status === 'canceled' ? 'Job was canceled' : null,
    output: lines.length > 0 ? `${lines.join('\n')}\n` : '',
    outputLines: lines.length,
    hostSummaries: summaries,
  } satisfies JobRow;
}

// `history` past jobs over the year before `now`, launched by the provider's NOC operators and
// engineers, oldest first (the list's default order is the job id).
async function historyJobs(db: Db, history: number, now: Date): Promise<JobRow[]> {
  if (history === 0) return [];
  const random = seededRandom(20261127 + 15);
  const shelfList = await db
    .select({ id: shelves.shelfId, name: shelves.name, ip: shelves.ipAddress })
    .from(shelves)
    .where(isNotNull(shelves.ipAddress))
    .orderBy(asc(shelves.shelfId));
  const portRows = await db
    .selectDistinctOn([equipmentPorts.shelfId], {
      shelfId: equipmentPorts.shelfId,
      name: equipmentPorts.name,
    })
    .from(equipmentPorts)
    .where(eq(equipmentPorts.handoff, true))
    .orderBy(asc(equipmentPorts.shelfId), asc(equipmentPorts.portId));
  const ports = new Map(portRows.map((p) => [p.shelfId, p.name]));
  const staff = await db
    .select({ id: users.userId, firstname: users.firstname, surname: users.surname })
    .from(users)
    .innerJoin(customers, eq(customers.customerId, users.customerId))
    .where(and(eq(customers.isProvider, true), inArray(users.type, [1, 3])))
    .orderBy(asc(users.userId));
  const launchers = staff.map((u) => ({ id: u.id, name: `${u.firstname} ${u.surname}`.trim() }));
  if (shelfList.length === 0 || launchers.length === 0) return [];
  const year = 365 * 86_400_000;
  // A day's work: more jobs on weekdays' office hours, some at any hour (the NOC never sleeps).
  const times = Array.from({ length: history }, () => {
    const day = Math.floor(random.next() * 365);
    const office = random.next() < 0.8;
    const hourOfDay = office ? random.int(7, 17) : random.int(0, 23);
    return now.getTime() - year + day * 86_400_000 + hourOfDay * hour + random.int(0, hour - 1);
  })
    // The last days are the demo's own jobs'.
    .filter((t) => t < now.getTime() - 72 * hour)
    .sort((a, b) => a - b);
  // The few that fell in the last days come back as the year's first, so there are `history` in all.
  while (times.length < history) times.unshift(now.getTime() - year + times.length * 1000);
  // A launcher is more active than another: a few engineers launch most of the jobs.
  const weighted = launchers.flatMap((l, i) => Array.from({ length: 1 + (i % 4) * 2 }, () => l));
  return times.map((at) => historyJob(random, at, shelfList, ports, random.pick(weighted)));
}

// Many rows as one JSON parameter: a statement of 2,000 rows with 18 parameters each is much slower to
// bind and plan than one document the database reads as rows.
async function insertHistory(db: Db, rows: JobRow[]) {
  const json = JSON.stringify(
    rows.map((r) => ({
      operation: r.operation,
      name: r.name,
      status: r.status,
      awx_job_id: r.awxJobId,
      targets: r.targets,
      hosts: r.hosts,
      equipment_ids: r.equipmentIds,
      filter: r.filter,
      launched_by: r.launchedBy,
      launched_by_name: r.launchedByName,
      created_at: r.createdAt,
      started_at: r.startedAt,
      finished_at: r.finishedAt,
      explanation: r.explanation,
      output: r.output,
      output_lines: r.outputLines,
      host_summaries: r.hostSummaries,
    })),
  );
  await db.execute(sql`
    insert into awx_jobs (operation, name, status, instance, awx_job_id, targets, hosts, equipment_ids,
      filter, launched_by, launched_by_name, created_at, started_at, finished_at, explanation, output,
      output_lines, host_summaries)
    select operation, name, status, ${seededInstance}, awx_job_id, targets, hosts, equipment_ids, filter,
           launched_by, launched_by_name, created_at, started_at, finished_at, explanation, output,
           output_lines, host_summaries
    from jsonb_to_recordset(${json}::jsonb) as r(operation text, name text, status text, awx_job_id int,
      targets jsonb, hosts text[], equipment_ids int[], filter text, launched_by int, launched_by_name text,
      created_at timestamptz, started_at timestamptz, finished_at timestamptz, explanation text,
      output text, output_lines int, host_summaries jsonb)
    order by created_at`);
}

export async function seedAwxJobs(db: Db, history: number, now: Date): Promise<{ awxJobs: number }> {
  const past = await historyJobs(db, history, now);
  // AWX's own job numbers, in launch order (the demo's are the simulator's own).
  past.forEach((row, i) => {
    row.awxJobId = 10_001 + i;
  });
  for (let i = 0; i < past.length; i += 2000) await insertHistory(db, past.slice(i, i + 2000));
  const demo = await demoJobs(db, now);
  if (demo.length > 0) await db.insert(awxJobs).values(demo);
  return { awxJobs: past.length + demo.length };
}
