import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { controlCharacterMessage } from '@lightpath/domain/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { buildTestApp, demo, type TestApp } from '../test/helper';
import { nulMessage, tooDeepMessage } from './validator';

// Bad input and odd requests that used to escape the envelope (issue 12, items 10 and 11).
let t: TestApp;
let webDist: string;
let ungService: string;

function configWith(overrides: Partial<Config> = {}, logLevel = 'silent') {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: logLevel }, { webDist: '/nonexistent', ...overrides });
}

async function appWith(overrides: Partial<Config>, build: (app: FastifyInstance) => Promise<void>) {
  const app = await buildApp(configWith(overrides), t.database, { logger: false });
  try {
    await build(app);
  } finally {
    await app.close();
  }
}

async function count(table: 'tickets' | 'events' | 'event_services') {
  const [row] = await t.database.query<{ n: number }>(
    `http_edges_count_${table}`,
    `select count(*)::int as n from ${table}`,
    [],
  );
  return row!.n;
}

beforeAll(async () => {
  t = await buildTestApp();
  const services = await t.call({ method: 'GET', url: '/api/services?limit=1', as: demo.ungAdmin });
  ungService = services.json().payload.results[0].serviceid;
  // A built web app: the page, one hashed asset.
  webDist = mkdtempSync(join(tmpdir(), 'lightpath-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Lightpath</title>');
  writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
});
afterAll(async () => {
  rmSync(webDist, { recursive: true, force: true });
  await t.close();
});

describe('a NUL in the input', () => {
  it('is a 400 in the envelope on POST /api/ticket and POST /api/event, and nothing is written', async () => {
    const before = { tickets: await count('tickets'), events: await count('events') };
    const ticket = await t.call({
      method: 'POST',
      url: '/api/ticket',
      as: demo.ungAdmin,
      payload: {
        issuetype: 'outage',
        subject: `[OUTAGE] 03/06/25 - ${ungService}`,
        description: 'The link went dark.',
        tickettype: 'incident',
        services: [ungService, `${ungService}\u0000`],
        starttime: 1_748_905_000,
        endtime: null,
      },
    });
    expect(ticket.statusCode, ticket.body).toBe(400);
    expect(ticket.json()).toMatchObject({
      result: 'Failure',
      message: nulMessage,
      payload: { errors: [{ path: 'services.1', message: nulMessage }] },
    });
    const event = {
      number: 7001,
      title: 'Scheduled fibre works in Northgate',
      description: 'Re-splicing the ring.',
      starttime: 1_900_000_000,
      endtime: 1_900_007_200,
      type: 1,
      initiator: 'Field Services',
      services: [`\u0000${ungService}`],
    };
    const nulService = await t.call({ method: 'POST', url: '/api/event', as: demo.noc, payload: event });
    expect(nulService.statusCode, nulService.body).toBe(400);
    expect(nulService.json()).toMatchObject({ result: 'Failure', message: nulMessage });
    expect(nulService.json().payload.errors[0].path).toBe('services.0');
    // Other control characters in a service id get the domain's message.
    const bell = await t.call({
      method: 'POST',
      url: '/api/event',
      as: demo.noc,
      payload: { ...event, services: [`${ungService}\u0007`] },
    });
    expect(bell.statusCode, bell.body).toBe(400);
    expect(bell.json()).toMatchObject({ result: 'Failure', message: controlCharacterMessage });
    // Any other field: the platform refuses a NUL anywhere, as PostgreSQL cannot store one.
    const nulText = await t.call({
      method: 'POST',
      url: '/api/event',
      as: demo.noc,
      payload: { ...event, services: [ungService], description: 'Re-splicing\u0000 the ring.' },
    });
    expect(nulText.statusCode, nulText.body).toBe(400);
    expect(nulText.json()).toMatchObject({
      result: 'Failure',
      message: nulMessage,
      payload: { errors: [{ path: 'description', message: nulMessage }] },
    });
    const nulQuery = await t.call({ method: 'GET', url: '/api/sites?q=a%00b', as: demo.noc });
    expect(nulQuery.statusCode, nulQuery.body).toBe(400);
    expect(nulQuery.json().result).toBe('Failure');
    expect({ tickets: await count('tickets'), events: await count('events') }).toEqual(before);
  });
});

describe('a body nested too deeply', () => {
  it('is a 400 in the envelope on a public and on a signed-in route, not an exhausted stack', async () => {
    const nested = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
    for (const [url, as] of [
      ['/api/login', undefined],
      ['/api/ticket', demo.ungAdmin],
    ] as const) {
      const reply = await t.call({
        method: 'POST',
        url,
        as,
        payload: nested,
        headers: { 'content-type': 'application/json' },
      });
      expect(reply.statusCode, `${url}: ${reply.body}`).toBe(400);
      expect(reply.json()).toMatchObject({ result: 'Failure', message: tooDeepMessage });
    }
    // 32 levels is where it stops: a body within them is judged by the route's own schema.
    const within = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { email: JSON.parse(`${'['.repeat(30)}${']'.repeat(30)}`), password: 'x' },
    });
    expect(within.statusCode).toBe(400);
    expect(within.json().message).not.toBe(tooDeepMessage);
  });
});

