import { z } from 'zod';
import { controlCharacterMessage, hasNoControlCharacters, idSchema, listQuerySchema } from './api';
import { type CsvColumn, csvDateTime, csvTimeHeader } from './csv';
import { isTicketNumberInRange, ticketNumberMax, ticketNumberMessages } from './ticket-numbers';
import { formatZonedDateTime, zoneAbbreviation } from './time';

// Event types, priorities and SLA classifications (spec 3). Issue 4 builds the events area on these;
// the inventory needs them already, because every service and site condition follows from events.

export const eventTypes = {
  1: { name: 'Scheduled Outage', label: 'Scheduled Works', colour: 'blue' },
  2: { name: 'Scheduled Hazard', label: 'Planned Hazard Window', colour: 'yellow' },
  3: { name: 'Ongoing Network Outage', label: 'Unplanned Outage', colour: 'red' },
} as const;
export type EventType = keyof typeof eventTypes;
export const eventTypeIds = [1, 2, 3] as const satisfies readonly EventType[];

export const eventPriorities = {
  1: 'Critical',
  2: 'High',
  3: 'Medium',
  4: 'Low',
  5: 'Planning',
} as const;

export const slaClassifications = {
  1: 'Scheduled Outage',
  2: 'Force Majeur',
  3: 'Hardware Fault',
  4: 'Power Failure',
  5: 'Other',
} as const;

// Decisions.md: 4, 5 and 6 are the data layer's repeats of 1, 2 and 3.
export function normaliseEventType(type: number): EventType | null {
  const folded = type >= 4 && type <= 6 ? type - 3 : type;
  return folded === 1 || folded === 2 || folded === 3 ? folded : null;
}

// Times are unix seconds; an end of null or 0 means "no end yet".
export type EventWindow = { type: EventType; starttime: number; endtime: number | null };

export const recentEventSeconds = 604_800;

// Spec 4: an outage is ongoing while it is type 3 and has no end.
export function isOngoingOutage(event: EventWindow): boolean {
  return event.type === 3 && !event.endtime;
}

// An event affects its services now when it has started and has not ended. Outages without an end
// are ongoing; works and hazards always carry an end (spec 5 requires it for types other than 3).
export function isCurrentEvent(event: EventWindow, now: number): boolean {
  if (event.starttime > now) return false;
  return !event.endtime || event.endtime > now;
}

// Spec 4: recent events ended within the last seven days.
export function isRecentEvent(event: EventWindow, now: number): boolean {
  return !!event.endtime && event.endtime <= now && event.endtime > now - recentEventSeconds;
}

// ---------------------------------------------------------------------------------------------------
// The events area (issue 4): what an event looks like on the wire, the New Event wizard's rules, its
// templates, the ticket prefill, and the customer notifications an event sends.

export type EventTiming = 'upcoming' | 'current' | 'ongoing' | 'ended';

// Where an event stands at `now`, for badges and filters: an outage without an end is 'ongoing'.
export function eventTiming(event: EventWindow, now: number): EventTiming {
  if (isOngoingOutage(event) && event.starttime <= now) return 'ongoing';
  if (event.starttime > now) return 'upcoming';
  return isCurrentEvent(event, now) ? 'current' : 'ended';
}

export const eventTimingLabels: Record<EventTiming, string> = {
  upcoming: 'Upcoming',
  current: 'In progress',
  ongoing: 'Ongoing',
  ended: 'Ended',
};

export function eventTypeLabel(type: number): string {
  const known = normaliseEventType(type);
  return known ? eventTypes[known].label : 'Unknown';
}

