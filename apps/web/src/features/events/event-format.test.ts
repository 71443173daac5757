import { describe, expect, it } from 'vitest';
import {
  dateInputValue,
  defaultPastRange,
  formatEventDuration,
  formatSpan,
  rangeSeconds,
} from './event-format';

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
  it('defaults to the last 30 days, today included', () => {
    expect(defaultPastRange(new Date(2025, 2, 15, 13, 5))).toEqual({ from: '2025-02-13', to: '2025-03-15' });
  });
  it('covers whole local days', () => {
    const range = rangeSeconds('2025-03-01', '2025-03-02');
    expect(range).not.toBeNull();
    expect(new Date((range?.start ?? 0) * 1000)).toEqual(new Date(2025, 2, 1));
    expect(new Date(((range?.end ?? 0) + 1) * 1000)).toEqual(new Date(2025, 2, 3));
  });
  it('refuses what is not a calendar day', () => {
    expect(rangeSeconds('', '2025-03-02')).toBeNull();
    expect(rangeSeconds('2025-02-31', '2025-03-02')).toBeNull();
  });
  it('writes dates the way the date input reads them', () => {
    expect(dateInputValue(new Date(2025, 0, 5))).toBe('2025-01-05');
  });
});
