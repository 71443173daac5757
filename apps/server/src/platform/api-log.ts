import { apiLogUserAgentMax } from '@lightpath/domain/api-logs';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onResponseHookHandler,
} from 'fastify';
import type { RawQuery } from '../db/client';
import { redactPath } from './redact-url';

// The API logs (issue 17, docs/decisions/034): one record per call to /api/*, written in batches.
// The request path only queues a small array; a timer (or a full batch) sends every queued record in
// one INSERT, so logging never adds a database round trip to a request, and a slow or absent database
// never holds one up: the queue is bounded, and what does not fit is dropped and counted.

// One call, as the tuple the batch sends (JSON arrays are the cheapest shape to build and to send):
// arrival in epoch milliseconds, user id, e-mail, customer id, acting type, method, route pattern,
// path, status, duration in ms (the sum while identical calls are gathered), client address, user
// agent, request id (the first call's), how many calls, the longest duration.
export type ApiLogRecord = [
  atMs: number,
  userId: number | null,
  email: string | null,
  customerId: number | null,
  actingType: number | null,
  method: string,
  route: string | null,
  path: string,
  status: number,
  durationMs: number,
  address: string | null,
  userAgent: string | null,
  requestId: string | null,
  calls: number,
  maxDurationMs: number,
];

export type ApiLogWriterOptions = {
  // A batch is sent when it holds this many records, or when flushEveryMs has passed.
  batchSize?: number;
  flushEveryMs?: number;
  // The most records held while the database is slow or away; past it, new records are dropped.
  maxQueued?: number;
};

// One statement and one parameter whatever the batch's size: the batch as a JSON array of tuples.
// Serialising it is one JSON.stringify, native and far cheaper on the request loop than the driver's
// escaping of thirteen array parameters; the database unpacks it.
const insertBatch = `insert into api_logs
  (at, user_id, email, customer_id, acting_type, method, route, path, status, duration_ms, address,
   user_agent, request_id, calls, max_duration_ms)
  select to_timestamp((r->>0)::float8 / 1000), (r->>1)::int, r->>2, (r->>3)::int, (r->>4)::smallint,
    r->>5, r->>6, r->>7, (r->>8)::smallint, round(((r->>9)::numeric / (r->>13)::int), 2)::real, r->>10,
    r->>11, r->>12, (r->>13)::int, (r->>14)::real
  from jsonb_array_elements($1::jsonb) r`;

// Calls alike in all but their request id and duration, in the same second: a script repeating one
// request, or a page polling. They become one record with a count, which is what keeps the cost of
// logging flat under load (docs/decisions/034): the database writes a row per distinct call per
// second, not per request. Open records are found by their path (short, and usually all it takes to
// tell calls apart) and compared field by field, so the request path builds no key string.
function isSameCall(a: ApiLogRecord, b: ApiLogRecord): boolean {
  return (
    a[8] === b[8] &&
    a[1] === b[1] &&
    a[5] === b[5] &&
    a[3] === b[3] &&
    a[4] === b[4] &&
    a[10] === b[10] &&
    a[11] === b[11]
  );
}

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
  const batchSize = options.batchSize ?? 1000;
  const maxQueued = options.maxQueued ?? 20_000;
  let queue: ApiLogRecord[] = [];
  // The queued records of the current second still open to another identical call, by path.
  let gathering = new Map<string, ApiLogRecord[]>();
  let gatheringSecond = -1;
  let sending: Promise<boolean> | null = null;
  let written = 0;
  let dropped = 0;
  // Dropped records are reported once per outage, not once per batch.
  let reportedDrops = 0;

  async function send(batch: ApiLogRecord[]): Promise<boolean> {
    try {
      await query('lightpath_api_log_insert', insertBatch, [JSON.stringify(batch)]);
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
    gathering = new Map();
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
      const second = Math.floor(record[0] / 1000);
      // A new second opens a new set; a call that began in an earlier second than the latest one
      // (a slow request finishing late) is kept on its own rather than reopening that second.
      if (second > gatheringSecond) {
        gathering = new Map();
        gatheringSecond = second;
      }
      const open = second === gatheringSecond ? gathering.get(record[7]) : undefined;
      const same = open?.find((candidate) => isSameCall(candidate, record));
      if (same) {
        same[9] += record[9];
        same[13] += 1;
        if (record[9] > same[14]) same[14] = record[9];
        return;
      }
      if (queue.length >= maxQueued) {
        dropped += 1;
        return;
      }
      queue.push(record);
      if (second === gatheringSecond) {
        if (open) open.push(record);
        else gathering.set(record[7], [record]);
      }
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

// `route` is the matched route's pattern, null for an address no route answers.
export function recordOf(
  request: FastifyRequest,
  reply: FastifyReply,
  now: number,
  route: string | null,
  // Fastify times a reply only when something listens for its end (a logger or an onResponse hook);
  // where nothing did, the caller's own measure.
  measuredMs = 0,
): ApiLogRecord | null {
  const url = request.url;
  const queryAt = url.indexOf('?');
  // Never the query string: its values can be secrets (a token) or personal data (a search).
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
  if (route === null && !isLoggedPath(rawPath)) return null;
  const actor = request.signedIn?.actor;
  const userAgent = request.headers['user-agent'];
  const durationMs = Math.round((reply.elapsedTime || measuredMs) * 100) / 100;
  // A calendar feed's token and a Letter of Authorisation's are their paths.
  const path = redactPath(rawPath);
  return [
    Math.round(now - durationMs),
    actor?.userId ?? null,
    request.signedIn?.email ?? null,
    actor?.customerId ?? null,
    actor?.impersonating ? actor.type : null,
    request.method,
    route,
    path.length > 500 ? path.slice(0, 500) : path,
    reply.statusCode,
    durationMs,
    request.ip ?? null,
    typeof userAgent === 'string' ? userAgent.slice(0, apiLogUserAgentMax) : null,
    typeof request.id === 'string' ? request.id.slice(0, 100) : null,
    1,
    durationMs,
  ];
}

declare module 'fastify' {
  interface FastifyInstance {
    // Null when API_LOG=false.
    apiLog: ApiLogWriter | null;
  }
}

// A call no route answers (404, 405) reaches no route's hooks, and a hook for every request only to
// find these would cost every call: the not-found handler records it once it is sent, timed from when
// the handler started.
export function logUnroutedCall(
  writer: ApiLogWriter | null,
  request: FastifyRequest,
  reply: FastifyReply,
  handlerStart: number,
) {
  if (!writer) return;
  const record = recordOf(request, reply, Date.now(), null, performance.now() - handlerStart);
  if (record) writer.add(record);
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
  // onResponse runs after the reply has gone out: the caller never waits for this. Each logged route
  // gets a hook of its own that knows its pattern, so a request pays no filtering and no
  // request.routeOptions (which builds an object on every read); the rest of the API pays nothing.
  app.addHook('onRoute', (route) => {
    if (!isLoggedPath(route.url)) return;
    const pattern = route.url;
    const logCall: onResponseHookHandler = (request, reply, done) => {
      const record = recordOf(request, reply, Date.now(), pattern);
      if (record) writer.add(record);
      done();
    };
    route.onResponse = route.onResponse ? [route.onResponse].flat().concat(logCall) : [logCall];
  });
  // Records queued at shutdown are written before the database closes (main.ts closes the app first).
  app.addHook('onClose', () => writer.stop());
}
