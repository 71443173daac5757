import { z } from 'zod';
import type { ShelfDetail } from './equipment';

// NetBox checks (issue 14 item 4): a shelf as the portal discovered it beside NetBox's record of the
// same device, and the list of differences an engineer picks from to write back to NetBox. The record
// is what the NetBox client reads (dcim devices, modules, interfaces, inventory items); the discovered
// shelf is what the equipment area knows. Both implementations of the client and the compare and sync
// pages read these shapes, so they are written once here.

// NetBox's status choices for devices and modules (dcim DeviceStatusChoices / ModuleStatusChoices);
// `inventory` exists for devices only.
export const netboxModuleStatuses = [
  'offline',
  'active',
  'planned',
  'staged',
  'failed',
  'decommissioning',
] as const;
export const netboxDeviceStatuses = [...netboxModuleStatuses, 'inventory'] as const;
export type NetBoxModuleStatus = (typeof netboxModuleStatuses)[number];
export type NetBoxDeviceStatus = (typeof netboxDeviceStatuses)[number];

// A port the portal adds to NetBox has no type of its own in discovery; NetBox requires one.
export const defaultInterfaceType = 'other';

export const netboxDeviceSchema = z.object({
  id: z.number(),
  name: z.string(),
  site: z.string().nullable(),
  manufacturer: z.string(),
  model: z.string(),
  serial: z.string(),
  // NetBox has no software version on a device: it is the `software_version` custom field (client.ts).
  softwareVersion: z.string().nullable(),
  // The primary IPv4 address (else IPv6) without its prefix length: "192.0.2.10", not "192.0.2.10/32".
  primaryIp: z.string().nullable(),
  status: z.string(),
});

// A card is a NetBox module in the module bay named like the card's slot.
export const netboxModuleSchema = z.object({
  id: z.number(),
  bay: z.string(),
  model: z.string(),
  serial: z.string(),
  status: z.string(),
});

export const netboxInterfaceSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  enabled: z.boolean(),
  description: z.string(),
});

// `component` names what the item is attached to ("interface xe-0/0/1"), when it is.
export const netboxInventoryItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  partId: z.string(),
  serial: z.string(),
  component: z.string().nullable(),
});

export const netboxDeviceRecordSchema = z.object({
  device: netboxDeviceSchema,
  modules: z.array(netboxModuleSchema),
  interfaces: z.array(netboxInterfaceSchema),
  inventoryItems: z.array(netboxInventoryItemSchema),
});

export type NetBoxDevice = z.output<typeof netboxDeviceSchema>;
export type NetBoxModule = z.output<typeof netboxModuleSchema>;
export type NetBoxInterface = z.output<typeof netboxInterfaceSchema>;
export type NetBoxInventoryItem = z.output<typeof netboxInventoryItemSchema>;
export type NetBoxDeviceRecord = z.output<typeof netboxDeviceRecordSchema>;

// What the portal writes; each write answers with the object as NetBox then holds it.
export type NetBoxDevicePatch = Partial<{
  serial: string;
  softwareVersion: string | null;
  primaryIp: string | null;
  status: NetBoxDeviceStatus;
}>;
export type NetBoxModuleInput = { bay: string; model: string; serial: string; status: NetBoxModuleStatus };
export type NetBoxInterfaceInput = { name: string; type: string; enabled: boolean; description: string };
export type NetBoxInventoryItemInput = { name: string; partId: string; serial: string };

// The shelf as discovered. `parts` are the field-replaceable units that are not cards (power supplies,
// fans, optics), NetBox's inventory items; without them the inventory items are not compared, since a
// shelf that does not report its parts says nothing about NetBox's.
export const discoveredShelfSchema = z.object({
  name: z.string(),
  site: z.string().nullable(),
  vendor: z.string(),
  model: z.string(),
  serial: z.string(),
  softwareVersion: z.string().nullable(),
  ipAddress: z.string().nullable(),
  cards: z.array(z.object({ slot: z.string(), cardType: z.string(), serial: z.string(), state: z.string() })),
  ports: z.array(z.object({ name: z.string(), enabled: z.boolean(), description: z.string() })),
  parts: z.array(z.object({ name: z.string(), partId: z.string(), serial: z.string() })).optional(),
});
export type DiscoveredShelf = z.output<typeof discoveredShelfSchema>;

