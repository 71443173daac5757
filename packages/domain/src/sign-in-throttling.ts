import { z } from 'zod';
import { authMessages } from './auth';

// Sign-in throttling (docs/decisions/014, OWASP's device cookie): guessing is slowed without letting
// anyone lock a person out. A browser that has signed in to an account before carries a signed device
// cookie for it; failures from such a browser count against that device only. Every other browser is
// "unknown", and its failures count against the account and against the client address.

// A failed attempt counts against these, depending on the browser it came from.
export type SignInCounter = 'account' | 'address' | 'device';

export type SignInLimits = {
  windowMinutes: number;
  // Failures from unknown browsers against one account.
  perAccount: number;
  // Failures from unknown browsers from one client address (a whole campus or hospital may share one).
  perAddress: number;
  // Failures from one known browser against its own account.
  perDevice: number;
};

// The reasoning behind each number is in docs/decisions/014.
export const defaultSignInLimits: SignInLimits = {
  windowMinutes: 15,
  perAccount: 10,
  perAddress: 300,
  perDevice: 10,
};

export function countersFor(browser: 'known' | 'unknown'): readonly SignInCounter[] {
  return browser === 'known' ? ['device'] : ['account', 'address'];
}

export function limitOf(counter: SignInCounter, limits: SignInLimits): number {
  if (counter === 'account') return limits.perAccount;
  if (counter === 'address') return limits.perAddress;
  return limits.perDevice;
}

// A counter is over its limit while `limit` failures fall inside the window. Given the most recent
// failures, newest first, it stays locked until the limit-th newest of them leaves the window; then
// fewer than `limit` remain. Null when it is not locked at all.
export function lockedUntil(
  failuresNewestFirst: readonly Date[],
  limit: number,
  windowMinutes: number,
  now: Date,
) {
  const deciding = failuresNewestFirst[limit - 1];
  if (!deciding) return null;
  const until = new Date(deciding.getTime() + windowMinutes * 60_000);
  return until > now ? until : null;
}

// Seconds to send in Retry-After: until every counter that refuses the attempt lets it through again.
// Never below one, so a client that obeys it does not retry in a tight loop.
export function retryAfterSeconds(locks: readonly (Date | null)[], now: Date): number | null {
  const ends = locks.filter((end): end is Date => end !== null && end > now).map((end) => end.getTime());
  if (ends.length === 0) return null;
  return Math.max(1, Math.ceil((Math.max(...ends) - now.getTime()) / 1000));
}

// The refusal's message names the wait in whole minutes, rounded up.
export function signInRefusal(retryAfter: number) {
  return authMessages.tooManyAttempts(Math.max(1, Math.ceil(retryAfter / 60)));
}

export const signInLockMessages = {
  cleared: 'Sign-in lock cleared',
  clearFailed: 'An error occurred while clearing the sign-in lock',
  loadFailed: 'An error occurred retrieving the sign-in lock',
} as const;

// What the NOC sees on a user's page (GET /api/user/{id}/signinlock).
export const signInLockSchema = z.object({
  // Unknown browsers are refused until `lockeduntil` (unix seconds); null when they are not.
  locked: z.boolean(),
  lockeduntil: z.number().nullable(),
  // Failures from unknown browsers inside the window, and the limit that locks.
  failures: z.number(),
  limit: z.number(),
  windowminutes: z.number(),
  // Browsers this user signed in from before that are over their own limit.
  lockeddevices: z.number(),
  lastfailureat: z.number().nullable(),
  lastfailureaddress: z.string().nullable(),
});
export type SignInLock = z.infer<typeof signInLockSchema>;
