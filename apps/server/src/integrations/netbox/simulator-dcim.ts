import {
  type DiscoveredShelf,
  defaultInterfaceType,
  moduleStatusOfCardState,
  type NetBoxDevice,
  type NetBoxInterface,
  type NetBoxInventoryItem,
  type NetBoxModule,
} from '@lightpath/domain/netbox-inventory';
import { hash32 } from '../telemetry/simulator';
import { netboxClientRequests } from './client';
import { netboxDeviceCustomFields, netboxDeviceInventory } from './client-dcim';
import type { FakeNetBoxData } from './fake-netbox';
import { fakeDcim, pageOf } from './fake-netbox-dcim';
import type { NetBoxDeviceInventory } from './netbox';

// The built-in NetBox's device inventory (NetBox checks, issue 14 item 4): the real client's dcim half
// talking, through a fetch that never leaves the process, to the same in-memory NetBox the contract
// test runs the client against (fake-netbox-dcim.ts). So the simulator accepts and refuses exactly
// what the fake does, which is what NetBox does. Devices come from a loader, called on first use,
// and from addDeviceRecord.

// A device as NetBox should hold it, without NetBox's ids; the site is matched by name.
export type SimulatedDeviceInput = {
  device: Omit<NetBoxDevice, 'id'>;
  modules: Omit<NetBoxModule, 'id'>[];
  interfaces: Omit<NetBoxInterface, 'id'>[];
  inventoryItems: Omit<NetBoxInventoryItem, 'id' | 'component'>[];
};

export type SimulatedDeviceInventory = NetBoxDeviceInventory & {
  // Adds a device unless one of that name is there; true when added.
  addDeviceRecord: (input: SimulatedDeviceInput) => boolean;
};

const simulatedOrigin = 'http://netbox.simulated';
const pageSize = 1000;

export function simulatedDeviceInventory(
  options: {
    loadDevices?: () => Promise<SimulatedDeviceInput[]>;
    // Asked for a device NetBox does not have yet, each time one is looked up: the equipment area can
    // give one shelf at a time instead of all of them at once, and a shelf added later still appears.
    loadDevice?: (name: string) => Promise<SimulatedDeviceInput | null>;
  } = {},
): SimulatedDeviceInventory {
  const data: FakeNetBoxData = {
    providers: [],
    providerNetworks: [],
    circuitTypes: [],
    virtualCircuits: [],
    sites: [],
    devices: [],
    interfaces: [],
    customFields: [],
    manufacturers: [],
    deviceTypes: [],
    deviceCustomFields: [netboxDeviceCustomFields.softwareVersion],
  };
  const dcim = fakeDcim(
    data,
    () => simulatedOrigin,
    (id) => {
      const site = data.sites.find((s) => s.id === id)!;
      return {
        id: site.id,
        url: `${simulatedOrigin}/api/dcim/sites/${site.id}/`,
        display: site.name,
        name: site.name,
      };
    },
  );

  const inProcessFetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const reply = await dcim.handle(init?.method ?? 'GET', url.pathname, url.searchParams, async () => body);
    if (!reply) return Response.json({ detail: 'Not found.' }, { status: 404 });
    if (reply.list) return Response.json(pageOf(url, reply.list, pageSize));
    return reply.body === undefined
      ? new Response(null, { status: reply.status })
      : Response.json(reply.body, { status: reply.status });
  };
  const inventory = netboxDeviceInventory(
    netboxClientRequests({ url: simulatedOrigin, token: 'simulated', fetch: inProcessFetch }),
  );

  const idAfter = (items: { id: number }[]) => Math.max(0, ...items.map((i) => i.id)) + 1;
  function idOf<T extends { id: number }>(
    items: T[],
    matches: (item: T) => boolean,
    make: (id: number) => T,
  ) {
    const found = items.find(matches);
    if (found) return found.id;
    const made = make(idAfter(items));
    items.push(made);
    return made.id;
  }

  function addDeviceRecord({ device, modules, interfaces, inventoryItems }: SimulatedDeviceInput): boolean {
    if (data.devices.some((d) => d.name === device.name)) return false;
    const manufacturer = idOf(
      data.manufacturers!,
      (m) => m.name === device.manufacturer,
      (id) => ({ id, name: device.manufacturer }),
    );
    const deviceType = idOf(
      data.deviceTypes!,
      (t) => t.manufacturer === manufacturer && t.model === device.model,
      (id) => ({ id, manufacturer, model: device.model }),
    );
    const site = device.site
      ? idOf(
          data.sites,
          (s) => s.name === device.site,
          (id) => ({ id, name: device.site! }),
        )
      : 0;
    const deviceId = idAfter(data.devices);
    data.devices.push({
      id: deviceId,
      name: device.name,
      role: 'shelf',
      site,
      device_type: deviceType,
      serial: device.serial,
      status: device.status,
      custom_fields: { [netboxDeviceCustomFields.softwareVersion]: device.softwareVersion },
    });
    const firstInterface = idAfter(data.interfaces);
    for (const [n, i] of interfaces.entries())
      data.interfaces.push({ id: firstInterface + n, device: deviceId, ...i });
    // NetBox's primary IP is an address on one of the device's interfaces: the first one here.
    if (device.primaryIp) {
      const v6 = device.primaryIp.includes(':');
      const ip = {
        id: idAfter(data.ipAddresses!),
        address: `${device.primaryIp}/${v6 ? 128 : 32}`,
        interface: interfaces.length > 0 ? firstInterface : null,
      };
      data.ipAddresses!.push(ip);
      data.devices.at(-1)![v6 ? 'primary_ip6' : 'primary_ip4'] = ip.id;
    }
    for (const m of modules) {
      const bay = { id: idAfter(data.moduleBays!), device: deviceId, name: m.bay };
      data.moduleBays!.push(bay);
      const type = idOf(
        data.moduleTypes!,
        (t) => t.manufacturer === manufacturer && t.model === m.model,
        (id) => ({ id, manufacturer, model: m.model }),
      );
      data.modules!.push({
        id: idAfter(data.modules!),
        device: deviceId,
        module_bay: bay.id,
        module_type: type,
        serial: m.serial,
        status: m.status,
      });
    }
    for (const item of inventoryItems)
      data.inventoryItems!.push({
        id: idAfter(data.inventoryItems!),
        device: deviceId,
        name: item.name,
        part_id: item.partId,
        serial: item.serial,
      });
    return true;
  }

  // The loader runs once, on the first call that needs the devices; a failed load is tried again.
  let loaded: Promise<void> | null = null;
  const ready = () => {
    loaded ??= (async () => {
      for (const input of (await options.loadDevices?.()) ?? []) addDeviceRecord(input);
    })().catch((error: unknown) => {
      loaded = null;
      throw error;
    });
    return loaded;
  };
  const loadedFirst = Object.fromEntries(
    Object.entries(inventory).map(([name, call]) => [
      name,
      async (...args: unknown[]) => {
        await ready();
        return (call as (...a: unknown[]) => Promise<unknown>)(...args);
      },
    ]),
  ) as NetBoxDeviceInventory;
  async function getDeviceRecord(name: string) {
    const found = await loadedFirst.getDeviceRecord(name);
    if (found || !options.loadDevice) return found;
    const input = await options.loadDevice(name);
    if (!input || input.device.name !== name) return null;
    addDeviceRecord(input);
    return inventory.getDeviceRecord(name);
  }
  return { ...loadedFirst, getDeviceRecord, addDeviceRecord };
}

