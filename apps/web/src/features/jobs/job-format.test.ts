import { describe, expect, it } from 'vitest';
import { setTimeZones } from '../../lib/time-zone';
import {
  formatDuration,
  jobDuration,
  jobStatusColour,
  jobStatusLabel,
  resultCellText,
  resultColumnLabel,
} from './job-format';

describe('job format', () => {
  it.each([
    ['successful', 'teal'],
    ['failed', 'red'],
    ['error', 'yellow'],
    ['canceled', 'yellow'],
    ['running', 'yellow'],
    ['pending', 'yellow'],
  ] as const)('colours %s %s (spec 3)', (status, colour) => {
    expect(jobStatusColour(status)).toBe(colour);
  });

  it('labels statuses in words', () => {
    expect(jobStatusLabel('running')).toBe('Running');
    expect(jobStatusLabel('canceled')).toBe('Cancelled');
  });

  it.each([
    [0, '0 s'],
    [45, '45 s'],
    [185, '3 min 05 s'],
    [3720, '1 h 02 min'],
  ])('formats %i seconds as %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('has no duration before the start and counts a running job to now', () => {
    expect(jobDuration({ started: null, finished: null })).toBeNull();
    expect(jobDuration({ started: 100, finished: 130 })).toBe('30 s');
    expect(jobDuration({ started: 100, finished: null }, 160_000)).toBe('1 min 00 s');
  });

  it("shows a result's moments in the reader's zone, labelled, and other values as they came", () => {
    setTimeZones({ portal: 'Australia/Sydney', user: 'Australia/Perth' });
    try {
      expect(resultCellText('2026-11-27T12:22:29.759Z')).toBe('27 Nov 2026, 8:22 pm AWST');
      expect(resultCellText('2026-11-27T23:22:29+11:00')).toBe('27 Nov 2026, 8:22 pm AWST');
    } finally {
      setTimeZones({ portal: 'Australia/Sydney', user: null });
    }
    expect(resultCellText('2026-11-27')).toBe('2026-11-27');
    expect(resultCellText('xe-0/1/0')).toBe('xe-0/1/0');
    expect(resultCellText(-7.2)).toBe('-7.2');
    expect(resultCellText(null)).toBe('—');
    expect(resultCellText('')).toBe('—');
  });

  it("heads a result's columns in words", () => {
    expect(resultColumnLabel('mac')).toBe('MAC');
    expect(resultColumnLabel('since')).toBe('Up since');
    expect(resultColumnLabel('software')).toBe('Software');
  });
});