// The equipment area's shelf as the discovered side. A port is enabled unless it is admin down, and is
// described by the id of the service on it: the same description the handoff finder looks for. The
// parts are the shelf's recorded parts (Update Shelf writes what the device reports).
export function discoveredShelfOf(shelf: ShelfDetail): DiscoveredShelf {
  return {
    name: shelf.equipmentname,
    site: shelf.sitename,
    vendor: shelf.vendor,
    model: shelf.model,
    serial: shelf.serial ?? '',
    softwareVersion: shelf.spack,
    ipAddress: shelf.ipaddress,
    cards: shelf.cardlist.map((card) => ({
      slot: String(card.slot),
      cardType: card.cardtype,
      serial: card.serial ?? '',
      state: card.state,
    })),
    ports: shelf.portlist.map((port) => ({
      name: port.name,
      enabled: port.state !== 'disabled',
      description: port.service?.serviceid ?? '',
    })),
    // No parts recorded is parts not known (shelfPartSchema), not a shelf without any.
    ...(shelf.partlist.length > 0 && {
      parts: shelf.partlist.map((part) => ({
        name: part.name,
        partId: part.partnumber,
        serial: part.serial ?? '',
      })),
    }),
  };
}

export const inventoryDifferenceKinds = ['device', 'module', 'interface', 'inventoryItem'] as const;
export type InventoryDifferenceKind = (typeof inventoryDifferenceKinds)[number];

// One difference. `id` is stable for the same shelf and record (kind, key and field), so a page can
// post the chosen ones back and the server finds them again in a fresh diff. `key` is the slot, port
// or part name (the shelf's name for the device). `netboxId` is the NetBox object an update or delete
// writes to. A create or delete concerns the whole object: its field is the kind itself.
export const inventoryDifferenceSchema = z.object({
  id: z.string(),
  kind: z.enum(inventoryDifferenceKinds),
  key: z.string(),
  field: z.string(),
  discovered: z.string().nullable(),
  netbox: z.string().nullable(),
  change: z.enum(['create', 'update', 'delete']),
  netboxId: z.number().nullable(),
});
export type InventoryDifference = z.output<typeof inventoryDifferenceSchema>;

export function inventoryDifferenceId(kind: InventoryDifferenceKind, key: string, field: string): string {
  return `${kind}/${encodeURIComponent(key)}/${field}`;
}

// Serials and model names are typed by hand into NetBox: case and surrounding spaces are not news.
const sameLoosely = (a: string | null, b: string | null) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
const sameTrimmed = (a: string | null, b: string | null) => (a ?? '').trim() === (b ?? '').trim();
const withoutPrefixLength = (address: string | null) => (address ? address.replace(/\/\d+$/, '') : null);
const blankAsNull = (value: string | null) => (value && value.trim() !== '' ? value : null);
const byText = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

type FieldRule<D, N> = {
  field: string;
  discovered: (item: D) => string | null;
  netbox: (item: N) => string | null;
  same: (discovered: string | null, netbox: string | null) => boolean;
};

// One kind of component on both sides, matched by key: a create for each discovered one NetBox lacks,
// an update per differing field of each matched pair, a delete for each NetBox one not discovered.
function compareByKey<D, N extends { id: number }>(
  kind: Exclude<InventoryDifferenceKind, 'device'>,
  discovered: { items: D[]; key: (item: D) => string; label: (item: D) => string },
  netbox: { items: N[]; key: (item: N) => string; label: (item: N) => string },
  fields: FieldRule<D, N>[],
): InventoryDifference[] {
  const differences: InventoryDifference[] = [];
  const add = (d: Omit<InventoryDifference, 'id' | 'kind'>) =>
    differences.push({ id: inventoryDifferenceId(kind, d.key, d.field), kind, ...d });
  const netboxByKey = new Map(netbox.items.map((n) => [netbox.key(n), n]));
  const discoveredKeys = new Set(discovered.items.map(discovered.key));
  const sorted = <T>(items: T[], key: (item: T) => string) =>
    [...items].sort((a, b) => byText(key(a), key(b)));

  for (const item of sorted(discovered.items, discovered.key)) {
    const key = discovered.key(item);
    const match = netboxByKey.get(key);
    if (!match) {
      add({
        key,
        field: kind,
        discovered: discovered.label(item),
        netbox: null,
        change: 'create',
        netboxId: null,
      });
      continue;
    }
    for (const rule of fields) {
      const [ours, theirs] = [rule.discovered(item), rule.netbox(match)];
      if (!rule.same(ours, theirs))
        add({
          key,
          field: rule.field,
          discovered: ours,
          netbox: theirs,
          change: 'update',
          netboxId: match.id,
        });
    }
  }
  for (const item of sorted(netbox.items, netbox.key)) {
    const key = netbox.key(item);
    if (!discoveredKeys.has(key))
      add({
        key,
        field: kind,
        discovered: null,
        netbox: netbox.label(item),
        change: 'delete',
        netboxId: item.id,
      });
  }
  return differences;
}

