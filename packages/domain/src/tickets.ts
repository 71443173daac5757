import { z } from 'zod';
import type { Actor } from './actor';
import {
  controlCharacterMessage,
  hasNoControlCharacters,
  idSchema,
  listQuerySchema,
  recordIdSchema,
  text,
} from './api';
import { type CsvColumn, csvDateTime, csvTimeHeader } from './csv';
import { formatPortalTime } from './events';
import { can } from './permissions';
import { serviceIdParamSchema } from './services';
import { siteNeedsAddress } from './sites';

// Tickets (spec 2.2, 2.6, 3, 5, 9; issue 5): what a ticket looks like on the wire, its statuses and
// types, and the Create New Ticket wizard's rules and messages.

// Spec 3's statuses; Zendesk's 'closed' reads as 'solved'.
export const ticketStatuses = ['new', 'open', 'pending', 'hold', 'solved'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

export const ticketStatusLabels: Record<TicketStatus, string> = {
  new: 'New',
  open: 'Open',
  pending: 'Pending',
  hold: 'On hold',
  solved: 'Solved',
};

export const ticketStatusColours: Record<TicketStatus, string> = {
  new: 'yellow',
  open: 'red',
  pending: 'blue',
  hold: 'gray',
  solved: 'green',
};

// Spec 3 sends incident, question and task; problem and hazard are the NOC's own event tickets.
export const ticketTypes = ['incident', 'question', 'task', 'problem', 'hazard'] as const;
export type TicketType = (typeof ticketTypes)[number];

// Spec 3's types read as words: 'incident' -> 'Incident'.
export function ticketTypeLabel(tickettype: string): string {
  return tickettype ? `${tickettype[0]?.toUpperCase()}${tickettype.slice(1)}` : '—';
}

// What raised a ticket: a support ticket (the wizard or the NOC), a site access request, or a
// technician's job ticket (spec 2.2).
export const ticketKinds = ['support', 'access', 'job'] as const;
export type TicketKind = (typeof ticketKinds)[number];
export const ticketKindLabels: Record<TicketKind, string> = {
  support: 'Support ticket',
  access: 'Site access request',
  job: 'Job ticket',
};

// One row of GET /api/tickets. Times are unix seconds.
export type TicketListRow = z.output<typeof ticketListRowSchema>;

export type TicketCommentRow = z.output<typeof ticketCommentReplySchema>;

export type TicketAttachmentRow = TicketPage['attachments'][number];

// GET /api/ticket/{ticketid}.
export type TicketDetail = Omit<TicketPage, 'eventid'>;

// GET /api/ticket/{ticketid}: the ticket, and for a ticket an event notice opened or commented on, the
// event (the latest notice's), so the ticket page links to it.
export type TicketPage = z.output<typeof ticketDetailSchema>;

// ---------------------------------------------------------------------------------------------------
// The Create New Ticket wizard (spec 2.6, 5, 9). The browser checks each step before Next and the
// server checks the whole request with the same rules, so both refuse with the same words.

export const ticketIssueTypes = [
  'outage',
  'flapping',
  'speed',
  'packetloss',
  'portal',
  'query',
  'worksnotify',
] as const;
export type TicketIssueType = (typeof ticketIssueTypes)[number];

export const ticketIssueLabels: Record<TicketIssueType, string> = {
  outage: 'Outage',
  flapping: 'Flapping service',
  speed: 'Speed issue',
  packetloss: 'Packet loss',
  portal: 'Portal issue',
  query: 'General query',
  worksnotify: 'Customer works notification',
};

export const ticketIssueDescriptions: Record<TicketIssueType, string> = {
  outage: 'One or more services are down and carrying no traffic.',
  flapping: 'A service keeps going down and coming back up.',
  speed: 'A service is up but slower than it should be.',
  packetloss: 'A service is up but dropping packets.',
  portal: 'Something in this portal is not working as expected.',
  query: 'A question for the NOC that is not about a fault.',
  worksnotify: 'Tell the NOC about works you are planning at one of your sites.',
};

export const ticketSubjectPrefixes: Record<TicketIssueType, string> = {
  outage: '[OUTAGE]',
  flapping: '[FLAPPING]',
  speed: '[SPEED ISSUE]',
  packetloss: '[PACKET LOSS]',
  portal: '[PORTAL]',
  query: '[QUERY]',
  worksnotify: '[CUSTOMER WORKS]',
};

// The ticket type the wizard sends for each issue (spec 3: incident, question, task).
export const ticketTypeForIssue: Record<TicketIssueType, 'incident' | 'question' | 'task'> = {
  outage: 'incident',
  flapping: 'incident',
  speed: 'incident',
  packetloss: 'incident',
  portal: 'question',
  query: 'question',
  worksnotify: 'task',
};

const faultIssues: readonly TicketIssueType[] = ['outage', 'flapping', 'speed', 'packetloss'];

// Faults are about services and started at some moment: both are needed to look into them.
export function issueNeedsServices(issue: TicketIssueType | null): boolean {
  return issue !== null && faultIssues.includes(issue);
}
export function issueNeedsStart(issue: TicketIssueType | null): boolean {
  return issue !== null && faultIssues.includes(issue);
}
export function issueIsWorks(issue: TicketIssueType | null): boolean {
  return issue === 'worksnotify';
}

export const ticketSubjectServicesMax = 3;

// Spec 9: '[PREFIX] DD/MM/YY - id, id, id' or '- n services'; works name the site instead.
export function buildTicketSubject(input: {
  issuetype: TicketIssueType;
  services: readonly string[];
  sitename?: string | null;
  at: number;
  timeZone: string;
}): string {
  const head = `${ticketSubjectPrefixes[input.issuetype]} ${shortDate(input.at, input.timeZone)}`;
  if (issueIsWorks(input.issuetype)) return input.sitename ? `${head} - ${input.sitename}` : head;
  if (input.services.length === 0) return head;
  const named =
    input.services.length > ticketSubjectServicesMax
      ? `${input.services.length} services`
      : input.services.join(', ');
  return `${head} - ${named}`;
}

const shortDateFormats = new Map<string, Intl.DateTimeFormat>();
function shortDate(seconds: number, timeZone: string): string {
  let format = shortDateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-AU', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: '2-digit',
    });
    shortDateFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(seconds * 1000)).map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year}`;
}

// Spec 9's ticket time format, 'dddd, MMMM Do YYYY, h:mm a': the portal's one long time format.
export function formatTicketTime(seconds: number, timeZone: string): string {
  return formatPortalTime(seconds, timeZone);
}

export const ticketMessages = {
  issueRequired: 'Please choose an issue type!',
  servicesRequired: 'Affected services required!',
  startRequired: 'Start Time and Date Required!',
  siteRequired: 'Site Required!',
  worksStartRequired: 'Works Start Time and Date Required!',
  worksEndRequired: 'Works End Time and Date Required!',
  worksEndBeforeStart: 'Works End Time must be after the Works Start Time!',
  subjectRequired: 'Ticket Subject Required!',
  subjectTooLong: 'Ticket Subject must be at most 200 characters',
  descriptionRequired: 'Ticket Description Required!',
  descriptionTooLong: 'Ticket Description must be at most 20000 characters',
  tooManyServices: 'A ticket names at most 200 services',
  serviceIdInvalid: 'A service id is at most 40 characters',
  timeInvalid: 'Times must be whole seconds',
  createFailed: 'An error occurred submitting this ticket. Please try again.',
  created: (id: number) => `Ticket #${id} created!`,
  notFound: 'Ticket not found',
  attachmentNotFound: 'Attachment not found',
  downloadFailed: 'An error occurred downloading this file. Please try again.',
  loadFailed: 'An error occurred retrieving tickets',
  serviceUnknown: (id: string) => `Service ${id} does not exist in Database!`,
  servicesOfTwoCustomers: 'The services belong to more than one customer: raise one ticket per customer.',
  siteUnknown: 'Site not found',
  worksSiteNotAPlace: 'Customer works happen at a place: choose one of your enabled physical sites',
  commentRequired: 'Comment Required!',
  commentTooLong: 'Comment must be at most 20000 characters',
  commentAdded: 'Comment added',
  commentFailed: 'An error occurred adding this comment. Please try again.',
  statusRequired: 'Choose a ticket status',
  statusChanged: (status: TicketStatus) => `Ticket status changed to ${ticketStatusLabels[status]}`,
  statusFailed: 'An error occurred changing the ticket status. Please try again.',
  technicianRequired: 'Technician Required!',
  technicianInvalid: 'The technician must be an enabled field services user',
  technicianSelfOnly: 'Technicians may only create job tickets for themselves',
  scheduledTimeInvalid: 'Scheduled Time must be a date and time',
} as const;

