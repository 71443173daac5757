import { displayTimeZone } from '../../lib/time-zone';

const formats = new Map<string, Intl.DateTimeFormat>();

// '27 Nov, 14:05:09': a call's moment to the second, in the reader's zone (the column header names it).
export function formatCallTime(seconds: number): string {
  const zone = displayTimeZone();
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-AU', {
      timeZone: zone,
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(zone, format);
  }
  return format.format(new Date(seconds * 1000));
}

export function formatDuration(ms: number): string {
  return ms < 10 ? ms.toFixed(1) : String(Math.round(ms));
}
