import { describe, expect, it } from 'vitest';
import { reportPeriodMessages, resolveReportPeriod } from './report-period';
import {
  availabilityPercent,
  type DowntimeEvent,
  downtimeKindOf,
  formatAvailability,
  type Interval,
  measureService,
  meetsTarget,
  mergeIntervals,
  minutesOf,
  type SlaServiceRow,
  secondsWithin,
  slaCsvColumns,
  slaDefinitions,
  slaReportExportQuerySchema,
  slaReportMessages,
  slaReportName,
  slaReportQuerySchema,
  slaTargetFallback,
  slaTargetFor,
  standardSlaTarget,
  subtractIntervals,
} from './sla-reports';

const hour = 3600;
const day = 86_400;

describe('which events are downtime, and whose', () => {
  it.each([
    // type, SLA class, kind
    [1, 1, 'scheduled'],
    [1, 2, 'excluded'],
    [1, 3, 'counted'],
    [1, 4, 'counted'],
    [1, 5, 'counted'],
    [3, 1, 'scheduled'],
    [3, 2, 'excluded'],
    [3, 3, 'counted'],
    [3, 4, 'counted'],
    [3, 5, 'counted'],
    // A hazard window puts a service at risk; it does not take it down.
    [2, 1, null],
    [2, 3, null],
    [2, 5, null],
    // Anything else is no class the portal knows.
    [3, 0, null],
    [3, 6, null],
    [4, 3, null],
  ] as const)('type %i classed %i is %s', (type, slatype, kind) => {
    expect(downtimeKindOf({ type, slatype })).toBe(kind);
  });
});

describe("a service's target", () => {
  it.each([
    ['UNG0012004701A', null, 99.5],
    ['UNG0012004701Q', null, 99.5],
    ['UNG0012004701B', null, 99.9],
    ['UNG0012004701D', null, 99.9],
    ['UNG0012004701F', null, 99.9],
    ['UNG0012004701H', null, 99.9],
    ['UNG0012004701W', null, 99.9],
    ['UNG0012004701G', null, 99.95],
    ['UNG0012004701X', null, 99.9],
    // A contracted target wins over the type's.
    ['UNG0012004701A', 99.99, 99.99],
    ['UNG0012004701G', 99.5, 99.5],
  ] as const)('%s contracted at %s has %s', (serviceid, contracted, target) => {
    expect(slaTargetFor({ serviceid, contracted })).toBe(target);
  });

  it("gives a type's standard by its letter, the fallback when there is none", () => {
    expect(standardSlaTarget('G')).toBe(99.95);
    expect(standardSlaTarget('A')).toBe(99.5);
    expect(standardSlaTarget('')).toBe(slaTargetFallback);
    expect(standardSlaTarget(null)).toBe(slaTargetFallback);
  });
});

describe('intervals', () => {
  it.each<[string, Interval[], Interval[]]>([
    ['none', [], []],
    [
      'apart',
      [
        [10, 20],
        [0, 5],
      ],
      [
        [0, 5],
        [10, 20],
      ],
    ],
    [
      'overlapping',
      [
        [0, 10],
        [5, 15],
        [14, 20],
      ],
      [[0, 20]],
    ],
    [
      'touching',
      [
        [0, 10],
        [10, 12],
      ],
      [[0, 12]],
    ],
    [
      'inside another',
      [
        [0, 100],
        [10, 20],
      ],
      [[0, 100]],
    ],
    [
      'empty or reversed dropped',
      [
        [5, 5],
        [9, 3],
        [1, 2],
      ],
      [[1, 2]],
    ],
  ])('merges %s', (_, input, merged) => {
    expect(mergeIntervals(input)).toEqual(merged);
  });

  it.each<[string, Interval[], Interval[], Interval[]]>([
    ['nothing', [[0, 10]], [], [[0, 10]]],
    [
      'the middle',
      [[0, 10]],
      [[3, 5]],
      [
        [0, 3],
        [5, 10],
      ],
    ],
    ['the whole', [[2, 4]], [[0, 10]], []],
    [
      'two pieces of two',
      [
        [0, 10],
        [20, 30],
      ],
      [[5, 25]],
      [
        [0, 5],
        [25, 30],
      ],
    ],
    [
      'several cuts',
      [[0, 30]],
      [
        [1, 2],
        [5, 6],
        [29, 40],
      ],
      [
        [0, 1],
        [2, 5],
        [6, 29],
      ],
    ],
  ])('subtracts %s', (_, from, minus, left) => {
    expect(subtractIntervals(from, minus)).toEqual(left);
  });

  it('counts the seconds within a window', () => {
    expect(
      secondsWithin(
        [
          [0, 10],
          [20, 30],
        ],
        5,
        25,
      ),
    ).toBe(10);
    expect(secondsWithin([[0, 10]], 10, 20)).toBe(0);
  });
});

