import type { AwxHostSummary, AwxJobStatus, AwxResult } from '@lightpath/domain/awx';
import { and, arrayContains, asc, count, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { awxJobSearchTexts, awxJobs, awxJobWatches } from '../../db/schema/awx';
import { containsPattern } from '../../platform/scope';

export type JobRow = typeof awxJobs.$inferSelect;
export type JobTarget = { equipmentid: number; name: string; ip: string | null; port: string | null };

const ongoing = sql`${awxJobs.status} in ('new', 'pending', 'waiting', 'running')`;

export async function insertJobRow(db: DbOrTx, values: typeof awxJobs.$inferInsert): Promise<JobRow> {
  const [row] = await db.insert(awxJobs).values(values).returning();
  return row!;
}

// The job a user already launched with this key, if any: a retry answers it and launches nothing.
export async function findJobByKey(db: DbOrTx, userId: number, key: string): Promise<JobRow | null> {
  const [row] = await db
    .select()
    .from(awxJobs)
    .where(and(eq(awxJobs.launchedBy, userId), eq(awxJobs.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

export async function readJobRow(db: DbOrTx, jobId: number): Promise<JobRow | null> {
  const [row] = await db.select().from(awxJobs).where(eq(awxJobs.jobId, jobId)).limit(1);
  return row ?? null;
}

// The newest job launched for a service (of one operation, when named).
export async function latestServiceJob(
  db: DbOrTx,
  serviceId: string,
  operation?: string,
): Promise<JobRow | null> {
  const [row] = await db
    .select()
    .from(awxJobs)
    .where(and(eq(awxJobs.serviceId, serviceId), operation ? eq(awxJobs.operation, operation) : undefined))
    .orderBy(desc(awxJobs.jobId))
    .limit(1);
  return row ?? null;
}

export async function updateJobRow(db: DbOrTx, jobId: number, values: Partial<typeof awxJobs.$inferInsert>) {
  await db.update(awxJobs).set(values).where(eq(awxJobs.jobId, jobId));
}

export type JobListFilter = {
  q?: string | undefined;
  status?: AwxJobStatus | undefined;
  ongoing?: boolean | undefined;
  equipmentid?: number | undefined;
  serviceid?: string | undefined;
};

const sortColumns = { created: awxJobs.jobId, status: awxJobs.status, name: awxJobs.name } as const;
export type JobSort = { field: keyof typeof sortColumns; descending: boolean };

// The list columns only: a job's output can be long and is read on its own page.
const listColumns = {
  jobId: awxJobs.jobId,
  operation: awxJobs.operation,
  name: awxJobs.name,
  status: awxJobs.status,
  instance: awxJobs.instance,
  awxJobId: awxJobs.awxJobId,
  hosts: awxJobs.hosts,
  serviceId: awxJobs.serviceId,
  launchedByName: awxJobs.launchedByName,
  createdAt: awxJobs.createdAt,
  startedAt: awxJobs.startedAt,
  finishedAt: awxJobs.finishedAt,
};
export type JobListRow = { [K in keyof typeof listColumns]: JobRow[K] };

// A text filter sorted by one of these picks its page in the narrow copy.
const keptSortColumns = { created: awxJobSearchTexts.jobId, name: awxJobSearchTexts.name } as const;

export async function listJobRows(
  db: Db,
  filter: JobListFilter,
  sort: JobSort,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: JobListRow[] }> {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(awxJobs.status, filter.status));
  if (filter.ongoing === true) where.push(ongoing);
  if (filter.ongoing === false) where.push(sql`not (${ongoing})`);
  if (filter.equipmentid) where.push(arrayContains(awxJobs.equipmentIds, [filter.equipmentid]));
  if (filter.serviceid) where.push(eq(awxJobs.serviceId, filter.serviceid));
  const ordered = <C extends Parameters<typeof asc>[0]>(column: C, id: C) =>
    sort.descending ? [desc(column), desc(id)] : [asc(column), asc(id)];
  if (filter.q) {
    // The kept lower-cased text (schema/awx.ts): LIKE on it is ILIKE on the joined text, or the job's
    // number. Tested in the narrow copy, whose matches are then read by id (a short filter tests every
    // job's text, which the jobs' own wide rows would make a read of every job).
    const text = sql`${awxJobSearchTexts.searchText} like lower(${containsPattern(filter.q)})`;
    const id = filter.q.trim();
    const textMatches = /^\d{1,9}$/.test(id) ? or(text, eq(awxJobSearchTexts.jobId, Number(id)))! : text;
    const matches =
      where.length > 0
        ? and(
            textMatches,
            inArray(
              awxJobSearchTexts.jobId,
              db
                .select({ jobId: awxJobs.jobId })
                .from(awxJobs)
                .where(and(...where)),
            ),
          )!
        : textMatches;
    const kept = sort.field === 'status' ? null : keptSortColumns[sort.field];
    if (kept) {
      // Sorted by name or by number: one statement, in which one pass over the copy counts the matches
      // (a window count) and picks the page's ids (a top-N sort), and only the page's jobs are read.
      // Walking an index in the sort's order instead read the copy's rows out of order until a sparse
      // text had filled a page, and still needed a second pass to count (docs/decisions/042).
      const pageOfIds = db
        .select({
          jobId: awxJobSearchTexts.jobId,
          total: sql<number>`(count(*) over ())::int`.as('total'),
        })
        .from(awxJobSearchTexts)
        .where(matches)
        .orderBy(...ordered(kept, awxJobSearchTexts.jobId))
        .limit(page.limit)
        .offset(page.offset)
        .as('page_of_ids');
      const matched = await db
        .select({ ...listColumns, total: pageOfIds.total })
        .from(pageOfIds)
        .innerJoin(awxJobs, eq(awxJobs.jobId, pageOfIds.jobId))
        .orderBy(...ordered(sortColumns[sort.field], awxJobs.jobId));
      const rows = matched.map(({ total: _total, ...row }) => row);
      if (matched.length > 0 || page.offset === 0) return { count: matched[0]?.total ?? 0, rows };
      // Past the last page no row carries the number.
      return {
        count: (await db.select({ n: count() }).from(awxJobSearchTexts).where(matches))[0]?.n ?? 0,
        rows,
      };
    }
    where.push(
      inArray(
        awxJobs.jobId,
        db.select({ jobId: awxJobSearchTexts.jobId }).from(awxJobSearchTexts).where(matches),
      ),
    );
  }
  const condition = where.length > 0 ? and(...where) : undefined;
  const order = ordered(sortColumns[sort.field], awxJobs.jobId);
  const counted = () => db.select({ n: count() }).from(awxJobs).where(condition);
  if (filter.q) {
    // A text filter sorted by status reads its matches once: the page carries their number (a window
    // count), where a separate count would read every matching job again.
    const matched = await db
      .select({ ...listColumns, total: sql<number>`(count(*) over ())::int` })
      .from(awxJobs)
      .where(condition)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset);
    const rows = matched.map(({ total: _total, ...row }) => row);
    if (matched.length > 0 || page.offset === 0) return { count: matched[0]?.total ?? 0, rows };
    // Past the last page no row carries the number.
    return { count: (await counted())[0]?.n ?? 0, rows };
  }
  const [rows, total] = await Promise.all([
    db
      .select(listColumns)
      .from(awxJobs)
      .where(condition)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    counted(),
  ]);
  return { count: total[0]?.n ?? 0, rows };
}

// Jobs this instance should ask AWX about now: still running, on the AWX it can reach, and followed
// by nobody else (a claim that runs out, when its instance dies, is taken over). Read first and
// claimed only when there is something to claim, so an idle portal writes nothing.
export async function claimOngoingJobs(
  db: Db,
  instance: string,
  follower: string,
  holdMs: number,
): Promise<JobRow[]> {
  const free = or(
    sql`${awxJobs.claimedUntil} is null`,
    lt(awxJobs.claimedUntil, sql`now()`),
    eq(awxJobs.claimedBy, follower),
  );
  const due = await db
    .select({ jobId: awxJobs.jobId })
    .from(awxJobs)
    .where(and(ongoing, eq(awxJobs.instance, instance), free))
    .limit(50);
  if (due.length === 0) return [];
  return db
    .update(awxJobs)
    .set({ claimedBy: follower, claimedUntil: sql`now() + make_interval(secs => ${holdMs / 1000})` })
    .where(
      and(
        inArray(
          awxJobs.jobId,
          due.map((row) => row.jobId),
        ),
        ongoing,
        free,
      ),
    )
    .returning();
}

export type JobProgress = {
  status: AwxJobStatus;
  startedAt: Date | null;
  finishedAt: Date | null;
  newLines: string[];
  explanation: string | null;
  hostSummaries?: AwxHostSummary[];
  result?: AwxResult | null;
  // Released when the job has ended; otherwise held until the next round.
  release: boolean;
};

// New output lines are appended in SQL, so two writers could never lose each other's lines.
export async function applyJobProgress(db: DbOrTx, jobId: number, progress: JobProgress) {
  const appended = progress.newLines.length > 0 ? `${progress.newLines.join('\n')}\n` : '';
  await db
    .update(awxJobs)
    .set({
      status: progress.status,
      startedAt: progress.startedAt,
      finishedAt: progress.finishedAt,
      explanation: progress.explanation,
      output: appended ? sql`${awxJobs.output} || ${appended}` : awxJobs.output,
      outputLines: sql`${awxJobs.outputLines} + ${progress.newLines.length}`,
      ...(progress.hostSummaries ? { hostSummaries: progress.hostSummaries } : {}),
      ...(progress.result !== undefined ? { result: progress.result } : {}),
      ...(progress.release ? { claimedBy: null, claimedUntil: null } : {}),
    })
    .where(eq(awxJobs.jobId, jobId));
}

export async function watchedJobIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ jobId: awxJobWatches.jobId })
    .from(awxJobWatches)
    .where(eq(awxJobWatches.userId, userId))
    .orderBy(desc(awxJobWatches.jobId));
  return rows.map((row) => row.jobId);
}

export async function readJobRows(db: DbOrTx, jobIds: number[]): Promise<JobListRow[]> {
  if (jobIds.length === 0) return [];
  return db
    .select(listColumns)
    .from(awxJobs)
    .where(inArray(awxJobs.jobId, jobIds))
    .orderBy(desc(awxJobs.jobId));
}

export async function ongoingJobIds(db: DbOrTx): Promise<number[]> {
  const rows = await db.select({ jobId: awxJobs.jobId }).from(awxJobs).where(ongoing);
  return rows.map((row) => row.jobId);
}

export async function addWatches(db: DbOrTx, userId: number, jobIds: number[]) {
  if (jobIds.length === 0) return;
  await db
    .insert(awxJobWatches)
    .values(jobIds.map((jobId) => ({ userId, jobId })))
    .onConflictDoNothing();
}

export async function removeWatch(db: DbOrTx, userId: number, jobId: number) {
  await db.delete(awxJobWatches).where(and(eq(awxJobWatches.userId, userId), eq(awxJobWatches.jobId, jobId)));
}

export async function clearWatches(db: DbOrTx, userId: number) {
  await db.delete(awxJobWatches).where(eq(awxJobWatches.userId, userId));
}
