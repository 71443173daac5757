import { serviceMessages } from '@lightpath/domain/services';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { customers } from '../../db/schema/customers';
import { services, simulatedThirdPartyCircuits, sites } from '../../db/schema/inventory';
import { auditLog } from '../../db/schema/platform';
import { netboxCustomFields } from '../../integrations/netbox/client';
import { type FakeNetBox, startFakeNetBox } from '../../integrations/netbox/fake-netbox';
import { netboxMessages } from '../../integrations/netbox/netbox';
import { buildTestApp, demo, type TestApp } from '../../test/helper';

let t: TestApp;
let service: typeof services.$inferSelect;
let bSite: typeof sites.$inferSelect;

const get = (url: string, as: string = demo.noc) => t.call({ method: 'GET', url, as });
const circuitCount = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(simulatedThirdPartyCircuits))[0]!.n;

beforeAll(async () => {
  t = await buildTestApp();
  const { db } = t.database;
  const [ung] = await db.select().from(customers).where(eq(customers.customerCode, 'UNG'));
  service = (await db.select().from(services).where(eq(services.customerId, ung!.customerId))).find(
    (s) => s.typeLetter !== 'F' && s.typeLetter !== 'G' && s.typeLetter !== 'H',
  )!;
  bSite = (await db.select().from(sites).where(eq(sites.siteId, service.bEndSiteId!)))[0]!;
});
afterAll(() => t.close());

const valid = () => ({
  circuitid: 'BGN-10001',
  serviceid: service.serviceId,
  providerid: 1,
  circuittypeid: 1,
  headendid: 'mrn-northgate-pe01',
  redundantheadendid: 'mrn-northgate-pe02',
  tailendid: null,
});

