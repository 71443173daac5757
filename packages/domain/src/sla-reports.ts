import { z } from 'zod';
import { idSchema, listPage, listQuerySchema } from './api';
import { type CsvColumn, csvYesNo } from './csv';
import { slaClassifications } from './events';
import { formatReportMonth, type ResolvedReportPeriod, reportPeriodQuerySchema } from './report-period';
import { type ServiceGroup, serviceGroupOf, serviceTypeOf } from './services';

// The SLA report (issue 17, /documentation/sla-reports): each service's availability per month and for
// the period, from the events on it, against its target. What counts and how is written down in
// docs/decisions/038 and, one line each, in `slaDefinitions`, which the page and the PDF print.

export const slaReportMessages = {
  loadFailed: 'An error occurred retrieving the SLA report',
  customerNotFound: 'Customer not found',
  breachedInvalid: 'Breached must be true or false',
  notInService: 'Not in service',
} as const;

// Which downtime an event is. Scheduled works (type 1) and outages (type 3) take a service down; a
// hazard window (type 2) only puts it at risk, so it is no downtime at all. The event's SLA class then
// says whose the time is: a hardware fault, power failure or other cause is the provider's and counts
// against availability; a scheduled outage was agreed beforehand and force majeure is outside anyone's
// control, so both are reported in their own columns and excluded.
export type DowntimeKind = 'counted' | 'scheduled' | 'excluded';
export const countedSlaClasses = [3, 4, 5] as const;
export const scheduledSlaClass = 1;
export const excludedSlaClass = 2;
export const downtimeEventTypes = [1, 3] as const;

export function downtimeKindOf(event: { type: number; slatype: number }): DowntimeKind | null {
  if (!(downtimeEventTypes as readonly number[]).includes(event.type)) return null;
  if (event.slatype === scheduledSlaClass) return 'scheduled';
  if (event.slatype === excludedSlaClass) return 'excluded';
  return (countedSlaClasses as readonly number[]).includes(event.slatype) ? 'counted' : null;
}

// A service's target, in percent: its contracted one when the NOC set it (services.sla_target), else
// the standard target of its type. Unmanaged services are dark fibre the customer lights, without
// the provider's redundancy; layer 3 services are delivered over two paths.
export const slaTargetsByGroup: Record<ServiceGroup, number> = {
  unmanaged: 99.5,
  managed: 99.9,
  vpls: 99.9,
  internet: 99.9,
  l3vpn: 99.95,
};
// A service whose id ends in no known type letter.
export const slaTargetFallback = 99.9;

// The standard target of a service type, by its letter (the last of the id).
export function standardSlaTarget(letter: string | null | undefined): number {
  const group = letter ? serviceGroupOf(letter) : null;
  return group ? slaTargetsByGroup[group] : slaTargetFallback;
}

export function slaTargetFor(service: { serviceid: string; contracted: number | null }): number {
  if (service.contracted !== null) return service.contracted;
  return standardSlaTarget(serviceTypeOf(service.serviceid).letter);
}

// One line per definition, as the page and the PDF print them.
const className = (id: keyof typeof slaClassifications) => slaClassifications[id];
export const slaDefinitions = {
  classes: `Scheduled works and outages classed ${className(3)}, ${className(4)} or ${className(5)} count against availability; ${className(1)} and ${className(2)} time is shown as scheduled and excluded downtime and does not count; hazard windows are not downtime.`,
  overlaps:
    'Overlapping events on one service count once; an outage still open counts up to the end of the period or now, whichever is first.',
  partial:
    "A month in progress counts up to now; a service provisioned or deprovisioned during the period is measured only while in service, and a month it was not in service reads 'Not in service'.",
  target: `Each service's target is its contracted one, else its type's: Unmanaged ${slaTargetsByGroup.unmanaged}%, Managed, VPLS and Internet ${slaTargetsByGroup.managed}%, Layer 3 ${slaTargetsByGroup.l3vpn}%.`,
  availability:
    'Availability is the share of the time in service not lost to counted downtime, to 3 decimals; a service meets its target when that figure is at or above it.',
} as const;
// Who sees which services in the PDF: the NOC's report of every customer lists the breaches only,
// a report of one customer lists every service.
export const slaPdfBreachesOnlyNote =
  'The report of every customer lists the services that breached their target; choose a customer for all of its services.';

// Half-open intervals of unix seconds: [start, end).
export type Interval = readonly [start: number, end: number];

// Sorted and merged: overlapping or touching intervals become one.
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

