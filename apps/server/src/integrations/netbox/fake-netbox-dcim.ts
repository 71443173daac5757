import type {
  FakeDevice,
  FakeDeviceType,
  FakeInterface,
  FakeInventoryItem,
  FakeIpAddress,
  FakeManufacturer,
  FakeModule,
  FakeModuleBay,
  FakeModuleType,
  FakeNetBoxData,
} from './fake-netbox';

// The device inventory part of the fake NetBox (fake-netbox.ts serves it): devices by name and by id,
// their modules, module bays, module types, interfaces, inventory items and IP addresses, with
// NetBox 4.x's shapes (brief nested objects, choices as { value, label }) and NetBox's refusals of bad
// writes: 400 with { field: [messages] }, `non_field_errors` for a broken unique set. It is also the
// engine of the built-in simulator (simulator-dcim.ts), so the two cannot drift apart.

export type FakeReply = { list: unknown[] } | { list?: undefined; status: number; body?: unknown } | null;

const deviceStatuses = ['offline', 'active', 'planned', 'staged', 'failed', 'inventory', 'decommissioning'];
const moduleStatuses = deviceStatuses.filter((s) => s !== 'inventory');
// A few of NetBox's interface types, with their labels.
const interfaceTypes: Record<string, string> = {
  virtual: 'Virtual',
  lag: 'Link Aggregation Group (LAG)',
  bridge: 'Bridge',
  other: 'Other',
  '1000base-t': '1000BASE-T (1GE)',
  '10gbase-x-sfpp': 'SFP+ (10GE)',
  '100gbase-x-qsfp28': 'QSFP28 (100GE)',
  '400gbase-x-qsfpdd': 'QSFP-DD (400GE)',
};

const label = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const required = ['This field is required.'];
const notFound = (id: unknown) => [`Related object not found using the provided numeric ID: ${id}`];
const badChoice = (value: unknown) => [`"${String(value)}" is not a valid choice.`];
const notUnique = (fields: string) => ({
  non_field_errors: [`The fields ${fields} must make a unique set.`],
});
const refuse = (body: Record<string, string[]>): FakeReply => ({ status: 400, body });
const nextId = (items: { id: number }[]) => Math.max(0, ...items.map((i) => i.id)) + 1;
const host = (address: string) => address.replace(/\/\d+$/, '');

// One page of a list as NetBox answers it, with absolute `next` and `previous` links.
export function pageOf(url: URL, items: unknown[], maxPageSize: number) {
  const limit = Math.min(Number(url.searchParams.get('limit') ?? maxPageSize) || maxPageSize, maxPageSize);
  const offset = Number(url.searchParams.get('offset') ?? 0) || 0;
  const link = (at: number) => {
    const next = new URL(url.toString());
    next.searchParams.set('limit', String(limit));
    next.searchParams.set('offset', String(at));
    return next.toString();
  };
  return {
    count: items.length,
    next: offset + limit < items.length ? link(offset + limit) : null,
    previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
    results: items.slice(offset, offset + limit),
  };
}