export type TicketWizardValues = {
  issuetype: TicketIssueType | null;
  services: string[];
  starttime: number | null;
  endtime: number | null;
  siteid: number | null;
  subject: string;
  description: string;
};

export const ticketWizardSteps = ['issue', 'details', 'message'] as const;
export type TicketWizardStep = (typeof ticketWizardSteps)[number];

// The first problem that stops the wizard leaving `step`; null when it may go on. 'message' is the
// last step, where Submit stands in for Next.
export function ticketStepProblem(step: TicketWizardStep, values: TicketWizardValues): string | null {
  const issue = values.issuetype;
  if (step === 'issue') return issue ? null : ticketMessages.issueRequired;
  if (step === 'details') {
    if (!issue) return ticketMessages.issueRequired;
    if (issueNeedsServices(issue) && values.services.length === 0) return ticketMessages.servicesRequired;
    if (issueNeedsStart(issue) && !values.starttime) return ticketMessages.startRequired;
    if (issueIsWorks(issue)) {
      if (!values.siteid) return ticketMessages.siteRequired;
      if (!values.starttime) return ticketMessages.worksStartRequired;
      if (!values.endtime) return ticketMessages.worksEndRequired;
      if (values.endtime <= values.starttime) return ticketMessages.worksEndBeforeStart;
    }
    return null;
  }
  if (!values.subject.trim()) return ticketMessages.subjectRequired;
  if (!values.description.trim()) return ticketMessages.descriptionRequired;
  return null;
}

