import {
  type EventNotificationStatus,
  type EventPrefillReply,
  type EventType,
  eventMessages,
  eventSendsSms,
  type NotificationEvent,
  type NotificationSms,
  type NotificationSubscriber,
  type NotificationTicket,
  type NotifiedService,
  notificationHtml,
  notificationSubject,
  notificationWarnings,
  type PreflightCustomer,
  prefillFromTicket,
  smsMessage,
  subscriberFooter,
} from '@lightpath/domain/events';
import type { DbOrTx, RawQuery } from '../../db/client';
import { htmlToText } from '../../integrations/tickets/built-in';
import type { TicketType } from '../../integrations/tickets/ticket-system';
import { type StopBackgroundJob, startBackgroundJob } from '../../platform/background-job';
import { recordChange } from '../../platform/changes';
import { NotFound } from '../../platform/errors';
import { queueEmail } from '../../platform/outbox';
import type { Dependencies, ServiceContext } from '../../platform/service-context';
import {
  claimNotifications,
  findExistingTickets,
  findNewestEventByNumber,
  findPlannedContacts,
  findPlannedServices,
  findPlannedSubscribers,
  findRevisionPlans,
  findServiceStatuses,
  insertNotifications,
  listNotificationStatuses,
  lockPendingNotification,
  markNotificationSent,
  maxAttempts,
  type PlannedContactRow,
  type PlannedServiceRow,
  type PlannedSubscriberRow,
  queueSms,
  recordNotificationFailure,
  releaseNotificationClaims,
  renewLeaseEveryMs,
  renewNotificationClaims,
} from './repository';

// How notices are worded: plain input to the pure wording functions (tests pass their own), not a dependency.
export type NoticeWording = { providerName: string; timeZone: string };
// The dispatcher runs with no caller (main.ts sweeps, a request sends its own): only these three.
export type DispatchDependencies = Pick<Dependencies, 'db' | 'tickets' | 'log'>;

const primary = 1;
const secondary = 2;
const emergency = 3;

// Spec 3: services in planning (2) and disabled services (0) stay on the event but their customer is
// not told about them.
const notifies = (status: number) => status !== 0 && status !== 2;

// The preflight (and, unchanged, the send): who hears what about an event, customer by customer.
// Four set-based reads cover every affected customer at once; the rest is arithmetic in memory.
export async function planNotifications(
  query: RawQuery,
  event: NotificationEvent,
  serviceIds: string[],
  options: { updateexisting: boolean },
  context: NoticeWording,
): Promise<PreflightCustomer[]> {
  const ids = [...new Set(serviceIds)];
  if (ids.length === 0) return [];
  const [serviceRows, contactRows, subscriberRows, existingRows] = await Promise.all([
    findPlannedServices(query, ids),
    findPlannedContacts(query, ids),
    findPlannedSubscribers(query, ids),
    options.updateexisting ? findExistingTickets(query, event.number, ids) : Promise.resolve([]),
  ]);
  const servicesByCustomer = groupBy(serviceRows, (row) => row.customerid);
  const contactsByCustomer = groupBy(contactRows, (row) => row.customerid);
  const subscribersByCustomer = groupBy(subscriberRows, (row) => row.customerid);
  const existingTicket = new Map(existingRows.map((row) => [row.customerid, row.ticketid]));
  const sendsSms = eventSendsSms(event);

  const customers = [...servicesByCustomer.values()].map((rows) => {
    const first = rows[0]!;
    const notified = rows.filter((row) => notifies(row.status)).sort(byServiceId);
    const customer: PreflightCustomer = {
      customerid: first.customerid,
      code: first.code,
      customername: first.customername,
      services: notified.map((row) => row.serviceid),
      skippedservices: rows
        .filter((row) => !notifies(row.status))
        .map((row) => row.serviceid)
        .sort(),
      tickets: [],
      sms: [],
      subscribers: [],
      subscribernotice: null,
      warnings: [],
    };
    // Nothing to tell a customer whose services are all in planning or disabled.
    if (notified.length === 0) return customer;
    const contacts = contactsByCustomer.get(first.customerid) ?? [];

    const existingTicketId = existingTicket.get(first.customerid) ?? null;
    const message = {
      subject: notificationSubject(event, existingTicketId !== null),
      htmlcomment: notificationHtml(event, notified.map(notifiedService), context),
    };
    const ticket = ticketFor(contacts, message, existingTicketId);
    if (ticket) customer.tickets.push(ticket);
    else customer.warnings.push(notificationWarnings.noContact);

    customer.subscribers = subscribersFor(subscribersByCustomer.get(first.customerid) ?? [], ticket);
    if (customer.subscribers.some((s) => s.delivery === 'email')) customer.subscribernotice = message;

    if (sendsSms) {
      customer.sms = smsFor(contacts, event, context);
      if (customer.sms.length === 0) customer.warnings.push(notificationWarnings.noMobile);
    }
    return customer;
  });
  return customers.sort((a, b) => compareText(a.code, b.code) || a.customerid - b.customerid);
}

