import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { eventServices, events } from '../schema/inventory';
import { rowsOf } from '../statements';

// Issue 17: contracted SLA targets (docs/decisions/038). One service in twelve has a contract naming
// its own target, 99.95% or, one in twenty-four, 99.99%; the rest keep their type's standard. Chosen
// from a hash of the service id rather than random draws, so every earlier area's data stays as it was
// and the same services are contracted at every scale.
export async function seedSlaTargets(db: Db) {
  const result = await db.execute(sql`
    update services
    set sla_target = case when abs(hashtext(service_id)) % 24 = 0 then 99.99 else 99.95 end
    where abs(hashtext(service_id)) % 12 = 0
    returning 1`);
  return { contractedTargets: rowsOf(result).length };
}

type DemoOutage = {
  code: 'UNG' | 'EBH';
  // Which of the customer's services in service, by their order of id.
  services: number[];
  daysAgo: number;
  hours: number;
  type: 1 | 3;
  slaType: 1 | 2 | 3 | 4 | 5;
  title: string;
};

// The demo's SLA history (docs/decisions/038): the random five-year history leaves the demo
// customers' last year nearly clean, so the report would read 100% everywhere. These give the
// University of Northgate and Eastbrook Health a year with each kind the report tells apart:
// overlapping outages of two classes, force majeure, scheduled works, works classed as a fault.
// Every one ended over a week ago, so no condition, dashboard or recent-events list changes.
const demoOutages: DemoOutage[] = [
  {
    code: 'UNG',
    services: [0, 1],
    daysAgo: 63,
    hours: 5,
    type: 3,
    slaType: 3,
    title: 'Line card failure at the Northgate PoP',
  },
  {
    code: 'UNG',
    services: [1],
    daysAgo: 62.9,
    hours: 3,
    type: 3,
    slaType: 4,
    title: 'Power failure in the Northgate PoP rack',
  },
  {
    code: 'UNG',
    services: [0, 3],
    daysAgo: 80,
    hours: 4,
    type: 1,
    slaType: 1,
    title: 'Fibre splicing on the Northgate campus route',
  },
  {
    code: 'UNG',
    services: [2],
    daysAgo: 95,
    hours: 6,
    type: 3,
    slaType: 2,
    title: 'Storm damage to the Northgate aerial fibre',
  },
  {
    code: 'UNG',
    services: [4],
    daysAgo: 140,
    hours: 1.5,
    type: 3,
    slaType: 5,
    title: 'Misconfiguration at the Northgate PE router',
  },
  {
    code: 'UNG',
    services: [5],
    daysAgo: 220,
    hours: 2,
    type: 1,
    slaType: 3,
    title: 'Emergency optic replacement at Northgate',
  },
  {
    code: 'EBH',
    services: [0],
    daysAgo: 70,
    hours: 10,
    type: 3,
    slaType: 4,
    title: 'Power failure at the Eastbrook exchange',
  },
  {
    code: 'EBH',
    services: [1],
    daysAgo: 250,
    hours: 0.75,
    type: 3,
    slaType: 3,
    title: 'Faulty transceiver on an Eastbrook link',
  },
];

export async function seedDemoSlaHistory(db: Db, now: Date) {
  let created = 0;
  for (const [i, outage] of demoOutages.entries()) {
    const result = await db.execute(sql`
      select s.service_id from services s join customers c on c.customer_id = s.customer_id
      where c.customer_code = ${outage.code} and s.status = 1 order by s.service_id`);
    const ids = rowsOf<{ service_id: string }>(result).map((row) => row.service_id);
    const chosen = outage.services.flatMap((n) => (ids[n] ? [ids[n]] : []));
    if (chosen.length === 0) continue;
    const start = new Date(now.getTime() - outage.daysAgo * 86_400_000);
    const end = new Date(start.getTime() + outage.hours * 3_600_000);
    const [event] = await db
      .insert(events)
      .values({
        number: 5101 + i,
        title: outage.title,
        description: `${outage.title}. Services restored; see the post-incident notes.`,
        type: outage.type,
        startTime: start,
        endTime: end,
        initiator: outage.type === 1 ? 'Field Services' : 'NOC',
        approver: 'NOC',
        priority: outage.type === 3 ? 1 : 4,
        slaType: outage.slaType,
        createdAt: outage.type === 1 ? new Date(start.getTime() - 7 * 86_400_000) : start,
        updatedAt: end,
      })
      .returning({ eventId: events.eventId });
    await db
      .insert(eventServices)
      .values(chosen.map((serviceId) => ({ eventId: event!.eventId, serviceId })));
    created += 1;
  }
  return { slaEvents: created };
}
