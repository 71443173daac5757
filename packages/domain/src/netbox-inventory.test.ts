import { describe, expect, it } from 'vitest';
import type { ShelfDetail } from './equipment';
import {
  type DiscoveredShelf,
  diffInventory,
  discoveredShelfOf,
  type InventoryDifference,
  inventoryDifferenceId,
  moduleStatusOfCardState,
  type NetBoxDeviceRecord,
  netboxWriteFor,
} from './netbox-inventory';

// A shelf and a NetBox record that agree on everything compared, changed one way per row below.
function shelf(): DiscoveredShelf {
  return {
    name: 'mrn-northgate-ols01',
    site: 'Northgate PoP',
    vendor: 'Ciena',
    model: '6500-S14',
    serial: 'NNTM1234ABCD',
    softwareVersion: '12.4.1',
    ipAddress: '192.0.2.10',
    cards: [
      { slot: '1', cardType: 'WLAi MOTR', serial: 'NNTMRT0001', state: 'in service' },
      { slot: '10', cardType: 'SP-2', serial: 'NNTMRT0010', state: 'in service' },
      { slot: '2', cardType: 'WLAi MOTR', serial: 'NNTMRT0002', state: 'in service' },
    ],
    ports: [
      { name: '1-1', enabled: true, description: 'UNG0012004701B' },
      { name: '1-2', enabled: false, description: '' },
    ],
    parts: [{ name: 'PSU 1', partId: 'NTK505MA', serial: 'PSU0001' }],
  };
}

function record(): NetBoxDeviceRecord {
  return {
    device: {
      id: 7,
      name: 'mrn-northgate-ols01',
      site: 'Northgate PoP',
      manufacturer: 'Ciena',
      model: '6500-S14',
      serial: 'NNTM1234ABCD',
      softwareVersion: '12.4.1',
      primaryIp: '192.0.2.10/32',
      status: 'active',
    },
    modules: [
      { id: 71, bay: '1', model: 'WLAi MOTR', serial: 'NNTMRT0001', status: 'active' },
      { id: 72, bay: '2', model: 'WLAi MOTR', serial: 'NNTMRT0002', status: 'active' },
      { id: 710, bay: '10', model: 'SP-2', serial: 'NNTMRT0010', status: 'active' },
    ],
    interfaces: [
      { id: 81, name: '1-1', type: 'other', enabled: true, description: 'UNG0012004701B' },
      { id: 82, name: '1-2', type: 'other', enabled: false, description: '' },
    ],
    inventoryItems: [{ id: 91, name: 'PSU 1', partId: 'NTK505MA', serial: 'PSU0001', component: null }],
  };
}

type Row = [string, (s: DiscoveredShelf, r: NetBoxDeviceRecord) => void, Omit<InventoryDifference, 'id'>[]];
const none = () => {};

