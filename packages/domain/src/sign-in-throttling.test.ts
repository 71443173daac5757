import { describe, expect, it } from 'vitest';
import { authMessages } from './auth';
import {
  countersFor,
  defaultSignInLimits,
  limitOf,
  lockedUntil,
  retryAfterSeconds,
  signInRefusal,
} from './sign-in-throttling';

const now = new Date('2026-11-25T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe('countersFor', () => {
  it('judges a known browser by its own device only, never by the account or the address', () => {
    expect(countersFor('known')).toEqual(['device']);
  });

  it('judges an unknown browser by the account and by the client address', () => {
    expect(countersFor('unknown')).toEqual(['account', 'address']);
  });
});

describe('defaultSignInLimits', () => {
  it('let a campus behind one address fail far more often than one account may be guessed', () => {
    const { perAccount, perAddress, perDevice, windowMinutes } = defaultSignInLimits;
    expect(windowMinutes).toBe(15);
    // Five wrong passwords (the old lock) no longer refuse anyone.
    expect(perAccount).toBeGreaterThan(5);
    expect(perAccount).toBeLessThanOrEqual(10);
    expect(perDevice).toBeLessThanOrEqual(10);
    // "In the hundreds": fifty failures from one NAT address (the old lock) are far below it.
    expect(perAddress).toBeGreaterThanOrEqual(200);
  });

  it('map each counter to its limit', () => {
    const limits = { windowMinutes: 15, perAccount: 1, perAddress: 2, perDevice: 3 };
    expect(limitOf('account', limits)).toBe(1);
    expect(limitOf('address', limits)).toBe(2);
    expect(limitOf('device', limits)).toBe(3);
  });
});

describe('lockedUntil', () => {
  it.each([
    ['no failures', [], null],
    ['fewer failures than the limit', [minutesAgo(1), minutesAgo(2)], null],
    ['the limit reached, newest first', [minutesAgo(1), minutesAgo(2), minutesAgo(5)], minutesAgo(5 - 15)],
    [
      'more than the limit: the third newest decides',
      [minutesAgo(1), minutesAgo(2), minutesAgo(3), minutesAgo(14)],
      minutesAgo(3 - 15),
    ],
    ['the deciding failure has left the window', [minutesAgo(1), minutesAgo(2), minutesAgo(15)], null],
  ])('%s', (_, failures, expected) => {
    expect(lockedUntil(failures, 3, 15, now)).toEqual(expected);
  });
});

describe('retryAfterSeconds', () => {
  it('is null when nothing refuses', () => {
    expect(retryAfterSeconds([null, null], now)).toBeNull();
    expect(retryAfterSeconds([minutesAgo(1)], now)).toBeNull();
  });

  it('waits for the last lock to end, in whole seconds rounded up', () => {
    const soon = new Date(now.getTime() + 61_500);
    const later = new Date(now.getTime() + 600_000);
    expect(retryAfterSeconds([soon, null], now)).toBe(62);
    expect(retryAfterSeconds([soon, later], now)).toBe(600);
  });

  it('is at least one second', () => {
    expect(retryAfterSeconds([new Date(now.getTime() + 10)], now)).toBe(1);
  });
});

describe('signInRefusal', () => {
  it('names the wait in whole minutes, rounded up', () => {
    expect(signInRefusal(900)).toBe(authMessages.tooManyAttempts(15));
    expect(signInRefusal(61)).toBe('Too many sign-in attempts. Try again in 2 minutes.');
    expect(signInRefusal(5)).toBe('Too many sign-in attempts. Try again in 1 minute.');
  });
});
