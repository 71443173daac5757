import type { ThirdPartyCreate } from '@lightpath/domain/services';
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { simulatedThirdPartyCircuits } from '../../db/schema/inventory';
import { containsPattern } from '../../platform/scope';
import { hash32 } from '../telemetry/simulator';
import type {
  HandoffPort,
  HandoffSite,
  Handoffs,
  HeadEnd,
  NamedRef,
  NetBox,
  ThirdPartyCircuit,
} from './netbox';
import {
  type SimulatedDeviceInput,
  type SimulatedDeviceInventory,
  simulatedDeviceInventory,
} from './simulator-dcim';

// The built-in NetBox, used when NETBOX_URL is not set: fixed lists of fictional carriers, circuit types
// and head-end routers, third-party circuits kept in the portal's own database, and a handoff finder
// whose answer depends only on the service id and its sites, so it is the same on every call.

// The operator itself is in the list, as in a real NetBox; the portal drops it (spec 5).
export function simulatedProviders(providerName: string): NamedRef[] {
  return [
    { id: 1, name: 'Bluegum Networks' },
    { id: 2, name: 'Coastline Carrier Services' },
    { id: 3, name: 'Ironbark Fibre' },
    { id: 4, name: 'Wattle Wholesale Ethernet' },
    { id: 5, name: 'Harbour Metro Optical' },
    { id: 6, name: providerName },
  ];
}

export const simulatedCircuitTypes: NamedRef[] = [
  { id: 1, name: 'EVPL' },
  { id: 2, name: 'EPL' },
  { id: 3, name: 'VPLS' },
  { id: 4, name: 'Layer 3 VPN' },
  { id: 5, name: 'Internet Tail' },
];

// Head-ends are the provider edge routers at its points of presence.
const popPlaces = [
  'Northgate',
  'Eastbrook',
  'Westvale',
  'Southport',
  'Kingsford',
  'Riverside',
  'Harbourside',
  'Lakeside',
];

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function simulatedHeadEnds(providerCode: string): HeadEnd[] {
  return popPlaces.flatMap((place, i) =>
    [1, 2].map((n) => ({
      id: i * 2 + n,
      name: `${providerCode.toLowerCase()}-${slug(place)}-pe0${n}`,
      site: `${place} PoP`,
    })),
  );
}

