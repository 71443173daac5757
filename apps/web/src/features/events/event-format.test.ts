import { describe, expect, it } from 'vitest';
import { defaultPastRange, formatEventDuration, formatSpan, rangeSeconds } from './event-format';

describe('formatSpan', () => {
  it.each([
    [30, 'under a minute'],
    [60, '1 minute'],
    [45 * 60, '45 minutes'],
    [3600, '1 hour'],
    [2 * 3600 + 30 * 60, '2 hours 30 minutes'],
    [86_400, '1 day'],
    [3 * 86_400 + 4 * 3600 + 59 * 60, '3 days 4 hours'],
  ])('%i seconds read %s', (seconds, text) => {
    expect(formatSpan(seconds)).toBe(text);
  });
});

describe('formatEventDuration', () => {
  const now = 1_750_000_000;
  it('measures a window with an end', () => {
    expect(formatEventDuration({ starttime: now, endtime: now + 7200 }, now)).toBe('2 hours');
  });
  it('counts an ongoing outage up to now', () => {
    expect(formatEventDuration({ starttime: now - 5400, endtime: null }, now)).toBe(
      '1 hour 30 minutes so far',
    );
  });
  it('does not guess the length of a future event without an end', () => {
    expect(formatEventDuration({ starttime: now + 60, endtime: null }, now)).toBe('Not yet known');
  });
});

describe('past outage range', () => {
  it('defaults to the last 30 days, today included, as days in the display zone', () => {
    // 15 March 2025, 13:05 in Sydney (AEDT, UTC+11).
    expect(defaultPastRange(Date.UTC(2025, 2, 15, 2, 5) / 1000)).toEqual({
      from: '2025-02-13',
      to: '2025-03-15',
    });
  });
  it('covers whole days in the display zone', () => {
    expect(rangeSeconds('2025-03-01', '2025-03-02')).toEqual({
      start: Date.UTC(2025, 1, 28, 13, 0) / 1000,
      end: Date.UTC(2025, 2, 2, 13, 0) / 1000 - 1,
    });
  });
  it('refuses what is not a calendar day', () => {
    expect(rangeSeconds('', '2025-03-02')).toBeNull();
    expect(rangeSeconds('2025-02-31', '2025-03-02')).toBeNull();
  });
});
