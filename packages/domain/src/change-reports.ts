import { z } from 'zod';
import { idSchema, listPage, listQuerySchema } from './api';
import { formatCheckinDuration } from './checkins';
import { type CsvColumn, csvDateTime, csvTimeHeader } from './csv';
import { eventPriorities, eventTypes, slaClassifications } from './events';
import {
  formatReportDay,
  formatReportMonth,
  parseReportDay,
  type ResolvedReportPeriod,
  reportPeriodQuerySchema,
  startOfDayIn,
} from './report-period';

// Issue 17 item 1, /documentation/changeman-reports: the change board's reading of the scheduled works
// (event type 1) and hazards (type 2) of a period, by priority, approver and customer. An event belongs
// to the period its START falls in (the board approves a change for the window it opens in): one that
// started before the period and runs into it was in the previous report and is not repeated; one that
// starts on the period's last evening and ends after it is listed whole, with its real end and duration
// (docs/decisions/037).

export const changeReportMessages = {
  loadFailed: 'An error occurred retrieving the change management report',
  typeInvalid: 'Type must be 1 (scheduled works) or 2 (hazards)',
  priorityInvalid: 'Priority must be 1 to 5',
  approverTooLong: 'Approver must be at most 200 characters',
  pdfFailed: 'The change management report could not be downloaded',
} as const;

// The event types a change board reads: what was planned, never the unplanned outages.
export const changeEventTypes = [1, 2] as const;
export type ChangeEventType = (typeof changeEventTypes)[number];
export const changeTypeLabels: Record<ChangeEventType, string> = {
  1: eventTypes[1].label,
  2: eventTypes[2].label,
};

export type ChangePriority = keyof typeof eventPriorities;
export const changePriorityIds = [1, 2, 3, 4, 5] as const satisfies readonly ChangePriority[];

// The NOC reads every customer, so the customer counts show the busiest few and count the rest.
export const changeReportTopCustomers = 10;

// The chart's bars: a week each up to a quarter (13 bars), a calendar month each beyond that.
export const changeReportWeeklyMaxDays = 92;

export const changeReportSortFields = [
  'starttime',
  'number',
  'title',
  'type',
  'priority',
  'approver',
  'duration',
] as const;
export type ChangeReportSortField = (typeof changeReportSortFields)[number];
// In order of time: the board reads the month as it will happen.
export const changeReportDefaultSort = 'starttime';

const filterShape = {
  customer: idSchema.optional(),
  type: z
    .enum(['1', '2'], { error: changeReportMessages.typeInvalid })
    .transform((v) => Number(v) as ChangeEventType)
    .optional(),
  priority: z
    .enum(['1', '2', '3', '4', '5'], { error: changeReportMessages.priorityInvalid })
    .transform((v) => Number(v) as ChangePriority)
    .optional(),
  // An approver exactly as the events name it (the report's own list of approvers offers them).
  approver: z.string().trim().min(1).max(200, changeReportMessages.approverTooLong).optional(),
  q: listQuerySchema.shape.q,
  sort: listQuerySchema.shape.sort,
};

// GET /api/reports/changes (and its PDF): the period (reportPeriodQuerySchema: future periods too, the
// board reads next month's works) and the filters; the page's rows take limit and offset as lists do.
export const changeReportExportQuerySchema = reportPeriodQuerySchema.safeExtend(filterShape);
export const changeReportQuerySchema = reportPeriodQuerySchema.safeExtend({
  ...filterShape,
  limit: listQuerySchema.shape.limit,
  offset: listQuerySchema.shape.offset,
});
export type ChangeReportFilter = z.output<typeof changeReportExportQuerySchema>;
export type ChangeReportQuery = z.output<typeof changeReportQuerySchema>;

// One event of the report. Customers and services are the caller's scope: a customer sees only itself
// and its own services on an event that touches others too.
export const changeReportRowSchema = z.object({
  eventid: z.number(),
  number: z.number(),
  title: z.string(),
  type: z.literal(changeEventTypes),
  starttime: z.number(),
  endtime: z.number().nullable(),
  // Seconds from start to end; null while the event has no end.
  duration: z.number().nullable(),
  priority: z.number(),
  initiator: z.string(),
  approver: z.string(),
  slatype: z.number(),
  customers: z.array(z.string()),
  servicecount: z.number(),
});
export type ChangeReportRow = z.output<typeof changeReportRowSchema>;

export const changeReportBucketSchema = z.object({
  // The bucket's first day, YYYY-MM-DD, and its label ('3 Nov', 'Nov 2026').
  from: z.string(),
  label: z.string(),
  scheduledworks: z.number(),
  hazards: z.number(),
});

export const changeReportSummarySchema = z.object({
  total: z.number(),
  scheduledworks: z.number(),
  hazards: z.number(),
  // Every priority, zeros included, so the table's rows never move.
  bypriority: z.array(z.object({ priority: z.number(), label: z.string(), count: z.number() })),
  // Most events first.
  byapprover: z.array(z.object({ approver: z.string(), count: z.number() })),
  // The customers whose services the events touch, most events first: the top ones for the NOC, the
  // caller's own customer for a customer. An event on two customers counts once for each.
  bycustomer: z.array(
    z.object({
      customerid: z.number(),
      customercode: z.string(),
      customername: z.string(),
      count: z.number(),
    }),
  ),
  // How many customers in all, and how many beyond those listed.
  customercount: z.number(),
  othercustomers: z.number(),
  unit: z.enum(['week', 'month']),
  buckets: z.array(changeReportBucketSchema),
});
export type ChangeReportSummary = z.output<typeof changeReportSummarySchema>;