describe('third-party circuits (simulated NetBox)', () => {
  it('lists providers without the operator, circuit types and head-ends, for the NOC only', async () => {
    const providers = await get('/api/netbox/providers');
    expect(providers.statusCode).toBe(200);
    const names = providers.json().payload.results.map((p: { name: string }) => p.name);
    expect(names).toHaveLength(5);
    expect(names).not.toContain(t.config.provider.name);
    const types = (await get('/api/netbox/virtualcircuittypes')).json().payload.results;
    expect(types.map((x: { name: string }) => x.name)).toContain('EVPL');
    const headEnds = (await get('/api/netbox/headends')).json().payload.results;
    expect(headEnds[0]).toEqual({ id: 1, name: 'mrn-northgate-pe01', site: 'Northgate PoP' });
    for (const as of [demo.eng, demo.tech, demo.ungAdmin, demo.ungUser]) {
      expect((await get('/api/netbox/providers', as)).statusCode, as).toBe(403);
      expect((await get('/api/netbox/thirdparties', as)).statusCode, as).toBe(403);
    }
  });

  it('records a circuit, lists it, counts it in the sidebar for the NOC only, and audits it', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/netbox/thirdparty',
      as: demo.noc,
      payload: valid(),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe(netboxMessages.created('BGN-10001'));
    const circuit = created.json().payload;
    expect(circuit).toMatchObject({
      circuitid: 'BGN-10001',
      serviceid: service.serviceId,
      provider: { id: 1, name: 'Bluegum Networks' },
      circuittype: { id: 1, name: 'EVPL' },
      headendid: 'mrn-northgate-pe01',
      redundantheadendid: 'mrn-northgate-pe02',
      tailendid: null,
    });
    const list = (await get('/api/netbox/thirdparties')).json().payload;
    expect(list).toMatchObject({ count: 1, limit: 100, offset: 0 });
    expect(list.results).toEqual([circuit]);
    expect((await get('/api/netbox/thirdparties?q=northgate-pe02')).json().payload.count).toBe(1);
    expect((await get('/api/netbox/thirdparties?q=nothing-like-it')).json().payload.count).toBe(0);
    const counts = (await get('/api/navigation/counts')).json().payload.counts;
    expect(counts['services.thirdparty']).toBe(1);
    const customerCounts = (await get('/api/navigation/counts', demo.ungAdmin)).json().payload.counts;
    expect(customerCounts['services.thirdparty'] ?? 0).toBe(0);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'thirdparty.create'));
    expect(audits.map((a) => a.entityId)).toContain(String(circuit.id));
  });

  it('refuses bad input with 400 and a second circuit of the same id and provider with 409, writing nothing', async () => {
    const before = await circuitCount();
    const bad: [Record<string, unknown>, string | null][] = [
      [{ ...valid(), circuitid: '' }, 'Circuit id is required'],
      [{ ...valid(), serviceid: 'not-a-service' }, serviceMessages.idInvalid],
      [{ ...valid(), serviceid: 'UNG9999999999B' }, netboxMessages.serviceMissing('UNG9999999999B')],
      [{ ...valid(), circuitid: 'N-1', providerid: 99 }, netboxMessages.providerUnknown],
      // The operator is not a third party.
      [{ ...valid(), circuitid: 'N-2', providerid: 6 }, netboxMessages.providerUnknown],
      [{ ...valid(), circuitid: 'N-3', circuittypeid: 42 }, netboxMessages.circuitTypeUnknown],
      [{ ...valid(), headendid: undefined }, null],
      [{ ...valid(), extra: 1 }, null],
    ];
    for (const [payload, message] of bad) {
      const reply = await t.call({ method: 'POST', url: '/api/netbox/thirdparty', as: demo.noc, payload });
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(reply.json().message).toContain(message);
    }
    const duplicate = await t.call({
      method: 'POST',
      url: '/api/netbox/thirdparty',
      as: demo.noc,
      payload: { ...valid(), circuitid: 'bgn-10001' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(netboxMessages.duplicate('bgn-10001', 'Bluegum Networks'));
    expect(await circuitCount()).toBe(before);
    // The same circuit id with another provider is another circuit.
    const other = await t.call({
      method: 'POST',
      url: '/api/netbox/thirdparty',
      as: demo.noc,
      payload: { ...valid(), providerid: 2 },
    });
    expect(other.statusCode).toBe(201);
    expect(
      (await t.call({ method: 'POST', url: '/api/netbox/thirdparty', as: demo.ungAdmin, payload: valid() }))
        .statusCode,
    ).toBe(403);
    expect(await circuitCount()).toBe(before + 1);
  });

  it('removes a circuit once; an unknown id is 404', async () => {
    const list = (await get('/api/netbox/thirdparties')).json().payload.results as {
      id: number;
      circuitid: string;
    }[];
    const target = list[0]!;
    const removed = await t.call({
      method: 'DELETE',
      url: `/api/netbox/thirdparty/${target.id}`,
      as: demo.noc,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(netboxMessages.deleted(target.circuitid));
    const again = await t.call({
      method: 'DELETE',
      url: `/api/netbox/thirdparty/${target.id}`,
      as: demo.noc,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(netboxMessages.notFound);
    expect(
      (await t.call({ method: 'DELETE', url: '/api/netbox/thirdparty/abc', as: demo.noc })).statusCode,
    ).toBe(400);
    expect(
      (await t.call({ method: 'DELETE', url: `/api/netbox/thirdparty/${list[1]!.id}`, as: demo.ungAdmin }))
        .statusCode,
    ).toBe(403);
  });
});

describe('handoff finder (simulated NetBox)', () => {
  it('answers the same candidates every time, for an existing or a new service id', async () => {
    const url = `/api/service/${service.serviceId}/handofffinder`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBeUndefined();
    const handoffs = first.json().payload;
    expect(handoffs.aConfident).toHaveLength(1);
    expect(handoffs.aMaybe).toHaveLength(2);
    expect(handoffs.aConfident[0].uuid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect((await get(url)).json().payload).toEqual(handoffs);
    // The B end is the site the service really ends at (a PoP of the provider with the same number as
    // one of the customer's own sites, in the demo data).
    expect(bSite.siteType).toBe(1);
    const slug = bSite.siteName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    expect(handoffs.bConfident).toHaveLength(1);
    expect(handoffs.bConfident[0].port.startsWith(`mrn-${slug}-pe01 `)).toBe(true);
    // Not created yet: the next sequence number between the same sites, in lower case.
    const fresh = `${service.serviceId.slice(0, 11)}99${service.typeLetter}`.toLowerCase();
    const planned = await get(`/api/service/${fresh}/handofffinder`);
    expect(planned.statusCode).toBe(200);
    expect(planned.json().payload.aConfident).toHaveLength(1);
  });

  it('refuses an id that is malformed or names an unknown customer or site', async () => {
    const code = service.serviceId.slice(0, 3);
    for (const id of ['nonsense', 'ZZZ0001000101B', `${code}9998999701B`, `${code}0000000001B`]) {
      const reply = await get(`/api/service/${id}/handofffinder`);
      expect(reply.statusCode, id).toBe(400);
      expect(reply.json().message).toBe(serviceMessages.handoffIdInvalid(id.toUpperCase()));
    }
    expect((await get(`/api/service/${service.serviceId}/handofffinder`, demo.ungAdmin)).statusCode).toBe(
      403,
    );
  });
});

describe('third-party circuits and handoffs through a NetBox', () => {
  let fake: FakeNetBox;
  let app: FastifyInstance;
  beforeAll(async () => {
    fake = await startFakeNetBox({
      providers: [
        { id: 7, name: 'Bluegum Networks' },
        { id: 8, name: t.config.provider.name },
      ],
      providerNetworks: [{ id: 70, name: 'Bluegum Ethernet', provider: 7 }],
      circuitTypes: [{ id: 3, name: 'EVPL' }],
      virtualCircuits: [],
      sites: [{ id: 1, name: bSite.siteName }],
      devices: [{ id: 1, name: 'mrn-pe01', role: 'head-end', site: 1 }],
      interfaces: [{ id: 5, device: 1, name: 'xe-0/0/5', description: service.serviceId }],
      customFields: Object.values(netboxCustomFields),
    });
    const netbox = { url: fake.url, token: fake.token, headEndRole: 'head-end' };
    app = await buildApp({ ...t.config, netbox }, t.database, { logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { 'x-auth-token': await t.login(demo.noc) } });

  it('writes to NetBox, not to the simulator table, and reads back from it', async () => {
    const before = await circuitCount();
    const created = await call('POST', '/api/netbox/thirdparty', {
      ...valid(),
      providerid: 7,
      circuittypeid: 3,
    });
    expect(created.statusCode).toBe(201);
    expect(fake.data.virtualCircuits).toHaveLength(1);
    expect(await circuitCount()).toBe(before);
    const list = (await call('GET', '/api/netbox/thirdparties')).json().payload;
    expect(list.results).toEqual([created.json().payload]);
    const providers = (await call('GET', '/api/netbox/providers')).json().payload.results;
    expect(providers).toEqual([{ id: 7, name: 'Bluegum Networks' }]);
    const duplicate = await call('POST', '/api/netbox/thirdparty', {
      ...valid(),
      providerid: 7,
      circuittypeid: 3,
    });
    expect(duplicate.statusCode).toBe(409);
    const handoffs = (await call('GET', `/api/service/${service.serviceId}/handofffinder`)).json().payload;
    expect(handoffs.bConfident).toEqual([{ port: 'mrn-pe01 xe-0/0/5', uuid: '5' }]);
  });

  it('answers 502 without details when NetBox fails', async () => {
    fake.failing = true;
    try {
      const list = await call('GET', '/api/netbox/thirdparties');
      expect(list.statusCode).toBe(502);
      expect(list.json()).toEqual({ result: 'Failure', message: netboxMessages.unavailable });
      const handoffs = await call('GET', `/api/service/${service.serviceId}/handofffinder`);
      expect(handoffs.statusCode).toBe(502);
      expect(handoffs.json().message).toBe(serviceMessages.handoffFailed);
    } finally {
      fake.failing = false;
    }
  });
});
