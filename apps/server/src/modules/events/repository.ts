import type { Scope } from '@lightpath/domain/actor';
import {
  type EventComment,
  type EventCustomer,
  type EventService,
  type EventSite,
  type EventSummary,
  type EventType,
  type EventView,
  recentEventSeconds,
} from '@lightpath/domain/events';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, RawQuery } from '../../db/client';
import { eventComments, eventRequests } from '../../db/schema/events';
import { eventServices, events, services } from '../../db/schema/inventory';
import { epochSeconds, Params, statementName } from '../../db/statements';
import { containsPattern } from '../../platform/scope';
import { affectedSitesSql, currentServiceConditionsSql, siteConditionSql } from '../services/conditions-sql';

// Reads are hand-written SQL on the driver (RawQuery) whose columns carry the API's names; writes use
// Drizzle. A customer sees an event only when it names one of the customer's services, and inside it
// only its own services, customers and sites: the scope is part of every statement, never a filter
// applied afterwards.

// EventSummary without `timing`, which the service works out with the domain's rule.
export type EventSummaryRow = Omit<EventSummary, 'timing'>;

const summaryColumns = `e.event_id as eventid, e.number, e.title, e.type::int as type,
    ${epochSeconds('e.start_time')} as starttime, ${epochSeconds('e.end_time')} as endtime,
    e.priority::int as priority, e.sla_type::int as slatype, e.initiator, e.approver,
    ${epochSeconds('e.created_at')} as createdat, ${epochSeconds('e.updated_at')} as updatedat, e.revision`;

// What a page carries from its rows: everything the summary shows, never the (long) description.
const pageColumns = `e.event_id, e.number, e.title, e.type, e.start_time, e.end_time, e.priority, e.sla_type,
    e.initiator, e.approver, e.created_at, e.updated_at, e.revision`;

// The events naming one of a customer's services: from the customer's services through
// event_services_service_idx, so the planner can drive the scope from the (few) services rather than
// probe every event.
export const eventsOfCustomerSql = (customer: string) =>
  `e.event_id in (select es.event_id from services sv
      join event_services es on es.service_id = sv.service_id
      where sv.customer_id = ${customer})`;

// Services and customers of one event within the scope, one index range on event_services_key per
// event of the page.
const countsJoinSql = (customer: string | null) => `cross join lateral (
    select count(*)::int as servicecount, count(distinct sv.customer_id)::int as customercount
    from event_services es join services sv on sv.service_id = es.service_id
    where es.event_id = e.event_id ${customer ? `and sv.customer_id = ${customer}` : ''}) n`;

// The list views (spec 4, contract): the windows are written against now() so the sidebar, the bell
// and the lists agree, and each is a range on events_end_idx or events_start_idx.
const recent = `interval '${recentEventSeconds} seconds'`;
const viewSql: Record<EventView, string | null> = {
  all: null,
  scheduled: 'e.type in (1, 2) and (e.end_time is null or e.end_time > now())',
  outages: `e.type = 3 and e.start_time <= now() and (e.end_time is null or e.end_time > now() - ${recent})`,
  latest: `e.start_time <= now() + ${recent} and (e.end_time is null or e.end_time > now() - ${recent})`,
  current: 'e.start_time <= now() and (e.end_time is null or e.end_time > now())',
  open: `e.start_time <= now() + ${recent} and (e.end_time is null or e.end_time > now())`,
  past: 'e.end_time <= now()',
};

export const eventSortFields = ['starttime', 'endtime', 'number', 'title', 'type', 'priority'] as const;
export type EventSortField = (typeof eventSortFields)[number];

const sortColumns: Record<EventSortField, string> = {
  starttime: 'e.start_time',
  endtime: 'e.end_time',
  number: 'e.number',
  title: 'e.title',
  type: 'e.type',
  priority: 'e.priority',
};

export type EventFilter = {
  view: EventView;
  q?: string | undefined;
  type?: EventType | undefined;
  customerid?: number | undefined;
  // Events naming this service (GET /api/events/{serviceid}).
  serviceid?: string | undefined;
  // Events that ended within this range, unix seconds (GET /api/events/past/{start}/{end}).
  endedBetween?: { start: number; end: number } | undefined;
};

