import { describe, expect, it } from 'vitest';
import {
  checkinBodySchema,
  checkinClockSkewSeconds,
  checkinDurationSeconds,
  checkinFailureMessage,
  checkinMessages,
  checkinModalMode,
  checkinSiteEligible,
  checkinSiteFilter,
  checkinSiteMismatch,
  checkinSiteProblem,
  checkinSuccessMessage,
  checkinTimeProblem,
  checkoutBodySchema,
  checkoutTimeProblem,
  effectiveCheckinTime,
  formatCheckinDuration,
} from './checkins';
import type { UserType } from './user-types';

function messagesOf(schema: typeof checkinBodySchema | typeof checkoutBodySchema, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('spec 8 messages', () => {
  it.each([
    ['checkin', 'Northgate Library', 'Checked into Northgate Library'],
    ['checkout', 'Northgate Library', 'Checked out from Northgate Library'],
    ['checkin', 'Meridian PoP Carlton', 'Checked into Meridian PoP Carlton'],
    ['checkout', 'Meridian PoP Carlton', 'Checked out from Meridian PoP Carlton'],
  ] as const)('%s at %s says %s', (mode, site, message) => {
    expect(checkinSuccessMessage(mode, site)).toBe(message);
  });

  it.each([
    ["the server's message", checkinMessages.alreadyCheckedIn, checkinMessages.alreadyCheckedIn],
    ['another server message', 'Site not found', 'Site not found'],
    ['no message', undefined, 'Check-out'],
    ['a null message', null, 'Check-out'],
    ['an empty message', '', 'Check-out'],
    ['a blank message', '   ', 'Check-out'],
  ])('a failure with %s shows %j', (_label, server, shown) => {
    expect(checkinFailureMessage(server)).toBe(shown);
  });

  it('keeps the spec fallback text exactly', () => {
    expect(checkinMessages.failed).toBe('Check-out');
    expect(checkinMessages.loadFailed).toBe('An error occurred retrieving check-ins');
  });
});

describe('which sites take check-ins (spec 6)', () => {
  const cases: [string, { sitetype: number; status: number }, UserType, string | null][] = [
    ['an enabled physical site, NOC', { sitetype: 1, status: 1 }, 1, null],
    ['an enabled physical site, engineering', { sitetype: 1, status: 1 }, 3, null],
    ['an enabled physical site, technician', { sitetype: 1, status: 1 }, 2, null],
    ['a disabled physical site, NOC', { sitetype: 1, status: 0 }, 1, checkinMessages.siteDisabled],
    ['a disabled physical site, engineering', { sitetype: 1, status: 0 }, 3, checkinMessages.siteDisabled],
    ['a disabled physical site, technician', { sitetype: 1, status: 0 }, 2, null],
    ['a VPLS site, NOC', { sitetype: 2, status: 1 }, 1, checkinMessages.siteNotPhysical],
    ['a VPLS site, technician', { sitetype: 2, status: 1 }, 2, checkinMessages.siteNotPhysical],
    ['an internet site', { sitetype: 3, status: 1 }, 1, checkinMessages.siteNotPhysical],
    ['an L3VPN site', { sitetype: 4, status: 1 }, 3, checkinMessages.siteNotPhysical],
    ['an interconnect, technician', { sitetype: 5, status: 1 }, 2, checkinMessages.siteNotPhysical],
    ['a disabled interconnect, NOC', { sitetype: 5, status: 0 }, 1, checkinMessages.siteNotPhysical],
  ];

  it.each(cases)('%s', (_label, site, type, problem) => {
    expect(checkinSiteProblem(site, type)).toBe(problem);
    expect(checkinSiteEligible(site, type)).toBe(problem === null);
  });

  it('asks the sites list for exactly those sites', () => {
    expect(checkinSiteFilter(1)).toEqual({ sitetype: 1, status: 1 });
    expect(checkinSiteFilter(3)).toEqual({ sitetype: 1, status: 1 });
    expect(checkinSiteFilter(2)).toEqual({ sitetype: 1 });
  });
});

describe('check-in or check-out (spec 4)', () => {
  const open = [
    { siteid: 12, checkouttime: null },
    { siteid: 40, checkouttime: null },
  ];
  it.each([
    ['an open check-in at the chosen site', open, 12, 'checkout'],
    ['an open check-in at another chosen site', open, 40, 'checkout'],
    ['open check-ins elsewhere only', open, 13, 'checkin'],
    ['no open check-ins', [], 12, 'checkin'],
    ['no site chosen yet', open, null, 'checkin'],
    ['an undefined site', open, undefined, 'checkin'],
    ['only a closed check-in at the site', [{ siteid: 12, checkouttime: 1_700_000_000 }], 12, 'checkin'],
    ['rows without a checkout field', [{ siteid: 12 }], 12, 'checkout'],
  ] as const)('%s -> %s', (_label, checkins, siteid, mode) => {
    expect(checkinModalMode(checkins, siteid)).toBe(mode);
  });
});

describe('request bodies', () => {
  it('accept the site with or without a time', () => {
    expect(checkinBodySchema.parse({ siteid: 12 })).toEqual({ siteid: 12 });
    expect(checkinBodySchema.parse({ siteid: 12, checkintime: 1_700_000_000 })).toEqual({
      siteid: 12,
      checkintime: 1_700_000_000,
    });
    expect(checkoutBodySchema.parse({ siteid: 12, checkouttime: 0 })).toEqual({
      siteid: 12,
      checkouttime: 0,
    });
  });

  it.each([
    ['no site', {}, checkinMessages.siteRequired],
    ['site 0', { siteid: 0 }, checkinMessages.siteRequired],
    ['a site as text', { siteid: '12' }, checkinMessages.siteRequired],
    ['a fractional site', { siteid: 1.5 }, 'Id must be a whole number'],
    ['a huge site', { siteid: 2 ** 40 }, 'Id is out of range'],
    ['a time as text', { siteid: 12, checkintime: '1700000000' }, checkinMessages.timeInvalid],
    ['a fractional time', { siteid: 12, checkintime: 1.5 }, checkinMessages.timeInvalid],
    ['a negative time', { siteid: 12, checkintime: -1 }, checkinMessages.timeInvalid],
    ['a time past year 9999', { siteid: 12, checkintime: 1e12 }, checkinMessages.timeInvalid],
    ['a null time', { siteid: 12, checkintime: null }, checkinMessages.timeInvalid],
    ['the check-out field', { siteid: 12, checkouttime: 1 }, 'Unrecognized key: "checkouttime"'],
    ['an unknown field', { siteid: 12, userid: 3 }, 'Unrecognized key: "userid"'],
  ])('check-in refuses %s', (_label, input, message) => {
    expect(messagesOf(checkinBodySchema, input)).toEqual([message]);
  });

  it.each([
    ['no site', {}, checkinMessages.siteRequired],
    [
      'a time in milliseconds past year 9999',
      { siteid: 12, checkouttime: 1e13 },
      checkinMessages.timeInvalid,
    ],
    ['the check-in field', { siteid: 12, checkintime: 1 }, 'Unrecognized key: "checkintime"'],
  ])('check-out refuses %s', (_label, input, message) => {
    expect(messagesOf(checkoutBodySchema, input)).toEqual([message]);
  });

  it.each([
    [12, 12, null],
    [12, 13, checkinMessages.siteMismatch],
  ])('path site %i with body site %i', (path, body, problem) => {
    expect(checkinSiteMismatch(path, body)).toBe(problem);
  });
});

describe('times', () => {
  const now = 1_700_000_000;
  it.each([
    ['now', now, null],
    ['an hour ago', now - 3600, null],
    ['within the clock skew', now + checkinClockSkewSeconds, null],
    ['beyond the clock skew', now + checkinClockSkewSeconds + 1, checkinMessages.checkinInFuture],
    ['tomorrow', now + 86_400, checkinMessages.checkinInFuture],
  ])('a check-in %s', (_label, time, problem) => {
    expect(checkinTimeProblem(time, now)).toBe(problem);
  });

  it.each([
    ['now, after the check-in', now, now - 3600, null],
    ['at the check-in time', now - 3600, now - 3600, null],
    ['before the check-in', now - 3601, now - 3600, checkinMessages.checkoutBeforeCheckin],
    ['within the skew', now + checkinClockSkewSeconds, now - 60, null],
    ['beyond the skew', now + checkinClockSkewSeconds + 1, now - 60, checkinMessages.checkoutInFuture],
    // A future time is the first problem even if the check-in is later still (also refused when made).
    ['in the future, before a future check-in', now + 7200, now + 9000, checkinMessages.checkoutInFuture],
  ])('a check-out %s', (_label, time, checkintime, problem) => {
    expect(checkoutTimeProblem(time, checkintime, now)).toBe(problem);
  });

  it.each([
    ['no time', undefined, now],
    ['a past time', now - 600, now - 600],
    ['a time within the skew', now + 120, now],
  ])('stores %s as the right moment', (_label, requested, stored) => {
    expect(effectiveCheckinTime(requested, now)).toBe(stored);
  });
});

describe('durations', () => {
  it.each([
    [{ checkintime: 1000, checkouttime: 4600 }, 5000, 3600],
    [{ checkintime: 1000, checkouttime: null }, 1600, 600],
    [{ checkintime: 1000, checkouttime: null }, 900, 0],
  ])('%j at %i lasts %i s', (row, now, seconds) => {
    expect(checkinDurationSeconds(row, now)).toBe(seconds);
  });

  it.each([
    [0, 'under a minute'],
    [59, 'under a minute'],
    [-5, 'under a minute'],
    [60, '1 min'],
    [45 * 60 + 30, '45 min'],
    [3600, '1 h 00 min'],
    [2 * 3600 + 5 * 60, '2 h 05 min'],
    [23 * 3600 + 59 * 60, '23 h 59 min'],
    [24 * 3600, '1 d 0 h'],
    [3 * 86_400 + 4 * 3600 + 1800, '3 d 4 h'],
  ])('%i s reads %s', (seconds, text) => {
    expect(formatCheckinDuration(seconds)).toBe(text);
  });
});
