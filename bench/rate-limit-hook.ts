// The per-token rate limit's own work per call (docs/decisions/043): one count in the window counter and
// the two RateLimit header fields set, a million times over one token, as the hook does for a signed-in
// GET /api/user/me. Like api-log-hook.ts: a figure the on-off pairs of run.ts cannot resolve on a
// 2-core machine, where their noise is a few percent of the ~45 µs a call takes.
//   npx tsx bench/rate-limit-hook.ts
import type { FastifyReply } from 'fastify';
import {
  announceRateLimit,
  createWindowCounter,
  defaultRateLimits,
} from '../apps/server/src/platform/rate-limit';

const headers = new Map<string, string>();
const reply = {
  header(name: string, value: string) {
    headers.set(name, value);
    return reply;
  },
} as unknown as FastifyReply;
// A limit no loop reaches, so every call is the common case: counted, announced, let through.
const counter = createWindowCounter(Number.MAX_SAFE_INTEGER, defaultRateLimits.windowSeconds);
const tokenHash = 'c2b7e0f1a9d84e3b6f5a4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f';

const calls = 1_000_000;
for (const round of [1, 2, 3]) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++)
    announceRateLimit(reply, 'token', counter, defaultRateLimits.windowSeconds, counter.take(tokenHash));
  const nanoseconds = Number(process.hrtime.bigint() - started) / calls;
  console.log(`round ${round}: ${nanoseconds.toFixed(0)} ns a call (${headers.get('ratelimit')})`);
}
