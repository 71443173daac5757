import { describe, expect, it } from 'vitest';
import { formatDuration, jobDuration, jobStatusColour, jobStatusLabel } from './job-format';

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
});
