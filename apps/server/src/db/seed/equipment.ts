import { partsOfModel, portIdOf, recommendedSoftware } from '@lightpath/domain/equipment';
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { customers } from '../schema/customers';
import { equipmentCards, equipmentParts, equipmentPorts, shelves } from '../schema/equipment';
import { services, sites } from '../schema/inventory';
import { cpeInterface, peInterface, peLineCards, peName, pePortsPerCard } from './equipment-names';
import { seededRandom } from './random';

// The network the services run on: a provider edge router for every 200 service ports at each PoP (at
// least one, and one at each exchange), an optical shelf at each PoP, and a CPE at every customer site
// with a managed service (unmanaged services end on the customer's own equipment). Every port a
// service names is on one of these shelves, so a service's ends open its shelf and port.

export type SeededEquipment = { shelves: number; cards: number; ports: number; parts: number };

type ShelfPlan = {
  name: string;
  siteId: number;
  vendor: 'Ciena' | 'Juniper';
  model: string;
  cards: { slot: number; cardType: string; ports: { name: string; handoff: boolean }[] }[];
};

const managedLetters = new Set(['B', 'C', 'D', 'E']);
const outdated: Record<string, string> = {
  MX960: 'Junos 22.4R3',
  MX480: 'Junos 22.4R3',
  ACX710: 'Junos Evolved 22.4R3',
  '3930': 'SAOS 10.8.2',
  '5170': 'SAOS 10.8.2',
  '6500 S-14': 'Ciena 6500 R14.0',
};

function peShelf(name: string, siteId: number, lineCards: number, model: 'MX960' | 'MX480'): ShelfPlan {
  const cards: ShelfPlan['cards'] = [{ slot: 0, cardType: 'RE-S-X6-64G', ports: [] }];
  for (let slot = 1; slot <= lineCards; slot += 1) {
    const ports = Array.from({ length: pePortsPerCard }, (_, port) => ({
      name: peInterface(slot, port),
      handoff: true,
    }));
    cards.push({ slot, cardType: 'MPC7E-10G', ports });
  }
  cards.push({ slot: lineCards + 1, cardType: 'SCBE3-MX', ports: [] });
  return { name, siteId, vendor: 'Juniper', model, cards };
}

function opticalShelf(siteNumber: string, siteId: number): ShelfPlan {
  const cards: ShelfPlan['cards'] = [{ slot: 1, cardType: 'NTK603AA SPAP-2', ports: [] }];
  for (let slot = 2; slot <= 9; slot += 1) {
    const ports = Array.from({ length: 4 }, (_, port) => ({
      name: `otr-${slot}-${port + 1}`,
      handoff: false,
    }));
    cards.push({ slot, cardType: 'NTK539PE 100G OTR', ports });
  }
  cards.push({ slot: 10, cardType: 'NTK505MA fan', ports: [] });
  return { name: `${siteNumber}ol`, siteId, vendor: 'Ciena', model: '6500 S-14', cards };
}

const cpeModels = [
  { vendor: 'Juniper', model: 'ACX710' },
  { vendor: 'Ciena', model: '3930' },
  { vendor: 'Ciena', model: '5170' },
] as const;

function cpeShelf(name: string, siteId: number, servicePorts: number, pick: number): ShelfPlan {
  const { vendor, model } = cpeModels[pick % cpeModels.length]!;
  const access = Array.from({ length: Math.max(8, servicePorts) }, (_, i) => ({
    name: cpeInterface(i),
    handoff: true,
  }));
  const uplinks = [0, 1].map((i) => ({ name: `xe-0-1-${i}`, handoff: false }));
  return {
    name,
    siteId,
    vendor,
    model,
    cards: [
      { slot: 0, cardType: `${model} base`, ports: [...access, ...uplinks] },
      { slot: 1, cardType: 'PSU-AC', ports: [] },
      { slot: 2, cardType: 'PSU-AC', ports: [] },
    ],
  };
}

// The device part of a port id: everything before the interface (`S0002pe` of `S0002pe-xe-1-0-5`).
function deviceOf(portId: string): string {
  return portId.replace(/-(?:ge|xe)-\d+-\d+-\d+$/, '');
}

async function insertInBatches<T, R>(rows: T[], insert: (batch: T[]) => Promise<R[]>, size = 1000) {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += size) out.push(...(await insert(rows.slice(i, i + size))));
  return out;
}

