import { z } from 'zod';
import { secondsAtWallTime, wallTimeIn } from './time';

// The period every report covers (issue 17): whole days, first and last included, read in the
// PORTAL's zone. A report is a shared document (docs/decisions/016): the SLA report an IT manager
// sends a director says the same months whoever downloads it, so its months and days are the
// operator's, never the reader's. The wire carries the days as written ('2026-07-01'), not unix
// seconds, so a link to last quarter's report stays last quarter's wherever it is opened.

// Two years: the longest history the reports' data is kept and seeded for (issue 17, item 3).
export const reportMaxMonths = 24;

export const reportPeriodMessages = {
  fromInvalid: 'From must be a day written YYYY-MM-DD',
  toInvalid: 'To must be a day written YYYY-MM-DD',
  reversed: 'The period must not end before it starts',
  tooLong: `A report covers at most ${reportMaxMonths} months`,
} as const;

// The notices of a report's CSV and PDF downloads (spec 8's 'Report Generated' on success).
export const reportDownloadMessages = {
  generated: 'Report Generated',
  failed: 'The report could not be made. Try again.',
} as const;

export type ReportDay = { year: number; month: number; day: number };

// Null unless the text is a calendar day: '2026-02-30' and '2026-2-3' are not.
export function parseReportDay(text: string): ReportDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (year < 1970 || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

const pad = (n: number) => String(n).padStart(2, '0');
export const formatReportDay = (d: ReportDay) => `${d.year}-${pad(d.month)}-${pad(d.day)}`;

// Calendar arithmetic on days, zone-free: a day is a date, not a moment.
function addDays(d: ReportDay, days: number): ReportDay {
  const next = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}
const dayNumber = (d: ReportDay) => Date.UTC(d.year, d.month - 1, d.day) / 86_400_000;
const monthIndex = (d: Pick<ReportDay, 'year' | 'month'>) => d.year * 12 + d.month - 1;
const firstOfMonth = (index: number): ReportDay => ({
  year: Math.floor(index / 12),
  month: (index % 12) + 1,
  day: 1,
});
const lastOfMonth = (index: number): ReportDay => addDays(firstOfMonth(index + 1), -1);

// At most 24 months: the last day is before the same day of the month 24 months on
// ('2024-12-01' to '2026-11-30' is 24 months; to '2026-12-01' is one day over).
function isWithinMaxMonths(from: ReportDay, to: ReportDay): boolean {
  const limitIndex = monthIndex(from) + reportMaxMonths;
  const limitFirst = firstOfMonth(limitIndex);
  // 31 January + 24 months is the last day of January two years on, not 3 March.
  const limitDay = Math.min(from.day, lastOfMonth(limitIndex).day);
  return dayNumber(to) < dayNumber({ ...limitFirst, day: limitDay });
}

function day(message: string) {
  return z.string({ error: message }).refine((value) => parseReportDay(value) !== null, message);
}

export const reportPeriodQuerySchema = z
  .object({ from: day(reportPeriodMessages.fromInvalid), to: day(reportPeriodMessages.toInvalid) })
  .superRefine((period, issue) => {
    const from = parseReportDay(period.from);
    const to = parseReportDay(period.to);
    if (!from || !to) return;
    if (dayNumber(to) < dayNumber(from))
      issue.addIssue({ code: 'custom', path: ['to'], message: reportPeriodMessages.reversed });
    else if (!isWithinMaxMonths(from, to))
      issue.addIssue({ code: 'custom', path: ['to'], message: reportPeriodMessages.tooLong });
  });
export type ReportPeriodQuery = z.output<typeof reportPeriodQuerySchema>;

export type ReportMonth = {
  // 'YYYY-MM'
  month: string;
  // Unix seconds, clipped to the period; end is exclusive.
  start: number;
  end: number;
  // False when the period starts or ends inside the month.
  whole: boolean;
};

export type ResolvedReportPeriod = {
  from: string;
  to: string;
  // Unix seconds: midnight starting `from` and midnight after `to` (exclusive), in the zone.
  start: number;
  end: number;
  months: ReportMonth[];
};

// Midnight starting the day in the zone. Where the clock skips midnight (summer time starting at
// 00:00 in a few zones) the day starts at the first minute it reads.
export function startOfDayIn(d: ReportDay, zone: string): number {
  for (let minute = 0; minute <= 120; minute += 1) {
    const seconds = secondsAtWallTime({ ...d, hour: Math.floor(minute / 60), minute: minute % 60 }, zone);
    if (seconds !== null) return seconds;
  }
  throw new Error(`No start of ${formatReportDay(d)} in ${zone}`);
}

// The moments a valid period covers, and every calendar month it touches, clipped to it.
export function resolveReportPeriod(period: ReportPeriodQuery, zone: string): ResolvedReportPeriod {
  const from = parseReportDay(period.from);
  const to = parseReportDay(period.to);
  if (!from || !to) throw new Error('resolveReportPeriod takes a period reportPeriodQuerySchema accepted');
  const start = startOfDayIn(from, zone);
  const end = startOfDayIn(addDays(to, 1), zone);
  const months: ReportMonth[] = [];
  for (let index = monthIndex(from); index <= monthIndex(to); index += 1) {
    const first = firstOfMonth(index);
    const monthStart = startOfDayIn(first, zone);
    const monthEnd = startOfDayIn(firstOfMonth(index + 1), zone);
    months.push({
      month: `${first.year}-${pad(first.month)}`,
      start: Math.max(start, monthStart),
      end: Math.min(end, monthEnd),
      whole: start <= monthStart && end >= monthEnd,
    });
  }
  return { from: period.from, to: period.to, start, end, months };
}

// 'Nov 2026' for '2026-11'.
const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export function formatReportMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return `${monthNames[number - 1]} ${year}`;
}

