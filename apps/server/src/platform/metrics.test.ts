import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demo, type TestApp } from '../test/helper';
import { createMetrics } from './metrics';

const token = 'metrics-token-for-tests-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ metricsToken: token });
});
afterAll(() => t.close());

const scrape = async () => {
  const reply = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  expect(reply.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return reply.body;
};

// The value of one series, by its exact name and labels.
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('is refused without the token, or with another', async () => {
    for (const authorization of [undefined, `Bearer ${token}x`, token, 'Bearer ']) {
      const reply = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(reply.statusCode, String(authorization)).toBe(401);
      expect(reply.body).not.toContain('lightpath_');
    }
  });

  it('counts replies by route and status, with a latency histogram', async () => {
    const before = await scrape();
    const series = 'lightpath_http_requests_total{method="GET",route="/api/user/me",status="200"}';
    const refused = 'lightpath_http_requests_total{method="GET",route="/api/user/me",status="401"}';
    const count = 'lightpath_http_request_duration_seconds_count{method="GET",route="/api/user/me"}';
    for (let i = 0; i < 3; i++) await t.call({ method: 'GET', url: '/api/user/me', as: demo.noc });
    await t.app.inject({ method: 'GET', url: '/api/user/me' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    const after = await scrape();
    expect((seriesValue(after, series) ?? 0) - (seriesValue(before, series) ?? 0)).toBe(3);
    expect((seriesValue(after, refused) ?? 0) - (seriesValue(before, refused) ?? 0)).toBe(1);
    expect((seriesValue(after, count) ?? 0) - (seriesValue(before, count) ?? 0)).toBe(4);
    expect(
      seriesValue(
        after,
        'lightpath_http_request_duration_seconds_bucket{method="GET",route="/api/user/me",le="+Inf"}',
      ),
    ).toBe(seriesValue(after, count));
    expect(
      seriesValue(after, 'lightpath_http_requests_total{method="any",route="no route",status="404"}'),
    ).toBeGreaterThan(0);
  });

  it('reads the backlogs and this instance’s own state', async () => {
    const text = await scrape();
    expect(seriesValue(text, 'lightpath_outbox_unsent')).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, 'lightpath_event_notices_pending')).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, 'lightpath_live_streams_open')).toBe(0);
    expect(seriesValue(text, 'lightpath_api_log_queued')).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, 'lightpath_process_resident_memory_bytes')).toBeGreaterThan(0);
    const pool = seriesValue(text, 'lightpath_db_pool_connections{state="total"}');
    if (t.database.kind === 'postgres') expect(pool).toBeGreaterThan(0);
    else expect(pool).toBeUndefined();
  });

  it('is text Prometheus reads: promtool finds nothing wrong with it', async () => {
    const text = await scrape();
    const check = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(
      check.error,
      'promtool comes with Debian’s prometheus package (.ci/run installs it)',
    ).toBeUndefined();
    expect(`${check.stdout}${check.stderr}`.trim()).toBe('');
    expect(check.status).toBe(0);
  });
});

describe('createMetrics', () => {
  it('makes buckets cumulative, counts external failures and escapes label values', async () => {
    const metrics = createMetrics();
    const observe = metrics.observerFor('GET', '/api/odd "route"\\x');
    const reply = (ms: number, statusCode = 200) => ({ elapsedTime: ms, statusCode }) as never;
    for (const ms of [3, 20, 20, 700, 30_000])
      observe.call(null as never, null as never, reply(ms), () => undefined);
    metrics.externalFailure('zabbix');
    metrics.externalFailure('zabbix');
    const text = await metrics.render();
    const labels = 'method="GET",route="/api/odd \\"route\\"\\\\x"';
    expect(seriesValue(text, `lightpath_http_request_duration_seconds_bucket{${labels},le="0.005"}`)).toBe(1);
    expect(seriesValue(text, `lightpath_http_request_duration_seconds_bucket{${labels},le="0.025"}`)).toBe(3);
    expect(seriesValue(text, `lightpath_http_request_duration_seconds_bucket{${labels},le="1"}`)).toBe(4);
    expect(seriesValue(text, `lightpath_http_request_duration_seconds_bucket{${labels},le="10"}`)).toBe(4);
    expect(seriesValue(text, `lightpath_http_request_duration_seconds_bucket{${labels},le="+Inf"}`)).toBe(5);
    expect(seriesValue(text, `lightpath_http_request_duration_seconds_sum{${labels}}`)).toBeCloseTo(
      30.743,
      6,
    );
    expect(seriesValue(text, 'lightpath_external_failures_total{system="zabbix"}')).toBe(2);
  });
});
