import type { EventNotificationStatus, PreflightCustomer } from '@lightpath/domain/events';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx, RawQuery } from '../../db/client';
import { eventNotifications } from '../../db/schema/events';
import { events } from '../../db/schema/inventory';
import { outbox } from '../../db/schema/platform';

// The plan reads run as a few set-based statements for every affected customer at once (an outage
// can name thousands of services across hundreds of customers), never one query per customer.

export type PlannedServiceRow = {
  serviceid: string;
  description: string;
  status: number;
  customerid: number;
  code: string;
  customername: string;
  asitename: string;
  bsitename: string | null;
};

const servicesText = `select s.service_id as serviceid, s.description, s.status, s.customer_id as customerid,
    c.customer_code as code, c.customer_name as customername,
    a.site_name as asitename, b.site_name as bsitename
  from services s
  join customers c on c.customer_id = s.customer_id
  join sites a on a.site_id = s.a_end_site_id
  left join sites b on b.site_id = s.b_end_site_id
  where s.service_id = any($1::text[])`;

export function findPlannedServices(query: RawQuery, serviceIds: string[]) {
  return query<PlannedServiceRow>('notifications_plan_services', servicesText, [serviceIds]);
}

// One row per contact and contact type: a contact may be primary at one affected site and emergency
// at another. `sitecount` ranks the requester; `services` are the notified services at those sites.
export type PlannedContactRow = {
  customerid: number;
  contactid: number;
  contactname: string;
  email: string | null;
  mobile: string | null;
  contacttype: number;
  sitecount: number;
  services: string[];
};

// Only the customer's own contacts count: a site_contacts row naming another customer's contact
// never sends one customer's notice to another. Services in planning (2) or disabled (0) notify nobody,
// so their sites bring no contacts. Contacts who could not be reached (no e-mail for primary and
// secondary, no mobile for emergency) are left out here.
const contactsText = `with ends as (
    select s.service_id, s.customer_id, e.site_id
    from services s
    cross join lateral (values (s.a_end_site_id), (s.b_end_site_id)) e(site_id)
    where s.service_id = any($1::text[]) and s.status not in (0, 2) and e.site_id is not null
  )
  select ends.customer_id as customerid, k.contact_id as contactid, k.contact_name as contactname,
    nullif(trim(k.email), '') as email, nullif(trim(k.mobile), '') as mobile,
    sc.contact_type::int as contacttype,
    count(distinct ends.site_id)::int as sitecount,
    array_agg(distinct ends.service_id::text) as services
  from ends
  join site_contacts sc on sc.site_id = ends.site_id
  join contacts k on k.contact_id = sc.contact_id and k.customer_id = ends.customer_id
  where (sc.contact_type in (1, 2) and nullif(trim(k.email), '') is not null)
     or (sc.contact_type = 3 and nullif(trim(k.mobile), '') is not null)
  group by ends.customer_id, k.contact_id, sc.contact_type`;

export function findPlannedContacts(query: RawQuery, serviceIds: string[]) {
  return query<PlannedContactRow>('notifications_plan_contacts', contactsText, [serviceIds]);
}

// Users subscribed to the notified services (service_notifications), one row per customer and user
// with the user's subscribed services among them. Like contacts, services in planning or disabled
// bring nobody; disabled accounts and accounts without an e-mail are left out.
export type PlannedSubscriberRow = {
  customerid: number;
  userid: number;
  name: string;
  email: string;
  services: string[];
};

const subscribersText = `select s.customer_id as customerid, u.user_id as userid,
    trim(u.firstname || ' ' || u.surname) as name, trim(u.email) as email,
    array_agg(n.service_id::text order by n.service_id) as services
  from service_notifications n
  join services s on s.service_id = n.service_id
  join users u on u.user_id = n.user_id
  where n.service_id = any($1::text[]) and s.status not in (0, 2)
    and u.enabled and nullif(trim(u.email), '') is not null
  group by s.customer_id, u.user_id`;

export function findPlannedSubscribers(query: RawQuery, serviceIds: string[]) {
  return query<PlannedSubscriberRow>('notifications_plan_subscribers', subscribersText, [serviceIds]);
}