// Every step's rules at once: what the server applies to POST /api/ticket.
export function ticketRequestProblem(values: TicketWizardValues): string | null {
  for (const step of ticketWizardSteps) {
    const problem = ticketStepProblem(step, values);
    if (problem) return problem;
  }
  return null;
}

// Spec 5: a hint, not a refusal. The link status can lag, so the customer may still go on.
export function ticketServiceWarnings(
  issuetype: TicketIssueType | null,
  services: readonly { serviceid: string; overallstatus: 'UP' | 'DOWN' | null }[],
): string[] {
  if (issuetype === 'outage') {
    return services
      .filter((s) => s.overallstatus === 'UP')
      .map(
        (s) => `${s.serviceid} looks up at the moment. Check it is really down before reporting an outage.`,
      );
  }
  if (issuetype === 'flapping' || issuetype === 'speed') {
    return services
      .filter((s) => s.overallstatus === 'DOWN')
      .map((s) => `${s.serviceid} looks down at the moment. Consider reporting an outage instead.`);
  }
  return [];
}

// ---------------------------------------------------------------------------------------------------
// Request bodies.

const optionalSeconds = z
  .number({ error: ticketMessages.timeInvalid })
  .int(ticketMessages.timeInvalid)
  .nullable();

// POST /api/ticket. The wizard's rules run here too, so a request the wizard would have stopped is a
// 400 with the wizard's message. Zero times (an unset picker in older clients) read as none.
export const ticketCreateSchema = z
  .strictObject({
    issuetype: z.enum(ticketIssueTypes, { error: ticketMessages.issueRequired }).nullable(),
    subject: z
      .string({ error: ticketMessages.subjectRequired })
      .trim()
      .max(200, ticketMessages.subjectTooLong)
      .pipe(text(200)),
    description: z
      .string({ error: ticketMessages.descriptionRequired })
      .trim()
      .max(20_000, ticketMessages.descriptionTooLong),
    tickettype: z.enum(['incident', 'question', 'task']).optional(),
    services: z
      .array(
        z
          .string()
          .trim()
          .min(1, ticketMessages.serviceIdInvalid)
          .max(40, ticketMessages.serviceIdInvalid)
          // A control character (a NUL, which the database cannot store) never reaches a query.
          .refine(hasNoControlCharacters, controlCharacterMessage),
      )
      .max(200, ticketMessages.tooManyServices)
      .default([]),
    starttime: optionalSeconds.optional().default(null),
    endtime: optionalSeconds.optional().default(null),
    siteid: recordIdSchema(ticketMessages.siteRequired).nullable().optional().default(null),
  })
  .transform((body) => ({
    ...body,
    services: [...new Set(body.services)],
    starttime: body.starttime || null,
    endtime: body.endtime || null,
  }))
  .superRefine((body, ctx) => {
    const problem = ticketRequestProblem(body);
    if (problem) ctx.addIssue({ code: 'custom', path: [], message: problem });
  })
  .transform((body) => ({
    ...body,
    issuetype: body.issuetype as TicketIssueType,
    // The issue decides the type; a client's differing tickettype is not trusted.
    tickettype: ticketTypeForIssue[body.issuetype as TicketIssueType],
  }));
