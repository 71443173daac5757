import type {
  NetBoxDevice,
  NetBoxDevicePatch,
  NetBoxDeviceRecord,
  NetBoxInterface,
  NetBoxInterfaceInput,
  NetBoxInventoryItem,
  NetBoxInventoryItemInput,
  NetBoxModule,
  NetBoxModuleInput,
} from '@lightpath/domain/netbox-inventory';
import { type NetBoxDeviceInventory, NetBoxRefused } from './netbox';

// The device inventory half of the NetBox 4.x client (client.ts builds it with its request helpers):
// dcim devices, modules (with their module bays and module types), interfaces and inventory items.
//
// Where NetBox's model and the portal's differ:
// - The software version is the device custom field `software_version` (type Text on DCIM > Device;
//   docs/integrations.md). A platform was the other candidate, but platforms are shared objects named
//   by people ("Junos"), and writing one per version would fill NetBox with them.
// - The primary IP is the device's primary IPv4 address, else its IPv6 one, without the prefix length.
//   Setting it points the device at an IP address NetBox already has on one of the device's
//   interfaces, as NetBox requires; the portal does not invent which interface carries it.
// - A card is a module in the module bay named like the card's slot. Writing one creates the bay when
//   the device has none of that name, and the module type (by model) under the device's manufacturer
//   when there is none, so a card NetBox has never seen can still be recorded.

// Custom fields the portal reads and writes on DCIM > Device (type Text).
export const netboxDeviceCustomFields = { softwareVersion: 'software_version' } as const;

export type NetBoxRequests = {
  request: <T>(method: string, target: URL, body?: unknown) => Promise<T | null>;
  listAll: <T>(path: string, query?: Record<string, string | number>) => Promise<T[]>;
  apiUrl: (path: string, query?: Record<string, string | number>) => URL;
};

type Brief = { id: number; name: string };
type Choice = { value: string; label: string };
type IpBrief = { id: number; address: string; family: { value: number } };
type Device = Brief & {
  device_type: { id: number; model: string; manufacturer: Brief };
  site: Brief | null;
  serial: string;
  status: Choice | null;
  primary_ip4: IpBrief | null;
  primary_ip6: IpBrief | null;
  custom_fields: Record<string, unknown> | null;
};
type Module = {
  id: number;
  device: Brief;
  module_bay: Brief;
  module_type: { id: number; model: string; manufacturer: Brief };
  serial: string;
  status: Choice | null;
};
type Interface = Brief & { type: Choice | null; enabled: boolean; description: string };
type InventoryItem = Brief & {
  part_id: string;
  serial: string;
  component_type: string | null;
  component: { name?: string; display?: string } | null;
};
type ModuleType = { id: number; model: string };

const withoutPrefixLength = (address: string) => address.replace(/\/\d+$/, '');

function toDevice(d: Device): NetBoxDevice {
  const version = d.custom_fields?.[netboxDeviceCustomFields.softwareVersion];
  const primary = d.primary_ip4 ?? d.primary_ip6;
  return {
    id: d.id,
    name: d.name,
    site: d.site?.name ?? null,
    manufacturer: d.device_type.manufacturer.name,
    model: d.device_type.model,
    serial: d.serial,
    softwareVersion: typeof version === 'string' && version !== '' ? version : null,
    primaryIp: primary ? withoutPrefixLength(primary.address) : null,
    status: d.status?.value ?? '',
  };
}

const toModule = (m: Module): NetBoxModule => ({
  id: m.id,
  bay: m.module_bay.name,
  model: m.module_type.model,
  serial: m.serial,
  status: m.status?.value ?? '',
});

const toInterface = (i: Interface): NetBoxInterface => ({
  id: i.id,
  name: i.name,
  type: i.type?.value ?? '',
  enabled: i.enabled,
  description: i.description,
});

// "dcim.interface" and its name become "interface xe-0/0/1".
function toInventoryItem(i: InventoryItem): NetBoxInventoryItem {
  const componentName = i.component?.name ?? i.component?.display;
  const componentKind = i.component_type?.split('.').pop();
  return {
    id: i.id,
    name: i.name,
    partId: i.part_id,
    serial: i.serial,
    component: componentName ? [componentKind, componentName].filter(Boolean).join(' ') : null,
  };
}

const pick = <T extends object>(patch: T) =>
  Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));

