import { apiLogUserAgentMax } from '@lightpath/domain/api-logs';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawQuery } from '../db/client';
import { redactUrl } from './redact-url';

// The API logs (issue 17, docs/decisions/034): one record per call to /api/*, written in batches.
// The request path only queues a plain object; a timer (or a full batch) sends every queued record in
// one INSERT, so logging never adds a database round trip to a request, and a slow or absent database
// never holds one up: the queue is bounded, and what does not fit is dropped and counted.

export type ApiLogRecord = {
  at: Date;
  userId: number | null;
  email: string | null;
  customerId: number | null;
  actingType: number | null;
  method: string;
  route: string | null;
  path: string;
  status: number;
  durationMs: number;
  address: string | null;
  userAgent: string | null;
  requestId: string | null;
};

export type ApiLogWriterOptions = {
  // A batch is sent when it holds this many records, or when flushEveryMs has passed.
  batchSize?: number;
  flushEveryMs?: number;
  // The most records held while the database is slow or away; past it, new records are dropped.
  maxQueued?: number;
};

// One statement whatever the batch's size: each column travels as one array parameter, so the text
// is prepared once per connection and a batch of 500 is one round trip.
const insertBatch = `insert into api_logs
  (at, user_id, email, customer_id, acting_type, method, route, path, status, duration_ms, address,
   user_agent, request_id)
  select * from unnest($1::timestamptz[], $2::int[], $3::text[], $4::int[], $5::smallint[], $6::text[],
    $7::text[], $8::text[], $9::smallint[], $10::real[], $11::text[], $12::text[], $13::text[])`;

export type ApiLogWriter = {
  add: (record: ApiLogRecord) => void;
  // Sends what is queued now (and waits for a batch already on its way); the tests' way to read
  // their own calls at once, and shutdown's way to lose none.
  flush: () => Promise<void>;
  stop: () => Promise<void>;
  stats: () => { queued: number; written: number; dropped: number };
};

export function createApiLogWriter(
  query: RawQuery,
  log: FastifyBaseLogger,
  options: ApiLogWriterOptions = {},
): ApiLogWriter {
  const batchSize = options.batchSize ?? 500;
  const maxQueued = options.maxQueued ?? 20_000;
  let queue: ApiLogRecord[] = [];
  let sending: Promise<boolean> | null = null;
  let written = 0;
  let dropped = 0;
  // Dropped records are reported once per outage, not once per batch.
  let reportedDrops = 0;

  async function send(batch: ApiLogRecord[]): Promise<boolean> {
    try {
      await query('lightpath_api_log_insert', insertBatch, [
        batch.map((r) => r.at),
        batch.map((r) => r.userId),
        batch.map((r) => r.email),
        batch.map((r) => r.customerId),
        batch.map((r) => r.actingType),
        batch.map((r) => r.method),
        batch.map((r) => r.route),
        batch.map((r) => r.path),
        batch.map((r) => r.status),
        batch.map((r) => r.durationMs),
        batch.map((r) => r.address),
        batch.map((r) => r.userAgent),
        batch.map((r) => r.requestId),
      ]);
      written += batch.length;
      if (dropped > reportedDrops) {
        log.warn(
          { dropped: dropped - reportedDrops },
          'API log records were dropped while the database was away',
        );
        reportedDrops = dropped;
      }
      return true;
    } catch (error) {
      // Kept for the next round if there is room (a restart of a few seconds loses nothing); the
      // oldest beyond the bound are dropped and counted.
      const room = Math.max(0, maxQueued - queue.length);
      const kept = batch.slice(batch.length - Math.min(room, batch.length));
      dropped += batch.length - kept.length;
      queue = [...kept, ...queue];
      log.warn({ err: error, queued: queue.length }, 'API log records could not be written');
      return false;
    }
  }

  // One batch on its way at a time: a slow database gets one INSERT, not a pile of them.
  function sendNext(): Promise<boolean> {
    if (sending) return sending;
    if (queue.length === 0) return Promise.resolve(true);
    const batch = queue.splice(0, batchSize);
    sending = send(batch).then((sent) => {
      sending = null;
      if (sent && queue.length >= batchSize) void sendNext();
      return sent;
    });
    return sending;
  }

  const timer = setInterval(() => void sendNext(), options.flushEveryMs ?? 1000);
  timer.unref();

  return {
    add(record) {
      if (queue.length >= maxQueued) {
        dropped += 1;
        return;
      }
      queue.push(record);
      if (queue.length >= batchSize && !sending) void sendNext();
    },
    async flush() {
      // Everything queued when asked, batch after batch; a failing database ends it (what is left
      // stays queued), so shutdown never waits on it for longer than one attempt.
      while (sending || queue.length > 0) {
        if (!(await sendNext())) return;
      }
    },
    async stop() {
      clearInterval(timer);
      await this.flush();
    },
    stats: () => ({ queued: queue.length, written, dropped }),
  };
}

// What is logged: the API's own calls. The health check is polled by load balancers every few
// seconds and the API reference is a set of pages and files, not calls.
export function isLoggedPath(path: string): boolean {
  if (!path.startsWith('/api/')) return false;
  return !(path === '/api/health' || path.startsWith('/api/health/') || path.startsWith('/api/docs'));
}

export function recordOf(request: FastifyRequest, reply: FastifyReply, now: number): ApiLogRecord | null {
  const url = request.url;
  const queryAt = url.indexOf('?');
  // Never the query string: its values can be secrets (a token) or personal data (a search).
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!isLoggedPath(rawPath)) return null;
  const session = request.signedIn;
  const actor = session?.actor;
  const userAgent = request.headers['user-agent'];
  const durationMs = reply.elapsedTime;
  return {
    at: new Date(now - durationMs),
    userId: actor?.userId ?? null,
    email: session?.email ?? null,
    customerId: actor?.customerId ?? null,
    actingType: actor?.impersonating ? actor.type : null,
    method: request.method,
    route: request.routeOptions.url ?? null,
    // A calendar feed's token is its path (GET /api/calendar/<token>.ics).
    path: redactUrl(rawPath).slice(0, 500),
    status: reply.statusCode,
    durationMs: Math.round(durationMs * 100) / 100,
    address: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, apiLogUserAgentMax) : null,
    requestId: typeof request.id === 'string' ? request.id.slice(0, 100) : null,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    // Null when API_LOG=false.
    apiLog: ApiLogWriter | null;
  }
}

export function registerApiLog(
  app: FastifyInstance,
  query: RawQuery,
  options: ApiLogWriterOptions & { enabled: boolean },
) {
  if (!options.enabled) {
    app.decorate('apiLog', null);
    return;
  }
  const writer = createApiLogWriter(query, app.log, options);
  app.decorate('apiLog', writer);
  // onResponse runs after the reply has gone out: the caller never waits for this.
  app.addHook('onResponse', (request, reply, done) => {
    const record = recordOf(request, reply, Date.now());
    if (record) writer.add(record);
    done();
  });
  // Records queued at shutdown are written before the database closes (main.ts closes the app first).
  app.addHook('onClose', () => writer.stop());
}