// A UUID-shaped id that is always the same for the same text.
function stableUuid(text: string): string {
  const hex = [0, 1, 2, 3].map((i) => hash32(`${text}#${i}`).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function portsAt(device: string, prefix: string, seed: string, n: number, from: number): HandoffPort[] {
  const start = hash32(seed) % 40;
  return Array.from({ length: n }, (_, i) => {
    const port = `${device} ${prefix}${start + from + i}`;
    return { port, uuid: stableUuid(port) };
  });
}

// Sites of types 2, 3 and 4 (VPLS, internet, L3VPN) are logical: nothing to hand off there.
const isPhysical = (site: HandoffSite) => site.sitetype === 1 || site.sitetype === 5;

type Row = typeof simulatedThirdPartyCircuits.$inferSelect;

// `loadDevices` gives the device inventory its devices on first use, `loadDevice` one device when it is
// first looked up (simulator-dcim.ts); the equipment area passes its shelves through
// netboxVersionOfShelf(discoveredShelfOf(detail)) so NetBox checks have records, some drifted.
export function simulatedNetBox(
  db: Db,
  options: {
    providerName: string;
    providerCode: string;
    loadDevices?: () => Promise<SimulatedDeviceInput[]>;
    loadDevice?: (name: string) => Promise<SimulatedDeviceInput | null>;
  },
): NetBox & Pick<SimulatedDeviceInventory, 'addDeviceRecord'> {
  const providers = simulatedProviders(options.providerName);
  const headEnds = simulatedHeadEnds(options.providerCode);
  const code = options.providerCode.toLowerCase();
  const nameOf = (list: NamedRef[], id: number) => list.find((x) => x.id === id)?.name ?? `#${id}`;

  const toCircuit = (row: Row): ThirdPartyCircuit => ({
    id: row.id,
    circuitid: row.circuitId,
    serviceid: row.serviceId,
    provider: { id: row.providerId, name: nameOf(providers, row.providerId) },
    circuittype: { id: row.circuitTypeId, name: nameOf(simulatedCircuitTypes, row.circuitTypeId) },
    headendid: row.headEndId,
    redundantheadendid: row.redundantHeadEndId,
    tailendid: row.tailEndId,
  });

  const t = simulatedThirdPartyCircuits;

  return {
    kind: 'simulator',
    ...simulatedDeviceInventory({ loadDevices: options.loadDevices, loadDevice: options.loadDevice }),
    listProviders: async () => providers,
    listCircuitTypes: async () => simulatedCircuitTypes,
    listHeadEnds: async () => headEnds,

    async listCircuits(query) {
      const pattern = query.q ? containsPattern(query.q) : null;
      const where = pattern
        ? or(
            ilike(t.circuitId, pattern),
            ilike(t.serviceId, pattern),
            ilike(t.headEndId, pattern),
            ilike(t.redundantHeadEndId, pattern),
            ilike(t.tailEndId, pattern),
          )
        : undefined;
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(t)
          .where(where)
          .orderBy(asc(t.circuitId), asc(t.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ n: count() }).from(t).where(where),
      ]);
      return { count: total[0]?.n ?? 0, results: rows.map(toCircuit) };
    },

    async countCircuits() {
      const [row] = await db.select({ n: count() }).from(t);
      return row?.n ?? 0;
    },

    // Circuit ids are unique per provider whatever their case, as in NetBox.
    async findCircuit(providerId, circuitid) {
      const [row] = await db
        .select()
        .from(t)
        .where(and(eq(t.providerId, providerId), sql`lower(${t.circuitId}) = lower(${circuitid})`))
        .limit(1);
      return row ? toCircuit(row) : null;
    },

    async createCircuit(input: ThirdPartyCreate) {
      const [row] = await db
        .insert(t)
        .values({
          circuitId: input.circuitid,
          serviceId: input.serviceid,
          providerId: input.providerid,
          circuitTypeId: input.circuittypeid,
          headEndId: input.headendid,
          redundantHeadEndId: input.redundantheadendid ?? null,
          tailEndId: input.tailendid ?? null,
        })
        .returning();
      return toCircuit(row!);
    },

    // A DELETE that matches no row still fires the table's statement trigger and bumps its version
    // (docs/decisions/028), throwing away every kept third-party list: look first, delete what is there.
    async deleteCircuit(id) {
      const [found] = await db.select({ id: t.id }).from(t).where(eq(t.id, id));
      if (!found) return null;
      const [row] = await db.delete(t).where(eq(t.id, id)).returning();
      return row ? toCircuit(row) : null;
    },

    // The customer end has an access switch, a PoP its edge routers. The port the service id hashes
    // to is the confident answer, its neighbours the possible ones, and a port on the aggregation
    // router in between is the one the finder cannot place.
    async findHandoffs({ serviceid, aSite, bSite }): Promise<Handoffs> {
      const deviceAt = (site: HandoffSite, role: string) =>
        `${code}-${slug(site.sitename).slice(0, 24)}-${role}`;
      const aDevice = deviceAt(aSite, 'acc01');
      const bDevice = bSite && isPhysical(bSite) ? deviceAt(bSite, 'pe01') : null;
      const aSeed = `${serviceid}|${aSite.siteid}`;
      const bSeed = `${serviceid}|${bSite?.siteid}`;
      return {
        aConfident: isPhysical(aSite) ? portsAt(aDevice, 'ge-0/0/', aSeed, 1, 0) : [],
        aMaybe: isPhysical(aSite) ? portsAt(aDevice, 'ge-0/0/', aSeed, 2, 1) : [],
        bConfident: bDevice ? portsAt(bDevice, 'xe-1/0/', bSeed, 1, 0) : [],
        bMaybe: bDevice ? portsAt(bDevice, 'xe-1/0/', bSeed, 2, 1) : [],
        unsure: portsAt(deviceAt(aSite, 'agg01'), 'xe-0/1/', `${serviceid}|agg`, 1, 0),
      };
    },
  };
}
