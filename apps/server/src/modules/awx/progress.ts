import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import {
  type AwxHostSummary,
  type AwxJobStatus,
  type AwxOperation,
  awxJobEnded,
} from '@lightpath/domain/awx';
import { AwxError, type AwxHostResult } from '../../integrations/awx/awx';
import { startBackgroundJob } from '../../platform/background-job';
import { recordChange } from '../../platform/changes';
import type { Dependencies } from '../../platform/service-context';
import { applyJobProgress, claimOngoingJobs, type JobProgress, type JobRow } from './repository';
import { linesOf, resultOf } from './service';

export type JobFollowerDeps = Pick<Dependencies, 'db' | 'awx' | 'awxInstance' | 'log'>;

// This process, among the instances that may follow jobs.
const follower = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

// How often running jobs are read from AWX: with the live stream's own poll, a line AWX has saved
// reaches the browser within about a second.
export const followEveryMs = 400;
// A claim outlives a round by far (it is renewed every round), so one slow AWX answer does not hand
// the job to a second instance.
const claimMs = 10_000;
// A job the portal recorded but never handed to AWX (the instance stopped in between) is given up.
const launchGraceMs = 60_000;

// AWX's host summary as the portal keeps it (`dark` is AWX's word for unreachable).
export function hostSummaryOf(
  summary: Pick<AwxHostResult, 'host' | 'ok' | 'changed' | 'failures' | 'dark' | 'skipped'>,
): AwxHostSummary {
  return {
    host: summary.host,
    ok: summary.ok,
    changed: summary.changed,
    failures: summary.failures,
    unreachable: summary.dark,
    skipped: summary.skipped,
  };
}

async function progressOf(deps: JobFollowerDeps, job: JobRow): Promise<JobProgress | null> {
  if (job.awxJobId === null) {
    if (Date.now() - job.createdAt.getTime() < launchGraceMs) return null;
    return {
      status: 'error',
      startedAt: null,
      finishedAt: new Date(),
      newLines: [],
      explanation: 'The portal stopped before AWX took the job',
      release: true,
    };
  }
  const state = await deps.awx.job(job.awxJobId);
  const output = await deps.awx.output(job.awxJobId, job.outputLines);
  const status = state.status as AwxJobStatus;
  // Ended, and every line saved: the last read. Until AWX says the output is complete, keep reading.
  const done = awxJobEnded(status) && state.outputComplete;
  const progress: JobProgress = {
    status: done || !awxJobEnded(status) ? status : (job.status as AwxJobStatus),
    startedAt: state.started ? new Date(state.started) : null,
    finishedAt: done && state.finished ? new Date(state.finished) : null,
    newLines: output.lines,
    explanation: state.explanation || null,
    release: done,
  };
  if (done) {
    progress.hostSummaries = (await deps.awx.hostSummaries(job.awxJobId)).map(hostSummaryOf);
    progress.result = resultOf(job.operation as AwxOperation, [...linesOf(job.output), ...output.lines]);
  }
  const changed =
    progress.status !== job.status ||
    progress.newLines.length > 0 ||
    done ||
    (progress.startedAt && !job.startedAt);
  return changed ? progress : null;
}

// One round: the jobs this instance may follow, each read from AWX and written back with its new
// lines; browsers hear of it through the live stream's `jobs` topic.
export async function followJobs(deps: JobFollowerDeps) {
  const jobs = await claimOngoingJobs(deps.db, deps.awxInstance, follower, claimMs);
  await Promise.all(
    jobs.map(async (job) => {
      try {
        const progress = await progressOf(deps, job);
        if (!progress) return;
        await deps.db.transaction(async (tx) => {
          await applyJobProgress(tx, job.jobId, progress);
          await recordChange(tx, 'jobs', []);
        });
      } catch (error) {
        // AWX away for a moment: the claim runs out and the next round tries again.
        if (error instanceof AwxError && error.kind === 'unavailable') return;
        deps.log.warn({ err: error, jobId: job.jobId }, 'awx: following a job failed');
      }
    }),
  );
}

export function startJobFollower(deps: JobFollowerDeps) {
  return startBackgroundJob('awx job follower', deps.log, () => followJobs(deps), followEveryMs);
}