const rows: Row[] = [
  ['nothing differs (prefix length, case and spaces in serials are not differences)', none, []],
  [
    'the chassis serial',
    (s) => {
      s.serial = 'NNTM9999ZZZZ';
    },
    [
      {
        kind: 'device',
        key: 'mrn-northgate-ols01',
        field: 'serial',
        discovered: 'NNTM9999ZZZZ',
        netbox: 'NNTM1234ABCD',
        change: 'update',
        netboxId: 7,
      },
    ],
  ],
  [
    'an older software version in NetBox',
    (_, r) => {
      r.device.softwareVersion = '12.3.0';
    },
    [
      {
        kind: 'device',
        key: 'mrn-northgate-ols01',
        field: 'softwareVersion',
        discovered: '12.4.1',
        netbox: '12.3.0',
        change: 'update',
        netboxId: 7,
      },
    ],
  ],
  [
    'no software version and no primary IP in NetBox',
    (_, r) => {
      r.device.softwareVersion = null;
      r.device.primaryIp = null;
    },
    [
      {
        kind: 'device',
        key: 'mrn-northgate-ols01',
        field: 'softwareVersion',
        discovered: '12.4.1',
        netbox: null,
        change: 'update',
        netboxId: 7,
      },
      {
        kind: 'device',
        key: 'mrn-northgate-ols01',
        field: 'primaryIp',
        discovered: '192.0.2.10',
        netbox: null,
        change: 'update',
        netboxId: 7,
      },
    ],
  ],
  [
    "a card's serial",
    (_, r) => {
      r.modules[1]!.serial = 'NNTMRT9992';
    },
    [
      {
        kind: 'module',
        key: '2',
        field: 'serial',
        discovered: 'NNTMRT0002',
        netbox: 'NNTMRT9992',
        change: 'update',
        netboxId: 72,
      },
    ],
  ],
  [
    'another card type in a slot',
    (s) => {
      s.cards[0]!.cardType = 'WLAi MOTR 2';
    },
    [
      {
        kind: 'module',
        key: '1',
        field: 'model',
        discovered: 'WLAi MOTR 2',
        netbox: 'WLAi MOTR',
        change: 'update',
        netboxId: 71,
      },
    ],
  ],
  [
    'a card NetBox lacks and a module the shelf no longer has',
    (s, r) => {
      s.cards.push({ slot: '3', cardType: 'OTR 100G', serial: 'NNTMRT0003', state: 'in service' });
      r.modules.push({ id: 74, bay: '4', model: 'OTR 100G', serial: 'OLD0004', status: 'active' });
    },
    [
      {
        kind: 'module',
        key: '3',
        field: 'module',
        discovered: 'OTR 100G',
        netbox: null,
        change: 'create',
        netboxId: null,
      },
      {
        kind: 'module',
        key: '4',
        field: 'module',
        discovered: null,
        netbox: 'OTR 100G',
        change: 'delete',
        netboxId: 74,
      },
    ],
  ],
  [
    'a missing interface, an extra one, and a port enabled and described differently',
    (s, r) => {
      s.ports.push({ name: '2-1', enabled: true, description: '' });
      r.interfaces.push({ id: 89, name: '9-9', type: 'other', enabled: true, description: '' });
      r.interfaces[0]!.enabled = false;
      r.interfaces[0]!.description = 'old customer';
    },
    [
      {
        kind: 'interface',
        key: '1-1',
        field: 'enabled',
        discovered: 'true',
        netbox: 'false',
        change: 'update',
        netboxId: 81,
      },
      {
        kind: 'interface',
        key: '1-1',
        field: 'description',
        discovered: 'UNG0012004701B',
        netbox: 'old customer',
        change: 'update',
        netboxId: 81,
      },
      {
        kind: 'interface',
        key: '2-1',
        field: 'interface',
        discovered: '2-1',
        netbox: null,
        change: 'create',
        netboxId: null,
      },
      {
        kind: 'interface',
        key: '9-9',
        field: 'interface',
        discovered: null,
        netbox: '9-9',
        change: 'delete',
        netboxId: 89,
      },
    ],
  ],
  [
    'an extra inventory item and a part with another serial',
    (_, r) => {
      r.inventoryItems[0]!.serial = 'PSU9999';
      r.inventoryItems.push({
        id: 92,
        name: 'FAN 3',
        partId: 'NTK507LS',
        serial: 'FAN0003',
        component: null,
      });
    },
    [
      {
        kind: 'inventoryItem',
        key: 'PSU 1',
        field: 'serial',
        discovered: 'PSU0001',
        netbox: 'PSU9999',
        change: 'update',
        netboxId: 91,
      },
      {
        kind: 'inventoryItem',
        key: 'FAN 3',
        field: 'inventoryItem',
        discovered: null,
        netbox: 'NTK507LS',
        change: 'delete',
        netboxId: 92,
      },
    ],
  ],
  [
    'a part NetBox lacks',
    (s) => {
      s.parts!.push({ name: 'PSU 2', partId: 'NTK505MA', serial: 'PSU0002' });
    },
    [
      {
        kind: 'inventoryItem',
        key: 'PSU 2',
        field: 'inventoryItem',
        discovered: 'NTK505MA',
        netbox: null,
        change: 'create',
        netboxId: null,
      },
    ],
  ],
  [
    'another part number under the same name (a fan tray of a newer model)',
    (s) => {
      s.parts![0]!.partId = 'NTK505MB';
    },
    [
      {
        kind: 'inventoryItem',
        key: 'PSU 1',
        field: 'partId',
        discovered: 'NTK505MB',
        netbox: 'NTK505MA',
        change: 'update',
        netboxId: 91,
      },
    ],
  ],
  [
    "a part's serial and number typed by hand into NetBox (case and spaces are not differences)",
    (_, r) => {
      r.inventoryItems[0]!.serial = ' psu0001 ';
      r.inventoryItems[0]!.partId = 'ntk505ma';
    },
    [],
  ],
  [
    'a part swapped for another under a new name: one added, one removed',
    (s) => {
      s.parts![0]!.name = 'PSU 2';
    },
    [
      {
        kind: 'inventoryItem',
        key: 'PSU 2',
        field: 'inventoryItem',
        discovered: 'NTK505MA',
        netbox: null,
        change: 'create',
        netboxId: null,
      },
      {
        kind: 'inventoryItem',
        key: 'PSU 1',
        field: 'inventoryItem',
        discovered: null,
        netbox: 'NTK505MA',
        change: 'delete',
        netboxId: 91,
      },
    ],
  ],
  [
    'a shelf with no parts at all against NetBox items: each is removed',
    (s) => {
      s.parts = [];
    },
    [
      {
        kind: 'inventoryItem',
        key: 'PSU 1',
        field: 'inventoryItem',
        discovered: null,
        netbox: 'NTK505MA',
        change: 'delete',
        netboxId: 91,
      },
    ],
  ],
  [
    'a shelf that reports no parts says nothing about inventory items',
    (s, r) => {
      delete s.parts;
      r.inventoryItems.push({
        id: 92,
        name: 'FAN 3',
        partId: 'NTK507LS',
        serial: 'FAN0003',
        component: null,
      });
    },
    [],
  ],
];

