import type { EventType } from '@lightpath/domain/events';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, RawQuery } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { calendarFeeds } from '../../db/schema/events';
import { users } from '../../db/schema/users';
import { epochSeconds } from '../../db/statements';

// The feed management (a few writes a year per customer) goes through Drizzle; the two reads a
// subscribed calendar makes every hour are hand-written named statements on the driver (RawQuery).

export type CalendarFeedView = {
  feedid: number;
  customerid: number;
  tokenhint: string;
  createdat: number;
  // Who made the link, as a name; null once that user has been deleted.
  createdby: string | null;
};

export async function findActiveFeed(db: DbOrTx, customerId: number): Promise<CalendarFeedView | null> {
  const rows = await db
    .select({
      feedid: calendarFeeds.feedId,
      customerid: calendarFeeds.customerId,
      tokenhint: calendarFeeds.tokenHint,
      createdAt: calendarFeeds.createdAt,
      firstname: users.firstname,
      surname: users.surname,
    })
    .from(calendarFeeds)
    .leftJoin(users, eq(users.userId, calendarFeeds.createdBy))
    .where(and(eq(calendarFeeds.customerId, customerId), isNull(calendarFeeds.revokedAt)))
    .orderBy(desc(calendarFeeds.createdAt), desc(calendarFeeds.feedId))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return {
    feedid: row.feedid,
    customerid: row.customerid,
    tokenhint: row.tokenhint,
    createdat: Math.floor(row.createdAt.getTime() / 1000),
    createdby: row.firstname === null ? null : `${row.firstname} ${row.surname ?? ''}`.trim(),
  };
}

// Taken at the start of a rotation or revocation: two requests for the same customer then run one
// after the other, so a customer never ends up with two live links.
export async function lockCustomerFeeds(tx: DbOrTx, customerId: number) {
  await tx
    .select({ id: customers.customerId })
    .from(customers)
    .where(eq(customers.customerId, customerId))
    .for('update');
}

export async function revokeActiveFeeds(tx: DbOrTx, customerId: number): Promise<number[]> {
  const rows = await tx
    .update(calendarFeeds)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(calendarFeeds.customerId, customerId), isNull(calendarFeeds.revokedAt)))
    .returning({ feedId: calendarFeeds.feedId });
  return rows.map((r) => r.feedId);
}

export async function insertFeed(tx: DbOrTx, values: typeof calendarFeeds.$inferInsert) {
  const rows = await tx.insert(calendarFeeds).values(values).returning({ feedId: calendarFeeds.feedId });
  return rows[0]!.feedId;
}

// The public read: a live link of an enabled customer. A disabled customer's calendar stops with it.
const feedByTokenSql = `select f.feed_id as feedid, c.customer_id as customerid, c.customer_code as code,
    c.customer_name as customername
  from calendar_feeds f
  join customers c on c.customer_id = f.customer_id
  where f.token_hash = $1 and f.revoked_at is null and c.enabled
  limit 1`;

export type FeedOwner = { feedid: number; customerid: number; code: string; customername: string };

export async function findFeedByTokenHash(query: RawQuery, tokenHash: string): Promise<FeedOwner | null> {
  const rows = await query<FeedOwner>('calendar_feed_by_token', feedByTokenSql, [tokenHash]);
  return rows[0] ?? null;
}

export type FeedEventRow = {
  eventid: number;
  number: number;
  title: string;
  description: string;
  type: EventType;
  priority: number;
  starttime: number;
  endtime: number | null;
  createdat: number;
  updatedat: number;
  revision: number;
  // Only the customer's own services, in the same order in both arrays.
  serviceids: string[];
  servicedescriptions: string[];
};

// Works (1) and hazards (2) naming one of the customer's services, from 90 days back on. The join
// starts from the customer's services (services_customer_idx, then event_services_service_idx), and
// the services gathered per event are that customer's only: another customer named in the same event
// is never seen. Bounded (the latest kept), so that a calendar file stays a size clients accept.
export const feedHistoryDays = 90;
export const feedEventsMax = 2000;

const feedEventsSql = `select e.event_id as eventid, e.number, e.title, e.description, e.type::int as type,
    e.priority::int as priority, ${epochSeconds('e.start_time')} as starttime, ${epochSeconds('e.end_time')} as endtime,
    ${epochSeconds('e.created_at')} as createdat, ${epochSeconds('e.updated_at')} as updatedat, e.revision,
    array_agg(sv.service_id order by sv.service_id) as serviceids,
    array_agg(sv.description order by sv.service_id) as servicedescriptions
  from services sv
  join event_services es on es.service_id = sv.service_id
  join events e on e.event_id = es.event_id
  where sv.customer_id = $1
    and e.type in (1, 2)
    and (e.end_time is null or e.end_time >= now() - make_interval(days => $2::int))
  group by e.event_id
  order by e.start_time desc, e.event_id desc
  limit $3`;

export async function listFeedEvents(query: RawQuery, customerId: number): Promise<FeedEventRow[]> {
  return query<FeedEventRow>('calendar_feed_events', feedEventsSql, [
    customerId,
    feedHistoryDays,
    feedEventsMax,
  ]);
}
