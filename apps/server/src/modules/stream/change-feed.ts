import type { Change, ChangeTopic } from '@lightpath/domain/live-updates';
import { desc, gt, inArray, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { changeLog } from '../../db/schema/platform';

// One feed per app instance tails the shared change_log table and tells the instance's open streams
// what changed. Every instance tails the same table, so a change made through any of them
// reaches the browsers connected to all of them, with no broker and nothing shared in memory.

// Every change of one poll, in commit-visible order: each stream keeps those its user may hear.
export type ChangeListener = (changes: Change[]) => void;

export type ChangeFeedOptions = {
  db: Db;
  log: FastifyBaseLogger;
  pollMs?: number;
  batchSize?: number;
  // Rows older than this are deleted now and then: a stream only ever needs the last few seconds.
  keepMs?: number;
  pruneEveryMs?: number;
  // How long an id skipped by the tail is watched for a late commit (see `gaps` below).
  gapWaitMs?: number;
};

export type ChangeFeed = {
  // Resolves once the feed knows where the table ends: every change committed after that reaches
  // the listener. Rejects when the database cannot be read.
  subscribe: (listener: ChangeListener) => Promise<() => void>;
  isRunning: () => boolean;
  // Ends the feed for good (app shutdown): listeners are dropped and the timer is cleared.
  stop: () => void;
};

// A quarter second: a running AWX job's new output lines reach the browser within about a second of
// AWX saving them (issue 15), for four small index reads a second per instance while streams are open.
const defaults = {
  pollMs: 250,
  batchSize: 500,
  keepMs: 10 * 60_000,
  pruneEveryMs: 60_000,
  gapWaitMs: 60_000,
};
// A jump of the sequence larger than this (PostgreSQL skips ahead after a crash) is not tracked id by id.
const maxTrackedGaps = 1_000;
// The newest ids read when the feed starts, to notice ids that are taken but not yet committed.
const primeWindow = 64;

export function createChangeFeed(options: ChangeFeedOptions): ChangeFeed {
  const { db, log } = options;
  const pollMs = options.pollMs ?? defaults.pollMs;
  const batchSize = options.batchSize ?? defaults.batchSize;
  const keepMs = options.keepMs ?? defaults.keepMs;
  const pruneEveryMs = options.pruneEveryMs ?? defaults.pruneEveryMs;
  const gapWaitMs = options.gapWaitMs ?? defaults.gapWaitMs;

  const listeners = new Set<ChangeListener>();
  let stopped = false;
  // Bumped on every start and stop, so a poll that was in flight when the feed stopped does nothing.
  let generation = 0;
  let priming: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let last = 0;
  let lastPruneAt = 0;
  let failing = false;
  // Ids are taken when a transaction inserts its row but become visible only when it commits, so a
  // slow transaction can commit an id below one already seen. Skipped ids are watched for a while
  // (a rolled-back transaction leaves a hole that never fills), mapped to when to stop watching.
  const gaps = new Map<number, number>();

  function noteGaps(from: number, to: number, now: number) {
    for (let id = from + 1; id < to && gaps.size < maxTrackedGaps; id++) gaps.set(id, now + gapWaitMs);
  }

  async function prime(run: number) {
    const newest = await db
      .select({ id: changeLog.id })
      .from(changeLog)
      .orderBy(desc(changeLog.id))
      .limit(primeWindow);
    if (run !== generation) return;
    gaps.clear();
    last = newest[0]?.id ?? 0;
    const now = Date.now();
    const ids = newest.map((row) => row.id).reverse();
    for (let index = 1; index < ids.length; index++) noteGaps(ids[index - 1]!, ids[index]!, now);
    schedule(run, 0);
  }

  function schedule(run: number, delay: number) {
    if (run !== generation) return;
    timer = setTimeout(() => void tick(run), delay);
    timer.unref();
  }

  async function tick(run: number) {
    try {
      const watched = [...gaps.keys()];
      const rows = await db
        .select({ id: changeLog.id, topic: changeLog.topic, customerIds: changeLog.customerIds })
        .from(changeLog)
        .where(
          watched.length
            ? or(gt(changeLog.id, last), inArray(changeLog.id, watched))
            : gt(changeLog.id, last),
        )
        .orderBy(changeLog.id)
        .limit(batchSize);
      if (run !== generation) return;
      const now = Date.now();
      const changes: Change[] = [];
      for (const row of rows) {
        changes.push({ topic: row.topic as ChangeTopic, customerIds: row.customerIds });
        if (gaps.delete(row.id)) continue;
        if (row.id > last) {
          noteGaps(last, row.id, now);
          last = row.id;
        }
      }
      for (const [id, until] of gaps) if (until <= now) gaps.delete(id);
      if (changes.length > 0) broadcast(changes);
      if (now - lastPruneAt >= pruneEveryMs) {
        lastPruneAt = now;
        await db.delete(changeLog).where(lt(changeLog.at, new Date(now - keepMs)));
      }
      failing = false;
    } catch (error) {
      // The database is away (restart, failover): keep trying, and say so once rather than every second.
      if (!failing) log.warn({ err: error }, 'change feed: reading change_log failed; retrying');
      failing = true;
    }
    schedule(run, pollMs);
  }

  function broadcast(changes: Change[]) {
    for (const listener of [...listeners]) {
      try {
        listener(changes);
      } catch (error) {
        log.warn({ err: error }, 'change feed: a listener failed');
      }
    }
  }

  function halt() {
    generation++;
    if (timer) clearTimeout(timer);
    timer = null;
    priming = null;
  }

  function start() {
    generation++;
    const run = generation;
    lastPruneAt = 0;
    priming = prime(run).catch((error: unknown) => {
      if (run === generation) halt();
      throw error;
    });
  }

  return {
    async subscribe(listener) {
      if (stopped) throw new Error('change feed stopped');
      listeners.add(listener);
      const unsubscribe = () => {
        if (!listeners.delete(listener)) return;
        // Nobody is listening on this instance: stop polling until someone is.
        if (listeners.size === 0) halt();
      };
      if (!priming) start();
      try {
        await priming;
      } catch (error) {
        unsubscribe();
        throw error;
      }
      return unsubscribe;
    },
    isRunning: () => priming !== null,
    stop() {
      stopped = true;
      listeners.clear();
      halt();
    },
  };
}