describe('paths and methods', () => {
  it('answers a path parameter over 100 characters in the envelope', async () => {
    const reply = await t.call({ method: 'GET', url: `/api/site/${'9'.repeat(150)}`, as: demo.noc });
    expect([400, 414]).toContain(reply.statusCode);
    expect(reply.json()).toEqual({ result: 'Failure', message: expect.any(String) });
    expect(reply.body).not.toContain('FST_ERR');
    expect(reply.headers['cache-control']).toBe('no-store');
    const badEscape = await t.call({ method: 'GET', url: '/api/site/%zz', as: demo.noc });
    expect(badEscape.statusCode).toBe(400);
    expect(badEscape.json()).toEqual({ result: 'Failure', message: expect.any(String) });
  });

  it('answers an unsupported method with 405 and Allow, an unknown path with 404', async () => {
    const put = await t.call({ method: 'PUT', url: '/api/sites', as: demo.noc, payload: {} });
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD');
    expect(put.json()).toMatchObject({ result: 'Failure' });
    // With a parameter, a trailing slash and a query string.
    const patch = await t.call({ method: 'PATCH', url: '/api/site/12/?x=1', as: demo.noc, payload: {} });
    expect(patch.statusCode).toBe(405);
    expect(patch.headers.allow).toBe('DELETE, GET, HEAD, PUT');
    const login = await t.call({ method: 'GET', url: '/api/login' });
    expect(login.statusCode).toBe(405);
    expect(login.headers.allow).toBe('POST');
    const unknown = await t.call({ method: 'PUT', url: '/api/nothing-here', as: demo.noc, payload: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.allow).toBeUndefined();
  });
});

describe('the web app', () => {
  it('serves the page for client routes, but 404 for a missing file', async () => {
    await appWith({ webDist }, async (app) => {
      const page = await app.inject({ method: 'GET', url: '/sites/12' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Lightpath</title>');
      // A search for an address is a client route, dots and all.
      const search = await app.inject({ method: 'GET', url: '/functions/search-result/10.0.0.1' });
      expect(search.statusCode).toBe(200);
      expect(search.body).toContain('<title>Lightpath</title>');
      const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      for (const url of ['/assets/x.js', '/favicon.ico', '/robots.txt', '/assets/deep/missing.css']) {
        const missing = await app.inject({ method: 'GET', url });
        expect(missing.statusCode, url).toBe(404);
        expect(missing.body, url).not.toContain('<title>Lightpath</title>');
      }
    });
  });
});

describe('the calendar feed', () => {
  it('is not served at //api/calendar/<token>.ics, and the token never reaches the log', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/calendar/feed',
      as: demo.ungAdmin,
      payload: {},
    });
    expect(created.statusCode, created.body).toBe(201);
    const path = new URL(created.json().payload.url).pathname;
    const token = path
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp(configWith({ webDist }, 'trace'), t.database, { logStream: sink });
    try {
      expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
      for (const url of [`/${path}`, `/${path}?x=1`, path.replace('/api/', '/api//'), `//${path}`]) {
        const reply = await app.inject({ method: 'GET', url });
        expect(reply.statusCode, url).toBe(404);
        expect(reply.body, url).not.toContain('BEGIN:VCALENDAR');
      }
    } finally {
      await app.close();
    }
    expect(lines.length).toBeGreaterThan(4);
    expect(lines.join('')).not.toContain(token);
  });
});

describe('the security policy', () => {
  const upgrade = 'upgrade-insecure-requests';

  it('does not upgrade requests of a page or the API reference served over plain HTTP', async () => {
    await appWith({ webDist, publicUrl: 'https://portal.example' }, async (app) => {
      for (const url of ['/api/docs/', '/api/docs/static/swagger-initializer.js', '/sites']) {
        const reply = await app.inject({ method: 'GET', url, headers: { host: 'portal.example' } });
        expect(reply.statusCode, url).toBe(200);
        expect(reply.headers['content-security-policy'], url).toContain("default-src 'self'");
        expect(reply.headers['content-security-policy'], url).not.toContain(upgrade);
        expect(reply.headers['strict-transport-security'], url).toBeUndefined();
      }
      // A proxy that is not trusted cannot say the request was HTTPS.
      const spoofed = await app.inject({
        method: 'GET',
        url: '/api/docs/',
        headers: { host: 'portal.example', 'x-forwarded-proto': 'https' },
      });
      expect(spoofed.headers['content-security-policy']).not.toContain(upgrade);
    });
  });

  it('upgrades when the request came over HTTPS through a trusted proxy', async () => {
    await appWith({ webDist, trustProxy: true }, async (app) => {
      for (const url of ['/api/docs/', '/sites']) {
        const reply = await app.inject({
          method: 'GET',
          url,
          headers: { host: 'portal.example', 'x-forwarded-proto': 'https' },
        });
        expect(reply.headers['content-security-policy'], url).toContain(upgrade);
        expect(reply.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      }
      const api = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(api.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const plain = await app.inject({
        method: 'GET',
        url: '/api/docs/',
        headers: { host: 'portal.example' },
      });
      expect(plain.headers['content-security-policy']).not.toContain(upgrade);
    });
  });
});
