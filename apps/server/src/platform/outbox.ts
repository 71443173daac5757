import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Db, DbOrTx } from '../db/client';
import { outbox } from '../db/schema/platform';
import { type IntegrationHealth, reasonOf, unrecorded } from '../integrations/health';
import { type StopBackgroundJob, startBackgroundJob } from './background-job';

export type OutgoingEmail = { to: string; subject: string; body: string; dedupeKey?: string };

// A subject is one header line. Every subject is built from single-line fields already, but some come
// from external systems (NetBox's device names, Zendesk's subjects): a line break or other control
// character becomes a space here, so none can ever start a header of its own (Bcc: …).
const controlRuns = /\p{Cc}+/gu;

// Queue an e-mail in the caller's transaction. With no SMTP server configured the outbox table is
// where e-mail ends up (decisions.md); the log says that it was queued but never shows the body,
// which may hold a reset link.
export async function queueEmail(db: DbOrTx, log: FastifyBaseLogger, email: OutgoingEmail) {
  const inserted = await db
    .insert(outbox)
    .values({
      channel: 'email',
      recipient: email.to,
      subject: email.subject.replace(controlRuns, ' '),
      body: email.body,
      dedupeKey: email.dedupeKey ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  if (inserted[0])
    log.info({ outboxId: inserted[0].id, to: email.to, subject: email.subject }, 'e-mail queued');
}

export type MailTransport = {
  send: (message: { from: string; to: string; subject: string; text: string }) => Promise<void>;
};

export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = createTransport(smtpUrl);
  return { send: async (message) => void (await transporter.sendMail(message)) };
}

const claimSeconds = 60;
const maxAttempts = 5;

// Claims a batch of unsent e-mails (SKIP LOCKED, with a lease) so several instances can run this side
// by side without sending anything twice, then delivers them.
export async function deliverQueuedEmail(
  db: Db,
  transport: MailTransport,
  from: string,
  log: FastifyBaseLogger,
  // Each message's outcome, for Administration → Integrations (docs/decisions/018).
  health: IntegrationHealth = unrecorded,
  // Aborted by a graceful stop: the message in hand is finished, the rest of the batch given back.
  signal?: AbortSignal,
) {
  const claimable = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.channel, 'email'),
        isNull(outbox.sentAt),
        lt(outbox.attempts, maxAttempts),
        or(isNull(outbox.claimedUntil), lt(outbox.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(outbox.id))
    .limit(20)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outbox)
    .set({
      claimedUntil: sql`now() + make_interval(secs => ${claimSeconds})`,
      attempts: sql`${outbox.attempts} + 1`,
    })
    .where(inArray(outbox.id, claimable))
    .returning();
  let sent = 0;
  for (const [index, row] of claimed.entries()) {
    if (signal?.aborted) {
      await releaseEmailClaims(
        db,
        claimed.slice(index).map((unsent) => unsent.id),
      );
      break;
    }
    try {
      await transport.send({ from, to: row.recipient, subject: row.subject ?? '', text: row.body });
      health.succeeded();
      await db.update(outbox).set({ sentAt: new Date(), lastError: null }).where(eq(outbox.id, row.id));
      sent += 1;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      health.failed(reasonOf(error));
      await db
        .update(outbox)
        .set({ lastError: reason.slice(0, 500) })
        .where(eq(outbox.id, row.id));
      log.warn({ outboxId: row.id, reason }, 'e-mail delivery failed');
    }
  }
  return sent;
}

export function startMailDispatcher(
  db: Db,
  transport: MailTransport,
  from: string,
  log: FastifyBaseLogger,
  health: IntegrationHealth = unrecorded,
): StopBackgroundJob {
  return startBackgroundJob(
    'e-mail dispatcher',
    log,
    (signal) => deliverQueuedEmail(db, transport, from, log, health, signal),
    5000,
  );
}

// Claims a stopping dispatcher did not reach: free at once for another instance, and no attempt made.
async function releaseEmailClaims(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .update(outbox)
    .set({ claimedUntil: null, attempts: sql`${outbox.attempts} - 1` })
    .where(and(inArray(outbox.id, ids), isNull(outbox.sentAt)));
}
