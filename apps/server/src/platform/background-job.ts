import type { FastifyBaseLogger } from 'fastify';

// Work that runs without a caller (mutes that end at their time, alarms read from Zabbix): once at
// start-up, so what fell due while the portal was down happens at once, then on an unref'd timer that
// never keeps the process alive. A round that is still running when the next is due is skipped, not
// stacked. Returns the function that stops it.
export function startBackgroundJob(
  name: string,
  log: FastifyBaseLogger,
  round: () => Promise<unknown>,
  intervalMs: number,
): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await round();
    } catch (error) {
      log.error({ err: error }, `${name} failed`);
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
