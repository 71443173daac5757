import { and, count, desc, eq, gt, gte, isNotNull, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginAttempts } from '../../db/schema/auth';

export type LoginAttempt = { email: string; ip: string; deviceId: string | null };

// Written as a failure before the password is checked (see the schema), so the attempt counts at once.
export async function recordLoginAttempt(db: DbOrTx, attempt: LoginAttempt) {
  const [row] = await db
    .insert(loginAttempts)
    .values({ ...attempt, succeeded: false })
    .returning({ id: loginAttempts.id });
  if (!row) throw new Error('login attempt not recorded');
  return row.id;
}

export async function markLoginAttemptSucceeded(db: DbOrTx, id: number) {
  await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, id));
}

// A refused attempt never reached the password check, so it is no guess and is not kept.
export async function forgetLoginAttempt(db: DbOrTx, id: number) {
  await db.delete(loginAttempts).where(eq(loginAttempts.id, id));
}

export type FailureCounter =
  | { counter: 'account'; email: string }
  | { counter: 'address'; ip: string }
  | { counter: 'device'; deviceId: string };

// The conditions match the partial indexes of login_attempts, one per counter.
function failuresOf(by: FailureCounter) {
  const failed = eq(loginAttempts.succeeded, false);
  if (by.counter === 'device') return and(eq(loginAttempts.deviceId, by.deviceId), failed);
  const unknownBrowser = and(isNull(loginAttempts.deviceId), failed);
  return by.counter === 'account'
    ? and(eq(loginAttempts.email, by.email), unknownBrowser)
    : and(eq(loginAttempts.ip, by.ip), unknownBrowser);
}

// The newest `limit` failures inside the window, newest first; `beforeId` leaves out the attempt being
// judged and any that came after it.
export async function recentFailures(
  db: DbOrTx,
  by: FailureCounter,
  options: { since: Date; limit: number; beforeId?: number },
) {
  const rows = await db
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(
      and(
        failuresOf(by),
        gt(loginAttempts.at, options.since),
        options.beforeId === undefined ? undefined : lt(loginAttempts.id, options.beforeId),
      ),
    )
    .orderBy(desc(loginAttempts.at))
    .limit(options.limit);
  return rows.map((row) => row.at);
}

// What the NOC sees of one account's failures inside the window.
export async function accountFailureSummary(db: DbOrTx, email: string, since: Date, perDevice: number) {
  const inWindow = and(failuresOf({ counter: 'account', email }), gt(loginAttempts.at, since));
  const [unknown] = await db.select({ failures: count() }).from(loginAttempts).where(inWindow);
  const [last] = await db
    .select({ at: loginAttempts.at, ip: loginAttempts.ip })
    .from(loginAttempts)
    .where(inWindow)
    .orderBy(desc(loginAttempts.at))
    .limit(1);
  const lockedDevices = await db
    .select({ deviceId: loginAttempts.deviceId })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, email),
        isNotNull(loginAttempts.deviceId),
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.at, since),
      ),
    )
    .groupBy(loginAttempts.deviceId)
    .having(gte(count(), perDevice));
  return {
    failures: unknown?.failures ?? 0,
    lastFailureAt: last?.at ?? null,
    lastFailureAddress: last?.ip ?? null,
    lockedDevices: lockedDevices.length,
  };
}

// Clearing a lock forgets every failure against the account, from unknown and known browsers alike.
export async function forgetAccountFailures(db: DbOrTx, email: string) {
  const rows = await db
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false)))
    .returning({ id: loginAttempts.id });
  return rows.length;
}
