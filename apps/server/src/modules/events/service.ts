import { type Actor, scopeOf } from '@lightpath/domain/actor';
import type { FieldError, ListQuery } from '@lightpath/domain/api';
import {
  defaultApprover,
  type EventDetail,
  type EventSummary,
  type EventType,
  type EventView,
  type EventWrite,
  type EventWriteReply,
  eventMessages,
  eventTiming,
  type NotificationEvent,
  type PreflightCustomer,
} from '@lightpath/domain/events';
import { can } from '@lightpath/domain/permissions';
import type { RawQuery } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { recordChange } from '../../platform/changes';
import { Conflict, Invalid, NotFound } from '../../platform/errors';
import type { ServiceContext } from '../../platform/service-context';
import {
  dispatchNotifications,
  notificationStatuses,
  planNotifications,
  queueNotifications,
  revisionPlans,
} from '../notifications/service';
import { getServiceFor } from '../services/service';
import {
  countOpenEvents,
  deleteEventRow,
  type EventCounts,
  type EventFilter,
  type EventSortField,
  type EventSummaryRow,
  type EventValues,
  eventSortFields,
  findEventCustomerIds,
  findEventDetail,
  findEventRequest,
  findServiceStatuses,
  insertEventComment,
  insertEventRequest,
  insertEventRow,
  insertEventServices,
  isEventInScope,
  listEvents,
  lockEventRow,
  replaceEventServices,
  updateEventRow,
} from './repository';

type Sort = { field: EventSortField; descending: boolean };

// Each view opens in the order its page reads best: what comes next for scheduled works, the newest
// first for outages, the bell and everything else, the latest ended first for past events.
const defaultSorts: Record<EventView, Sort> = {
  all: { field: 'starttime', descending: true },
  scheduled: { field: 'starttime', descending: false },
  outages: { field: 'starttime', descending: true },
  latest: { field: 'starttime', descending: true },
  current: { field: 'starttime', descending: true },
  // What is happening now, then what comes next.
  open: { field: 'starttime', descending: false },
  past: { field: 'endtime', descending: true },
};

function sortOf(sort: string | undefined, view: EventView): Sort {
  const name = sort?.replace(/^-/, '');
  const field = eventSortFields.find((f) => f === name);
  // No sort, or an unknown field: the view's own order.
  if (!field) return defaultSorts[view];
  return { field, descending: sort?.startsWith('-') ?? false };
}

// The timing badge by the domain's rule, at one `now` for the whole reply.
function withTiming<T extends EventSummaryRow>(row: T, now: number): T & Pick<EventSummary, 'timing'> {
  return { ...row, timing: eventTiming(row, now) };
}
const nowSeconds = () => Math.floor(Date.now() / 1000);

export type EventListInput = ListQuery & {
  view?: EventView | undefined;
  type?: EventType | undefined;
  customerid?: number | undefined;
};

async function listPage(ctx: ServiceContext, input: EventListInput, filter: Partial<EventFilter>) {
  const { query } = ctx;
  const { actor } = ctx.caller;
  const view = filter.view ?? input.view ?? 'all';
  const page = await listEvents(query, scopeOf(actor), {
    view,
    q: input.q,
    type: input.type,
    customerid: input.customerid,
    ...filter,
    sort: sortOf(input.sort, view),
    limit: input.limit,
    offset: input.offset,
  });
  const now = nowSeconds();
  return {
    count: page.count,
    limit: input.limit,
    offset: input.offset,
    results: page.results.map((row) => withTiming(row, now)),
  };
}

export function listEventsFor(ctx: ServiceContext, input: EventListInput) {
  return listPage(ctx, input, {});
}

// Events that ended within the range (and have ended by now), latest first.
export function listPastEventsFor(
  ctx: ServiceContext,
  range: { start: number; end: number },
  input: EventListInput,
) {
  return listPage(ctx, input, { view: 'past', endedBetween: range });
}

// A service outside the caller's scope is 404, like its own page.
export async function listServiceEventsFor(ctx: ServiceContext, serviceId: string, input: EventListInput) {
  await getServiceFor(ctx, serviceId);
  return listPage(ctx, input, { serviceid: serviceId });
}

export async function getEventFor(ctx: ServiceContext, eventId: number): Promise<EventDetail> {
  const { query } = ctx;
  const { actor } = ctx.caller;
  const row = await findEventDetail(query, scopeOf(actor), eventId);
  if (!row) throw new NotFound(eventMessages.notFound);
  const detail: EventDetail = withTiming(row, nowSeconds());
  // What each customer's notice became is the NOC's business only.
  if (can(actor, 'events.manage')) detail.notifications = await notificationStatuses(query, eventId);
  return detail;
}

async function requireEventFor(ctx: ServiceContext, eventId: number) {
  const { query } = ctx;
  const { actor } = ctx.caller;
  if (!(await isEventInScope(query, scopeOf(actor), eventId))) throw new NotFound(eventMessages.notFound);
}

