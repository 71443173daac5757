import { dayInputValue, daySpanSeconds } from '../../lib/time-zone';

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

export const pastRangeDays = 30;

// Past Outages opens on the last 30 days, today included, as days in the user's display zone.
export function defaultPastRange(nowSeconds: number): { from: string; to: string } {
  return { from: dayInputValue(nowSeconds, -pastRangeDays), to: dayInputValue(nowSeconds) };
}

// From the start of the first day to the last second of the last day, in the user's display zone.
export const rangeSeconds = daySpanSeconds;
