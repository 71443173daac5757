import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

// A stand-in Zendesk Support API for tests, on loopback: the endpoints the client uses, with
// Zendesk's shapes. Basic authentication `{email}/token:{api_token}` (401 "Couldn't authenticate you"
// otherwise); offset pagination (page, per_page capped at 100, absolute next_page/previous_page links,
// count); sort_by/sort_order; sideloads (include=users,organizations); 422 RecordInvalid with
// `details` for invalid bodies; 409 for a safe_update on stale data; a closed ticket refuses updates;
// Idempotency-Key on ticket creation; one 429 with Retry-After when asked. Its clock moves one second
// per write, so times are distinct and ordered, and it keeps HTML as sent (the real Zendesk cleans
// HTML too; the fake leaves that to the client, whose own sanitising is what the tests check).

export type FakeUser = { id: number; name: string; email: string; role: 'end-user' | 'agent' | 'admin' };
export type FakeOrganization = { id: number; name: string; external_id: string | null };
export type FakeAttachment = { id: number; file_name: string; content_type: string; size: number };
export type FakeTicket = {
  id: number;
  external_id: string | null;
  subject: string;
  description: string;
  type: 'problem' | 'incident' | 'question' | 'task' | null;
  status: 'new' | 'open' | 'pending' | 'hold' | 'solved' | 'closed';
  requester_id: number;
  submitter_id: number;
  assignee_id: number | null;
  organization_id: number | null;
  email_cc_ids: number[];
  tags: string[];
  created_at: number;
  updated_at: number;
};
export type FakeComment = {
  id: number;
  ticket_id: number;
  author_id: number;
  html_body: string;
  public: boolean;
  attachments: FakeAttachment[];
  created_at: number;
};
export type FakeUpload = { token: string; attachment: FakeAttachment; bytes: Buffer };

export type FakeZendeskData = {
  users: FakeUser[];
  organizations: FakeOrganization[];
  tickets: FakeTicket[];
  comments: FakeComment[];
  uploads: FakeUpload[];
};

export type FakeZendeskRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  contentType: string | undefined;
  body: Buffer;
};

export type FakeZendesk = {
  url: string;
  email: string;
  token: string;
  // The API user (an admin): the default author of what the client writes.
  apiUser: FakeUser;
  data: FakeZendeskData;
  requests: FakeZendeskRequest[];
  // Answer every request with 500 until switched off again.
  failing: boolean;
  // The next request is refused with 429 and Retry-After (seconds), as Zendesk's rate limit does.
  rateLimitOnce: (retryAfterSeconds?: number) => void;
  // An agent's reply written in Zendesk itself (HTML as the agent's client sent it).
  agentReply: (ticketId: number, htmlBody: string, author?: FakeUser) => FakeComment;
  close: () => Promise<void>;
};

const ticketTypes = ['problem', 'incident', 'question', 'task'];
const settableStatuses = ['new', 'open', 'pending', 'hold', 'solved', 'closed'];
const emailPattern = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