// The sidebar asks for both counts at once, each through its own provider; they share one query per
// request by keying on the request's actor object, which lives only as long as the request.
const countsByRequest = new WeakMap<Actor, Promise<EventCounts>>();
export function eventCountsFor(ctx: ServiceContext): Promise<EventCounts> {
  const { query } = ctx;
  const { actor } = ctx.caller;
  let counts = countsByRequest.get(actor);
  if (!counts) {
    counts = can(actor, 'events.view')
      ? countOpenEvents(query, scopeOf(actor))
      : Promise.resolve({ scheduled: 0, outages: 0 });
    countsByRequest.set(actor, counts);
  }
  return counts;
}

// ---------------------------------------------------------------------------------------------------
// Writes. The flow of POST and PUT: the body is valid (eventWriteSchema), every service exists and is
// enabled, then either the preflight's plan (nothing written) or one transaction that stores the
// event, announces the change, audits it and queues the very plan the NOC saw; the notices go out
// after the commit.

// Every named service, in one query; the first problem is the message, all of them are listed.
async function checkServices(query: RawQuery, serviceIds: readonly string[]) {
  const statuses = await findServiceStatuses(query, serviceIds);
  const problems: FieldError[] = [];
  for (const serviceid of serviceIds) {
    const status = statuses.get(serviceid);
    if (status === undefined)
      problems.push({ path: 'services', message: eventMessages.serviceMissing(serviceid) });
    else if (status === 0)
      problems.push({ path: 'services', message: eventMessages.serviceDisabled(serviceid) });
  }
  if (problems.length > 0) throw new Invalid(problems[0]!.message, problems);
}

function valuesOf(body: EventWrite, providerName: string): EventValues {
  return {
    number: body.number,
    title: body.title,
    description: body.description,
    type: body.type,
    startTime: new Date(body.starttime * 1000),
    endTime: body.endtime ? new Date(body.endtime * 1000) : null,
    initiator: body.initiator,
    approver: body.approver || defaultApprover(providerName),
    priority: body.priority,
    slaType: body.slatype,
  };
}

function notificationEventOf(eventId: number | null, body: EventWrite): NotificationEvent {
  return {
    eventid: eventId,
    number: body.number,
    title: body.title,
    description: body.description,
    type: body.type,
    priority: body.priority,
    starttime: body.starttime,
    endtime: body.endtime,
  };
}

function planFor(ctx: ServiceContext, eventId: number | null, body: EventWrite) {
  return planNotifications(
    ctx.query,
    notificationEventOf(eventId, body),
    body.services,
    { updateexisting: body.updateexisting },
    { providerName: ctx.config.provider.name, timeZone: ctx.config.timeZone },
  );
}

function auditDetail(body: EventWrite, revision: number) {
  return {
    number: body.number,
    type: body.type,
    services: body.services.length,
    sendnotification: body.sendnotification,
    updateexisting: body.updateexisting,
    revision,
  };
}

// After the commit the notices are sent at once; should that fail, the dispatcher's sweep retries
// them, so the request (whose event is stored) still succeeds. The reply waits for at most
// `replyWaitMs`: a national outage with hundreds of customers goes on sending after the reply, and the
// event page shows each notice's status as it lands.
const replyWaitMs = 2000;
async function sendQueued(ctx: ServiceContext, eventId: number) {
  // Detached: a graceful stop waits for the notice in hand and gives the rest back (decision 048).
  const sending = ctx.detached.start((signal) =>
    dispatchNotifications({ db: ctx.db, tickets: ctx.tickets, log: ctx.log }, { eventId }, signal).catch(
      (err) => {
        ctx.log.error({ err, eventId }, 'sending event notifications failed; the dispatcher retries them');
      },
    ),
  );
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, replyWaitMs);
  });
  await Promise.race([sending, waited]);
  clearTimeout(timer);
}

async function writeReply(
  ctx: ServiceContext,
  eventId: number,
  customers: PreflightCustomer[],
): Promise<EventWriteReply> {
  const event = await getEventFor(ctx, eventId);
  return { customers, eventid: eventId, event, notifications: event.notifications ?? [] };
}

export type EventWriteOutcome =
  | { kind: 'preflight'; reply: EventWriteReply }
  | { kind: 'created' | 'repeated' | 'updated'; reply: EventWriteReply & { eventid: number } };

// A retry answers with what the first request made: its event as it stands now, and the plan queued
// for the revision it wrote (empty when it did not notify, or for a key older than event_requests).
async function repeatedReply(
  ctx: ServiceContext,
  made: { eventId: number; revision: number | null },
): Promise<EventWriteOutcome> {
  const customers = made.revision === null ? [] : await revisionPlans(ctx.db, made.eventId, made.revision);
  return {
    kind: 'repeated',
    reply: { ...(await writeReply(ctx, made.eventId, customers)), eventid: made.eventId },
  };
}