describe('diffInventory', () => {
  it.each(rows)('%s', (_, change, expected) => {
    const s = shelf();
    const r = record();
    // Written by hand into NetBox: other case and stray spaces.
    r.modules[0]!.serial = ' nntmrt0001 ';
    change(s, r);
    expect(diffInventory(s, r)).toEqual(
      expected.map((d) => ({ id: inventoryDifferenceId(d.kind, d.key, d.field), ...d })),
    );
  });

  it('gives each difference an id that is unique and the same on every run', () => {
    const s = shelf();
    const r = record();
    s.serial = 'X';
    s.cards[0]!.serial = 'Y';
    s.ports.push({ name: 'a/b:c', enabled: true, description: '' });
    const first = diffInventory(s, r).map((d) => d.id);
    expect(first).toEqual([
      'device/mrn-northgate-ols01/serial',
      'module/1/serial',
      'interface/a%2Fb%3Ac/interface',
    ]);
    expect(diffInventory(s, r).map((d) => d.id)).toEqual(first);
    expect(new Set(first).size).toBe(first.length);
  });
});

describe('netboxWriteFor', () => {
  const differencesOf = (change: (s: DiscoveredShelf, r: NetBoxDeviceRecord) => void) => {
    const s = shelf();
    const r = record();
    change(s, r);
    return { s, differences: diffInventory(s, r) };
  };

  it('turns each chosen difference into the one NetBox write with the shelf values', () => {
    const { s, differences } = differencesOf((s, r) => {
      s.serial = 'NEW-SERIAL';
      s.ipAddress = '192.0.2.99';
      r.device.softwareVersion = '12.3.0';
      s.cards.push({ slot: '3', cardType: 'OTR 100G', serial: 'NNTMRT0003', state: 'Failed' });
      r.modules[1]!.serial = 'WRONG';
      r.modules.push({ id: 74, bay: '4', model: 'OTR 100G', serial: 'OLD0004', status: 'active' });
      s.ports.push({ name: '2-1', enabled: true, description: 'new' });
      r.interfaces[1]!.enabled = true;
      r.interfaces.push({ id: 89, name: '9-9', type: 'other', enabled: true, description: '' });
      s.parts!.push({ name: 'PSU 2', partId: 'NTK505MA', serial: 'PSU0002' });
      r.inventoryItems[0]!.partId = 'OLD';
      r.inventoryItems.push({
        id: 92,
        name: 'FAN 3',
        partId: 'NTK507LS',
        serial: 'FAN0003',
        component: null,
      });
    });
    expect(differences.map((d) => netboxWriteFor(d, s))).toEqual([
      { write: 'updateDevice', id: 7, patch: { serial: 'NEW-SERIAL' } },
      { write: 'updateDevice', id: 7, patch: { softwareVersion: '12.4.1' } },
      { write: 'updateDevice', id: 7, patch: { primaryIp: '192.0.2.99' } },
      { write: 'updateModule', id: 72, patch: { serial: 'NNTMRT0002' } },
      {
        write: 'createModule',
        input: { bay: '3', model: 'OTR 100G', serial: 'NNTMRT0003', status: 'failed' },
      },
      { write: 'deleteModule', id: 74 },
      { write: 'updateInterface', id: 82, patch: { enabled: false } },
      { write: 'createInterface', input: { name: '2-1', type: 'other', enabled: true, description: 'new' } },
      { write: 'deleteInterface', id: 89 },
      { write: 'updateInventoryItem', id: 91, patch: { partId: 'NTK505MA' } },
      { write: 'createInventoryItem', input: { name: 'PSU 2', partId: 'NTK505MA', serial: 'PSU0002' } },
      { write: 'deleteInventoryItem', id: 92 },
    ]);
  });

  it('answers null when the shelf no longer has what the difference named', () => {
    const { differences } = differencesOf((s) => {
      s.cards.push({ slot: '3', cardType: 'OTR 100G', serial: 'NNTMRT0003', state: 'in service' });
    });
    const [create] = differences;
    expect(netboxWriteFor(create!, shelf())).toBeNull();
  });
});

