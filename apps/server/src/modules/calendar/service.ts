import { type Actor, scopeOf } from '@lightpath/domain/actor';
import { customerMessages } from '@lightpath/domain/customers';
import { type EventType, eventPriorities, eventTiming, eventTypes } from '@lightpath/domain/events';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { Invalid, NotFound } from '../../platform/errors';
import type { PublicContext, ServiceContext } from '../../platform/service-context';
import { hashToken, newToken } from '../../platform/tokens';
import { findCustomer } from '../customers/repository';
import { escapeText, type IcalProperty, serializeIcal, textList, utcDateTime } from './ical';
import {
  type CalendarFeedView,
  type FeedEventRow,
  type FeedOwner,
  findActiveFeed,
  findFeedByTokenHash,
  insertFeed,
  listFeedEvents,
  lockCustomerFeeds,
  revokeActiveFeeds,
} from './repository';

export const calendarMessages = {
  customerRequired: 'Choose the customer whose calendar feed this is',
  created: 'Calendar link created. Copy it now: it is shown only once.',
  revoked: 'Calendar feed revoked',
  nothingToRevoke: 'This customer has no calendar feed to revoke',
  feedNotFound: 'Calendar feed not found',
} as const;

// ---------------------------------------------------------------------------------------------------
// Managing a customer's feed: the NOC names the customer, a company admin manages its own only.

async function feedCustomer(db: DbOrTx, actor: Actor, customerid: number | undefined) {
  const scope = scopeOf(actor);
  if (scope.kind === 'all' && customerid === undefined)
    throw Invalid.field('customerid', calendarMessages.customerRequired);
  // A company admin naming another customer finds nothing in its scope: 404, as for any foreign record.
  const customer = await findCustomer(db, scope, customerid ?? actor.customerId);
  if (!customer) throw new NotFound(customerMessages.notFound);
  return customer;
}

export async function getFeedFor(ctx: ServiceContext, customerid: number | undefined) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  const customer = await feedCustomer(db, actor, customerid);
  return findActiveFeed(db, customer.customerId);
}

// The link is made of the public URL and a 256-bit token of which only the SHA-256 is kept, so this
// reply is the only time anyone sees it. A new link replaces the live one (rotation).
export function feedUrl(config: Pick<Config, 'publicUrl'>, token: string): string {
  return `${config.publicUrl.replace(/\/+$/, '')}/api/calendar/${token}.ics`;
}

// Enough of the token to tell two links apart on screen, far too little to guess the rest.
const tokenHintLength = 4;

export async function createFeed(
  ctx: ServiceContext,
  customerid: number | undefined,
): Promise<{ url: string; feed: CalendarFeedView }> {
  const { db, config } = ctx;
  const { actor } = ctx.caller;
  const token = newToken();
  const feed = await db.transaction(async (tx) => {
    const customer = await feedCustomer(tx, actor, customerid);
    await lockCustomerFeeds(tx, customer.customerId);
    const replaced = await revokeActiveFeeds(tx, customer.customerId);
    for (const feedId of replaced) {
      await recordAudit(tx, ctx, {
        action: 'calendar.feed.revoke',
        entity: 'calendarfeed',
        entityId: feedId,
        detail: { customerid: customer.customerId, reason: 'replaced' },
      });
    }
    const tokenHint = token.slice(-tokenHintLength);
    const feedId = await insertFeed(tx, {
      customerId: customer.customerId,
      tokenHash: hashToken(token),
      tokenHint,
      createdBy: actor.userId,
    });
    await recordAudit(tx, ctx, {
      action: 'calendar.feed.create',
      entity: 'calendarfeed',
      entityId: feedId,
      detail: { customerid: customer.customerId, tokenhint: tokenHint, replaced },
    });
    return (await findActiveFeed(tx, customer.customerId))!;
  });
  return { url: feedUrl(config, token), feed };
}

export async function revokeFeed(ctx: ServiceContext, customerid: number | undefined) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  await db.transaction(async (tx) => {
    const customer = await feedCustomer(tx, actor, customerid);
    await lockCustomerFeeds(tx, customer.customerId);
    const revoked = await revokeActiveFeeds(tx, customer.customerId);
    if (revoked.length === 0) throw new NotFound(calendarMessages.nothingToRevoke);
    for (const feedId of revoked) {
      await recordAudit(tx, ctx, {
        action: 'calendar.feed.revoke',
        entity: 'calendarfeed',
        entityId: feedId,
        detail: { customerid: customer.customerId, reason: 'revoked' },
      });
    }
  });
}