export async function createEvent(
  ctx: ServiceContext,
  body: EventWrite,
  requestKey: string | null,
): Promise<EventWriteOutcome> {
  const { actor } = ctx.caller;
  if (!body.preflight && requestKey) {
    const made = await findEventRequest(ctx.db, requestKey);
    if (made) return repeatedReply(ctx, made);
  }
  await checkServices(ctx.query, body.services);
  if (body.preflight) return { kind: 'preflight', reply: { customers: await planFor(ctx, null, body) } };
  // The plan is made before the transaction, so that what is queued is what a preflight showed.
  const customers = body.sendnotification ? await planFor(ctx, null, body) : [];
  const stored = await ctx.db.transaction(async (tx) => {
    const row = await insertEventRow(tx, {
      ...valuesOf(body, ctx.config.provider.name),
      createdBy: actor.userId,
      requestKey,
    });
    // Another request with the same key committed first.
    if (!row) return null;
    if (requestKey)
      await insertEventRequest(tx, { requestKey, eventId: row.eventId, revision: row.revision });
    await insertEventServices(tx, row.eventId, body.services);
    await recordChange(tx, 'events', await findEventCustomerIds(tx, row.eventId));
    await recordAudit(tx, ctx, {
      action: 'event.create',
      entity: 'event',
      entityId: row.eventId,
      detail: auditDetail(body, row.revision),
    });
    if (body.sendnotification) await queueNotifications(tx, row.eventId, row.revision, customers);
    return row;
  });
  if (!stored) {
    const made = await findEventRequest(ctx.db, requestKey as string);
    if (!made) throw new Conflict(eventMessages.requestKeyReused);
    return repeatedReply(ctx, made);
  }
  if (body.sendnotification) await sendQueued(ctx, stored.eventId);
  return {
    kind: 'created',
    reply: { ...(await writeReply(ctx, stored.eventId, customers)), eventid: stored.eventId },
  };
}

export async function updateEvent(
  ctx: ServiceContext,
  eventId: number,
  body: EventWrite,
  requestKey: string | null,
): Promise<EventWriteOutcome> {
  await requireEventFor(ctx, eventId);
  // A retried update (same Idempotency-Key) makes no new revision and sends nothing again, even when
  // other edits came in between.
  if (!body.preflight && requestKey) {
    const made = await findEventRequest(ctx.db, requestKey);
    if (made?.eventId === eventId) return repeatedReply(ctx, made);
    if (made) throw new Conflict(eventMessages.requestKeyReused);
  }
  await checkServices(ctx.query, body.services);
  if (body.preflight) return { kind: 'preflight', reply: { customers: await planFor(ctx, eventId, body) } };
  const customers = body.sendnotification ? await planFor(ctx, eventId, body) : [];
  const written = await ctx.db.transaction(async (tx) => {
    const updated = await updateEventRow(tx, eventId, valuesOf(body, ctx.config.provider.name), requestKey);
    if (!updated) {
      // A concurrent retry with the same key committed first: this one is the repeat.
      const made = requestKey ? await findEventRequest(tx, requestKey) : null;
      if (made?.eventId === eventId) return made;
      throw new NotFound(eventMessages.notFound);
    }
    if (requestKey) await insertEventRequest(tx, { requestKey, eventId, revision: updated.revision });
    const before = await findEventCustomerIds(tx, eventId);
    await replaceEventServices(tx, eventId, body.services);
    await recordChange(tx, 'events', [...before, ...(await findEventCustomerIds(tx, eventId))]);
    await recordAudit(tx, ctx, {
      action: 'event.update',
      entity: 'event',
      entityId: eventId,
      detail: auditDetail(body, updated.revision),
    });
    if (body.sendnotification) await queueNotifications(tx, eventId, updated.revision, customers);
    return null;
  });
  if (written) return repeatedReply(ctx, written);
  if (body.sendnotification) await sendQueued(ctx, eventId);
  return {
    kind: 'updated',
    reply: { ...(await writeReply(ctx, eventId, customers)), eventid: eventId },
  };
}

export async function deleteEvent(ctx: ServiceContext, eventId: number) {
  await requireEventFor(ctx, eventId);
  await ctx.db.transaction(async (tx) => {
    // Read before the row goes: its services go with it.
    const customerIds = await findEventCustomerIds(tx, eventId);
    const deleted = await deleteEventRow(tx, eventId);
    if (!deleted) throw new NotFound(eventMessages.notFound);
    await recordChange(tx, 'events', customerIds);
    await recordAudit(tx, ctx, {
      action: 'event.delete',
      entity: 'event',
      entityId: eventId,
      detail: {
        number: deleted.number,
        title: deleted.title,
        type: deleted.type,
        revision: deleted.revision,
      },
    });
  });
}

export async function addEventComment(ctx: ServiceContext, eventId: number, body: string) {
  await requireEventFor(ctx, eventId);
  const { user } = ctx.caller;
  // The real user writes the comment, even while impersonating.
  const author = `${user.firstname} ${user.surname}`.trim() || user.email;
  return ctx.db.transaction(async (tx) => {
    if (!(await lockEventRow(tx, eventId))) throw new NotFound(eventMessages.notFound);
    const comment = await insertEventComment(tx, { eventId, userId: user.userId, author, body });
    await recordChange(tx, 'events', await findEventCustomerIds(tx, eventId));
    await recordAudit(tx, ctx, {
      action: 'event.comment',
      entity: 'event',
      entityId: eventId,
      detail: { commentid: comment.commentid },
    });
    return comment;
  });
}