describe('availability', () => {
  it.each([
    [0, 1000, 100],
    [1, 1000, 99.9],
    // 20 minutes down in a 30-day month: 99.954%.
    [20 * 60, 30 * day, 99.954],
    [1000, 1000, 0],
    [0, 0, null],
  ])('%i s down of %i s is %s%', (counted, measured, percent) => {
    expect(availabilityPercent(counted, measured)).toBe(percent);
  });

  it('meets the target at or above it, by the figure printed', () => {
    expect(meetsTarget(99.9, 99.9)).toBe(true);
    expect(meetsTarget(99.899, 99.9)).toBe(false);
    // 99.89996% prints as 99.900% and meets 99.9%.
    expect(meetsTarget(availabilityPercent(4, 100_000), 99.9)).toBe(true);
    expect(meetsTarget(null, 99.9)).toBe(false);
  });

  it('writes minutes to one decimal and a month not in service in words', () => {
    expect(minutesOf(90)).toBe(1.5);
    expect(minutesOf(100)).toBe(1.7);
    expect(formatAvailability(99.95)).toBe('99.950%');
    expect(formatAvailability(null)).toBe(slaReportMessages.notInService);
  });
});

// A quarter in UTC, so the hand-computed figures read plainly: July (31 days), August (31), September (30).
const quarter = resolveReportPeriod({ from: '2026-07-01', to: '2026-09-30' }, 'UTC');
const july1 = quarter.start;
const aug1 = quarter.months[1]!.start;
const sep1 = quarter.months[2]!.start;
const afterQuarter = quarter.end;
const measure = (events: DowntimeEvent[], more: Partial<Parameters<typeof measureService>[0]> = {}) =>
  measureService({
    period: quarter,
    now: afterQuarter + 10 * day,
    inServiceFrom: null,
    inServiceUntil: null,
    events,
    ...more,
  });