// One ticket per customer. The requester is the primary contact (with an e-mail) on the most affected
// sites, the lowest contact id breaking a tie; failing a primary, the secondary ranked the same way.
// Every other primary and secondary is copied in.
function ticketFor(
  contacts: PlannedContactRow[],
  message: { subject: string; htmlcomment: string },
  existingTicketId: number | null,
): NotificationTicket | null {
  const byRank = (a: PlannedContactRow, b: PlannedContactRow) =>
    b.sitecount - a.sitecount || a.contactid - b.contactid;
  const emailed = (type: number) =>
    contacts.filter((c) => c.contacttype === type && c.email !== null).sort(byRank);
  const requester = emailed(primary)[0] ?? emailed(secondary)[0];
  if (!requester?.email) return null;
  const requesterKey = requester.email.toLowerCase();
  const ccs = new Map<string, string>();
  for (const contact of [...emailed(primary), ...emailed(secondary)]) {
    const key = contact.email!.toLowerCase();
    if (key !== requesterKey && !ccs.has(key)) ccs.set(key, contact.email!);
  }
  return {
    requester: requester.email,
    ccs: [...ccs.values()].sort(compareText),
    subject: message.subject,
    htmlcomment: message.htmlcomment,
    ticketid: existingTicketId,
  };
}

