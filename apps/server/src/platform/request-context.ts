import { type Actor, actorFrom } from '@lightpath/domain/actor';
import { authMessages } from '@lightpath/domain/auth';
import { can, type Permission } from '@lightpath/domain/permissions';
import type { ChameleonLevel, UserType } from '@lightpath/domain/user-types';
import { and, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { sessions } from '../db/schema/auth';
import { customers } from '../db/schema/customers';
import { users } from '../db/schema/users';
import { Forbidden, Unauthorized } from './errors';
import { prepared } from './prepared';
import { hashToken } from './tokens';

export type RouteEntry = { method: string; url: string; permission: Permission | null };

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

// The one query every signed-in request makes: the session, the user and the effective customer
// (the logo excepted, which can be large). Prepared once per database, so neither Drizzle nor
// PostgreSQL rebuilds or re-plans it per request.
function prepareSessionLookup(db: Db) {
  const { passwordHash: _secret, ...userColumns } = getTableColumns(users);
  const { logo64: _large, ...customerColumns } = getTableColumns(customers);
  return db
    .select({
      user: userColumns,
      customer: customerColumns,
      actingType: sessions.actingType,
      actingCustomerId: sessions.actingCustomerId,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.userId, sessions.userId))
    .innerJoin(
      customers,
      eq(customers.customerId, sql`coalesce(${sessions.actingCustomerId}, ${users.customerId})`),
    )
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.enabled, true),
      ),
    )
    .limit(1)
    .prepare('lightpath_find_session');
}

export async function findSession(db: Db, tokenHash: string): Promise<SignedIn | null> {
  const lookup = prepared(db, 'find_session', prepareSessionLookup);
  const row = (await lookup.execute({ tokenHash }))[0];
  if (!row) return null;
  const { user } = row;
  const actor = actorFrom(
    {
      userId: user.userId,
      type: user.type as UserType,
      customerId: user.customerId,
      companyAdmin: user.companyAdmin,
      chameleon: user.chameleon as ChameleonLevel,
    },
    { actingType: row.actingType as UserType | null, actingCustomerId: row.actingCustomerId },
  );
  return {
    actor,
    email: user.email,
    tokenHash,
    expiresAt: row.expiresAt,
    user: row.user,
    customer: row.customer,
  };
}

// Authentication and permission for every route, before the body is even parsed.
export function registerRequestContext(app: FastifyInstance, db: Db) {
  app.decorateRequest('signedIn', null);

  const apiRoutes: RouteEntry[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    const config = route.config as { permission?: Permission; public?: boolean } | undefined;
    if (!route.url.startsWith('/api/')) return;
    if (!config?.public && !config?.permission) {
      throw new Error(`Route ${route.method} ${route.url} must name a permission or be marked public`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        apiRoutes.push({ method, url: route.url, permission: config?.permission ?? null });
    }
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.public || !config.permission) return;
    const token = request.headers[tokenHeader];
    if (typeof token !== 'string' || token.length < 20 || token.length > 200) {
      throw new Unauthorized(authMessages.sessionMissing);
    }
    const session = await findSession(db, hashToken(token));
    if (!session) throw new Unauthorized(authMessages.loggedOut);
    if (!can(session.actor, config.permission)) throw new Forbidden();
    request.signedIn = session;
  });
}
