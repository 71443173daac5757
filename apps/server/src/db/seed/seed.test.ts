import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../client';
import { customers } from '../schema/customers';
import { users } from '../schema/users';
import { seedDatabase } from './seed';

async function seededSnapshot() {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    const counts = await seedDatabase(database.db, 'national');
    const customerRows = await database.db.select().from(customers).orderBy(asc(customers.customerId));
    const userRows = await database.db
      .select({ email: users.email, customerId: users.customerId })
      .from(users);
    return { counts, customerRows, userRows };
  } finally {
    await database.close();
  }
}

describe('national seed', () => {
  it('makes 500 customers besides the provider, 2,000 users, 10,000 sites and 30,000 services, the same every time', async () => {
    const first = await seededSnapshot();
    expect(first.counts).toMatchObject({ customers: 501, users: 2000, sites: 10_000, services: 30_000 });
    const names = first.customerRows.map((c) => c.customerName);
    expect(new Set(names).size).toBe(501);
    expect(first.customerRows.every((c) => /^[A-Z0-9]{3}$/.test(c.customerCode))).toBe(true);
    expect(first.customerRows.filter((c) => c.isProvider).map((c) => c.customerCode)).toEqual(['MRN']);
    // Every customer has users, the demo customers included.
    const withUsers = new Set(first.userRows.map((u) => u.customerId));
    expect(withUsers.size).toBe(501);

    const second = await seededSnapshot();
    expect(second.customerRows.map((c) => [c.customerCode, c.customerName])).toEqual(
      first.customerRows.map((c) => [c.customerCode, c.customerName]),
    );
    expect(second.userRows.map((u) => u.email).sort()).toEqual(first.userRows.map((u) => u.email).sort());
    // Seeding the national inventory twice takes a while on a 2-core machine.
  }, 180_000);
});