// What of merged `from` lies outside merged `minus` (both sorted and merged).
export function subtractIntervals(from: readonly Interval[], minus: readonly Interval[]): Interval[] {
  const left: Interval[] = [];
  let m = 0;
  for (const [start, end] of from) {
    let cursor = start;
    while (m < minus.length && minus[m]![1] <= cursor) m += 1;
    for (let k = m; k < minus.length && minus[k]![0] < end; k += 1) {
      const [cutStart, cutEnd] = minus[k]!;
      if (cutStart > cursor) left.push([cursor, cutStart]);
      cursor = Math.max(cursor, cutEnd);
      if (cursor >= end) break;
    }
    if (cursor < end) left.push([cursor, end]);
  }
  return left;
}

// Seconds of merged intervals within [from, to).
export function secondsWithin(merged: readonly Interval[], from: number, to: number): number {
  let total = 0;
  for (const [start, end] of merged) {
    if (start >= to) break;
    const overlap = Math.min(end, to) - Math.max(start, from);
    if (overlap > 0) total += overlap;
  }
  return total;
}

// Percent to 3 decimals (99.954); null when nothing was measured.
export function availabilityPercent(countedSeconds: number, measuredSeconds: number): number | null {
  if (measuredSeconds <= 0) return null;
  return Math.round((100_000 * (measuredSeconds - countedSeconds)) / measuredSeconds) / 1000;
}

// The figure compared is the one printed, so a reader never sees 99.900% marked as missing 99.9%.
export function meetsTarget(availability: number | null, target: number): boolean {
  return availability !== null && availability >= target;
}

export const minutesOf = (seconds: number) => Math.round(seconds / 6) / 10;

export type DowntimeEvent = { start: number; end: number | null; kind: DowntimeKind };

export type ServiceMeasure = {
  // Seconds in service within the period (and before now).
  measured: number;
  counted: number;
  scheduled: number;
  excluded: number;
  // Counted downtime spells after merging: overlapping outages are one.
  outages: number;
  availability: number | null;
  // Per month of the period, in its order: null when the service was not in service that month (or
  // the month has not started).
  months: (number | null)[];
};

// One service over a period: in service from its provision (start of that day, in the portal's zone)
// until it was deprovisioned, if either falls in the period; only up to now. An event with no end
// counts up to now. Time in two kinds at once is counted in the first of counted, scheduled, excluded.
export function measureService(input: {
  period: Pick<ResolvedReportPeriod, 'start' | 'end' | 'months'>;
  now: number;
  inServiceFrom: number | null;
  inServiceUntil: number | null;
  events: readonly DowntimeEvent[];
}): ServiceMeasure {
  const from = Math.max(input.period.start, input.inServiceFrom ?? input.period.start);
  const to = Math.min(input.period.end, input.now, input.inServiceUntil ?? input.period.end);
  const byKind: Record<DowntimeKind, Interval[]> = { counted: [], scheduled: [], excluded: [] };
  for (const event of input.events) {
    const start = Math.max(event.start, from);
    const end = Math.min(event.end || input.now, to);
    if (end > start) byKind[event.kind].push([start, end]);
  }
  const counted = mergeIntervals(byKind.counted);
  const scheduled = subtractIntervals(mergeIntervals(byKind.scheduled), counted);
  const excluded = subtractIntervals(
    subtractIntervals(mergeIntervals(byKind.excluded), counted),
    mergeIntervals(scheduled),
  );
  const measured = Math.max(0, to - from);
  const countedSeconds = secondsWithin(counted, from, to);
  const months = input.period.months.map((month) => {
    const start = Math.max(month.start, from);
    const end = Math.min(month.end, to);
    return end > start ? availabilityPercent(secondsWithin(counted, start, end), end - start) : null;
  });
  return {
    measured,
    counted: countedSeconds,
    scheduled: secondsWithin(scheduled, from, to),
    excluded: secondsWithin(excluded, from, to),
    outages: counted.length,
    availability: availabilityPercent(countedSeconds, measured),
    months,
  };
}

export const slaSortFields = [
  'availability',
  'serviceid',
  'description',
  'customername',
  'type',
  'target',
  'downtime',
  'outages',
] as const;
export type SlaSortField = (typeof slaSortFields)[number];
// Worst first: the services a reader has to explain.
export const slaDefaultSort = 'availability';

const slaReportFilters = {
  customerid: idSchema.optional(),
  breached: z
    .enum(['true', 'false'], { error: slaReportMessages.breachedInvalid })
    .transform((value) => value === 'true')
    .optional(),
};

