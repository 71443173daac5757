import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { netboxClient, netboxCustomFields } from './client';
import { type FakeNetBox, type FakeNetBoxData, startFakeNetBox } from './fake-netbox';
import { NetBoxError } from './netbox';

// The NetBox client against a fake NetBox that speaks NetBox 4.x's REST shapes (fake-netbox.ts).
const serviceid = 'UNG0012004701B';
const fields = Object.values(netboxCustomFields);

function seedData(): FakeNetBoxData {
  return {
    providers: [
      { id: 1, name: 'Bluegum Networks' },
      { id: 2, name: 'Coastline Carrier Services' },
      { id: 3, name: 'Meridian Research Network' },
      { id: 4, name: 'Ironbark Fibre' },
      { id: 5, name: 'Networkless Carrier' },
    ],
    providerNetworks: [
      { id: 11, name: 'Bluegum Ethernet', provider: 1 },
      { id: 12, name: 'Coastline Metro', provider: 2 },
      { id: 14, name: 'Ironbark Backhaul', provider: 4 },
    ],
    circuitTypes: [
      { id: 1, name: 'EVPL' },
      { id: 2, name: 'EPL' },
      { id: 3, name: 'VPLS' },
    ],
    virtualCircuits: [
      // Someone else's virtual circuit: not the portal's, never listed or deleted by it.
      { id: 100, cid: 'HAND-MADE-1', provider_network: 11, type: 1, custom_fields: {} },
      {
        id: 101,
        cid: 'CLM-00042',
        provider_network: 12,
        type: 2,
        custom_fields: {
          [netboxCustomFields.service]: 'EBH0003004702D',
          [netboxCustomFields.headEnd]: 'mrn-eastbrook-pe01',
          [netboxCustomFields.redundantHeadEnd]: null,
          [netboxCustomFields.tailEnd]: 'ebh-s0003-cpe',
        },
      },
      {
        id: 102,
        cid: 'BGN-00007',
        provider_network: 11,
        type: 1,
        custom_fields: {
          [netboxCustomFields.service]: serviceid,
          [netboxCustomFields.headEnd]: 'mrn-northgate-pe01',
        },
      },
    ],
    sites: [
      { id: 1, name: 'Northgate Main Campus' },
      { id: 2, name: 'Northgate PoP' },
      { id: 3, name: 'Eastbrook PoP' },
    ],
    devices: [
      { id: 1, name: 'mrn-northgate-pe01', role: 'head-end', site: 2 },
      { id: 2, name: 'mrn-northgate-pe02', role: 'head-end', site: 2 },
      { id: 3, name: 'mrn-eastbrook-pe01', role: 'head-end', site: 3 },
      { id: 4, name: 'ung-s0012-acc01', role: 'access', site: 1 },
      { id: 5, name: 'mrn-eastbrook-agg01', role: 'aggregation', site: 3 },
    ],
    interfaces: [
      { id: 41, device: 4, name: 'ge-0/0/1', description: `${serviceid} primary` },
      { id: 42, device: 4, name: 'ge-0/0/2' },
      { id: 43, device: 4, name: 'ge-0/0/3', cabled: true },
      { id: 44, device: 4, name: 'fxp0', mgmt_only: true },
      { id: 45, device: 4, name: 'ge-0/0/4', enabled: false },
      { id: 46, device: 4, name: 'ae0', type: 'lag' },
      { id: 11, device: 1, name: 'xe-1/0/7', description: serviceid.toLowerCase() },
      { id: 12, device: 1, name: 'xe-1/0/8' },
      { id: 13, device: 2, name: 'xe-1/0/9', description: 'EBH0003004702D' },
      { id: 51, device: 5, name: 'xe-0/1/3', description: `transit for ${serviceid}` },
    ],
    customFields: [...fields],
  };
}

let fake: FakeNetBox;
const client = (overrides: { token?: string; url?: string } = {}) =>
  netboxClient({
    url: overrides.url ?? fake.url,
    token: overrides.token ?? fake.token,
    headEndRole: 'head-end',
  });

beforeEach(async () => {
  await fake?.close();
  fake = await startFakeNetBox(seedData());
});
afterAll(() => fake.close());