export function netboxDeviceInventory({ request, listAll, apiUrl }: NetBoxRequests): NetBoxDeviceInventory {
  // A write to an object someone removed meanwhile: NetBox's 404, said in words a person can act on.
  async function write<T>(method: 'POST' | 'PATCH', path: string, body: unknown, what: string): Promise<T> {
    const reply = await request<T>(method, apiUrl(path), body);
    if (!reply) throw new NetBoxRefused(`${what} no longer exists in NetBox`, []);
    return reply;
  }

  async function deviceById(id: number): Promise<Device> {
    const device = await request<Device>('GET', apiUrl(`dcim/devices/${id}/`));
    if (!device) throw new NetBoxRefused(`Device ${id} no longer exists in NetBox`, []);
    return device;
  }

  // NetBox allows one installed module per bay and bays are per device: found by name or added.
  async function moduleBayId(deviceId: number, bay: string): Promise<number> {
    const [found] = await listAll<Brief>('dcim/module-bays/', { device_id: deviceId, name: bay });
    if (found) return found.id;
    const created = await write<Brief>(
      'POST',
      'dcim/module-bays/',
      { device: deviceId, name: bay },
      'The device',
    );
    return created.id;
  }

  async function moduleTypeId(deviceId: number, model: string): Promise<number> {
    const manufacturer = (await deviceById(deviceId)).device_type.manufacturer;
    const [found] = await listAll<ModuleType>('dcim/module-types/', {
      manufacturer_id: manufacturer.id,
      model,
    });
    if (found) return found.id;
    const created = await write<ModuleType>(
      'POST',
      'dcim/module-types/',
      { manufacturer: manufacturer.id, model },
      `Manufacturer ${manufacturer.name}`,
    );
    return created.id;
  }

  async function primaryIpFields(deviceId: number, address: string | null) {
    if (address === null) return { primary_ip4: null, primary_ip6: null };
    const host = withoutPrefixLength(address);
    const assigned = await listAll<IpBrief>('ipam/ip-addresses/', { device_id: deviceId, address: host });
    const ip = assigned.find((a) => withoutPrefixLength(a.address) === host);
    if (!ip)
      throw new NetBoxRefused(`${host} is not an IP address of this device in NetBox`, [
        `Add ${host} to one of the device's interfaces in NetBox first`,
      ]);
    return ip.family.value === 6 ? { primary_ip6: ip.id } : { primary_ip4: ip.id };
  }

  return {
    async getDeviceRecord(name): Promise<NetBoxDeviceRecord | null> {
      const devices = (await listAll<Device>('dcim/devices/', { name })).filter((d) => d.name === name);
      if (devices.length === 0) return null;
      // Names are unique per site and tenant only; the portal cannot tell two such devices apart.
      if (devices.length > 1)
        throw new NetBoxRefused(`NetBox has ${devices.length} devices named ${name}`, [
          `Give each a distinct name in NetBox`,
        ]);
      const device = devices[0]!;
      const [modules, interfaces, items] = await Promise.all([
        listAll<Module>('dcim/modules/', { device_id: device.id }),
        listAll<Interface>('dcim/interfaces/', { device_id: device.id }),
        listAll<InventoryItem>('dcim/inventory-items/', { device_id: device.id }),
      ]);
      return {
        device: toDevice(device),
        modules: modules.map(toModule),
        interfaces: interfaces.map(toInterface),
        inventoryItems: items.map(toInventoryItem),
      };
    },

    async updateDevice(id, patch: NetBoxDevicePatch) {
      const body = {
        ...pick({ serial: patch.serial, status: patch.status }),
        ...(patch.softwareVersion === undefined
          ? {}
          : { custom_fields: { [netboxDeviceCustomFields.softwareVersion]: patch.softwareVersion } }),
        ...(patch.primaryIp === undefined ? {} : await primaryIpFields(id, patch.primaryIp)),
      };
      return toDevice(await write<Device>('PATCH', `dcim/devices/${id}/`, body, `Device ${id}`));
    },

    async createModule(deviceId, input: NetBoxModuleInput) {
      const [bayId, typeId] = [
        await moduleBayId(deviceId, input.bay),
        await moduleTypeId(deviceId, input.model),
      ];
      const created = await write<Module>(
        'POST',
        'dcim/modules/',
        {
          device: deviceId,
          module_bay: bayId,
          module_type: typeId,
          serial: input.serial,
          status: input.status,
        },
        `Device ${deviceId}`,
      );
      return toModule(created);
    },

    async updateModule(id, patch) {
      const needsDevice = patch.bay !== undefined || patch.model !== undefined;
      const current = needsDevice ? await request<Module>('GET', apiUrl(`dcim/modules/${id}/`)) : null;
      if (needsDevice && !current) throw new NetBoxRefused(`Module ${id} no longer exists in NetBox`, []);
      const deviceId = current?.device.id ?? 0;
      const body = {
        ...pick({ serial: patch.serial, status: patch.status }),
        ...(patch.bay === undefined ? {} : { module_bay: await moduleBayId(deviceId, patch.bay) }),
        ...(patch.model === undefined ? {} : { module_type: await moduleTypeId(deviceId, patch.model) }),
      };
      return toModule(await write<Module>('PATCH', `dcim/modules/${id}/`, body, `Module ${id}`));
    },

    async createInterface(deviceId, input: NetBoxInterfaceInput) {
      const body = { device: deviceId, ...input };
      return toInterface(await write<Interface>('POST', 'dcim/interfaces/', body, `Device ${deviceId}`));
    },

    updateInterface: async (id, patch) =>
      toInterface(await write<Interface>('PATCH', `dcim/interfaces/${id}/`, pick(patch), `Interface ${id}`)),

    // Marked as discovered: NetBox's own flag for an item a process found rather than a person typed.
    async createInventoryItem(deviceId, input: NetBoxInventoryItemInput) {
      const body = {
        device: deviceId,
        name: input.name,
        part_id: input.partId,
        serial: input.serial,
        discovered: true,
      };
      return toInventoryItem(
        await write<InventoryItem>('POST', 'dcim/inventory-items/', body, `Device ${deviceId}`),
      );
    },

    async updateInventoryItem(id, patch) {
      const body = pick({ name: patch.name, part_id: patch.partId, serial: patch.serial });
      const updated = await write<InventoryItem>(
        'PATCH',
        `dcim/inventory-items/${id}/`,
        body,
        `Inventory item ${id}`,
      );
      return toInventoryItem(updated);
    },

    // Deleting what is already gone leaves NetBox as asked: NetBox's 404 is not an error here.
    deleteModule: async (id) => void (await request('DELETE', apiUrl(`dcim/modules/${id}/`))),
    deleteInterface: async (id) => void (await request('DELETE', apiUrl(`dcim/interfaces/${id}/`))),
    deleteInventoryItem: async (id) => void (await request('DELETE', apiUrl(`dcim/inventory-items/${id}/`))),
  };
}
