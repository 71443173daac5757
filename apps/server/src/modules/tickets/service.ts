import { randomUUID } from 'node:crypto';
import { type Actor, scopeOf } from '@lightpath/domain/actor';
import { type ListPage, parseSort } from '@lightpath/domain/api';
import {
  canReadTickets,
  formatTicketTime,
  issueIsWorks,
  type JobTicketCreate,
  type TicketCommentRow,
  type TicketCreate,
  type TicketListQuery,
  type TicketListRow,
  type TicketPage,
  type TicketStatus,
  ticketInScope,
  ticketIssueLabels,
  ticketMessages,
  ticketScopeOf,
  ticketSortFields,
  ticketStatusesFor,
  worksSiteEligible,
} from '@lightpath/domain/tickets';
import { getBuiltInTicket, listBuiltInTickets } from '../../integrations/tickets/built-in';
import type {
  NewTicket,
  TicketListQuery as TicketSystemListQuery,
} from '../../integrations/tickets/ticket-system';
import { recordAudit } from '../../platform/audit';
import { recordChange } from '../../platform/changes';
import { Forbidden, Invalid, NotFound } from '../../platform/errors';
import { sanitiseHtml, textToHtml } from '../../platform/sanitise-html';
import type { ServiceContext } from '../../platform/service-context';
import { StoredFileMissing } from '../../platform/storage';
import {
  findNoticeEventId,
  findServices,
  findSite,
  findStoredAttachment,
  findTechnician,
  findTicketByRequestKey,
  findTicketScopeRow,
  listTechnicians,
  type TicketScopeRow,
} from './repository';

// The built-in store is read with named statements on the driver (the list is a hot path with a
// budget, docs/decisions/010); another ticket system is asked through the TicketSystem interface.
const builtIn = (ctx: ServiceContext) => ctx.tickets.kind === 'built-in';

function requireTicketReader(actor: Actor) {
  if (!canReadTickets(actor)) throw new Forbidden();
}

const sortOf: Record<(typeof ticketSortFields)[number], 'updated' | 'created' | 'ticketid'> = {
  updated_at: 'updated',
  created_at: 'created',
  ticketid: 'ticketid',
};

export async function listTicketsFor(
  ctx: ServiceContext,
  input: TicketListQuery,
): Promise<ListPage<TicketListRow>> {
  const { actor } = ctx.caller;
  requireTicketReader(actor);
  const scope = ticketScopeOf(actor);
  const page = { limit: input.limit, offset: input.offset };
  // A kind the caller never sees is an empty list, not a question for the database.
  if (
    (scope.kind === 'customer' && input.kind === 'job') ||
    (scope.kind === 'assignee' && input.kind !== undefined && input.kind !== 'job')
  )
    return { count: 0, results: [], ...page };
  const sort = parseSort(input.sort, ticketSortFields, 'updated_at');
  // Newest activity first unless a known field is asked for.
  const known = input.sort !== undefined && ticketSortFields.some((f) => input.sort?.replace(/^-/, '') === f);
  const descending = known ? sort.descending : true;
  const query: TicketSystemListQuery = {
    customerId: scope.kind === 'customer' ? scope.customerId : null,
    ...(scope.kind === 'assignee' ? { assigneeUserId: scope.userId, kind: 'job' as const } : {}),
    ...(input.kind !== undefined ? { kind: input.kind } : {}),
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...(input.siteid !== undefined ? { siteId: input.siteid } : {}),
    ...(input.serviceid !== undefined ? { serviceId: input.serviceid } : {}),
    ...(input.q ? { q: input.q } : {}),
    sort: `${descending ? '-' : ''}${sortOf[sort.field]}` as TicketSystemListQuery['sort'],
    ...page,
  };
  const found = builtIn(ctx)
    ? await listBuiltInTickets(ctx.query, query)
    : await ctx.tickets.listTickets(ctx.db, query);
  return { ...found, ...page };
}

// The service report reads at most this many of a service's tickets (ten lists' pages).
export const serviceTicketsLimit = 1000;