describe('NetBox client against a fake NetBox 4.x', () => {
  it('sends the token, ends every path in a slash and follows `next` through small pages', async () => {
    const providers = await client().listProviders();
    expect(providers.map((p) => p.name)).toEqual([
      'Bluegum Networks',
      'Coastline Carrier Services',
      'Meridian Research Network',
      'Ironbark Fibre',
      'Networkless Carrier',
    ]);
    expect(providers[0]).toEqual({ id: 1, name: 'Bluegum Networks' });
    // Five providers in pages of two: three requests.
    expect(fake.requests.filter((r) => r.path === '/api/circuits/providers/')).toHaveLength(3);
    for (const r of fake.requests) {
      expect(r.authorization).toBe(`Token ${fake.token}`);
      expect(r.path.endsWith('/')).toBe(true);
    }
    expect((await client().listCircuitTypes()).map((t) => t.name)).toEqual(['EVPL', 'EPL', 'VPLS']);
  });

  it('lists head-ends as the devices with the configured role, with their site', async () => {
    expect(await client().listHeadEnds()).toEqual([
      { id: 1, name: 'mrn-northgate-pe01', site: 'Northgate PoP' },
      { id: 2, name: 'mrn-northgate-pe02', site: 'Northgate PoP' },
      { id: 3, name: 'mrn-eastbrook-pe01', site: 'Eastbrook PoP' },
    ]);
    expect(
      fake.requests.some((r) => r.path === '/api/dcim/devices/' && r.query.includes('role=head-end')),
    ).toBe(true);
  });

  it("lists only the portal's virtual circuits, with the provider of their provider network", async () => {
    const page = await client().listCircuits({ limit: 100, offset: 0 });
    expect(page.count).toBe(2);
    expect(page.results).toEqual([
      {
        id: 102,
        circuitid: 'BGN-00007',
        serviceid,
        provider: { id: 1, name: 'Bluegum Networks' },
        circuittype: { id: 1, name: 'EVPL' },
        headendid: 'mrn-northgate-pe01',
        redundantheadendid: null,
        tailendid: null,
      },
      {
        id: 101,
        circuitid: 'CLM-00042',
        serviceid: 'EBH0003004702D',
        provider: { id: 2, name: 'Coastline Carrier Services' },
        circuittype: { id: 2, name: 'EPL' },
        headendid: 'mrn-eastbrook-pe01',
        redundantheadendid: null,
        tailendid: 'ebh-s0003-cpe',
      },
    ]);
    const filtered = await client().listCircuits({ q: 'ebh-s0003', limit: 100, offset: 0 });
    expect(filtered.results.map((c) => c.id)).toEqual([101]);
    const second = await client().listCircuits({ limit: 1, offset: 1 });
    expect(second).toMatchObject({ count: 2, results: [{ id: 101 }] });
    expect(await client().countCircuits()).toBe(2);
  });

  it('creates a virtual circuit on the provider network, with the portal custom fields', async () => {
    const created = await client().createCircuit({
      circuitid: 'IRB-5550',
      serviceid,
      providerid: 4,
      circuittypeid: 3,
      headendid: 'mrn-northgate-pe01',
      redundantheadendid: 'mrn-northgate-pe02',
      tailendid: null,
    });
    expect(created).toMatchObject({
      circuitid: 'IRB-5550',
      serviceid,
      provider: { id: 4, name: 'Ironbark Fibre' },
      circuittype: { id: 3, name: 'VPLS' },
      redundantheadendid: 'mrn-northgate-pe02',
      tailendid: null,
    });
    const stored = fake.data.virtualCircuits.find((vc) => vc.cid === 'IRB-5550')!;
    expect(stored).toMatchObject({ provider_network: 14, type: 3 });
    expect(stored.custom_fields[netboxCustomFields.service]).toBe(serviceid);
    expect(await client().findCircuit(4, 'irb-5550')).toMatchObject({ id: created.id });
    expect(await client().findCircuit(1, 'IRB-5550')).toBeNull();
    // A hand-made circuit with the same id still counts as taken.
    expect(await client().findCircuit(1, 'HAND-MADE-1')).toMatchObject({ circuitid: 'HAND-MADE-1' });
    // A provider without a provider network cannot carry a circuit: a 400 for the user, nothing written.
    const before = fake.data.virtualCircuits.length;
    const refused = client().createCircuit({
      circuitid: 'X-1',
      serviceid,
      providerid: 5,
      circuittypeid: 1,
      headendid: 'mrn-northgate-pe01',
    });
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ status: 400 });
    expect(fake.data.virtualCircuits).toHaveLength(before);
  });

  it('deletes only its own circuits', async () => {
    expect(await client().deleteCircuit(102)).toMatchObject({ circuitid: 'BGN-00007' });
    expect(fake.data.virtualCircuits.some((vc) => vc.id === 102)).toBe(false);
    expect(
      fake.requests.some((r) => r.method === 'DELETE' && r.path === '/api/circuits/virtual-circuits/102/'),
    ).toBe(true);
    expect(await client().deleteCircuit(100)).toBeNull();
    expect(fake.data.virtualCircuits.some((vc) => vc.id === 100)).toBe(true);
    expect(await client().deleteCircuit(999)).toBeNull();
  });

  it('finds handoffs by the sites matching the portal site names', async () => {
    const handoffs = await client().findHandoffs({
      serviceid,
      aSite: { siteid: 7, sitenumber: 'S0012', sitename: 'Northgate Main Campus', sitetype: 1 },
      bSite: { siteid: 8, sitenumber: 'S0047', sitename: 'Northgate PoP', sitetype: 1 },
    });
    expect(handoffs).toEqual({
      aConfident: [{ port: 'ung-s0012-acc01 ge-0/0/1', uuid: '41' }],
      bConfident: [{ port: 'mrn-northgate-pe01 xe-1/0/7', uuid: '11' }],
      aMaybe: [{ port: 'ung-s0012-acc01 ge-0/0/2', uuid: '42' }],
      bMaybe: [{ port: 'mrn-northgate-pe01 xe-1/0/8', uuid: '12' }],
      unsure: [{ port: 'mrn-eastbrook-agg01 xe-0/1/3', uuid: '51' }],
    });
    const unknownSites = await client().findHandoffs({
      serviceid,
      aSite: { siteid: 7, sitenumber: 'S0012', sitename: 'Nowhere', sitetype: 1 },
      bSite: null,
    });
    expect(unknownSites).toMatchObject({ aConfident: [], aMaybe: [], bConfident: [], bMaybe: [] });
    expect(unknownSites.unsure).toHaveLength(3);
  });

  it('turns a refused token, a failing NetBox and no NetBox at all into NetBoxError', async () => {
    await expect(client({ token: 'wrong-token-0123456789' }).listProviders()).rejects.toBeInstanceOf(
      NetBoxError,
    );
    fake.failing = true;
    await expect(client().listCircuits({ limit: 10, offset: 0 })).rejects.toBeInstanceOf(NetBoxError);
    fake.failing = false;
    await expect(client({ url: 'http://127.0.0.1:1' }).listCircuitTypes()).rejects.toBeInstanceOf(
      NetBoxError,
    );
  });
});