// ---------------------------------------------------------------------------------------------------
// The feed itself: RFC 5545 with the maintenance-notification properties of the NANOG BCOP
// "A machine parseable standard for formatting maintenance notifications" (the X-MAINTNOTE-* names,
// also draft-gunter-calext-maintenance-notifications), as read by circuit-maintenance parsers.
// The mapping:
// - IMPACT: works (type 1) take the services out of service: OUTAGE. A hazard window (type 2) is
//   expected to pass without visible impact while the services run without their usual protection
//   (on UPS, beside an excavation): that is the BCOP's REDUCED-REDUNDANCY, "no consumer visible
//   impact, however ... without their normal level of redundancy". DEGRADED would promise an impact
//   that is not expected, and NO-IMPACT would hide the risk.
// - STATUS: from the clock. Not started: CONFIRMED (the NOC has published it; the portal has no
//   tentative events). Started: IN-PROCESS. Ended: COMPLETED. A deleted event leaves the feed.
// - OBJECT-ID: one per service of this customer that the event names, never another customer's.
// Outages (type 3) are not scheduled and are announced by the portal and tickets, not here.

export const maintnoteImpacts: Record<1 | 2, 'OUTAGE' | 'REDUCED-REDUNDANCY'> = {
  1: 'OUTAGE',
  2: 'REDUCED-REDUNDANCY',
};

export type MaintnoteStatus = 'CONFIRMED' | 'IN-PROCESS' | 'COMPLETED';

export function maintnoteStatus(
  event: { type: EventType; starttime: number; endtime: number | null },
  now: number,
): MaintnoteStatus {
  const timing = eventTiming(event, now);
  if (timing === 'upcoming') return 'CONFIRMED';
  return timing === 'ended' ? 'COMPLETED' : 'IN-PROCESS';
}

// Parsers that follow the BCOP ignore an update whose SEQUENCE has not grown, so the status moving on
// with the clock (CONFIRMED, IN-PROCESS, COMPLETED) must raise it as an edit does: three steps per
// revision. An edit always raises it too: 3(r + 1) + any phase > 3r + the highest phase.
const statusPhase: Record<MaintnoteStatus, number> = { CONFIRMED: 0, 'IN-PROCESS': 1, COMPLETED: 2 };
export function feedSequence(
  event: { type: EventType; starttime: number; endtime: number | null; revision: number },
  now: number,
): number {
  return event.revision * 3 + statusPhase[maintnoteStatus(event, now)];
}

// The notifications' sender (MAIL_FROM, 'Name <address>') is the contact the BCOP wants as ORGANIZER.
export function organizerAddress(mailFrom: string): string | null {
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return /^[^<>\s@]+@[^<>\s@]+$/.test(address) ? address : null;
}

// What the feed says besides the events: plain input to the pure feedCalendar, not a dependency.
export type FeedSettings = {
  providerName: string;
  publicUrl: string;
  organizer: string | null;
  // Unix seconds: DTSTAMP, and the clock STATUS is read against.
  now: number;
};

function eventDescription(event: FeedEventRow, eventUrl: string): string {
  const services = event.serviceids.map((id, i) =>
    `- ${id}: ${event.servicedescriptions[i] ?? ''}`.trimEnd(),
  );
  return [
    event.description,
    '',
    `${eventTypes[event.type].label}, priority ${eventPriorities[event.priority as keyof typeof eventPriorities] ?? event.priority}. Reference: ticket #${event.number}.`,
    `Your services in this event (${event.serviceids.length}):`,
    ...services,
    '',
    `Details: ${eventUrl}`,
  ].join('\n');
}