// A found event's line in the search results: its ticket, type and where it stands, with its times
// in the reader's zone. An outage that has ended reads 'Ended', never 'Ongoing'.
export function eventSearchDetail(
  event: EventWindow & { number: number },
  now: number,
  zone: string,
): string {
  const timing = eventTiming(event, now);
  const when =
    event.endtime && timing !== 'ongoing'
      ? `${formatZonedDateTime(event.starttime, zone)} to ${formatZonedDateTime(event.endtime, zone)}`
      : `from ${formatZonedDateTime(event.starttime, zone)}`;
  return [`#${event.number}`, eventTypes[event.type].label, eventTimingLabels[timing], when].join(' · ');
}

export const eventMessages = {
  fieldsMissing: 'Event Fields are Missing!',
  dates: 'Date and Time fields are unfilled or incorrect!',
  suburbTemplate: "Event Form includes unfilled '[SUBURB]' template value!",
  // Spec 5 forbids square brackets in the title and description; '[SUBURB]' has its own message above.
  brackets: 'Event title and description must not contain square brackets!',
  ticketRange: ticketNumberMessages.eventRange,
  serviceDisabled: (serviceid: string) => `${serviceid} is disabled!`,
  serviceMissing: (serviceid: string) => `${serviceid} does not exist in Database!`,
  tooManyServices: `An event can name at most 5000 services`,
  preflightFailed: 'An error occurred while submitting this event for preflight. Please try again.',
  // Spec 8 has no wording for a failed send; this follows its other submit failures.
  sendFailed: 'An error occurred while submitting this event. Please try again.',
  ticketServicesFailed: (number: number) => `Unable to retrieve services for Ticket ${number}`,
  loadFailed: 'An error occurred retrieving events',
  networkEventsFailed: 'An error occurred retrieving the latest network events',
  notFound: 'Event not found',
  created: (eventid: number) => `Event #${eventid} created!`,
  updated: 'Event updated!',
  deleted: 'Event deleted',
  commentAdded: 'Comment added',
  commentMissing: 'Comment is required',
  rangeInvalid: 'The end of the range must not be before its start',
  requestKeyReused: 'This Idempotency-Key belongs to another event',
} as const;

export const eventServicesMax = 5000;

// The wizard's page one (spec 5), checked in the browser before the preflight and again on the server.
// Times are unix seconds; null means the field is empty.
export type EventDraft = {
  type: number | null;
  services: readonly string[];
  starttime: number | null;
  endtime: number | null;
  title: string;
  description: string;
  number: number | null;
  initiator: string;
};

export type EventProblem = { path: keyof EventDraft; message: string };

export function eventDraftProblem(draft: EventDraft): EventProblem | null {
  const type = draft.type === null ? null : normaliseEventType(draft.type);
  const missing: [keyof EventDraft, boolean][] = [
    ['type', type === null],
    ['services', draft.services.length === 0],
    ['title', draft.title.trim() === ''],
    ['description', draft.description.trim() === ''],
    // Spec 5: the ticket number is required and nonzero.
    ['number', draft.number === null || draft.number === 0],
    ['initiator', draft.initiator.trim() === ''],
  ];
  const firstMissing = missing.find(([, isMissing]) => isMissing);
  if (firstMissing) return { path: firstMissing[0], message: eventMessages.fieldsMissing };
  const number = draft.number as number;
  if (!isTicketNumberInRange(number, 1)) return { path: 'number', message: eventMessages.ticketRange };
  if (draft.services.length > eventServicesMax)
    return { path: 'services', message: eventMessages.tooManyServices };
  if (!validTime(draft.starttime)) return { path: 'starttime', message: eventMessages.dates };
  // Works and hazards need an end not before the start; an outage may be entered without one, but an
  // end it does carry must not be before its start either.
  const needsEnd = type !== 3;
  if (needsEnd && !validTime(draft.endtime)) return { path: 'endtime', message: eventMessages.dates };
  if (draft.endtime && (!validTime(draft.endtime) || draft.endtime < (draft.starttime as number)))
    return { path: 'endtime', message: eventMessages.dates };
  for (const path of ['title', 'description'] as const) {
    if (draft[path].includes(suburbPlaceholder)) return { path, message: eventMessages.suburbTemplate };
  }
  for (const path of ['title', 'description'] as const) {
    if (/[[\]]/.test(draft[path])) return { path, message: eventMessages.brackets };
  }
  return null;
}

