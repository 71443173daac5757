import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Integration, integrationFailing } from '@lightpath/domain/integrations';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { services } from '../../db/schema/inventory';
import { deliverQueuedEmail, queueEmail } from '../../platform/outbox';
import { buildTestApp, demo, type TestApp } from '../../test/helper';
import { integrationRecorders } from './service';

let t: TestApp;
const log = pino({ level: 'silent' });
const get = (url: string, as: string = demo.noc) => t.call({ method: 'GET', url, as });

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function listOn(app: FastifyInstance, as: string = demo.noc) {
  const reply = await app.inject({
    method: 'GET',
    url: '/api/integrations',
    headers: { 'x-auth-token': await t.login(as) },
  });
  expect(reply.statusCode).toBe(200);
  return reply.json().payload as { count: number; results: Integration[] };
}

const entry = (list: { results: Integration[] }, system: Integration['system']) =>
  list.results.find((r) => r.system === system)!;

describe('GET /api/integrations', () => {
  it('lists every system; with nothing configured each is simulated or built in, with nothing recorded', async () => {
    const reply = await get('/api/integrations');
    expect(reply.statusCode).toBe(200);
    const { count, results } = reply.json().payload as { count: number; results: Integration[] };
    expect(count).toBe(7);
    expect(results.map((r) => [r.system, r.kind, r.address])).toEqual([
      ['tickets', 'built-in', null],
      ['netbox', 'simulated', null],
      ['telemetry', 'simulated', null],
      ['zabbix', 'simulated', null],
      ['awx', 'simulated', null],
      ['email', 'built-in', null],
      ['sms', 'built-in', null],
    ]);
    for (const r of results) {
      expect(r).toMatchObject({ lastsuccess: null, lasterror: null, lasterrormessage: null });
      expect(r.name.length).toBeGreaterThan(0);
      expect(r.implementation.length).toBeGreaterThan(0);
    }
  });

  it.each([
    ['technician (2)', demo.tech],
    ['engineering (3)', demo.eng],
    ['customer admin (4)', demo.ungAdmin],
    ['customer user (5)', demo.ungUser],
  ])('is refused to %s (403), as the permission table says', async (_name, account) => {
    const reply = await get('/api/integrations', account);
    expect(reply.statusCode).toBe(403);
    expect(reply.json().payload).toBeUndefined();
  });

  it('needs a session (401)', async () => {
    expect((await t.call({ method: 'GET', url: '/api/integrations' })).statusCode).toBe(401);
  });
});

