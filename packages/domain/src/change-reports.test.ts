import { describe, expect, it } from 'vitest';
import {
  type ChangeReportRow,
  changeDurationLabel,
  changeReportBuckets,
  changeReportCsvColumns,
  changeReportMessages,
  changeReportQuerySchema,
  countByPriority,
  countIntoBuckets,
} from './change-reports';
import { reportPeriodMessages, resolveReportPeriod } from './report-period';

const zone = 'Australia/Sydney';
const period = { from: '2026-11-01', to: '2026-11-30' };

function problemOf(query: Record<string, string>) {
  const parsed = changeReportQuerySchema.safeParse(query);
  return parsed.success
    ? null
    : { path: parsed.error.issues[0]!.path.join('.'), message: parsed.error.issues[0]!.message };
}

describe('changeReportQuerySchema', () => {
  it.each([
    [{ ...period, type: '3' }, 'type', changeReportMessages.typeInvalid],
    [{ ...period, type: 'works' }, 'type', changeReportMessages.typeInvalid],
    [{ ...period, priority: '0' }, 'priority', changeReportMessages.priorityInvalid],
    [{ ...period, priority: '6' }, 'priority', changeReportMessages.priorityInvalid],
    [{ ...period, approver: 'x'.repeat(201) }, 'approver', changeReportMessages.approverTooLong],
    [{ from: '2026-11-31', to: '2026-12-01' }, 'from', reportPeriodMessages.fromInvalid],
    [{ from: '2026-11-01', to: '30/11/2026' }, 'to', reportPeriodMessages.toInvalid],
    [{ from: '2026-11-01', to: '2026-10-31' }, 'to', reportPeriodMessages.reversed],
    [{ from: '2024-11-01', to: '2026-11-01' }, 'to', reportPeriodMessages.tooLong],
  ])('refuses %o at %s: %s', (query, path, message) => {
    expect(problemOf(query)).toEqual({ path, message });
  });

  it('reads the filters and paging, and accepts a period in the future', () => {
    const parsed = changeReportQuerySchema.parse({
      from: '2027-01-01',
      to: '2027-01-31',
      customer: '12',
      type: '2',
      priority: '4',
      approver: ' NOC ',
      limit: '20',
    });
    expect(parsed).toEqual({
      from: '2027-01-01',
      to: '2027-01-31',
      customer: 12,
      type: 2,
      priority: 4,
      approver: 'NOC',
      limit: 20,
      offset: 0,
    });
  });
});

describe('changeReportBuckets', () => {
  it('counts a month by week from Monday, the first and last week clipped to the period', () => {
    const resolved = resolveReportPeriod(period, zone);
    const { unit, buckets } = changeReportBuckets(resolved, zone);
    expect(unit).toBe('week');
    // 1 November 2026 is a Sunday, 30 November a Monday.
    expect(buckets.map((b) => [b.from, b.label])).toEqual([
      ['2026-11-01', '1 Nov'],
      ['2026-11-02', '2 Nov'],
      ['2026-11-09', '9 Nov'],
      ['2026-11-16', '16 Nov'],
      ['2026-11-23', '23 Nov'],
      ['2026-11-30', '30 Nov'],
    ]);
    expect(buckets[0]!.start).toBe(resolved.start);
    expect(buckets.at(-1)!.end).toBe(resolved.end);
    // Back to back: every moment of the period is in exactly one bucket.
    for (let i = 1; i < buckets.length; i += 1) expect(buckets[i]!.start).toBe(buckets[i - 1]!.end);
    // Midnight in Sydney (AEDT, UTC+11).
    expect(buckets[1]!.start).toBe(Date.UTC(2026, 10, 1, 13) / 1000);
  });

  it('counts a quarter by week and anything longer by calendar month', () => {
    const quarter = resolveReportPeriod({ from: '2026-07-01', to: '2026-09-30' }, zone);
    expect(changeReportBuckets(quarter, zone).unit).toBe('week');
    expect(changeReportBuckets(quarter, zone).buckets).toHaveLength(14);
    const year = resolveReportPeriod({ from: '2025-11-15', to: '2026-10-31' }, zone);
    const { unit, buckets } = changeReportBuckets(year, zone);
    expect(unit).toBe('month');
    expect(buckets).toHaveLength(12);
    expect(buckets.slice(0, 2).map((b) => [b.from, b.label])).toEqual([
      ['2025-11-15', 'Nov 2025'],
      ['2025-12-01', 'Dec 2025'],
    ]);
    expect(buckets[0]!.start).toBe(year.start);
  });

  it('crosses the change to summer time on a day boundary', () => {
    // Sydney's clocks go forward on 4 October 2026: that week is an hour short.
    const resolved = resolveReportPeriod({ from: '2026-09-28', to: '2026-10-11' }, zone);
    const [first, second] = changeReportBuckets(resolved, zone).buckets;
    expect(first!.end - first!.start).toBe(7 * 86_400 - 3_600);
    expect(second!.end - second!.start).toBe(7 * 86_400);
  });
});