// Unix seconds between 2000 and 2100: anything else is a typing slip or a millisecond value.
function validTime(value: number | null): value is number {
  return value !== null && Number.isInteger(value) && value >= 946_684_800 && value <= 4_102_444_800;
}

export const suburbPlaceholder = '[SUBURB]';

// Spec 9: eleven prefill templates. The first is the default fibre-works text; the ticket prefill uses
// the first three for tasks, hazards and problems (spec 4).
export type EventTemplate = { name: string; title: string; description: string };

export const eventTemplates: readonly EventTemplate[] = [
  {
    name: 'Scheduled fibre works',
    title: 'Scheduled fibre works in [SUBURB]',
    description:
      'Our fibre partner will carry out scheduled works on the optical fibre route in [SUBURB]. The services listed below will be unavailable for part of the window while fibre is re-spliced. Please plan for a loss of service for the duration.',
  },
  {
    name: 'Planned hazard window',
    title: 'Planned hazard window in [SUBURB]',
    description:
      'Works near our fibre route in [SUBURB] put the services listed below at risk during this window. No outage is expected, but a fibre cut remains possible while the works are under way.',
  },
  {
    name: 'Unplanned fibre outage',
    title: 'Unplanned fibre outage in [SUBURB]',
    description:
      'We are aware of a fibre outage affecting services in [SUBURB]. Field crews have been dispatched to locate and repair the fault. We will update you as restoration progresses.',
  },
  {
    name: 'PoP power maintenance',
    title: 'Power maintenance at the [SUBURB] PoP',
    description:
      'The building operator will test and maintain the power supply at our [SUBURB] point of presence. Services are expected to stay up on battery and generator, but are at risk during the window.',
  },
  {
    name: 'Router software upgrade',
    title: 'Router software upgrade in [SUBURB]',
    description:
      'We will upgrade the software on the router serving [SUBURB]. Each service will lose connectivity for up to 20 minutes while the router reloads.',
  },
  {
    name: 'Hardware replacement',
    title: 'Hardware replacement in [SUBURB]',
    description:
      'A faulty line card serving [SUBURB] will be replaced. Services connected to the card will be unavailable for up to 30 minutes.',
  },
  {
    name: 'Emergency maintenance',
    title: 'Emergency maintenance in [SUBURB]',
    description:
      'We must carry out urgent maintenance on equipment serving [SUBURB] to prevent an unplanned outage. Services listed below may be interrupted briefly during the window.',
  },
  {
    name: 'Carrier works',
    title: 'Third-party carrier works in [SUBURB]',
    description:
      'The carrier that provides part of the path to [SUBURB] will carry out works on its network. Services that use this carrier will be unavailable for part of the window.',
  },
  {
    name: 'Fibre relocation',
    title: 'Fibre relocation for civil works in [SUBURB]',
    description:
      'Road and civil works in [SUBURB] require our fibre cable to be relocated. Services listed below will be unavailable while the cable is moved and re-spliced.',
  },
  {
    name: 'Power failure',
    title: 'Power failure affecting [SUBURB]',
    description:
      'A mains power failure in [SUBURB] has taken equipment offline. We are working with the power supplier and will restore service as soon as power returns.',
  },
  {
    name: 'Service restored',
    title: 'Services restored in [SUBURB]',
    description:
      'The fault affecting services in [SUBURB] has been repaired and all services listed below are back in operation. Please contact us if you still see any problem.',
  },
];

// Spec 4: 'Prefill Event' maps the ticket's type onto the event type, SLA and template.
export const ticketPrefills: Record<string, { type: EventType; slatype?: number; template: number }> = {
  task: { type: 1, slatype: 1, template: 0 },
  hazard: { type: 2, slatype: 1, template: 1 },
  problem: { type: 3, template: 2 },
};

