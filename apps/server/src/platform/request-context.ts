import { type Actor, actorFrom } from '@lightpath/domain/actor';
import { authMessages } from '@lightpath/domain/auth';
import { can, type Permission } from '@lightpath/domain/permissions';
import type { ChameleonLevel, UserType } from '@lightpath/domain/user-types';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawQuery } from '../db/client';
import type { customers } from '../db/schema/customers';
import type { users } from '../db/schema/users';
import { Forbidden, Unauthorized } from './errors';
import type { ReplyCacheRule } from './reply-cache';
import { hashToken } from './tokens';

export type RouteEntry = {
  method: string;
  url: string;
  permission: Permission | null;
  // A GET with `limit` in its query: a paged list, which must say how its replies are kept.
  paged: boolean;
  replyCache: ReplyCacheRule | undefined;
  // Left out of the API reference (`schema.hide`): a route that only refuses (an unknown AWX operation).
  documented: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    // Every API route with the permission it needs (public routes have none); tests walk it.
    apiRoutes: RouteEntry[];
  }
  interface FastifyContextConfig {
    // Every route either names the permission it needs or says it is public. Nothing else is allowed.
    permission?: Permission;
    public?: boolean;
  }
  interface FastifyRequest {
    // Set for every non-public route before its handler runs.
    signedIn: SignedIn | null;
  }
}

type UserRow = typeof users.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;

export type SignedIn = {
  actor: Actor;
  email: string;
  tokenHash: string;
  expiresAt: Date;
  // Loaded with the session, so handlers such as GET /api/user/me need no further query for them.
  user: Omit<UserRow, 'passwordHash'>;
  customer: Omit<CustomerRow, 'logo64'>;
  // Read with the session in the same snapshot, for the kept replies (platform/reply-cache.ts): every
  // table's version, as 'name=version,...'. Null when the session was read on its own (findSession).
  dataVersions: string | null;
};

export const tokenHeader = 'x-auth-token';

export function signedIn(request: FastifyRequest): SignedIn {
  if (!request.signedIn) throw new Unauthorized(authMessages.sessionMissing);
  return request.signedIn;
}

// For the few routes whose permission depends on the record (e.g. your own user record vs others').
export function requirePermission(actor: Actor, permission: Permission) {
  if (!can(actor, permission)) throw new Forbidden();
}

// The session, the user and the effective customer (the logo excepted, which can be large).
// Hand-written SQL on the driver: see RawQuery.
const sessionColumns = `
  s.token_hash, u.user_id, u.email, u.firstname, u.surname, u.title, u.office, u.mobile, u.time_zone,
  u.type, u.customer_id, u.chameleon, u.company_admin, u.enabled, u.last_login_at, u.created_at, u.updated_at,
  c.customer_id as c_customer_id, c.customer_name as c_customer_name, c.customer_code as c_customer_code,
  c.enabled as c_enabled, c.cdr_pin as c_cdr_pin, c.is_provider as c_is_provider,
  c.created_at as c_created_at, c.updated_at as c_updated_at,
  s.acting_type, s.acting_customer_id, s.expires_at`;
const sessionJoins = `
  from sessions s
  join users u on u.user_id = s.user_id
  join customers c on c.customer_id = coalesce(s.acting_customer_id, u.customer_id)`;
const liveSession = 's.revoked_at is null and s.expires_at > now() and u.enabled';

const sessionLookup = `select ${sessionColumns} ${sessionJoins}
  where s.token_hash = $1 and ${liveSession}
  limit 1`;

// The lookup every signed-in request makes, for many tokens at once, with every table's version (which
// kept replies are checked against) read in the same snapshot. Always one row at least: the versions,
// with empty session columns when no token is good.
const batchedSessionLookup = `
  with v as (select string_agg(name || '=' || version, ',') as data_versions from data_versions)
  select v.data_versions, x.*
  from v left join lateral (
    select ${sessionColumns} ${sessionJoins}
    where s.token_hash = any($1::text[]) and ${liveSession}
  ) x on true`;

type SessionRow = {
  token_hash: string | null;
  user_id: number;
  email: string;
  firstname: string;
  surname: string;
  title: string | null;
  office: string | null;
  mobile: string | null;
  time_zone: string | null;
  type: number;
  customer_id: number;
  chameleon: number;
  company_admin: boolean;
  enabled: boolean;
  last_login_at: Date | null;
  created_at: Date;
  updated_at: Date;
  c_customer_id: number;
  c_customer_name: string;
  c_customer_code: string;
  c_enabled: boolean;
  c_cdr_pin: string | null;
  c_is_provider: boolean;
  c_created_at: Date;
  c_updated_at: Date;
  acting_type: number | null;
  acting_customer_id: number | null;
  expires_at: Date;
  data_versions?: string | null;
};

