import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { netboxClient, netboxCustomFields } from './client';
import { netboxDeviceCustomFields } from './client-dcim';
import { type FakeNetBox, type FakeNetBoxData, startFakeNetBox } from './fake-netbox';
import { NetBoxError, NetBoxRefused } from './netbox';

// The NetBox client against a fake NetBox that speaks NetBox 4.x's REST shapes (fake-netbox.ts).
const serviceid = 'UNG0012004701B';
const shelfService = 'WVU0001000101A';
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
      { id: 4, name: 'Westvale PoP' },
    ],
    devices: [
      { id: 1, name: 'mrn-northgate-pe01', role: 'head-end', site: 2 },
      { id: 2, name: 'mrn-northgate-pe02', role: 'head-end', site: 2 },
      { id: 3, name: 'mrn-eastbrook-pe01', role: 'head-end', site: 3 },
      { id: 4, name: 'ung-s0012-acc01', role: 'access', site: 1 },
      { id: 5, name: 'mrn-eastbrook-agg01', role: 'aggregation', site: 3 },
      {
        id: 6,
        name: 'mrn-northgate-ols01',
        role: 'shelf',
        site: 4,
        device_type: 2,
        serial: 'NNTM1234ABCD',
        status: 'active',
        custom_fields: { software_version: '12.3.0' },
        primary_ip4: 1,
      },
      // The same name at another site: NetBox allows it, the portal cannot choose.
      { id: 7, name: 'twin-shelf', role: 'shelf', site: 4, device_type: 2 },
      { id: 8, name: 'twin-shelf', role: 'shelf', site: 3, device_type: 2 },
    ],
    manufacturers: [
      { id: 1, name: 'Juniper' },
      { id: 2, name: 'Ciena' },
    ],
    deviceTypes: [
      { id: 1, manufacturer: 1, model: 'MX204' },
      { id: 2, manufacturer: 2, model: '6500-S14' },
    ],
    moduleTypes: [
      { id: 1, manufacturer: 2, model: 'WLAi MOTR' },
      // Another manufacturer's module of the same name is not the shelf's.
      { id: 2, manufacturer: 1, model: 'SP-2' },
    ],
    moduleBays: [
      { id: 1, device: 6, name: '1' },
      { id: 2, device: 6, name: '2' },
      { id: 3, device: 6, name: '3' },
      { id: 4, device: 1, name: '1' },
    ],
    modules: [
      { id: 1, device: 6, module_bay: 1, module_type: 1, serial: 'NNTMRT0001', status: 'active' },
      { id: 2, device: 6, module_bay: 2, module_type: 1, serial: 'NNTMRT0002', status: 'failed' },
    ],
    inventoryItems: [
      { id: 1, device: 6, name: 'PSU 1', part_id: 'NTK505MA', serial: 'PSU0001' },
      { id: 2, device: 6, name: 'SFP 1-1', part_id: 'XCVR-100G', serial: 'OPT0001', interface: 61 },
      { id: 3, device: 1, name: 'PSU 1', part_id: 'JPSU-650W', serial: 'J0001' },
    ],
    ipAddresses: [
      { id: 1, address: '192.0.2.10/32', interface: 61 },
      { id: 2, address: '192.0.2.11/32', interface: 62 },
      { id: 3, address: '2001:db8::6/128', interface: 62 },
      { id: 4, address: '198.51.100.1/32', interface: 11 },
    ],
    deviceCustomFields: [netboxDeviceCustomFields.softwareVersion],
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
      { id: 61, device: 6, name: '1-1', type: '100gbase-x-qsfp28', description: shelfService },
      { id: 62, device: 6, name: '1-2', type: '100gbase-x-qsfp28', enabled: false },
      { id: 63, device: 6, name: '2-1', type: 'other' },
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

