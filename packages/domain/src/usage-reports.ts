import { z } from 'zod';
import { idSchema, listPage, listQuerySchema } from './api';
import type { CsvColumn } from './csv';
import { reportPeriodQuerySchema } from './report-period';
import { type UsageLabel, usageLabel } from './services';
import { secondsAtWallTime, wallTimeIn } from './time';

// Usage reports (issue 17, /documentation/usage-reports): each service's monthly 95th percentile of
// utilisation, kept one row per service and month and labelled with the spec's capacity labels
// (usageLabel in services.ts). The sampling is docs/decisions/039-usage-reports.md.

// One sample is the average rate over five minutes, the interval capacity planners and transit
// contracts bill on ("95th percentile billing"); a month holds about 8,640 of them per direction.
export const usageSampleSeconds = 300;
export const usageQuantile = 0.95;
// How far back the measuring job fills in months it has no figure for: the longest report period.
export const usageHistoryMonths = 24;

// The φ-quantile of the samples as Prometheus's quantile_over_time computes it, so the simulator's
// figures and a real Prometheus's mean the same thing: sort, take rank φ·(n−1), and interpolate
// linearly between the two samples either side of it. Null for no samples.
export function quantileOf(values: readonly number[], quantile: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = quantile * (sorted.length - 1);
  const lower = Math.max(0, Math.floor(rank));
  const upper = Math.min(sorted.length - 1, lower + 1);
  const weight = rank - Math.floor(rank);
  return sorted[lower]! * (1 - weight) + sorted[upper]! * weight;
}

// What is kept of one direction over a window: the quantile, the highest and the mean sample, and how
// many samples there were. Units are the caller's (bytes per second from a telemetry source).
export type TrafficFigures = { quantile: number; peak: number; mean: number; samples: number };

export function trafficFiguresOf(values: readonly number[], quantile = usageQuantile): TrafficFigures | null {
  const q = quantileOf(values, quantile);
  if (q === null) return null;
  let peak = Number.NEGATIVE_INFINITY;
  let sum = 0;
  for (const value of values) {
    if (value > peak) peak = value;
    sum += value;
  }
  return { quantile: q, peak, mean: sum / values.length, samples: values.length };
}

// Bytes per second as a percentage of a line rate in bits per second, to one decimal place (the
// labels' thresholds are whole percents: 85.04% is above 85).
export function percentOfLineRate(bytesPerSecond: number, lineRateBps: number): number {
  return Math.round(((bytesPerSecond * 8) / lineRateBps) * 1000) / 10;
}

export type UsageMonth = {
  // The first day, 'YYYY-MM-01', as the table keys it.
  month: string;
  // Unix seconds: midnight on the first in the zone, and midnight on the first of the next month.
  start: number;
  end: number;
};

const pad = (n: number) => String(n).padStart(2, '0');

// Midnight starting the first of a month in the zone. No zone moves its clocks at midnight on a first
// of the month today, but should one, the month starts at the first minute its clock reads.
function monthStartIn(year: number, month: number, zone: string): number {
  for (let minute = 0; minute <= 120; minute += 1) {
    const seconds = secondsAtWallTime(
      { year, month, day: 1, hour: Math.floor(minute / 60), minute: minute % 60 },
      zone,
    );
    if (seconds !== null) return seconds;
  }
  throw new Error(`No start of ${year}-${pad(month)} in ${zone}`);
}

// The calendar month (in the zone) holding `seconds` and the `count - 1` before it, newest first.
export function usageMonthsUpTo(seconds: number, zone: string, count: number): UsageMonth[] {
  const now = wallTimeIn(seconds, zone);
  const months: UsageMonth[] = [];
  for (let back = 0; back < count; back += 1) {
    const index = now.year * 12 + now.month - 1 - back;
    const [year, month] = [Math.floor(index / 12), (index % 12) + 1];
    const [nextYear, nextMonth] = [Math.floor((index + 1) / 12), ((index + 1) % 12) + 1];
    months.push({
      month: `${year}-${pad(month)}-01`,
      start: monthStartIn(year, month, zone),
      end: monthStartIn(nextYear, nextMonth, zone),
    });
  }
  return months;
}

// --- The report (GET /api/reports/usage, /csv, /pdf) ---

export const usageReportMessages = {
  loadFailed: 'An error occurred retrieving the usage report',
  labelInvalid: 'Label must be atcapacity, nearingcapacity or available',
} as const;

// The one line the page and the PDF print under the title (issue 17 item 2).
export const usageDefinition =
  "Each month's figure is the 95th percentile of the service's 5-minute average traffic in each direction, as a percentage of its line rate; above 85% in either direction is At Capacity, above 80% Nearing Capacity. Months are the portal's; a month in progress is to date.";

