import { z } from 'zod';
import { listQuerySchema, text } from './api';
import { type CsvColumn, csvDateTime, csvTimeHeader } from './csv';

// Automation (issue 15; spec 2.2, 2.3, 4, 6, 7.7, 7.8): device operations run as AWX jobs against the
// shelves an engineer picks, the jobs page, a job's live output and the header's watched jobs.

// Spec 7.7's operations, by the path after /api/awx/.
export const awxOperations = [
  'run/resetipsec',
  'run/cienainventory',
  'run/juniperinventory/full',
  'run/juniperinventory/physical',
  'run/bounceport',
  'run/clearmactable',
  'run/config/devicecheck',
  'run/config/netboxcheck',
  'run/update/netbox',
  'run/rollbackcompare',
  'get/config',
  'get/rsi',
  'get/log',
  'get/varlog',
  'show/uptime',
  'show/logsfiltered',
  'show/mactable',
  'show/alarms',
  'show/facts',
  'show/hardware',
  'show/interface',
  'show/interfaces',
  'show/interfaceoptics',
  'show/license',
  'show/vplsconnections',
] as const;
export type AwxOperation = (typeof awxOperations)[number];

// How a finished job's result reads: a table of the given kind, or text (configs and logs).
export const awxResultKinds = ['text', 'mactable', 'interfaces', 'optics', 'table'] as const;
export type AwxResultKind = (typeof awxResultKinds)[number];

type OperationInfo = {
  label: string;
  // Changes the device (or NetBox): the launch must be confirmed naming the devices and ports.
  changes: boolean;
  // Acts on one port of each device, named in the equipment array.
  needsPort: boolean;
  result: AwxResultKind;
};

export const awxOperationInfo: Record<AwxOperation, OperationInfo> = {
  'run/resetipsec': { label: 'Reset IPsec tunnels', changes: true, needsPort: false, result: 'text' },
  'run/cienainventory': { label: 'Ciena inventory', changes: false, needsPort: false, result: 'text' },
  'run/juniperinventory/full': {
    label: 'Juniper inventory (full)',
    changes: false,
    needsPort: false,
    result: 'text',
  },
  'run/juniperinventory/physical': {
    label: 'Juniper inventory (physical)',
    changes: false,
    needsPort: false,
    result: 'text',
  },
  'run/bounceport': { label: 'Bounce port', changes: true, needsPort: true, result: 'text' },
  'run/clearmactable': { label: 'Clear MAC table', changes: true, needsPort: false, result: 'text' },
  'run/config/devicecheck': {
    label: 'Device config check',
    changes: false,
    needsPort: false,
    result: 'text',
  },
  'run/config/netboxcheck': {
    label: 'NetBox config check',
    changes: false,
    needsPort: false,
    result: 'text',
  },
  'run/update/netbox': { label: 'Update NetBox', changes: true, needsPort: false, result: 'text' },
  'run/rollbackcompare': { label: 'Rollback compare', changes: false, needsPort: false, result: 'text' },
  'get/config': { label: 'Configuration', changes: false, needsPort: false, result: 'text' },
  'get/rsi': { label: 'Support information (RSI)', changes: false, needsPort: false, result: 'text' },
  'get/log': { label: 'Log', changes: false, needsPort: false, result: 'text' },
  'get/varlog': { label: '/var/log files', changes: false, needsPort: false, result: 'text' },
  'show/uptime': { label: 'Uptime', changes: false, needsPort: false, result: 'table' },
  'show/logsfiltered': { label: 'Logs (filtered)', changes: false, needsPort: false, result: 'text' },
  'show/mactable': { label: 'MAC table', changes: false, needsPort: false, result: 'mactable' },
  'show/alarms': { label: 'Alarms', changes: false, needsPort: false, result: 'table' },
  'show/facts': { label: 'Facts', changes: false, needsPort: false, result: 'table' },
  'show/hardware': { label: 'Hardware', changes: false, needsPort: false, result: 'table' },
  'show/interface': { label: 'Interface', changes: false, needsPort: true, result: 'interfaces' },
  'show/interfaces': { label: 'Interfaces', changes: false, needsPort: false, result: 'interfaces' },
  'show/interfaceoptics': { label: 'Interface optics', changes: false, needsPort: false, result: 'optics' },
  'show/license': { label: 'Licences', changes: false, needsPort: false, result: 'table' },
  'show/vplsconnections': { label: 'VPLS connections', changes: false, needsPort: false, result: 'table' },
};