// `customer` is the placeholder of the scope's customer, if the caller is a customer, and `type` the
// type filter's (the kept total reads it too).
function whereOf(customer: string | null, type: string | null, filter: EventFilter, params: Params): string {
  const where: string[] = [];
  if (customer) where.push(eventsOfCustomerSql(customer));
  const view = viewSql[filter.view];
  if (view) where.push(view);
  if (type) where.push(`e.type = ${type}`);
  if (filter.customerid !== undefined) where.push(eventsOfCustomerSql(params.add(filter.customerid)));
  if (filter.serviceid !== undefined)
    where.push(
      `e.event_id in (select es.event_id from event_services es where es.service_id = ${params.add(filter.serviceid)})`,
    );
  if (filter.endedBetween) {
    const start = params.add(filter.endedBetween.start);
    const end = params.add(filter.endedBetween.end);
    where.push(`e.end_time >= to_timestamp(${start}::float8) and e.end_time <= to_timestamp(${end}::float8)`);
  }
  if (filter.q) {
    const pattern = params.add(containsPattern(filter.q));
    // A number typed into the search box finds the event of that ticket number too.
    const number = /^\d{1,9}$/.test(filter.q) ? ` or e.number = ${params.add(Number(filter.q))}` : '';
    where.push(`(e.title ilike ${pattern}${number})`);
  }
  return where.length > 0 ? where.join(' and ') : 'true';
}

// Whether a list holds every event, or every event of one type, in the whole network: its total is then
// the kept count per type (event_type_totals, migration 0036, docs/decisions/053), not a count of the
// 20,000 events nationally. Any other clause, and a customer's scope, counts the matching events.
function everyEventOfType(scope: Scope, filter: EventFilter): boolean {
  return (
    scope.kind === 'all' &&
    viewSql[filter.view] === null &&
    !filter.q &&
    filter.customerid === undefined &&
    filter.serviceid === undefined &&
    filter.endedBetween === undefined
  );
}

export async function listEvents(
  query: RawQuery,
  scope: Scope,
  filter: EventFilter & {
    sort: { field: EventSortField; descending: boolean };
    limit: number;
    offset: number;
  },
): Promise<{ count: number; results: EventSummaryRow[] }> {
  const params = new Params();
  const customer = scope.kind === 'customer' ? params.add(scope.customerId) : null;
  const type = filter.type === undefined ? null : params.add(filter.type);
  const where = whereOf(customer, type, filter, params);
  const direction = filter.sort.descending ? 'desc' : 'asc';
  // The event id ends every order so that pages never overlap.
  const order = `${sortColumns[filter.sort.field]} ${direction}, e.event_id ${direction}`;
  const total = everyEventOfType(scope, filter)
    ? `(select coalesce(sum(k.events), 0)::int from event_type_totals k${type ? ` where k.type = ${type}` : ''})`
    : `(select count(*)::int from events e where ${where})`;
  const limit = params.add(filter.limit);
  const offset = params.add(filter.offset);
  // The page is chosen first (an index walk for the time sorts) carrying its rows, and only they get
  // their scoped counts; the total comes in the same round trip as an uncorrelated subquery.
  const text = `with page as (
    select ${pageColumns} from events e
    where ${where}
    order by ${order}
    limit ${limit} offset ${offset}
  )
  select ${summaryColumns}, n.servicecount, n.customercount,
    ${total} as total
  from page e
  ${countsJoinSql(customer)}
  order by ${order}`;
  const rows = await query<EventSummaryRow & { total: number }>(
    statementName('events_list', text),
    text,
    params.values,
  );
  if (rows.length > 0)
    return { count: rows[0]!.total, results: rows.map(({ total: _total, ...row }) => row) };
  if (filter.offset === 0) return { count: 0, results: [] };
  // Past the last page: the total still has to be told (without the limit and offset parameters).
  const countText = `select count(*)::int as total from events e where ${where}`;
  const [counted] = await query<{ total: number }>(
    statementName('events_count', countText),
    countText,
    params.values.slice(0, -2),
  );
  return { count: counted?.total ?? 0, results: [] };
}

export type EventDetailRow = EventSummaryRow & {
  description: string;
  services: EventService[];
  customers: EventCustomer[];
  sites: EventSite[];
  comments: EventComment[];
};

const siteCondition = siteConditionSql({
  sitetype: 's.site_type',
  total: 'h.total',
  maintenance: 'h.maintenance',
  atrisk: 'h.atrisk',
  offline: 'h.offline',
});

