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