// `updateexisting`: per affected customer, the ticket of the latest notice that went out for any event
// with the same ticket number.
const existingTicketsText = `select distinct on (n.customer_id) n.customer_id as customerid,
    n.ticket_id::float8 as ticketid
  from events e
  join event_notifications n on n.event_id = e.event_id
  where e.number = $1
    and n.customer_id in (select s.customer_id from services s where s.service_id = any($2::text[]))
    and n.status = 'sent' and n.ticket_id is not null
  order by n.customer_id, n.sent_at desc nulls last, n.notification_id desc`;

export function findExistingTickets(query: RawQuery, number: number, serviceIds: string[]) {
  return query<{ customerid: number; ticketid: number }>(
    'notifications_plan_existing_tickets',
    existingTicketsText,
    [number, serviceIds],
  );
}

const insertBatch = 500;

export async function insertNotifications(
  db: DbOrTx,
  eventId: number,
  revision: number,
  customers: PreflightCustomer[],
) {
  for (let start = 0; start < customers.length; start += insertBatch) {
    const batch = customers.slice(start, start + insertBatch);
    await db
      .insert(eventNotifications)
      .values(
        batch.map((customer) => ({
          eventId,
          revision,
          customerId: customer.customerid,
          plan: customer,
          status: 'pending',
        })),
      )
      .onConflictDoNothing();
  }
}

export const maxAttempts = 5;
// A claim is a lease the dispatcher renews while it works through its batch (every renewEveryMs), so
// the notices of an instance that died are taken over within leaseSeconds, not a minute later
// (docs/decisions/048). A notice whose send failed waits retryAfterFailureSeconds before its retry.
const leaseSeconds = 15;
export const renewLeaseEveryMs = 5_000;
const retryAfterFailureSeconds = 60;

// Claims a batch of pending notices (SKIP LOCKED, with a lease), like the outbox's e-mail sender, so
// several instances share the work without two of them taking the same notice at the same time.
export async function claimNotifications(db: DbOrTx, limit: number, eventId: number | undefined) {
  const claimable = db
    .select({ id: eventNotifications.notificationId })
    .from(eventNotifications)
    .where(
      and(
        eq(eventNotifications.status, 'pending'),
        lt(eventNotifications.attempts, maxAttempts),
        or(isNull(eventNotifications.claimedUntil), lt(eventNotifications.claimedUntil, sql`now()`)),
        eventId === undefined ? undefined : eq(eventNotifications.eventId, eventId),
      ),
    )
    .orderBy(asc(eventNotifications.notificationId))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(eventNotifications)
    .set({
      claimedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      attempts: sql`${eventNotifications.attempts} + 1`,
    })
    .where(inArray(eventNotifications.notificationId, claimable))
    .returning({ id: eventNotifications.notificationId, attempts: eventNotifications.attempts });
  return claimed.sort((a, b) => a.id - b.id);
}

// Inside the sending transaction: the notice, locked, only while it is still pending. A lease can run
// out while a slow sender is still at work; whoever comes second waits here for the first to commit,
// then finds the notice sent and leaves it alone.
export async function lockPendingNotification(tx: DbOrTx, notificationId: number) {
  const [row] = await tx
    .select({
      eventId: eventNotifications.eventId,
      revision: eventNotifications.revision,
      customerId: eventNotifications.customerId,
      plan: eventNotifications.plan,
      type: events.type,
      startTime: events.startTime,
      endTime: events.endTime,
      createdBy: events.createdBy,
    })
    .from(eventNotifications)
    .innerJoin(events, eq(events.eventId, eventNotifications.eventId))
    .where(
      and(eq(eventNotifications.notificationId, notificationId), eq(eventNotifications.status, 'pending')),
    )
    .for('update', { of: eventNotifications });
  return row ? { ...row, plan: row.plan as PreflightCustomer } : null;
}

export async function markNotificationSent(tx: DbOrTx, notificationId: number, ticketId: number | null) {
  await tx
    .update(eventNotifications)
    .set({ status: 'sent', ticketId, sentAt: sql`now()`, lastError: null, claimedUntil: null })
    .where(eq(eventNotifications.notificationId, notificationId));
}