describe('measuring one service', () => {
  it('is 100% with no downtime', () => {
    expect(measure([])).toEqual({
      measured: 92 * day,
      counted: 0,
      scheduled: 0,
      excluded: 0,
      outages: 0,
      availability: 100,
      months: [100, 100, 100],
    });
  });

  it('counts overlapping outages once, as one outage', () => {
    // 10:00-12:00 and 11:00-13:00 on 2 July: three hours, not four.
    const start = july1 + day + 10 * hour;
    const result = measure([
      { start, end: start + 2 * hour, kind: 'counted' },
      { start: start + hour, end: start + 3 * hour, kind: 'counted' },
    ]);
    expect(result.counted).toBe(3 * hour);
    expect(result.outages).toBe(1);
    // July: 1 - 3 h / 744 h = 99.597%; the quarter: 1 - 3 / 2208 = 99.864%.
    expect(result.months).toEqual([99.597, 100, 100]);
    expect(result.availability).toBe(99.864);
  });

  it('counts an open outage up to the end of the period when now is later', () => {
    const result = measure([{ start: sep1 + 29 * day, end: null, kind: 'counted' }]);
    expect(result.counted).toBe(day);
    expect(result.months[2]).toBe(availabilityPercent(day, 30 * day));
  });

  it('counts an open outage, and the month in progress, only up to now', () => {
    // Now is noon on 11 August; the outage began at 06:00 that day.
    const now = aug1 + 10 * day + 12 * hour;
    const result = measure([{ start: now - 6 * hour, end: null, kind: 'counted' }], { now });
    expect(result.measured).toBe(31 * day + 10 * day + 12 * hour);
    expect(result.counted).toBe(6 * hour);
    // August so far: 252 h measured, 6 down: 97.619%. September has not begun: not measured.
    expect(result.months).toEqual([100, 97.619, null]);
  });

  it('measures a service provisioned mid-period from its first day, and its earlier months not at all', () => {
    const provisioned = aug1 + 15 * day;
    const result = measure([{ start: aug1 + 20 * day, end: aug1 + 20 * day + 8 * hour, kind: 'counted' }], {
      inServiceFrom: provisioned,
    });
    expect(result.measured).toBe(16 * day + 30 * day);
    // August: 8 h down of 16 days = 97.917%.
    expect(result.months).toEqual([null, 97.917, 100]);
    expect(result.availability).toBe(availabilityPercent(8 * hour, 46 * day));
  });

  it('measures a service deprovisioned mid-period until it went, and ignores events after', () => {
    const gone = aug1 + 10 * day;
    const result = measure(
      [
        { start: gone - hour, end: gone + hour, kind: 'counted' },
        { start: sep1 + day, end: sep1 + 2 * day, kind: 'counted' },
      ],
      { inServiceUntil: gone },
    );
    expect(result.measured).toBe(41 * day);
    expect(result.counted).toBe(hour);
    expect(result.months).toEqual([100, availabilityPercent(hour, 10 * day), null]);
  });

  it('measures nothing for a service not in service during the period', () => {
    const result = measure([], { inServiceFrom: afterQuarter + day });
    expect(result.measured).toBe(0);
    expect(result.availability).toBeNull();
    expect(result.months).toEqual([null, null, null]);
  });

  it('reports scheduled and excluded downtime apart, never counting time twice', () => {
    const start = july1 + 5 * day;
    const result = measure([
      // Works 00:00-04:00, an outage 03:00-05:00, force majeure 04:30-06:00 and 07:00-08:00.
      { start, end: start + 4 * hour, kind: 'scheduled' },
      { start: start + 3 * hour, end: start + 5 * hour, kind: 'counted' },
      { start: start + 4.5 * hour, end: start + 6 * hour, kind: 'excluded' },
      { start: start + 7 * hour, end: start + 8 * hour, kind: 'excluded' },
    ]);
    expect(result).toMatchObject({
      counted: 2 * hour,
      scheduled: 3 * hour,
      excluded: 2 * hour,
      outages: 1,
    });
  });

  it('clips events that started before the period', () => {
    const result = measure([{ start: july1 - 2 * hour, end: july1 + hour, kind: 'counted' }]);
    expect(result.counted).toBe(hour);
  });

  it("reads a period's months in the portal's zone", () => {
    // July in Sydney starts at 14:00 UTC on 30 June: an outage then is July's.
    const sydney = resolveReportPeriod({ from: '2026-07-01', to: '2026-07-31' }, 'Australia/Sydney');
    const result = measureService({
      period: sydney,
      now: sydney.end + day,
      inServiceFrom: null,
      inServiceUntil: null,
      events: [
        { start: Date.UTC(2026, 5, 30, 14) / 1000, end: Date.UTC(2026, 5, 30, 15) / 1000, kind: 'counted' },
      ],
    });
    expect(result.counted).toBe(hour);
  });
});

