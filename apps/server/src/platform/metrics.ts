import { timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import type { Database } from '../db/client';
import type { ApiLogWriter } from './api-log';

// /metrics in Prometheus's text format (issue 19): what an operator's Prometheus scrapes to see the
// portal's traffic, latency and backlogs. Counted in memory per process, as every Prometheus client
// does: each instance is its own scrape target, and Prometheus adds them up.

// Seconds. Most API replies take a few milliseconds; exports and reports take seconds.
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

type RouteSeries = {
  method: string;
  route: string;
  // Replies by status code.
  statuses: Map<number, number>;
  // Cumulative only when written out: here each bucket counts the replies that fell in it.
  buckets: number[];
  count: number;
  sumSeconds: number;
};

// A value read when Prometheus scrapes (a pool's size, a queue's length). Null leaves it out, for
// what this instance does not have (PGlite has no pool).
export type Gauge = {
  name: string;
  help: string;
  // A total that only grows, kept by someone else (the API log writer's count of records written).
  type?: 'gauge' | 'counter';
  labels?: Record<string, string>;
  read: () => number | null | Promise<number | null>;
};

export type Metrics = {
  // The route's hook records one reply; it is built once per route, so a request pays no lookup.
  observerFor: (method: string, route: string) => onResponseHookHandler;
  // A call no route answers (404, 405) reaches no route's hooks: the not-found handler records it
  // under the one series 'no route' once it is sent.
  observeUnrouted: (request: FastifyRequest, reply: FastifyReply) => void;
  // A call to an external system that did not go through (integrations/health.ts's `failed`).
  externalFailure: (system: string) => void;
  gauge: (gauge: Gauge) => void;
  render: () => Promise<string>;
};

const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const labelText = (labels: Record<string, string>) => {
  const entries = Object.entries(labels);
  return entries.length === 0 ? '' : `{${entries.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}`;
};

export function createMetrics(): Metrics {
  const routes: RouteSeries[] = [];
  const externalFailures = new Map<string, number>();
  const gauges: Gauge[] = [];
  const loopDelay = monitorEventLoopDelay({ resolution: 20 });
  loopDelay.enable();

  const observerFor = (method: string, route: string): onResponseHookHandler => {
    const series: RouteSeries = {
      method,
      route,
      statuses: new Map(),
      buckets: latencyBuckets.map(() => 0),
      count: 0,
      sumSeconds: 0,
    };
    routes.push(series);
    return (_request, reply, done) => {
      const seconds = reply.elapsedTime / 1000;
      const status = reply.statusCode;
      series.statuses.set(status, (series.statuses.get(status) ?? 0) + 1);
      series.count += 1;
      series.sumSeconds += seconds;
      // Past the last bucket a reply counts only in +Inf, which is the count.
      for (let i = 0; i < latencyBuckets.length; i++) {
        if (seconds <= latencyBuckets[i]!) {
          series.buckets[i]! += 1;
          break;
        }
      }
      done();
    };
  };
  const unrouted = observerFor('any', 'no route');
  const noop = () => undefined;

  return {
    observerFor,
    observeUnrouted(request, reply) {
      unrouted.call(request.server, request, reply, noop);
    },
    externalFailure(system) {
      externalFailures.set(system, (externalFailures.get(system) ?? 0) + 1);
    },
    gauge(gauge) {
      gauges.push(gauge);
    },
    async render() {
      const lines: string[] = [];
      const family = (name: string, type: string, help: string) => {
        lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
      };
      const used = routes.filter((series) => series.count > 0);

      family(
        'lightpath_http_requests_total',
        'counter',
        'Replies sent, by route pattern, method and status.',
      );
      for (const series of used)
        for (const [status, count] of series.statuses)
          lines.push(
            `lightpath_http_requests_total${labelText({ method: series.method, route: series.route, status: String(status) })} ${count}`,
          );

      family(
        'lightpath_http_request_duration_seconds',
        'histogram',
        'Time from a request arriving to its reply being sent, by route pattern and method.',
      );
      for (const series of used) {
        const labels = { method: series.method, route: series.route };
        let cumulative = 0;
        latencyBuckets.forEach((bound, i) => {
          cumulative += series.buckets[i]!;
          lines.push(
            `lightpath_http_request_duration_seconds_bucket${labelText({ ...labels, le: String(bound) })} ${cumulative}`,
          );
        });
        lines.push(
          `lightpath_http_request_duration_seconds_bucket${labelText({ ...labels, le: '+Inf' })} ${series.count}`,
          `lightpath_http_request_duration_seconds_sum${labelText(labels)} ${series.sumSeconds}`,
          `lightpath_http_request_duration_seconds_count${labelText(labels)} ${series.count}`,
        );
      }

      family(
        'lightpath_external_failures_total',
        'counter',
        'Calls to an external system (Zabbix, AWX, NetBox, Prometheus, tickets, e-mail) that did not go through.',
      );
      for (const [system, count] of externalFailures)
        lines.push(`lightpath_external_failures_total${labelText({ system })} ${count}`);

      const memory = process.memoryUsage();
      family('lightpath_process_resident_memory_bytes', 'gauge', 'Resident memory of this process.');
      lines.push(`lightpath_process_resident_memory_bytes ${memory.rss}`);
      family('lightpath_process_heap_used_bytes', 'gauge', 'V8 heap in use.');
      lines.push(`lightpath_process_heap_used_bytes ${memory.heapUsed}`);
      family(
        'lightpath_event_loop_delay_p99_seconds',
        'gauge',
        '99th percentile of the event loop delay since the last scrape.',
      );
      lines.push(`lightpath_event_loop_delay_p99_seconds ${loopDelay.percentile(99) / 1e9}`);
      loopDelay.reset();

      // Gauges of one name are written as one family, whatever order they were added in.
      const byName = new Map<string, Gauge[]>();
      for (const gauge of gauges) byName.set(gauge.name, [...(byName.get(gauge.name) ?? []), gauge]);
      for (const [name, members] of byName) {
        const values = await Promise.all(members.map(async (gauge) => [gauge, await gauge.read()] as const));
        family(name, members[0]!.type ?? 'gauge', members[0]!.help);
        for (const [gauge, value] of values)
          if (value !== null) lines.push(`${name}${labelText(gauge.labels ?? {})} ${value}`);
      }
      return `${lines.join('\n')}\n`;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

// Every route gets its own observer, built when the route is added; a call no route answers (a 404 or
// 405) is observed by the not-found handler (Metrics.observeUnrouted), like the API log's.
export function registerMetrics(app: FastifyInstance): Metrics {
  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  app.addHook('onRoute', (route) => {
    const method = [route.method].flat().join(',');
    const observe = metrics.observerFor(method, route.url);
    route.onResponse = route.onResponse ? [route.onResponse].flat().concat(observe) : [observe];
  });
  return metrics;
}

// What waits to be done, read at each scrape: the database pool, the e-mails and event notices not
// yet sent (each an index range: outbox_unsent_idx, event_notifications_pending_idx) and the API log
// records not yet written.
export function addBacklogGauges(metrics: Metrics, database: Database, apiLog: ApiLogWriter | null) {
  const pool = database.pool;
  if (pool) {
    for (const state of ['total', 'idle', 'waiting'] as const)
      metrics.gauge({
        name: 'lightpath_db_pool_connections',
        help: 'PostgreSQL pool connections of this instance: total open, idle, and requests waiting for one.',
        labels: { state },
        read: () => pool()[state],
      });
  }
  const count = async (name: string, text: string) =>
    (await database.query<{ n: number }>(name, text, []))[0]?.n ?? 0;
  metrics.gauge({
    name: 'lightpath_outbox_unsent',
    help: 'E-mails and other outbox messages not yet sent, retries included (all instances).',
    read: () => count('metrics_outbox_unsent', 'select count(*)::int as n from outbox where sent_at is null'),
  });
  metrics.gauge({
    name: 'lightpath_event_notices_pending',
    help: "Event notices not yet sent to a customer's ticket system (all instances).",
    read: () =>
      count(
        'metrics_notices_pending',
        "select count(*)::int as n from event_notifications where status = 'pending'",
      ),
  });
  if (apiLog) {
    metrics.gauge({
      name: 'lightpath_api_log_queued',
      help: 'API log records waiting to be written by this instance.',
      read: () => apiLog.stats().queued,
    });
    metrics.gauge({
      name: 'lightpath_api_log_dropped_total',
      type: 'counter',
      help: 'API log records this instance dropped while its database was away.',
      read: () => apiLog.stats().dropped,
    });
  }
}

// The scrape is refused without METRICS_TOKEN as a bearer token, compared in constant time; with no
// token configured the route does not exist (404), so a portal never publishes its metrics by default.
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | null) {
  if (!token) return;
  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { config: { public: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ result: 'Failure', message: 'Metrics need the METRICS_TOKEN as a bearer token' });
    }
    return reply
      .header('cache-control', 'no-store')
      .type('text/plain; version=0.0.4; charset=utf-8')
      .send(await metrics.render());
  });
}