// Everyone subscribed to the customer's notified services, each told once: a subscriber whose address
// is already on the ticket (as a contact) gets the ticket's e-mail and no other; the rest get one
// e-mail each, however many of the services they follow. Addresses compare case-insensitively.
function subscribersFor(
  rows: PlannedSubscriberRow[],
  ticket: NotificationTicket | null,
): NotificationSubscriber[] {
  const onTicket = new Set(ticket ? [ticket.requester, ...ticket.ccs].map((e) => e.toLowerCase()) : []);
  const seen = new Set<string>();
  return [...rows]
    .sort((a, b) => compareText(a.email.toLowerCase(), b.email.toLowerCase()) || a.userid - b.userid)
    .filter((row) => {
      const key = row.email.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((row) => ({
      userid: row.userid,
      name: row.name || row.email,
      email: row.email,
      services: row.services,
      delivery: onTicket.has(row.email.toLowerCase()) ? ('ticket' as const) : ('email' as const),
    }));
}

// One SMS per emergency contact with a mobile, naming that contact's affected services. Two of the
// customer's contacts sharing a number get one message.
function smsFor(
  contacts: PlannedContactRow[],
  event: NotificationEvent,
  context: NoticeWording,
): NotificationSms[] {
  const byNumber = new Map<string, { recipient: string; services: Set<string> }>();
  const reachable = contacts
    .filter((c) => c.contacttype === emergency && c.mobile !== null)
    .sort((a, b) => a.contactid - b.contactid);
  for (const contact of reachable) {
    const smsto = contact.mobile!;
    const entry = byNumber.get(smsto) ?? { recipient: contact.contactname, services: new Set<string>() };
    for (const serviceid of contact.services) entry.services.add(serviceid);
    byNumber.set(smsto, entry);
  }
  return [...byNumber.entries()]
    .map(([smsto, entry]) => {
      const serviceid = [...entry.services].sort();
      return {
        recipient: entry.recipient,
        smsto,
        serviceid,
        message: smsMessage(event, serviceid, context),
      };
    })
    .sort((a, b) => compareText(a.recipient, b.recipient) || compareText(a.smsto, b.smsto));
}

function notifiedService(row: PlannedServiceRow): NotifiedService {
  const sitename =
    row.bsitename && row.bsitename !== row.asitename ? `${row.asitename} - ${row.bsitename}` : row.asitename;
  return { serviceid: row.serviceid, description: row.description, sitename };
}

const byServiceId = (a: { serviceid: string }, b: { serviceid: string }) =>
  compareText(a.serviceid, b.serviceid);

// Code-point order, the same on every machine (localeCompare would follow the server's locale).
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

// What was planned for one revision of an event, in the preflight's order (a retried write answers it).
export async function revisionPlans(db: DbOrTx, eventId: number, revision: number) {
  const plans = await findRevisionPlans(db, eventId, revision);
  return plans.sort((a, b) => compareText(a.code, b.code) || a.customerid - b.customerid);
}

// Called inside the transaction that writes the event: a notice per customer for this revision, or
// none at all. A second call for the same revision adds nothing.
export async function queueNotifications(
  tx: DbOrTx,
  eventId: number,
  revision: number,
  customers: PreflightCustomer[],
): Promise<void> {
  if (customers.length === 0) return;
  await insertNotifications(tx, eventId, revision, customers);
}

// The ticket a notice opens takes its type from the event, so that 'Prefill Event' on that ticket maps
// back onto the same event type (spec 4: task 1, hazard 2, problem 3).
export const ticketTypeForEvent: Record<EventType, TicketType> = { 1: 'task', 2: 'hazard', 3: 'problem' };

// Comments the portal adds to a customer's ticket speak for the provider's NOC, like the opening one.
const noticeAuthor = 'NOC';
const claimBatch = 50;

// Sends pending notices: each one's ticket (a new one, or a comment on the one `updateexisting`
// found), its SMS and its 'sent' mark are written in one transaction, so a notice goes out whole or
// not at all, and once. Claims are taken from the database (decisions.md), so any number of
// dispatchers may run at once; the batch's lease is renewed while it is worked through. Once `signal`
// is aborted (a graceful stop) the notice being sent is finished and the rest of the batch given back.
// `failed` counts the attempts that failed in this run.
export async function dispatchNotifications(
  deps: DispatchDependencies,
  filter?: { eventId: number },
  signal?: AbortSignal,
): Promise<{ sent: number; failed: number }> {
  const { db, log } = deps;
  let sent = 0;
  let failed = 0;
  while (!signal?.aborted) {
    const claimed = await claimNotifications(db, claimBatch, filter?.eventId);
    if (claimed.length === 0) break;
    const held = new Set(claimed.map((notice) => notice.id));
    const renewal = setInterval(() => {
      renewNotificationClaims(db, [...held]).catch((err) =>
        log.warn({ err }, 'renewing the lease of event notices failed'),
      );
    }, renewLeaseEveryMs);
    try {
      for (const notice of claimed) {
        if (signal?.aborted) break;
        try {
          if (await sendClaimedNotification(deps, notice.id)) sent += 1;
        } catch (error) {
          failed += 1;
          const reason = error instanceof Error ? error.message : String(error);
          const giveUp = notice.attempts >= maxAttempts;
          await recordNotificationFailure(db, notice.id, reason, giveUp);
          log.warn(
            { notificationId: notice.id, attempts: notice.attempts, reason },
            giveUp ? 'event notification failed for good' : 'event notification failed, will retry',
          );
        }
        held.delete(notice.id);
      }
    } finally {
      clearInterval(renewal);
      await releaseNotificationClaims(db, [...held]);
    }
  }
  return { sent, failed };
}

// Sends one claimed notice; false when it turned out to be sent already (its lease ran out and another
// dispatcher took it over). Exported for the test of that case.
export async function sendClaimedNotification(
  { db, tickets, log }: DispatchDependencies,
  notificationId: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const notice = await lockPendingNotification(tx, notificationId);
    if (!notice) return false;
    const { plan } = notice;
    const key = `event:${notice.eventId}:r${notice.revision}`;
    let ticketId: number | null = null;
    for (const [index, ticket] of plan.tickets.entries()) {
      const dedupeKey = `${key}:c${notice.customerId}:ticket${index}`;
      if (ticket.ticketid !== null) {
        await tickets.addComment(
          tx,
          ticket.ticketid,
          { author: noticeAuthor, authorUserId: notice.createdBy, htmlcomment: ticket.htmlcomment },
          dedupeKey,
        );
        ticketId ??= ticket.ticketid;
      } else {
        const created = await tickets.createTicket(
          tx,
          {
            customerId: notice.customerId,
            requester: ticket.requester,
            ccs: ticket.ccs,
            subject: ticket.subject,
            htmlcomment: ticket.htmlcomment,
            tickettype: ticketTypeForEvent[notice.type as EventType] ?? 'incident',
            services: plan.services,
            starttime: toSeconds(notice.startTime),
            endtime: toSeconds(notice.endTime),
            createdBy: notice.createdBy,
          },
          dedupeKey,
        );
        ticketId ??= created.ticketid;
      }
    }
    // The customer is part of the key: one number listed by two customers gets each one's message.
    for (const sms of plan.sms) {
      await queueSms(tx, {
        to: sms.smsto,
        body: sms.message,
        dedupeKey: `${key}:c${notice.customerId}:sms:${sms.smsto}`,
      });
    }
    // Subscribers not on the ticket: an e-mail each. Plans stored before subscribers were planned
    // have none. The key holds the address, so a retried send adds nothing.
    const message = plan.subscribernotice ?? null;
    for (const subscriber of plan.subscribers ?? []) {
      if (subscriber.delivery !== 'email' || !message) continue;
      await queueEmail(tx, log, {
        to: subscriber.email,
        subject: message.subject,
        body: `${htmlToText(message.htmlcomment)}\n\n--\n${subscriberFooter(subscriber.services)}`,
        dedupeKey: `${key}:c${notice.customerId}:subscriber:${subscriber.email.toLowerCase()}`,
      });
    }
    await markNotificationSent(tx, notificationId, ticketId);
    // A ticket was opened or commented on: the customer's ticket list (and the NOC's) changed.
    if (plan.tickets.length > 0) await recordChange(tx, 'tickets', [notice.customerId]);
    return true;
  });
}

