import { serviceMessages } from '@lightpath/domain/services';
import { telemetryMessages } from '@lightpath/domain/telemetry';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { customers } from '../../db/schema/customers';
import { eventServices, events, services } from '../../db/schema/inventory';
import { speedBitsPerSecond } from '../../integrations/telemetry/telemetry';
import { buildTestApp, demo, type TestApp } from '../../test/helper';

let t: TestApp;
type Row = typeof services.$inferSelect;
let outaged: Row;
let healthy: Row;
let pastOutage: Row;
let internet: Row;
let foreign: Row;

const get = (url: string, as: string = demo.noc) => t.call({ method: 'GET', url, as });

beforeAll(async () => {
  t = await buildTestApp();
  const { db } = t.database;
  const all = await db
    .select()
    .from(services)
    .innerJoin(customers, eq(customers.customerId, services.customerId));
  const ung = all.filter((r) => r.customers.customerCode === 'UNG').map((r) => r.services);
  const links = await db
    .select()
    .from(eventServices)
    .innerJoin(events, eq(events.eventId, eventServices.eventId));
  const [ongoing] = await db
    .select({ serviceId: eventServices.serviceId })
    .from(events)
    .innerJoin(eventServices, eq(eventServices.eventId, events.eventId))
    .where(and(eq(events.type, 3), isNull(events.endTime)));
  outaged = ung.find((s) => s.serviceId === ongoing!.serviceId)!;
  const touched = new Set(links.map((l) => l.event_services.serviceId));
  healthy = ung.find((s) => s.status === 1 && !touched.has(s.serviceId) && s.bEndPortId && s.aEndPortId)!;
  const ended = links.find((l) => l.events.type === 3 && l.events.endTime !== null)!;
  pastOutage = all.find((r) => r.services.serviceId === ended.event_services.serviceId)!.services;
  internet = all.find((r) => r.services.typeLetter === 'H' && r.services.status === 1)!.services;
  foreign = all.find((r) => r.customers.customerCode === 'EBH')!.services;
});
afterAll(() => t.close());

