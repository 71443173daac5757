import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { crossConnects, rackSpaces } from '../schema/colocation';
import { customers } from '../schema/customers';
import { sites } from '../schema/inventory';
import { rowsOf } from '../statements';
import type { Random } from './random';

const customerRackKinds = [
  'Full rack, 42U',
  'Half rack, U1–U21',
  'Half rack, U22–U42',
  'Quarter rack, U1–U10',
  'Caged pair of racks',
  '4U in a shared rack',
];

const day = 86_400_000;

// Co-location for a share of the customers (`share`, UNG and EBH always): one to three rack spaces
// each at the PoP or exchange of the customer's own city, two racks of the provider's own in the
// meet-me room of every PoP used, and cross-connects from each customer rack to one of those (the
// usual hand-off), plus a rack-to-rack one where a customer has two racks at one site. About one
// rack space in six has an end date: notice given, or already left.
export async function seedColocation(db: Db, random: Random, share: number, now: Date) {
  const providerRows = await db
    .select({ id: customers.customerId })
    .from(customers)
    .where(eq(customers.isProvider, true));
  const provider = providerRows[0];
  if (!provider) return { rackSpaces: 0, crossConnects: 0 };
  const pops = await db
    .select({ siteId: sites.siteId, siteNumber: sites.siteNumber, suburb: sites.suburb })
    .from(sites)
    .where(and(eq(sites.customerId, provider.id), inArray(sites.siteType, [1, 5])))
    .orderBy(sites.siteId);
  if (pops.length === 0) return { rackSpaces: 0, crossConnects: 0 };
  // Each customer's city: the suburb of its first physical site.
  const homes = await db.execute(
    sql`select c.customer_id, c.customer_code,
          (select s.suburb from sites s where s.customer_id = c.customer_id and s.site_type = 1
            order by s.site_id limit 1) as suburb
        from customers c where not c.is_provider order by c.customer_id`,
  );
  const homeRows = rowsOf<{ customer_id: number; customer_code: string; suburb: string | null }>(homes);

  const usedIds = new Set<string>();
  const rackRows: (typeof rackSpaces.$inferInsert & { key: string })[] = [];
  const providerRacks = new Map<number, string[]>();
  const rackIdAt = (pop: { siteNumber: string }) => {
    for (;;) {
      const id = `${pop.siteNumber}-H${random.int(1, 3)}-R${String(random.int(1, 40)).padStart(2, '0')}`;
      if (!usedIds.has(id)) {
        usedIds.add(id);
        return id;
      }
    }
  };
  const meetMeRacks = (pop: (typeof pops)[number]) => {
    const known = providerRacks.get(pop.siteId);
    if (known) return known;
    const ids = [1, 2].map((n) => `${pop.siteNumber}-MMR-0${n}`);
    for (const [n, id] of ids.entries()) {
      usedIds.add(id);
      rackRows.push({
        key: id,
        rackId: id,
        description: `Meet-me room rack ${n + 1}: the network's patch panels`,
        siteId: pop.siteId,
        customerId: provider.id,
        createdAt: new Date(now.getTime() - 900 * day),
      });
    }
    providerRacks.set(pop.siteId, ids);
    return ids;
  };

  type Planned = { rackId: string; customerId: number; siteId: number; ended: boolean };
  const planned: Planned[] = [];
  for (const home of homeRows) {
    const always = home.customer_code === 'UNG' || home.customer_code === 'EBH';
    if (!always && random.next() >= share) continue;
    const pop = pops.find((p) => p.suburb === home.suburb) ?? random.pick(pops);
    meetMeRacks(pop);
    const count = always ? 2 : random.int(1, 3);
    for (let n = 0; n < count; n += 1) {
      // The first rack of a customer is in use, so each has a live hand-off to pick in the demo.
      const ended = n > 0 && random.next() < 0.3;
      const rackId = rackIdAt(pop);
      const createdAt = new Date(now.getTime() - random.int(30, 1500) * day);
      const endDate = ended
        ? new Date(now.getTime() + (random.next() < 0.5 ? -1 : 1) * random.int(5, 120) * day)
        : null;
      rackRows.push({
        key: rackId,
        rackId,
        description: random.pick(customerRackKinds),
        siteId: pop.siteId,
        customerId: home.customer_id,
        endDate,
        createdAt,
        updatedAt: endDate && endDate < now ? endDate : createdAt,
      });
      planned.push({ rackId, customerId: home.customer_id, siteId: pop.siteId, ended });
    }
  }

  const uuidByRack = new Map<string, string>();
  for (let i = 0; i < rackRows.length; i += 500) {
    const batch = rackRows.slice(i, i + 500).map(({ key: _, ...row }) => row);
    for (const row of await db
      .insert(rackSpaces)
      .values(batch)
      .returning({ uuid: rackSpaces.uuid, rackId: rackSpaces.rackId }))
      uuidByRack.set(row.rackId, row.uuid);
  }

  const connectRows: (typeof crossConnects.$inferInsert)[] = [];
  const portsUsed = new Set<string>();
  const freePort = (rackId: string, panel: string) => {
    for (;;) {
      const port = String(random.int(1, 48)).padStart(2, '0');
      if (!portsUsed.has(`${rackId}/${panel}/${port}`)) {
        portsUsed.add(`${rackId}/${panel}/${port}`);
        return port;
      }
    }
  };
  const connect = (customerId: number, aRack: string, bRack: string, createdAt: Date) => {
    const aPanel = `PP${random.int(1, 2)}`;
    const bPanel = `PP${random.int(1, 6)}`;
    connectRows.push({
      customerId,
      aEndRackSpace: uuidByRack.get(aRack)!,
      aEndPanel: aPanel,
      aEndPort: freePort(aRack, aPanel),
      bEndRackSpace: uuidByRack.get(bRack)!,
      bEndPanel: bPanel,
      bEndPort: freePort(bRack, bPanel),
      createdAt,
      updatedAt: createdAt,
    });
  };
  for (const [i, rack] of planned.entries()) {
    const createdAt = new Date(now.getTime() - random.int(1, 700) * day);
    const meetMe = providerRacks.get(rack.siteId)!;
    const handOffs = random.next() < 0.3 ? 2 : 1;
    for (let n = 0; n < handOffs; n += 1) connect(rack.customerId, rack.rackId, meetMe[n]!, createdAt);
    const next = planned[i + 1];
    if (next && next.customerId === rack.customerId && next.siteId === rack.siteId && random.next() < 0.5)
      connect(rack.customerId, rack.rackId, next.rackId, createdAt);
  }
  for (let i = 0; i < connectRows.length; i += 500) {
    await db.insert(crossConnects).values(connectRows.slice(i, i + 500));
  }
  return { rackSpaces: rackRows.length, crossConnects: connectRows.length };
}