export type TicketForPrefill = {
  tickettype: string;
  starttime: number | null;
  endtime: number | null;
  services: readonly string[];
};
export type ServiceForPrefill = { serviceid: string; status: number };

export type EventPrefill = z.output<typeof eventPrefillSchema>;

// The whole prefill: type, SLA and template from the ticket type, priority Critical, the times when
// above 0, and the ticket's services that exist and are enabled, with a message for each that is not.
export function prefillFromTicket(
  ticket: TicketForPrefill,
  known: ReadonlyMap<string, ServiceForPrefill>,
): EventPrefill {
  const mapping = ticketPrefills[ticket.tickettype];
  const template = mapping ? eventTemplates[mapping.template] : undefined;
  const services: string[] = [];
  const messages: string[] = [];
  for (const serviceid of ticket.services) {
    const service = known.get(serviceid);
    if (!service) messages.push(eventMessages.serviceMissing(serviceid));
    else if (service.status === 0) messages.push(eventMessages.serviceDisabled(serviceid));
    else if (!services.includes(serviceid)) services.push(serviceid);
  }
  return {
    ...(mapping ? { type: mapping.type } : {}),
    ...(mapping?.slatype ? { slatype: mapping.slatype } : {}),
    ...(template ? { title: template.title, description: template.description } : {}),
    priority: 1,
    ...(ticket.starttime && ticket.starttime > 0 ? { starttime: ticket.starttime } : {}),
    ...(ticket.endtime && ticket.endtime > 0 ? { endtime: ticket.endtime } : {}),
    services,
    messages,
  };
}

// Spec 9: the default approver is the provider's NOC.
export function defaultApprover(providerName: string): string {
  return `${providerName} NOC`;
}

// The request body of POST /api/event and PUT /api/event/{id} (spec 7.5). Unknown fields are refused;
// 4, 5 and 6 are read as 1, 2 and 3 (decisions.md).
const seconds = z.number({ error: eventMessages.dates }).int(eventMessages.dates);
export const eventWriteSchema = z
  .strictObject({
    number: z.number({ error: eventMessages.fieldsMissing }).int(eventMessages.ticketRange),
    title: z
      .string({ error: eventMessages.fieldsMissing })
      .trim()
      .max(200, 'Title must be at most 200 characters')
      // The title is the subject of the event's ticket and of every notice e-mailed about it: a line
      // break there could start a header of its own.
      .refine(hasNoControlCharacters, controlCharacterMessage),
    description: z
      .string({ error: eventMessages.fieldsMissing })
      .trim()
      .max(10_000, 'Description must be at most 10000 characters'),
    starttime: seconds,
    endtime: seconds.nullable().optional(),
    type: z.number({ error: eventMessages.fieldsMissing }).int(eventMessages.fieldsMissing),
    initiator: z
      .string({ error: eventMessages.fieldsMissing })
      .trim()
      .max(100, 'Initiator must be at most 100 characters'),
    approver: z.string().trim().max(100, 'Approver must be at most 100 characters').optional(),
    priority: z.number().int().min(1, 'Priority must be 1 to 5').max(5, 'Priority must be 1 to 5').default(3),
    slatype: z.number().int().min(1, 'SLA type must be 1 to 5').max(5, 'SLA type must be 1 to 5').default(1),
    services: z
      .array(
        // Service ids are letters and digits: a control character (a NUL, which the database cannot
        // store) is refused here rather than reaching a query.
        z
          .string()
          .trim()
          .max(40, 'A service id is at most 40 characters')
          .refine(hasNoControlCharacters, controlCharacterMessage),
        {
          error: eventMessages.fieldsMissing,
        },
      )
      .max(eventServicesMax, eventMessages.tooManyServices),
    updateexisting: z.boolean().default(false),
    preflight: z.boolean().default(false),
    sendnotification: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    const problem = eventDraftProblem({
      ...body,
      endtime: body.endtime ?? null,
    });
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  })
  .transform((body) => ({
    ...body,
    type: normaliseEventType(body.type) as EventType,
    endtime: body.endtime || null,
    services: [...new Set(body.services)],
  }));