// '1 Jul 2026 – 30 Sep 2026', for headings and PDF titles.
export function formatReportPeriod(period: Pick<ReportPeriodQuery, 'from' | 'to'>): string {
  const words = (text: string) => {
    const d = parseReportDay(text);
    return d ? `${d.day} ${monthNames[d.month - 1]} ${d.year}` : text;
  };
  return `${words(period.from)} – ${words(period.to)}`;
}

export const reportPresetValues = [
  'this-month',
  'last-month',
  'last-quarter',
  'last-12-months',
  'year-to-date',
] as const;
export type ReportPresetValue = (typeof reportPresetValues)[number];
export type ReportPreset = { value: ReportPresetValue; label: string; from: string; to: string };

// The periods people ask for, as of a moment, in the zone. 'Last quarter' is the last whole calendar
// quarter (July to September when asked in November); 'Last 12 months' the twelve whole months before
// this one, so it never holds a month in progress.
export function reportPresets(nowSeconds: number, zone: string): ReportPreset[] {
  const wall = wallTimeIn(nowSeconds, zone);
  const today: ReportDay = { year: wall.year, month: wall.month, day: wall.day };
  const thisMonth = monthIndex(today);
  const quarterStart = thisMonth - (thisMonth % 3);
  const span = (value: ReportPresetValue, label: string, from: ReportDay, to: ReportDay): ReportPreset => ({
    value,
    label,
    from: formatReportDay(from),
    to: formatReportDay(to),
  });
  return [
    span('this-month', 'This month', firstOfMonth(thisMonth), lastOfMonth(thisMonth)),
    span('last-month', 'Last month', firstOfMonth(thisMonth - 1), lastOfMonth(thisMonth - 1)),
    span('last-quarter', 'Last quarter', firstOfMonth(quarterStart - 3), lastOfMonth(quarterStart - 1)),
    span('last-12-months', 'Last 12 months', firstOfMonth(thisMonth - 12), lastOfMonth(thisMonth - 1)),
    span('year-to-date', 'Year to date', { year: today.year, month: 1, day: 1 }, today),
  ];
}

export function reportPreset(value: ReportPresetValue, nowSeconds: number, zone: string): ReportPreset {
  return reportPresets(nowSeconds, zone).find((preset) => preset.value === value)!;
}
