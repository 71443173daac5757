import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RateLimited } from './errors';

// Issue 19: a customer's script that hammers the API slows no one else down (docs/decisions/043).
// Windows counted in this instance's memory: a signed-in caller per session token, everything
// else (sign-in, public pages, a token that turns out to be bad) per client address. The limits are
// sized so the portal's own pages, polling and live stream stay far below them.

export type RateLimits = {
  // Requests a session or API token may make in a window; 0 turns the limit off.
  perToken: number;
  // Requests without a valid session from one client address in a window; 0 turns the limit off.
  perAddress: number;
  windowSeconds: number;
};

export const defaultRateLimits: RateLimits = { perToken: 1200, perAddress: 600, windowSeconds: 60 };

export const rateLimitMessage = (seconds: number) =>
  `Too many requests: wait ${seconds} second${seconds === 1 ? '' : 's'} and try again`;

type Entry = { resetAt: number; used: number };

// One window per key, starting at its first request. Entries live in two generations of maps, the
// older dropped a window after it stopped being written, so keys seen once are forgotten without a
// sweep and nothing dropped can still be counting.
export function createWindowCounter(limit: number, windowSeconds: number, now = () => Date.now()) {
  const windowMs = windowSeconds * 1000;
  let current = new Map<string, Entry>();
  let previous = new Map<string, Entry>();
  let rotateAt = now() + windowMs;
  return {
    limit,
    // Counts one request for the key: what is left (negative when over) and the seconds to the reset.
    take(key: string): { remaining: number; resetSeconds: number } {
      const at = now();
      if (at >= rotateAt) {
        previous = current;
        current = new Map();
        rotateAt = at + windowMs;
      }
      let entry = current.get(key) ?? previous.get(key);
      if (!entry || entry.resetAt <= at) entry = { resetAt: at + windowMs, used: 0 };
      entry.used += 1;
      current.set(key, entry);
      return {
        remaining: limit - entry.used,
        resetSeconds: Math.max(1, Math.ceil((entry.resetAt - at) / 1000)),
      };
    },
  };
}

type Counter = ReturnType<typeof createWindowCounter>;

// The IETF draft's fields (draft-ietf-httpapi-ratelimit-headers-10): the policy, then what is left of it.
export function announceRateLimit(
  reply: FastifyReply,
  policy: string,
  counter: Counter,
  windowSeconds: number,
  taken: { remaining: number; resetSeconds: number },
) {
  reply.header('ratelimit-policy', `"${policy}";q=${counter.limit};w=${windowSeconds}`);
  reply.header('ratelimit', `"${policy}";r=${Math.max(0, taken.remaining)};t=${taken.resetSeconds}`);
  if (taken.remaining < 0) throw new RateLimited(rateLimitMessage(taken.resetSeconds), taken.resetSeconds);
}

// Under /api only (files of the web app are not counted), and never the health checks, which a load
// balancer calls from one address on its own schedule.
function counted(request: FastifyRequest): boolean {
  const url = request.url;
  return url.startsWith('/api/') && !url.startsWith('/api/health');
}

// Two hooks around the session lookup of request-context.ts: registerAddressLimit before it (so a
// call with no token, or to a public route, is refused before any work) and registerTokenLimit after
// it (so the key is a session proved good, never a made-up token that would get a fresh allowance).
export function registerAddressLimit(app: FastifyInstance, limits: RateLimits) {
  if (limits.perAddress <= 0) return;
  const byAddress = createWindowCounter(limits.perAddress, limits.windowSeconds);
  app.addHook('onRequest', async (request, reply) => {
    if (!counted(request)) return;
    const config = request.routeOptions.config;
    const signedInRoute = !config.public && config.permission;
    if (signedInRoute && typeof request.headers['x-auth-token'] === 'string') return;
    announceRateLimit(reply, 'address', byAddress, limits.windowSeconds, byAddress.take(request.ip));
  });
  // A token that was not good (401) counts against its address, as an unauthenticated call.
  app.addHook('onResponse', async (request, reply) => {
    if (
      reply.statusCode === 401 &&
      request.signedIn === null &&
      typeof request.headers['x-auth-token'] === 'string' &&
      counted(request)
    )
      byAddress.take(request.ip);
  });
}

export function registerTokenLimit(app: FastifyInstance, limits: RateLimits) {
  if (limits.perToken <= 0) return;
  const byToken = createWindowCounter(limits.perToken, limits.windowSeconds);
  app.addHook('onRequest', async (request, reply) => {
    const session = request.signedIn;
    if (!session || !counted(request)) return;
    announceRateLimit(reply, 'token', byToken, limits.windowSeconds, byToken.take(session.tokenHash));
  });
}
