import { afterEach, describe, expect, it } from 'vitest';
import {
  daySpanSeconds,
  displayHour,
  displayTimeZone,
  formatDisplayDateTime,
  inputsFromSeconds,
  portalTimeZone,
  secondsFromInputs,
  setTimeZones,
} from './time-zone';

afterEach(() => setTimeZones({ portal: 'Australia/Sydney', user: null }));

// 1 July 2026, 8:30 in Sydney (AEST, UTC+10); the test machine's own zone plays no part.
const julyMorningSydney = Date.UTC(2026, 5, 30, 22, 30) / 1000;

describe('the display time zone', () => {
  it("is the user's choice when they made one, else the portal's", () => {
    setTimeZones({ portal: 'Australia/Perth', user: null });
    expect(displayTimeZone()).toBe('Australia/Perth');
    setTimeZones({ portal: 'Australia/Perth', user: 'Europe/London' });
    expect(displayTimeZone()).toBe('Europe/London');
    expect(portalTimeZone()).toBe('Australia/Perth');
  });

  it('reads typed times in the display zone, not the browser zone, and gives them back unchanged', () => {
    expect(secondsFromInputs('2026-07-01', '08:30')).toBe(julyMorningSydney);
    expect(inputsFromSeconds(julyMorningSydney)).toEqual({ date: '2026-07-01', time: '08:30' });
    setTimeZones({ portal: 'Australia/Sydney', user: 'UTC' });
    expect(inputsFromSeconds(julyMorningSydney)).toEqual({ date: '2026-06-30', time: '22:30' });
  });

  it("tells the hour on the reader's clock (the dashboard's greeting)", () => {
    expect(displayHour(julyMorningSydney)).toBe(8);
    setTimeZones({ portal: 'Australia/Sydney', user: 'UTC' });
    expect(displayHour(julyMorningSydney)).toBe(22);
  });

  it('shows a time the same way on every screen, labelled with its zone', () => {
    expect(formatDisplayDateTime(julyMorningSydney)).toBe('1 July 2026, 8:30 am AEST');
    setTimeZones({ portal: 'Australia/Sydney', user: 'UTC' });
    expect(formatDisplayDateTime(julyMorningSydney)).toBe('30 June 2026, 10:30 pm UTC');
  });

  it('gives null for two empty inputs and an invalid time for half-filled or impossible ones', () => {
    expect(secondsFromInputs('', '')).toBeNull();
    expect(secondsFromInputs('2026-07-01', '')).toBe(-1);
    expect(secondsFromInputs('', '08:00')).toBe(-1);
    expect(secondsFromInputs('2026-02-31', '08:00')).toBe(-1);
    expect(secondsFromInputs('2026-07-01', '25:00')).toBe(-1);
    expect(inputsFromSeconds(null)).toEqual({ date: '', time: '' });
  });

  it('spans whole days in the display zone, across a month end', () => {
    const span = daySpanSeconds('2026-06-30', '2026-07-01');
    expect(span).toEqual({
      start: Date.UTC(2026, 5, 29, 14, 0) / 1000,
      end: Date.UTC(2026, 6, 1, 14, 0) / 1000 - 1,
    });
    expect(daySpanSeconds('', '2026-07-01')).toBeNull();
    expect(daySpanSeconds('2026-02-31', '2026-03-02')).toBeNull();
  });
});
