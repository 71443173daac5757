import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { customers } from '../schema/customers';
import { sites } from '../schema/inventory';
import { sparePartMovements, spareParts } from '../schema/spare-parts';
import { users } from '../schema/users';
import type { Random } from './random';

// What an R&E network keeps on its depot shelves: serialised line cards and chassis parts (one row
// per serial number) and counted consumables (optics, fans, patch leads).
const catalogue: { partNumber: string; description: string; serialised: boolean; prefix?: string }[] = [
  {
    partNumber: 'NTK554BA',
    description: 'Ciena 6500 WL5e coherent line card',
    serialised: true,
    prefix: 'NNTM',
  },
  {
    partNumber: 'NTK539PE',
    description: 'Ciena 6500 100G OTR circuit pack',
    serialised: true,
    prefix: 'NNTM',
  },
  {
    partNumber: 'NTK603AA',
    description: 'Ciena 6500 SPAP-2 shelf processor',
    serialised: true,
    prefix: 'NNTM',
  },
  {
    partNumber: 'NTK505MA',
    description: 'Ciena 6500 14-slot shelf fan module',
    serialised: true,
    prefix: 'NNTM',
  },
  {
    partNumber: '170-1004-900',
    description: 'Ciena 8700 10x100G line module',
    serialised: true,
    prefix: 'CIE',
  },
  {
    partNumber: 'MPC7E-MRATE',
    description: 'Juniper MX MPC7E multi-rate line card',
    serialised: true,
    prefix: 'CAHK',
  },
  {
    partNumber: 'RE-S-X6-64G',
    description: 'Juniper MX routing engine, 64 GB',
    serialised: true,
    prefix: 'CAHJ',
  },
  {
    partNumber: 'SCBE3-MX-BB',
    description: 'Juniper MX switch control board',
    serialised: true,
    prefix: 'CAHL',
  },
  {
    partNumber: 'PWR-MX480-AC',
    description: 'Juniper MX480 AC power supply',
    serialised: true,
    prefix: 'QCS',
  },
  {
    partNumber: 'EX4300-48T',
    description: 'Juniper EX4300 48-port access switch',
    serialised: true,
    prefix: 'PE37',
  },
  {
    partNumber: '3930-900-RS',
    description: 'Ciena 3930 service delivery switch',
    serialised: true,
    prefix: 'M27',
  },
  { partNumber: 'QSFP-100G-LR4', description: '100GBASE-LR4 QSFP28 optic, 10 km', serialised: false },
  { partNumber: 'QSFP-100G-SR4', description: '100GBASE-SR4 QSFP28 optic, multimode', serialised: false },
  { partNumber: 'SFP-10G-LR', description: '10GBASE-LR SFP+ optic, 10 km', serialised: false },
  { partNumber: 'SFP-10G-ER', description: '10GBASE-ER SFP+ optic, 40 km', serialised: false },
  { partNumber: 'SFP-1G-LX', description: '1000BASE-LX SFP optic, 10 km', serialised: false },
  { partNumber: 'SFP-1G-T', description: '1000BASE-T copper SFP', serialised: false },
  { partNumber: 'XCVR-DWDM-C34', description: 'DWDM SFP+ tunable optic, C-band', serialised: false },
  {
    partNumber: 'PATCH-SMF-LCLC-3M',
    description: 'Single-mode LC-LC duplex patch lead, 3 m',
    serialised: false,
  },
  {
    partNumber: 'PATCH-SMF-LCSC-5M',
    description: 'Single-mode LC-SC duplex patch lead, 5 m',
    serialised: false,
  },
  { partNumber: 'ATTN-LC-5DB', description: 'LC fixed attenuator, 5 dB', serialised: false },
  { partNumber: 'FAN-EX4300', description: 'Juniper EX4300 fan tray', serialised: false },
];

const notes = [
  'Swapped on a failed port',
  'Replacement after a dirty-connector fault',
  'Faulty unit returned for RMA',
  'Spare not needed, returned unopened',
  'Used for a new customer handoff',
];

const hour = 3_600_000;

// Spare parts at the provider's depots (its PoPs and exchanges) and a history of takes and returns
// by its technicians. `count` rows in all: about 60 for the demo, 5,000 at national scale.
export async function seedSpareParts(db: Db, random: Random, count: number, now: Date) {
  const depots = await db
    .select({ siteId: sites.siteId })
    .from(sites)
    .innerJoin(customers, eq(customers.customerId, sites.customerId))
    .where(and(eq(customers.isProvider, true), inArray(sites.siteType, [1, 5])))
    .orderBy(sites.siteId);
  const technicians = await db
    .select({ userId: users.userId })
    .from(users)
    .innerJoin(customers, eq(customers.customerId, users.customerId))
    .where(and(eq(customers.isProvider, true), inArray(users.type, [1, 2])))
    .orderBy(users.userId);
  if (depots.length === 0 || technicians.length === 0) return { spareParts: 0 };

  const rows: (typeof spareParts.$inferInsert)[] = [];
  const serials = new Set<string>();
  const counted = new Set<string>();
  for (let i = 0; rows.length < count && i < count * 4; i += 1) {
    const part = catalogue[i % catalogue.length]!;
    const depot = random.pick(depots);
    const updatedAt = new Date(now.getTime() - random.int(1, 24 * 200) * hour);
    if (part.serialised) {
      const serial = `${part.prefix}${random.int(0, 0xffffff).toString(16).toUpperCase().padStart(6, '0')}`;
      if (serials.has(`${part.partNumber}/${serial}`)) continue;
      serials.add(`${part.partNumber}/${serial}`);
      const roll = random.next();
      const state = roll < 0.8 ? 'available' : roll < 0.88 ? 'reserved' : roll < 0.95 ? 'faulty' : 'repair';
      rows.push({
        partNumber: part.partNumber,
        description: part.description,
        serial,
        depotSiteId: depot.siteId,
        quantity: state === 'available' && random.next() < 0.1 ? 0 : 1,
        state,
        createdAt: updatedAt,
        updatedAt,
      });
    } else {
      // A consumable is one row per depot, counted.
      if (counted.has(`${part.partNumber}/${depot.siteId}`)) continue;
      counted.add(`${part.partNumber}/${depot.siteId}`);
      rows.push({
        partNumber: part.partNumber,
        description: part.description,
        serial: null,
        depotSiteId: depot.siteId,
        quantity: random.next() < 0.08 ? 0 : random.int(1, 40),
        state: 'available',
        createdAt: updatedAt,
        updatedAt,
      });
    }
  }
  const inserted: { uuid: string; updatedAt: Date }[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    inserted.push(
      ...(await db
        .insert(spareParts)
        .values(rows.slice(i, i + 500))
        .returning({ uuid: spareParts.uuid, updatedAt: spareParts.updatedAt })),
    );
  }

  // About one part in three has been taken or returned at its last update.
  const movements: (typeof sparePartMovements.$inferInsert)[] = [];
  for (const part of inserted) {
    if (random.next() > 0.35) continue;
    const action = random.next() < 0.7 ? 'take' : 'return';
    movements.push({
      partUuid: part.uuid,
      action,
      quantity: random.int(1, 2),
      userId: random.pick(technicians).userId,
      jobReference: random.next() < 0.8 ? `JOB-${random.int(10_000, 99_999)}` : null,
      note: random.next() < 0.5 ? random.pick(notes) : null,
      at: part.updatedAt,
    });
  }
  for (let i = 0; i < movements.length; i += 500) {
    await db.insert(sparePartMovements).values(movements.slice(i, i + 500));
  }
  await db.execute(sql`analyze spare_parts`);
  return { spareParts: inserted.length };
}