export type EventWrite = z.output<typeof eventWriteSchema>;

export const eventCommentSchema = z.strictObject({
  comment: z
    .string({ error: eventMessages.commentMissing })
    .trim()
    .min(1, eventMessages.commentMissing)
    .max(5000, 'Comment must be at most 5000 characters'),
});

// ---------------------------------------------------------------------------------------------------
// Customer notifications (spec 3 'Preflight result per customer'). The preflight and the send share
// these shapes, so what the NOC confirms is exactly what goes out.

export type NotificationTicket = {
  requester: string;
  ccs: string[];
  subject: string;
  htmlcomment: string;
  // Set when `updateexisting` finds the ticket an earlier notice opened for this customer.
  ticketid: number | null;
};

export type NotificationSms = {
  recipient: string;
  smsto: string;
  serviceid: string[];
  message: string;
};

// A portal user subscribed (POST /api/notification) to one or more of the customer's notified
// services. Each is told once: `ticket` when their address is already the ticket's requester or a cc
// (the ticket's e-mail reaches them), `email` when they get the notice in an e-mail of their own.
export type NotificationSubscriber = {
  userid: number;
  name: string;
  email: string;
  services: string[];
  delivery: 'ticket' | 'email';
};

// The notice e-mailed to subscribers who are not on the ticket (the ticket's own subject and message,
// or the same words when the customer has no contact to open a ticket for).
export type SubscriberNotice = { subject: string; htmlcomment: string };

export type PreflightCustomer = {
  customerid: number;
  code: string;
  customername: string;
  services: string[];
  skippedservices: string[];
  tickets: NotificationTicket[];
  sms: NotificationSms[];
  subscribers: NotificationSubscriber[];
  // Null when no subscriber needs an e-mail of their own.
  subscribernotice: SubscriberNotice | null;
  // Why a customer gets less than expected, e.g. no primary contact on any affected site.
  warnings: string[];
};

// The line that ends a subscriber's own e-mail: why they get it and where to stop it.
export function subscriberFooter(services: readonly string[]): string {
  const named = services.join(', ');
  return `You receive this because you subscribed to notifications for ${services.length === 1 ? 'service' : 'services'} ${named}. To stop them, unsubscribe under Services > Notifications in the portal.`;
}

export const notificationWarnings = {
  noContact: 'No primary or secondary contact on the affected sites: no ticket will be opened',
  noMobile: 'No emergency contact with a mobile number: no SMS will be sent',
} as const;

// Who is told by SMS: emergency contacts, for unplanned outages and for critical events only; scheduled
// works and hazards go by ticket and e-mail (docs/decisions/012).
export function eventSendsSms(event: { type: number; priority: number }): boolean {
  return normaliseEventType(event.type) === 3 || event.priority === 1;
}

export const contactTypes = { 1: 'Primary', 2: 'Secondary', 3: 'Emergency' } as const;

// Spec 9's ticket time format 'dddd, MMMM Do YYYY, h:mm a', in the portal's time zone, labelled with
// the zone's abbreviation (decisions.md): tickets and notices are read by people in other zones.
export function formatPortalTime(secondsSinceEpoch: number, timeZone: string): string {
  const parts = Object.fromEntries(
    portalTimeFormat(timeZone)
      .formatToParts(new Date(secondsSinceEpoch * 1000))
      .map((part) => [part.type, part.value]),
  );
  const day = Number(parts.day);
  return `${parts.weekday}, ${parts.month} ${day}${ordinalSuffix(day)} ${parts.year}, ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toLowerCase()} ${zoneAbbreviation(secondsSinceEpoch, timeZone)}`;
}

