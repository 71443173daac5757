import { type AwxJob, type AwxJobStatus, awxJobStatusTone, formatDuration } from '@lightpath/domain/awx';
import { formatDateTime } from '../../lib/format';

// Spec 3's tones in the portal's palette: successful green, failed red, any other amber.
const toneColours = { success: 'teal', danger: 'red', warning: 'yellow' } as const;

export function jobStatusColour(status: AwxJobStatus): string {
  return toneColours[awxJobStatusTone(status)];
}

export { formatDuration, jobStatusLabel } from '@lightpath/domain/awx';

// A running job counts to now.
export function jobDuration(job: Pick<AwxJob, 'started' | 'finished'>, nowMs = Date.now()): string | null {
  if (job.started === null) return null;
  const end = job.finished ?? Math.floor(nowMs / 1000);
  return formatDuration(end - job.started);
}

export const jobHref = (job: Pick<AwxJob, 'id'>) => `/jobs/${job.id}`;

// A result's columns are the playbook's keys ('vlan', 'serviceid', 'since'): headed in words.
const columnWords: Record<string, string> = {
  mac: 'MAC',
  vlan: 'VLAN',
  vpls: 'VPLS',
  serviceid: 'Service ID',
  equipid: 'Equipment ID',
  rx: 'Rx (dBm)',
  tx: 'Tx (dBm)',
  oper: 'Oper status',
  admin: 'Admin status',
  since: 'Up since',
};

export function resultColumnLabel(column: string): string {
  return columnWords[column] ?? column.charAt(0).toUpperCase() + column.slice(1);
}

// An ISO 8601 moment with a zone, as playbooks report times (uptime's since, an alarm's raised).
const isoMoment = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

// A result's cell as people read it: a moment in the reader's zone, labelled (decisions.md), never the
// raw ISO text; anything else as it came.
export function resultCellText(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && isoMoment.test(value)) {
    const ms = Date.parse(value);
    if (!Number.isNaN(ms)) return formatDateTime(Math.floor(ms / 1000));
  }
  return String(value);
}
