import { type ListQuery, parseSort } from '@lightpath/domain/api';
import {
  type AwxJob,
  type AwxJobDetail,
  type AwxJobStatus,
  type AwxLaunch,
  type AwxOperation,
  type AwxOutput,
  type AwxResult,
  awxJobEnded,
  awxJobSortFields,
  awxMessages,
  awxOperationInfo,
  launchProblem,
} from '@lightpath/domain/awx';
import { type AwxDeviceResults, AwxError, parseAwxResult } from '../../integrations/awx/awx';
import { recordAudit } from '../../platform/audit';
import { recordChange } from '../../platform/changes';
import { AppError, Invalid, NotFound } from '../../platform/errors';
import { toUnixSeconds } from '../../platform/scope';
import type { ServiceContext } from '../../platform/service-context';
import { shelfOfPort, shelvesForOperation } from '../equipment/service';
import { getServiceFor } from '../services/service';
import {
  addWatches,
  clearWatches,
  findJobByKey,
  insertJobRow,
  type JobListFilter,
  type JobListRow,
  type JobRow,
  type JobTarget,
  latestServiceJob,
  listJobRows,
  readJobRow,
  readJobRows,
  removeWatch,
  updateJobRow,
  watchedJobIds,
} from './repository';

// AWX could not be reached: the page says so and nothing was launched.
export class AwxUnavailable extends AppError {
  constructor() {
    super(502, awxMessages.unreachable);
  }
}

// AWX answered no: its own reason, as it gave it.
export class AwxRefused extends AppError {
  constructor(reason: string) {
    super(502, awxMessages.launchFailed(reason));
  }
}

function awxFailure(error: unknown): AppError {
  if (!(error instanceof AwxError)) throw error;
  return error.kind === 'unavailable' ? new AwxUnavailable() : new AwxRefused(error.detail || error.message);
}

export function toJob(row: JobListRow): AwxJob {
  const status = row.status as AwxJobStatus;
  return {
    id: row.jobId,
    name: row.name,
    operation: row.operation,
    status,
    ended: awxJobEnded(status),
    hosts: row.hosts,
    instance: row.instance,
    awxjobid: row.awxJobId,
    launchedby: row.launchedByName,
    serviceid: row.serviceId,
    created: toUnixSeconds(row.createdAt)!,
    started: toUnixSeconds(row.startedAt),
    finished: toUnixSeconds(row.finishedAt),
  };
}

function toDetail(row: JobRow): AwxJobDetail {
  return {
    ...toJob(row),
    hostsummaries: row.hostSummaries as AwxJobDetail['hostsummaries'],
    explanation: row.explanation,
    result: (row.result as AwxResult | null) ?? null,
    lines: row.outputLines,
  };
}

// A show or get job's structured result (one line of its output, integrations/awx) as the page's
// table: one row per device row, the device first. Configs and logs read as text.
export function resultOf(operation: AwxOperation, lines: string[]): AwxResult | null {
  const raw: AwxDeviceResults | null = parseAwxResult(lines);
  if (!raw) return null;
  const kind = awxOperationInfo[operation].result;
  const rows: AwxResult['rows'] = [];
  const columns = new Set<string>(['device']);
  for (const [device, deviceRows] of Object.entries(raw.devices)) {
    for (const deviceRow of deviceRows) {
      const row: AwxResult['rows'][number] = { device };
      for (const [key, value] of Object.entries(deviceRow)) {
        columns.add(key);
        row[key] =
          typeof value === 'number' || typeof value === 'string' || value === null
            ? value
            : JSON.stringify(value);
      }
      rows.push(row);
    }
  }
  if (kind === 'text') {
    const text = rows
      .map((row) =>
        Object.values(row)
          .filter((value) => value !== row.device)
          .join('\n'),
      )
      .join('\n\n');
    return { kind, columns: [], rows: [], text };
  }
  return { kind, columns: [...columns], rows, text: null };
}

// What the engineer named, checked against the shelves as they are: every device exists, and every
// port named is on its device. Unknown devices are 400 (the array is input, not the path).
async function targetsOf(
  ctx: ServiceContext,
  operation: AwxOperation,
  input: AwxLaunch,
): Promise<JobTarget[]> {
  const ids = input.equipmentarray.map((target) => target.equipmentid);
  const shelves = new Map((await shelvesForOperation(ctx, ids)).map((shelf) => [shelf.equipmentid, shelf]));
  const needsPort = awxOperationInfo[operation].needsPort;
  return input.equipmentarray.map((target, index) => {
    const shelf = shelves.get(target.equipmentid);
    if (!shelf)
      throw Invalid.field(
        `equipmentarray.${index}.equipmentid`,
        awxMessages.deviceNotFound(target.equipmentid),
      );
    const port = target.port?.trim() || null;
    if (needsPort && !port)
      throw Invalid.field(`equipmentarray.${index}.port`, awxMessages.portRequired(shelf.name));
    if (port && !shelf.ports.includes(port))
      throw Invalid.field(`equipmentarray.${index}.port`, awxMessages.portNotOnDevice(port, shelf.name));
    return { equipmentid: shelf.equipmentid, name: shelf.name, ip: shelf.ip, port };
  });
}

