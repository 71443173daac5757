import type { TrafficHistory } from '@lightpath/domain/telemetry';
import { type BitRateUnit, bitRateUnitFor, bitsPerSecond } from '@lightpath/domain/telemetry';
import { mergeSeries, type SeriesRow, seriesSummary } from '../../lib/time-series';

// Values are bits per second (decisions.md: traffic reads in b/s, like utilisation).
export type TrafficChartPoint = SeriesRow<'atob' | 'btoa'>;

// The API sends bytes per second for each direction separately; the chart wants one row per moment
// with both directions in bits per second, oldest first.
export function trafficChartPoints(history: TrafficHistory): TrafficChartPoint[] {
  return mergeSeries({ atob: history.atob, btoa: history.btoa }, bitsPerSecond);
}

export type TrafficSummary = { latest: number | null; peak: number | null };

// The figures beside the chart: the most recent reading and the peak of the window, per direction.
export function trafficSummary(
  points: readonly TrafficChartPoint[],
  direction: 'atob' | 'btoa',
): TrafficSummary {
  const { latest, peak } = seriesSummary(points, direction);
  return { latest, peak };
}

// One unit for the whole axis, chosen from the higher of the two peaks.
export function trafficAxisUnit(a: TrafficSummary, b: TrafficSummary): BitRateUnit {
  return bitRateUnitFor(Math.max(a.peak ?? 0, b.peak ?? 0));
}
