// What the portal asks of AWX / Automation Controller (issue 15, spec 7.7): launch the job template of a
// device operation against some devices, follow the job through AWX's states, read its output as it
// grows, read its per-host summaries at the end, and cancel it. The real client is awx-api.ts (AWX API
// v2), the default is simulator.ts; docs/decisions/029-awx-client.md says why it is shaped this way.

import { type AwxJobStatus, type AwxOperation, awxOperations } from '@lightpath/domain/awx';

// The job template that runs an operation: one template for every `show` operation, one for every `get`,
// and one per `run` operation (they change devices, so each has its own playbook and its own permissions
// in AWX). `run/juniperinventory/full` runs `lightpath-run-juniperinventory-full`.
export function awxTemplateFor(operation: AwxOperation): string {
  const [family, ...rest] = operation.split('/');
  if (family === 'show') return 'lightpath-show';
  if (family === 'get') return 'lightpath-get';
  return `lightpath-run-${rest.join('-')}`;
}

// Every template name the portal launches, for the operator's checklist (docs/integrations.md).
export const awxTemplateNames = [...new Set(awxOperations.map(awxTemplateFor))];

// The variables every launch passes (the templates must ask for variables on launch, and for a limit):
// `lightpath_operation` is the operation after its family (`mactable`, `config`, `bounceport`,
// `juniperinventory/full`), `lightpath_devices` the device (shelf) names, `lightpath_ports` the port
// names of each device when the operation is about ports ({ "S0002pe": ["xe-1/0/5"] }), and
// `lightpath_filter` what show/logsfiltered keeps. Anything in `vars` is added as it is.
export const awxVariables = {
  operation: 'lightpath_operation',
  devices: 'lightpath_devices',
  ports: 'lightpath_ports',
  filter: 'lightpath_filter',
} as const;

// A `show` job's structured result is one line of its output: this marker, a space, and JSON
// ({ operation, devices: { [device]: rows } }), so the web can draw MAC tables, interfaces and optics as
// tables. A playbook prints it as its last task's message; the portal reads the last such line.
export const awxResultMarker = 'LIGHTPATH_RESULT';

export function parseAwxResult(lines: string[]): AwxDeviceResults | null {
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    const line = lines[i]!;
    const at = line.indexOf(`${awxResultMarker} `);
    if (at < 0) continue;
    const raw = line.slice(at + awxResultMarker.length + 1).trim();
    // As printed (a verbose line), or inside a debug task's quoted `"msg": "..."`, escaped.
    const candidates = [() => raw, () => JSON.parse(`"${raw.replace(/"$/, '')}"`) as string];
    for (const candidate of candidates) {
      try {
        return JSON.parse(candidate()) as AwxDeviceResults;
      } catch {
        // the next reading
      }
    }
    return null;
  }
  return null;
}

export type AwxDeviceResults = { operation: string; devices: Record<string, Record<string, unknown>[]> };

export type AwxLaunchRequest = {
  operation: AwxOperation;
  // Device (shelf) names; they become the job's limit, so the job runs on these hosts only.
  devices: string[];
  // The ports of each device the operation acts on, by device name.
  ports?: Record<string, string[]>;
  // show/logsfiltered: the text the log lines must contain.
  filter?: string;
  vars?: Record<string, unknown>;
};

export type AwxLaunched = {
  jobId: number;
  template: { id: number; name: string };
  // The job's status in the launch reply (AWX answers `pending`).
  status: AwxJobStatus;
};

export type AwxJobInfo = {
  id: number;
  name: string;
  status: AwxJobStatus;
  failed: boolean;
  // ISO times, null until the job starts or ends.
  started: string | null;
  finished: string | null;
  // Seconds the job ran (AWX counts while it runs).
  elapsed: number;
  // AWX's own reason when a job did not succeed ("Job terminated due to error", "Previous Task Failed",
  // "Job was canceled"); '' when there is none.
  explanation: string;
  traceback: string;
  limit: string;
  // True once AWX has saved every output line of a finished job: output read after that is complete.
  outputComplete: boolean;
};

export type AwxOutputChunk = {
  // The lines after `afterLine`, in order, without ANSI colours; only lines AWX has saved without a gap
  // before them, so a later read never misses one.
  lines: string[];
  // The line count read so far: pass it as `afterLine` next time.
  nextLine: number;
};

export type AwxHostResult = {
  host: string;
  ok: number;
  changed: number;
  failures: number;
  // Unreachable.
  dark: number;
  skipped: number;
  ignored: number;
  rescued: number;
  failed: boolean;
};

export type AwxTemplate = {
  id: number;
  name: string;
  askVariablesOnLaunch: boolean;
  askLimitOnLaunch: boolean;
};

export type Awx = {
  kind: 'awx' | 'simulator';
  // The job template of that name, or null; cached for a while (awx-api.ts).
  findTemplate: (name: string) => Promise<AwxTemplate | null>;
  launch: (request: AwxLaunchRequest) => Promise<AwxLaunched>;
  job: (jobId: number) => Promise<AwxJobInfo>;
  // Output lines after line `afterLine` (0 for the first read).
  output: (jobId: number, afterLine: number) => Promise<AwxOutputChunk>;
  hostSummaries: (jobId: number) => Promise<AwxHostResult[]>;
  // True when AWX took the cancel (202); false when the job can no longer be canceled (405: it ended).
  cancel: (jobId: number) => Promise<boolean>;
};

// `unavailable`: AWX did not answer (down, timed out, not JSON, 5xx): the portal answers 502-class.
// `refused`: AWX answered no (bad token, no such template or job, a launch it would not take, ignored
// variables); `detail` is AWX's own reason (its `detail`, or the job's `job_explanation`), shown as is.
export class AwxError extends Error {
  constructor(
    message: string,
    readonly kind: 'unavailable' | 'refused',
    readonly detail: string,
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AwxError';
  }
}