export type TicketCreate = z.output<typeof ticketCreateSchema>;

export const ticketCommentSchema = z.strictObject({
  comment: z
    .string({ error: ticketMessages.commentRequired })
    .trim()
    .min(1, ticketMessages.commentRequired)
    .max(20_000, ticketMessages.commentTooLong),
});
export type TicketComment = z.output<typeof ticketCommentSchema>;

export const ticketStatusSchema = z.strictObject({
  status: z.enum(ticketStatuses, { error: ticketMessages.statusRequired }),
});

// POST /api/ticket/ventia: a technician's job ticket (spec 2.2 technician job creator).
export const jobTicketSchema = z.strictObject({
  siteid: recordIdSchema(ticketMessages.siteRequired),
  technicianid: recordIdSchema(ticketMessages.technicianRequired),
  subject: z
    .string({ error: ticketMessages.subjectRequired })
    .trim()
    .min(1, ticketMessages.subjectRequired)
    .max(200, ticketMessages.subjectTooLong)
    .pipe(text(200)),
  description: z
    .string({ error: ticketMessages.descriptionRequired })
    .trim()
    .min(1, ticketMessages.descriptionRequired)
    .max(20_000, ticketMessages.descriptionTooLong),
  scheduledtime: z
    .number({ error: ticketMessages.scheduledTimeInvalid })
    .int(ticketMessages.scheduledTimeInvalid)
    .min(0, ticketMessages.scheduledTimeInvalid)
    .nullable()
    .optional()
    .transform((value) => value || null),
});
export type JobTicketCreate = z.output<typeof jobTicketSchema>;

// GET /api/tickets sorts by these (the row's own field names), `-` first for descending; newest
// activity first when no sort is named.
export const ticketSortFields = ['updated_at', 'created_at', 'ticketid'] as const;
export type TicketSortField = (typeof ticketSortFields)[number];

// The built-in list counts its tickets within listCountWindow (api.ts): counting all 50,000 tickets
// for every page of the NOC's list would cost more than the page itself, and ten pages ahead is as
// far as anyone pages without filtering.

export const ticketListQuerySchema = listQuerySchema.extend({
  status: z.enum(ticketStatuses).optional(),
  kind: z.enum(ticketKinds).optional(),
  siteid: idSchema.optional(),
  // Tickets naming the service (the service report reads them).
  serviceid: serviceIdParamSchema.optional(),
});
export type TicketListQuery = z.output<typeof ticketListQuerySchema>;

// GET /api/export/tickets: the list's filters and sort, without its paging.
export const ticketExportQuerySchema = ticketListQuerySchema.omit({ limit: true, offset: true });

// The tickets list as a CSV file: what the table shows, with who asked, who has it and when it began,
// times on the reader's clock.
export function ticketCsvColumns(zone: string): readonly CsvColumn<TicketListRow>[] {
  return [
    { header: 'Ticket', value: (t) => t.ticketid },
    { header: 'Subject', value: (t) => t.subject },
    { header: 'Status', value: (t) => ticketStatusLabels[t.status] ?? t.status },
    { header: 'Type', value: (t) => ticketTypeLabel(t.tickettype) },
    { header: 'Kind', value: (t) => ticketKindLabels[t.kind] ?? t.kind },
    { header: 'Customer', value: (t) => t.customercode },
    { header: 'Requester', value: (t) => t.requester },
    { header: 'Site', value: (t) => t.sitename },
    { header: 'Assignee', value: (t) => t.assigneename },
    { header: csvTimeHeader('Created', zone), value: (t) => csvDateTime(t.created_at, zone) },
    { header: csvTimeHeader('Updated', zone), value: (t) => csvDateTime(t.updated_at, zone) },
  ];
}

// ---------------------------------------------------------------------------------------------------
// Who sees which tickets (contract, decisions.md 'Who sees and does what'): the NOC and engineering
// every ticket; a technician the job tickets assigned to them; a customer its own support tickets
// and site access requests, never the provider's job tickets.

export type TicketScope =
  | { kind: 'all' }
  | { kind: 'customer'; customerId: number }
  | { kind: 'assignee'; userId: number };