// For the service report: every ticket naming a service the caller may see, newest first, in the
// service's customer's list (no job tickets: those are the provider's work orders at sites). Null when
// the caller may not read tickets at all. The caller has checked the service is in its scope.
export async function listServiceTicketsFor(
  ctx: ServiceContext,
  service: { serviceid: string; customerid: number },
): Promise<TicketListRow[] | null> {
  if (!canReadTickets(ctx.caller.actor)) return null;
  const limit = 100;
  const rows: TicketListRow[] = [];
  for (let offset = 0; offset < serviceTicketsLimit; offset += limit) {
    const query: TicketSystemListQuery = {
      customerId: service.customerid,
      serviceId: service.serviceid,
      sort: '-created',
      limit,
      offset,
    };
    const page = builtIn(ctx)
      ? await listBuiltInTickets(ctx.query, query)
      : await ctx.tickets.listTickets(ctx.db, query);
    rows.push(...page.results);
    if (page.results.length < limit) break;
  }
  return rows;
}

export async function getTicketFor(ctx: ServiceContext, ticketid: number): Promise<TicketPage> {
  const { actor } = ctx.caller;
  requireTicketReader(actor);
  const ticket = builtIn(ctx)
    ? await getBuiltInTicket(ctx.query, ticketid)
    : await ctx.tickets.getTicket(ctx.db, ticketid);
  if (!ticket || !ticketInScope(ticketScopeOf(actor), ticket)) throw new NotFound(ticketMessages.notFound);
  const eventid =
    ticket.kind === 'support' ? await findNoticeEventId(ctx.query, ticketid, ticket.customerid) : null;
  return { ...ticket, eventid };
}

// Out of scope is 404 before anything else (even a bad body), so a refusal never confirms that
// another customer's ticket exists.
export async function requireTicketFor(ctx: ServiceContext, ticketid: number): Promise<TicketScopeRow> {
  const { actor } = ctx.caller;
  requireTicketReader(actor);
  const ticket: TicketScopeRow | null = builtIn(ctx)
    ? await findTicketScopeRow(ctx.query, ticketid)
    : await ctx.tickets.getTicket(ctx.db, ticketid);
  if (!ticket || !ticketInScope(ticketScopeOf(actor), ticket)) throw new NotFound(ticketMessages.notFound);
  return ticket;
}

export type AttachmentDownload = { filename: string; contenttype: string; bytes: Buffer };

// GET /api/ticket/{ticketid}/attachment/{attachmentid}: a file the portal stored for a ticket in scope
// (the access form). The ticket's scope is checked first, so another customer's ticket is 404 whatever
// the attachment. Files in Zendesk are opened there; the portal serves only what it stored itself.
export async function downloadAttachmentFor(
  ctx: ServiceContext,
  ticketid: number,
  attachmentid: number,
): Promise<AttachmentDownload> {
  await requireTicketFor(ctx, ticketid);
  const row = await findStoredAttachment(ctx.query, ticketid, attachmentid);
  if (!row) throw new NotFound(ticketMessages.attachmentNotFound);
  try {
    return {
      filename: row.filename,
      contenttype: row.contenttype,
      bytes: await ctx.storage.get(row.storagekey),
    };
  } catch (error) {
    if (error instanceof StoredFileMissing) throw new NotFound(ticketMessages.attachmentNotFound);
    throw error;
  }
}

export type CreateOutcome = { kind: 'created' | 'existing'; ticketid: number };

// The request key of a create: per user, so one user's Idempotency-Key never answers with another's
// ticket. Without the header every request is its own.
function requestKeyOf(actor: Actor, idempotencyKey: string | null): string {
  return idempotencyKey ? `ticket:u${actor.userId}:${idempotencyKey}` : `ticket:${randomUUID()}`;
}

async function earlierTicket(ctx: ServiceContext, idempotencyKey: string | null, requestKey: string) {
  return idempotencyKey && builtIn(ctx) ? findTicketByRequestKey(ctx.query, requestKey) : null;
}

