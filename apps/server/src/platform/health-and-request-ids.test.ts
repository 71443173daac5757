import type { IncomingMessage } from 'node:http';
import { healthMessages, readinessTimeoutMs } from '@lightpath/domain/portal';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, demo, type TestApp } from '../test/helper';
import { requestIdGenerator } from './request-id';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const requestWith = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('request ids', () => {
  it('are unique across instances: a random prefix per process and a counter after it', () => {
    const first = requestIdGenerator({ trustProxy: false });
    const second = requestIdGenerator({ trustProxy: false });
    const ids = [first(requestWith({})), first(requestWith({})), second(requestWith({}))];
    expect(ids[0]).toMatch(/^[A-Za-z0-9_-]{8}-1$/);
    expect(ids[1]).toBe(`${ids[0]!.slice(0, 8)}-2`);
    expect(ids[2]!.slice(0, 8)).not.toBe(ids[0]!.slice(0, 8));
  });

  it("keep a trusted proxy's well-formed X-Request-Id, and no caller's otherwise", () => {
    const behindProxy = requestIdGenerator({ trustProxy: true });
    expect(behindProxy(requestWith({ 'x-request-id': 'nginx-4f2a.9:1' }))).toBe('nginx-4f2a.9:1');
    expect(behindProxy(requestWith({ 'x-request-id': 'two words' }))).toMatch(/^[A-Za-z0-9_-]{8}-1$/);
    expect(behindProxy(requestWith({ 'x-request-id': 'x'.repeat(101) }))).toMatch(/-2$/);
    const direct = requestIdGenerator({ trustProxy: false });
    expect(direct(requestWith({ 'x-request-id': 'chosen-by-caller' }))).not.toBe('chosen-by-caller');
  });

  it('name every reply, and the API log keeps the same id', async () => {
    const reply = await t.call({ method: 'GET', url: '/api/user/me', as: demo.noc });
    const id = reply.headers['x-request-id'];
    expect(id).toMatch(/^[A-Za-z0-9_-]{8}-[0-9a-z]+$/);
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(missing.headers['x-request-id']).toMatch(/^[A-Za-z0-9_-]{8}-[0-9a-z]+$/);
    expect(missing.headers['x-request-id']).not.toBe(id);
    await t.app.apiLog?.flush();
    const [row] = await t.database.query<{ n: number }>(
      'test_request_id_logged',
      'select count(*)::int as n from api_logs where request_id = $1',
      [id],
    );
    expect(row!.n).toBe(1);
  });
});

describe('health', () => {
  it('answers liveness and readiness without a token, and /health as readiness', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json().payload).toMatchObject({ status: 'alive' });
    expect(live.json().payload.uptimeseconds).toBeGreaterThanOrEqual(0);
    for (const url of ['/api/health/ready', '/api/health']) {
      const ready = await t.app.inject({ method: 'GET', url });
      expect(ready.statusCode, url).toBe(200);
      expect(ready.json().payload).toMatchObject({ status: 'ok' });
    }
  });

  it('is 503 at once when its database fails, and still alive', async () => {
    const execute = vi
      .spyOn(t.app.dependencies.db, 'execute')
      .mockRejectedValue(new Error('connection refused'));
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ result: 'Failure', message: healthMessages.databaseAway });
      const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
    } finally {
      execute.mockRestore();
    }
  });

  it('is 503 within its timeout when its database does not answer, instead of hanging', async () => {
    const execute = vi
      .spyOn(t.app.dependencies.db, 'execute')
      .mockImplementation(() => new Promise(() => {}) as never);
    try {
      const started = performance.now();
      const ready = await t.app.inject({ method: 'GET', url: '/api/health' });
      const waited = performance.now() - started;
      expect(ready.statusCode).toBe(503);
      expect(waited).toBeGreaterThanOrEqual(readinessTimeoutMs - 50);
      expect(waited).toBeLessThan(readinessTimeoutMs + 1_000);
    } finally {
      execute.mockRestore();
    }
  });
});