// One event with everything its page shows, in one round trip: `svc` is the event's services within
// the scope, and the services, customers and sites are built from it. Conditions come from the few
// current events once per query (conditions-sql.ts), not once per service.
const detailText = (scoped: boolean) => {
  const ownServices = scoped ? 'and sv.customer_id = $2' : '';
  return `with ev as (
    select e.* from events e
    where e.event_id = $1
      ${scoped ? 'and exists (select 1 from event_services es join services sv on sv.service_id = es.service_id where es.event_id = $1 and sv.customer_id = $2)' : ''}
  ),
  svc as (
    select sv.service_id, sv.description, sv.status, sv.customer_id, sv.a_end_site_id, sv.b_end_site_id
    from event_services es join services sv on sv.service_id = es.service_id
    where es.event_id = $1 ${ownServices}
  )
  select ${summaryColumns}, e.description,
    (select count(*)::int from svc) as servicecount,
    (select count(distinct svc.customer_id)::int from svc) as customercount,
    coalesce((select json_agg(x order by x.serviceid) from (
      select sv.service_id as serviceid, sv.description, sv.status::int as status,
             sv.customer_id as customerid, c.customer_code as customercode,
             sv.a_end_site_id as aendsiteid, a.site_name as aendsitename,
             sv.b_end_site_id as bendsiteid, b.site_name as bendsitename,
             coalesce(hit.condition, 0)::int as condition
      from svc sv
      join customers c on c.customer_id = sv.customer_id
      left join sites a on a.site_id = sv.a_end_site_id
      left join sites b on b.site_id = sv.b_end_site_id
      left join (${currentServiceConditionsSql}) hit on hit.service_id = sv.service_id) x), '[]'::json) as services,
    coalesce((select json_agg(x order by x.customercode, x.customerid) from (
      select c.customer_id as customerid, c.customer_code as customercode, c.customer_name as customername,
             count(*)::int as servicecount
      from svc sv join customers c on c.customer_id = sv.customer_id
      group by c.customer_id) x), '[]'::json) as customers,
    coalesce((select json_agg(x order by x.customercode, x.sitenumber, x.siteid) from (
      select s.site_id as siteid, s.site_number as sitenumber, s.site_name as sitename,
             c.customer_code as customercode, ${siteCondition}::int as condition
      from sites s
      join customers c on c.customer_id = s.customer_id
      left join (${affectedSitesSql}) h on h.site_id = s.site_id
      where s.site_id in (select svc.a_end_site_id from svc union select svc.b_end_site_id from svc)
        ${scoped ? 'and s.customer_id = $2' : ''}) x), '[]'::json) as sites,
    coalesce((select json_agg(x order by x.commentid) from (
      select ec.comment_id as commentid, ec.author, ec.body, ${epochSeconds('ec.created_at')} as createdat
      from event_comments ec where ec.event_id = $1) x), '[]'::json) as comments
  from ev e`;
};
const detailAll = detailText(false);
const detailScoped = detailText(true);

export async function findEventDetail(
  query: RawQuery,
  scope: Scope,
  eventId: number,
): Promise<EventDetailRow | null> {
  const rows =
    scope.kind === 'customer'
      ? await query<EventDetailRow>('events_detail_scoped', detailScoped, [eventId, scope.customerId])
      : await query<EventDetailRow>('events_detail', detailAll, [eventId]);
  return rows[0] ?? null;
}

// Out of scope reads as missing, like everywhere else.
const eventInScopeText = `select 1 as found from events e where e.event_id = $1
  and exists (select 1 from event_services es join services sv on sv.service_id = es.service_id
              where es.event_id = $1 and sv.customer_id = $2)`;
export async function isEventInScope(query: RawQuery, scope: Scope, eventId: number): Promise<boolean> {
  const rows =
    scope.kind === 'customer'
      ? await query('events_in_scope', eventInScopeText, [eventId, scope.customerId])
      : await query('events_exists', 'select 1 as found from events where event_id = $1', [eventId]);
  return rows.length > 0;
}

export type EventCounts = { scheduled: number; outages: number };

// The sidebar's two counts in one pass over the events that have not ended (events_end_idx).
export async function countOpenEvents(query: RawQuery, scope: Scope): Promise<EventCounts> {
  const params = new Params();
  const scoped = scope.kind === 'customer' ? `and ${eventsOfCustomerSql(params.add(scope.customerId))}` : '';
  const text = `select
      (count(*) filter (where ${viewSql.scheduled}))::int as scheduled,
      (count(*) filter (where e.type = 3 and ${viewSql.current}))::int as outages
    from events e
    where (e.end_time is null or e.end_time > now()) ${scoped}`;
  const [row] = await query<EventCounts>(statementName('events_counts', text), text, params.values);
  return row ?? { scheduled: 0, outages: 0 };
}

// Writes: the services an event names, looked up at once.
const serviceStatusText = `select service_id as serviceid, status::int as status
  from services where service_id = any($1::text[])`;
export async function findServiceStatuses(query: RawQuery, serviceIds: readonly string[]) {
  const rows = await query<{ serviceid: string; status: number }>(
    'events_service_statuses',
    serviceStatusText,
    [serviceIds],
  );
  return new Map(rows.map((r) => [r.serviceid, r.status]));
}

export type EventRow = typeof events.$inferSelect;

