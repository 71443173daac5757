import type { TrafficHistory } from '@lightpath/domain/telemetry';
import { type BitRateUnit, bitRateUnitFor, bitsPerSecond } from '@lightpath/domain/telemetry';

// Values are bits per second (decisions.md: traffic reads in b/s, like utilisation).
export type TrafficChartPoint = { datetime: number; atob: number | null; btoa: number | null };

// The API sends bytes per second for each direction separately; the chart wants one row per moment
// with both directions in bits per second, oldest first. A direction missing at a moment stays null,
// so the line is not drawn down to a zero that never happened.
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
  for (const point of history.atob) row(point.datetime).atob = bitsPerSecond(point.value);
  for (const point of history.btoa) row(point.datetime).btoa = bitsPerSecond(point.value);
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

// One unit for the whole axis, chosen from the higher of the two peaks.
export function trafficAxisUnit(a: TrafficSummary, b: TrafficSummary): BitRateUnit {
  return bitRateUnitFor(Math.max(a.peak ?? 0, b.peak ?? 0));
}