export function ticketScopeOf(actor: Pick<Actor, 'type' | 'customerId' | 'userId'>): TicketScope {
  if (actor.type === 2) return { kind: 'assignee', userId: actor.userId };
  if (actor.type === 1 || actor.type === 3) return { kind: 'all' };
  return { kind: 'customer', customerId: actor.customerId };
}

export function ticketInScope(
  scope: TicketScope,
  ticket: Pick<TicketListRow, 'customerid' | 'kind' | 'assigneeuserid'>,
): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'assignee') return ticket.kind === 'job' && ticket.assigneeuserid === scope.userId;
  return ticket.customerid === scope.customerId && ticket.kind !== 'job';
}

// The statuses a caller may set on a ticket in their scope: the NOC and engineering any; a technician
// their own job tickets (the scope makes them their own) to pending or solved (decisions.md), so a
// job is closed by whoever did it. Customers comment only.
export const technicianTicketStatuses = ['pending', 'solved'] as const satisfies readonly TicketStatus[];

export function ticketStatusesFor(
  actor: Pick<Actor, 'type' | 'companyAdmin' | 'chameleon'>,
  ticket: Pick<TicketListRow, 'kind'>,
): readonly TicketStatus[] {
  if (can(actor, 'tickets.manage')) return ticketStatuses;
  if (can(actor, 'jobtickets.manage') && ticket.kind === 'job') return technicianTicketStatuses;
  return [];
}

// A ticket's first comment is its description as written (Zendesk's rule, and the built-in system
// stores it so): the HTML with its table of facts. The ticket page shows it once, as the description,
// and the thread below starts with the first reply (issue 12: it was shown twice, once flattened).
export function ticketThread<C>(ticket: { comments: readonly C[] }): { opening: C | null; replies: C[] } {
  const [opening, ...replies] = ticket.comments;
  return { opening: opening ?? null, replies };
}

// Customer works happen somewhere people go: an enabled physical or interconnect site, never a VPLS,
// an L3VPN or an internet service (issue 12), nor a disabled site (spec 5).
export function worksSiteEligible(site: { sitetype: number; status: number }): boolean {
  return site.status === 1 && siteNeedsAddress(site.sitetype);
}

// Reading tickets (and commenting on those in scope): ticket users, and technicians for their jobs.
export function canReadTickets(actor: Pick<Actor, 'type' | 'companyAdmin' | 'chameleon'>): boolean {
  return can(actor, 'tickets.view') || can(actor, 'jobtickets.manage');
}

// The API contract (docs/decisions/023-one-api-contract.md): what the ticket routes take and answer.
export const ticketListRowSchema = z.object({
  ticketid: z.number(),
  subject: z.string(),
  status: z.enum(ticketStatuses),
  tickettype: z.string(),
  kind: z.enum(ticketKinds),
  customerid: z.number(),
  customercode: z.string(),
  requester: z.string(),
  siteid: z.number().nullable(),
  sitename: z.string().nullable(),
  assigneeuserid: z.number().nullable(),
  assigneename: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});

export const ticketCommentReplySchema = z.object({
  commentid: z.number(),
  author: z.string(),
  authoruserid: z.number().nullable(),
  htmlbody: z.string(),
  created_at: z.number(),
});

export const ticketDetailSchema = ticketListRowSchema.extend({
  description: z.string(),
  ccs: z.array(z.string()),
  services: z.array(z.string()),
  starttime: z.number().nullable(),
  endtime: z.number().nullable(),
  comments: z.array(ticketCommentReplySchema),
  attachments: z.array(
    z.object({ attachmentid: z.number(), filename: z.string(), contenttype: z.string(), size: z.number() }),
  ),
  eventid: z.number().nullable(),
});

export const ticketCreatedSchema = z.object({ ticketid: z.number() });

export const technicianSchema = z.object({
  userid: z.number(),
  firstname: z.string(),
  surname: z.string(),
  email: z.string(),
});

export const ticketParamsSchema = z.object({ ticketid: idSchema });
export const ticketAttachmentParamsSchema = ticketParamsSchema.extend({ attachmentid: idSchema });
export const techniciansSchema = z.array(technicianSchema);
export const ticketCommentAddedSchema = z.object({
  comment: ticketCommentReplySchema.pick({ author: true, authoruserid: true, htmlbody: true }),
});
export const ticketStatusReplySchema = z.object({ ticketid: z.number(), status: z.enum(ticketStatuses) });