export function fakeDcim(data: FakeNetBoxData, originOf: () => string, siteBrief: (id: number) => unknown) {
  // Absent lists start empty and are kept on `data`, so tests see what a write stored.
  data.manufacturers ??= [{ id: 1, name: 'Generic' }];
  data.deviceTypes ??= [{ id: 1, manufacturer: 1, model: 'Generic' }];
  data.moduleTypes ??= [];
  data.moduleBays ??= [];
  data.modules ??= [];
  data.inventoryItems ??= [];
  data.ipAddresses ??= [];
  data.deviceCustomFields ??= [];
  const manufacturers: FakeManufacturer[] = data.manufacturers;
  const deviceTypes: FakeDeviceType[] = data.deviceTypes;
  const moduleTypes: FakeModuleType[] = data.moduleTypes;
  const moduleBays: FakeModuleBay[] = data.moduleBays;
  const modules: FakeModule[] = data.modules;
  const items: FakeInventoryItem[] = data.inventoryItems;
  const ips: FakeIpAddress[] = data.ipAddresses;
  const deviceFields: string[] = data.deviceCustomFields;

  const link = (path: string, id: number) => `${originOf()}/api/${path}/${id}/`;
  const choice = (value: string, labels?: Record<string, string>) => ({
    value,
    label: labels?.[value] ?? label(value),
  });

  const manufacturerBrief = (id: number) => {
    const m = manufacturers.find((x) => x.id === id)!;
    return {
      id: m.id,
      url: link('dcim/manufacturers', m.id),
      display: m.name,
      name: m.name,
      slug: slugOf(m.name),
      description: '',
    };
  };
  const typeOf = (d: FakeDevice) => deviceTypes.find((t) => t.id === d.device_type) ?? deviceTypes[0]!;
  const deviceTypeBrief = (t: FakeDeviceType) => ({
    id: t.id,
    url: link('dcim/device-types', t.id),
    display: t.model,
    manufacturer: manufacturerBrief(t.manufacturer),
    model: t.model,
    slug: slugOf(t.model),
    description: '',
  });
  const moduleTypeBrief = (id: number) => {
    const t = moduleTypes.find((x) => x.id === id)!;
    return {
      id: t.id,
      url: link('dcim/module-types', t.id),
      display: t.model,
      profile: null,
      manufacturer: manufacturerBrief(t.manufacturer),
      model: t.model,
      description: '',
    };
  };
  const deviceBrief = (id: number) => {
    const d = data.devices.find((x) => x.id === id)!;
    return { id: d.id, url: link('dcim/devices', d.id), display: d.name, name: d.name, description: '' };
  };
  const bayBrief = (id: number) => {
    const b = moduleBays.find((x) => x.id === id)!;
    return { id: b.id, url: link('dcim/module-bays', b.id), display: b.name, name: b.name };
  };
  const ipBrief = (id: number | null | undefined) => {
    const ip = ips.find((x) => x.id === id);
    if (!ip) return null;
    const family = ip.address.includes(':') ? 6 : 4;
    return {
      id: ip.id,
      url: link('ipam/ip-addresses', ip.id),
      display: ip.address,
      family: { value: family, label: `IPv${family}` },
      address: ip.address,
      description: '',
    };
  };

  const fullDevice = (d: FakeDevice) => ({
    ...deviceBrief(d.id),
    display_url: `${originOf()}/dcim/devices/${d.id}/`,
    device_type: deviceTypeBrief(typeOf(d)),
    role: { id: 1, url: link('dcim/device-roles', 1), display: d.role, name: d.role, slug: d.role },
    tenant: null,
    platform: null,
    serial: d.serial ?? '',
    asset_tag: null,
    site: data.sites.some((x) => x.id === d.site) ? siteBrief(d.site) : null,
    location: null,
    rack: null,
    status: choice(d.status ?? 'active'),
    primary_ip: ipBrief(d.primary_ip4) ?? ipBrief(d.primary_ip6),
    primary_ip4: ipBrief(d.primary_ip4),
    primary_ip6: ipBrief(d.primary_ip6),
    oob_ip: null,
    comments: '',
    tags: [],
    custom_fields: Object.fromEntries(deviceFields.map((f) => [f, d.custom_fields?.[f] ?? null])),
    created: '2026-01-01T00:00:00Z',
    last_updated: '2026-01-01T00:00:00Z',
  });

  const fullInterface = (i: FakeInterface) => ({
    id: i.id,
    url: link('dcim/interfaces', i.id),
    display: i.name,
    device: deviceBrief(i.device),
    module: null,
    name: i.name,
    label: '',
    type: choice(i.type ?? '10gbase-x-sfpp', interfaceTypes),
    enabled: i.enabled ?? true,
    mgmt_only: i.mgmt_only ?? false,
    description: i.description ?? '',
    cable: i.cabled
      ? { id: 900 + i.id, url: link('dcim/cables', 900 + i.id), display: `#${900 + i.id}` }
      : null,
    mark_connected: false,
    tags: [],
    custom_fields: {},
  });

  const fullModule = (m: FakeModule) => ({
    id: m.id,
    url: link('dcim/modules', m.id),
    display: `${moduleTypes.find((t) => t.id === m.module_type)?.model} (${m.serial})`,
    device: deviceBrief(m.device),
    module_bay: bayBrief(m.module_bay),
    module_type: moduleTypeBrief(m.module_type),
    status: choice(m.status),
    serial: m.serial,
    asset_tag: null,
    description: '',
    comments: '',
    tags: [],
    custom_fields: {},
  });

  const fullItem = (i: FakeInventoryItem) => {
    const component = data.interfaces.find((x) => x.id === i.interface);
    return {
      id: i.id,
      url: link('dcim/inventory-items', i.id),
      display: i.name,
      device: deviceBrief(i.device),
      parent: null,
      name: i.name,
      label: '',
      status: choice('active'),
      role: null,
      manufacturer: null,
      part_id: i.part_id,
      serial: i.serial,
      asset_tag: null,
      discovered: i.discovered ?? false,
      description: '',
      component_type: component ? 'dcim.interface' : null,
      component_id: component?.id ?? null,
      component: component
        ? {
            id: component.id,
            url: link('dcim/interfaces', component.id),
            display: component.name,
            name: component.name,
          }
        : null,
      tags: [],
      custom_fields: {},
    };
  };

  const fullIp = (ip: FakeIpAddress) => {
    const assigned = data.interfaces.find((i) => i.id === ip.interface);
    return {
      ...ipBrief(ip.id),
      status: choice('active'),
      assigned_object_type: assigned ? 'dcim.interface' : null,
      assigned_object_id: assigned?.id ?? null,
      assigned_object: assigned
        ? {
            id: assigned.id,
            display: assigned.name,
            name: assigned.name,
            device: deviceBrief(assigned.device),
          }
        : null,
    };
  };
  const deviceOfIp = (ip: FakeIpAddress) => data.interfaces.find((i) => i.id === ip.interface)?.device;

  // Each collection's list filters, its writes' checks, and its objects' shapes.
  type Body = Record<string, unknown>;
  type Refusal = { refused: Record<string, string[]> };
  type Collection<T extends { id: number }> = {
    all: T[];
    filters: Record<string, (item: T, value: string) => boolean>;
    full: (item: T) => unknown;
    // The stored object the body makes of `current` (a POST has none), or NetBox's refusal.
    check: (body: Body, current: T | null) => T | Refusal;
  };
  // The router below handles every collection alike; each is written with its own type.
  const erased = <T extends { id: number }>(c: Collection<T>) => c as unknown as Collection<{ id: number }>;
  const no = (refused: Record<string, string[]>): Refusal => ({ refused });
  const byDevice = (item: { device: number }, value: string) => item.device === Number(value);
  const byName = (item: { name: string }, value: string) => item.name === value;
  const missing = (field: string, id: unknown) => no({ [field]: id === undefined ? required : notFound(id) });
  const deviceExists = (id: unknown) => data.devices.some((d) => d.id === id);
  const textOf = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
  const nameOf = (body: Body, current: { name: string } | null) =>
    textOf(body.name, current?.name ?? '').trim();

  const moduleBayCollection: Collection<FakeModuleBay> = {
    all: moduleBays,
    filters: { device_id: byDevice, name: byName },
    full: (b) => ({ ...bayBrief(b.id), device: deviceBrief(b.device), installed_module: null }),
    check(body, current) {
      const device = (body.device ?? current?.device) as number;
      const name = nameOf(body, current);
      if (!deviceExists(device)) return missing('device', device);
      if (!name) return no({ name: required });
      if (moduleBays.some((b) => b.device === device && b.name === name && b.id !== current?.id))
        return no(notUnique('device, module, name'));
      return { id: current?.id ?? nextId(moduleBays), device, name };
    },
  };

  const moduleTypeCollection: Collection<FakeModuleType> = {
    all: moduleTypes,
    filters: {
      manufacturer_id: (t, v) => t.manufacturer === Number(v),
      model: (t, v) => t.model === v,
    },
    full: (t) => moduleTypeBrief(t.id),
    check(body, current) {
      const manufacturer = (body.manufacturer ?? current?.manufacturer) as number;
      const model = textOf(body.model, current?.model ?? '').trim();
      if (!manufacturers.some((m) => m.id === manufacturer)) return missing('manufacturer', manufacturer);
      if (!model) return no({ model: required });
      if (
        moduleTypes.some((t) => t.manufacturer === manufacturer && t.model === model && t.id !== current?.id)
      )
        return no(notUnique('manufacturer, model'));
      return { id: current?.id ?? nextId(moduleTypes), manufacturer, model };
    },
  };

  const moduleCollection: Collection<FakeModule> = {
    all: modules,
    filters: { device_id: byDevice },
    full: fullModule,
    check(body, current) {
      const next: FakeModule = {
        id: current?.id ?? nextId(modules),
        device: (body.device ?? current?.device) as number,
        module_bay: (body.module_bay ?? current?.module_bay) as number,
        module_type: (body.module_type ?? current?.module_type) as number,
        serial: textOf(body.serial, current?.serial ?? ''),
        status: textOf(body.status, current?.status ?? 'active'),
      };
      if (!deviceExists(next.device)) return missing('device', next.device);
      const bay = moduleBays.find((b) => b.id === next.module_bay);
      if (!bay) return missing('module_bay', next.module_bay);
      if (!moduleTypes.some((t) => t.id === next.module_type))
        return missing('module_type', next.module_type);
      if (!moduleStatuses.includes(next.status)) return no({ status: badChoice(next.status) });
      if (bay.device !== next.device)
        return no({
          non_field_errors: [
            `Module must be installed within a module bay belonging to the assigned device (${deviceBrief(next.device).name}).`,
          ],
        });
      if (modules.some((m) => m.module_bay === bay.id && m.id !== next.id))
        return no({ module_bay: ['module with this module bay already exists.'] });
      return next;
    },
  };

  const interfaceCollection: Collection<FakeInterface> = {
    all: data.interfaces,
    filters: {
      device_id: byDevice,
      site_id: (i, v) => data.devices.find((d) => d.id === i.device)?.site === Number(v),
      q: (i, v) => `${i.name}\n${i.description ?? ''}`.toLowerCase().includes(v.toLowerCase()),
    },
    full: fullInterface,
    check(body, current) {
      const device = (body.device ?? current?.device) as number;
      const name = nameOf(body, current);
      const type = (body.type ?? current?.type) as string | undefined;
      if (!deviceExists(device)) return missing('device', device);
      if (!name) return no({ name: required });
      if (type === undefined) return no({ type: required });
      if (!(type in interfaceTypes)) return no({ type: badChoice(type) });
      if (data.interfaces.some((i) => i.device === device && i.name === name && i.id !== current?.id))
        return no(notUnique('device, name'));
      return {
        ...current,
        id: current?.id ?? nextId(data.interfaces),
        device,
        name,
        type,
        enabled: typeof body.enabled === 'boolean' ? body.enabled : (current?.enabled ?? true),
        description: textOf(body.description, current?.description ?? ''),
      };
    },
  };

  const inventoryItemCollection: Collection<FakeInventoryItem> = {
    all: items,
    filters: { device_id: byDevice },
    full: fullItem,
    check(body, current) {
      const device = (body.device ?? current?.device) as number;
      const name = nameOf(body, current);
      if (!deviceExists(device)) return missing('device', device);
      if (!name) return no({ name: required });
      if (items.some((i) => i.device === device && i.name === name && i.id !== current?.id))
        return no(notUnique('device, parent, name'));
      return {
        ...current,
        id: current?.id ?? nextId(items),
        device,
        name,
        part_id: textOf(body.part_id, current?.part_id ?? ''),
        serial: textOf(body.serial, current?.serial ?? ''),
        discovered: typeof body.discovered === 'boolean' ? body.discovered : (current?.discovered ?? false),
      };
    },
  };

  const ipAddressCollection: Collection<FakeIpAddress> = {
    all: ips,
    filters: {
      device_id: (ip, v) => deviceOfIp(ip) === Number(v),
      // As NetBox's net_in lookup: an address without a mask matches the host whatever its mask.
      address: (ip, v) => (v.includes('/') ? ip.address === v : host(ip.address) === v),
    },
    full: fullIp,
    check: () => no({ detail: ['The fake does not write IP addresses.'] }),
  };

  // Only PATCH: the portal does not create or delete devices.
  const deviceCollection: Collection<FakeDevice> = {
    all: data.devices,
    filters: { role: (d, v) => d.role === v, name: byName },
    full: fullDevice,
    check(body, current) {
      if (!current) return no({ detail: ['The fake does not create devices.'] });
      const status = textOf(body.status, current.status ?? 'active');
      if (!deviceStatuses.includes(status)) return no({ status: badChoice(status) });
      const fields = (body.custom_fields ?? {}) as Record<string, string | null>;
      const unknown = Object.keys(fields).find((f) => !deviceFields.includes(f));
      if (unknown)
        return no({ custom_fields: [`Custom field '${unknown}' does not exist for this object type.`] });
      for (const family of ['primary_ip4', 'primary_ip6'] as const) {
        if (body[family] === undefined || body[family] === null) continue;
        const ip = ips.find((x) => x.id === body[family]);
        if (!ip) return no({ [family]: notFound(body[family]) });
        if (ip.address.includes(':') !== (family === 'primary_ip6'))
          return no({
            [family]: [`${ip.address} is not an IPv${family === 'primary_ip6' ? 6 : 4} address.`],
          });
        if (deviceOfIp(ip) !== current.id)
          return no({
            [family]: [`The specified IP address (${ip.address}) is not assigned to this device.`],
          });
      }
      return {
        ...current,
        status,
        serial: textOf(body.serial, current.serial ?? ''),
        custom_fields: { ...current.custom_fields, ...fields },
        primary_ip4:
          body.primary_ip4 === undefined ? current.primary_ip4 : (body.primary_ip4 as number | null),
        primary_ip6:
          body.primary_ip6 === undefined ? current.primary_ip6 : (body.primary_ip6 as number | null),
      };
    },
  };

  const collections: Record<string, Collection<{ id: number }>> = {
    'dcim/devices': erased(deviceCollection),
    'dcim/module-bays': erased(moduleBayCollection),
    'dcim/module-types': erased(moduleTypeCollection),
    'dcim/modules': erased(moduleCollection),
    'dcim/interfaces': erased(interfaceCollection),
    'dcim/inventory-items': erased(inventoryItemCollection),
    'ipam/ip-addresses': erased(ipAddressCollection),
  };

  async function handle(
    method: string,
    path: string,
    query: URLSearchParams,
    body: () => Promise<Body>,
  ): Promise<FakeReply> {
    const match = path.match(/^\/api\/([a-z-]+\/[a-z-]+)\/(?:(\d+)\/)?$/);
    const collection = match && collections[match[1]!];
    if (!match || !collection) return null;
    const name = match[1]!;
    const id = match[2] === undefined ? null : Number(match[2]);
    if (id === null) {
      if (method === 'GET') {
        const filters = Object.entries(collection.filters).flatMap(([key, test]) =>
          query.getAll(key).length > 0
            ? [(item: { id: number }) => query.getAll(key).some((v) => test(item, v))]
            : [],
        );
        return { list: collection.all.filter((item) => filters.every((f) => f(item))).map(collection.full) };
      }
      if (method === 'POST' && name !== 'dcim/devices') {
        const checked = collection.check(await body(), null);
        if ('refused' in checked) return refuse(checked.refused);
        collection.all.push(checked);
        return { status: 201, body: collection.full(checked) };
      }
      return { status: 405, body: { detail: `Method "${method}" not allowed.` } };
    }
    const index = collection.all.findIndex((item) => item.id === id);
    if (index < 0) return { status: 404, body: { detail: 'No object matches the given query.' } };
    const current = collection.all[index]!;
    if (method === 'GET') return { status: 200, body: collection.full(current) };
    if (method === 'PATCH') {
      const checked = collection.check(await body(), current);
      if ('refused' in checked) return refuse(checked.refused);
      collection.all[index] = checked;
      return { status: 200, body: collection.full(checked) };
    }
    if (method === 'DELETE' && name !== 'dcim/devices') {
      collection.all.splice(index, 1);
      return { status: 204 };
    }
    return { status: 405, body: { detail: `Method "${method}" not allowed.` } };
  }

  return { fullDevice, fullInterface, handle };
}
