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

export type NetBox = {
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
