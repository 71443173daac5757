import { type AwxJob, type AwxJobStatus, awxJobStatusTone } from '@lightpath/domain/awx';

// Spec 3's tones in the portal's palette: successful green, failed red, any other amber.
const toneColours = { success: 'teal', danger: 'red', warning: 'yellow' } as const;

export function jobStatusColour(status: AwxJobStatus): string {
  return toneColours[awxJobStatusTone(status)];
}

export function jobStatusLabel(status: AwxJobStatus): string {
  return status === 'canceled' ? 'Cancelled' : status.charAt(0).toUpperCase() + status.slice(1);
}

// '45 s', '3 min 05 s', '1 h 02 min'; a running job counts to now.
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

export function jobDuration(job: Pick<AwxJob, 'started' | 'finished'>, nowMs = Date.now()): string | null {
  if (job.started === null) return null;
  const end = job.finished ?? Math.floor(nowMs / 1000);
  return formatDuration(end - job.started);
}

export const jobHref = (job: Pick<AwxJob, 'id'>) => `/jobs/${job.id}`;
