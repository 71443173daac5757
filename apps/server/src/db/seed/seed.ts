import { sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/passwords';
import type { Db } from '../client';
import { customers } from '../schema/customers';
import { users } from '../schema/users';
import { seedApiLogs } from './api-logs';
import { seedAwxJobs } from './awx-jobs';
import { seedColocation } from './colocation';
import {
  demoAccounts,
  demoCustomers,
  demoPassword,
  firstNames,
  institutionKinds,
  jobTitles,
  places,
  providerCustomer,
  surnames,
} from './demo-customers';
import { seedEquipment } from './equipment';
import { seedDemoEventComments, seedDemoTickets, seedEventHistory } from './events';
import { seedFaq } from './faq';
import { type InventorySize, seedInventory } from './inventory';
import { seedInvoices } from './invoices';
import { type Random, seededRandom } from './random';
import { seedDemoSlaHistory, seedSlaTargets } from './sla';
import { seedSpareParts } from './spare-parts';
import { type SupportSize, seedSupport } from './support';
import { seedUsageHistory } from './usage';

export const seedScales = ['demo', 'national'] as const;
export type SeedScale = (typeof seedScales)[number];

// Target sizes; each area issue extends the national scale with its own records.
// The provider's own sites (a PoP per place, the internet gateway, four exchanges) count towards
// the national total of 10,000 sites.
const providerSiteCount = places.length + 5;
const sizes: Record<
  SeedScale,
  {
    customers: number;
    users: number;
    inventory: InventorySize;
    eventHistory: number;
    support: SupportSize;
    spareParts: number;
    // Issue 15: past AWX jobs besides the demo's handful.
    awxJobHistory: number;
    // The share of customers that rent rack spaces.
    colocationShare: number;
    // Issue 17: past API calls, spread over the last days.
    apiLogs: { calls: number; days: number };
  }
> = {
  demo: {
    customers: demoCustomers.length,
    users: 60,
    eventHistory: 80,
    inventory: { sites: 60, services: 170, contactsPerCustomer: 3 },
    // The demo's tickets and check-ins are hand-written (support.ts); no generated history.
    support: { ticketHistory: 0, checkinHistory: 0 },
    spareParts: 60,
    awxJobHistory: 0,
    colocationShare: 0.5,
    apiLogs: { calls: 3000, days: 3 },
  },
  national: {
    customers: 500,
    users: 2000,
    eventHistory: 20_000,
    inventory: { sites: 10_000 - providerSiteCount, services: 30_000, contactsPerCustomer: 10 },
    support: { ticketHistory: 50_000, checkinHistory: 20_000 },
    spareParts: 5000,
    awxJobHistory: 20_000,
    colocationShare: 0.35,
    apiLogs: { calls: 1_000_000, days: 89 },
  },
};

type CustomerSeed = { code: string; name: string; enabled: boolean };

function generatedCustomers(random: Random, count: number): CustomerSeed[] {
  const list: CustomerSeed[] = demoCustomers.map((c) => ({ ...c }));
  const codes = new Set<string>([providerCustomer.code, ...list.map((c) => c.code)]);
  const names = new Set(list.map((c) => c.name));
  // Universities and libraries read best as "University of X"; both forms double the name space.
  const nameFor = (place: string, kind: string) =>
    (kind === 'University' || kind === 'Library') && random.next() < 0.5
      ? `${kind} of ${place}`
      : `${place} ${kind}`;
  const capacity = places.length * institutionKinds.length + 2 * places.length;
  if (count - list.length > capacity) throw new Error(`at most ${capacity} generated customer names`);
  while (list.length < count) {
    const place = random.pick(places);
    const kind = random.pick(institutionKinds);
    const name = nameFor(place, kind);
    if (names.has(name)) continue;
    const initials = `${place.replace(/\s/g, '').slice(0, 2)}${kind[0]}`.toUpperCase();
    let code = initials;
    for (let n = 0; codes.has(code); n += 1)
      code = `${initials.slice(0, 1)}${n.toString(36).toUpperCase().padStart(2, '0')}`;
    codes.add(code);
    names.add(name);
    list.push({ code, name, enabled: random.next() > 0.04 });
  }
  return list;
}

function emailDomain(name: string): string {
  return `${name.toLowerCase().replace(/[^a-z]+/g, '')}.example`;
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(customers);
  return (rows[0]?.n ?? 0) > 0;
}

// Removes every row the seed creates, for `npm run seed -- --reset`.
export async function clearSeededData(db: Db) {
  await db.execute(
    sql`truncate table service_usage_months, invoices, api_logs, cross_connects, rack_spaces, awx_job_watches, awx_jobs, equipment_alarms, equipment_parts, equipment_ports, equipment_cards, shelves, zabbix_mutes, spare_part_movements, spare_parts, audit_log, outbox, change_log, faq_articles, calendar_feeds, event_notifications, event_comments, site_checkins, site_access_requests, ticket_attachments, ticket_comments, tickets, login_attempts, password_resets, sessions, service_notifications, site_contacts, contacts, event_services, events, service_patching, services, sites, simulated_third_party_circuits, users, customers restart identity cascade`,
  );
}

export async function seedDatabase(db: Db, scale: SeedScale, now = new Date()) {
  const random = seededRandom(20261121);
  const size = sizes[scale];
  // Every seeded account shares the demo password, so one hash serves them all.
  const passwordHash = await hashPassword(demoPassword);

  const customerSeeds = generatedCustomers(random, size.customers);
  const insertedCustomers = await db
    .insert(customers)
    .values([
      { customerCode: providerCustomer.code, customerName: providerCustomer.name, isProvider: true },
      ...customerSeeds.map((c) => ({ customerCode: c.code, customerName: c.name, enabled: c.enabled })),
    ])
    .returning({ id: customers.customerId, code: customers.customerCode, name: customers.customerName });
  const idByCode = new Map(insertedCustomers.map((c) => [c.code, c.id]));

  const userRows: (typeof users.$inferInsert)[] = demoAccounts.map((a) => ({
    email: a.email,
    firstname: a.firstname,
    surname: a.surname,
    title: a.title,
    office: '02 5550 0100',
    mobile: '0400 555 010',
    type: a.type,
    customerId: idByCode.get(a.customer)!,
    companyAdmin: a.companyAdmin,
    chameleon: a.chameleon,
    passwordHash,
  }));
  const emails = new Set(userRows.map((u) => u.email));
  const customerTargets = insertedCustomers.filter((c) => c.code !== providerCustomer.code);
  const provider = insertedCustomers.find((c) => c.code === providerCustomer.code)!;

  let nextCustomer = 0;
  for (let i = 0; userRows.length < size.users; i += 1) {
    // Roughly one user in twelve is provider staff; the rest belong to customers, round-robin.
    const staff = i % 12 === 0;
    const customer = staff ? provider : customerTargets[nextCustomer++ % customerTargets.length]!;
    const firstname = random.pick(firstNames);
    const surname = random.pick(surnames);
    const domain = staff ? 'meridian.example' : emailDomain(customer.name);
    const localPart = `${firstname}.${surname}`.toLowerCase().replace(/[^a-z.]/g, '');
    let email = `${localPart}@${domain}`;
    for (let n = 2; emails.has(email); n += 1) email = email.replace(/(\d*)@/, `${n}@`);
    emails.add(email);
    const type = staff ? random.pick([1, 2, 3, 3] as const) : random.next() < 0.3 ? 4 : 5;
    userRows.push({
      email,
      firstname,
      surname,
      title: random.pick(jobTitles),
      office: `0${random.int(2, 8)} 5550 ${String(random.int(0, 9999)).padStart(4, '0')}`,
      mobile: `04${random.int(10, 99)} 555 ${String(random.int(0, 999)).padStart(3, '0')}`,
      type,
      customerId: customer.id,
      companyAdmin: type === 4,
      chameleon: 0,
      enabled: random.next() > 0.03,
      passwordHash,
    });
  }
  const insertedUsers: { id: number; customerId: number }[] = [];
  await insertInBatches(userRows, async (batch) => {
    insertedUsers.push(
      ...(await db.insert(users).values(batch).returning({ id: users.userId, customerId: users.customerId })),
    );
  });
  const usersByCustomer = new Map<number, number[]>();
  for (const u of insertedUsers)
    usersByCustomer.set(u.customerId, [...(usersByCustomer.get(u.customerId) ?? []), u.id]);

  const inventory = await seedInventory(
    db,
    random,
    insertedCustomers.map((c) => ({ ...c, isProvider: c.code === providerCustomer.code })),
    usersByCustomer,
    size.inventory,
    now,
  );
  const eventHistory = await seedEventHistory(db, random, size.eventHistory, now);
  const eventTickets = await seedDemoTickets(db, now);
  const support = await seedSupport(db, size.support, now);
  await seedDemoEventComments(db);
  await seedFaq(db);
  const spares = await seedSpareParts(db, random, size.spareParts, now);
  const equipment = await seedEquipment(db, now);
  const jobs = await seedAwxJobs(db, size.awxJobHistory, now);
  // A generator of its own, so adding co-location left every earlier area's data as it was.
  const colocation = await seedColocation(db, seededRandom(20261127), size.colocationShare, now);
  // Generated in the database from each row's number (no random draws), within the default retention.
  const apiLogs = await seedApiLogs(db, size.apiLogs.calls, size.apiLogs.days, now);
  // Two years of monthly invoices at both scales (issue 16), from a generator of their own too.
  const billing = await seedInvoices(db, seededRandom(20261128), 24, now);
  // Issue 17: the contracted SLA targets; the national event history already holds the outages the
  // report reads, the demo's gets a year of them for two customers.
  const sla = {
    ...(await seedSlaTargets(db)),
    ...(scale === 'demo' ? await seedDemoSlaHistory(db, now) : { slaEvents: 0 }),
  };
  // Two years of monthly usage figures for every service in service (issue 17), drawn from each
  // service's character in the telemetry simulator, no random draws.
  const usage = await seedUsageHistory(db, now);
  // After a bulk load: fresh statistics, so the planner does not guess at empty tables, and a
  // visibility map, so counts over an index (the lists' totals) need not visit the table.
  await db.execute(sql`vacuum analyze`);
  return {
    customers: insertedCustomers.length,
    users: userRows.length,
    ...inventory,
    events: inventory.events + eventHistory + sla.slaEvents,
    eventHistory,
    ...support,
    tickets: eventTickets + support.tickets,
    ...spares,
    ...equipment,
    ...jobs,
    ...colocation,
    ...apiLogs,
    ...billing,
    ...sla,
    ...usage,
  };
}
