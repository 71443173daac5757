import { buildServiceId, hasLogicalBEnd, type ServiceLetter, serviceTypes } from '@lightpath/domain/services';
import { formatSiteNumber } from '@lightpath/domain/sites';
import type { Db } from '../client';
import {
  contacts,
  eventServices,
  events,
  serviceNotifications,
  servicePatching,
  services,
  siteContacts,
  sites,
} from '../schema/inventory';
import { firstNames, jobTitles, places, surnames } from './demo-customers';
import { cpePortId, pePortId } from './equipment-names';
import { campusNames, placeLocations, streetNames } from './places';
import type { Random } from './random';

// Sizes per scale: sites and services across the customers, besides the provider's own sites.
export type InventorySize = { sites: number; services: number; contactsPerCustomer: number };

type SeedCustomer = { id: number; code: string; name: string; isProvider: boolean };
type SiteRow = typeof sites.$inferInsert & { siteId: number };
type ServiceRow = typeof services.$inferInsert;

async function insertBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

function homePlace(customer: SeedCustomer, random: Random): string {
  return places.find((p) => customer.name.includes(p)) ?? random.pick(places);
}

function near(place: string, random: Random, spread: number) {
  const base = placeLocations[place]!;
  const jitter = () => Math.round((random.next() - 0.5) * spread * 10_000) / 10_000;
  return { latitude: base.latitude + jitter(), longitude: base.longitude + jitter() };
}

function addressIn(place: string, random: Random) {
  const base = placeLocations[place]!;
  return {
    street: `${random.int(1, 400)} ${random.pick(streetNames)}`,
    suburb: place,
    postcode: String(base.postcode + random.int(0, 9)).padStart(4, '0'),
  };
}

// Spreads `total` over `count` buckets as evenly as whole numbers allow.
function shareOf(total: number, count: number, index: number): number {
  return Math.floor(total / count) + (index < total % count ? 1 : 0);
}

const physicalLetters: { letter: ServiceLetter; weight: number }[] = [
  { letter: 'B', weight: 26 },
  { letter: 'D', weight: 10 },
  { letter: 'A', weight: 9 },
  { letter: 'Q', weight: 3 },
  { letter: 'Z', weight: 2 },
  { letter: 'C', weight: 3 },
  { letter: 'E', weight: 8 },
  { letter: 'H', weight: 14 },
];

function pickWeighted(random: Random, options: { letter: ServiceLetter; weight: number }[]): ServiceLetter {
  const total = options.reduce((sum, o) => sum + o.weight, 0);
  let roll = random.next() * total;
  for (const option of options) {
    roll -= option.weight;
    if (roll < 0) return option.letter;
  }
  return options[0]!.letter;
}

function speedFor(letter: ServiceLetter, random: Random): string {
  if (letter === 'B') return '1G';
  if (letter === 'D') return '10G';
  if (letter === 'C') return '8G';
  return random.pick(['200M', '500M', '1G', '1G', '10G']);
}

