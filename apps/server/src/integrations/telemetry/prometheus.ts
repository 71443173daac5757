import type { TrafficPoint } from '@lightpath/domain/telemetry';
import { type TrafficFigures, usageSampleSeconds } from '@lightpath/domain/usage-reports';
import type { TelemetryQueries } from '../../config';
import { type IntegrationHealth, reasonOf, unrecorded } from '../health';
import {
  type Endpoint,
  type LinkState,
  type StateChange,
  type Telemetry,
  TelemetryError,
  type TimeWindow,
  unixNow,
} from './telemetry';

// Telemetry from a Prometheus server's HTTP API (/api/v1/query and /api/v1/query_range), with PromQL
// templates from the configuration. {port} and {service} in a template become the endpoint's port id
// and service id, escaped as PromQL string content.

export type PrometheusOptions = {
  url: string;
  queries: TelemetryQueries;
  timeoutMs?: number;
  now?: () => number;
  fetch?: typeof fetch;
  health?: IntegrationHealth;
};

type Sample = [number, string];
type VectorResult = { metric: Record<string, string>; value: Sample }[];
type MatrixResult = { metric: Record<string, string>; values: Sample[] }[];
type ApiReply<T> =
  | { status: 'success'; data: { resultType: string; result: T } }
  | { status: 'error'; errorType?: string; error?: string };

function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

// The query for one endpoint, or null when the template needs an id the endpoint does not have.
export function fillTemplate(template: string, endpoint: Endpoint): string | null {
  if (template.includes('{port}') && !endpoint.port) return null;
  if (template.includes('{service}') && !endpoint.service) return null;
  return template
    .replaceAll('{port}', escapeLabelValue(endpoint.port ?? ''))
    .replaceAll('{service}', escapeLabelValue(endpoint.service ?? ''));
}

function sampleValue(sample: Sample): number | null {
  const value = Number(sample[1]);
  return Number.isFinite(value) ? value : null;
}

// A port can be exported by more than one series (e.g. two scrapers); traffic adds them up.
function sumSeries(result: MatrixResult): TrafficPoint[] {
  const byTime = new Map<number, number>();
  for (const series of result) {
    for (const sample of series.values) {
      const value = sampleValue(sample);
      if (value !== null) byTime.set(sample[0], (byTime.get(sample[0]) ?? 0) + value);
    }
  }
  return [...byTime.entries()].sort((a, b) => a[0] - b[0]).map(([datetime, value]) => ({ datetime, value }));
}

function firstSeries(result: MatrixResult): TrafficPoint[] {
  const series = result[0];
  if (!series) return [];
  return series.values.flatMap((sample) => {
    const value = sampleValue(sample);
    return value === null ? [] : [{ datetime: sample[0], value }];
  });
}

const figureNames = ['quantile', 'peak', 'mean', 'samples'] as const;

// One query for a direction's four figures: a subquery samples the summed rate every five minutes, and
// each *_over_time function reads the same samples, labelled by `figure` so that one answer holds all
// four. Evaluated at the window's end, the samples wanted end at start + 300 ... end, whose
// five-minute rates cover exactly [start, end). The range is a second short of the span because
// Prometheus 2 includes a sample at the range's very start (3 does not): a second less leaves out
// the one at `start`, whose rate covers the five minutes before the window, in both.
export function trafficFiguresQuery(rateQuery: string, spanSeconds: number, quantile: number): string {
  const samples = `(sum(${rateQuery}))[${spanSeconds - 1}s:${usageSampleSeconds}s]`;
  const functions: Record<(typeof figureNames)[number], string> = {
    quantile: `quantile_over_time(${quantile}, ${samples})`,
    peak: `max_over_time(${samples})`,
    mean: `avg_over_time(${samples})`,
    samples: `count_over_time(${samples})`,
  };
  return figureNames
    .map((name) => `label_replace(${functions[name]}, "figure", "${name}", "", "")`)
    .join(' or ');
}

function figuresOf(result: VectorResult): TrafficFigures | null {
  const byName = new Map(result.map((series) => [series.metric.figure, sampleValue(series.value)]));
  const [quantile, peak, mean, samples] = figureNames.map((name) => byName.get(name) ?? null);
  if (quantile == null || peak == null || mean == null || !samples) return null;
  return { quantile, peak, mean, samples };
}

// ifOperStatus: 1 is up; down, testing, dormant, lowerLayerDown and the rest are not.
function linkState(value: number): LinkState {
  return value === 1 ? 'UP' : 'DOWN';
}

