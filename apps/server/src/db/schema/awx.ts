import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

// Every device operation launched through the portal (issue 15), and what AWX has said about it since.
// AWX is asked about a job by one instance at a time (`claimed_until`), which copies its status and
// its new output lines here; every instance's browsers read them from here, through the live stream.
export const awxJobs = pgTable(
  'awx_jobs',
  {
    jobId: serial('job_id').primaryKey(),
    operation: text('operation').notNull(),
    name: text('name').notNull(),
    status: text('status').notNull().default('pending'),
    // Which AWX, and the job's id there (null until AWX has accepted the launch).
    instance: text('instance').notNull(),
    awxJobId: integer('awx_job_id'),
    // The shelves and, for port operations, ports: [{ equipmentid, name, ip, port }].
    targets: jsonb('targets').notNull(),
    hosts: text('hosts').array().notNull(),
    equipmentIds: integer('equipment_ids').array().notNull(),
    serviceId: text('service_id'),
    filter: text('filter'),
    // The name is kept as well, so the list still says who launched it after that user is deleted.
    launchedBy: integer('launched_by').references(() => users.userId, { onDelete: 'set null' }),
    launchedByName: text('launched_by_name').notNull(),
    // A retried launch with the same key answers this job and launches nothing (per user).
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    // AWX's own reason when the job failed or could not start.
    explanation: text('explanation'),
    output: text('output').notNull().default(''),
    outputLines: integer('output_lines').notNull().default(0),
    hostSummaries: jsonb('host_summaries').notNull().default(sql`'[]'::jsonb`),
    result: jsonb('result'),
    // The instance following the job, and until when (it renews each round; another takes over after).
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('awx_jobs_idempotency_key').on(t.launchedBy, t.idempotencyKey),
    index('awx_jobs_created_idx').on(t.createdAt),
    // The jobs still running: what the progress job polls and the watch list refreshes.
    index('awx_jobs_ongoing_idx')
      .on(t.jobId)
      .where(sql`${t.status} in ('new', 'pending', 'waiting', 'running')`),
    index('awx_jobs_equipment_idx').using('gin', t.equipmentIds),
    index('awx_jobs_service_idx').on(t.serviceId),
    // The failed jobs and their total, newest first, without reading every job (issue 18).
    index('awx_jobs_status_idx').on(t.status, t.jobId),
  ],
);

// The list's text filter reads this narrow copy of each job's searched text (docs/decisions/042): the
// name, the launcher and the hosts, joined by the immutable function of migration 0016 and lower-cased
// once, at write. LIKE on it is the ILIKE the filter means. A filter of one or two letters has no
// trigram and tests every job's text: here 218 pages nationally, where the jobs' own rows, which carry
// their output, targets and host results, are 2,988. The job's name is copied too, so a filtered list
// sorted by name picks its page here and reads only that page's jobs (migration 0031). Kept by
// triggers on awx_jobs in the writing statement (migration 0029), so no code path can leave it stale;
// it goes with its job.
export const awxJobSearchTexts = pgTable(
  'awx_job_search_texts',
  {
    jobId: integer('job_id')
      .primaryKey()
      .references(() => awxJobs.jobId, { onDelete: 'cascade' }),
    searchText: text('search_text').notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    // A filter of three letters or more finds its jobs by trigrams.
    index('awx_job_search_texts_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

// The header's watched jobs (spec 2.3, 4): the user's own, surviving a reload and a new device.
export const awxJobWatches = pgTable(
  'awx_job_watches',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    jobId: integer('job_id')
      .notNull()
      .references(() => awxJobs.jobId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.jobId] })],
);
