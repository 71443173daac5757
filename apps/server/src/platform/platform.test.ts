import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { buildTestApp, demo, type TestApp } from '../test/helper';
import { securityHeaders } from './security-headers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('platform', () => {
  it('answers health, portal info and the OpenAPI document without a token', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ result: 'Success', payload: { status: 'ok' } });
    const portal = await t.app.inject({ method: 'GET', url: '/api/portal' });
    // The zone every time is read and typed in (decisions.md); the test config keeps the default.
    expect(portal.json().payload).toMatchObject({
      name: 'Lightpath',
      provider: { code: 'MRN' },
      timezone: 'Australia/Sydney',
    });
    const openapi = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = openapi.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/api/login',
      '/api/user/me',
      '/api/users',
      '/api/user/{userid}',
      '/api/customers',
      '/api/user/impersonate',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
  });

  it('sends security headers: a short set on API replies, the full set on pages', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cache-control': 'no-store',
      'content-security-policy': "frame-ancestors 'none'",
    });
    const page = await t.app.inject({ method: 'GET', url: '/users' });
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("object-src 'none'");
    expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(page.headers['strict-transport-security']).toBeUndefined();
    expect(securityHeaders(true)['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(securityHeaders(true)['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('answers unknown endpoints with a 404 envelope', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().result).toBe('Failure');
  });

  it('turns malformed and oversized bodies into clear 4xx envelopes', async () => {
    const cases: { body: string; type?: string; status: number; message: RegExp }[] = [
      { body: '{"email": ', status: 400, message: /not valid JSON/ },
      { body: '', status: 400, message: /empty|required|expected/i },
      {
        body: 'email=a',
        type: 'application/x-www-form-urlencoded',
        status: 415,
        message: /application\/json/,
      },
      {
        body: '{"__proto__": {"admin": true}, "email": "a@b.example", "password": "x"}',
        status: 400,
        message: /./,
      },
      {
        body: JSON.stringify({ email: 'a@b.example', password: 'x'.repeat(2 * 1024 * 1024) }),
        status: 413,
        message: /too large/,
      },
    ];
    for (const c of cases) {
      const reply = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': c.type ?? 'application/json' },
        payload: c.body,
      });
      expect(reply.statusCode, c.body.slice(0, 40)).toBe(c.status);
      expect(reply.json().result).toBe('Failure');
      expect(reply.json().message).toMatch(c.message);
    }
  });

  it('forbids a signed-in user a route outside their permissions with 403 and keeps the session', async () => {
    const reply = await t.call({ method: 'GET', url: '/api/outbox', as: demo.ungAdmin });
    expect(reply.statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/user/me', as: demo.ungAdmin })).statusCode).toBe(200);
  });

  it('refuses to register an API route that names no permission', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { webDist: '/nonexistent' });
    const app = await buildApp(config, t.database, { logger: false });
    expect(() => app.get('/api/unguarded', async () => 'open')).toThrow(/must name a permission/);
    await app.close();
  });

  it('never logs passwords or tokens', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'trace' }, { webDist: '/nonexistent' });
    const real = await buildApp(config, t.database, { logStream: sink });
    const login = await real.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: demo.noc, password: 'lightpath-demo' },
    });
    const token = login.json().payload.token as string;
    await real.inject({
      method: 'GET',
      url: `/api/user/me?token=${token}`,
      headers: { 'x-auth-token': token },
    });
    await real.inject({
      method: 'POST',
      url: '/api/user/passwordreset/request',
      payload: { email: demo.tech },
    });
    await real.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: demo.noc, password: 'wrong-secret-pw' },
    });
    await real.close();
    const all = lines.join('');
    expect(lines.length).toBeGreaterThan(5);
    expect(all).not.toContain(token);
    expect(all).not.toContain('lightpath-demo');
    expect(all).not.toContain('wrong-secret-pw');
    expect(all).not.toMatch(/#token=/);
  });
});
