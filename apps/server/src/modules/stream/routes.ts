import { listenerKey, topicsHeard } from '@lightpath/domain/live-updates';
import { healthMessages } from '@lightpath/domain/portal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db, RawQuery } from '../../db/client';
import { AppError, Unavailable } from '../../platform/errors';
import { signedIn } from '../../platform/request-context';
import { createChangeFeed } from './change-feed';
import { createSessionWatch } from './session-watch';

export type StreamRouteOptions = {
  db: Db;
  query: RawQuery;
  // Tests shorten these; production uses the defaults.
  heartbeatMs?: number;
  pollMs?: number;
  sessionCheckMs?: number;
};

const tags = ['stream'];

// Proxies and load balancers drop a connection that stays silent for a minute or so; a comment line
// every 20 s keeps it open and lets the browser notice a dead one.
const defaultHeartbeatMs = 20_000;
// What the browser waits before reconnecting when the stream drops (the SSE `retry` field).
const reconnectMs = 5_000;
// A client that stops reading while its buffer grows past this is gone or broken: drop it.
const maxBufferedBytes = 64 * 1024;
// How often the open streams' sessions are checked: a stream ends within about this long of a logout,
// revocation or password change (decisions.md: within one second). One query per instance per tick.
const defaultSessionCheckMs = 250;

class NotAcceptable extends AppError {
  constructor() {
    super(406, 'GET /api/stream answers Server-Sent Events only: send Accept: text/event-stream');
  }
}

export const streamRoutes: FastifyPluginAsyncZod<StreamRouteOptions> = async (app, options) => {
  const feed = createChangeFeed({ db: options.db, log: app.log, pollMs: options.pollMs });
  const heartbeatMs = options.heartbeatMs ?? defaultHeartbeatMs;
  const sessions = createSessionWatch({
    query: options.query,
    log: app.log,
    intervalMs: options.sessionCheckMs ?? defaultSessionCheckMs,
  });
  // Ends each open stream; a stream removes itself when it closes.
  const openStreams = new Set<() => void>();
  let closing = false;
  app.metrics.gauge({
    name: 'lightpath_live_streams_open',
    help: 'Live update streams (server-sent events) open on this instance.',
    read: () => openStreams.size,
  });

  // preClose, not onClose: the server waits for every open connection to end before the onClose
  // hooks run, and a stream never ends by itself, so app.close() would hang.
  app.addHook('preClose', (done) => {
    closing = true;
    for (const end of [...openStreams]) end();
    feed.stop();
    sessions.stop();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    feed.stop();
    sessions.stop();
    done();
  });

  app.get(
    '/stream',
    {
      config: { permission: 'portal.use' },
      schema: {
        tags,
        summary: 'Live updates (Server-Sent Events): `event: change` with the topics to refetch',
        description:
          'Send `Accept: text/event-stream`. The stream opens with `retry` and `event: ready`; then ' +
          '`event: change` with `data: {"topics":["events"]}` whenever something the caller may see ' +
          'changes (a customer hears only of its own records), and a `: ping` comment every 20 s. It ' +
          'closes within a second of logout, revocation, a password change, expiry or a change of the ' +
          'role the session acts as. Topics name what to refetch, never a record.',
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const { actor, tokenHash } = signedIn(request);
      // Explicit opt-in, as EventSource sends it: a generic client (a crawler, an API walker) gets a
      // clear refusal instead of a response that never ends.
      if (!String(request.headers.accept ?? '').includes('text/event-stream')) throw new NotAcceptable();
      if (closing) throw new Unavailable(healthMessages.shuttingDown);

      const raw = reply.raw;
      let open = true;
      let ping: NodeJS.Timeout | undefined;
      let unsubscribe = () => {};
      let unwatch = () => {};

      const write = (chunk: string) => {
        if (!open) return;
        raw.write(chunk);
        if (raw.writableLength > maxBufferedBytes) raw.destroy();
      };
      const cleanUp = () => {
        if (!open) return;
        open = false;
        clearInterval(ping);
        unsubscribe();
        unwatch();
        openStreams.delete(end);
      };
      function end() {
        cleanUp();
        if (!raw.writableEnded) raw.end();
      }

      // Subscribed before the first byte: once `ready` is written, every change committed later is sent.
      // A poll already under way may report before the headers are out; its topics wait for them.
      let early: string[] | null = null;
      const sendChange = (topics: string[]) =>
        write(`event: change\ndata: ${JSON.stringify({ topics })}\n\n`);
      // Each stream keeps only the changes its user may see (docs/decisions/019).
      unsubscribe = await feed.subscribe((changes) => {
        const topics = topicsHeard(actor, changes);
        if (topics.length === 0) return;
        if (raw.headersSent) sendChange(topics);
        else early = [...new Set([...(early ?? []), ...topics])].sort();
      });
      if (closing) {
        unsubscribe();
        throw new Unavailable(healthMessages.shuttingDown);
      }
      reply.hijack();
      // The browser left while the feed was starting.
      if (raw.destroyed) return unsubscribe();
      openStreams.add(end);
      // The browser's reconnect after the end gets the 401 that signs it out, or opens a stream with
      // the session's new scope.
      unwatch = sessions.watch(tokenHash, listenerKey(actor), end);
      raw.on('close', cleanUp);
      raw.writeHead(200, {
        // The API's security headers, set by the onRequest hook; hijacking skips Fastify's sending of them.
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        // nginx would otherwise buffer the stream and deliver the events in bursts.
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      write(`retry: ${reconnectMs}\nevent: ready\ndata: {}\n\n`);
      if (early) sendChange(early);
      ping = setInterval(() => write(': ping\n\n'), heartbeatMs);
    },
  );
};
