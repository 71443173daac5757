import type { Scope } from '@lightpath/domain/actor';
import type { ChameleonLevel, UserType } from '@lightpath/domain/user-types';
import type { User } from '@lightpath/domain/users';
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { users } from '../../db/schema/users';
import { containsPattern, scopeCondition, toUnixSeconds } from '../../platform/scope';

export type UserRow = typeof users.$inferSelect;

export function toUser(row: Omit<UserRow, 'passwordHash'>): User {
  return {
    userid: row.userId,
    firstname: row.firstname,
    surname: row.surname,
    email: row.email,
    title: row.title,
    office: row.office,
    mobile: row.mobile,
    timezone: row.timeZone,
    type: row.type as UserType,
    customerid: row.customerId,
    chameleon: row.chameleon as ChameleonLevel,
    companyAdmin: row.companyAdmin,
    enabled: row.enabled,
    lastlogin: toUnixSeconds(row.lastLoginAt),
  };
}

export const userSortFields = ['surname', 'firstname', 'email', 'type', 'customername', 'lastlogin'] as const;
export type UserSortField = (typeof userSortFields)[number];

export type UserFilter = {
  q?: string | undefined;
  type?: UserType | undefined;
  customerid?: number | undefined;
  sort: { field: UserSortField; descending: boolean };
  limit: number;
  offset: number;
};

export async function listUsers(db: DbOrTx, scope: Scope, filter: UserFilter) {
  const pattern = filter.q ? containsPattern(filter.q) : undefined;
  const where = and(
    scopeCondition(scope, users.customerId),
    filter.type === undefined ? undefined : eq(users.type, filter.type),
    filter.customerid === undefined ? undefined : eq(users.customerId, filter.customerid),
    pattern
      ? or(
          ilike(users.firstname, pattern),
          ilike(users.surname, pattern),
          ilike(users.email, pattern),
          ilike(sql`${users.firstname} || ' ' || ${users.surname}`, pattern),
        )
      : undefined,
  );
  const sortColumn = {
    surname: users.surname,
    firstname: users.firstname,
    email: users.email,
    type: users.type,
    customername: customers.customerName,
    lastlogin: users.lastLoginAt,
  }[filter.sort.field];
  const [rows, total] = await Promise.all([
    db
      .select({ user: users, customername: customers.customerName })
      .from(users)
      .innerJoin(customers, eq(customers.customerId, users.customerId))
      .where(where)
      .orderBy(filter.sort.descending ? desc(sortColumn) : asc(sortColumn), asc(users.userId))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    count: total[0]?.n ?? 0,
    results: rows.map((r) => ({ ...toUser(r.user), customername: r.customername })),
  };
}

export async function findUser(db: DbOrTx, scope: Scope, userId: number) {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.userId, userId), scopeCondition(scope, users.customerId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows[0] ?? null;
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert) {
  const rows = await db.insert(users).values(values).returning();
  return rows[0]!;
}

export async function updateUserRow(db: DbOrTx, userId: number, values: Partial<typeof users.$inferInsert>) {
  const rows = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.userId, userId))
    .returning();
  return rows[0] ?? null;
}

export async function deleteUserRow(db: DbOrTx, userId: number) {
  await db.delete(users).where(eq(users.userId, userId));
}