export function isAwxOperation(value: string): value is AwxOperation {
  return (awxOperations as readonly string[]).includes(value);
}

export const maxDevicesPerJob = 50;

export const awxMessages = {
  launched: (label: string, devices: number) =>
    `${label} started on ${devices} ${devices === 1 ? 'device' : 'devices'}`,
  unknownOperation: 'Unknown device operation',
  noDevices: 'Choose at least one device',
  tooManyDevices: `Choose at most ${maxDevicesPerJob} devices`,
  duplicateDevice: 'Each device may appear only once',
  deviceNotFound: (id: number) => `Device ${id} not found`,
  portRequired: (shelf: string) => `Name the port on ${shelf} this operation acts on`,
  portNotOnDevice: (port: string, shelf: string) => `Port ${port} is not on ${shelf}`,
  confirmRequired: 'Confirm the devices and ports this operation changes',
  filterRequired: 'Say what to filter the logs by',
  // Spec 3 and 6: for type 1 only.
  noJobsRunning: 'No jobs running',
  // Spec 8: 'An error occurred retrieving' followed by the data set.
  loadFailed: 'An error occurred retrieving AWX Jobs',
  retrieving: (id: number) => `Retrieving Job ${id}`,
  jobNotFound: 'Job not found',
  unreachable: 'AWX cannot be reached right now. Try again in a minute.',
  launchFailed: (reason: string) => `AWX refused the job: ${reason}`,
  watching: 'Job added to your watch list',
  unwatched: 'Job removed from your watch list',
  watchCleared: 'Watch list cleared',
  serviceNoDevices: 'This service has no managed device to run this on',
  noServiceJob: 'No job has run for this service yet',
} as const;

// AWX's job states: new, pending, waiting and running are ongoing; a job has ended in the other four.
export const awxJobStatuses = [
  'new',
  'pending',
  'waiting',
  'running',
  'successful',
  'failed',
  'error',
  'canceled',
] as const;
export type AwxJobStatus = (typeof awxJobStatuses)[number];
export const awxOngoingStatuses: readonly AwxJobStatus[] = ['new', 'pending', 'waiting', 'running'];

export function awxJobEnded(status: AwxJobStatus): boolean {
  return !awxOngoingStatuses.includes(status);
}

export function jobStatusLabel(status: AwxJobStatus): string {
  return status === 'canceled' ? 'Cancelled' : status.charAt(0).toUpperCase() + status.slice(1);
}

// '45 s', '3 min 05 s', '1 h 02 min'.
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

// Spec 3: successful green (success), failed red (danger), any other amber (warning).
export function awxJobStatusTone(status: AwxJobStatus): 'success' | 'danger' | 'warning' {
  if (status === 'successful') return 'success';
  if (status === 'failed') return 'danger';
  return 'warning';
}

const equipmentIdSchema = z
  .number({ error: 'Each device needs its equipment id' })
  .int('Each device needs its equipment id')
  .min(1, 'Each device needs its equipment id')
  .max(2_147_483_647, 'Each device needs its equipment id');

// One device of the equipment array: the shelf, and for port operations the port's interface name.
export const awxTargetSchema = z.strictObject({
  equipmentid: equipmentIdSchema,
  port: text(64).optional(),
});
export type AwxTarget = z.infer<typeof awxTargetSchema>;

export const awxLaunchSchema = z.strictObject({
  equipmentarray: z
    .array(awxTargetSchema, { error: awxMessages.noDevices })
    .min(1, awxMessages.noDevices)
    .max(maxDevicesPerJob, awxMessages.tooManyDevices)
    .refine((targets) => new Set(targets.map((t) => t.equipmentid)).size === targets.length, {
      message: awxMessages.duplicateDevice,
    }),
  // Operations that change a device are launched only once the engineer has confirmed them.
  confirmed: z.boolean().optional(),
  // show/logsfiltered: what the log lines must contain.
  filter: text(100).optional(),
});
export type AwxLaunch = z.infer<typeof awxLaunchSchema>;

// Rules of a launch that the schema cannot see alone (the operation comes from the path).
export function launchProblem(operation: AwxOperation, launch: AwxLaunch): string | null {
  const info = awxOperationInfo[operation];
  if (info.changes && launch.confirmed !== true) return awxMessages.confirmRequired;
  if (operation === 'show/logsfiltered' && !launch.filter?.trim()) return awxMessages.filterRequired;
  return null;
}

