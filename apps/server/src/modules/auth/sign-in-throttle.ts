import {
  countersFor,
  limitOf,
  lockedUntil,
  retryAfterSeconds,
  type SignInCounter,
  type SignInLimits,
  type SignInLock,
  signInRefusal,
} from '@lightpath/domain/sign-in-throttling';
import { userMessages } from '@lightpath/domain/users';
import type { Db } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { NotFound, RateLimited } from '../../platform/errors';
import { toUnixSeconds } from '../../platform/scope';
import type { ServiceContext } from '../../platform/service-context';
import { findUser } from '../users/repository';
import {
  accountFailureSummary,
  type FailureCounter,
  forgetAccountFailures,
  forgetLoginAttempt,
  type LoginAttempt,
  recentFailures,
  recordLoginAttempt,
} from './repository';

// Sign-in throttling, docs/decisions/014.

function windowStart(limits: SignInLimits, now: Date) {
  return new Date(now.getTime() - limits.windowMinutes * 60_000);
}

function counterOf(counter: SignInCounter, attempt: LoginAttempt): FailureCounter {
  if (counter === 'account') return { counter, email: attempt.email };
  if (counter === 'address') return { counter, ip: attempt.ip };
  if (!attempt.deviceId) throw new Error('the device counter needs a known browser');
  return { counter, deviceId: attempt.deviceId };
}

// Records the attempt (as a failure until the password proves otherwise) and answers 429 when any of
// the counters that judge it is over its limit. Returns the attempt's id.
export async function admitSignInAttempt(db: Db, limits: SignInLimits, attempt: LoginAttempt) {
  const id = await recordLoginAttempt(db, attempt);
  const now = new Date();
  const since = windowStart(limits, now);
  const locks = await Promise.all(
    countersFor(attempt.deviceId ? 'known' : 'unknown').map(async (counter) => {
      const limit = limitOf(counter, limits);
      const failures = await recentFailures(db, counterOf(counter, attempt), { since, limit, beforeId: id });
      return lockedUntil(failures, limit, limits.windowMinutes, now);
    }),
  );
  const retryAfter = retryAfterSeconds(locks, now);
  if (retryAfter === null) return id;
  await forgetLoginAttempt(db, id);
  throw new RateLimited(signInRefusal(retryAfter), retryAfter);
}

async function userInScope(ctx: ServiceContext, userId: number) {
  const user = await findUser(ctx.db, ctx.caller.scope, userId);
  if (!user) throw new NotFound(userMessages.notFound);
  return user;
}

export async function signInLockOf(ctx: ServiceContext, userId: number): Promise<SignInLock> {
  const { db } = ctx;
  const limits = ctx.config.loginLimits;
  const { email } = await userInScope(ctx, userId);
  const now = new Date();
  const since = windowStart(limits, now);
  const failures = await recentFailures(
    db,
    { counter: 'account', email },
    { since, limit: limits.perAccount },
  );
  const until = lockedUntil(failures, limits.perAccount, limits.windowMinutes, now);
  const summary = await accountFailureSummary(db, email, since, limits.perDevice);
  return {
    locked: until !== null,
    lockeduntil: toUnixSeconds(until),
    failures: summary.failures,
    limit: limits.perAccount,
    windowminutes: limits.windowMinutes,
    lockeddevices: summary.lockedDevices,
    lastfailureat: toUnixSeconds(summary.lastFailureAt),
    lastfailureaddress: summary.lastFailureAddress,
  };
}

export async function clearSignInLock(ctx: ServiceContext, userId: number) {
  const { email } = await userInScope(ctx, userId);
  await ctx.db.transaction(async (tx) => {
    const forgotten = await forgetAccountFailures(tx, email);
    await recordAudit(tx, ctx, {
      action: 'user.signinlock.clear',
      entity: 'user',
      entityId: userId,
      detail: { failures: forgotten },
    });
  });
}