function provisionDate(random: Random): string {
  const year = random.int(2012, 2026);
  const month = random.int(1, year === 2026 ? 10 : 12);
  return `${year}-${String(month).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
}

export type SeededInventory = { sites: number; services: number; events: number; contacts: number };

export async function seedInventory(
  db: Db,
  random: Random,
  customers: SeedCustomer[],
  usersByCustomer: Map<number, number[]>,
  size: InventorySize,
  now: Date,
): Promise<SeededInventory> {
  const provider = customers.find((c) => c.isProvider)!;
  const clients = customers.filter((c) => !c.isProvider);

  // The provider's own sites: a PoP in every place, the internet gateway and the exchanges.
  const providerSites: (typeof sites.$inferInsert)[] = places.map((place, i) => ({
    siteNumber: formatSiteNumber(i + 1),
    siteName: `${place} PoP`,
    siteType: 1,
    customerId: provider.id,
    ...near(place, random, 0.02),
    building: `${place} Exchange Building`,
    ...addressIn(place, random),
    accessType: 4,
    accessHours: '24/7 with an approved access form',
    accessNotes: 'Photo ID required at the front desk. Escort provided by building security.',
  }));
  providerSites.push({
    siteNumber: formatSiteNumber(900),
    siteName: 'MRN Internet Gateway',
    siteType: 3,
    customerId: provider.id,
    accessType: 0,
  });
  for (const [i, place] of ['Eastbrook', 'Westvale', 'Northgate', 'Bellmont'].entries()) {
    providerSites.push({
      siteNumber: formatSiteNumber(950 + i),
      siteName: `${place} Internet Exchange`,
      siteType: 5,
      customerId: provider.id,
      ...near(place, random, 0.02),
      building: `${place} IX Data Centre`,
      ...addressIn(place, random),
      accessType: 1,
    });
  }
  const insertedProviderSites = await db.insert(sites).values(providerSites).returning();
  const popByPlace = new Map(
    insertedProviderSites.filter((s) => s.siteType === 1).map((s) => [s.suburb!, s]),
  );
  const internetSite = insertedProviderSites.find((s) => s.siteType === 3)!;

  // Customer sites: mostly physical, with a VPLS network for every third customer and an L3VPN
  // for every fifth.
  const siteRows: (typeof sites.$inferInsert)[] = [];
  const plans = clients.map((customer, index) => {
    const place = homePlace(customer, random);
    const siteCount = Math.max(3, shareOf(size.sites, clients.length, index));
    const hasVpls = index % 3 === 0 || customer.code === 'UNG' || customer.code === 'EBH';
    const hasL3vpn = index % 5 === 0 || customer.code === 'UNG';
    return { customer, place, siteCount, hasVpls, hasL3vpn, firstRow: 0 };
  });
  for (const plan of plans) {
    plan.firstRow = siteRows.length;
    const physical = plan.siteCount - (plan.hasVpls ? 1 : 0) - (plan.hasL3vpn ? 1 : 0);
    const shortName = plan.customer.name.replace(/^University of /, '').split(' ')[0]!;
    for (let i = 0; i < physical; i += 1) {
      // Most sites are in the customer's home city; a few are regional campuses elsewhere.
      const place = i < 2 || random.next() < 0.8 ? plan.place : random.pick(places);
      const campus = campusNames[i % campusNames.length]!;
      const suffix = i >= campusNames.length ? ` ${Math.floor(i / campusNames.length) + 1}` : '';
      // A few sites lack coordinates so that the data-quality checks have something to find.
      const located = random.next() > 0.03;
      siteRows.push({
        siteNumber: formatSiteNumber(i + 1),
        siteName: `${shortName} ${campus}${suffix}`,
        siteType: 1,
        status: random.next() < 0.03 ? 0 : 1,
        customerId: plan.customer.id,
        ...(located ? near(place, random, 0.12) : {}),
        building: `Building ${random.int(1, 90)}`,
        ...addressIn(place, random),
        accessType: random.pick([0, 1, 1, 2, 2, 3, 4, 5]),
        accessHours: random.pick(['Business hours', '24/7', '7am to 7pm weekdays']),
        accessNotes: random.pick([null, 'Call security on arrival.', 'Keys at the loading dock office.']),
        siteNotes: random.next() < 0.2 ? 'Comms room on level 2, rack B4.' : null,
      });
    }
    if (plan.hasVpls)
      siteRows.push({
        siteNumber: formatSiteNumber(800),
        siteName: `${plan.customer.code} Campus VPLS`,
        siteType: 2,
        customerId: plan.customer.id,
        vplsName: `${plan.customer.code}01`,
        macLimit: 1024,
        macFlush: 0,
        allowedVlans: 'all',
      });
    if (plan.hasL3vpn)
      siteRows.push({
        siteNumber: formatSiteNumber(850),
        siteName: `${plan.customer.code} Research L3VPN`,
        siteType: 4,
        customerId: plan.customer.id,
      });
  }
  const insertedSites: SiteRow[] = [];
  await insertBatches(siteRows, async (batch) => {
    insertedSites.push(...((await db.insert(sites).values(batch).returning()) as SiteRow[]));
  });

  // Services: each from one of the customer's physical sites to the PoP of its city, the customer's
  // VPLS or L3VPN, the internet gateway, or (layer 2) another of its own sites.
  const serviceRows: ServiceRow[] = [];
  const portsTaken = new Map<number, number>();
  const takePort = (site: SiteRow) => {
    const taken = portsTaken.get(site.siteId) ?? 0;
    portsTaken.set(site.siteId, taken + 1);
    return taken;
  };
  const nextCpePort = (code: string, site: SiteRow) => cpePortId(code, site.siteNumber, takePort(site));
  const nextPePort = (site: SiteRow) => pePortId(site.siteNumber, takePort(site));
  const patchingRows: (typeof servicePatching.$inferInsert)[] = [];
  const usedIds = new Set<string>();
  for (const [index, plan] of plans.entries()) {
    const own = insertedSites.slice(plan.firstRow, plan.firstRow + plan.siteCount);
    const physical = own.filter((s) => s.siteType === 1);
    const vpls = own.find((s) => s.siteType === 2);
    const l3vpn = own.find((s) => s.siteType === 4);
    const letters = [...physicalLetters];
    if (vpls) letters.push({ letter: 'F', weight: 18 }, { letter: 'W', weight: 3 });
    if (l3vpn) letters.push({ letter: 'G', weight: 10 });
    const count = shareOf(size.services, clients.length, index);
    const pop = popByPlace.get(plan.place) ?? insertedProviderSites[0]!;
    for (let n = 0; n < count; n += 1) {
      const aEnd = physical[n % physical.length]!;
      const letter = pickWeighted(random, letters);
      const bEnd =
        letter === 'F' || letter === 'W'
          ? vpls!
          : letter === 'G'
            ? l3vpn!
            : letter === 'H'
              ? internetSite
              : letter === 'E' && physical.length > 1
                ? physical[(n + 1) % physical.length]!
                : pop;
      let sequence = 1;
      let serviceId = buildServiceId({
        code: plan.customer.code,
        asite: aEnd.siteNumber,
        bsite: bEnd.siteNumber!,
        sequence,
        letter,
      });
      while (usedIds.has(serviceId) && sequence < 99) {
        sequence += 1;
        serviceId = buildServiceId({
          code: plan.customer.code,
          asite: aEnd.siteNumber,
          bsite: bEnd.siteNumber!,
          sequence,
          letter,
        });
      }
      if (usedIds.has(serviceId)) continue;
      usedIds.add(serviceId);
      const roll = random.next();
      const status = roll < 0.03 ? 0 : roll < 0.06 ? 2 : 1;
      serviceRows.push({
        serviceId,
        typeLetter: letter,
        description: `${serviceTypes[letter].name}: ${aEnd.siteName} to ${bEnd.siteName}`,
        status,
        speed: speedFor(letter, random),
        customerId: plan.customer.id,
        aEndSiteId: aEnd.siteId,
        bEndSiteId: bEnd.siteId,
        diversity: random.next() < 0.8 ? 'Primary' : 'Backup',
        path: `${aEnd.suburb ?? plan.place} - ${bEnd.siteName}`,
        notes: random.next() < 0.1 ? 'Customer-managed CPE at the A end.' : null,
        provisionDate: random.next() < 0.02 ? null : provisionDate(random),
        // Port ids name the device and the interface, so each is one port in the whole network: the
        // customer site's CPE at the A end, the PoP's provider edge router (or the other site's CPE) at B.
        aEndPortId: nextCpePort(plan.customer.code, aEnd),
        bEndPortId: hasLogicalBEnd(letter)
          ? null
          : bEnd.customerId === provider.id
            ? nextPePort(bEnd)
            : nextCpePort(plan.customer.code, bEnd),
        juniperPortId: `mrn-core-et-${serviceRows.length}`,
        deprovisionedAt: status === 0 ? new Date(now.getTime() - random.int(1, 400) * 86_400_000) : null,
      });
      const logical = hasLogicalBEnd(letter);
      patchingRows.push({
        serviceId,
        aEndAddress: [aEnd.building, aEnd.street, aEnd.suburb].filter(Boolean).join(', '),
        aEndPanel: `ODF-${String(random.int(1, 12)).padStart(2, '0')}`,
        aEndConnector: random.pick(['SC', 'LC', 'LC', 'SCA']),
        aEndSfp: letter === 'D' ? '10GBase-LR' : random.pick(['1000Base-LX', '1000Base-BX', '1G CWDM']),
        aEndPort: String(random.int(1, 48)),
        aEndWavelength: random.pick([1310, 1310, 1550, 1490]),
        insertionLossA: Math.round(random.next() * 40) / 10,
        bEndAddress: logical
          ? bEnd.siteName
          : [bEnd.building, bEnd.street, bEnd.suburb].filter(Boolean).join(', '),
        bEndPanel: logical ? null : `ODF-${String(random.int(1, 24)).padStart(2, '0')}`,
        bEndConnector: logical ? null : random.pick(['SC', 'LC']),
        bEndSfp: logical ? null : letter === 'D' ? '10GBase-LR' : '1000Base-LX',
        bEndPort: logical ? null : String(random.int(1, 96)),
        bEndWavelength: logical ? null : random.pick([1310, 1550]),
        insertionLossB: logical ? null : Math.round(random.next() * 40) / 10,
        vlan: random.int(100, 3999),
        ipAddress:
          letter === 'H' || letter === 'G' || letter === 'W'
            ? `10.${(index >> 8) & 255}.${index & 255}.${(n * 4) % 256}/30`
            : null,
        defaultGateway:
          letter === 'H' ? `10.${(index >> 8) & 255}.${index & 255}.${((n * 4) % 256) + 1}` : null,
        fibreLength: Math.round(random.next() * 400) / 10,
      });
    }
  }
  await insertBatches(serviceRows, (batch) => db.insert(services).values(batch));
  await insertBatches(patchingRows, (batch) => db.insert(servicePatching).values(batch));

  // Contacts, assigned to sites as primary, secondary or emergency; one site in seven has no primary.
  const contactRows: (typeof contacts.$inferInsert)[] = [];
  for (const plan of plans) {
    const domain = `${plan.customer.name.toLowerCase().replace(/[^a-z]+/g, '')}.example`;
    for (let i = 0; i < size.contactsPerCustomer; i += 1) {
      const firstname = random.pick(firstNames);
      const surname = random.pick(surnames);
      contactRows.push({
        customerId: plan.customer.id,
        contactName: `${firstname} ${surname}`,
        email: `${firstname}.${surname}${i}@${domain}`.toLowerCase().replace(/[^a-z0-9.@]/g, ''),
        title: random.pick(jobTitles),
        office: `0${random.int(2, 8)} 5551 ${String(random.int(0, 9999)).padStart(4, '0')}`,
        mobile: `04${random.int(10, 99)} 556 ${String(random.int(0, 999)).padStart(3, '0')}`,
      });
    }
  }
  const insertedContacts: { contactId: number; customerId: number }[] = [];
  await insertBatches(contactRows, async (batch) => {
    insertedContacts.push(
      ...(await db
        .insert(contacts)
        .values(batch)
        .returning({ contactId: contacts.contactId, customerId: contacts.customerId })),
    );
  });
  const contactsByCustomer = new Map<number, number[]>();
  for (const c of insertedContacts)
    contactsByCustomer.set(c.customerId, [...(contactsByCustomer.get(c.customerId) ?? []), c.contactId]);
  const siteContactRows: (typeof siteContacts.$inferInsert)[] = [];
  for (const [i, site] of insertedSites.entries()) {
    const pool = contactsByCustomer.get(site.customerId) ?? [];
    if (pool.length === 0 || site.siteType !== 1) continue;
    // UNG's third site is the demo's example of a site without a primary contact.
    const ungThird =
      site.siteNumber === 'S0003' &&
      plans.some((p) => p.customer.code === 'UNG' && p.customer.id === site.customerId);
    if (i % 7 !== 3 && !ungThird)
      siteContactRows.push({ siteId: site.siteId, contactId: pool[i % pool.length]!, contactType: 1 });
    if (pool.length > 1)
      siteContactRows.push({ siteId: site.siteId, contactId: pool[(i + 1) % pool.length]!, contactType: 2 });
    // An emergency contact (told by SMS of outages) on two sites in three.
    if (pool.length > 2 && i % 3 !== 2)
      siteContactRows.push({ siteId: site.siteId, contactId: pool[(i + 2) % pool.length]!, contactType: 3 });
  }
  await insertBatches(siteContactRows, (batch) => db.insert(siteContacts).values(batch));

  // Subscriptions: users follow most of their customer's services; the rest are nobody's.
  const subscriptionRows: (typeof serviceNotifications.$inferInsert)[] = [];
  for (const [n, service] of serviceRows.entries()) {
    const people = usersByCustomer.get(service.customerId) ?? [];
    if (people.length === 0 || n % 4 === 3) continue;
    subscriptionRows.push({ serviceId: service.serviceId, userId: people[n % people.length]! });
  }
  await insertBatches(subscriptionRows, (batch) => db.insert(serviceNotifications).values(batch));

  const eventCount = await seedCurrentEvents(db, random, plans, serviceRows, now);
  return {
    sites: insertedProviderSites.length + insertedSites.length,
    services: serviceRows.length,
    events: eventCount,
    contacts: insertedContacts.length,
  };
}

type Plan = { customer: SeedCustomer; place: string };

// Events that make the demo (and the national data) alive when it starts: an ongoing outage at UNG,
// works in progress at EBH, a hazard window elsewhere, plus past and future events. Issue 4's events
// seed adds the five-year history.
async function seedCurrentEvents(
  db: Db,
  random: Random,
  plans: Plan[],
  serviceRows: ServiceRow[],
  now: Date,
) {
  const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);
  const active = serviceRows.filter((s) => s.status !== 0);
  const ofCustomer = (code: string) => {
    const id = plans.find((p) => p.customer.code === code)?.customer.id;
    return active.filter((s) => s.customerId === id);
  };
  const ung = ofCustomer('UNG');
  const ebh = ofCustomer('EBH');
  const hri = ofCustomer('HRI');
  // Every enabled service at UNG's second site: the site reads offline due to a network outage.
  const ungSecondSite = ung.filter(
    (s) => s.aEndSiteId === ung.find((x) => x !== ung[0] && x.aEndSiteId !== ung[0]!.aEndSiteId)?.aEndSiteId,
  );
  type EventSeed = { event: typeof events.$inferInsert; serviceIds: string[] };
  const seeds: EventSeed[] = [
    {
      event: {
        number: 4211,
        title: 'Fibre cut on the Northgate ring',
        description:
          'A third-party excavation cut the fibre between Northgate PoP and the university. Crews are on site.',
        type: 3,
        startTime: hours(-2),
        endTime: null,
        initiator: 'NOC',
        approver: 'NOC',
        priority: 1,
        slaType: 3,
      },
      serviceIds: [ung[0]!.serviceId, ...ungSecondSite.map((s) => s.serviceId)],
    },
    {
      event: {
        number: 4198,
        title: 'Scheduled works: Eastbrook PoP line card replacement',
        description:
          'Replacement of a failing line card. Services will be down for up to 30 minutes within the window.',
        type: 1,
        startTime: hours(-0.5),
        endTime: hours(3),
        initiator: 'Field Services',
        approver: 'NOC',
        priority: 3,
        slaType: 1,
      },
      serviceIds: ebh.slice(0, 2).map((s) => s.serviceId),
    },
    {
      event: {
        number: 4203,
        title: 'Hazard window: Harbourside power maintenance',
        description: 'The building operator is testing generators. Services run on UPS and are at risk.',
        type: 2,
        startTime: hours(-1),
        endTime: hours(5),
        initiator: 'NOC',
        approver: 'NOC',
        priority: 4,
        slaType: 4,
      },
      serviceIds: hri.slice(0, 3).map((s) => s.serviceId),
    },
    {
      event: {
        number: 4230,
        title: 'Scheduled works: Northgate core router upgrade',
        description: 'Software upgrade of the Northgate core router. Expect two short interruptions.',
        type: 1,
        startTime: hours(72),
        endTime: hours(76),
        initiator: 'Engineering',
        approver: 'NOC',
        priority: 3,
        slaType: 1,
      },
      serviceIds: ung.slice(2, 6).map((s) => s.serviceId),
    },
    {
      event: {
        number: 4150,
        title: 'Power failure at Northgate PoP',
        description: 'Mains power failed and the UPS ran down before the generator started.',
        type: 3,
        startTime: hours(-52),
        endTime: hours(-49),
        initiator: 'NOC',
        approver: 'NOC',
        priority: 1,
        slaType: 4,
      },
      serviceIds: ung.slice(0, 4).map((s) => s.serviceId),
    },
  ];
  // At national scale, a sprinkling of current events across other customers, so the NOC's
  // dashboard and map have problems to show.
  const others = plans.filter((p) => !['UNG', 'EBH', 'HRI'].includes(p.customer.code));
  for (let i = 0; i < Math.min(40, Math.floor(others.length / 10)); i += 1) {
    const plan = others[(i * 7) % others.length]!;
    const list = active.filter((s) => s.customerId === plan.customer.id).slice(0, random.int(1, 4));
    if (list.length === 0) continue;
    const type = random.pick([1, 2, 3] as const);
    seeds.push({
      event: {
        number: 5000 + i,
        title: `${type === 3 ? 'Outage' : type === 1 ? 'Scheduled works' : 'Hazard window'} at ${plan.place}`,
        description: 'Generated for the national data set.',
        type,
        startTime: hours(-random.int(1, 6)),
        endTime: type === 3 ? null : hours(random.int(1, 8)),
        initiator: 'NOC',
        approver: 'NOC',
        priority: random.int(1, 4),
        slaType: type === 3 ? 3 : 1,
      },
      serviceIds: list.map((s) => s.serviceId),
    });
  }
  for (const seed of seeds) {
    const [row] = await db.insert(events).values(seed.event).returning({ id: events.eventId });
    const unique = [...new Set(seed.serviceIds)];
    if (unique.length > 0)
      await db.insert(eventServices).values(unique.map((serviceId) => ({ eventId: row!.id, serviceId })));
  }
  return seeds.length;
}
