import { describe, expect, it } from 'vitest';
import {
  actingAs,
  apiLogExportQuerySchema,
  apiLogListQuerySchema,
  apiLogMessages,
  resolvePeriod,
  statusRange,
  statusTone,
} from './api-logs';

const day = 86_400;
const now = Math.floor(Date.now() / 1000);

function problemsOf(input: Record<string, unknown>) {
  const result = apiLogListQuerySchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('the API logs period', () => {
  it('is the last day when none is given, a day up to `to` when only it is', () => {
    expect(resolvePeriod({}, now)).toEqual({ from: now - day, to: now });
    expect(resolvePeriod({ to: 1_000_000 }, now)).toEqual({ from: 1_000_000 - day, to: 1_000_000 });
    expect(resolvePeriod({ from: now - 3600 }, now)).toEqual({ from: now - 3600, to: now });
  });

  it('reads times as unix seconds from the query string', () => {
    expect(apiLogListQuerySchema.parse({ from: String(now - 60), to: String(now) })).toMatchObject({
      from: now - 60,
      to: now,
      limit: 100,
      offset: 0,
    });
  });

  it.each([
    ['an end before its start', { from: now, to: now - 1 }, `to: ${apiLogMessages.periodReversed}`],
    ['a start in the future with no end', { from: now + 3600 }, `to: ${apiLogMessages.periodReversed}`],
    [
      'a span of 31 days and a second',
      { from: now - 31 * day - 1, to: now },
      `to: ${apiLogMessages.periodTooLong}`,
    ],
    ['a start long ago with no end', { from: now - 60 * day }, `to: ${apiLogMessages.periodTooLong}`],
    ['a date instead of seconds', { from: '2026-11-01' }, `from: ${apiLogMessages.periodInvalid}`],
    ['milliseconds beyond the year 9999', { to: '999999999999' }, `to: ${apiLogMessages.periodInvalid}`],
    ['a negative time', { from: '-5' }, `from: ${apiLogMessages.periodInvalid}`],
    ['a fraction', { to: '17.5' }, `to: ${apiLogMessages.periodInvalid}`],
  ])('refuses %s', (_, input, problem) => {
    expect(problemsOf(input)).toContain(problem);
  });

  it('allows exactly the maximum span, and an end equal to the start', () => {
    expect(problemsOf({ from: now - 31 * day, to: now })).toEqual([]);
    expect(problemsOf({ from: now, to: now })).toEqual([]);
  });

  it('holds for the export too, which takes no limit or offset', () => {
    expect(apiLogExportQuerySchema.safeParse({ from: now, to: now - 1 }).success).toBe(false);
    expect(apiLogExportQuerySchema.parse({ limit: 5 })).not.toHaveProperty('limit');
  });
});

describe('the API logs filters', () => {
  it('take a method in any case and a status code or class', () => {
    expect(apiLogListQuerySchema.parse({ method: 'post', status: '4XX' })).toMatchObject({
      method: 'POST',
      status: '4xx',
    });
  });

  it.each([
    [{ method: 'TRACE' }, `method: ${apiLogMessages.methodInvalid}`],
    [{ status: '4x' }, `status: ${apiLogMessages.statusInvalid}`],
    [{ status: '600' }, `status: ${apiLogMessages.statusInvalid}`],
    [{ address: "10.0.0.1' or 1=1" }, `address: ${apiLogMessages.addressInvalid}`],
    [{ address: '10.0.%' }, `address: ${apiLogMessages.addressInvalid}`],
  ])('refuse %o', (input, problem) => {
    expect(problemsOf(input)).toContain(problem);
  });

  it('read a class as its range of codes', () => {
    expect(statusRange('4xx')).toEqual({ min: 400, max: 499 });
    expect(statusRange('404')).toEqual({ min: 404, max: 404 });
  });
});

describe('an API log record', () => {
  it('is toned by its status class', () => {
    expect([200, 304, 404, 503].map(statusTone)).toEqual(['success', 'redirect', 'client', 'server']);
  });

  it('says what an impersonating session acted as', () => {
    expect(actingAs({ actingtype: null, customercode: 'MRN' })).toBeNull();
    expect(actingAs({ actingtype: 4, customercode: 'UNG' })).toBe('Customer admin, UNG');
  });
});