export type Launched = { job: AwxJob; created: boolean };

// Launches an operation once: the job is recorded (and audited) before AWX is asked, under the
// caller's Idempotency-Key when there is one, so a double click or a retry on any instance answers
// the first job and launches nothing more.
export async function launchOperation(
  ctx: ServiceContext,
  operation: AwxOperation,
  input: AwxLaunch,
  idempotencyKey: string | null,
  serviceId: string | null = null,
): Promise<Launched> {
  const problem = launchProblem(operation, input);
  if (problem) throw Invalid.field(problem === awxMessages.filterRequired ? 'filter' : 'confirmed', problem);
  const { actor, user } = ctx.caller;
  if (idempotencyKey) {
    const earlier = await findJobByKey(ctx.db, actor.userId, idempotencyKey);
    if (earlier) return { job: toJob(earlier), created: false };
  }
  const targets = await targetsOf(ctx, operation, input);
  const info = awxOperationInfo[operation];
  const hosts = targets.map((target) => target.name);
  const ports = targets.flatMap((target) => (target.port ? [`${target.name} ${target.port}`] : []));

  let row: JobRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const inserted = await insertJobRow(tx, {
        operation,
        name: info.label,
        status: 'pending',
        instance: ctx.awxInstance,
        targets,
        hosts,
        equipmentIds: targets.map((target) => target.equipmentid),
        serviceId,
        filter: input.filter?.trim() || null,
        launchedBy: actor.userId,
        launchedByName: `${user.firstname} ${user.surname}`.trim() || ctx.caller.email,
        idempotencyKey,
      });
      await recordAudit(tx, ctx, {
        action: 'awx.launch',
        entity: 'awx_job',
        entityId: inserted.jobId,
        detail: { operation, devices: hosts, ports, serviceid: serviceId },
      });
      await recordChange(tx, 'jobs', []);
      return inserted;
    });
  } catch (error) {
    // The same key from a second instance at the same moment: the first insert won; answer its job.
    const earlier = idempotencyKey ? await findJobByKey(ctx.db, actor.userId, idempotencyKey) : null;
    if (earlier) return { job: toJob(earlier), created: false };
    throw error;
  }

  try {
    const launched = await ctx.awx.launch({
      operation,
      devices: hosts,
      ...(ports.length > 0
        ? {
            ports: Object.fromEntries(
              targets.flatMap((target) => (target.port ? [[target.name, [target.port]]] : [])),
            ),
          }
        : {}),
      ...(row.filter ? { filter: row.filter } : {}),
    });
    await ctx.db.transaction(async (tx) => {
      await updateJobRow(tx, row.jobId, { awxJobId: launched.jobId, status: launched.status });
      await recordChange(tx, 'jobs', []);
    });
    return { job: toJob({ ...row, awxJobId: launched.jobId, status: launched.status }), created: true };
  } catch (error) {
    const failure = awxFailure(error);
    await ctx.db.transaction(async (tx) => {
      await updateJobRow(tx, row.jobId, {
        status: 'error',
        explanation: failure.message,
        finishedAt: new Date(),
      });
      await recordChange(tx, 'jobs', []);
    });
    throw failure;
  }
}

export async function listJobsFor(ctx: ServiceContext, input: ListQuery & JobListFilter) {
  const sort = parseSort(input.sort ?? '-created', awxJobSortFields, 'created');
  const page = await listJobRows(
    ctx.db,
    {
      q: input.q,
      status: input.status,
      ongoing: input.ongoing,
      equipmentid: input.equipmentid,
      serviceid: input.serviceid,
    },
    { field: sort.field, descending: sort.descending },
    { limit: input.limit, offset: input.offset },
  );
  return { count: page.count, limit: input.limit, offset: input.offset, results: page.rows.map(toJob) };
}

async function requireJob(ctx: Pick<ServiceContext, 'db'>, jobId: number): Promise<JobRow> {
  const row = await readJobRow(ctx.db, jobId);
  if (!row) throw new NotFound(awxMessages.jobNotFound);
  return row;
}

export async function getJobFor(ctx: ServiceContext, jobId: number): Promise<AwxJobDetail> {
  return toDetail(await requireJob(ctx, jobId));
}

// A job's kept output (each line ends in a newline) as its lines.
export const linesOf = (output: string) => (output === '' ? [] : output.replace(/\n$/, '').split('\n'));