// Differences in a fixed order (device, modules by slot, interfaces by name, inventory items by name),
// so the page lists them the same way every time. Only what the portal can write is compared: the
// device's serial, software version and primary IP; each card's model and serial; each port's
// presence, enabled state and description; each part's presence, part number and serial.
// A device missing from NetBox has no record: the caller says so rather than diffing.
export function diffInventory(shelf: DiscoveredShelf, record: NetBoxDeviceRecord): InventoryDifference[] {
  const device = record.device;
  const shelfIp = withoutPrefixLength(blankAsNull(shelf.ipAddress));
  const deviceFields: [string, string | null, string | null, boolean][] = [
    ['serial', shelf.serial, device.serial, sameLoosely(shelf.serial, device.serial)],
    [
      'softwareVersion',
      blankAsNull(shelf.softwareVersion),
      blankAsNull(device.softwareVersion),
      sameTrimmed(shelf.softwareVersion, device.softwareVersion),
    ],
    [
      'primaryIp',
      shelfIp,
      withoutPrefixLength(device.primaryIp),
      shelfIp === withoutPrefixLength(device.primaryIp),
    ],
  ];
  const deviceDifferences = deviceFields
    .filter(([, , , same]) => !same)
    .map(
      ([field, discovered, netbox]): InventoryDifference => ({
        id: inventoryDifferenceId('device', shelf.name, field),
        kind: 'device',
        key: shelf.name,
        field,
        discovered,
        netbox,
        change: 'update',
        netboxId: device.id,
      }),
    );

  const moduleDifferences = compareByKey(
    'module',
    { items: shelf.cards, key: (c) => c.slot, label: (c) => c.cardType },
    { items: record.modules, key: (m) => m.bay, label: (m) => m.model },
    [
      { field: 'model', discovered: (c) => c.cardType, netbox: (m) => m.model, same: sameLoosely },
      { field: 'serial', discovered: (c) => c.serial, netbox: (m) => m.serial, same: sameLoosely },
    ],
  );
  const interfaceDifferences = compareByKey(
    'interface',
    { items: shelf.ports, key: (p) => p.name, label: (p) => p.name },
    { items: record.interfaces, key: (i) => i.name, label: (i) => i.name },
    [
      {
        field: 'enabled',
        discovered: (p) => String(p.enabled),
        netbox: (i) => String(i.enabled),
        same: (a, b) => a === b,
      },
      {
        field: 'description',
        discovered: (p) => p.description,
        netbox: (i) => i.description,
        same: sameTrimmed,
      },
    ],
  );
  const inventoryItemDifferences = shelf.parts
    ? compareByKey(
        'inventoryItem',
        { items: shelf.parts, key: (p) => p.name, label: (p) => p.partId },
        { items: record.inventoryItems, key: (i) => i.name, label: (i) => i.partId },
        [
          { field: 'partId', discovered: (p) => p.partId, netbox: (i) => i.partId, same: sameLoosely },
          { field: 'serial', discovered: (p) => p.serial, netbox: (i) => i.serial, same: sameLoosely },
        ],
      )
    : [];
  return [...deviceDifferences, ...moduleDifferences, ...interfaceDifferences, ...inventoryItemDifferences];
}

// A card's state as discovery reports it, as NetBox's module status. Unknown states count as active:
// a card that answers discovery is installed.
export function moduleStatusOfCardState(state: string): NetBoxModuleStatus {
  const s = state.trim().toLowerCase();
  if (/fail|fault|error|alarm/.test(s)) return 'failed';
  if (/offline|down|out.?of.?service|disabled|shut/.test(s)) return 'offline';
  if (/planned|provision/.test(s)) return 'planned';
  return 'active';
}

// The one NetBox write that takes a chosen difference into NetBox, with the values from the shelf.
// Null when the shelf no longer has what the difference named (it changed since the page was shown).
export type NetBoxWrite =
  | { write: 'updateDevice'; id: number; patch: NetBoxDevicePatch }
  | { write: 'createModule'; input: NetBoxModuleInput }
  | { write: 'updateModule'; id: number; patch: Partial<NetBoxModuleInput> }
  | { write: 'deleteModule'; id: number }
  | { write: 'createInterface'; input: NetBoxInterfaceInput }
  | { write: 'updateInterface'; id: number; patch: Partial<NetBoxInterfaceInput> }
  | { write: 'deleteInterface'; id: number }
  | { write: 'createInventoryItem'; input: NetBoxInventoryItemInput }
  | { write: 'updateInventoryItem'; id: number; patch: Partial<NetBoxInventoryItemInput> }
  | { write: 'deleteInventoryItem'; id: number };

