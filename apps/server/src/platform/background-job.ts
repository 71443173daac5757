import type { FastifyBaseLogger } from 'fastify';

// Stops a background job: no round starts after it is called, and it resolves once the round in flight
// (told through its AbortSignal to stop at the next safe point) has finished.
export type StopBackgroundJob = () => Promise<void>;

// Work that runs without a caller (mutes that end at their time, alarms read from Zabbix, notices and
// e-mails to send): once at start-up, so what fell due while the portal was down happens at once, then
// on an unref'd timer that never keeps the process alive. A round that is still running when the next is
// due is skipped, not stacked. A graceful shutdown awaits the round in flight (docs/decisions/048), so a
// notice half-way through its send is finished, and the claims a round has not reached are given back.
export function startBackgroundJob(
  name: string,
  log: FastifyBaseLogger,
  round: (signal: AbortSignal) => Promise<unknown>,
  intervalMs: number,
): StopBackgroundJob {
  const stopping = new AbortController();
  let inFlight: Promise<void> | null = null;
  const run = () => {
    if (inFlight || stopping.signal.aborted) return;
    inFlight = (async () => {
      try {
        await round(stopping.signal);
      } catch (error) {
        log.error({ err: error }, `${name} failed`);
      } finally {
        inFlight = null;
      }
    })();
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    stopping.abort();
    await inFlight;
  };
}