export function prometheusTelemetry(options: PrometheusOptions): Telemetry {
  const base = options.url.endsWith('/') ? options.url : `${options.url}/`;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5000;
  const now = options.now ?? unixNow;
  const { queries } = options;
  const health = options.health ?? unrecorded;

  // Every call's outcome goes to the Integrations page: a refused query counts as a failure too, since
  // it usually means a template in the configuration is wrong.
  async function call<T>(path: string, params: Record<string, string>): Promise<T> {
    try {
      const result = await send<T>(path, params);
      health.succeeded();
      return result;
    } catch (error) {
      health.failed(reasonOf(error));
      throw error;
    }
  }

  async function send<T>(path: string, params: Record<string, string>): Promise<T> {
    const url = new URL(path, base);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    let response: Response;
    try {
      response = await doFetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new TelemetryError('Prometheus did not answer', { cause: error });
    }
    let body: ApiReply<T>;
    try {
      body = (await response.json()) as ApiReply<T>;
    } catch (error) {
      throw new TelemetryError(`Prometheus answered ${response.status} without JSON`, { cause: error });
    }
    if (!response.ok || body.status !== 'success') {
      const detail = body.status === 'error' ? `${body.errorType}: ${body.error}` : `HTTP ${response.status}`;
      throw new TelemetryError(`Prometheus refused the query (${detail})`);
    }
    return body.data.result;
  }

  async function instant(query: string, time: number): Promise<number[]> {
    const result = await call<VectorResult>('api/v1/query', { query, time: String(time) });
    return result.flatMap((series) => {
      const value = sampleValue(series.value);
      return value === null ? [] : [value];
    });
  }

  async function range(query: string, window: TimeWindow): Promise<MatrixResult> {
    return call<MatrixResult>('api/v1/query_range', {
      query,
      start: String(window.start),
      end: String(window.end),
      step: String(window.step),
    });
  }

  function queryFor(template: string, endpoint: Endpoint): string {
    const query = fillTemplate(template, endpoint);
    if (query === null) {
      throw new TelemetryError(`The ${endpoint.end} end has no port id for the configured query`);
    }
    return query;
  }

  return {
    kind: 'prometheus',
    now,

    async trafficNow(endpoint) {
      const t = now();
      const [received, sent] = await Promise.all([
        instant(queryFor(queries.trafficIn, endpoint), t),
        instant(queryFor(queries.trafficOut, endpoint), t),
      ]);
      if (received.length === 0 || sent.length === 0) {
        throw new TelemetryError(`No traffic series for the ${endpoint.end} end`);
      }
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      return { in: sum(received), out: sum(sent), datetime: t };
    },

    async trafficRange(endpoint, window) {
      const [received, sent] = await Promise.all([
        range(queryFor(queries.trafficIn, endpoint), window),
        range(queryFor(queries.trafficOut, endpoint), window),
      ]);
      return { in: sumSeries(received), out: sumSeries(sent) };
    },

    async trafficPercentile(endpoint, window, quantile) {
      const span = window.end - window.start;
      const direction = async (template: string) => {
        const rate = fillTemplate(template, endpoint);
        // No port recorded: there is no series to read, which is not the source failing.
        if (rate === null || span < usageSampleSeconds) return null;
        const result = await call<VectorResult>('api/v1/query', {
          query: trafficFiguresQuery(rate, span, quantile),
          time: String(window.end),
        });
        return figuresOf(result);
      };
      const [received, sent] = await Promise.all([
        direction(queries.trafficIn),
        direction(queries.trafficOut),
      ]);
      return { in: received, out: sent };
    },

    async lightNow(endpoint) {
      const rxQuery = fillTemplate(queries.lightRx, endpoint);
      const txQuery = fillTemplate(queries.lightTx, endpoint);
      if (rxQuery === null || txQuery === null) return null;
      const t = now();
      const [rx, tx] = await Promise.all([instant(rxQuery, t), instant(txQuery, t)]);
      // An optic without digital diagnostics exports nothing: no reading rather than an error.
      if (rx[0] === undefined || tx[0] === undefined) return null;
      return { rx: rx[0], tx: tx[0] };
    },

    async lightRange(endpoint, window) {
      const rxQuery = fillTemplate(queries.lightRx, endpoint);
      const txQuery = fillTemplate(queries.lightTx, endpoint);
      if (rxQuery === null || txQuery === null) return { rx: [], tx: [] };
      const [rx, tx] = await Promise.all([range(rxQuery, window), range(txQuery, window)]);
      return { rx: firstSeries(rx), tx: firstSeries(tx) };
    },

    async statusNow(endpoint) {
      const query = fillTemplate(queries.operStatus, endpoint);
      if (query === null) return null;
      const values = await instant(query, now());
      if (values.length === 0) return null;
      // With several series for one port, any of them down means the link is not fully up.
      return values.every((v) => linkState(v) === 'UP') ? 'UP' : 'DOWN';
    },

    async statusChanges(endpoint, window) {
      const query = fillTemplate(queries.operStatus, endpoint);
      if (query === null) return [];
      const points = firstSeries(await range(query, window));
      const changes: StateChange[] = [];
      for (let i = 1; i < points.length; i += 1) {
        const before = linkState(points[i - 1]!.value);
        const after = linkState(points[i]!.value);
        if (before !== after) changes.push({ datetime: points[i]!.datetime, status: after });
      }
      return changes;
    },
  };
}
