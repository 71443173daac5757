import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demo, type TestApp } from '../test/helper';
import { createWindowCounter, rateLimitMessage } from './rate-limit';

// docs/decisions/043. A window of an hour: a test never sees one end on its own.
const hour = 3600;

describe('the window counter', () => {
  it('counts each key in a window from its first request and starts again when that window ends', () => {
    let clock = 1_000_000;
    const counter = createWindowCounter(2, 10, () => clock);
    expect(counter.take('a')).toEqual({ remaining: 1, resetSeconds: 10 });
    clock += 4_000;
    expect(counter.take('a')).toEqual({ remaining: 0, resetSeconds: 6 });
    expect(counter.take('b')).toEqual({ remaining: 1, resetSeconds: 10 });
    expect(counter.take('a')).toEqual({ remaining: -1, resetSeconds: 6 });
    clock += 6_000;
    expect(counter.take('a')).toEqual({ remaining: 1, resetSeconds: 10 });
    // 'b' started 6 s ago: still its first window, across the maps' rotation.
    expect(counter.take('b')).toEqual({ remaining: 0, resetSeconds: 4 });
    clock += 60_000;
    expect(counter.take('b')).toEqual({ remaining: 1, resetSeconds: 10 });
  });
});

describe('per token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimits: { perToken: 5, perAddress: 0, windowSeconds: hour } });
  });
  afterAll(() => t.close());

  it('announces the policy and what is left on a normal reply', async () => {
    const token = await t.login(demo.eng);
    const reply = await t.call({ method: 'GET', url: '/api/user/me', as: token });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['ratelimit-policy']).toBe(`"token";q=5;w=${hour}`);
    expect(reply.headers.ratelimit).toMatch(/^"token";r=4;t=(\d+)$/);
    const reset = Number(/t=(\d+)$/.exec(String(reply.headers.ratelimit))![1]);
    expect(reset).toBeGreaterThan(hour - 5);
    expect(reset).toBeLessThanOrEqual(hour);
  });

  it('answers 429 in the envelope with Retry-After once a token is over, and no other token is affected', async () => {
    const hammering = await t.login(demo.noc);
    for (let i = 0; i < 5; i++) {
      const reply = await t.call({ method: 'GET', url: '/api/user/me', as: hammering });
      expect(reply.statusCode, `call ${i + 1}`).toBe(200);
    }
    const refused = await t.call({ method: 'GET', url: '/api/sites', as: hammering });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(hour - 5);
    expect(refused.json()).toEqual({ result: 'Failure', message: rateLimitMessage(retryAfter) });
    expect(refused.headers.ratelimit).toBe(`"token";r=0;t=${retryAfter}`);

    // The same person signed in again, and another user, from the same address: their own allowance.
    for (const token of [await t.login(demo.noc), await t.login(demo.ungAdmin)]) {
      const reply = await t.call({ method: 'GET', url: '/api/user/me', as: token });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers.ratelimit).toMatch(/^"token";r=4;/);
    }
  });

  it('leaves the health checks uncounted', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers.ratelimit).toBeUndefined();
  });
});

describe('per address, for calls without a valid session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimits: { perToken: 0, perAddress: 3, windowSeconds: hour } });
  });
  afterAll(() => t.close());

  const portal = (remoteAddress: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url: token ? '/api/user/me' : '/api/portal',
      remoteAddress,
      headers: token ? { 'x-auth-token': token } : {},
    });

  it('counts public calls and bad tokens per address, never a signed-in call, and spares other addresses', async () => {
    const signedIn = await t.login(demo.noc);
    const first = await portal('10.9.0.1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['ratelimit-policy']).toBe(`"address";q=3;w=${hour}`);
    expect(first.headers.ratelimit).toMatch(/^"address";r=2;/);
    // A made-up token is an unauthenticated call: 401, and it counts.
    expect((await portal('10.9.0.1', 'x'.repeat(40))).statusCode).toBe(401);
    expect((await portal('10.9.0.1')).statusCode).toBe(200);
    const refused = await portal('10.9.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().result).toBe('Failure');

    // A signed-in person behind the same address works on; another address has its own allowance.
    const mine = await portal('10.9.0.1', signedIn);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers.ratelimit).toBeUndefined();
    expect((await portal('10.9.0.2')).statusCode).toBe(200);
  });
});