export async function findEventRow(db: DbOrTx, eventId: number): Promise<EventRow | null> {
  const rows = await db.select().from(events).where(eq(events.eventId, eventId)).limit(1);
  return rows[0] ?? null;
}

export async function findEventIdByRequestKey(db: DbOrTx, requestKey: string): Promise<number | null> {
  const rows = await db
    .select({ eventId: events.eventId })
    .from(events)
    .where(eq(events.requestKey, requestKey))
    .limit(1);
  return rows[0]?.eventId ?? null;
}

// The event and revision a keyed write made (event_requests); for keys from before that table, the
// event whose row carries the key, revision unknown.
export async function findEventRequest(
  db: DbOrTx,
  requestKey: string,
): Promise<{ eventId: number; revision: number | null } | null> {
  const [made] = await db
    .select({ eventId: eventRequests.eventId, revision: eventRequests.revision })
    .from(eventRequests)
    .where(eq(eventRequests.requestKey, requestKey))
    .limit(1);
  if (made) return made;
  const eventId = await findEventIdByRequestKey(db, requestKey);
  return eventId === null ? null : { eventId, revision: null };
}

export async function insertEventRequest(
  db: DbOrTx,
  values: { requestKey: string; eventId: number; revision: number },
) {
  await db.insert(eventRequests).values(values);
}

export type EventValues = Pick<
  typeof events.$inferInsert,
  | 'number'
  | 'title'
  | 'description'
  | 'type'
  | 'startTime'
  | 'endTime'
  | 'initiator'
  | 'approver'
  | 'priority'
  | 'slaType'
>;

// Null when the request key is taken already: the caller's request is a retry of that event's.
export async function insertEventRow(
  db: DbOrTx,
  values: EventValues & { createdBy: number; requestKey: string | null },
): Promise<{ eventId: number; revision: number } | null> {
  const rows = await db
    .insert(events)
    .values(values)
    .onConflictDoNothing({ target: events.requestKey })
    .returning({ eventId: events.eventId, revision: events.revision });
  return rows[0] ?? null;
}

// A new revision of the event; null when it no longer exists.
// With a request key, an event that already carries that key is left alone (null): the update is a retry.
export async function updateEventRow(
  db: DbOrTx,
  eventId: number,
  values: EventValues,
  requestKey: string | null,
): Promise<{ revision: number } | null> {
  const rows = await db
    .update(events)
    .set({
      ...values,
      ...(requestKey ? { requestKey } : {}),
      revision: sql`${events.revision} + 1`,
      updatedAt: new Date(),
    })
    .where(
      requestKey
        ? and(eq(events.eventId, eventId), sql`${events.requestKey} is distinct from ${requestKey}`)
        : eq(events.eventId, eventId),
    )
    .returning({ revision: events.revision });
  return rows[0] ?? null;
}

export async function replaceEventServices(db: DbOrTx, eventId: number, serviceIds: readonly string[]) {
  await db.delete(eventServices).where(eq(eventServices.eventId, eventId));
  await insertEventServices(db, eventId, serviceIds);
}

export async function insertEventServices(db: DbOrTx, eventId: number, serviceIds: readonly string[]) {
  if (serviceIds.length === 0) return;
  await db.insert(eventServices).values(serviceIds.map((serviceId) => ({ eventId, serviceId })));
}

// Its services, comments and notifications go with it (foreign keys cascade).
export async function deleteEventRow(db: DbOrTx, eventId: number): Promise<EventRow | null> {
  const rows = await db.delete(events).where(eq(events.eventId, eventId)).returning();
  return rows[0] ?? null;
}

export async function insertEventComment(
  db: DbOrTx,
  values: { eventId: number; userId: number; author: string; body: string },
): Promise<EventComment> {
  const [row] = await db.insert(eventComments).values(values).returning();
  return {
    commentid: row!.commentId,
    author: row!.author,
    body: row!.body,
    createdat: Math.floor(row!.createdAt.getTime() / 1000),
  };
}

// Inside the comment's transaction: the event must still be there (and stays, under the row lock).
export async function lockEventRow(db: DbOrTx, eventId: number): Promise<boolean> {
  const rows = await db
    .select({ eventId: events.eventId })
    .from(events)
    .where(eq(events.eventId, eventId))
    .for('update');
  return rows.length > 0;
}

// The customers whose services the event names, for the live stream (platform/changes.ts): read in
// the write's transaction before and after the services change, so that a customer whose service left
// the event hears of it too.
export async function findEventCustomerIds(db: DbOrTx, eventId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ customerId: services.customerId })
    .from(eventServices)
    .innerJoin(services, eq(services.serviceId, eventServices.serviceId))
    .where(eq(eventServices.eventId, eventId));
  return rows.map((row) => row.customerId);
}