// POST /api/ticket: the Create New Ticket wizard (spec 2.6, 5, 7.6). The body has passed
// ticketCreateSchema, so the wizard's rules hold; here the services and site must be the caller's.
export async function createSupportTicket(
  ctx: ServiceContext,
  body: TicketCreate,
  idempotencyKey: string | null,
): Promise<CreateOutcome> {
  const { actor } = ctx.caller;
  const requestKey = requestKeyOf(actor, idempotencyKey);
  const earlier = await earlierTicket(ctx, idempotencyKey, requestKey);
  if (earlier !== null) return { kind: 'existing', ticketid: earlier };

  const scope = scopeOf(actor);
  const found = body.services.length > 0 ? await findServices(ctx.query, body.services) : [];
  const byId = new Map(found.map((s) => [s.serviceid, s]));
  for (const serviceid of body.services) {
    const service = byId.get(serviceid);
    // Another customer's service reads as unknown, so the refusal confirms nothing about it.
    if (!service || (scope.kind === 'customer' && service.customerid !== scope.customerId))
      throw Invalid.field('services', ticketMessages.serviceUnknown(serviceid));
  }
  const site = body.siteid !== null ? await findSite(ctx.query, body.siteid) : null;
  if (body.siteid !== null && (!site || (scope.kind === 'customer' && site.customerid !== scope.customerId)))
    throw Invalid.field('siteid', ticketMessages.siteUnknown);
  if (site && issueIsWorks(body.issuetype) && !worksSiteEligible(site))
    throw Invalid.field('siteid', ticketMessages.worksSiteNotAPlace);

  // A customer's ticket is its own; provider staff raise it for the customer whose services (or site)
  // it names, or for their own company when it names none.
  let customerId = actor.customerId;
  if (scope.kind === 'all') {
    const owners = new Set([...found.map((s) => s.customerid), ...(site ? [site.customerid] : [])]);
    if (owners.size > 1) throw Invalid.field('services', ticketMessages.servicesOfTwoCustomers);
    customerId = [...owners][0] ?? actor.customerId;
  }

  const { timeZone } = ctx.config;
  const works = body.issuetype === 'worksnotify';
  const facts: [string, string | null][] = [
    ['Issue type', ticketIssueLabels[body.issuetype]],
    ['Services', body.services.length > 0 ? body.services.join(', ') : null],
    ['Site', site ? `${site.sitename} (${site.sitenumber})` : null],
    [works ? 'Works start' : 'Start', body.starttime ? formatTicketTime(body.starttime, timeZone) : null],
    [works ? 'Works end' : 'End', body.endtime ? formatTicketTime(body.endtime, timeZone) : null],
  ];
  const ticket: NewTicket = {
    customerId,
    requester: ctx.caller.email,
    ccs: [],
    subject: body.subject,
    htmlcomment: commentHtml(body.description, facts),
    tickettype: body.tickettype,
    services: body.services,
    starttime: body.starttime,
    endtime: body.endtime,
    createdBy: actor.userId,
    kind: 'support',
    siteId: site?.siteid ?? null,
  };
  const ticketid = await ctx.db.transaction(async (tx) => {
    const created = await ctx.tickets.createTicket(tx, ticket, requestKey);
    await recordChange(tx, 'tickets', [customerId]);
    await recordAudit(tx, ctx, {
      action: 'ticket.create',
      entity: 'ticket',
      entityId: created.ticketid,
      detail: { issuetype: body.issuetype, customerid: customerId, services: body.services },
    });
    return created.ticketid;
  });
  return { kind: 'created', ticketid };
}

