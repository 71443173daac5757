import { describe, expect, it } from 'vitest';
import {
  formatReportMonth,
  formatReportPeriod,
  parseReportDay,
  reportPeriodMessages,
  reportPeriodQuerySchema,
  reportPresets,
  resolveReportPeriod,
} from './report-period';

const sydney = 'Australia/Sydney';
const utc = (text: string) => Date.parse(text) / 1000;

function problems(query: unknown): string[] {
  const result = reportPeriodQuerySchema.safeParse(query);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('report period query', () => {
  it.each([
    ['one day', { from: '2026-11-01', to: '2026-11-01' }, []],
    ['a quarter', { from: '2026-07-01', to: '2026-09-30' }, []],
    ['exactly 24 months', { from: '2024-12-01', to: '2026-11-30' }, []],
    ['24 months from the 31st', { from: '2024-01-31', to: '2026-01-30' }, []],
    ['24 months and a day', { from: '2024-12-01', to: '2026-12-01' }, [reportPeriodMessages.tooLong]],
    ['31st plus 24 months', { from: '2024-01-31', to: '2026-01-31' }, [reportPeriodMessages.tooLong]],
    ['reversed', { from: '2026-11-02', to: '2026-11-01' }, [reportPeriodMessages.reversed]],
    ['no such day', { from: '2026-02-30', to: '2026-03-01' }, [reportPeriodMessages.fromInvalid]],
    ['unpadded', { from: '2026-7-1', to: '2026-09-30' }, [reportPeriodMessages.fromInvalid]],
    ['unix seconds', { from: '2026-07-01', to: '1790000000' }, [reportPeriodMessages.toInvalid]],
    ['missing to', { from: '2026-07-01' }, [reportPeriodMessages.toInvalid]],
    ['before 1970', { from: '1969-12-31', to: '1970-01-02' }, [reportPeriodMessages.fromInvalid]],
    [
      'both malformed',
      { from: 'July', to: 'now' },
      [reportPeriodMessages.fromInvalid, reportPeriodMessages.toInvalid],
    ],
  ])('%s', (_name, query, expected) => {
    expect(problems(query)).toEqual(expected);
  });

  it('reads only calendar days', () => {
    expect(parseReportDay('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseReportDay('2026-02-29')).toBeNull();
    expect(parseReportDay(' 2026-02-01')).toBeNull();
  });
});

describe('resolveReportPeriod', () => {
  it('starts and ends at midnight in the zone, and clips the months to the period', () => {
    const period = resolveReportPeriod({ from: '2026-09-15', to: '2026-11-10' }, sydney);
    // AEST (+10) in September, AEDT (+11) from 4 October.
    expect(period.start).toBe(utc('2026-09-14T14:00:00Z'));
    expect(period.end).toBe(utc('2026-11-10T13:00:00Z'));
    expect(period.months).toEqual([
      {
        month: '2026-09',
        start: utc('2026-09-14T14:00:00Z'),
        end: utc('2026-09-30T14:00:00Z'),
        whole: false,
      },
      { month: '2026-10', start: utc('2026-09-30T14:00:00Z'), end: utc('2026-10-31T13:00:00Z'), whole: true },
      {
        month: '2026-11',
        start: utc('2026-10-31T13:00:00Z'),
        end: utc('2026-11-10T13:00:00Z'),
        whole: false,
      },
    ]);
  });

  it('gives October its 23-hour day in Sydney (summer time starts on 4 October 2026)', () => {
    const { months } = resolveReportPeriod({ from: '2026-10-01', to: '2026-10-31' }, sydney);
    expect(months[0]!.end - months[0]!.start).toBe(31 * 86_400 - 3_600);
  });

  it('spans a year end', () => {
    const { months } = resolveReportPeriod({ from: '2025-12-01', to: '2026-01-31' }, 'UTC');
    expect(months.map((m) => [m.month, m.whole])).toEqual([
      ['2025-12', true],
      ['2026-01', true],
    ]);
  });

  it('starts a day the clock skips midnight at its first minute', () => {
    // Chile's summer time began at 00:00 on 8 September 2024: the clock went from 23:59 to 01:00.
    const period = resolveReportPeriod({ from: '2024-09-08', to: '2024-09-08' }, 'America/Santiago');
    expect(period.start).toBe(utc('2024-09-08T04:00:00Z'));
    expect(period.end - period.start).toBe(23 * 3_600);
  });
});

describe('report presets', () => {
  it('are whole calendar periods in the zone as of now', () => {
    // 27 Nov 2026 at 22:00 UTC is already 28 Nov in Sydney; 1 Jan 00:30 AEDT is still December in UTC.
    const presets = reportPresets(utc('2026-11-27T22:00:00Z'), sydney);
    expect(presets.map((p) => [p.value, p.from, p.to])).toEqual([
      ['this-month', '2026-11-01', '2026-11-30'],
      ['last-month', '2026-10-01', '2026-10-31'],
      ['last-quarter', '2026-07-01', '2026-09-30'],
      ['last-12-months', '2025-11-01', '2026-10-31'],
      ['year-to-date', '2026-01-01', '2026-11-28'],
    ]);
    const newYear = reportPresets(utc('2026-12-31T13:30:00Z'), sydney);
    expect(newYear.find((p) => p.value === 'last-quarter')).toMatchObject({
      from: '2026-10-01',
      to: '2026-12-31',
    });
    expect(newYear.find((p) => p.value === 'last-month')).toMatchObject({
      from: '2026-12-01',
      to: '2026-12-31',
    });
  });

  it('is always a valid period', () => {
    for (const preset of reportPresets(utc('2026-03-31T12:00:00Z'), sydney))
      expect(problems({ from: preset.from, to: preset.to })).toEqual([]);
  });
});

it('formats months and periods for headings', () => {
  expect(formatReportMonth('2026-07')).toBe('Jul 2026');
  expect(formatReportPeriod({ from: '2026-07-01', to: '2026-09-30' })).toBe('1 Jul 2026 – 30 Sep 2026');
});