export const usageLabelFilters = {
  atcapacity: 'At Capacity',
  nearingcapacity: 'Nearing Capacity',
  available: 'Available',
} as const satisfies Record<string, UsageLabel['label']>;
export type UsageLabelFilter = keyof typeof usageLabelFilters;
const labelFilterIds = Object.keys(usageLabelFilters) as [UsageLabelFilter, ...UsageLabelFilter[]];

export const usageReportSortFields = ['highest', 'atob', 'btoa', 'serviceid', 'customername'] as const;
export type UsageReportSortField = (typeof usageReportSortFields)[number];
// The hottest first: what a capacity planner reads the report for.
export const usageReportDefaultSort = '-highest';

const filterShape = {
  customer: idSchema.optional(),
  label: z.enum(labelFilterIds, { error: usageReportMessages.labelInvalid }).optional(),
  q: listQuerySchema.shape.q,
  sort: listQuerySchema.shape.sort,
};

// The period (reportPeriodQuerySchema) and the filters; the page's rows take limit and offset.
export const usageReportExportQuerySchema = reportPeriodQuerySchema.safeExtend(filterShape);
export const usageReportQuerySchema = reportPeriodQuerySchema.safeExtend({
  ...filterShape,
  limit: listQuerySchema.shape.limit,
  offset: listQuerySchema.shape.offset,
});
export type UsageReportFilter = z.output<typeof usageReportExportQuerySchema>;
export type UsageReportQuery = z.output<typeof usageReportQuerySchema>;

const usageLabelText = z.enum(['At Capacity', 'Nearing Capacity', 'Available']);

// A service's figures for one month, in percent; null when the month has none.
export const usageMonthFigureSchema = z.object({
  month: z.string(),
  atob: z.number().nullable(),
  btoa: z.number().nullable(),
  complete: z.boolean(),
});
export type UsageMonthFigure = z.output<typeof usageMonthFigureSchema>;

export const usageReportRowSchema = z.object({
  serviceid: z.string(),
  description: z.string(),
  customerid: z.number(),
  customercode: z.string(),
  customername: z.string(),
  speed: z.string().nullable(),
  // The period's highest monthly 95th percentile each way, and the label they give.
  atob: z.number().nullable(),
  btoa: z.number().nullable(),
  label: usageLabelText,
  // Each month of the period with a figure, oldest first.
  months: z.array(usageMonthFigureSchema),
});
export type UsageReportRow = z.output<typeof usageReportRowSchema>;

// The chart: per month, the services in each label, and those owed a figure that have none.
export const usageReportMonthSchema = z.object({
  month: z.string(),
  label: z.string(),
  // False when the period starts or ends inside the month (its figure is still the whole month's).
  whole: z.boolean(),
  // True while any figure of the month is to date.
  inprogress: z.boolean(),
  atcapacity: z.number(),
  nearingcapacity: z.number(),
  available: z.number(),
  unmeasured: z.number(),
});
export type UsageReportMonth = z.output<typeof usageReportMonthSchema>;

export const usageReportSchema = listPage(usageReportRowSchema).extend({
  period: z.object({
    from: z.string(),
    to: z.string(),
    start: z.number(),
    end: z.number(),
    zone: z.string(),
  }),
  months: z.array(usageReportMonthSchema),
});
export type UsageReport = z.output<typeof usageReportSchema>;

// The label of the highest figures, as the table and the filter read it.
export function usageLabelOf(atob: number | null, btoa: number | null): UsageLabel['label'] {
  return usageLabel(atob ?? 0, btoa ?? 0).label;
}

// '85.1%', or a dash for no figure.
export const formatUsagePercent = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)}%`);

export const usageReportFilename = (period: { from: string; to: string }, extension: 'csv' | 'pdf') =>
  `Usage report ${period.from} to ${period.to}.${extension}`;

// The CSV: one row per service, the period's highest and label, then each month's two figures in
// columns a spreadsheet can chart. Months are the portal's ('2026-07' in the zone named in the header).
export function usageReportCsvColumns(
  months: readonly string[],
  zone: string,
): readonly CsvColumn<UsageReportRow>[] {
  const figure = (row: UsageReportRow, month: string, direction: 'atob' | 'btoa') =>
    row.months.find((m) => m.month === month)?.[direction] ?? null;
  return [
    { header: 'Service', value: (r) => r.serviceid },
    { header: 'Description', value: (r) => r.description },
    { header: 'Customer code', value: (r) => r.customercode },
    { header: 'Customer', value: (r) => r.customername },
    { header: 'Speed', value: (r) => r.speed },
    { header: 'Highest 95th A to B (%)', value: (r) => r.atob },
    { header: 'Highest 95th B to A (%)', value: (r) => r.btoa },
    { header: 'Label', value: (r) => r.label },
    ...months.flatMap((month): CsvColumn<UsageReportRow>[] => [
      { header: `${month} A to B (%, ${zone})`, value: (r) => figure(r, month, 'atob') },
      { header: `${month} B to A (%, ${zone})`, value: (r) => figure(r, month, 'btoa') },
    ]),
  ];
}
