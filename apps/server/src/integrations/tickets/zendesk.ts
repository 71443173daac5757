import { createHash } from 'node:crypto';
import { type TicketKind, ticketKinds, ticketStatuses } from '@lightpath/domain/tickets';
import { inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { sites } from '../../db/schema/inventory';
import { users } from '../../db/schema/users';
import { AppError, NotFound } from '../../platform/errors';
import { sanitiseHtml } from '../../platform/sanitise-html';
import { type IntegrationHealth, reasonOf, unrecorded } from '../health';
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

export type ZendeskOptions = {
  url: string;
  email: string;
  apiToken: string;
  timeoutMs?: number;
  // Attachments can be large; they get their own, longer timeout.
  uploadTimeoutMs?: number;
  // Longest Retry-After (429) worth waiting for inside a request; longer ones fail at once.
  maxRetryWaitMs?: number;
  fetch?: typeof fetch;
  health?: IntegrationHealth;
};

export const zendeskMessages = {
  unavailable: 'An error occurred while talking to Zendesk. Please try again.',
  busy: (seconds: number) => `Zendesk is busy. Please try again in ${seconds} seconds.`,
  refused: (details: string) => `Zendesk refused the change: ${details}`,
  closed: (ticketid: number) => `Ticket #${ticketid} is closed in Zendesk and can no longer be changed`,
  notFound: (ticketid: number) => `Ticket #${ticketid} not found`,
} as const;

// Zendesk failed or refused: a reply for people (502, 503 when rate limited, 409 for a closed
// ticket) with what Zendesk said kept in `detail` for the log. Never carries the token.
export class ZendeskError extends AppError {
  constructor(
    status: number,
    message: string,
    readonly detail: string,
    readonly zendeskStatus: number | null = null,
  ) {
    super(status, message);
    this.name = 'ZendeskError';
  }
}

type ZUser = { id: number; name: string; email: string | null };
type ZOrganization = { id: number; name: string; external_id: string | null };
type ZTicket = {
  id: number;
  external_id: string | null;
  subject: string | null;
  description: string | null;
  type: 'problem' | 'incident' | 'question' | 'task' | null;
  status: string;
  requester_id: number | null;
  organization_id: number | null;
  email_cc_ids?: number[];
  tags: string[];
  created_at: string;
  updated_at: string;
};
type ZAttachment = { id: number; file_name: string; content_type: string; size: number };
type ZComment = {
  id: number;
  author_id: number;
  html_body: string;
  public: boolean;
  attachments: ZAttachment[];
  created_at: string;
};
type Sideloads = { users?: ZUser[]; organizations?: ZOrganization[] };
type Page = Sideloads & { next_page: string | null; previous_page: string | null; count: number };
type Query = Record<string, string | number>;

// Zendesk's own caps: per_page is at most 100, and offset pagination stops after 100 pages.
const maxPerPage = 100;
const maxPages = 100;
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

// Code <-> organization id and e-mail -> user id, per Zendesk account, for the life of the process.
type AccountCache = {
  orgByCode: Map<string, number>;
  codeByOrg: Map<number, string>;
  userByEmail: Map<string, number>;
};
const accountCaches = new Map<string, AccountCache>();

type Directory = {
  byId: Map<number, { code: string; name: string }>;
  byCode: Map<string, number>;
  provider: { id: number; code: string } | null;
};

export function zendeskTickets(options: ZendeskOptions, { log }: TicketSystemDependencies): TicketSystem {
  const base = new URL(options.url.endsWith('/') ? options.url : `${options.url}/`);
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const uploadTimeoutMs = options.uploadTimeoutMs ?? 60_000;
  const maxRetryWaitMs = options.maxRetryWaitMs ?? 10_000;
  const health = options.health ?? unrecorded;
  const authorization = `Basic ${Buffer.from(`${options.email}/token:${options.apiToken}`).toString('base64')}`;
  const cacheKey = base.href;
  const cache: AccountCache = accountCaches.get(cacheKey) ?? {
    orgByCode: new Map(),
    codeByOrg: new Map(),
    userByEmail: new Map(),
  };
  accountCaches.set(cacheKey, cache);

  function apiUrl(path: string, query: Query = {}): URL {
    const url = new URL(`api/v2/${path}`, base);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    return url;
  }

  type Send = {
    json?: unknown;
    bytes?: { data: Uint8Array; contentType: string };
    headers?: Record<string, string>;
    // 404 answers null instead of failing (a ticket that does not exist).
    missingOk?: boolean;
    // 409 answers null instead of failing (safe_update lost a race; the caller reads again).
    conflictOk?: boolean;
  };

  // Every request's outcome goes to the Integrations page. An answer the client accepts (a missing
  // ticket, a lost safe_update race) is a success; anything it throws, a 422 refusal included, a failure.
  async function request<T>(method: string, url: URL, send: Send = {}): Promise<T | null> {
    try {
      const reply = await requestOnce<T>(method, url, send);
      health.succeeded();
      return reply;
    } catch (error) {
      health.failed(error instanceof ZendeskError ? error.detail : reasonOf(error));
      throw error;
    }
  }

  async function requestOnce<T>(method: string, url: URL, send: Send): Promise<T | null> {
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await doFetch(url, {
          method,
          headers: {
            authorization,
            accept: 'application/json',
            ...(send.json !== undefined ? { 'content-type': 'application/json' } : {}),
            ...(send.bytes ? { 'content-type': send.bytes.contentType } : {}),
            ...send.headers,
          },
          ...(send.json !== undefined ? { body: JSON.stringify(send.json) } : {}),
          // A copy: fetch takes only bytes backed by a plain ArrayBuffer.
          ...(send.bytes ? { body: new Uint8Array(send.bytes.data) } : {}),
          signal: AbortSignal.timeout(send.bytes ? uploadTimeoutMs : timeoutMs),
        });
      } catch (error) {
        throw fail(method, url, null, `no answer: ${(error as Error).message}`);
      }
      if (response.status === 429) {
        const seconds = Math.max(1, Number(response.headers.get('retry-after')) || 1);
        await response.body?.cancel();
        // A 429 means nothing was done, so one retry is safe even for a POST.
        if (attempt === 0 && seconds * 1000 <= maxRetryWaitMs) {
          await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
          continue;
        }
        throw fail(
          method,
          url,
          429,
          `rate limited, retry after ${seconds} s`,
          zendeskMessages.busy(seconds),
          503,
        );
      }
      if (response.status === 404 && send.missingOk) {
        await response.body?.cancel();
        return null;
      }
      if (response.status === 409 && send.conflictOk) {
        await response.body?.cancel();
        return null;
      }
      const text = await response.text().catch(() => '');
      if (!response.ok) {
        const said = describeFailure(text);
        if (response.status === 422)
          throw fail(method, url, 422, said, zendeskMessages.refused(said || 'invalid record'));
        throw fail(method, url, response.status, said || text.slice(0, 300));
      }
      if (response.status === 204 || text === '') return null;
      try {
        return JSON.parse(text) as T;
      } catch {
        throw fail(method, url, response.status, 'answered without JSON');
      }
    }
  }

  function fail(
    method: string,
    url: URL,
    status: number | null,
    detail: string,
    message: string = zendeskMessages.unavailable,
    replyStatus = 502,
  ): ZendeskError {
    // The path only: the credentials are in a header, never in the URL or the log.
    const where = `${method} ${url.pathname}`;
    log.warn({ zendesk: where, status, detail }, 'zendesk request failed');
    return new ZendeskError(replyStatus, message, `${where}: ${status ?? 'no answer'} ${detail}`, status);
  }

  const get = <T>(path: string, query: Query = {}) =>
    request<T>('GET', apiUrl(path, query), { missingOk: true });

  // Every page of a list, following next_page (only on this Zendesk: the token goes nowhere else).
  async function readPages<T>(path: string, key: string, query: Query) {
    const items: T[] = [];
    const sideloads = emptySideloads();
    let next: URL | null = apiUrl(path, { per_page: maxPerPage, ...query });
    let count = 0;
    for (let page = 0; next && page < maxPages; page += 1) {
      const reply: (Page & Record<string, unknown>) | null = await request<Page & Record<string, unknown>>(
        'GET',
        next,
      );
      if (!reply) break;
      items.push(...((reply[key] as T[] | undefined) ?? []));
      addSideloads(sideloads, reply);
      count = reply.count;
      next = reply.next_page ? new URL(reply.next_page) : null;
      if (next && next.origin !== base.origin) throw fail('GET', apiUrl(path), null, 'paged to another host');
    }
    return { items, count, sideloads };
  }

  // The rows offset..offset+limit of a list, in Zendesk's pages of at most 100.
  async function readWindow(path: string, query: Query, offset: number, limit: number) {
    const perPage = limit <= maxPerPage && offset % limit === 0 ? limit : maxPerPage;
    const first = Math.floor(offset / perPage) + 1;
    const last = Math.floor((offset + limit - 1) / perPage) + 1;
    const tickets: ZTicket[] = [];
    const sideloads = emptySideloads();
    let count = 0;
    for (let page = first; page <= last; page += 1) {
      const reply = await get<Page & { tickets: ZTicket[] }>(path, { ...query, per_page: perPage, page });
      if (!reply) break;
      tickets.push(...reply.tickets);
      addSideloads(sideloads, reply);
      count = reply.count;
      if (!reply.next_page) break;
    }
    const skip = offset - (first - 1) * perPage;
    return { tickets: tickets.slice(skip, skip + limit), count, sideloads };
  }

  function remember(org: ZOrganization) {
    if (!org.external_id) return;
    cache.orgByCode.set(org.external_id.toUpperCase(), org.id);
    cache.codeByOrg.set(org.id, org.external_id.toUpperCase());
  }

  // The organization of a portal customer; created (named after the customer) when asked to.
  async function organizationOf(db: DbOrTx, customerId: number, create: boolean): Promise<number | null> {
    const [customer] = await db
      .select({ code: customers.customerCode, name: customers.customerName })
      .from(customers)
      .where(sql`${customers.customerId} = ${customerId}`);
    if (!customer) throw new NotFound('Customer not found');
    const code = customer.code.toUpperCase();
    const known = cache.orgByCode.get(code);
    if (known !== undefined) return known;
    const found = await get<{ organizations: ZOrganization[] }>('organizations/search.json', {
      external_id: customer.code,
    });
    const match = found?.organizations.find((o) => o.external_id?.toUpperCase() === code);
    if (match) {
      remember(match);
      return match.id;
    }
    if (!create) return null;
    try {
      const created = await request<{ organization: ZOrganization }>('POST', apiUrl('organizations.json'), {
        json: { organization: { name: customer.name, external_id: customer.code } },
      });
      if (!created) throw fail('POST', apiUrl('organizations.json'), null, 'no organization in the reply');
      remember(created.organization);
      return created.organization.id;
    } catch (error) {
      // Two first tickets for one customer raced, and the other created it ('Name: has already been
      // taken'): use that one. Anything else (a same-named organization without the code) stands.
      if (!(error instanceof ZendeskError && error.zendeskStatus === 422)) throw error;
      const again = await get<{ organizations: ZOrganization[] }>('organizations/search.json', {
        external_id: customer.code,
      });
      const raced = again?.organizations.find((o) => o.external_id?.toUpperCase() === code);
      if (!raced) throw error;
      remember(raced);
      return raced.id;
    }
  }

  // The Zendesk user for a portal user, so a comment shows who wrote it; created if Zendesk has none.
  async function zendeskUserOf(db: DbOrTx, userId: number): Promise<number | null> {
    const [user] = await db
      .select({ email: users.email, firstname: users.firstname, surname: users.surname })
      .from(users)
      .where(sql`${users.userId} = ${userId}`);
    if (!user) return null;
    const email = user.email.toLowerCase();
    const known = cache.userByEmail.get(email);
    if (known !== undefined) return known;
    const reply = await request<{ user: ZUser }>('POST', apiUrl('users/create_or_update.json'), {
      json: { user: { email: user.email, name: `${user.firstname} ${user.surname}`.trim() } },
    });
    if (!reply) return null;
    cache.userByEmail.set(email, reply.user.id);
    return reply.user.id;
  }

  async function directoryOf(db: DbOrTx): Promise<Directory> {
    const rows = await db
      .select({
        id: customers.customerId,
        code: customers.customerCode,
        name: customers.customerName,
        isProvider: customers.isProvider,
      })
      .from(customers);
    const provider = rows.find((r) => r.isProvider);
    return {
      byId: new Map(rows.map((r) => [r.id, { code: r.code, name: r.name }])),
      byCode: new Map(rows.map((r) => [r.code.toUpperCase(), r.id])),
      provider: provider ? { id: provider.id, code: provider.code } : null,
    };
  }

  function customerOf(ticket: ZTicket, directory: Directory, sideloads: Sideloads) {
    for (const org of sideloads.organizations ?? []) remember(org);
    const code = ticket.organization_id === null ? undefined : cache.codeByOrg.get(ticket.organization_id);
    const id = code === undefined ? undefined : directory.byCode.get(code);
    if (id !== undefined && code !== undefined) return { customerid: id, customercode: code };
    return { customerid: directory.provider?.id ?? 0, customercode: directory.provider?.code ?? '' };
  }

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

  async function requesterOf(db: DbOrTx, requester: string): Promise<{ name?: string; email: string }> {
    const named = requester.match(/^\s*(.*?)\s*<([^>]+)>\s*$/);
    const email = (named ? named[2]! : requester).trim();
    if (named?.[1]) return { name: named[1], email };
    // A portal user's own name, rather than Zendesk making one up from the address.
    const [user] = await db
      .select({ firstname: users.firstname, surname: users.surname })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    return user ? { name: `${user.firstname} ${user.surname}`.trim(), email } : { email };
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
      const created = await request<{ ticket: ZTicket }>('POST', apiUrl('tickets.json'), {
        headers: { 'idempotency-key': dedupeKey },
        json: {
          ticket: {
            external_id: dedupeKey,
            subject: ticket.subject,
            comment: { html_body: ticket.htmlcomment, public: true, ...(uploads.length ? { uploads } : {}) },
            requester: await requesterOf(db, ticket.requester),
            email_ccs: [...new Set(ticket.ccs.map((c) => c.trim()).filter((c) => c.includes('@')))].map(
              (email) => ({ user_email: email, action: 'put' }),
            ),
            organization_id: organizationId,
            type: ticket.tickettype === 'hazard' ? 'task' : ticket.tickettype,
            tags: writeTags(ticket),
          },
        },
      });
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
      let path = 'tickets.json';
      if (query.customerId !== null && !providerOnly) {
        const organizationId = await organizationOf(db, query.customerId, false);
        if (organizationId === null) return { count: 0, results: [] };
        path = `organizations/${organizationId}/tickets.json`;
      }
      const params = { ...sortParams[query.sort], include: 'users,organizations' };
      // Zendesk's list endpoints filter by organization only. Status, kind (a tag), site,
      // technician and the search text are applied here, on every page of the list: Zendesk's
      // search API could filter, but it is eventually consistent (a new ticket is missing from it
      // for a while), which a list shown right after creating a ticket cannot live with.
      const filtered =
        providerOnly ||
        query.kind !== undefined ||
        query.status !== undefined ||
        query.siteId !== undefined ||
        query.assigneeUserId !== undefined ||
        !!query.q?.trim();
      if (!filtered) {
        const window = await readWindow(path, params, query.offset, query.limit);
        return { count: window.count, results: await toRows(db, window.tickets, window.sideloads) };
      }
      const all = await readPages<ZTicket>(path, 'tickets', params);
      const needle = query.q?.trim().toLowerCase().replace(/^#/, '');
      const rows = (await toRows(db, all.items, all.sideloads)).filter(
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

// Zendesk's error bodies: {error, description, details: {field: [{description}]}} (422 RecordInvalid),
// or {error: "Couldn't authenticate you"} (401), or {error: {title, message}} on some endpoints.
function describeFailure(text: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return '';
  }
  if (!body || typeof body !== 'object') return '';
  const { error, description, details } = body as {
    error?: unknown;
    description?: unknown;
    details?: Record<string, { description?: string }[]>;
  };
  const fromDetails = Object.values(details ?? {})
    .flat()
    .map((d) => d?.description)
    .filter((d): d is string => typeof d === 'string' && d !== '');
  if (fromDetails.length) return fromDetails.join('; ');
  if (typeof description === 'string' && description) return description;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') {
    const { title, message } = error as { title?: string; message?: string };
    return [title, message].filter(Boolean).join(': ');
  }
  return '';
}

function emptySideloads(): Required<Sideloads> {
  return { users: [], organizations: [] };
}

function addSideloads(into: Required<Sideloads>, reply: Sideloads) {
  into.users.push(...(reply.users ?? []));
  into.organizations.push(...(reply.organizations ?? []));
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