// Building an Intl.DateTimeFormat costs far more than using one, and a preflight for 300 customers
// formats hundreds of times: one formatter per zone, kept.
const portalTimeFormats = new Map<string, Intl.DateTimeFormat>();
function portalTimeFormat(timeZone: string): Intl.DateTimeFormat {
  let format = portalTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-AU', {
      timeZone,
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    });
    portalTimeFormats.set(timeZone, format);
  }
  return format;
}

function ordinalSuffix(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return 'th';
  return ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

export type NotificationEvent = {
  eventid: number | null;
  number: number;
  title: string;
  description: string;
  type: EventType;
  priority: number;
  starttime: number;
  endtime: number | null;
};
export type NotifiedService = { serviceid: string; description: string; sitename: string };

const subjectPrefixes: Record<EventType, string> = {
  1: '[SCHEDULED WORKS]',
  2: '[PLANNED HAZARD]',
  3: '[OUTAGE]',
};

export function notificationSubject(event: NotificationEvent, update: boolean): string {
  return `${update ? '[UPDATE] ' : ''}${subjectPrefixes[event.type]} ${event.title} (ref #${event.number})`;
}

// The ticket comment (and so the e-mail) a customer receives: what, when, which of its services.
export function notificationHtml(
  event: NotificationEvent,
  services: readonly NotifiedService[],
  context: { providerName: string; timeZone: string },
): string {
  const when = (value: number) => escapeHtml(formatPortalTime(value, context.timeZone));
  const rows = services
    .map(
      (s) =>
        `<tr><td>${escapeHtml(s.serviceid)}</td><td>${escapeHtml(s.description)}</td><td>${escapeHtml(s.sitename)}</td></tr>`,
    )
    .join('');
  return [
    `<p>${escapeHtml(eventTypes[event.type].label)}: <strong>${escapeHtml(event.title)}</strong></p>`,
    `<p>Start: ${when(event.starttime)}<br>End: ${event.endtime ? when(event.endtime) : 'not yet known'}</p>`,
    `<p>${escapeHtml(event.description)}</p>`,
    `<table><thead><tr><th>Service</th><th>Description</th><th>Site</th></tr></thead><tbody>${rows}</tbody></table>`,
    `<p>Reference: ticket #${event.number}. Reply to this ticket or call the ${escapeHtml(context.providerName)} NOC with any question.</p>`,
  ].join('\n');
}

// One SMS per emergency contact; it names up to three services and counts the rest, to stay short.
export function smsMessage(
  event: NotificationEvent,
  serviceids: readonly string[],
  context: { providerName: string; timeZone: string },
): string {
  const named = serviceids.slice(0, 3).join(', ');
  const more = serviceids.length > 3 ? ` +${serviceids.length - 3} more` : '';
  return `${context.providerName}: ${eventTypes[event.type].label} - ${event.title}. Services: ${named}${more}. From ${formatPortalTime(event.starttime, context.timeZone)}. Ref #${event.number}`;
}

// ---------------------------------------------------------------------------------------------------
// The events API's wire shapes (spec 7.5). Times are unix seconds.

// GET /api/events views: the sidebar's Scheduled Events and Network Outages, the header bell's latest
// events, what is current now, what has not ended (current, or starting within 7 days: the
// dashboard's 'Current and upcoming events'), and what has ended.
export const eventViews = ['all', 'scheduled', 'outages', 'latest', 'current', 'open', 'past'] as const;
export type EventView = (typeof eventViews)[number];

export type EventSummary = z.output<typeof eventSummarySchema>;

export type EventService = z.output<typeof eventServiceSchema>;

export type EventCustomer = z.output<typeof eventCustomerSchema>;
export type EventSite = z.output<typeof eventSiteSchema>;
export type EventComment = z.output<typeof eventCommentReplySchema>;

// What happened to each customer's notice (NOC only).
export type EventNotificationStatus = z.output<typeof eventNotificationStatusSchema>;

export type EventDetail = z.output<typeof eventDetailSchema>;

// POST /api/event and PUT /api/event/{id}: a preflight answers only `customers`; a real write adds the
// event and what became of each notice.
export type EventWriteReply = z.output<typeof eventWriteReplySchema>;

// GET /api/events/prefill/{ticketid}: the wizard's 'Prefill Event'.
export type EventPrefillReply = z.output<typeof eventPrefillReplySchema>;

// The API contract (docs/decisions/023-one-api-contract.md): what the event routes take and answer.
export const eventTimingSchema = z.enum(['upcoming', 'current', 'ongoing', 'ended']);

export const eventSummarySchema = z.object({
  eventid: z.number(),
  number: z.number(),
  title: z.string(),
  type: z.literal(eventTypeIds),
  starttime: z.number(),
  endtime: z.number().nullable(),
  priority: z.number(),
  slatype: z.number(),
  initiator: z.string(),
  approver: z.string(),
  createdat: z.number(),
  updatedat: z.number(),
  revision: z.number(),
  // Counted within the caller's scope: a customer sees only its own services and itself.
  servicecount: z.number(),
  customercount: z.number(),
  timing: eventTimingSchema,
});

export const eventServiceSchema = z.object({
  serviceid: z.string(),
  description: z.string(),
  status: z.number(),
  customerid: z.number(),
  customercode: z.string(),
  aendsiteid: z.number().nullable(),
  aendsitename: z.string().nullable(),
  bendsiteid: z.number().nullable(),
  bendsitename: z.string().nullable(),
  // Condition now (spec 4), from every current event, not only this one.
  condition: z.number(),
});

export const eventCustomerSchema = z.object({
  customerid: z.number(),
  customercode: z.string(),
  customername: z.string(),
  servicecount: z.number(),
});

export const eventSiteSchema = z.object({
  siteid: z.number(),
  sitenumber: z.string(),
  sitename: z.string(),
  customercode: z.string(),
  condition: z.number(),
});

export const eventCommentReplySchema = z.object({
  commentid: z.number(),
  author: z.string(),
  body: z.string(),
  createdat: z.number(),
});

export const eventNotificationStatusSchema = z.object({
  customerid: z.number(),
  code: z.string(),
  revision: z.number(),
  status: z.enum(['pending', 'sent', 'failed']),
  ticketid: z.number().nullable(),
  sentat: z.number().nullable(),
  lasterror: z.string().nullable(),
});

export const preflightCustomerSchema = z.object({
  customerid: z.number(),
  code: z.string(),
  customername: z.string(),
  services: z.array(z.string()),
  skippedservices: z.array(z.string()),
  tickets: z.array(
    z.object({
      requester: z.string(),
      ccs: z.array(z.string()),
      subject: z.string(),
      htmlcomment: z.string(),
      ticketid: z.number().nullable(),
    }),
  ),
  sms: z.array(
    z.object({
      recipient: z.string(),
      smsto: z.string(),
      serviceid: z.array(z.string()),
      message: z.string(),
    }),
  ),
  subscribers: z.array(
    z.object({
      userid: z.number(),
      name: z.string(),
      email: z.string(),
      services: z.array(z.string()),
      delivery: z.enum(['ticket', 'email']),
    }),
  ),
  subscribernotice: z.object({ subject: z.string(), htmlcomment: z.string() }).nullable(),
  warnings: z.array(z.string()),
});

export const eventDetailSchema = eventSummarySchema.extend({
  description: z.string(),
  services: z.array(eventServiceSchema),
  customers: z.array(eventCustomerSchema),
  sites: z.array(eventSiteSchema),
  comments: z.array(eventCommentReplySchema),
  // Present for the NOC only.
  notifications: z.array(eventNotificationStatusSchema).optional(),
});

export const eventWriteReplySchema = z.object({
  customers: z.array(preflightCustomerSchema),
  eventid: z.number().optional(),
  event: eventDetailSchema.optional(),
  notifications: z.array(eventNotificationStatusSchema).optional(),
});

export const eventListQuerySchema = listQuerySchema.extend({
  view: z.enum(eventViews).optional(),
  type: z
    .enum(['1', '2', '3'])
    .transform((v) => Number(v) as EventType)
    .optional(),
  customerid: idSchema.optional(),
});

// Unix seconds in a path: plain digits only, within the years the wizard accepts times for.
const secondsParam = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value),
  z
    .number({ error: 'Dates must be unix seconds' })
    .int('Dates must be unix seconds')
    .min(0, 'Dates must be unix seconds')
    .max(4_102_444_800, 'Dates must be before the year 2100'),
);
export const pastEventsParamsSchema = z
  .object({ startdate: secondsParam, enddate: secondsParam })
  .refine((range) => range.enddate >= range.startdate, eventMessages.rangeInvalid);