describe('the report query', () => {
  const messagesOf = (input: Record<string, string>) => {
    const result = slaReportQuerySchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('reads a period, a customer, the breached filter and paging', () => {
    expect(
      slaReportQuerySchema.parse({
        from: '2026-07-01',
        to: '2026-09-30',
        customerid: '12',
        breached: 'true',
        limit: '20',
      }),
    ).toMatchObject({
      from: '2026-07-01',
      to: '2026-09-30',
      customerid: 12,
      breached: true,
      limit: 20,
      offset: 0,
    });
    expect(
      slaReportQuerySchema.parse({ from: '2026-07-01', to: '2026-07-01', breached: 'false' }).breached,
    ).toBe(false);
  });

  it.each([
    [{ to: '2026-09-30' }, reportPeriodMessages.fromInvalid],
    [{ from: '2026-07-01' }, reportPeriodMessages.toInvalid],
    [{ from: '2026-7-1', to: '2026-09-30' }, reportPeriodMessages.fromInvalid],
    [{ from: '2026-07-01', to: '2026-02-30' }, reportPeriodMessages.toInvalid],
    [{ from: '2026-09-30', to: '2026-07-01' }, reportPeriodMessages.reversed],
    [{ from: '2024-01-01', to: '2026-01-01' }, reportPeriodMessages.tooLong],
    [{ from: '2026-07-01', to: '2026-09-30', breached: 'yes' }, slaReportMessages.breachedInvalid],
    [{ from: '2026-07-01', to: '2026-09-30', customerid: 'x' }, 'Id must be a number'],
  ])('refuses %o: %s', (input, message) => {
    expect(messagesOf(input)[0]).toBe(message);
  });

  it('takes the same period and filters for the CSV and PDF, with no paging', () => {
    expect(slaReportExportQuerySchema.parse({ from: '2026-07-01', to: '2026-09-30' })).toEqual({
      from: '2026-07-01',
      to: '2026-09-30',
    });
    expect(slaReportExportQuerySchema.safeParse({ from: '2026-09-30', to: '2026-07-01' }).success).toBe(
      false,
    );
  });
});

describe('the printed and exported report', () => {
  const row: SlaServiceRow = {
    serviceid: 'UNG0012004701B',
    description: 'Managed 1G: Main campus to Northgate PoP',
    customerid: 2,
    customercode: 'UNG',
    customername: 'University of Northgate',
    type: 'B',
    typename: 'Managed 1G',
    target: 99.9,
    availability: 99.864,
    months: [99.597, 100, null],
    downtime: 180,
    scheduled: 30.5,
    excluded: 0,
    measured: 132_480,
    outages: 1,
    met: false,
  };

  it('has one availability column per month, empty where not in service', () => {
    const columns = slaCsvColumns(['2026-07', '2026-08', '2026-09']);
    expect(columns.map((c) => c.header)).toEqual([
      'Service',
      'Description',
      'Customer code',
      'Customer',
      'Type',
      'Target (%)',
      'Availability (%)',
      'Jul 2026 (%)',
      'Aug 2026 (%)',
      'Sep 2026 (%)',
      'Counted downtime (min)',
      'Outages',
      'Scheduled downtime (min)',
      'Excluded downtime (min)',
      'In service (min)',
      'Met target',
    ]);
    expect(columns.map((c) => c.value(row))).toEqual([
      'UNG0012004701B',
      'Managed 1G: Main campus to Northgate PoP',
      'UNG',
      'University of Northgate',
      'Managed 1G',
      '99.900',
      '99.864',
      '99.597',
      '100.000',
      null,
      '180.0',
      1,
      '30.5',
      '0.0',
      '132480.0',
      'No',
    ]);
  });

  it('names the file by customer and period', () => {
    expect(slaReportName({ from: '2026-07-01', to: '2026-09-30', customercode: 'UNG' })).toBe(
      'SLA report UNG 2026-07-01 to 2026-09-30',
    );
    expect(slaReportName({ from: '2026-07-01', to: '2026-09-30' })).toBe(
      'SLA report 2026-07-01 to 2026-09-30',
    );
  });

  it('states each definition in one line, with the classes and targets by name', () => {
    for (const line of Object.values(slaDefinitions)) expect(line).not.toMatch(/\n/);
    expect(slaDefinitions.classes).toContain('Hardware Fault, Power Failure or Other');
    expect(slaDefinitions.classes).toContain('Scheduled Outage and Force Majeur');
    expect(slaDefinitions.target).toContain('Unmanaged 99.5%');
    expect(slaDefinitions.target).toContain('Layer 3 99.95%');
  });
});