// The lease stays in place after a failure, so the next attempt waits for it to run out.
export async function recordNotificationFailure(
  db: DbOrTx,
  notificationId: number,
  reason: string,
  giveUp: boolean,
) {
  await db
    .update(eventNotifications)
    .set({
      lastError: reason.slice(0, 500),
      claimedUntil: sql`now() + make_interval(secs => ${retryAfterFailureSeconds})`,
      ...(giveUp ? { status: 'failed' } : {}),
    })
    .where(
      and(eq(eventNotifications.notificationId, notificationId), eq(eventNotifications.status, 'pending')),
    );
}

// The dispatcher still holds these claims: their lease starts again.
export async function renewNotificationClaims(db: DbOrTx, notificationIds: number[]) {
  if (notificationIds.length === 0) return;
  await db
    .update(eventNotifications)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(
      and(
        inArray(eventNotifications.notificationId, notificationIds),
        eq(eventNotifications.status, 'pending'),
      ),
    );
}

// A stopping dispatcher gives back the claims it did not reach: free at once for another instance, and
// not counted as an attempt, since none was made.
export async function releaseNotificationClaims(db: DbOrTx, notificationIds: number[]) {
  if (notificationIds.length === 0) return;
  await db
    .update(eventNotifications)
    .set({ claimedUntil: null, attempts: sql`${eventNotifications.attempts} - 1` })
    .where(
      and(
        inArray(eventNotifications.notificationId, notificationIds),
        eq(eventNotifications.status, 'pending'),
      ),
    );
}

// SMS has no sender yet: the outbox is where it ends up (decisions.md). The dedupe key makes a retried
// send add nothing.
export async function queueSms(tx: DbOrTx, sms: { to: string; body: string; dedupeKey: string }) {
  await tx
    .insert(outbox)
    .values({ channel: 'sms', recipient: sms.to, subject: null, body: sms.body, dedupeKey: sms.dedupeKey })
    .onConflictDoNothing();
}

const statusesText = `select n.customer_id as customerid, c.customer_code as code, n.revision, n.status,
    n.ticket_id::float8 as ticketid, floor(extract(epoch from n.sent_at))::float8 as sentat,
    n.last_error as lasterror
  from event_notifications n
  join customers c on c.customer_id = n.customer_id
  where n.event_id = $1
  order by n.revision desc, c.customer_code, n.customer_id`;

export function listNotificationStatuses(query: RawQuery, eventId: number) {
  return query<EventNotificationStatus>('notifications_statuses', statusesText, [eventId]);
}

// The prefill's reads: the ticket's services as they stand, and the newest event already filed under
// the ticket's number.
const serviceStatusesText = `select s.service_id as serviceid, s.status
  from services s where s.service_id = any($1::text[])`;

export function findServiceStatuses(query: RawQuery, serviceIds: string[]) {
  return query<{ serviceid: string; status: number }>('notifications_prefill_services', serviceStatusesText, [
    serviceIds,
  ]);
}

const newestEventText = `select e.event_id as eventid from events e where e.number = $1
  order by e.created_at desc, e.event_id desc limit 1`;

export async function findNewestEventByNumber(query: RawQuery, number: number) {
  const [row] = await query<{ eventid: number }>('notifications_prefill_event', newestEventText, [number]);
  return row?.eventid ?? null;
}

// The plan queued for each customer at one revision, as the preflight showed it: what a retried write
// (same Idempotency-Key) answers. Plans stored before subscribers were planned read as having none.
export async function findRevisionPlans(
  db: DbOrTx,
  eventId: number,
  revision: number,
): Promise<PreflightCustomer[]> {
  const rows = await db
    .select({ plan: eventNotifications.plan })
    .from(eventNotifications)
    .where(and(eq(eventNotifications.eventId, eventId), eq(eventNotifications.revision, revision)));
  return rows.map((row) => {
    const plan = row.plan as Omit<PreflightCustomer, 'subscribers' | 'subscribernotice'> &
      Partial<Pick<PreflightCustomer, 'subscribers' | 'subscribernotice'>>;
    return { ...plan, subscribers: plan.subscribers ?? [], subscribernotice: plan.subscribernotice ?? null };
  });
}