export async function seedEquipment(db: Db, now: Date): Promise<SeededEquipment> {
  // Its own generator, so that adding equipment changes none of the data seeded before it.
  const random = seededRandom(20261114);
  const siteRows = await db
    .select({
      siteId: sites.siteId,
      siteNumber: sites.siteNumber,
      siteType: sites.siteType,
      isProvider: customers.isProvider,
    })
    .from(sites)
    .innerJoin(customers, eq(customers.customerId, sites.customerId))
    .orderBy(sites.siteId);
  const serviceRows = await db
    .select({
      letter: services.typeLetter,
      aSite: services.aEndSiteId,
      bSite: services.bEndSiteId,
      aPort: services.aEndPortId,
      bPort: services.bEndPortId,
      code: customers.customerCode,
    })
    .from(services)
    .innerJoin(customers, eq(customers.customerId, services.customerId))
    .orderBy(services.serviceId);

  // Count the ports each device needs and whether a managed service ends on it.
  const devices = new Map<string, { siteId: number; ports: number; managed: boolean }>();
  const note = (portId: string | null, siteId: number | null, letter: string) => {
    if (!portId || siteId === null) return;
    const name = deviceOf(portId);
    const device = devices.get(name) ?? { siteId, ports: 0, managed: false };
    device.ports += 1;
    device.managed ||= managedLetters.has(letter);
    devices.set(name, device);
  };
  for (const s of serviceRows) {
    note(s.aPort, s.aSite, s.letter);
    note(s.bPort, s.bSite, s.letter);
  }

  const plans: ShelfPlan[] = [];
  const providerSites = siteRows.filter((s) => s.isProvider && (s.siteType === 1 || s.siteType === 5));
  for (const site of providerSites) {
    const isPop = site.siteType === 1;
    // How many of this PoP's routers the services reach; at least the first.
    let routers = 1;
    while (devices.has(peName(site.siteNumber, routers + 1))) routers += 1;
    for (let router = 1; router <= routers; router += 1) {
      const name = peName(site.siteNumber, router);
      plans.push(
        peShelf(name, site.siteId, isPop ? peLineCards : 2, router === 1 && isPop ? 'MX960' : 'MX480'),
      );
    }
    if (isPop) plans.push(opticalShelf(site.siteNumber, site.siteId));
  }
  const customerDevices = [...devices].filter(([name]) => !/^S\d{4}pe\d*$/.test(name));
  for (const [index, [name, device]] of customerDevices.entries()) {
    if (!device.managed) continue;
    plans.push(cpeShelf(name, device.siteId, device.ports, index));
  }

  const shelfRows = plans.map((plan, i) => {
    const stale = random.next() < 0.15;
    const model = plan.model;
    const row = {
      name: plan.name,
      // Loopbacks from 100.64.0.0/10; one CPE in forty has none recorded yet and cannot be checked.
      ipAddress:
        plan.model !== 'MX960' && random.next() < 0.025
          ? null
          : `100.${64 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`,
      siteId: plan.siteId,
      vendor: plan.vendor,
      model,
      spack: stale ? outdated[model]! : recommendedSoftware[model]!,
      serial: serialFor(plan.vendor, random),
      updatedAt: new Date(now.getTime() - random.int(1, 400) * 86_400_000),
    };
    // Installed two years before its last update (the simulated AWX counts a shelf's uptime from a
    // reboot after its installation, so a shelf installed at seeding would always read minutes).
    return { ...row, createdAt: new Date(row.updatedAt.getTime() - 2 * 365 * 86_400_000) };
  });
  const insertedShelves = await insertInBatches(shelfRows, (batch) =>
    db.insert(shelves).values(batch).returning({ id: shelves.shelfId, name: shelves.name }),
  );
  const shelfIdByName = new Map(insertedShelves.map((s) => [s.name, s.id]));

  let equipNumber = 0;
  const cardRows = plans.flatMap((plan) =>
    plan.cards.map((card) => {
      equipNumber += 1;
      return {
        shelfId: shelfIdByName.get(plan.name)!,
        slot: card.slot,
        equipId: `EQ${String(equipNumber).padStart(7, '0')}`,
        cardType: card.cardType,
        // A power supply or line card now and then has failed or been taken out of service.
        state: random.next() < 0.01 ? 'fault' : random.next() < 0.01 ? 'outofservice' : 'inservice',
        serial: serialFor(plan.vendor, random),
      };
    }),
  );
  const insertedCards = await insertInBatches(cardRows, (batch) =>
    db
      .insert(equipmentCards)
      .values(batch)
      .returning({ id: equipmentCards.cardId, shelfId: equipmentCards.shelfId, slot: equipmentCards.slot }),
  );
  const cardId = new Map(insertedCards.map((c) => [`${c.shelfId}:${c.slot}`, c.id]));

  const usedPorts = new Set(serviceRows.flatMap((s) => [s.aPort, s.bPort]).filter((p) => p !== null));
  const portRows = plans.flatMap((plan) => {
    const shelfId = shelfIdByName.get(plan.name)!;
    return plan.cards.flatMap((card) =>
      card.ports.map((port) => {
        const portId = portIdOf(plan.name, port.name);
        const used = usedPorts.has(portId) || !port.handoff;
        return {
          portId,
          shelfId,
          cardId: cardId.get(`${shelfId}:${card.slot}`)!,
          name: port.name,
          state: used ? 'up' : 'disabled',
          handoff: port.handoff,
        };
      }),
    );
  });
  for (let i = 0; i < portRows.length; i += 2000)
    await db.insert(equipmentPorts).values(portRows.slice(i, i + 2000));

  // The model's parts (power supplies, fan trays, a CPE's uplink optics), from a generator of their
  // own so that the shelves, cards and ports above are what they were before parts were recorded.
  const partRandom = seededRandom(20261127);
  const partRows = plans.flatMap((plan) =>
    partsOfModel(plan.model).map((part) => ({
      shelfId: shelfIdByName.get(plan.name)!,
      name: part.name,
      partNumber: part.partnumber,
      serial: serialFor(plan.vendor, partRandom),
    })),
  );
  for (let i = 0; i < partRows.length; i += 2000)
    await db.insert(equipmentParts).values(partRows.slice(i, i + 2000));
  return {
    shelves: shelfRows.length,
    cards: cardRows.length,
    ports: portRows.length,
    parts: partRows.length,
  };
}

function serialFor(vendor: string, random: { int: (min: number, max: number) => number }): string {
  const prefix = vendor === 'Juniper' ? 'JN' : 'NNTM';
  return `${prefix}${random.int(10_000_000, 99_999_999)}`;
}
