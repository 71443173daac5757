import { toMegabits } from '@lightpath/domain/services';
import type { TrafficHistory } from '@lightpath/domain/telemetry';

export type TrafficChartPoint = { datetime: number; atob: number | null; btoa: number | null };

const round2 = (value: number) => Math.round(value * 100) / 100;

// The API sends bytes per second for each direction separately; the chart wants one row per moment
// with both directions in Mb/s (spec 9), oldest first. A direction missing at a moment stays null, so
// the line is not drawn down to a zero that never happened.
export function trafficChartPoints(history: TrafficHistory): TrafficChartPoint[] {
  const rows = new Map<number, TrafficChartPoint>();
  const row = (datetime: number) => {
    let existing = rows.get(datetime);
    if (!existing) {
      existing = { datetime, atob: null, btoa: null };
      rows.set(datetime, existing);
    }
    return existing;
  };
  for (const point of history.atob) row(point.datetime).atob = round2(toMegabits(point.value));
  for (const point of history.btoa) row(point.datetime).btoa = round2(toMegabits(point.value));
  return [...rows.values()].sort((a, b) => a.datetime - b.datetime);
}

export type TrafficSummary = { latest: number | null; peak: number | null };

// The figures beside the chart: the most recent reading and the peak of the window, per direction.
export function trafficSummary(
  points: readonly TrafficChartPoint[],
  direction: 'atob' | 'btoa',
): TrafficSummary {
  const values = points.map((p) => p[direction]).filter((v): v is number => v !== null);
  if (values.length === 0) return { latest: null, peak: null };
  return { latest: values[values.length - 1] ?? null, peak: Math.max(...values) };
}

export function formatMegabits(value: number | null): string {
  if (value === null) return '—';
  if (value >= 1000) return `${(value / 1024).toFixed(2)} Gb/s`;
  return `${value < 10 ? value.toFixed(2) : value.toFixed(1)} Mb/s`;
}