export const awxHostSummarySchema = z.object({
  host: z.string(),
  ok: z.number(),
  changed: z.number(),
  failures: z.number(),
  unreachable: z.number(),
  skipped: z.number(),
});
export type AwxHostSummary = z.output<typeof awxHostSummarySchema>;

// Spec 2.3: Job is id, name, status, ended (false while running), hosts, instance.
export const awxJobSchema = z.object({
  id: z.number(),
  name: z.string(),
  operation: z.string(),
  status: z.enum(awxJobStatuses),
  ended: z.boolean(),
  hosts: z.array(z.string()),
  // The AWX the job ran on, and its id there.
  instance: z.string(),
  awxjobid: z.number().nullable(),
  launchedby: z.string(),
  serviceid: z.string().nullable(),
  created: z.number(),
  started: z.number().nullable(),
  finished: z.number().nullable(),
});
export type AwxJob = z.output<typeof awxJobSchema>;

// A finished show or get job's result, read from the job's output.
export const awxResultSchema = z.object({
  kind: z.enum(awxResultKinds),
  columns: z.array(z.string()),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  text: z.string().nullable(),
});
export type AwxResult = z.output<typeof awxResultSchema>;

export const awxJobDetailSchema = awxJobSchema.extend({
  hostsummaries: z.array(awxHostSummarySchema),
  // AWX's own reason when a job failed or could not start.
  explanation: z.string().nullable(),
  result: awxResultSchema.nullable(),
  lines: z.number(),
});
export type AwxJobDetail = z.output<typeof awxJobDetailSchema>;

// Output lines from `after` (0: from the start); `next` is what to ask from next time.
export const awxOutputQuerySchema = z.object({
  after: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export const awxOutputSchema = z.object({
  lines: z.array(z.string()),
  next: z.number(),
  ended: z.boolean(),
});
export type AwxOutput = z.output<typeof awxOutputSchema>;

export const awxJobSortFields = ['created', 'status', 'name'] as const;
export const awxJobListQuerySchema = listQuerySchema.extend({
  status: z.enum(awxJobStatuses).optional(),
  ongoing: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  equipmentid: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  serviceid: text(64).optional(),
});
export type AwxJobListQuery = z.infer<typeof awxJobListQuerySchema>;

// GET /api/export/jobs: the list's filters and sort, without its paging.
export const awxJobExportQuerySchema = awxJobListQuerySchema.omit({ limit: true, offset: true });

// The jobs list as a CSV file: what the table shows, times on the reader's clock; a job still running
// has no finish and its duration so far.
export function awxJobCsvColumns(zone: string, now: number): readonly CsvColumn<AwxJob>[] {
  return [
    { header: 'Job', value: (j) => j.id },
    { header: 'Name', value: (j) => j.name },
    { header: 'Operation', value: (j) => j.operation },
    { header: 'Status', value: (j) => jobStatusLabel(j.status) },
    { header: 'Hosts', value: (j) => j.hosts.join(' ') },
    { header: 'Launched by', value: (j) => j.launchedby },
    { header: 'Service', value: (j) => j.serviceid },
    { header: csvTimeHeader('Started', zone), value: (j) => csvDateTime(j.started, zone) },
    { header: csvTimeHeader('Finished', zone), value: (j) => csvDateTime(j.finished, zone) },
    {
      header: 'Duration',
      value: (j) => (j.started === null ? null : formatDuration((j.finished ?? now) - j.started)),
    },
  ];
}

export const awxJobParamsSchema = z.object({
  jobid: z.coerce.number({ error: 'Job id must be a number' }).int().min(1).max(2_147_483_647),
});

// Spec 2.3 and 4: the header's watched jobs belong to the user and survive a reload.
export const awxWatchSchema = z.strictObject({
  jobid: z.number({ error: 'Job id must be a number' }).int().min(1).max(2_147_483_647),
});
export const awxWatchListSchema = z.object({ jobs: z.array(awxJobSchema) });
export type AwxWatchList = z.output<typeof awxWatchListSchema>;

// Spec 4: the watched list refreshes every 10 s while a watched job is ongoing.
export const jobPollMs = 10_000;