describe('moduleStatusOfCardState', () => {
  it.each([
    ['in service', 'active'],
    ['IS', 'active'],
    ['Failed', 'failed'],
    ['equipment fault', 'failed'],
    ['out of service', 'offline'],
    ['admin down', 'offline'],
    ['planned', 'planned'],
    ['', 'active'],
  ])('%s is %s', (state, status) => {
    expect(moduleStatusOfCardState(state)).toBe(status);
  });
});

describe('discoveredShelfOf', () => {
  it("takes the equipment area's shelf: slots as text, admin down ports disabled, service ids as descriptions", () => {
    const card = { equipmentid: 3, equipmentname: 'mrn-northgate-ols01', ports: 2 };
    const port = { uuid: 'u', slot: 1, handoff: true };
    const detail: ShelfDetail = {
      equipmentid: 3,
      equipmentname: 'mrn-northgate-ols01',
      ipaddress: '192.0.2.10',
      siteid: 2,
      sitenumber: 'S0002',
      sitename: 'Northgate PoP',
      vendor: 'Ciena',
      model: '6500-S14',
      spack: '12.4.1',
      serial: null,
      cards: 3,
      ports: 3,
      alarms: { warning: 0, minor: 0, major: 0, critical: 0 },
      lastchecked: null,
      updated: 0,
      cardlist: [
        {
          ...card,
          cardid: 1,
          equipid: 'e1',
          slot: 1,
          cardtype: 'WLAi MOTR',
          state: 'inservice',
          serial: 'C1',
        },
        { ...card, cardid: 2, equipid: 'e2', slot: 2, cardtype: 'SP-2', state: 'fault', serial: null },
        { ...card, cardid: 3, equipid: 'e3', slot: 3, cardtype: 'OTR', state: 'outofservice', serial: 'C3' },
      ],
      portlist: [
        {
          ...port,
          portid: 'p1',
          name: '1-1',
          state: 'up',
          service: { serviceid: 'UNG0012004701B', description: 'x', status: 1, customername: 'U', end: 'A' },
        },
        { ...port, portid: 'p2', name: '1-2', state: 'down', service: null },
        { ...port, portid: 'p3', name: '1-3', state: 'disabled', service: null },
      ],
      partlist: [
        { name: 'Power input A', partnumber: 'NTK505CA', serial: 'P1' },
        { name: 'Power input B', partnumber: 'NTK505CA', serial: null },
      ],
      alarmlist: [],
    };
    const shelf = discoveredShelfOf(detail);
    expect(shelf).toEqual({
      name: 'mrn-northgate-ols01',
      site: 'Northgate PoP',
      vendor: 'Ciena',
      model: '6500-S14',
      serial: '',
      softwareVersion: '12.4.1',
      ipAddress: '192.0.2.10',
      cards: [
        { slot: '1', cardType: 'WLAi MOTR', serial: 'C1', state: 'inservice' },
        { slot: '2', cardType: 'SP-2', serial: '', state: 'fault' },
        { slot: '3', cardType: 'OTR', serial: 'C3', state: 'outofservice' },
      ],
      ports: [
        { name: '1-1', enabled: true, description: 'UNG0012004701B' },
        { name: '1-2', enabled: true, description: '' },
        { name: '1-3', enabled: false, description: '' },
      ],
      parts: [
        { name: 'Power input A', partId: 'NTK505CA', serial: 'P1' },
        { name: 'Power input B', partId: 'NTK505CA', serial: '' },
      ],
    });
    // The equipment area's card states as NetBox module statuses.
    expect(shelf.cards.map((c) => moduleStatusOfCardState(c.state))).toEqual(['active', 'failed', 'offline']);
    // A shelf with no parts recorded does not report any: NetBox's inventory items are not judged.
    const unrecorded = discoveredShelfOf({ ...detail, partlist: [] });
    expect(unrecorded).not.toHaveProperty('parts');
    expect(
      diffInventory(unrecorded, {
        device: {
          id: 1,
          name: unrecorded.name,
          site: unrecorded.site,
          manufacturer: 'Ciena',
          model: '6500-S14',
          serial: '',
          softwareVersion: '12.4.1',
          primaryIp: '192.0.2.10',
          status: 'active',
        },
        modules: [],
        interfaces: [],
        inventoryItems: [{ id: 5, name: 'Power input A', partId: 'NTK505CA', serial: 'P1', component: null }],
      }).filter((d) => d.kind === 'inventoryItem'),
    ).toEqual([]);
  });
});
