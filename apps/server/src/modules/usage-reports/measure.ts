import {
  percentOfLineRate,
  type TrafficFigures,
  usageHistoryMonths,
  usageMonthsUpTo,
  usageQuantile,
  usageSampleSeconds,
} from '@lightpath/domain/usage-reports';
import { speedBitsPerSecond, TelemetryError } from '../../integrations/telemetry/telemetry';
import { startBackgroundJob } from '../../platform/background-job';
import type { Dependencies } from '../../platform/service-context';
import { endpointsOf } from '../telemetry/service';
import {
  type DueMeasurement,
  keepMeasurements,
  listDueMeasurements,
  type UsageMeasurement,
} from './repository';

// The usage report's history (docs/decisions/039): each service's monthly 95th percentile, asked of
// the telemetry source by a background job and kept. A finished month is measured once; the month in
// progress again once its figure is an hour old; a month the source could not answer stays missing
// and is asked for again next round.

export type UsageMeasuringOptions = {
  // Pairs of service and month measured per round: a round on national data is bounded, and the
  // rest follow in the next rounds.
  batch?: number;
  // How old the month in progress's figure may grow before it is measured again.
  refreshSeconds?: number;
};

const defaultBatch = 100;
const defaultRefreshSeconds = 3600;

type MeasuringDeps = Pick<Dependencies, 'query' | 'telemetry' | 'config' | 'log'>;

function measurementOf(
  due: DueMeasurement,
  window: { end: number; complete: boolean },
  lineRate: number | null,
  figures: { in: TrafficFigures | null; out: TrafficFigures | null },
): UsageMeasurement {
  // The A end receives what goes from A to B (modules/telemetry reads utilisation the same way).
  const percent = (f: TrafficFigures | null, value: (f: TrafficFigures) => number) =>
    f && lineRate ? percentOfLineRate(value(f), lineRate) : null;
  return {
    serviceid: due.serviceid,
    month: due.month,
    linerate: lineRate,
    samples: Math.max(figures.in?.samples ?? 0, figures.out?.samples ?? 0),
    p95atob: percent(figures.in, (f) => f.quantile),
    p95btoa: percent(figures.out, (f) => f.quantile),
    peakatob: percent(figures.in, (f) => f.peak),
    peakbtoa: percent(figures.out, (f) => f.peak),
    meanatob: percent(figures.in, (f) => f.mean),
    meanbtoa: percent(figures.out, (f) => f.mean),
    complete: window.complete,
    measureduntil: window.end,
  };
}

// One round: the due pairs, oldest-owed first within the newest month, up to `batch` of them. What
// was measured is kept even when the source fails part-way; the first failure ends the round (a
// source that is down fails every question), and the rest stay due.
export async function measureUsage(deps: MeasuringDeps, options: UsageMeasuringOptions = {}) {
  const now = deps.telemetry.now();
  const months = usageMonthsUpTo(now, deps.config.timeZone, usageHistoryMonths);
  const byMonth = new Map(months.map((m) => [m.month, m]));
  const refreshSeconds = options.refreshSeconds ?? defaultRefreshSeconds;
  const due = await listDueMeasurements(
    deps.query,
    months,
    now,
    now - refreshSeconds,
    options.batch ?? defaultBatch,
  );
  // The month in progress up to the last whole five minutes.
  const measuredUntil = Math.floor(now / usageSampleSeconds) * usageSampleSeconds;
  const measured: UsageMeasurement[] = [];
  let failed: unknown = null;
  for (const pair of due) {
    const month = byMonth.get(pair.month)!;
    const window = { start: month.start, end: Math.min(month.end, measuredUntil) };
    const complete = month.end <= measuredUntil;
    const lineRate = speedBitsPerSecond(pair.speed);
    if (lineRate === null || window.end - window.start < usageSampleSeconds) {
      // No line rate to measure against, or not five minutes of the month yet: kept without figures.
      measured.push(measurementOf(pair, { end: window.end, complete }, lineRate, { in: null, out: null }));
      continue;
    }
    try {
      const figures = await deps.telemetry.trafficPercentile(endpointsOf(pair).a, window, usageQuantile);
      measured.push(measurementOf(pair, { end: window.end, complete }, lineRate, figures));
    } catch (error) {
      if (!(error instanceof TelemetryError)) throw error;
      failed = error;
      break;
    }
  }
  const kept = await keepMeasurements(deps.query, measured);
  if (failed) {
    deps.log.warn(
      { err: failed, source: deps.telemetry.kind, measured: kept, owed: due.length - measured.length },
      'usage measuring stopped: the telemetry source failed; the rest is asked for next round',
    );
  }
  return { due: due.length, kept, failed: failed !== null };
}

// Every minute, on whichever instances run; each round measures what is owed at that moment.
export function startUsageMeasuring(
  deps: MeasuringDeps,
  options: UsageMeasuringOptions & { intervalMs?: number } = {},
): () => void {
  return startBackgroundJob(
    'Usage measuring',
    deps.log,
    () => measureUsage(deps, options),
    options.intervalMs ?? 60_000,
  );
}
