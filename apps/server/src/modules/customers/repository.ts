import type { Scope } from '@lightpath/domain/actor';
import type { Customer } from '@lightpath/domain/customers';
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { containsPattern, scopeCondition } from '../../platform/scope';

type CustomerRow = typeof customers.$inferSelect;

export function toCustomer(row: Omit<CustomerRow, 'logo64'>, logo64: string | null): Customer;
export function toCustomer(row: CustomerRow): Customer;
export function toCustomer(row: CustomerRow | Omit<CustomerRow, 'logo64'>, logo64?: string | null): Customer {
  return {
    customerid: row.customerId,
    customername: row.customerName,
    customercode: row.customerCode,
    code: row.customerCode,
    enabled: row.enabled,
    logo64: 'logo64' in row ? row.logo64 : (logo64 ?? null),
    cdrpin: row.cdrPin,
    isprovider: row.isProvider,
  };
}

export const customerSortFields = ['customername', 'customercode', 'usercount'] as const;
export type CustomerSortField = (typeof customerSortFields)[number];

export type CustomerFilter = {
  q?: string | undefined;
  enabled?: boolean | undefined;
  sort: { field: CustomerSortField; descending: boolean };
  limit: number;
  offset: number;
};

// Written out in SQL because a correlated subquery needs the outer table named explicitly.
const userCount = sql<number>`(select count(*)::int from users u where u.customer_id = "customers"."customer_id")`;

export async function listCustomers(db: DbOrTx, scope: Scope, filter: CustomerFilter) {
  const where = and(
    scopeCondition(scope, customers.customerId),
    filter.enabled === undefined ? undefined : eq(customers.enabled, filter.enabled),
    filter.q
      ? or(
          ilike(customers.customerName, containsPattern(filter.q)),
          ilike(customers.customerCode, containsPattern(filter.q)),
        )
      : undefined,
  );
  const sortColumn = {
    customername: customers.customerName,
    customercode: customers.customerCode,
    usercount: userCount,
  }[filter.sort.field];
  const order = filter.sort.descending ? desc(sortColumn) : asc(sortColumn);
  const [rows, total] = await Promise.all([
    db
      .select({ customer: customers, usercount: userCount })
      .from(customers)
      .where(where)
      .orderBy(order, asc(customers.customerId))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(customers).where(where),
  ]);
  return {
    count: total[0]?.n ?? 0,
    results: rows.map((r) => ({ ...toCustomer(r.customer), usercount: r.usercount })),
  };
}

export async function findCustomer(db: DbOrTx, scope: Scope, customerId: number) {
  const rows = await db
    .select()
    .from(customers)
    .where(and(eq(customers.customerId, customerId), scopeCondition(scope, customers.customerId)))
    .limit(1);
  return rows[0] ?? null;
}

// Every customer's identity, without logos or PINs: for pickers such as Switch Customer.
export async function listCustomerSummaries(db: DbOrTx) {
  return db
    .select({
      customerid: customers.customerId,
      customername: customers.customerName,
      customercode: customers.customerCode,
      enabled: customers.enabled,
      isprovider: customers.isProvider,
    })
    .from(customers)
    .orderBy(asc(customers.customerName));
}

export async function findCustomerByCode(db: DbOrTx, code: string) {
  const rows = await db.select().from(customers).where(eq(customers.customerCode, code)).limit(1);
  return rows[0] ?? null;
}

export async function findProviderCustomer(db: DbOrTx) {
  const rows = await db.select().from(customers).where(eq(customers.isProvider, true)).limit(1);
  return rows[0] ?? null;
}

export async function insertCustomer(db: DbOrTx, values: typeof customers.$inferInsert) {
  const rows = await db.insert(customers).values(values).returning();
  return rows[0]!;
}

export async function updateCustomerRow(
  db: DbOrTx,
  customerId: number,
  values: Partial<typeof customers.$inferInsert>,
) {
  const rows = await db
    .update(customers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(customers.customerId, customerId))
    .returning();
  return rows[0] ?? null;
}