describe('service telemetry (simulated)', () => {
  it('reads a link DOWN with no traffic while an ongoing outage covers it, UP otherwise', async () => {
    const down = await get(`/api/service/${outaged.serviceId}/linkstatus`);
    expect(down.statusCode).toBe(200);
    expect(down.json().payload).toMatchObject({ overallstatus: 'DOWN', aend: 'DOWN' });
    const up = await get(`/api/service/${healthy.serviceId}/linkstatus`);
    expect(up.json().payload).toEqual({ overallstatus: 'UP', aend: 'UP', bend: 'UP' });
    const none = (await get(`/api/service/${outaged.serviceId}/trafficvalues`)).json().payload;
    expect(none).toMatchObject({ atob: 0, btoa: 0 });
    const some = (await get(`/api/service/${healthy.serviceId}/trafficvalues`)).json().payload;
    expect(some.atob + some.btoa).toBeGreaterThan(0);
    expect(Math.abs(some.datetime - Date.now() / 1000)).toBeLessThan(60);
  });

  it('reports utilisation as the rounded average of the traffic history, in percent of the speed', async () => {
    // Both read the same window unless a minute boundary passes between the calls: then read again.
    let history: { atob: { value: number }[]; btoa: { value: number }[] } | undefined;
    let utilisation = await get(`/api/service/${healthy.serviceId}/utilisation/1`);
    for (let attempt = 0; attempt < 3 && !history; attempt += 1) {
      const before = (await get(`/api/service/${healthy.serviceId}/traffichistory/1`)).json().payload;
      utilisation = await get(`/api/service/${healthy.serviceId}/utilisation/1`);
      const after = (await get(`/api/service/${healthy.serviceId}/traffichistory/1`)).json().payload;
      if (JSON.stringify(before) === JSON.stringify(after)) history = after;
    }
    if (!history) throw new Error('the traffic window kept moving');
    expect(utilisation.statusCode).toBe(200);
    expect(utilisation.json().message).toBeUndefined();
    const speed = speedBitsPerSecond(healthy.speed)!;
    const percent = (points: { value: number }[]) =>
      Math.round(((points.reduce((s, p) => s + p.value, 0) / points.length) * 8 * 100) / speed);
    expect(utilisation.json().payload).toEqual({ atob: percent(history.atob), btoa: percent(history.btoa) });
    expect(utilisation.json().payload.btoa).toBeGreaterThan(0);
    expect(utilisation.json().payload.btoa).toBeLessThanOrEqual(100);
  });

  it('answers traffic history with one point per step over the timespan', async () => {
    const reply = await get(`/api/service/${healthy.serviceId}/traffichistory/6`);
    expect(reply.statusCode).toBe(200);
    const { atob, btoa } = reply.json().payload;
    // Six hours in two-minute steps, both ends included.
    expect(atob).toHaveLength(181);
    expect(btoa).toHaveLength(181);
    expect(atob.at(-1).datetime - atob[0].datetime).toBe(6 * 3600);
    const month = (await get(`/api/service/${healthy.serviceId}/traffichistory/744`)).json().payload;
    expect(month.atob.length).toBeLessThanOrEqual(241);
  });

  it('reads light levels at both ends, and none at the B end of an internet service', async () => {
    const levels = (await get(`/api/service/${healthy.serviceId}/lightlevels`)).json().payload;
    expect(levels.aend.rx).toBeGreaterThan(-5);
    expect(levels.aend.rx).toBeLessThan(-2);
    expect(levels.bend.tx).toBeGreaterThan(-3.5);
    const logical = (await get(`/api/service/${internet.serviceId}/lightlevels`)).json().payload;
    expect(logical.bend).toBeNull();
    const linkless = (await get(`/api/service/${internet.serviceId}/linkstatus`)).json().payload;
    expect(linkless.bend).toBeNull();
    const history = (await get(`/api/service/${healthy.serviceId}/lighthistory/0/6`)).json().payload;
    expect(history.aend).toHaveLength(181);
    expect(history.bend).toHaveLength(181);
    const earlier = Math.floor(Date.now() / 1000) - 86400;
    const dayBefore = (await get(`/api/service/${healthy.serviceId}/lighthistory/${earlier}/6`)).json()
      .payload;
    expect(dayBefore.aend.at(-1).datetime).toBeLessThanOrEqual(earlier);
    expect(dayBefore.aend.at(-1).datetime).toBeGreaterThan(earlier - 300);
  });

  it('lists link changes from past outages in the operational history, oldest first', async () => {
    const reply = await get(`/api/service/${pastOutage.serviceId}/operationalhistory/72`);
    expect(reply.statusCode).toBe(200);
    const { changes } = reply.json().payload;
    expect(changes.some((c: { status: string }) => c.status === 'DOWN')).toBe(true);
    expect(changes.some((c: { status: string }) => c.status === 'UP')).toBe(true);
    const times = changes.map((c: { datetime: number }) => c.datetime);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const quiet = (await get(`/api/service/${healthy.serviceId}/operationalhistory/24`)).json().payload;
    expect(quiet.changes).toEqual([]);
  });

  it('runs the end-to-end check: failing during the outage, passing on a healthy service', async () => {
    const bad = (await get(`/api/service/${outaged.serviceId}/endtoendcheck`)).json().payload;
    expect(bad.ok).toBe(false);
    expect(bad.checks.find((c: { name: string }) => c.name === 'A-end link')).toMatchObject({ ok: false });
    const good = (await get(`/api/service/${healthy.serviceId}/endtoendcheck`)).json().payload;
    expect(good.ok).toBe(true);
    expect(good.checks.map((c: { name: string }) => c.name)).toEqual([
      'A-end link',
      'B-end link',
      'A-end light',
      'B-end light',
      'Traffic',
    ]);
  });

  it('refuses timespans that are not whole hours from 1 to 744, and bad window ends', async () => {
    for (const span of ['0', '745', 'abc', '6h', '1.5', '-1', '0x6']) {
      const reply = await get(`/api/service/${healthy.serviceId}/traffichistory/${span}`);
      expect(reply.statusCode, span).toBe(400);
      expect(reply.json().message, span).toContain(telemetryMessages.timespanInvalid);
    }
    expect((await get(`/api/service/${healthy.serviceId}/utilisation/745`)).statusCode).toBe(400);
    expect((await get(`/api/service/${healthy.serviceId}/lighthistory/yesterday/6`)).statusCode).toBe(400);
    expect((await get(`/api/service/${healthy.serviceId}/lighthistory/0/0`)).statusCode).toBe(400);
  });

  it('keeps a customer to its own services, and people without services.view out', async () => {
    expect((await get(`/api/service/${healthy.serviceId}/linkstatus`, demo.ungUser)).statusCode).toBe(200);
    for (const path of ['linkstatus', 'utilisation/1', 'traffichistory/6', 'lighthistory/0/6']) {
      const reply = await get(`/api/service/${foreign.serviceId}/${path}`, demo.ungUser);
      expect(reply.statusCode, path).toBe(404);
      expect(reply.json().message).toBe(serviceMessages.notFound);
    }
    expect((await get('/api/service/UNG9999999999B/linkstatus')).statusCode).toBe(404);
    expect((await get(`/api/service/${healthy.serviceId}/linkstatus`, demo.tech)).statusCode).toBe(403);
  });
});