// The older version NetBox still shows after an upgrade: the last non-zero number one lower.
function olderVersion(version: string | null): string | null {
  if (!version) return null;
  const numbers = [...version.matchAll(/\d+/g)];
  const last = numbers.reverse().find((m) => Number(m[0]) > 0);
  if (!last || last.index === undefined) return null;
  return `${version.slice(0, last.index)}${Number(last[0]) - 1}${version.slice(last.index + last[0].length)}`;
}

// Whether the demo's NetBox is out of date for this shelf: one shelf in five, always the same ones.
export const simulatedDriftFor = (shelfName: string) => hash32(`netbox-drift|${shelfName}`) % 5 === 0;

// NetBox's record of a discovered shelf for the demo. Most agree with the shelf; for one in five
// (simulatedDriftFor) NetBox is behind in four ways the compare page should show: the first card's
// serial (a card swapped without updating NetBox), the last port missing, an extra power supply
// inventory item, and the software version before the last upgrade.
export function netboxVersionOfShelf(shelf: DiscoveredShelf): SimulatedDeviceInput {
  const drift = simulatedDriftFor(shelf.name);
  const cards = [...shelf.cards].sort((a, b) => a.slot.localeCompare(b.slot, 'en', { numeric: true }));
  const swapped = cards[0]?.slot;
  const ports = drift ? shelf.ports.slice(0, -1) : shelf.ports;
  const parts = shelf.parts ?? [];
  const extraPart = {
    name: `PSU ${parts.length + 9}`,
    partId: 'PSU-LEGACY-AC',
    serial: `PS${hash32(shelf.name) % 100000}`,
  };
  return {
    device: {
      name: shelf.name,
      site: shelf.site,
      manufacturer: shelf.vendor,
      model: shelf.model,
      serial: shelf.serial,
      softwareVersion: drift ? olderVersion(shelf.softwareVersion) : shelf.softwareVersion,
      primaryIp: shelf.ipAddress,
      status: 'active',
    },
    modules: cards.map((card) => ({
      bay: card.slot,
      model: card.cardType,
      serial: drift && card.slot === swapped ? `${card.serial}-RMA` : card.serial,
      status: moduleStatusOfCardState(card.state),
    })),
    interfaces: ports.map((port) => ({ ...port, type: defaultInterfaceType })),
    inventoryItems: drift ? [...parts, extraPart] : parts,
  };
}