export const eventParamsSchema = z.object({ eventid: idSchema });
export const pastEventsQuerySchema = eventListQuerySchema.omit({ view: true });

// GET /api/export/events and /api/export/events/past/{startdate}/{enddate}: the lists' filters and sort,
// without their paging.
export const eventExportQuerySchema = eventListQuerySchema.omit({ limit: true, offset: true });
export const pastEventsExportQuerySchema = pastEventsQuerySchema.omit({ limit: true, offset: true });

// The events lists as a CSV file: what the table shows, times on the reader's clock. An ongoing outage
// has no end, so its End cell is empty and its Status says Ongoing.
export function eventCsvColumns(zone: string): readonly CsvColumn<EventSummary>[] {
  return [
    { header: 'Ticket', value: (e) => e.number },
    { header: 'Title', value: (e) => e.title },
    { header: 'Type', value: (e) => eventTypeLabel(e.type) },
    { header: 'Status', value: (e) => eventTimingLabels[e.timing] },
    { header: csvTimeHeader('Start', zone), value: (e) => csvDateTime(e.starttime, zone) },
    { header: csvTimeHeader('End', zone), value: (e) => csvDateTime(e.endtime, zone) },
    { header: 'Priority', value: (e) => eventPriorities[e.priority as keyof typeof eventPriorities] },
    {
      header: 'SLA classification',
      value: (e) => slaClassifications[e.slatype as keyof typeof slaClassifications],
    },
    { header: 'Services', value: (e) => e.servicecount },
    { header: 'Customers', value: (e) => e.customercount },
    { header: 'Initiator', value: (e) => e.initiator },
    { header: 'Approver', value: (e) => e.approver },
  ];
}

