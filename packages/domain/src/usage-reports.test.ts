import { describe, expect, it } from 'vitest';
import {
  formatUsagePercent,
  percentOfLineRate,
  quantileOf,
  trafficFiguresOf,
  usageLabelOf,
  usageMonthsUpTo,
  usageReportCsvColumns,
  usageReportMessages,
  usageReportQuerySchema,
  usageReportSortFields,
} from './usage-reports';

describe('the 95th percentile', () => {
  it.each([
    ['no samples', [], null],
    ['one sample', [7], 7],
    ['two samples: 95% of the way from the lower to the higher', [0, 100], 95],
    ['1 to 20: rank 18.05 between 19 and 20', Array.from({ length: 20 }, (_, i) => i + 1), 19.05],
    ['1 to 101: rank 95 exactly, the 96th value', Array.from({ length: 101 }, (_, i) => i + 1), 96],
    ['order does not matter', [5, 1, 4, 2, 3], 4.8],
  ])('of %s', (_name, values, expected) => {
    const result = quantileOf(values, 0.95);
    if (expected === null) expect(result).toBeNull();
    else expect(result).toBeCloseTo(expected, 9);
  });

  it('leaves the samples it is given in their order', () => {
    const values = [3, 1, 2];
    quantileOf(values, 0.95);
    expect(values).toEqual([3, 1, 2]);
  });

  it('comes with the peak, the mean and the count', () => {
    expect(trafficFiguresOf([10, 30, 20, 40])).toEqual({ quantile: 38.5, peak: 40, mean: 25, samples: 4 });
    expect(trafficFiguresOf([])).toBeNull();
  });
});

describe('utilisation as a percentage of the line rate', () => {
  it.each([
    // bytes per second, bits per second of the line, percent
    [125_000_000, 1e9, 100],
    [106_300_000, 1e9, 85],
    [106_312_500, 1e9, 85.1],
    [25_000_000, 200e6, 100],
    [1_250_000, 10e9, 0.1],
    [0, 1e9, 0],
  ])('%d B/s on a %d b/s line is %d%%', (bytes, line, percent) => {
    expect(percentOfLineRate(bytes, line)).toBe(percent);
  });
});

describe('the months the measuring job keeps, in the portal zone', () => {
  it('are calendar months from midnight on the first, newest first, across summer time', () => {
    // 2026-11-27 21:00 UTC is 28 November 08:00 in Sydney (AEDT, UTC+11).
    const months = usageMonthsUpTo(Date.UTC(2026, 10, 27, 21) / 1000, 'Australia/Sydney', 3);
    expect(months.map((m) => m.month)).toEqual(['2026-11-01', '2026-10-01', '2026-09-01']);
    // 1 November 00:00 AEDT is 31 October 13:00 UTC; 1 October 00:00 AEST is 30 September 14:00 UTC
    // (summer time began on 4 October, so October is an hour short).
    expect(months[0]!.start).toBe(Date.UTC(2026, 9, 31, 13) / 1000);
    expect(months[1]!.start).toBe(Date.UTC(2026, 8, 30, 14) / 1000);
    expect(months[1]!.end).toBe(months[0]!.start);
    expect(months[1]!.end - months[1]!.start).toBe(31 * 86_400 - 3600);
    expect(months[0]!.end).toBe(Date.UTC(2026, 10, 30, 13) / 1000);
  });

  it('turn the year in the zone, not in UTC', () => {
    // 2026-12-31 14:00 UTC is already 1 January 2027 in Sydney.
    const [first] = usageMonthsUpTo(Date.UTC(2026, 11, 31, 14) / 1000, 'Australia/Sydney', 1);
    expect(first!.month).toBe('2027-01-01');
    const [utc] = usageMonthsUpTo(Date.UTC(2026, 11, 31, 14) / 1000, 'UTC', 1);
    expect(utc!.month).toBe('2026-12-01');
  });
});

describe('the report query and columns', () => {
  it.each<[Record<string, string>, string | null]>([
    [{ from: '2026-01-01', to: '2026-12-31', label: 'atcapacity' }, null],
    // Every sort field passes the lists' sort pattern (letters and underscores only).
    ...usageReportSortFields.map((field): [Record<string, string>, string | null] => [
      { from: '2026-01-01', to: '2026-12-31', sort: `-${field}` },
      null,
    ]),
    [{ from: '2026-01-01', to: '2026-12-31', label: 'hot' }, usageReportMessages.labelInvalid],
  ])('%o', (query, message) => {
    const result = usageReportQuerySchema.safeParse(query);
    expect(result.success ? null : result.error.issues[0]!.message).toBe(message);
  });

  it('labels a service by its highest figures, a missing direction reading as none', () => {
    expect(usageLabelOf(null, 85.1)).toBe('At Capacity');
    expect(usageLabelOf(80.1, null)).toBe('Nearing Capacity');
    expect(usageLabelOf(null, null)).toBe('Available');
  });

  it("names each month's two columns with the zone", () => {
    const columns = usageReportCsvColumns(['2026-01', '2026-02'], 'Australia/Sydney');
    expect(columns.map((c) => c.header).slice(-4)).toEqual([
      '2026-01 A to B (%, Australia/Sydney)',
      '2026-01 B to A (%, Australia/Sydney)',
      '2026-02 A to B (%, Australia/Sydney)',
      '2026-02 B to A (%, Australia/Sydney)',
    ]);
    const row = {
      serviceid: 'UNG0012004701B',
      description: 'x',
      customerid: 1,
      customercode: 'UNG',
      customername: 'University of Northgate',
      speed: '1G',
      atob: 50,
      btoa: 60,
      label: 'Available' as const,
      months: [{ month: '2026-02', atob: 50, btoa: 60, complete: true }],
    };
    expect(columns.slice(-4).map((c) => c.value(row))).toEqual([null, null, 50, 60]);
    expect(formatUsagePercent(86.25)).toBe('86.3%');
    expect(formatUsagePercent(null)).toBe('—');
  });
});