describe('NetBox device inventory (dcim) against a fake NetBox 4.x', () => {
  const shelf = 'mrn-northgate-ols01';
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.unreachable('NetBox should have refused'),
      (error: unknown) => {
        expect(error).toBeInstanceOf(NetBoxRefused);
        return (error as NetBoxRefused).reasons;
      },
    );

  it("reads a device's record: type, serial, version, primary IP, modules by bay, interfaces and items", async () => {
    const record = await client().getDeviceRecord(shelf);
    expect(record).toEqual({
      device: {
        id: 6,
        name: shelf,
        site: 'Westvale PoP',
        manufacturer: 'Ciena',
        model: '6500-S14',
        serial: 'NNTM1234ABCD',
        softwareVersion: '12.3.0',
        primaryIp: '192.0.2.10',
        status: 'active',
      },
      modules: [
        { id: 1, bay: '1', model: 'WLAi MOTR', serial: 'NNTMRT0001', status: 'active' },
        { id: 2, bay: '2', model: 'WLAi MOTR', serial: 'NNTMRT0002', status: 'failed' },
      ],
      interfaces: [
        { id: 61, name: '1-1', type: '100gbase-x-qsfp28', enabled: true, description: shelfService },
        { id: 62, name: '1-2', type: '100gbase-x-qsfp28', enabled: false, description: '' },
        { id: 63, name: '2-1', type: 'other', enabled: true, description: '' },
      ],
      inventoryItems: [
        { id: 1, name: 'PSU 1', partId: 'NTK505MA', serial: 'PSU0001', component: null },
        { id: 2, name: 'SFP 1-1', partId: 'XCVR-100G', serial: 'OPT0001', component: 'interface 1-1' },
      ],
    });
    // Three interfaces in pages of two: the second page was followed.
    const interfacePages = fake.requests.filter((r) => r.path === '/api/dcim/interfaces/');
    expect(interfacePages).toHaveLength(2);
    expect(interfacePages[0]!.query).toContain('device_id=6');
    expect(
      fake.requests.some((r) => r.path === '/api/dcim/devices/' && r.query.includes(`name=${shelf}`)),
    ).toBe(true);
    expect(await client().getDeviceRecord('no-such-shelf')).toBeNull();
    const twins = await refusal(client().getDeviceRecord('twin-shelf'));
    expect(twins).toEqual(['Give each a distinct name in NetBox']);
  });

  it('updates the serial, status, software version (custom field) and primary IP of a device', async () => {
    const updated = await client().updateDevice(6, {
      serial: 'NNTM9999',
      status: 'staged',
      softwareVersion: '12.4.1',
      primaryIp: '2001:db8::6',
    });
    expect(updated).toMatchObject({ serial: 'NNTM9999', status: 'staged', softwareVersion: '12.4.1' });
    // NetBox's primary IP is the IPv4 one while there is one.
    expect(updated.primaryIp).toBe('192.0.2.10');
    expect(fake.data.devices.find((d) => d.id === 6)).toMatchObject({
      primary_ip4: 1,
      primary_ip6: 3,
      custom_fields: { software_version: '12.4.1' },
    });
    expect(await client().updateDevice(6, { primaryIp: '192.0.2.11/32' })).toMatchObject({
      primaryIp: '192.0.2.11',
    });
    expect((await client().updateDevice(6, { softwareVersion: null })).softwareVersion).toBeNull();
    const patch = fake.requests.filter((r) => r.method === 'PATCH' && r.path === '/api/dcim/devices/6/');
    expect(patch).toHaveLength(3);
  });

  it("refuses a primary IP that is not on the device's interfaces and a status NetBox does not know", async () => {
    // 198.51.100.1 exists in NetBox, on another device; 203.0.113.9 nowhere.
    expect(await refusal(client().updateDevice(6, { primaryIp: '198.51.100.1' }))).toEqual([
      "Add 198.51.100.1 to one of the device's interfaces in NetBox first",
    ]);
    expect(await refusal(client().updateDevice(6, { primaryIp: '203.0.113.9' }))).toHaveLength(1);
    expect(await refusal(client().updateDevice(6, { status: 'broken' as 'active' }))).toEqual([
      'status: "broken" is not a valid choice.',
    ]);
    expect(await refusal(client().updateDevice(99, { serial: 'X' }))).toEqual([]);
    expect(fake.data.devices.find((d) => d.id === 6)).toMatchObject({ primary_ip4: 1, status: 'active' });
  });

  it("creates a module in the slot's bay, adding the bay and the module type under the device's manufacturer", async () => {
    const inExistingBay = await client().createModule(6, {
      bay: '3',
      model: 'WLAi MOTR',
      serial: 'NNTMRT0003',
      status: 'active',
    });
    expect(inExistingBay).toEqual({
      id: 3,
      bay: '3',
      model: 'WLAi MOTR',
      serial: 'NNTMRT0003',
      status: 'active',
    });
    expect(fake.data.moduleTypes).toHaveLength(2);

    const inNewBay = await client().createModule(6, {
      bay: '10',
      model: 'SP-2',
      serial: 'SP0010',
      status: 'planned',
    });
    expect(inNewBay).toMatchObject({ bay: '10', model: 'SP-2', serial: 'SP0010', status: 'planned' });
    expect(fake.data.moduleBays!.at(-1)).toMatchObject({ device: 6, name: '10' });
    // Juniper's SP-2 is not Ciena's: a Ciena one is created.
    expect(fake.data.moduleTypes!.at(-1)).toMatchObject({ manufacturer: 2, model: 'SP-2' });
    const posted = fake.requests.filter((r) => r.method === 'POST').map((r) => r.path);
    expect(posted).toEqual([
      '/api/dcim/modules/',
      '/api/dcim/module-bays/',
      '/api/dcim/module-types/',
      '/api/dcim/modules/',
    ]);
  });

  it("refuses a second module in an occupied bay with NetBox's words, writing nothing", async () => {
    const before = fake.data.modules!.length;
    expect(
      await refusal(
        client().createModule(6, { bay: '1', model: 'WLAi MOTR', serial: 'X', status: 'active' }),
      ),
    ).toEqual(['module_bay: module with this module bay already exists.']);
    expect(
      await refusal(
        client().createModule(6, { bay: '3', model: 'WLAi MOTR', serial: 'X', status: 'lost' as 'active' }),
      ),
    ).toEqual(['status: "lost" is not a valid choice.']);
    expect(fake.data.modules).toHaveLength(before);
  });

  it('updates a module (serial, model, bay) and deletes it; deleting it again is no error', async () => {
    expect(await client().updateModule(2, { serial: 'NNTMRT0222', status: 'active' })).toEqual({
      id: 2,
      bay: '2',
      model: 'WLAi MOTR',
      serial: 'NNTMRT0222',
      status: 'active',
    });
    expect(await client().updateModule(2, { model: 'WLAi MOTR 2', bay: '3' })).toMatchObject({
      bay: '3',
      model: 'WLAi MOTR 2',
    });
    expect(fake.data.modules!.find((m) => m.id === 2)).toMatchObject({ module_bay: 3 });
    expect(await refusal(client().updateModule(2, { bay: '1' }))).toEqual([
      'module_bay: module with this module bay already exists.',
    ]);
    await client().deleteModule(2);
    expect(fake.data.modules!.some((m) => m.id === 2)).toBe(false);
    await expect(client().deleteModule(2)).resolves.toBeUndefined();
    expect(await refusal(client().updateModule(2, { serial: 'gone' }))).toEqual([]);
  });

  it('creates, updates and deletes interfaces; refuses a duplicate name and an unknown type', async () => {
    const created = await client().createInterface(6, {
      name: '2-2',
      type: '100gbase-x-qsfp28',
      enabled: false,
      description: 'spare',
    });
    expect(created).toEqual({
      id: 64,
      name: '2-2',
      type: '100gbase-x-qsfp28',
      enabled: false,
      description: 'spare',
    });
    expect(await client().updateInterface(64, { enabled: true, description: '' })).toMatchObject({
      enabled: true,
      description: '',
    });
    expect(
      await refusal(
        client().createInterface(6, { name: '1-1', type: 'other', enabled: true, description: '' }),
      ),
    ).toEqual(['The fields device, name must make a unique set.']);
    expect(await refusal(client().updateInterface(64, { type: 'warp-drive' }))).toEqual([
      'type: "warp-drive" is not a valid choice.',
    ]);
    await client().deleteInterface(64);
    expect(fake.data.interfaces.some((i) => i.id === 64)).toBe(false);
  });

  it('creates inventory items as discovered, updates and deletes them', async () => {
    const created = await client().createInventoryItem(6, {
      name: 'PSU 2',
      partId: 'NTK505MA',
      serial: 'PSU0002',
    });
    expect(created).toEqual({ id: 4, name: 'PSU 2', partId: 'NTK505MA', serial: 'PSU0002', component: null });
    expect(fake.data.inventoryItems!.at(-1)).toMatchObject({ discovered: true, part_id: 'NTK505MA' });
    expect(await client().updateInventoryItem(4, { serial: 'PSU0022' })).toMatchObject({
      serial: 'PSU0022',
      partId: 'NTK505MA',
    });
    expect(await refusal(client().createInventoryItem(6, { name: 'PSU 1', partId: '', serial: '' }))).toEqual(
      ['The fields device, parent, name must make a unique set.'],
    );
    await client().deleteInventoryItem(4);
    expect(fake.data.inventoryItems!.some((i) => i.id === 4)).toBe(false);
  });

  it('turns a failing NetBox into NetBoxError for reads and writes', async () => {
    fake.failing = true;
    await expect(client().getDeviceRecord(shelf)).rejects.toBeInstanceOf(NetBoxError);
    await expect(client().deleteModule(1)).rejects.toBeInstanceOf(NetBoxError);
    await expect(client().deleteModule(1)).rejects.not.toBeInstanceOf(NetBoxRefused);
  });
});