export const eventCommentAddedSchema = z.object({ comment: eventCommentReplySchema });

// The New Event wizard's 'Prefill Event' (modules/notifications).
// The path text is read as idSchema reads ids (plain decimal only); anything that is not a ticket
// number the wizard accepts, 0 included, gets the wizard's own message.
const prefillTicketNumberSchema = z.preprocess(
  (value) => {
    const parsed = idSchema.safeParse(value);
    return parsed.success ? parsed.data : value;
  },
  z
    .number({ error: eventMessages.ticketRange })
    .int(eventMessages.ticketRange)
    .min(1, eventMessages.ticketRange)
    .max(ticketNumberMax, eventMessages.ticketRange),
);

export const eventPrefillSchema = z.object({
  type: z.literal(eventTypeIds).optional(),
  slatype: z.number().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  priority: z.number(),
  starttime: z.number().optional(),
  endtime: z.number().optional(),
  services: z.array(z.string()),
  messages: z.array(z.string()),
});

export const eventPrefillReplySchema = z.object({
  ticketid: z.number(),
  // Spec 4: when an event already carries this ticket number the portal goes to it instead.
  existingeventid: z.number().nullable(),
  prefill: eventPrefillSchema,
});
export const eventPrefillParamsSchema = z.object({ ticketid: prefillTicketNumberSchema });