function signedInFrom(row: SessionRow, tokenHash: string, dataVersions: string | null): SignedIn {
  const user: SignedIn['user'] = {
    userId: row.user_id,
    email: row.email,
    firstname: row.firstname,
    surname: row.surname,
    title: row.title,
    office: row.office,
    mobile: row.mobile,
    timeZone: row.time_zone,
    type: row.type,
    customerId: row.customer_id,
    chameleon: row.chameleon,
    companyAdmin: row.company_admin,
    enabled: row.enabled,
    lastLoginAt: row.last_login_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  const customer: SignedIn['customer'] = {
    customerId: row.c_customer_id,
    customerName: row.c_customer_name,
    customerCode: row.c_customer_code,
    enabled: row.c_enabled,
    cdrPin: row.c_cdr_pin,
    isProvider: row.c_is_provider,
    createdAt: row.c_created_at,
    updatedAt: row.c_updated_at,
  };
  const actor = actorFrom(
    {
      userId: user.userId,
      type: user.type as UserType,
      customerId: user.customerId,
      companyAdmin: user.companyAdmin,
      chameleon: user.chameleon as ChameleonLevel,
    },
    { actingType: row.acting_type as UserType | null, actingCustomerId: row.acting_customer_id },
  );
  return { actor, email: user.email, tokenHash, expiresAt: row.expires_at, user, customer, dataVersions };
}

// One session, read on its own: for a handler that has just changed it in its own transaction.
export async function findSession(query: RawQuery, tokenHash: string): Promise<SignedIn | null> {
  const [row] = await query<SessionRow>('lightpath_find_session', sessionLookup, [tokenHash]);
  return row ? signedInFrom(row, tokenHash, null) : null;
}

type Waiter = { resolve: (session: SignedIn | null) => void; reject: (error: unknown) => void };

// Signed-in requests share their session lookups (docs/decisions/031). A request joins the next
// lookup to be sent, never one already sent: every lookup a request is answered from started after the
// request arrived, so a sign-out, a disabled user or a write committed before then is seen, exactly as
// if the request had asked alone. While one lookup is out, the requests arriving meanwhile gather into
// the next, so under load a round trip to the database serves many requests instead of one.
export function createSessionLookup(query: RawQuery) {
  let gathering = new Map<string, Waiter[]>();
  let sent = false;

  async function send() {
    const batch = gathering;
    gathering = new Map();
    sent = true;
    try {
      const rows = await query<SessionRow>('lightpath_find_sessions', batchedSessionLookup, [
        [...batch.keys()],
      ]);
      const dataVersions = rows[0]?.data_versions ?? null;
      const found = new Map<string, SignedIn>();
      for (const row of rows) {
        if (row.token_hash) found.set(row.token_hash, signedInFrom(row, row.token_hash, dataVersions));
      }
      for (const [tokenHash, waiters] of batch) {
        for (const waiter of waiters) waiter.resolve(found.get(tokenHash) ?? null);
      }
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    } finally {
      sent = false;
      if (gathering.size > 0) void send();
    }
  }

  return function lookUpSession(tokenHash: string): Promise<SignedIn | null> {
    return new Promise((resolve, reject) => {
      const waiters = gathering.get(tokenHash);
      if (waiters) waiters.push({ resolve, reject });
      else gathering.set(tokenHash, [{ resolve, reject }]);
      if (!sent) void send();
    });
  };
}

// Which of these sessions are still good, and as whom they act now: the live stream's periodic check
// (modules/stream/session-watch.ts). The same conditions as sessionLookup, for many tokens in one query.
const liveSessionsLookup = `
  select s.token_hash, u.user_id, u.type, u.customer_id, u.chameleon, u.company_admin,
         s.acting_type, s.acting_customer_id
  from sessions s
  join users u on u.user_id = s.user_id
  where s.token_hash = any($1::text[]) and s.revoked_at is null and s.expires_at > now() and u.enabled`;

type LiveSessionRow = {
  token_hash: string;
  user_id: number;
  type: number;
  customer_id: number;
  chameleon: number;
  company_admin: boolean;
  acting_type: number | null;
  acting_customer_id: number | null;
};

export async function findLiveSessions(query: RawQuery, tokenHashes: string[]): Promise<Map<string, Actor>> {
  const rows = await query<LiveSessionRow>('lightpath_live_sessions', liveSessionsLookup, [tokenHashes]);
  return new Map(
    rows.map((row) => [
      row.token_hash,
      actorFrom(
        {
          userId: row.user_id,
          type: row.type as UserType,
          customerId: row.customer_id,
          companyAdmin: row.company_admin,
          chameleon: row.chameleon as ChameleonLevel,
        },
        { actingType: row.acting_type as UserType | null, actingCustomerId: row.acting_customer_id },
      ),
    ]),
  );
}

// Authentication and permission for every route, before the body is even parsed.
export function registerRequestContext(app: FastifyInstance, query: RawQuery) {
  app.decorateRequest('signedIn', null);

  const apiRoutes: RouteEntry[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    const config = route.config as { permission?: Permission; public?: boolean } | undefined;
    if (!route.url.startsWith('/api/')) return;
    if (!config?.public && !config?.permission) {
      throw new Error(`Route ${route.method} ${route.url} must name a permission or be marked public`);
    }
    const query = route.schema?.querystring as { shape?: Record<string, unknown> } | undefined;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        apiRoutes.push({
          method,
          url: route.url,
          permission: config?.permission ?? null,
          paged: method === 'GET' && query?.shape?.limit !== undefined,
          replyCache: (route.config as { replyCache?: ReplyCacheRule } | undefined)?.replyCache,
          documented: (route.schema as { hide?: boolean } | undefined)?.hide !== true,
        });
    }
  });

  const lookUpSession = createSessionLookup(query);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.public || !config.permission) return;
    const token = request.headers[tokenHeader];
    if (typeof token !== 'string' || token.length < 20 || token.length > 200) {
      throw new Unauthorized(authMessages.sessionMissing);
    }
    const session = await lookUpSession(hashToken(token));
    if (!session) throw new Unauthorized(authMessages.loggedOut);
    if (!can(session.actor, config.permission)) throw new Forbidden();
    request.signedIn = session;
  });
}
