import { describe, expect, it } from 'vitest';
import {
  dateAndTimeInputsIn,
  formatZonedDateTime,
  formatZonedTime,
  isTimeZone,
  secondsAtWallTime,
  secondsFromDateAndTimeInputs,
  wallTimeIn,
  zoneAbbreviation,
} from './time';

const sydney = 'Australia/Sydney';
// 2026-11-25 09:30 in Sydney (AEDT, UTC+11) is 2026-11-24 22:30 UTC.
const summerMorning = Date.UTC(2026, 10, 24, 22, 30) / 1000;
// 2026-07-01 08:00 in Sydney (AEST, UTC+10) is 2026-06-30 22:00 UTC.
const winterMorning = Date.UTC(2026, 5, 30, 22, 0) / 1000;

describe('time zones', () => {
  it('knows zone names and refuses anything else', () => {
    expect(isTimeZone(sydney)).toBe(true);
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('labels a time with the abbreviation in force then', () => {
    expect(zoneAbbreviation(summerMorning, sydney)).toBe('AEDT');
    expect(zoneAbbreviation(winterMorning, sydney)).toBe('AEST');
    expect(zoneAbbreviation(summerMorning, 'UTC')).toBe('UTC');
  });

  it('formats one moment in the zone it is read in, always labelled', () => {
    expect(formatZonedDateTime(summerMorning, sydney)).toBe('25 Nov 2026, 9:30 am AEDT');
    expect(formatZonedDateTime(summerMorning, 'UTC')).toBe('24 Nov 2026, 10:30 pm UTC');
    expect(formatZonedTime(winterMorning, sydney)).toBe('8:00 am AEST');
  });

  it('reads what the wall clock in the zone shows', () => {
    expect(wallTimeIn(summerMorning, sydney)).toEqual({
      year: 2026,
      month: 11,
      day: 25,
      hour: 9,
      minute: 30,
    });
    expect(wallTimeIn(summerMorning, 'UTC')).toEqual({
      year: 2026,
      month: 11,
      day: 24,
      hour: 22,
      minute: 30,
    });
  });

  it('turns a wall time typed in a zone into the same moment whatever the browser zone is', () => {
    expect(secondsAtWallTime({ year: 2026, month: 11, day: 25, hour: 9, minute: 30 }, sydney)).toBe(
      summerMorning,
    );
    expect(secondsAtWallTime({ year: 2026, month: 7, day: 1, hour: 8, minute: 0 }, sydney)).toBe(
      winterMorning,
    );
    expect(secondsFromDateAndTimeInputs('2026-11-25', '09:30', sydney)).toBe(summerMorning);
    expect(dateAndTimeInputsIn(summerMorning, sydney)).toEqual({ date: '2026-11-25', time: '09:30' });
  });

  it('refuses dates that do not exist and the hour summer time skips; takes the first of a repeated hour', () => {
    expect(secondsFromDateAndTimeInputs('2026-02-31', '09:00', sydney)).toBeNull();
    expect(secondsFromDateAndTimeInputs('2026-11-25', '25:00', sydney)).toBeNull();
    expect(secondsFromDateAndTimeInputs('25/11/2026', '09:00', sydney)).toBeNull();
    // Sydney's clocks go from 2:00 to 3:00 on 4 October 2026: 2:30 never happens.
    expect(secondsFromDateAndTimeInputs('2026-10-04', '02:30', sydney)).toBeNull();
    // They go back from 3:00 to 2:00 on 5 April 2026: 2:30 happens twice, first in AEDT (UTC+11).
    expect(secondsFromDateAndTimeInputs('2026-04-05', '02:30', sydney)).toBe(
      Date.UTC(2026, 3, 4, 15, 30) / 1000,
    );
  });

  it('reads a date alone as midnight in the zone', () => {
    expect(secondsFromDateAndTimeInputs('2026-11-25', '', sydney)).toBe(Date.UTC(2026, 10, 24, 13, 0) / 1000);
  });
});
