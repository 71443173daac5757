import { createHash } from 'node:crypto';
import { type TicketKind, ticketKinds, ticketStatuses } from '@lightpath/domain/tickets';
import { inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { sites } from '../../db/schema/inventory';
import { users } from '../../db/schema/users';
import { NotFound } from '../../platform/errors';
import { sanitiseHtml } from '../../platform/sanitise-html';
import type {
  NewTicket,
  TicketCommentRow,
  TicketDetail,
  TicketListQuery,
  TicketListRow,
  TicketStatus,
  TicketSummary,
  TicketSystem,
  TicketSystemDependencies,
  TicketType,
} from './ticket-system';
import {
  type Sideloads,
  type ZComment,
  ZendeskError,
  type ZendeskOptions,
  type ZTicket,
  zendeskApi,
  zendeskMessages,
} from './zendesk-api';
import { zendeskDirectory } from './zendesk-directory';

// The client's face for its callers (select.ts, the contract test): the client, its options and its error.
export { ZendeskError, type ZendeskOptions } from './zendesk-api';

// The Zendesk Support API client (decisions.md, External systems; docs/integrations.md, Zendesk).
// Chosen by select.ts when ZENDESK_URL, ZENDESK_EMAIL and ZENDESK_API_TOKEN are set.
//
// How the portal's tickets live in Zendesk:
// - A portal customer is the Zendesk organization whose external_id is the customer code. The first
//   ticket for a customer without one creates it (name = customer name). Code <-> organization id is
//   cached for the life of the process: organizations are not renumbered, and a restart clears it.
//   A ticket in no organization, or in one that is no portal customer, belongs to the provider
//   customer (the operator's own tickets), so provider staff see it and customers never do.
// - Zendesk has no fields for the portal's kind, site, technician, services or times, and custom
//   ticket fields would need ids configured per account, so they travel as tags, which Zendesk stores
//   lower-case and can filter on: lightpath_kind_job, lightpath_site_123, lightpath_assignee_45,
//   lightpath_service_ung0012004701b, lightpath_start_<unix>, lightpath_end_<unix>.
// - tickettype is Zendesk's type (incident, question, task, problem); a hazard is a task tagged
//   lightpath_hazard. Statuses are Zendesk's; 'closed' (solved and archived, never to change again)
//   reads as 'solved'.
// - The requester is {name?, email}, the ccs are email_ccs; Zendesk creates users it does not know.
// - createTicket runs outside the portal's transaction, so the caller's dedupe key is the ticket's
//   external_id and is looked up first (GET /tickets.json?external_id=): a retry finds the first
//   ticket and creates nothing. The key also goes as Idempotency-Key, which Zendesk honours for two
//   hours, for two attempts racing each other before either ticket exists.
// - A comment added through the portal tags the ticket lightpath_comment_<hash of the dedupe key>
//   in the same update (guarded by safe_update), so a retry sees the tag and adds nothing.
// - Comments from Zendesk are HTML written by agents and e-mail: they pass through sanitiseHtml
//   before they leave getTicket.

const tag = {
  kind: 'lightpath_kind_',
  site: 'lightpath_site_',
  assignee: 'lightpath_assignee_',
  service: 'lightpath_service_',
  start: 'lightpath_start_',
  end: 'lightpath_end_',
  hazard: 'lightpath_hazard',
  comment: 'lightpath_comment_',
} as const;

const sortParams: Record<TicketListQuery['sort'], { sort_by: string; sort_order: 'asc' | 'desc' }> = {
  updated: { sort_by: 'updated_at', sort_order: 'asc' },
  '-updated': { sort_by: 'updated_at', sort_order: 'desc' },
  created: { sort_by: 'created_at', sort_order: 'asc' },
  '-created': { sort_by: 'created_at', sort_order: 'desc' },
  ticketid: { sort_by: 'id', sort_order: 'asc' },
  '-ticketid': { sort_by: 'id', sort_order: 'desc' },
};

export function zendeskTickets(options: ZendeskOptions, { log }: TicketSystemDependencies): TicketSystem {
  const api = zendeskApi(options, log);
  const { apiUrl, request, get, fail, readPages, readWindow } = api;
  const { organizationOf, organizationAgain, zendeskUserOf, directoryOf, customerOf, requesterOf } =
    zendeskDirectory(api);

  async function toRows(db: DbOrTx, tickets: ZTicket[], sideloads: Sideloads): Promise<TicketListRow[]> {
    if (tickets.length === 0) return [];
    const directory = await directoryOf(db);
    const people = new Map((sideloads.users ?? []).map((u) => [u.id, u]));
    const read = tickets.map((t) => ({ ticket: t, tags: readTags(t.tags) }));
    const siteIds = [...new Set(read.flatMap((r) => (r.tags.siteId === null ? [] : [r.tags.siteId])))];
    const userIds = [
      ...new Set(read.flatMap((r) => (r.tags.assigneeUserId === null ? [] : [r.tags.assigneeUserId]))),
    ];
    const [siteRows, userRows] = await Promise.all([
      siteIds.length
        ? db
            .select({ id: sites.siteId, name: sites.siteName })
            .from(sites)
            .where(inArray(sites.siteId, siteIds))
        : [],
      userIds.length
        ? db
            .select({ id: users.userId, firstname: users.firstname, surname: users.surname })
            .from(users)
            .where(inArray(users.userId, userIds))
        : [],
    ]);
    const siteNames = new Map(siteRows.map((s) => [s.id, s.name]));
    const userNames = new Map(userRows.map((u) => [u.id, `${u.firstname} ${u.surname}`.trim()]));
    return read.map(({ ticket, tags }) => ({
      ticketid: ticket.id,
      subject: ticket.subject ?? '',
      status: statusOf(ticket.status),
      tickettype: typeOf(ticket, tags.hazard),
      kind: tags.kind,
      ...customerOf(ticket, directory, sideloads),
      requester: (ticket.requester_id !== null && people.get(ticket.requester_id)?.email) || '',
      siteid: tags.siteId,
      sitename: tags.siteId === null ? null : (siteNames.get(tags.siteId) ?? null),
      assigneeuserid: tags.assigneeUserId,
      assigneename: tags.assigneeUserId === null ? null : (userNames.get(tags.assigneeUserId) ?? null),
      created_at: toSeconds(ticket.created_at),
      updated_at: toSeconds(ticket.updated_at),
    }));
  }

  async function showTicket(ticketid: number) {
    if (!Number.isSafeInteger(ticketid) || ticketid <= 0) return null;
    return get<Sideloads & { ticket: ZTicket }>(`tickets/${ticketid}.json`, {
      include: 'users,organizations',
    });
  }

  async function findByExternalId(externalId: string): Promise<ZTicket | null> {
    const found = await get<{ tickets: ZTicket[] }>('tickets.json', { external_id: externalId });
    return found?.tickets.find((t) => t.external_id === externalId) ?? null;
  }

  return {
    kind: 'zendesk',

    async createTicket(db, ticket, dedupeKey) {
      const existing = await findByExternalId(dedupeKey);
      if (existing) return { ticketid: existing.id };
      const organizationId = await organizationOf(db, ticket.customerId, true);
      // One upload (one token) per file, sent with the opening comment.
      const uploads: string[] = [];
      for (const file of ticket.attachments ?? []) {
        const url = apiUrl('uploads.json', { filename: file.fileName });
        const reply = await request<{ upload: { token: string } }>('POST', url, {
          bytes: { data: await file.read(), contentType: file.contentType || 'application/octet-stream' },
        });
        if (!reply) throw fail('POST', url, null, 'no upload token in the reply');
        uploads.push(reply.upload.token);
      }
      // Looked up once: a second send (below) carries the same requester.
      const requester = await requesterOf(db, ticket.requester);
      const send = (organizationId: number | null, idempotencyKey: string) =>
        request<{ ticket: ZTicket }>('POST', apiUrl('tickets.json'), {
          headers: { 'idempotency-key': idempotencyKey },
          json: {
            ticket: {
              external_id: dedupeKey,
              subject: ticket.subject,
              comment: {
                html_body: ticket.htmlcomment,
                public: true,
                ...(uploads.length ? { uploads } : {}),
              },
              requester,
              email_ccs: [...new Set(ticket.ccs.map((c) => c.trim()).filter((c) => c.includes('@')))].map(
                (email) => ({ user_email: email, action: 'put' }),
              ),
              organization_id: organizationId,
              type: ticket.tickettype === 'hazard' ? 'task' : ticket.tickettype,
              tags: writeTags(ticket),
            },
          },
        });
      let created: { ticket: ZTicket } | null;
      try {
        created = await send(organizationId, dedupeKey);
      } catch (error) {
        // The kept organization may have been deleted or merged in Zendesk since: look the customer up
        // again and, if Zendesk now has another, send once more. Under a key of its own, as the
        // refused request may be on record under the first (the external id still dedupes).
        if (!(error instanceof ZendeskError && error.zendeskStatus === 422) || organizationId === null)
          throw error;
        const current = await organizationAgain(db, ticket.customerId, organizationId, true);
        if (current === organizationId) throw error;
        created = await send(current, `${dedupeKey}:organization:${current}`);
      }
      if (!created) throw fail('POST', apiUrl('tickets.json'), null, 'no ticket in the reply');
      return { ticketid: created.ticket.id };
    },

    async addComment(db, ticketid, comment, dedupeKey) {
      const marker = `${tag.comment}${createHash('sha256').update(dedupeKey).digest('hex').slice(0, 16)}`;
      const authorId = comment.authorUserId === null ? null : await zendeskUserOf(db, comment.authorUserId);
      // safe_update refuses (409) if someone changed the ticket since it was read: read again and
      // retry, so the tags written back never drop someone else's.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const shown = await showTicket(ticketid);
        if (!shown) throw new NotFound(zendeskMessages.notFound(ticketid));
        const current = shown.ticket;
        if (current.tags.includes(marker)) return;
        if (current.status === 'closed') throw closed(ticketid);
        const updated = await request<{ ticket: ZTicket }>('PUT', apiUrl(`tickets/${ticketid}.json`), {
          conflictOk: true,
          json: {
            ticket: {
              comment: {
                html_body: comment.htmlcomment,
                public: true,
                ...(authorId === null ? {} : { author_id: authorId }),
              },
              tags: [...current.tags, marker],
              safe_update: true,
              updated_stamp: current.updated_at,
            },
          },
        });
        if (updated) return;
      }
      throw fail('PUT', apiUrl(`tickets/${ticketid}.json`), 409, 'the ticket kept changing under the update');
    },

    async findTicket(db, ticketid) {
      const shown = await showTicket(ticketid);
      if (!shown) return null;
      const t = shown.ticket;
      const tags = readTags(t.tags);
      const { customerid } = customerOf(t, await directoryOf(db), shown);
      return {
        ticketid: t.id,
        customerid,
        subject: t.subject ?? '',
        tickettype: typeOf(t, tags.hazard),
        status: statusOf(t.status),
        starttime: tags.starttime,
        endtime: tags.endtime,
        services: tags.services,
      } satisfies TicketSummary;
    },

    async listTickets(db, query) {
      if (query.limit <= 0) return { count: 0, results: [] };
      const directory = await directoryOf(db);
      const providerOnly = query.customerId !== null && query.customerId === directory.provider?.id;
      const customerId = providerOnly ? null : query.customerId;
      const organizationId = customerId === null ? null : await organizationOf(db, customerId, false);
      if (customerId !== null && organizationId === null) return { count: 0, results: [] };
      const listOf = (organization: number) => `organizations/${organization}/tickets.json`;
      // The customer's organization's list (or every ticket's). A kept organization Zendesk no longer
      // knows (deleted or merged: its list is a 404) is looked up again, and the list read once more
      // under the one it has now; null when it has none.
      const readList = async <T extends { missing: boolean }>(read: (path: string) => Promise<T>) => {
        if (customerId === null || organizationId === null) return read('tickets.json');
        const listed = await read(listOf(organizationId));
        if (!listed.missing) return listed;
        const current = await organizationAgain(db, customerId, organizationId, false);
        return current === null || current === organizationId ? null : read(listOf(current));
      };
      const params = { ...sortParams[query.sort], include: 'users,organizations' };
      // Zendesk's list endpoints filter by organization only. Status, kind (a tag), site, service (a
      // tag), technician and the search text are applied here, on every page of the list: Zendesk's
      // search API could filter, but it is eventually consistent (a new ticket is missing from it
      // for a while), which a list shown right after creating a ticket cannot live with.
      const filtered =
        providerOnly ||
        query.kind !== undefined ||
        query.status !== undefined ||
        query.siteId !== undefined ||
        query.serviceId !== undefined ||
        query.assigneeUserId !== undefined ||
        !!query.q?.trim();
      if (!filtered) {
        const window = await readList((path) => readWindow(path, params, query.offset, query.limit));
        if (!window) return { count: 0, results: [] };
        return { count: window.count, results: await toRows(db, window.tickets, window.sideloads) };
      }
      const all = await readList((path) => readPages<ZTicket>(path, 'tickets', params, customerId !== null));
      if (!all) return { count: 0, results: [] };
      // A service is a tag on the ticket (writeTags), not a field of its row.
      const serviceTag =
        query.serviceId === undefined ? null : `${tag.service}${query.serviceId.toLowerCase()}`;
      const items = serviceTag === null ? all.items : all.items.filter((t) => t.tags.includes(serviceTag));
      const needle = query.q?.trim().toLowerCase().replace(/^#/, '');
      const rows = (await toRows(db, items, all.sideloads)).filter(
        (row) =>
          (!providerOnly || row.customerid === query.customerId) &&
          // As in the built-in store, a customer's list never shows job tickets (the provider's
          // work orders, raised by its staff and so filed under the provider's organization).
          (query.customerId === null || row.kind !== 'job') &&
          (query.kind === undefined || row.kind === query.kind) &&
          (query.status === undefined || row.status === query.status) &&
          (query.siteId === undefined || row.siteid === query.siteId) &&
          (query.assigneeUserId === undefined || row.assigneeuserid === query.assigneeUserId) &&
          (!needle ||
            String(row.ticketid) === needle ||
            row.subject.toLowerCase().includes(needle) ||
            row.requester.toLowerCase().includes(needle)),
      );
      return { count: rows.length, results: rows.slice(query.offset, query.offset + query.limit) };
    },

    async getTicket(db: Db, ticketid) {
      const shown = await showTicket(ticketid);
      if (!shown) return null;
      const [row] = await toRows(db, [shown.ticket], shown);
      const comments = await readPages<ZComment>(`tickets/${ticketid}/comments.json`, 'comments', {
        include: 'users',
        sort_order: 'asc',
      });
      const people = new Map(
        [...(shown.users ?? []), ...(comments.sideloads.users ?? [])].map((u) => [u.id, u]),
      );
      const emails = [
        ...new Set([...people.values()].flatMap((u) => (u.email ? [u.email.toLowerCase()] : []))),
      ];
      const portalUsers = emails.length
        ? await db
            .select({ id: users.userId, email: users.email })
            .from(users)
            .where(inArray(sql`lower(${users.email})`, emails))
        : [];
      const portalIds = new Map(portalUsers.map((u) => [u.email.toLowerCase(), u.id]));
      const ordered = [...comments.items].sort(
        (a, b) => toSeconds(a.created_at) - toSeconds(b.created_at) || a.id - b.id,
      );
      const rows: TicketCommentRow[] = ordered.map((c) => {
        const author = people.get(c.author_id);
        return {
          commentid: c.id,
          author: author?.name ?? 'Zendesk',
          authoruserid: (author?.email && portalIds.get(author.email.toLowerCase())) || null,
          htmlbody: sanitiseHtml(c.html_body ?? ''),
          created_at: toSeconds(c.created_at),
        };
      });
      const tags = readTags(shown.ticket.tags);
      return {
        ...row!,
        description: shown.ticket.description ?? '',
        ccs: (shown.ticket.email_cc_ids ?? []).flatMap((id) => {
          const email = people.get(id)?.email;
          return email ? [email] : [];
        }),
        services: tags.services,
        starttime: tags.starttime,
        endtime: tags.endtime,
        comments: rows,
        attachments: ordered.flatMap((c) =>
          (c.attachments ?? []).map((a) => ({
            attachmentid: a.id,
            filename: a.file_name,
            contenttype: a.content_type,
            size: a.size,
          })),
        ),
      } satisfies TicketDetail;
    },

    async setStatus(_db, ticketid, status) {
      const shown = await showTicket(ticketid);
      if (!shown) throw new NotFound(zendeskMessages.notFound(ticketid));
      if (shown.ticket.status === 'closed') {
        // Closed is solved for the portal: asking for solved again changes nothing.
        if (status === 'solved') return;
        throw closed(ticketid);
      }
      if (shown.ticket.status === status) return;
      await request('PUT', apiUrl(`tickets/${ticketid}.json`), { json: { ticket: { status } } });
    },
  };
}

function closed(ticketid: number) {
  return new ZendeskError(409, zendeskMessages.closed(ticketid), `ticket ${ticketid} is closed`, 422);
}

function statusOf(status: string): TicketStatus {
  if (status === 'closed') return 'solved';
  return (ticketStatuses as readonly string[]).includes(status) ? (status as TicketStatus) : 'open';
}

function typeOf(ticket: ZTicket, hazard: boolean): TicketType {
  if (hazard) return 'hazard';
  return ticket.type ?? 'incident';
}

function toSeconds(iso: string): number {
  return Math.floor(new Date(iso).getTime() / 1000);
}

const idTag = (prefix: string, value: number | null | undefined) =>
  value === null || value === undefined ? [] : [`${prefix}${value}`];

export function writeTags(ticket: NewTicket): string[] {
  return [
    `${tag.kind}${ticket.kind ?? 'support'}`,
    ...idTag(tag.site, ticket.siteId),
    ...idTag(tag.assignee, ticket.assigneeUserId),
    ...(ticket.tickettype === 'hazard' ? [tag.hazard] : []),
    ...[...new Set(ticket.services)].map((s) => `${tag.service}${s.toLowerCase()}`),
    ...idTag(tag.start, ticket.starttime),
    ...idTag(tag.end, ticket.endtime),
  ];
}

export function readTags(tags: string[]) {
  const read = {
    kind: 'support' as TicketKind,
    siteId: null as number | null,
    assigneeUserId: null as number | null,
    hazard: false,
    services: [] as string[],
    starttime: null as number | null,
    endtime: null as number | null,
  };
  const number = (t: string, prefix: string) => {
    const n = Number(t.slice(prefix.length));
    return Number.isSafeInteger(n) && n >= 0 ? n : null;
  };
  for (const t of tags) {
    if (t.startsWith(tag.kind)) {
      const kind = t.slice(tag.kind.length);
      if ((ticketKinds as readonly string[]).includes(kind)) read.kind = kind as TicketKind;
    } else if (t.startsWith(tag.site)) read.siteId = number(t, tag.site);
    else if (t.startsWith(tag.assignee)) read.assigneeUserId = number(t, tag.assignee);
    else if (t === tag.hazard) read.hazard = true;
    else if (t.startsWith(tag.service)) read.services.push(t.slice(tag.service.length).toUpperCase());
    else if (t.startsWith(tag.start)) read.starttime = number(t, tag.start);
    else if (t.startsWith(tag.end)) read.endtime = number(t, tag.end);
  }
  return read;
}