export async function jobOutputFor(ctx: ServiceContext, jobId: number, after: number): Promise<AwxOutput> {
  const row = await requireJob(ctx, jobId);
  const lines = linesOf(row.output);
  return {
    lines: lines.slice(after),
    next: lines.length,
    ended: awxJobEnded(row.status as AwxJobStatus),
  };
}

export async function jobOutputFile(ctx: ServiceContext, jobId: number) {
  const row = await requireJob(ctx, jobId);
  return { name: `awx-job-${row.jobId}.txt`, text: row.output };
}

export async function cancelJobFor(ctx: ServiceContext, jobId: number): Promise<AwxJob> {
  const row = await requireJob(ctx, jobId);
  if (awxJobEnded(row.status as AwxJobStatus) || row.awxJobId === null) return toJob(row);
  try {
    await ctx.awx.cancel(row.awxJobId);
  } catch (error) {
    throw awxFailure(error);
  }
  await ctx.db.transaction(async (tx) => {
    await recordAudit(tx, ctx, {
      action: 'awx.cancel',
      entity: 'awx_job',
      entityId: jobId,
      detail: { devices: row.hosts },
    });
  });
  // AWX moves the job to canceled; the progress job reads that, and its output, next round.
  return toJob(row);
}

export async function watchListFor(ctx: ServiceContext) {
  const ids = await watchedJobIds(ctx.db, ctx.caller.actor.userId);
  return { jobs: (await readJobRows(ctx.db, ids)).map(toJob) };
}

export async function watchJob(ctx: ServiceContext, jobId: number) {
  await requireJob(ctx, jobId);
  await addWatches(ctx.db, ctx.caller.actor.userId, [jobId]);
  return watchListFor(ctx);
}

export async function unwatchJob(ctx: ServiceContext, jobId: number) {
  await removeWatch(ctx.db, ctx.caller.actor.userId, jobId);
  return watchListFor(ctx);
}

export async function clearWatchList(ctx: ServiceContext) {
  await clearWatches(ctx.db, ctx.caller.actor.userId);
  return watchListFor(ctx);
}

// Spec 7.3's service tools, each a show operation on the devices at the service's ends.
export const serviceTools = {
  mactable: 'show/mactable',
  layer1: 'show/interfaceoptics',
} as const satisfies Record<string, AwxOperation>;
export type ServiceTool = keyof typeof serviceTools;

// A tool asked for again within this long answers the job already running or just finished, so a
// page opened twice, or by two engineers at once, runs one job.
const serviceToolReuseMs = 60_000;

// GET tools/mactable/{serviceid} and tools/layer1/{serviceid} (spec 7.3): the job that reads the
// service's ends, launched now or reused; the page follows it like any job. A foreign service is 404.
export async function serviceToolJob(
  ctx: ServiceContext,
  serviceId: string,
  tool: ServiceTool,
): Promise<Launched> {
  const service = await getServiceFor(ctx, serviceId);
  const operation = serviceTools[tool];
  const recent = await latestServiceJob(ctx.db, service.serviceid, operation);
  if (
    recent &&
    (!awxJobEnded(recent.status as AwxJobStatus) ||
      Date.now() - recent.createdAt.getTime() < serviceToolReuseMs)
  )
    return { job: toJob(recent), created: false };
  const ends = [service.aendportid, service.bendportid].filter((port): port is string => Boolean(port));
  const shelves = (await Promise.all(ends.map((port) => shelfOfPort(ctx, port)))).filter(
    (shelf) => shelf !== null,
  );
  // One entry per device: a service with both ends on one shelf reads it once.
  const targets = new Map(shelves.map((shelf) => [shelf.equipmentid, shelf]));
  if (targets.size === 0) throw new Invalid(awxMessages.serviceNoDevices);
  const equipmentarray = [...targets.values()].map((shelf) =>
    tool === 'layer1'
      ? { equipmentid: shelf.equipmentid, port: shelf.portname }
      : { equipmentid: shelf.equipmentid },
  );
  return launchOperation(ctx, operation, { equipmentarray }, null, service.serviceid);
}

// GET tools/mactable/full/{id}: the whole MAC table of one shelf, launched now or reused like the above.
export async function shelfMacTableJob(ctx: ServiceContext, equipmentId: number): Promise<Launched> {
  const [shelf] = await shelvesForOperation(ctx, [equipmentId]);
  if (!shelf) throw new NotFound(awxMessages.deviceNotFound(equipmentId));
  return launchOperation(ctx, 'show/mactable', { equipmentarray: [{ equipmentid: equipmentId }] }, null);
}

// GET awx/job/{serviceid} (spec 7.8): the service's latest job; none is a failure with its message.
export async function latestJobOfService(ctx: ServiceContext, serviceId: string): Promise<AwxJob> {
  const service = await getServiceFor(ctx, serviceId);
  const latest = await latestServiceJob(ctx.db, service.serviceid);
  if (!latest) throw new NotFound(awxMessages.noServiceJob);
  return toJob(latest);
}