// POST /api/ticket/ventia: a job ticket for a technician (spec 2.2's technician job creator). The
// provider's own work, so it belongs to the provider's customer and no customer ever lists it.
export async function createJobTicket(
  ctx: ServiceContext,
  body: JobTicketCreate,
  idempotencyKey: string | null,
): Promise<CreateOutcome> {
  const { actor } = ctx.caller;
  if (actor.type === 2 && body.technicianid !== actor.userId)
    throw Invalid.field('technicianid', ticketMessages.technicianSelfOnly);
  const requestKey = requestKeyOf(actor, idempotencyKey);
  const earlier = await earlierTicket(ctx, idempotencyKey, requestKey);
  if (earlier !== null) return { kind: 'existing', ticketid: earlier };

  const technician = await findTechnician(ctx.query, body.technicianid);
  if (!technician) throw Invalid.field('technicianid', ticketMessages.technicianInvalid);
  const site = await findSite(ctx.query, body.siteid);
  if (!site) throw Invalid.field('siteid', ticketMessages.siteUnknown);

  const requester = ctx.caller.email;
  const facts: [string, string | null][] = [
    ['Site', `${site.sitename} (${site.sitenumber})`],
    ['Technician', `${technician.firstname} ${technician.surname}`],
    ['Scheduled', body.scheduledtime ? formatTicketTime(body.scheduledtime, ctx.config.timeZone) : null],
  ];
  const ticket: NewTicket = {
    customerId: actor.customerId,
    requester,
    // The technician hears of the job by e-mail too, unless they raised it themself.
    ccs: technician.email.toLowerCase() === requester.toLowerCase() ? [] : [technician.email],
    subject: body.subject,
    htmlcomment: commentHtml(body.description, facts),
    tickettype: 'task',
    services: [],
    starttime: body.scheduledtime,
    endtime: null,
    createdBy: actor.userId,
    kind: 'job',
    siteId: site.siteid,
    assigneeUserId: technician.userid,
  };
  const ticketid = await ctx.db.transaction(async (tx) => {
    const created = await ctx.tickets.createTicket(tx, ticket, requestKey);
    // The provider's own work order: no customer hears of it.
    await recordChange(tx, 'tickets', []);
    await recordAudit(tx, ctx, {
      action: 'ticket.job.create',
      entity: 'ticket',
      entityId: created.ticketid,
      detail: { siteid: site.siteid, technicianid: technician.userid },
    });
    return created.ticketid;
  });
  return { kind: 'created', ticketid };
}

// The comment box sends text; it is stored as sanitised HTML, and the author is the signed-in person.
export async function addTicketComment(
  ctx: ServiceContext,
  ticketid: number,
  comment: string,
): Promise<Pick<TicketCommentRow, 'author' | 'authoruserid' | 'htmlbody'>> {
  const { actor } = ctx.caller;
  const scoped = await requireTicketFor(ctx, ticketid);
  const { user } = ctx.caller;
  const author = `${user.firstname} ${user.surname}`.trim() || user.email;
  const htmlbody = sanitiseHtml(textToHtml(comment));
  await ctx.db.transaction(async (tx) => {
    await ctx.tickets.addComment(
      tx,
      ticketid,
      { author, authorUserId: actor.userId, htmlcomment: htmlbody },
      `ticket:${ticketid}:comment:${randomUUID()}`,
    );
    await recordChange(tx, 'tickets', customersOf(scoped));
    await recordAudit(tx, ctx, { action: 'ticket.comment', entity: 'ticket', entityId: ticketid });
  });
  return { author, authoruserid: actor.userId, htmlbody };
}

export async function setTicketStatus(
  ctx: ServiceContext,
  ticketid: number,
  status: TicketStatus,
): Promise<void> {
  const { actor } = ctx.caller;
  const ticket = await requireTicketFor(ctx, ticketid);
  if (!ticketStatusesFor(actor, ticket).includes(status)) throw new Forbidden();
  await ctx.db.transaction(async (tx) => {
    await ctx.tickets.setStatus(tx, ticketid, status);
    await recordChange(tx, 'tickets', customersOf(ticket));
    await recordAudit(tx, ctx, {
      action: 'ticket.status',
      entity: 'ticket',
      entityId: ticketid,
      detail: { status },
    });
  });
}

// Who hears of a change to a ticket on the live stream: its customer, unless it is a job ticket (the
// provider's work order, which no customer lists).
function customersOf(ticket: TicketScopeRow): number[] {
  return ticket.kind === 'job' ? [] : [ticket.customerid];
}

export function techniciansFor(ctx: ServiceContext) {
  return listTechnicians(ctx.query);
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// The opening comment: what the person wrote, then the wizard's answers as a small table, so whoever
// picks the ticket up sees the facts without reading the subject apart.
function commentHtml(description: string, facts: [string, string | null][]): string {
  const rows = facts
    .filter((fact): fact is [string, string] => fact[1] !== null)
    .map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  return sanitiseHtml(`${textToHtml(description)}<table><tbody>${rows}</tbody></table>`);
}
