import { describe, expect, it } from 'vitest';
import {
  isCurrentEvent,
  isOngoingOutage,
  isRecentEvent,
  normaliseEventType,
  recentEventSeconds,
} from './events';

describe('normaliseEventType', () => {
  it.each([
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 1],
    [5, 2],
    [6, 3],
    [0, null],
    [7, null],
    [-1, null],
  ])('%i becomes %j', (input, expected) => {
    expect(normaliseEventType(input)).toBe(expected);
  });
});

describe('event timing', () => {
  const now = 1_800_000_000;
  it('an outage is ongoing only while type 3 without an end', () => {
    expect(isOngoingOutage({ type: 3, starttime: now, endtime: null })).toBe(true);
    expect(isOngoingOutage({ type: 3, starttime: now, endtime: 0 })).toBe(true);
    expect(isOngoingOutage({ type: 3, starttime: now, endtime: now + 1 })).toBe(false);
    expect(isOngoingOutage({ type: 1, starttime: now, endtime: null })).toBe(false);
  });

  it('a current event has started and not ended', () => {
    expect(isCurrentEvent({ type: 1, starttime: now, endtime: now + 1 }, now)).toBe(true);
    expect(isCurrentEvent({ type: 1, starttime: now + 1, endtime: now + 2 }, now)).toBe(false);
    expect(isCurrentEvent({ type: 1, starttime: now - 2, endtime: now }, now)).toBe(false);
  });

  it('a recent event ended within the last seven days', () => {
    expect(isRecentEvent({ type: 1, starttime: 0, endtime: now - 60 }, now)).toBe(true);
    expect(isRecentEvent({ type: 1, starttime: 0, endtime: now - recentEventSeconds }, now)).toBe(false);
    expect(isRecentEvent({ type: 1, starttime: 0, endtime: now + 60 }, now)).toBe(false);
    expect(isRecentEvent({ type: 3, starttime: 0, endtime: null }, now)).toBe(false);
  });
});
