import type { Scope } from '@lightpath/domain/actor';
import type { Subscription, SubscriptionSortField } from '@lightpath/domain/subscriptions';
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx, RawQuery } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { serviceNotifications } from '../../db/schema/inventory';
import { users } from '../../db/schema/users';
import { Params, statementName } from '../../db/statements';
import { containsPattern } from '../../platform/scope';

// Reads are hand-written SQL on the driver (RawQuery) whose columns carry the API's names, like the
// services and sites lists. Writes use Drizzle.

// Who sees a subscription. Staff: all. A customer: the subscriptions on its own services held by its
// own users, and the caller's own (a NOC acting for a customer still sees what it subscribed to).
// Provider staff who follow a customer's service are the provider's business and stay hidden, like
// staff in the customer's user list.
export type SubscriptionScope = Scope & { userId: number };

export type SubscriptionFilter = {
  q?: string | undefined;
  serviceid?: string | undefined;
  userid?: number | undefined;
  customerid?: number | undefined;
};

const columns = `n.notification_id as notificationid, n.user_id as userid,
    (u.firstname || ' ' || u.surname) as username, u.email as useremail,
    n.service_id as serviceid, sv.description as servicedescription, c.customer_code as customercode`;

const joins = `join services sv on sv.service_id = n.service_id
  join users u on u.user_id = n.user_id`;

function scopeWhere(scope: SubscriptionScope, params: Params): string[] {
  if (scope.kind === 'all') return [];
  const customer = params.add(scope.customerId);
  return [
    `sv.customer_id = ${customer}`,
    `(u.customer_id = ${customer} or n.user_id = ${params.add(scope.userId)})`,
  ];
}

function whereOf(scope: SubscriptionScope, filter: SubscriptionFilter, params: Params): string {
  const where = scopeWhere(scope, params);
  if (filter.serviceid !== undefined) where.push(`n.service_id = ${params.add(filter.serviceid)}`);
  if (filter.userid !== undefined) where.push(`n.user_id = ${params.add(filter.userid)}`);
  if (filter.customerid !== undefined) where.push(`sv.customer_id = ${params.add(filter.customerid)}`);
  if (filter.q) {
    const pattern = params.add(containsPattern(filter.q));
    where.push(`(n.service_id ilike ${pattern} or sv.description ilike ${pattern}
      or u.email ilike ${pattern} or (u.firstname || ' ' || u.surname) ilike ${pattern})`);
  }
  return where.length > 0 ? where.join(' and ') : 'true';
}

// Each sort ends with the subscription id so that pages never overlap.
const sorts: Record<SubscriptionSortField, { keys: string[]; customer?: boolean }> = {
  serviceid: { keys: ['n.service_id', 'u.surname', 'u.firstname'] },
  username: { keys: ['u.surname', 'u.firstname', 'n.service_id'] },
  useremail: { keys: ['lower(u.email)', 'n.service_id'] },
  customercode: { keys: ['c.customer_code', 'n.service_id', 'u.surname'], customer: true },
};

