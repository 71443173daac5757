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
  NetBoxWrite,
} from '@lightpath/domain/netbox-inventory';
import type { ThirdPartyCreate } from '@lightpath/domain/services';

// One interface for third-party virtual circuits, their providers and types, head-end devices and the
// handoff finder, with two implementations: the NetBox REST client (client.ts) and the built-in
// simulator (simulator.ts) used when no NetBox is configured (decisions.md, External systems).

export type NamedRef = { id: number; name: string };

export type ThirdPartyCircuit = {
  id: number;
  circuitid: string;
  serviceid: string;
  provider: NamedRef;
  circuittype: NamedRef;
  headendid: string;
  redundantheadendid: string | null;
  tailendid: string | null;
};

export type HeadEnd = { id: number; name: string; site: string | null };

export type HandoffPort = { port: string; uuid: string };
export type Handoffs = {
  aConfident: HandoffPort[];
  bConfident: HandoffPort[];
  aMaybe: HandoffPort[];
  bMaybe: HandoffPort[];
  unsure: HandoffPort[];
};

// The portal's view of a site the handoff finder looks at.
export type HandoffSite = { siteid: number; sitenumber: string; sitename: string; sitetype: number };
export type HandoffRequest = { serviceid: string; aSite: HandoffSite; bSite: HandoffSite | null };

export type CircuitQuery = { q?: string | undefined; limit: number; offset: number };

// A device as NetBox records it, for NetBox checks (issue 14 item 4; packages/domain/src/netbox-inventory.ts
// compares it with the shelf). Each write answers with the object as NetBox then holds it; a delete of
// what is already gone succeeds.
export type NetBoxDeviceInventory = {
  // Null when NetBox has no device of that exact name.
  getDeviceRecord: (name: string) => Promise<NetBoxDeviceRecord | null>;
  updateDevice: (id: number, patch: NetBoxDevicePatch) => Promise<NetBoxDevice>;
  createModule: (deviceId: number, input: NetBoxModuleInput) => Promise<NetBoxModule>;
  updateModule: (id: number, patch: Partial<NetBoxModuleInput>) => Promise<NetBoxModule>;
  deleteModule: (id: number) => Promise<void>;
  createInterface: (deviceId: number, input: NetBoxInterfaceInput) => Promise<NetBoxInterface>;
  updateInterface: (id: number, patch: Partial<NetBoxInterfaceInput>) => Promise<NetBoxInterface>;
  deleteInterface: (id: number) => Promise<void>;
  createInventoryItem: (deviceId: number, input: NetBoxInventoryItemInput) => Promise<NetBoxInventoryItem>;
  updateInventoryItem: (id: number, patch: Partial<NetBoxInventoryItemInput>) => Promise<NetBoxInventoryItem>;
  deleteInventoryItem: (id: number) => Promise<void>;
};

// Makes the write netboxWriteFor chose for a difference; `deviceId` is the NetBox device the creates go to.
export async function applyNetBoxWrite(
  netbox: NetBoxDeviceInventory,
  deviceId: number,
  write: NetBoxWrite,
): Promise<unknown> {
  switch (write.write) {
    case 'updateDevice':
      return netbox.updateDevice(write.id, write.patch);
    case 'createModule':
      return netbox.createModule(deviceId, write.input);
    case 'updateModule':
      return netbox.updateModule(write.id, write.patch);
    case 'deleteModule':
      return netbox.deleteModule(write.id);
    case 'createInterface':
      return netbox.createInterface(deviceId, write.input);
    case 'updateInterface':
      return netbox.updateInterface(write.id, write.patch);
    case 'deleteInterface':
      return netbox.deleteInterface(write.id);
    case 'createInventoryItem':
      return netbox.createInventoryItem(deviceId, write.input);
    case 'updateInventoryItem':
      return netbox.updateInventoryItem(write.id, write.patch);
    case 'deleteInventoryItem':
      return netbox.deleteInventoryItem(write.id);
  }
}

export type NetBox = NetBoxDeviceInventory & {
  kind: 'simulator' | 'netbox';
  listProviders: () => Promise<NamedRef[]>;
  listCircuitTypes: () => Promise<NamedRef[]>;
  listHeadEnds: () => Promise<HeadEnd[]>;
  // Ordered by circuit id; `q` matches circuit id, service id or an end's id, ignoring case.
  listCircuits: (query: CircuitQuery) => Promise<{ count: number; results: ThirdPartyCircuit[] }>;
  countCircuits: () => Promise<number>;
  findCircuit: (providerId: number, circuitid: string) => Promise<ThirdPartyCircuit | null>;
  // Inputs are checked by the caller (provider, type and service exist, no duplicate).
  createCircuit: (input: ThirdPartyCreate) => Promise<ThirdPartyCircuit>;
  // The removed circuit, or null when there was none with that id.
  deleteCircuit: (id: number) => Promise<ThirdPartyCircuit | null>;
  findHandoffs: (request: HandoffRequest) => Promise<Handoffs>;
};

// NetBox could not be reached or refused a request: the route answers 502 without the details.
export class NetBoxError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetBoxError';
  }
}

// NetBox understood a write and refused it (a 400, an object gone meanwhile, an address not on the
// device): still a NetBoxError for callers that only know that one, with NetBox's own reasons
// ("module_bay: module with this module bay already exists.") for one that shows them.
export class NetBoxRefused extends NetBoxError {
  constructor(
    message: string,
    readonly reasons: string[],
  ) {
    super(reasons.length > 0 ? `${message}: ${reasons.join('; ')}` : message);
    this.name = 'NetBoxRefused';
  }
}

// NetBox's validation errors are { field: [messages] } (`non_field_errors` and `__all__` for the object).
export function reasonsOfRefusal(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  return Object.entries(body as Record<string, unknown>).flatMap(([field, messages]) => {
    const list = Array.isArray(messages) ? messages.map(String) : [String(messages)];
    const objectWide = field === 'non_field_errors' || field === '__all__' || field === 'detail';
    return list.map((m) => (objectWide ? m : `${field}: ${m}`));
  });
}

export const netboxMessages = {
  unavailable: 'An error occurred while talking to NetBox. Please try again.',
  serviceMissing: (id: string) => `Service ${id} does not exist`,
  providerUnknown: 'Provider does not exist',
  circuitTypeUnknown: 'Circuit type does not exist',
  duplicate: (circuitid: string, provider: string) => `Circuit ${circuitid} already exists for ${provider}`,
  notFound: 'Third-party circuit not found',
  created: (circuitid: string) => `Third-party circuit ${circuitid} created`,
  deleted: (circuitid: string) => `Third-party circuit ${circuitid} deleted`,
  noProviderNetwork: (provider: string) =>
    `${provider} has no provider network in NetBox to carry the circuit`,
} as const;

// Matches a circuit against the list filter the same way in both implementations.
export function circuitMatches(circuit: ThirdPartyCircuit, q: string | undefined): boolean {
  if (!q) return true;
  const needle = q.toLowerCase();
  return [
    circuit.circuitid,
    circuit.serviceid,
    circuit.headendid,
    circuit.redundantheadendid,
    circuit.tailendid,
  ]
    .filter((v): v is string => !!v)
    .some((v) => v.toLowerCase().includes(needle));
}