// The shared period (its rules and messages), the NOC's customer, and the table's search, breached
// filter, sort and page.
export const slaReportQuerySchema = reportPeriodQuerySchema.safeExtend({
  ...listQuerySchema.shape,
  ...slaReportFilters,
});
export type SlaReportQuery = z.output<typeof slaReportQuerySchema>;
// The CSV and the PDF: the same report, every row.
export const slaReportExportQuerySchema = reportPeriodQuerySchema.safeExtend({
  ...listQuerySchema.omit({ limit: true, offset: true }).shape,
  ...slaReportFilters,
});
export type SlaReportExportQuery = z.output<typeof slaReportExportQuerySchema>;

export const slaServiceRowSchema = z.object({
  serviceid: z.string(),
  description: z.string(),
  customerid: z.number(),
  customercode: z.string(),
  customername: z.string(),
  // The type letter; typename is its name (Managed 1G).
  type: z.string(),
  typename: z.string(),
  // Percent.
  target: z.number(),
  // Percent to 3 decimals, over the time in service in the period.
  availability: z.number(),
  // One per month of the period, in order; null when not in service that month.
  months: z.array(z.number().nullable()),
  // Minutes, to one decimal: counted, scheduled and excluded downtime, and the time in service.
  downtime: z.number(),
  scheduled: z.number(),
  excluded: z.number(),
  measured: z.number(),
  outages: z.number(),
  met: z.boolean(),
});
export type SlaServiceRow = z.output<typeof slaServiceRowSchema>;

export const slaMonthSummarySchema = z.object({
  month: z.string(),
  // False when the period starts or ends inside the month, or the month is in progress.
  whole: z.boolean(),
  services: z.number(),
  breached: z.number(),
  // The mean of the services' availability that month; null when none was in service.
  availability: z.number().nullable(),
});
export type SlaMonthSummary = z.output<typeof slaMonthSummarySchema>;

export const slaReportSchema = listPage(slaServiceRowSchema).extend({
  from: z.string(),
  to: z.string(),
  // The portal's zone the days are read in (a report is a shared document: docs/decisions/016).
  zone: z.string(),
  customer: z
    .object({ customerid: z.number(), customercode: z.string(), customername: z.string() })
    .nullable(),
  // The summary covers every service the period and customer select, before the search and the
  // breached filter narrow the table.
  summary: z.object({
    services: z.number(),
    met: z.number(),
    breached: z.number(),
    availability: z.number().nullable(),
  }),
  months: z.array(slaMonthSummarySchema),
});
export type SlaReport = z.output<typeof slaReportSchema>;

const percent = (value: number | null) => (value === null ? null : value.toFixed(3));

// 'SLA report UNG 2026-07-01 to 2026-09-30': the CSV's and PDF's name, without its extension.
export function slaReportName(report: {
  from: string;
  to: string;
  customercode?: string | undefined;
}): string {
  const who = report.customercode ? ` ${report.customercode}` : '';
  return `SLA report${who} ${report.from} to ${report.to}`;
}

// The CSV export's columns: one availability column per month of the period. Percentages with three
// decimals, minutes with one; a month not in service is left empty.
export function slaCsvColumns(months: readonly string[]): readonly CsvColumn<SlaServiceRow>[] {
  return [
    { header: 'Service', value: (r) => r.serviceid },
    { header: 'Description', value: (r) => r.description },
    { header: 'Customer code', value: (r) => r.customercode },
    { header: 'Customer', value: (r) => r.customername },
    { header: 'Type', value: (r) => r.typename },
    { header: 'Target (%)', value: (r) => r.target.toFixed(3) },
    { header: 'Availability (%)', value: (r) => percent(r.availability) },
    ...months.map(
      (month, i): CsvColumn<SlaServiceRow> => ({
        header: `${formatReportMonth(month)} (%)`,
        value: (r) => percent(r.months[i] ?? null),
      }),
    ),
    { header: 'Counted downtime (min)', value: (r) => r.downtime.toFixed(1) },
    { header: 'Outages', value: (r) => r.outages },
    { header: 'Scheduled downtime (min)', value: (r) => r.scheduled.toFixed(1) },
    { header: 'Excluded downtime (min)', value: (r) => r.excluded.toFixed(1) },
    { header: 'In service (min)', value: (r) => r.measured.toFixed(1) },
    { header: 'Met target', value: (r) => csvYesNo(r.met) },
  ];
}

// '99.954%'; 'Not in service' for a month without service.
export function formatAvailability(value: number | null): string {
  return value === null ? slaReportMessages.notInService : `${value.toFixed(3)}%`;
}
