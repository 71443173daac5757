// Presentation helpers of the events pages. Times are unix seconds (decisions.md).

const minute = 60;
const hour = 60 * minute;
const day = 24 * hour;

function plural(value: number, unit: string): string {
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
}

// The two largest units are enough to read a window at a glance: '2 days 3 hours', '45 minutes'.
export function formatSpan(seconds: number): string {
  const span = Math.max(0, Math.round(seconds));
  if (span < minute) return 'under a minute';
  const days = Math.floor(span / day);
  const hours = Math.floor((span % day) / hour);
  const minutes = Math.floor((span % hour) / minute);
  if (days > 0) return hours > 0 ? `${plural(days, 'day')} ${plural(hours, 'hour')}` : plural(days, 'day');
  if (hours > 0)
    return minutes > 0 ? `${plural(hours, 'hour')} ${plural(minutes, 'minute')}` : plural(hours, 'hour');
  return plural(minutes, 'minute');
}

// An event without an end (an ongoing outage) has lasted as long as it has been running so far.
export function formatEventDuration(
  event: { starttime: number; endtime: number | null },
  nowSeconds: number,
): string {
  if (event.endtime) return formatSpan(event.endtime - event.starttime);
  if (event.starttime > nowSeconds) return 'Not yet known';
  return `${formatSpan(nowSeconds - event.starttime)} so far`;
}

// <input type="date"> speaks 'YYYY-MM-DD' in the user's own calendar day.
export function dateInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export const pastRangeDays = 30;

// Past Outages opens on the last 30 days, today included.
export function defaultPastRange(now: Date): { from: string; to: string } {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - pastRangeDays);
  return { from: dateInputValue(from), to: dateInputValue(now) };
}

function localDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(y, m - 1, d);
  // Rejects 2025-02-31 and the like, which Date would roll over into March.
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : null;
}

// From the start of the first day to the last second of the last day, in the user's time zone.
export function rangeSeconds(from: string, to: string): { start: number; end: number } | null {
  const first = localDay(from);
  const last = localDay(to);
  if (!first || !last) return null;
  const afterLast = new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1);
  return { start: Math.floor(first.getTime() / 1000), end: Math.floor(afterLast.getTime() / 1000) - 1 };
}