describe('grouped counts', () => {
  it('fills every bucket and type, zeros included', () => {
    const bounds = changeReportBuckets(resolveReportPeriod(period, zone), zone).buckets;
    const buckets = countIntoBuckets(bounds, [
      { bucket: 1, type: 1, count: 3 },
      { bucket: 1, type: 2, count: 1 },
      { bucket: 5, type: 2, count: 2 },
      // Out of range (an event the database placed outside): not counted anywhere.
      { bucket: 9, type: 1, count: 4 },
    ]);
    expect(buckets.map((b) => [b.scheduledworks, b.hazards])).toEqual([
      [0, 0],
      [3, 1],
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 2],
    ]);
  });

  it('lists every priority in order, with its name', () => {
    expect(
      countByPriority([
        { priority: 3, count: 7 },
        { priority: 1, count: 2 },
      ]),
    ).toEqual([
      { priority: 1, label: 'Critical', count: 2 },
      { priority: 2, label: 'High', count: 0 },
      { priority: 3, label: 'Medium', count: 7 },
      { priority: 4, label: 'Low', count: 0 },
      { priority: 5, label: 'Planning', count: 0 },
    ]);
  });
});

describe('changeReportCsvColumns', () => {
  it('writes times in the zone named in the headers, hours as a number, names for codes', () => {
    const row: ChangeReportRow = {
      eventid: 1,
      number: 4211,
      title: '=Fibre works',
      type: 1,
      starttime: Date.UTC(2026, 10, 3, 12) / 1000,
      endtime: Date.UTC(2026, 10, 3, 16, 30) / 1000,
      duration: 4.5 * 3600,
      priority: 4,
      initiator: 'Field Services',
      approver: 'NOC',
      slatype: 1,
      customers: ['UNG', 'EBH'],
      servicecount: 3,
    };
    const columns = changeReportCsvColumns(zone);
    expect(columns.map((c) => c.header)).toEqual([
      'Number',
      'Title',
      'Type',
      'Start (Australia/Sydney)',
      'End (Australia/Sydney)',
      'Duration (hours)',
      'Priority',
      'Initiator',
      'Approver',
      'SLA class',
      'Customers',
      'Services',
    ]);
    expect(columns.map((c) => c.value(row))).toEqual([
      4211,
      '=Fibre works',
      'Scheduled Works',
      '2026-11-03 23:00',
      '2026-11-04 03:30',
      4.5,
      'Low',
      'Field Services',
      'NOC',
      'Scheduled Outage',
      'UNG EBH',
      3,
    ]);
  });

  it('says when an event has no end', () => {
    expect(changeDurationLabel(null)).toBe('No end set');
    expect(changeDurationLabel(4 * 3600)).toBe('4 h 00 min');
  });
});