// A Prometheus stand-in on loopback that can be switched off (503, no JSON) and on again.
function fakePrometheus() {
  const state = { up: true };
  const server: Server = createServer((_request, response) => {
    if (!state.up) {
      response.writeHead(503, { 'content-type': 'text/plain' });
      response.end('maintenance');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        status: 'success',
        data: { resultType: 'vector', result: [{ metric: {}, value: [Date.now() / 1000, '1'] }] },
      }),
    );
  });
  return {
    state,
    server,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => {
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
        }),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('recording calls to a real system', () => {
  // Two instances on one database: what one records, the other shows.
  let first: FastifyInstance;
  let second: FastifyInstance;
  let address: string;
  let serviceId: string;
  const prometheus = fakePrometheus();

  beforeAll(async () => {
    address = await prometheus.listen();
    // (fetch refuses a URL with credentials in it, so the SMTP case below checks that they are hidden.)
    const config = {
      ...t.config,
      telemetry: { prometheusUrl: `${address}/`, queries: t.config.telemetry.queries },
    };
    first = await buildApp(config, t.database, { logger: false });
    second = await buildApp(config, t.database, { logger: false });
    await Promise.all([first.ready(), second.ready()]);
    const [service] = await t.database.db
      .select({ serviceId: services.serviceId })
      .from(services)
      .where(and(eq(services.status, 1), isNotNull(services.aEndPortId)))
      .limit(1);
    serviceId = service!.serviceId;
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
    await prometheus.close();
  });

  const linkStatus = async () =>
    first.inject({
      method: 'GET',
      url: `/api/service/${serviceId}/linkstatus`,
      headers: { 'x-auth-token': await t.login(demo.noc) },
    });

  it('shows the address, then the error of a failing call on the other instance, then the recovery', async () => {
    const before = entry(await listOn(second), 'telemetry');
    expect(before).toMatchObject({
      kind: 'real',
      implementation: 'Prometheus HTTP API',
      address,
      lastsuccess: null,
      lasterror: null,
    });

    prometheus.state.up = false;
    const started = Math.floor(Date.now() / 1000);
    expect((await linkStatus()).statusCode).toBe(502);
    // Recorded in the background: the other instance sees it shortly.
    const failed = await vi.waitFor(
      async () => {
        const telemetry = entry(await listOn(second), 'telemetry');
        expect(telemetry.lasterror).not.toBeNull();
        return telemetry;
      },
      { timeout: 5000, interval: 50 },
    );
    expect(failed.lasterror!).toBeGreaterThanOrEqual(started);
    expect(failed.lasterrormessage).toMatch(/^Prometheus answered 503 without JSON/);
    expect(failed.lastsuccess).toBeNull();
    expect(integrationFailing(failed)).toBe(true);

    // The next call that goes through shows at once, however recent the last recorded success.
    prometheus.state.up = true;
    expect((await linkStatus()).statusCode).toBe(200);
    const recovered = await vi.waitFor(
      async () => {
        const telemetry = entry(await listOn(second), 'telemetry');
        expect(telemetry.lastsuccess).not.toBeNull();
        return telemetry;
      },
      { timeout: 5000, interval: 50 },
    );
    expect(recovered.lastsuccess!).toBeGreaterThanOrEqual(failed.lasterror!);
    // The error stays on record, older than the success.
    expect(recovered.lasterrormessage).toMatch(/^Prometheus answered 503 without JSON/);
    expect(integrationFailing({ ...recovered, lastsuccess: recovered.lastsuccess! + 1 })).toBe(false);
  });

  it('the simulated systems keep no record', async () => {
    const list = await listOn(second);
    expect(entry(list, 'netbox')).toMatchObject({ kind: 'simulated', lastsuccess: null, lasterror: null });
  });
});

describe('recording e-mail delivery over SMTP', () => {
  it('a failing send records its reason, without the credentials of the SMTP URL', async () => {
    const config = {
      ...t.config,
      mail: { ...t.config.mail, smtpUrl: 'smtp://portal:s3cret@mail.example.org:587' },
    };
    const recorders = integrationRecorders(t.database.db, config, log);
    await queueEmail(t.database.db, log, {
      to: 'someone@example.org',
      subject: 'Hello',
      body: 'Body',
      dedupeKey: 'integrations-test',
    });
    const refusing = {
      send: async () => {
        throw new Error('connect ECONNREFUSED smtp://portal:s3cret@mail.example.org:587');
      },
    };
    expect(
      await deliverQueuedEmail(t.database.db, refusing, 'noc@example.org', log, recorders.for('email')),
    ).toBe(0);
    await recorders.flush();

    const view = await buildApp(config, t.database, { logger: false });
    await view.ready();
    const email = entry(await listOn(view), 'email');
    await view.close();
    expect(email).toMatchObject({
      kind: 'real',
      implementation: 'SMTP',
      address: 'smtp://mail.example.org:587',
      lastsuccess: null,
      lasterrormessage: 'connect ECONNREFUSED smtp://mail.example.org:587',
    });
    expect(JSON.stringify(email)).not.toContain('s3cret');
  });

  it('keeps the first reason of a burst of failures and shows a recovery at once', async () => {
    const config = { ...t.config, mail: { ...t.config.mail, smtpUrl: 'smtp://burst.example.org' } };
    const recorders = integrationRecorders(t.database.db, config, log);
    const health = recorders.for('email');
    // Within a second only the first failure is written: a system failing every call costs one write.
    health.failed('first');
    health.failed('second');
    await recorders.flush();
    const view = await buildApp(config, t.database, { logger: false });
    const burst = entry(await listOn(view), 'email');
    expect(burst.lasterrormessage).toBe('first');
    expect(burst.lastsuccess).toBeNull();
    health.succeeded();
    await recorders.flush();
    const recovered = entry(await listOn(view), 'email');
    await view.close();
    expect(recovered.lastsuccess).not.toBeNull();
  });
});
