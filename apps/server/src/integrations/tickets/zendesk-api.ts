import { AppError } from '../../platform/errors';
import { type IntegrationHealth, reasonOf, unrecorded } from '../health';
import type { TicketSystemDependencies } from './ticket-system';

// Talking to the Zendesk Support API: URLs, authentication, timeouts, the one retry after a 429,
// error replies turned into ZendeskError, and paging. What the calls mean is zendesk.ts's.

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

export type ZUser = { id: number; name: string; email: string | null };
export type ZOrganization = { id: number; name: string; external_id: string | null };
export type ZTicket = {
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
export type ZAttachment = { id: number; file_name: string; content_type: string; size: number };
export type ZComment = {
  id: number;
  author_id: number;
  html_body: string;
  public: boolean;
  attachments: ZAttachment[];
  created_at: string;
};
export type Sideloads = { users?: ZUser[]; organizations?: ZOrganization[] };
export type Page = Sideloads & { next_page: string | null; previous_page: string | null; count: number };
export type Query = Record<string, string | number>;

// Zendesk's own caps: per_page is at most 100, and offset pagination stops after 100 pages.
export const maxPerPage = 100;
const maxPages = 100;

export type ZendeskApi = ReturnType<typeof zendeskApi>;

export function zendeskApi(options: ZendeskOptions, log: TicketSystemDependencies['log']) {
  const base = new URL(options.url.endsWith('/') ? options.url : `${options.url}/`);
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const uploadTimeoutMs = options.uploadTimeoutMs ?? 60_000;
  const maxRetryWaitMs = options.maxRetryWaitMs ?? 10_000;
  const health = options.health ?? unrecorded;
  const authorization = `Basic ${Buffer.from(`${options.email}/token:${options.apiToken}`).toString('base64')}`;

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
        // The status part of the reason already says 'no answer' (fail below).
        throw fail(method, url, null, (error as Error).message);
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
  // With `missingOk`, a list Zendesk does not know (404) is `missing` instead of an error.
  async function readPages<T>(path: string, key: string, query: Query, missingOk = false) {
    const items: T[] = [];
    const sideloads = emptySideloads();
    let next: URL | null = apiUrl(path, { per_page: maxPerPage, ...query });
    let count = 0;
    let missing = false;
    for (let page = 0; next && page < maxPages; page += 1) {
      const reply: (Page & Record<string, unknown>) | null = await request<Page & Record<string, unknown>>(
        'GET',
        next,
        { missingOk },
      );
      missing = page === 0 && !reply;
      if (!reply) break;
      items.push(...((reply[key] as T[] | undefined) ?? []));
      addSideloads(sideloads, reply);
      count = reply.count;
      next = reply.next_page ? new URL(reply.next_page) : null;
      if (next && next.origin !== base.origin) throw fail('GET', apiUrl(path), null, 'paged to another host');
    }
    return { items, count, sideloads, missing };
  }

  // The rows offset..offset+limit of a list, in Zendesk's pages of at most 100; `missing` when
  // Zendesk does not know the list (404).
  async function readWindow(path: string, query: Query, offset: number, limit: number) {
    const perPage = limit <= maxPerPage && offset % limit === 0 ? limit : maxPerPage;
    const first = Math.floor(offset / perPage) + 1;
    const last = Math.floor((offset + limit - 1) / perPage) + 1;
    const tickets: ZTicket[] = [];
    const sideloads = emptySideloads();
    let count = 0;
    let missing = false;
    for (let page = first; page <= last; page += 1) {
      const reply = await get<Page & { tickets: ZTicket[] }>(path, { ...query, per_page: perPage, page });
      missing = page === first && !reply;
      if (!reply) break;
      tickets.push(...reply.tickets);
      addSideloads(sideloads, reply);
      count = reply.count;
      if (!reply.next_page) break;
    }
    const skip = offset - (first - 1) * perPage;
    return { tickets: tickets.slice(skip, skip + limit), count, sideloads, missing };
  }
  return { base, apiUrl, request, get, fail, readPages, readWindow };
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

export function emptySideloads(): Required<Sideloads> {
  return { users: [], organizations: [] };
}

export function addSideloads(into: Required<Sideloads>, reply: Sideloads) {
  into.users.push(...(reply.users ?? []));
  into.organizations.push(...(reply.organizations ?? []));
}