export function netboxWriteFor(difference: InventoryDifference, shelf: DiscoveredShelf): NetBoxWrite | null {
  const { kind, key, field, change, netboxId } = difference;
  const id = netboxId ?? 0;
  if (kind === 'device') {
    if (field === 'serial') return { write: 'updateDevice', id, patch: { serial: shelf.serial } };
    if (field === 'softwareVersion')
      return { write: 'updateDevice', id, patch: { softwareVersion: blankAsNull(shelf.softwareVersion) } };
    if (field === 'primaryIp')
      return {
        write: 'updateDevice',
        id,
        patch: { primaryIp: withoutPrefixLength(blankAsNull(shelf.ipAddress)) },
      };
    return null;
  }
  if (kind === 'module') {
    if (change === 'delete') return { write: 'deleteModule', id };
    const card = shelf.cards.find((c) => c.slot === key);
    if (!card) return null;
    if (change === 'create')
      return {
        write: 'createModule',
        input: {
          bay: card.slot,
          model: card.cardType,
          serial: card.serial,
          status: moduleStatusOfCardState(card.state),
        },
      };
    if (field === 'model') return { write: 'updateModule', id, patch: { model: card.cardType } };
    if (field === 'serial') return { write: 'updateModule', id, patch: { serial: card.serial } };
    return null;
  }
  if (kind === 'interface') {
    if (change === 'delete') return { write: 'deleteInterface', id };
    const port = shelf.ports.find((p) => p.name === key);
    if (!port) return null;
    if (change === 'create')
      return { write: 'createInterface', input: { ...port, type: defaultInterfaceType } };
    if (field === 'enabled') return { write: 'updateInterface', id, patch: { enabled: port.enabled } };
    if (field === 'description')
      return { write: 'updateInterface', id, patch: { description: port.description } };
    return null;
  }
  if (change === 'delete') return { write: 'deleteInventoryItem', id };
  const part = shelf.parts?.find((p) => p.name === key);
  if (!part) return null;
  if (change === 'create') return { write: 'createInventoryItem', input: { ...part } };
  if (field === 'partId') return { write: 'updateInventoryItem', id, patch: { partId: part.partId } };
  if (field === 'serial') return { write: 'updateInventoryItem', id, patch: { serial: part.serial } };
  return null;
}

// The compare and sync pages (GET /api/equipment/{id}/netbox and its sync). A null record means NetBox
// has no device of the shelf's name: the page says so, and there is nothing to pick.
export const netboxCompareSchema = z.object({
  shelf: discoveredShelfSchema,
  record: netboxDeviceRecordSchema.nullable(),
  differences: z.array(inventoryDifferenceSchema),
});
export type NetBoxCompare = z.output<typeof netboxCompareSchema>;

export const netboxSyncLimit = 500;

export const netboxCheckMessages = {
  pickRequired: 'Choose at least one difference to write to NetBox',
  tooMany: `Choose at most ${netboxSyncLimit} differences at a time`,
  differenceRequired: 'Each difference is named by its id',
  notInNetBox: (shelf: string) => `${shelf} is not in NetBox: there is nothing to write to`,
  // The page showed an older comparison: what it picked is no longer a difference.
  stale: (id: string) =>
    `${id} is no longer a difference: NetBox or the shelf changed since the page was shown. Reload and choose again`,
  written: (count: number) => `${count} ${count === 1 ? 'change' : 'changes'} written to NetBox`,
  unavailable: 'NetBox could not be reached. Please try again.',
  refused: (reasons: string[]) =>
    reasons.length > 0
      ? `NetBox refused the change: ${reasons.join('; ')}`
      : 'NetBox refused the change. Reload and try again.',
  // A write failing part way leaves the earlier ones in NetBox: the message says how far it got.
  stoppedAfter: (written: number, total: number, why: string) =>
    written === 0 ? why : `${why} ${written} of ${total} changes were written before it stopped.`,
} as const;

// The ids of the chosen differences (inventoryDifferenceSchema.id), in the order to write them.
export const netboxSyncRequestSchema = z.strictObject({
  differences: z
    .array(
      z
        .string({ error: netboxCheckMessages.differenceRequired })
        .min(1, netboxCheckMessages.differenceRequired),
      {
        error: netboxCheckMessages.pickRequired,
      },
    )
    .min(1, netboxCheckMessages.pickRequired)
    .max(netboxSyncLimit, netboxCheckMessages.tooMany),
});
export type NetBoxSyncRequest = z.output<typeof netboxSyncRequestSchema>;
