import { healthMessages } from '@lightpath/domain/portal';
import type { FastifyInstance } from 'fastify';
import { Unavailable } from './errors';

// Where an instance is in its life, for a graceful stop (docs/decisions/048):
// - draining: a stop was asked for; readiness answers 503 so the load balancer sends new work
//   elsewhere, while requests that still arrive are served as usual (SHUTDOWN_DRAIN_MS);
// - closing: app.close() has begun; a new request gets a 503 in the envelope, the ones in flight finish.
// From the first of them on, every reply says `Connection: close`: a keep-alive connection left idle
// after its last reply would otherwise hold app.close() for the whole keep-alive timeout (72 s).
export type Lifecycle = {
  readonly draining: boolean;
  drain: () => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export function registerLifecycle(app: FastifyInstance): Lifecycle {
  let draining = false;
  let closing = false;
  const lifecycle: Lifecycle = {
    get draining() {
      return draining || closing;
    },
    drain: () => {
      draining = true;
    },
  };
  app.decorate('lifecycle', lifecycle);
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // Callback hooks, not async ones: they run on every request, and a promise each is a cost for nothing.
  app.addHook('onRequest', (_request, _reply, done) => {
    done(closing ? new Unavailable(healthMessages.shuttingDown) : undefined);
  });
  // On sending, not on arrival: a request that came before the signal and is answered after it (an event
  // whose notices take seconds) must close its connection too.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining || closing) reply.header('connection', 'close');
    done(null, payload);
  });
  return lifecycle;
}

// The stop on SIGTERM or SIGINT: readiness goes 503 at once; after `drainMs` the server stops taking
// requests and waits for those in flight, beside the background jobs' rounds and the work requests left
// running; then `finally` (flushes, the database's close). Whatever still runs after `timeoutMs` is cut
// off with exit code 1, so a stuck send cannot keep a stopping instance alive.
export async function stopGracefully(options: {
  app: FastifyInstance;
  drainMs: number;
  timeoutMs: number;
  stopWork: () => Promise<unknown>;
  finally: () => Promise<unknown>;
}): Promise<'stopped' | 'timed out'> {
  const { app } = options;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timed out'>((done) => {
    timer = setTimeout(() => done('timed out'), options.timeoutMs);
  });
  const stopping = (async () => {
    app.lifecycle.drain();
    if (options.drainMs > 0) await new Promise((done) => setTimeout(done, options.drainMs));
    await Promise.all([app.close(), options.stopWork()]);
    await options.finally();
    return 'stopped' as const;
  })();
  try {
    return await Promise.race([stopping, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
