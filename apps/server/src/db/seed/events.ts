import { eventTemplates } from '@lightpath/domain/events';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { customers } from '../schema/customers';
import { eventComments } from '../schema/events';
import { eventServices, events, services } from '../schema/inventory';
import { tickets } from '../schema/tickets';
import type { Random } from './random';

type ServiceRef = { serviceId: string; customerId: number; aEndSiteId: number; status: number };

async function insertBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>, size = 1000) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

const commentTexts = [
  'Crew dispatched; estimated arrival within the hour.',
  'Fault located; splicing under way.',
  'Customer contacted and informed of progress.',
  'Works completed; services confirmed up by monitoring.',
  'Carrier confirmed the window; no change to the plan.',
  'Window extended by 30 minutes at the field team request.',
  'Post-incident review scheduled.',
];

// A five-year history of ended events (national scale: issue 4 asks for 20,000), each on one
// customer's services or, one in eight, on several customers at one PoP, with a few comments each.
// Every event ends before `now`, so the history never changes today's conditions.
export async function seedEventHistory(db: Db, random: Random, count: number, now: Date) {
  const refs = await activeServices(db);
  if (refs.length === 0 || count === 0) return 0;
  const byCustomer = groupBy(refs, (s) => s.customerId);
  const customerIds = [...byCustomer.keys()];
  const fiveYears = 5 * 365 * 86_400;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const eventRows: (typeof events.$inferInsert)[] = [];
  const serviceLists: string[][] = [];
  for (let i = 0; i < count; i += 1) {
    const type = random.pick([1, 1, 1, 2, 2, 3, 3, 3] as const);
    // Spread evenly over five years, ending at least a day ago.
    const start =
      nowSeconds - 2 * 86_400 - Math.floor(((count - i) / count) * fiveYears) + random.int(0, 3_600);
    const hours = type === 3 ? random.int(1, 12) : random.int(2, 8);
    const customer = byCustomer.get(random.pick(customerIds))!;
    const list = new Set<string>();
    for (let n = random.int(1, Math.min(4, customer.length)); n > 0; n -= 1)
      list.add(random.pick(customer).serviceId);
    if (i % 8 === 0) for (let n = 0; n < 3; n += 1) list.add(random.pick(refs).serviceId);
    const template =
      eventTemplates[type === 1 ? random.pick([0, 3, 4, 5, 7, 8]) : type === 2 ? 1 : random.pick([2, 9])]!;
    const suburb = `Zone ${1 + (i % 97)}`;
    eventRows.push({
      number: 1 + (i % 9_999),
      title: template.title.replace('[SUBURB]', suburb),
      description: template.description.replaceAll('[SUBURB]', suburb),
      type,
      startTime: new Date(start * 1000),
      endTime: new Date((start + hours * 3_600) * 1000),
      initiator: random.pick(['NOC', 'Field Services', 'Engineering']),
      approver: 'NOC',
      priority: type === 3 ? random.int(1, 2) : random.int(3, 5),
      slaType: type === 3 ? random.int(2, 5) : 1,
      createdAt: new Date((start - 7 * 86_400) * 1000),
      updatedAt: new Date((start + hours * 3_600) * 1000),
    });
    serviceLists.push([...list]);
  }
  const eventIds: number[] = [];
  await insertBatches(eventRows, async (batch) => {
    const rows = await db.insert(events).values(batch).returning({ id: events.eventId });
    eventIds.push(...rows.map((r) => r.id));
  });
  const links = eventIds.flatMap((eventId, i) =>
    serviceLists[i]!.map((serviceId) => ({ eventId, serviceId })),
  );
  await insertBatches(links, (batch) => db.insert(eventServices).values(batch));
  const comments = eventIds.flatMap((eventId, i) =>
    Array.from({ length: random.int(0, 3) }, (_, n) => ({
      eventId,
      author: random.pick(['NOC', 'Field Services', 'Engineering']),
      body: random.pick(commentTexts),
      createdAt: new Date((eventRows[i]!.startTime as Date).getTime() + (n + 1) * 1_200_000),
    })),
  );
  await insertBatches(comments, (batch) => db.insert(eventComments).values(batch));
  return eventIds.length;
}