function toSeconds(date: Date | null): number | null {
  return date ? Math.floor(date.getTime() / 1000) : null;
}

export function notificationStatuses(query: RawQuery, eventId: number): Promise<EventNotificationStatus[]> {
  return listNotificationStatuses(query, eventId);
}

// Sweeps for pending notices every few seconds: those a request queued but did not send itself, and
// retries. The stop it returns finishes the notice in hand and gives back the rest (a graceful stop).
export function startNotificationDispatcher(
  deps: DispatchDependencies,
  options: { intervalMs?: number } = {},
): StopBackgroundJob {
  return startBackgroundJob(
    'event notification dispatcher',
    deps.log,
    (signal) => dispatchNotifications(deps, undefined, signal),
    options.intervalMs ?? 5000,
  );
}

// GET /api/events/prefill/{ticketid}: the wizard's 'Prefill Event' (spec 4).
export async function prefillEvent(ctx: ServiceContext, ticketid: number): Promise<EventPrefillReply> {
  const { db, query, tickets } = ctx;
  const ticket = await tickets.findTicket(db, ticketid);
  if (!ticket) throw new NotFound(eventMessages.ticketServicesFailed(ticketid));
  const [known, existingeventid] = await Promise.all([
    ticket.services.length > 0 ? findServiceStatuses(query, [...new Set(ticket.services)]) : [],
    findNewestEventByNumber(query, ticketid),
  ]);
  const prefill = prefillFromTicket(ticket, new Map(known.map((service) => [service.serviceid, service])));
  return { ticketid, existingeventid, prefill };
}
