import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helper';
import type { Database } from '../client';
import { customers } from '../schema/customers';
import { users } from '../schema/users';
import { seedDatabase } from './seed';

const now = new Date('2026-11-21T00:00:00Z');

// Seeds on the suite's database: PGlite, then PostgreSQL in the second API run (the bench's database).
async function withSeeded<T>(scale: 'demo' | 'national', read: (database: Database) => Promise<T>) {
  const { database, drop } = await freshDatabase();
  try {
    const counts = await seedDatabase(database.db, scale, now);
    return { counts, ...(await read(database)) };
  } finally {
    await database.close();
    await drop();
  }
}

async function people(database: Database) {
  const customerRows = await database.db.select().from(customers).orderBy(asc(customers.customerId));
  const userRows = await database.db.select({ email: users.email, customerId: users.customerId }).from(users);
  return { customerRows, userRows };
}

// History events were created before `now`; the current ones the seed adds were created as it ran.
async function eventHistory(database: Database) {
  const [history] = await database.query<{
    first_start: Date;
    last_end: Date;
    comments: number;
    without_services: number;
  }>(
    'seed_test_history',
    `select min(start_time) as first_start, max(end_time) as last_end,
            (select count(*) from event_comments)::int as comments,
            (select count(*) from events e where not exists
               (select 1 from event_services es where es.event_id = e.event_id))::int as without_services
     from events where created_at < $1`,
    [now],
  );
  const contactTypes = await database.query<{ contact_type: number; count: number }>(
    'seed_test_contact_types',
    'select contact_type, count(*)::int as count from site_contacts group by 1 order by 1',
    [],
  );
  return { history: history!, contactTypes };
}

describe('national seed', () => {
  it('makes 500 customers besides the provider, 2,000 users, 10,000 sites, 30,000 services and 20,000 past events', async () => {
    const seeded = await withSeeded('national', async (database) => ({
      ...(await people(database)),
      ...(await eventHistory(database)),
    }));
    expect(seeded.counts).toMatchObject({
      customers: 501,
      users: 2000,
      sites: 10_000,
      services: 30_000,
      contacts: 5_000,
      eventHistory: 20_000,
    });
    const names = seeded.customerRows.map((c) => c.customerName);
    expect(new Set(names).size).toBe(501);
    expect(seeded.customerRows.every((c) => /^[A-Z0-9]{3}$/.test(c.customerCode))).toBe(true);
    expect(seeded.customerRows.filter((c) => c.isProvider).map((c) => c.customerCode)).toEqual(['MRN']);
    // Every customer has users, the demo customers included.
    expect(new Set(seeded.userRows.map((u) => u.customerId)).size).toBe(501);

    // Issue 4: twenty thousand events over five years, every one ended, with comments and services.
    const year = 365 * 86_400_000;
    const firstStart = new Date(seeded.history.first_start).getTime();
    expect(firstStart).toBeGreaterThan(now.getTime() - 5 * year - 3 * 86_400_000);
    expect(firstStart).toBeLessThan(now.getTime() - 4.9 * year);
    expect(new Date(seeded.history.last_end).getTime()).toBeLessThan(now.getTime());
    expect(seeded.history.comments).toBeGreaterThan(20_000);
    expect(seeded.history.without_services).toBe(0);
    // Primary, secondary and emergency contacts, so notifications have e-mail and SMS to plan.
    expect(seeded.contactTypes.map((c) => c.contact_type)).toEqual([1, 2, 3]);
  }, 300_000);

  it('is the same every time it runs', async () => {
    const first = await withSeeded('demo', people);
    const second = await withSeeded('demo', people);
    expect(second.counts).toEqual(first.counts);
    expect(second.customerRows.map((c) => [c.customerCode, c.customerName])).toEqual(
      first.customerRows.map((c) => [c.customerCode, c.customerName]),
    );
    expect(second.userRows.map((u) => u.email).sort()).toEqual(first.userRows.map((u) => u.email).sort());
  }, 120_000);
});
