import type { AwxJob, AwxJobDetail, AwxJobStatus } from '@lightpath/domain/awx';
import { awxJobEnded } from '@lightpath/domain/awx';

// An AWX job as GET /api/awx/jobs lists it.
export function job(id: number, status: AwxJobStatus = 'running', overrides: Partial<AwxJob> = {}): AwxJob {
  const ended = awxJobEnded(status);
  return {
    id,
    name: `Uptime ${id}`,
    operation: 'show/uptime',
    status,
    ended,
    hosts: ['S0003pe', 'S0021ntu'],
    instance: 'awx-sim',
    awxjobid: 900 + id,
    launchedby: 'Erin Engineer',
    serviceid: null,
    created: 1_780_000_000,
    started: 1_780_000_002,
    finished: ended ? 1_780_000_032 : null,
    ...overrides,
  };
}

export function jobDetail(
  id: number,
  status: AwxJobStatus,
  overrides: Partial<AwxJobDetail> = {},
): AwxJobDetail {
  return {
    ...job(id, status),
    hostsummaries: [],
    explanation: null,
    result: null,
    lines: 0,
    ...overrides,
  };
}