// The demo's built-in ticket store: the tickets behind the demo events (so 'Prefill Event' with 4211
// goes to the ongoing outage) and three that prefill a new event: a task, a hazard and a problem on
// UNG services, one naming a disabled and one an unknown service. Ticket numbers are the ids.
export async function seedDemoTickets(db: Db, now: Date) {
  const refs = await activeServices(db);
  const [ung] = await db
    .select({ id: customers.customerId })
    .from(customers)
    .where(eq(customers.customerCode, 'UNG'));
  if (!ung) return 0;
  const ungId = ung.id;
  const ungServices = refs.filter((s) => s.customerId === ungId).map((s) => s.serviceId);
  const [disabled] = await db
    .select({ serviceId: services.serviceId })
    .from(services)
    .where(eq(services.status, 0))
    // UNG's own if it has one, so the demo shows '{id} is disabled!' for a service of the ticket's customer.
    .orderBy(sql`${services.customerId} <> ${ungId}`, services.serviceId)
    .limit(1);
  const inSeconds = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
  const base = { customerId: ungId, requester: 'noc@meridian.example', status: 'open' };
  const rows: (typeof tickets.$inferInsert)[] = [
    {
      ...base,
      ticketId: 4211,
      subject: '[OUTAGE] Fibre cut on the Northgate ring',
      description: 'Excavation damage reported by the carrier.',
      ticketType: 'problem',
      services: ungServices.slice(0, 2),
      startTime: inSeconds(-2),
    },
    {
      ...base,
      ticketId: 4312,
      subject: 'Fibre splicing on the Northgate campus route',
      description: 'Field Services need a four-hour window to re-splice the campus route.',
      ticketType: 'task',
      services: [...ungServices.slice(6, 9), ...(disabled ? [disabled.serviceId] : []), 'UNG0999099901B'],
      startTime: inSeconds(48),
      endTime: inSeconds(52),
    },
    {
      ...base,
      ticketId: 4313,
      subject: 'Council roadworks near the Northgate PoP',
      description: 'Roadworks near the pit outside the PoP put the feeder fibre at risk.',
      ticketType: 'hazard',
      services: ungServices.slice(9, 11),
      startTime: inSeconds(24),
      endTime: inSeconds(34),
    },
    {
      ...base,
      ticketId: 4314,
      subject: 'Loss of light on a Northgate link',
      description: 'Monitoring shows loss of light since this morning.',
      ticketType: 'problem',
      services: ungServices.slice(11, 12),
      startTime: inSeconds(-3),
    },
  ];
  await db.insert(tickets).values(rows);
  // New tickets number on from 10,000, clear of the demo's hand-picked numbers.
  await db.execute(
    sql`select setval('tickets_ticket_id_seq', greatest((select max(ticket_id) from tickets), 10000))`,
  );
  return rows.length;
}

// A comment or two on the demo's current events, so the event page shows a conversation.
export async function seedDemoEventComments(db: Db) {
  const rows = await db
    .select({ eventId: events.eventId, number: events.number })
    .from(events)
    .where(sql`${events.number} in (4211, 4198)`);
  const comments = rows.flatMap((row) =>
    row.number === 4211
      ? [
          { eventId: row.eventId, author: 'NOC', body: 'Carrier confirms excavation damage; crew on site.' },
          {
            eventId: row.eventId,
            author: 'Field Services',
            body: 'Cable exposed; splicing to start at 15:00.',
          },
        ]
      : [{ eventId: row.eventId, author: 'Field Services', body: 'Card swap started on time.' }],
  );
  if (comments.length > 0) await db.insert(eventComments).values(comments);
  return comments.length;
}

async function activeServices(db: Db): Promise<ServiceRef[]> {
  return db
    .select({
      serviceId: services.serviceId,
      customerId: services.customerId,
      aEndSiteId: services.aEndSiteId,
      status: services.status,
    })
    .from(services)
    .where(sql`${services.status} <> 0`)
    .orderBy(services.serviceId);
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
  return map;
}