describe('port telemetry (simulated)', () => {
  const port = () => encodeURIComponent(healthy.aEndPortId!);

  it('finds a port by the services that name it, for provider staff', async () => {
    const reply = await get(`/api/port/${port()}`, demo.eng);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().payload.portid).toBe(healthy.aEndPortId);
    expect(reply.json().payload.services).toContainEqual({
      serviceid: healthy.serviceId,
      end: 'A',
      status: 1,
    });
    expect((await get('/api/port/ge-9%2F9%2F99')).statusCode).toBe(404);
    // A control character in the path is bad input, never a database error.
    expect((await get('/api/port/ge%000')).statusCode).toBe(400);
    expect((await get(`/api/port/${port()}`, demo.ungAdmin)).statusCode).toBe(403);
  });

  it('answers the readings of a port', async () => {
    const light = (await get(`/api/port/${port()}/lightlevels`, demo.tech)).json().payload;
    expect(light.rx).toBeLessThan(0);
    const traffic = (await get(`/api/port/${port()}/trafficvalues`)).json().payload;
    expect(traffic.in).toBeGreaterThanOrEqual(0);
    expect((await get(`/api/port/${port()}/operationalstatus`)).json().payload.status).toMatch(/^(UP|DOWN)$/);
    expect((await get(`/api/port/${port()}/lighthistory/6`)).json().payload.rx).toHaveLength(181);
    expect((await get(`/api/port/${port()}/traffichistory/6`)).json().payload.out).toHaveLength(181);
    expect((await get(`/api/port/${port()}/traffichistory/0`)).statusCode).toBe(400);
  });

  it('reads a shelf port no service names: dark while administratively down, live when up', async () => {
    const free = await t.database.query<{ portid: string; state: string; equipmentid: number }>(
      'test_telemetry_free_ports',
      `select distinct on (p.state) p.port_id as portid, p.state, p.shelf_id as equipmentid
       from equipment_ports p
       where not exists (select 1 from services s where p.port_id in (s.a_end_port_id, s.b_end_port_id))
         and p.state in ('up', 'disabled')
       order by p.state, p.port_id`,
      [],
    );
    const byState = new Map(free.map((row) => [row.state, row]));
    const spare = byState.get('disabled')!;
    const uplink = byState.get('up')!;
    const url = (row: { portid: string }, rest = '') => `/api/port/${encodeURIComponent(row.portid)}${rest}`;

    const spareReply = (await get(url(spare), demo.eng)).json().payload;
    expect(spareReply).toMatchObject({
      portid: spare.portid,
      services: [],
      equipmentid: spare.equipmentid,
      status: 'DOWN',
    });
    expect((await get(url(spare, '/lightlevels'))).json().payload).toEqual({ rx: null, tx: null });
    expect((await get(url(spare, '/lighthistory/6'))).json().payload).toEqual({ rx: [], tx: [] });

    expect((await get(url(uplink, '/operationalstatus'))).json().payload.status).toBe('UP');
    expect((await get(url(uplink, '/lightlevels'))).json().payload.rx).toBeLessThan(0);
    expect((await get(url(uplink, '/traffichistory/6'))).json().payload.in).toHaveLength(181);
    // Customers never read a shelf's ports.
    expect((await get(url(uplink), demo.ungAdmin)).statusCode).toBe(403);
  });
});

describe('service telemetry when Prometheus cannot be reached', () => {
  // The same database behind a second app whose telemetry points at a port nobody listens on.
  let broken: FastifyInstance;
  beforeAll(async () => {
    const telemetry = { prometheusUrl: 'http://127.0.0.1:1', queries: t.config.telemetry.queries };
    broken = await buildApp({ ...t.config, telemetry }, t.database, { logger: false });
    await broken.ready();
  });
  afterAll(() => broken.close());

  const call = async (url: string, as: string = demo.noc) =>
    broken.inject({ method: 'GET', url, headers: { 'x-auth-token': await t.login(as) } });

  it('answers 502 with the spec 8 messages, and utilisation 0/0 with a message', async () => {
    const of = (path: string) => call(`/api/service/${healthy.serviceId}/${path}`);
    const status = await of('linkstatus');
    expect(status.statusCode).toBe(502);
    expect(status.json()).toEqual({
      result: 'Failure',
      message: serviceMessages.statusFailed(healthy.serviceId),
    });
    const traffic = await of('traffichistory/6');
    expect(traffic.statusCode).toBe(502);
    expect(traffic.json().message).toBe(serviceMessages.trafficFailed);
    expect((await of('trafficvalues')).json().message).toBe(serviceMessages.trafficFailed);
    const utilisation = await of('utilisation/1');
    expect(utilisation.statusCode).toBe(200);
    expect(utilisation.json()).toEqual({
      result: 'Success',
      message: telemetryMessages.unavailable,
      payload: { atob: 0, btoa: 0 },
    });
    // Scope is still checked first: a foreign service is 404, not a telemetry failure.
    expect((await call(`/api/service/${foreign.serviceId}/linkstatus`, demo.ungUser)).statusCode).toBe(404);
  });
});