export async function listSubscriptions(
  query: RawQuery,
  scope: SubscriptionScope,
  filter: SubscriptionFilter & {
    sort: { field: SubscriptionSortField; descending: boolean };
    limit: number;
    offset: number;
  },
): Promise<{ count: number; results: Subscription[] }> {
  const params = new Params();
  const where = whereOf(scope, filter, params);
  const sort = sorts[filter.sort.field];
  const direction = filter.sort.descending ? 'desc' : 'asc';
  const order = [...sort.keys, 'n.notification_id'].map((key) => `${key} ${direction}`).join(', ');
  const limit = params.add(filter.limit);
  const offset = params.add(filter.offset);
  // The page is chosen first, then only its rows are decorated with their customer; the total comes
  // in the same round trip as an uncorrelated subquery.
  const text = `with page as (
    select n.notification_id, n.user_id, n.service_id from service_notifications n ${joins}
    ${sort.customer ? 'join customers c on c.customer_id = sv.customer_id' : ''}
    where ${where}
    order by ${order}
    limit ${limit} offset ${offset}
  )
  select ${columns},
    (select count(*)::int from service_notifications n ${joins} where ${where}) as total
  from page n ${joins}
  join customers c on c.customer_id = sv.customer_id
  order by ${order}`;
  const rows = await query<Subscription & { total: number }>(
    statementName('subscriptions_list', text),
    text,
    params.values,
  );
  if (rows.length > 0) return { count: rows[0]!.total, results: rows.map(({ total: _, ...row }) => row) };
  if (filter.offset === 0) return { count: 0, results: [] };
  // Past the last page: the total still has to be told.
  const countText = `select count(*)::int as total from service_notifications n ${joins} where ${where}`;
  const [counted] = await query<{ total: number }>(
    statementName('subscriptions_count', countText),
    countText,
    params.values.slice(0, -2),
  );
  return { count: counted?.total ?? 0, results: [] };
}

const detailText = (scoped: boolean) => `select ${columns}
  from service_notifications n ${joins}
  join customers c on c.customer_id = sv.customer_id
  where n.notification_id = $1
  ${scoped ? 'and sv.customer_id = $2 and (u.customer_id = $2 or n.user_id = $3)' : ''}`;
const detailAll = detailText(false);
const detailScoped = detailText(true);

export async function findSubscription(
  query: RawQuery,
  scope: SubscriptionScope,
  notificationId: number,
): Promise<Subscription | null> {
  const rows =
    scope.kind === 'customer'
      ? await query<Subscription>('subscriptions_detail_scoped', detailScoped, [
          notificationId,
          scope.customerId,
          scope.userId,
        ])
      : await query<Subscription>('subscriptions_detail', detailAll, [notificationId]);
  return rows[0] ?? null;
}

// Writes and the checks made inside their transactions (on the transaction, hence Drizzle).

export type SubscriptionRow = typeof serviceNotifications.$inferSelect;

export async function findSubscriptionRow(
  db: DbOrTx,
  notificationId: number,
): Promise<SubscriptionRow | null> {
  const rows = await db
    .select()
    .from(serviceNotifications)
    .where(eq(serviceNotifications.notificationId, notificationId))
    .limit(1);
  return rows[0] ?? null;
}

// The user a subscription would go to, with what the rules need: its customer, whether that is the
// provider, and whether the account is enabled. `customerId` narrows to one customer's users.
export async function findSubscriber(db: DbOrTx, userId: number, customerId: number | null) {
  const rows = await db
    .select({
      userId: users.userId,
      customerId: users.customerId,
      enabled: users.enabled,
      isProvider: customers.isProvider,
    })
    .from(users)
    .innerJoin(customers, eq(customers.customerId, users.customerId))
    .where(and(eq(users.userId, userId), customerId === null ? undefined : eq(users.customerId, customerId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findDuplicate(db: DbOrTx, serviceId: string, userId: number, exceptId?: number) {
  const rows = await db
    .select({ notificationId: serviceNotifications.notificationId })
    .from(serviceNotifications)
    .where(
      and(
        eq(serviceNotifications.serviceId, serviceId),
        eq(serviceNotifications.userId, userId),
        exceptId === undefined ? undefined : ne(serviceNotifications.notificationId, exceptId),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function insertSubscriptionRow(db: DbOrTx, values: { serviceId: string; userId: number }) {
  const rows = await db.insert(serviceNotifications).values(values).returning();
  return rows[0]!;
}

export async function updateSubscriptionRow(
  db: DbOrTx,
  notificationId: number,
  values: { serviceId: string; userId: number },
) {
  await db
    .update(serviceNotifications)
    .set(values)
    .where(eq(serviceNotifications.notificationId, notificationId));
}

export async function deleteSubscriptionRow(db: DbOrTx, notificationId: number) {
  await db.delete(serviceNotifications).where(eq(serviceNotifications.notificationId, notificationId));
}