function eventProperties(owner: FeedOwner, event: FeedEventRow, context: FeedSettings): IcalProperty[] {
  const base = context.publicUrl.replace(/\/+$/, '');
  const host = new URL(base).hostname;
  const eventUrl = `${base}/event/${event.eventid}`;
  const type = event.type === 2 ? 2 : 1;
  // Works and hazards always carry an end (the wizard insists); maintenance parsers also refuse an end
  // that is not after the start, so a zero-length window is shown as one minute.
  const end = Math.max(event.endtime ?? event.starttime, event.starttime + 60);
  return [
    { name: 'BEGIN', value: 'VEVENT' },
    { name: 'UID', value: `event-${event.eventid}@${host}` },
    { name: 'DTSTAMP', value: utcDateTime(context.now) },
    { name: 'DTSTART', value: utcDateTime(event.starttime) },
    { name: 'DTEND', value: utcDateTime(end) },
    { name: 'SEQUENCE', value: String(feedSequence(event, context.now)) },
    { name: 'CREATED', value: utcDateTime(event.createdat) },
    { name: 'LAST-MODIFIED', value: utcDateTime(event.updatedat) },
    { name: 'SUMMARY', value: escapeText(event.title) },
    { name: 'DESCRIPTION', value: escapeText(eventDescription(event, eventUrl)) },
    { name: 'CATEGORIES', value: textList([eventTypes[event.type].label]) },
    { name: 'STATUS', value: 'CONFIRMED' },
    // Works on the provider's network do not make the subscriber busy.
    { name: 'TRANSP', value: 'TRANSPARENT' },
    { name: 'URL', value: eventUrl },
    ...(context.organizer
      ? [
          {
            name: 'ORGANIZER',
            params: { CN: context.providerName },
            value: `mailto:${context.organizer}`,
          },
        ]
      : []),
    { name: 'X-MAINTNOTE-PROVIDER', value: escapeText(context.providerName) },
    { name: 'X-MAINTNOTE-ACCOUNT', value: escapeText(owner.code) },
    { name: 'X-MAINTNOTE-MAINTENANCE-ID', value: String(event.eventid) },
    ...event.serviceids.map((serviceId) => ({
      name: 'X-MAINTNOTE-OBJECT-ID',
      params: { ALTREP: `${base}/service/${encodeURIComponent(serviceId)}` },
      value: escapeText(serviceId),
    })),
    { name: 'X-MAINTNOTE-IMPACT', value: maintnoteImpacts[type] },
    { name: 'X-MAINTNOTE-STATUS', value: maintnoteStatus(event, context.now) },
    { name: 'END', value: 'VEVENT' },
  ];
}

export function feedCalendar(
  owner: FeedOwner,
  events: readonly FeedEventRow[],
  context: FeedSettings,
): string {
  const name = `${context.providerName} maintenance: ${owner.customername}`;
  const properties: IcalProperty[] = [
    { name: 'BEGIN', value: 'VCALENDAR' },
    { name: 'VERSION', value: '2.0' },
    { name: 'PRODID', value: escapeText(`-//${context.providerName}//Lightpath maintenance calendar//EN`) },
    { name: 'CALSCALE', value: 'GREGORIAN' },
    { name: 'METHOD', value: 'PUBLISH' },
    { name: 'NAME', value: escapeText(name) },
    { name: 'X-WR-CALNAME', value: escapeText(name) },
    {
      name: 'X-WR-CALDESC',
      value: escapeText(
        `Scheduled works and planned hazard windows on the services of ${owner.customername}, from ${context.providerName}.`,
      ),
    },
    // RFC 7986 and its older Microsoft spelling: clients poll hourly (most poll less often anyway).
    { name: 'REFRESH-INTERVAL', params: { VALUE: 'DURATION' }, value: 'PT1H' },
    { name: 'X-PUBLISHED-TTL', value: 'PT1H' },
    ...events.flatMap((event) => eventProperties(owner, event, context)),
    { name: 'END', value: 'VCALENDAR' },
  ];
  return serializeIcal(properties);
}

// `file` is the last path segment, `<token>.ics`. Anything else, an unknown or a revoked token is
// null (404), with no hint of which.
const tokenFile = /^([A-Za-z0-9_-]{43})\.ics$/;

export async function renderFeed(ctx: PublicContext, file: string, now: Date) {
  const { query, config } = ctx;
  const token = tokenFile.exec(file)?.[1];
  if (!token) return null;
  const owner = await findFeedByTokenHash(query, hashToken(token));
  if (!owner) return null;
  const events = await listFeedEvents(query, owner.customerid);
  return {
    owner,
    body: feedCalendar(owner, events, {
      providerName: config.provider.name,
      publicUrl: config.publicUrl,
      organizer: organizerAddress(config.mail.from),
      now: Math.floor(now.getTime() / 1000),
    }),
  };
}