export async function startFakeZendesk(
  data: Partial<FakeZendeskData> = {},
  credentials = { email: 'portal-api@meridian.example', token: 'fake-zendesk-token-0123456789abcdef' },
): Promise<FakeZendesk> {
  const state: FakeZendeskData = {
    users: data.users ?? [],
    organizations: data.organizations ?? [],
    tickets: data.tickets ?? [],
    comments: data.comments ?? [],
    uploads: data.uploads ?? [],
  };
  const apiUser: FakeUser = { id: 90001, name: 'Lightpath Portal', email: credentials.email, role: 'admin' };
  if (!state.users.some((u) => u.id === apiUser.id)) state.users.push(apiUser);
  const requests: FakeZendeskRequest[] = [];
  const flags = { failing: false, throttle: 0 };
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let origin = '';
  let clock = Date.parse('2026-01-05T00:00:00Z');
  const tick = () => {
    clock += 1000;
    return clock;
  };
  const nextId = (items: { id: number }[], from: number) => Math.max(from, ...items.map((i) => i.id)) + 1;
  const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const expected = `Basic ${Buffer.from(`${credentials.email}/token:${credentials.token}`).toString('base64')}`;

  const userJson = (u: FakeUser) => ({
    id: u.id,
    url: `${origin}/api/v2/users/${u.id}.json`,
    name: u.name,
    email: u.email,
    role: u.role,
    active: true,
  });
  const orgJson = (o: FakeOrganization) => ({
    id: o.id,
    url: `${origin}/api/v2/organizations/${o.id}.json`,
    name: o.name,
    external_id: o.external_id,
    domain_names: [],
    tags: [],
    created_at: iso(clock),
    updated_at: iso(clock),
  });
  const attachmentJson = (a: FakeAttachment) => ({
    ...a,
    url: `${origin}/api/v2/attachments/${a.id}.json`,
    content_url: `${origin}/attachments/token/${a.id}/?name=${encodeURIComponent(a.file_name)}`,
    inline: false,
    deleted: false,
    thumbnails: [],
  });
  const ticketJson = (t: FakeTicket) => ({
    id: t.id,
    url: `${origin}/api/v2/tickets/${t.id}.json`,
    external_id: t.external_id,
    via: { channel: 'api' },
    created_at: iso(t.created_at),
    updated_at: iso(t.updated_at),
    type: t.type,
    subject: t.subject,
    raw_subject: t.subject,
    description: t.description,
    priority: null,
    status: t.status,
    recipient: null,
    requester_id: t.requester_id,
    submitter_id: t.submitter_id,
    assignee_id: t.assignee_id,
    organization_id: t.organization_id,
    group_id: null,
    collaborator_ids: t.email_cc_ids,
    follower_ids: [],
    email_cc_ids: t.email_cc_ids,
    has_incidents: false,
    is_public: true,
    due_at: null,
    tags: t.tags,
    custom_fields: [],
  });
  const commentJson = (c: FakeComment) => ({
    id: c.id,
    type: 'Comment',
    author_id: c.author_id,
    body: plainText(c.html_body),
    // Zendesk wraps every comment's HTML in its own container.
    html_body: `<div class="zd-comment" dir="auto">${c.html_body}</div>`,
    plain_body: plainText(c.html_body),
    public: c.public,
    attachments: c.attachments.map(attachmentJson),
    audit_id: c.id + 500_000,
    via: { channel: 'api' },
    created_at: iso(c.created_at),
  });

  function sideloads(url: URL, userIds: number[], orgIds: (number | null)[]) {
    const include = (url.searchParams.get('include') ?? '').split(',');
    const out: Record<string, unknown> = {};
    if (include.includes('users')) {
      const ids = new Set(userIds);
      out.users = state.users.filter((u) => ids.has(u.id)).map(userJson);
    }
    if (include.includes('organizations')) {
      const ids = new Set(orgIds);
      out.organizations = state.organizations.filter((o) => ids.has(o.id)).map(orgJson);
    }
    return out;
  }
  const ticketUsers = (t: FakeTicket) => [
    t.requester_id,
    t.submitter_id,
    ...(t.assignee_id ? [t.assignee_id] : []),
    ...t.email_cc_ids,
  ];

  function page<T>(url: URL, key: string, items: T[]) {
    const perPage = Math.min(Math.max(Number(url.searchParams.get('per_page')) || 100, 1), 100);
    const pageNo = Math.max(Number(url.searchParams.get('page')) || 1, 1);
    const link = (n: number) => {
      const next = new URL(url.toString());
      next.searchParams.set('page', String(n));
      next.searchParams.set('per_page', String(perPage));
      return next.toString();
    };
    const start = (pageNo - 1) * perPage;
    return {
      slice: items.slice(start, start + perPage),
      wrap: (rows: unknown[], extra: Record<string, unknown>) => ({
        [key]: rows,
        ...extra,
        next_page: start + perPage < items.length ? link(pageNo + 1) : null,
        previous_page: pageNo > 1 ? link(pageNo - 1) : null,
        count: items.length,
      }),
    };
  }

  function sortTickets(url: URL, tickets: FakeTicket[]) {
    const by = url.searchParams.get('sort_by') ?? 'id';
    const order = url.searchParams.get('sort_order') === 'desc' ? -1 : 1;
    const value = (t: FakeTicket) =>
      by === 'created_at' ? t.created_at : by === 'updated_at' ? t.updated_at : t.id;
    return [...tickets].sort((a, b) => order * (value(a) - value(b) || a.id - b.id));
  }

  function listTickets(res: ServerResponse, url: URL, tickets: FakeTicket[]) {
    const { slice, wrap } = page(url, 'tickets', sortTickets(url, tickets));
    send(
      res,
      200,
      wrap(
        slice.map(ticketJson),
        sideloads(
          url,
          slice.flatMap(ticketUsers),
          slice.map((t) => t.organization_id),
        ),
      ),
    );
  }

  function send(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, {
      ...(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
      ...headers,
    });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  }

  const invalid = (res: ServerResponse, details: Record<string, string>) =>
    send(res, 422, {
      error: 'RecordInvalid',
      description: 'Record validation errors',
      details: Object.fromEntries(
        Object.entries(details).map(([field, description]) => [
          field,
          [{ description, error: 'InvalidValue' }],
        ]),
      ),
    });
  const notFound = (res: ServerResponse) =>
    send(res, 404, { error: 'RecordNotFound', description: 'Not found' });

  function userFor(email: string, name?: string): FakeUser {
    const found = state.users.find((u) => u.email.toLowerCase() === email.toLowerCase());
    if (found) return found;
    const user: FakeUser = {
      id: nextId(state.users, 70000),
      name: name ?? email.split('@')[0]!,
      email: email.toLowerCase(),
      role: 'end-user',
    };
    state.users.push(user);
    return user;
  }

  const normaliseTags = (tags: unknown) =>
    Array.isArray(tags)
      ? [
          ...new Set(
            tags.filter((t): t is string => typeof t === 'string').map((t) => t.trim().toLowerCase()),
          ),
        ]
      : [];

  type CommentInput = {
    html_body?: unknown;
    body?: unknown;
    public?: unknown;
    uploads?: unknown;
    author_id?: unknown;
  };

  // Checks a comment and the tokens it names; answers the problem, or null when it is fine.
  function commentProblem(comment: CommentInput): Record<string, string> | null {
    const html = typeof comment.html_body === 'string' ? comment.html_body : comment.body;
    if (typeof html !== 'string' || html.trim() === '')
      return { description: 'Description: cannot be blank' };
    if (comment.uploads !== undefined) {
      if (!Array.isArray(comment.uploads)) return { uploads: 'Uploads: is invalid' };
      const unknown = comment.uploads.find((t) => !state.uploads.some((u) => u.token === t));
      if (unknown !== undefined) return { uploads: `Uploads: token ${String(unknown)} is invalid` };
    }
    if (comment.author_id !== undefined && !state.users.some((u) => u.id === comment.author_id))
      return { author_id: 'Author: is invalid' };
    return null;
  }

  function addComment(ticket: FakeTicket, comment: CommentInput, at: number): FakeComment {
    const html = (typeof comment.html_body === 'string' ? comment.html_body : comment.body) as string;
    const tokens = Array.isArray(comment.uploads) ? (comment.uploads as string[]) : [];
    const attachments = tokens.map((t) => state.uploads.find((u) => u.token === t)!.attachment);
    const created: FakeComment = {
      id: nextId(state.comments, 40000),
      ticket_id: ticket.id,
      author_id: typeof comment.author_id === 'number' ? comment.author_id : apiUser.id,
      html_body: html,
      public: comment.public !== false,
      attachments,
      created_at: at,
    };
    state.comments.push(created);
    return created;
  }

  async function readBody(req: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  function json(body: Buffer): Record<string, unknown> | null {
    try {
      const parsed = JSON.parse(body.toString('utf8') || 'null') as unknown;
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }

  function createTicket(res: ServerResponse, body: Record<string, unknown> | null, key: string | undefined) {
    const input = body?.ticket as Record<string, unknown> | undefined;
    if (!input || typeof input !== 'object')
      return send(res, 400, { error: 'InvalidEndpoint', description: 'ticket is required' });
    const comment = (input.comment ?? {}) as CommentInput;
    const problem = commentProblem(comment);
    if (problem) return invalid(res, problem);
    const requester = input.requester as { email?: unknown; name?: unknown } | undefined;
    if (
      requester !== undefined &&
      (typeof requester.email !== 'string' || !emailPattern.test(requester.email))
    )
      return invalid(res, { requester: 'Requester: Email is invalid' });
    if (input.type !== undefined && input.type !== null && !ticketTypes.includes(String(input.type)))
      return invalid(res, { type: 'Type: is invalid' });
    if (input.status !== undefined && !settableStatuses.includes(String(input.status)))
      return invalid(res, { status: 'Status: is invalid' });
    if (
      input.organization_id !== undefined &&
      input.organization_id !== null &&
      !state.organizations.some((o) => o.id === input.organization_id)
    )
      return invalid(res, { organization_id: 'Organization: is invalid' });
    const ccs = Array.isArray(input.email_ccs)
      ? (input.email_ccs as { user_email?: unknown; action?: unknown }[])
      : [];
    const badCc = ccs.find((c) => typeof c.user_email !== 'string' || !emailPattern.test(c.user_email));
    if (badCc) return invalid(res, { email_ccs: `Email CCs: ${String(badCc.user_email)} is invalid` });
    const at = tick();
    const requesterUser = requester
      ? userFor(requester.email as string, typeof requester.name === 'string' ? requester.name : undefined)
      : apiUser;
    const html = (typeof comment.html_body === 'string' ? comment.html_body : comment.body) as string;
    const ticket: FakeTicket = {
      id: nextId(state.tickets, 1000),
      external_id: typeof input.external_id === 'string' ? input.external_id : null,
      subject:
        typeof input.subject === 'string' && input.subject ? input.subject : plainText(html).slice(0, 50),
      description: plainText(html),
      type: (input.type as FakeTicket['type']) ?? null,
      status: (input.status as FakeTicket['status']) ?? 'new',
      requester_id: requesterUser.id,
      submitter_id: apiUser.id,
      assignee_id: null,
      organization_id: (input.organization_id as number | null | undefined) ?? null,
      email_cc_ids: ccs.filter((c) => c.action !== 'delete').map((c) => userFor(c.user_email as string).id),
      tags: normaliseTags(input.tags),
      created_at: at,
      updated_at: at,
    };
    state.tickets.push(ticket);
    addComment(ticket, comment, at);
    const reply = { ticket: ticketJson(ticket), audit: { id: at, ticket_id: ticket.id, events: [] } };
    if (key) idempotent.set(key, { status: 201, body: reply });
    return send(res, 201, reply, key ? { 'x-idempotency-lookup': 'miss' } : {});
  }

  function updateTicket(res: ServerResponse, ticket: FakeTicket, body: Record<string, unknown> | null) {
    const input = body?.ticket as Record<string, unknown> | undefined;
    if (!input || typeof input !== 'object')
      return send(res, 400, { error: 'InvalidEndpoint', description: 'ticket is required' });
    if (ticket.status === 'closed') return invalid(res, { status: 'Status: closed prevents ticket update' });
    if (input.safe_update === true && input.updated_stamp !== iso(ticket.updated_at))
      return send(res, 409, {
        error: 'UpdateConflict',
        description:
          'Safe Update prevented the update due to outdated ticket data. Please fetch the latest ticket data and try again.',
      });
    if (input.status !== undefined) {
      if (!settableStatuses.includes(String(input.status)))
        return invalid(res, { status: 'Status: is invalid' });
      if (input.status === 'new' && ticket.status !== 'new')
        return invalid(res, { status: 'Status: new is not valid for a ticket that is not new' });
    }
    const comment = input.comment as CommentInput | undefined;
    if (comment !== undefined) {
      const problem = commentProblem(comment);
      if (problem) return invalid(res, problem);
    }
    const at = tick();
    if (comment !== undefined) addComment(ticket, comment, at);
    if (input.tags !== undefined) ticket.tags = normaliseTags(input.tags);
    if (input.status !== undefined) {
      ticket.status = input.status as FakeTicket['status'];
      // Zendesk assigns an unassigned ticket to the agent who solves it.
      if (ticket.status === 'solved' && ticket.assignee_id === null) ticket.assignee_id = apiUser.id;
    } else if (comment !== undefined && ticket.status === 'new') {
      ticket.status = 'open';
    }
    if (typeof input.subject === 'string') ticket.subject = input.subject;
    ticket.updated_at = at;
    return send(res, 200, {
      ticket: ticketJson(ticket),
      audit: { id: at, ticket_id: ticket.id, events: [] },
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', origin);
    const body = await readBody(req);
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      authorization: req.headers.authorization,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      contentType: req.headers['content-type'],
      body,
    });
    if (flags.throttle > 0) {
      const seconds = flags.throttle;
      flags.throttle = 0;
      return send(
        res,
        429,
        { error: 'TooManyRequests', description: 'Rate limit exceeded' },
        { 'retry-after': String(seconds) },
      );
    }
    if (flags.failing) return send(res, 500, { error: 'InternalServerError' });
    if (req.headers.authorization !== expected) return send(res, 401, { error: "Couldn't authenticate you" });
    // Zendesk answers with or without the .json suffix.
    const path = url.pathname.replace(/\.json$/, '');
    const q = url.searchParams;
    const method = req.method ?? 'GET';

    if (path === '/api/v2/tickets' && method === 'GET') {
      const externalId = q.get('external_id');
      return listTickets(
        res,
        url,
        state.tickets.filter((t) => externalId === null || t.external_id === externalId),
      );
    }
    if (path === '/api/v2/tickets' && method === 'POST') {
      const key = req.headers['idempotency-key'] as string | undefined;
      const replay = key ? idempotent.get(key) : undefined;
      if (replay) return send(res, replay.status, replay.body, { 'x-idempotency-lookup': 'hit' });
      return createTicket(res, json(body), key);
    }
    const ticketMatch = path.match(/^\/api\/v2\/tickets\/(\d+)$/);
    if (ticketMatch) {
      const ticket = state.tickets.find((t) => t.id === Number(ticketMatch[1]));
      if (!ticket) return notFound(res);
      if (method === 'GET')
        return send(res, 200, {
          ticket: ticketJson(ticket),
          ...sideloads(url, ticketUsers(ticket), [ticket.organization_id]),
        });
      if (method === 'PUT') return updateTicket(res, ticket, json(body));
    }
    const commentsMatch = path.match(/^\/api\/v2\/tickets\/(\d+)\/comments$/);
    if (commentsMatch && method === 'GET') {
      const ticketId = Number(commentsMatch[1]);
      if (!state.tickets.some((t) => t.id === ticketId)) return notFound(res);
      const order = q.get('sort_order') === 'desc' ? -1 : 1;
      const comments = state.comments
        .filter((c) => c.ticket_id === ticketId)
        .sort((a, b) => order * (a.created_at - b.created_at || a.id - b.id));
      const { slice, wrap } = page(url, 'comments', comments);
      return send(
        res,
        200,
        wrap(
          slice.map(commentJson),
          sideloads(
            url,
            slice.map((c) => c.author_id),
            [],
          ),
        ),
      );
    }
    if (path === '/api/v2/uploads' && method === 'POST') {
      const filename = q.get('filename');
      if (!filename)
        return send(res, 400, { error: 'InvalidAttachment', description: 'filename is required' });
      const attachment: FakeAttachment = {
        id: nextId(
          state.uploads.map((u) => u.attachment),
          60000,
        ),
        file_name: filename,
        content_type: req.headers['content-type'] ?? 'application/binary',
        size: body.length,
      };
      const token = randomBytes(12).toString('base64url');
      state.uploads.push({ token, attachment, bytes: body });
      return send(res, 201, {
        upload: {
          token,
          expires_at: iso(clock + 3 * 86_400_000),
          attachments: [attachmentJson(attachment)],
          attachment: attachmentJson(attachment),
        },
      });
    }
    if (path === '/api/v2/organizations/search' && method === 'GET') {
      const externalId = q.get('external_id');
      const name = q.get('name');
      const found = state.organizations.filter(
        (o) =>
          (externalId !== null && o.external_id?.toLowerCase() === externalId.toLowerCase()) ||
          (name !== null && o.name.toLowerCase() === name.toLowerCase()),
      );
      return send(res, 200, {
        organizations: found.map(orgJson),
        next_page: null,
        previous_page: null,
        count: found.length,
      });
    }
    if (path === '/api/v2/organizations' && method === 'POST') {
      const input = json(body)?.organization as { name?: unknown; external_id?: unknown } | undefined;
      if (!input || typeof input.name !== 'string' || input.name.trim() === '')
        return invalid(res, { name: 'Name: cannot be blank' });
      if (state.organizations.some((o) => o.name.toLowerCase() === (input.name as string).toLowerCase()))
        return invalid(res, { name: 'Name: has already been taken' });
      const org: FakeOrganization = {
        id: nextId(state.organizations, 360000),
        name: input.name,
        external_id: typeof input.external_id === 'string' ? input.external_id : null,
      };
      state.organizations.push(org);
      return send(res, 201, { organization: orgJson(org) });
    }
    const orgTicketsMatch = path.match(/^\/api\/v2\/organizations\/(\d+)\/tickets$/);
    if (orgTicketsMatch && method === 'GET') {
      const orgId = Number(orgTicketsMatch[1]);
      if (!state.organizations.some((o) => o.id === orgId)) return notFound(res);
      return listTickets(
        res,
        url,
        state.tickets.filter((t) => t.organization_id === orgId),
      );
    }
    if (path === '/api/v2/users/create_or_update' && method === 'POST') {
      const input = json(body)?.user as { email?: unknown; name?: unknown } | undefined;
      if (!input || typeof input.email !== 'string' || !emailPattern.test(input.email))
        return invalid(res, { email: 'Email: is invalid' });
      const existing = state.users.find(
        (u) => u.email.toLowerCase() === (input.email as string).toLowerCase(),
      );
      const user = userFor(input.email, typeof input.name === 'string' ? input.name : undefined);
      if (existing && typeof input.name === 'string') user.name = input.name;
      return send(res, existing ? 200 : 201, { user: userJson(user) });
    }
    return send(res, 404, { error: 'InvalidEndpoint', description: 'Not found' });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { error: String(error) }));
  });
  // Each fake on a loopback address of its own (all of 127/8 is loopback): the portal keeps a Zendesk
  // account's organizations and users by the account's URL for the life of the process, so two fakes in
  // one test worker that drew the same port were one account to it, and the second was sent the first's
  // organization id ("Organization: is invalid", a CI run of the access test).
  const host = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const address = server.address();
  origin = `http://${host}:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    url: origin,
    email: credentials.email,
    token: credentials.token,
    apiUser,
    data: state,
    requests,
    get failing() {
      return flags.failing;
    },
    set failing(value: boolean) {
      flags.failing = value;
    },
    rateLimitOnce: (retryAfterSeconds = 1) => {
      flags.throttle = retryAfterSeconds;
    },
    agentReply: (ticketId, htmlBody, author = apiUser) => {
      const ticket = state.tickets.find((t) => t.id === ticketId);
      if (!ticket) throw new Error(`no ticket ${ticketId}`);
      const at = tick();
      ticket.updated_at = at;
      return addComment(ticket, { html_body: htmlBody, author_id: author.id }, at);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // fetch keeps connections alive; without this, close waits for them to time out.
        server.closeAllConnections();
      }),
  };
}

// Zendesk's plain-text rendering of a comment, near enough: tags out, paragraphs and breaks as lines.
function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\n{2,}/g, '\n')
    .trim();
}