export const changeReportSchema = listPage(changeReportRowSchema).extend({
  period: z.object({
    from: z.string(),
    to: z.string(),
    start: z.number(),
    end: z.number(),
    zone: z.string(),
  }),
  summary: changeReportSummarySchema,
});
export type ChangeReport = z.output<typeof changeReportSchema>;

export const changePriorityLabel = (priority: number) =>
  eventPriorities[priority as ChangePriority] ?? `Priority ${priority}`;
export const slaClassLabel = (slatype: number) =>
  slaClassifications[slatype as keyof typeof slaClassifications] ?? `Class ${slatype}`;

// '4 h 00 min', '2 d 6 h'; an event without an end is still open.
export function changeDurationLabel(seconds: number | null): string {
  return seconds === null ? 'No end set' : formatCheckinDuration(seconds);
}

export type ChangeReportBucketBounds = { from: string; label: string; start: number; end: number };

// The chart's buckets for a period, in the portal's zone: weeks from Monday (the first and last clipped
// to the period) up to changeReportWeeklyMaxDays, calendar months beyond. Each bucket's start and end
// are unix seconds, end exclusive, so the server counts events into them by start time alone.
export function changeReportBuckets(
  period: ResolvedReportPeriod,
  zone: string,
): { unit: 'week' | 'month'; buckets: ChangeReportBucketBounds[] } {
  const from = parseReportDay(period.from);
  const to = parseReportDay(period.to);
  if (!from || !to) throw new Error('changeReportBuckets takes a resolved period');
  const dayMs = 86_400_000;
  const fromMs = Date.UTC(from.year, from.month - 1, from.day);
  const days = (Date.UTC(to.year, to.month - 1, to.day) - fromMs) / dayMs + 1;
  if (days > changeReportWeeklyMaxDays) {
    return {
      unit: 'month',
      buckets: period.months.map((m) => {
        // The first month starts on the period's first day; every other on the 1st.
        const first = m.month === period.from.slice(0, 7) ? period.from : `${m.month}-01`;
        return { from: first, label: formatReportMonth(m.month), start: m.start, end: m.end };
      }),
    };
  }
  const buckets: ChangeReportBucketBounds[] = [];
  // Monday is 1 in getUTCDay; a week starts on the Monday on or before the period's first day.
  const weekday = (new Date(fromMs).getUTCDay() + 6) % 7;
  for (let offset = -weekday; offset < days; offset += 7) {
    const firstMs = fromMs + Math.max(offset, 0) * dayMs;
    const first = new Date(firstMs);
    const day = { year: first.getUTCFullYear(), month: first.getUTCMonth() + 1, day: first.getUTCDate() };
    const nextOffset = Math.min(offset + 7, days);
    const next = new Date(fromMs + nextOffset * dayMs);
    const start = startOfDayIn(day, zone);
    const end =
      nextOffset === days
        ? period.end
        : startOfDayIn(
            { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() },
            zone,
          );
    const label = `${day.day} ${formatReportMonth(formatReportDay(day).slice(0, 7)).slice(0, 3)}`;
    buckets.push({ from: formatReportDay(day), label, start, end });
  }
  return { unit: 'week', buckets };
}

// Fills the counts the database found (bucket index, type, count) into every bucket, zeros included.
export function countIntoBuckets(
  bounds: readonly ChangeReportBucketBounds[],
  counts: readonly { bucket: number; type: number; count: number }[],
): z.output<typeof changeReportBucketSchema>[] {
  const buckets = bounds.map((b) => ({ from: b.from, label: b.label, scheduledworks: 0, hazards: 0 }));
  for (const { bucket, type, count } of counts) {
    const target = buckets[bucket];
    if (!target) continue;
    if (type === 1) target.scheduledworks += count;
    else if (type === 2) target.hazards += count;
  }
  return buckets;
}

// Every priority in order, the counts the database found filled in.
export function countByPriority(counts: readonly { priority: number; count: number }[]) {
  return changePriorityIds.map((priority) => ({
    priority,
    label: eventPriorities[priority],
    count: counts.find((c) => c.priority === priority)?.count ?? 0,
  }));
}

// The report's events as a CSV file. A report is a shared document (docs/decisions/016): its times are
// in the portal's zone, named in the headers, whoever downloads it. Duration in hours as a number, so a
// spreadsheet adds up the month's hours of works.
export function changeReportCsvColumns(zone: string): readonly CsvColumn<ChangeReportRow>[] {
  return [
    { header: 'Number', value: (r) => r.number },
    { header: 'Title', value: (r) => r.title },
    { header: 'Type', value: (r) => changeTypeLabels[r.type] },
    { header: csvTimeHeader('Start', zone), value: (r) => csvDateTime(r.starttime, zone) },
    { header: csvTimeHeader('End', zone), value: (r) => csvDateTime(r.endtime, zone) },
    {
      header: 'Duration (hours)',
      value: (r) => (r.duration === null ? null : +(r.duration / 3600).toFixed(2)),
    },
    { header: 'Priority', value: (r) => changePriorityLabel(r.priority) },
    { header: 'Initiator', value: (r) => r.initiator },
    { header: 'Approver', value: (r) => r.approver },
    { header: 'SLA class', value: (r) => slaClassLabel(r.slatype) },
    { header: 'Customers', value: (r) => r.customers.join(' ') },
    { header: 'Services', value: (r) => r.servicecount },
  ];
}

export const changeReportFilename = (period: { from: string; to: string }, extension: 'csv' | 'pdf') =>
  `Change management ${period.from} to ${period.to}.${extension}`;
