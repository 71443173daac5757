// Fault: PostgreSQL restarted under write load (issue 19). A private cluster (cluster.ts, never the
// machine's server), one portal on it, writers adding acknowledged comments to a ticket through the API,
// and the database restarted twice under them: `pg_ctl stop -m fast` then start, and the same with
// `-m immediate` (a crash: no checkpoint, WAL replayed on start). The portal is never restarted.
//
//   npm run fault:pg-restart [-- --from-source] [-- --json]
//
// Figures per restart: requests during the outage and their statuses, the slowest reply (each wait is
// bounded at 15 s: a longer one is a hang and fails the run), whether every failure is a 503 in the
// envelope, and the time from the database being back to the first acknowledged write. At the end,
// every acknowledged comment must be in the database: acknowledged and found are compared by marker.
import pg from 'pg';
import { startCluster } from './cluster';
import {
  call,
  freePort,
  inEnvelope,
  percentile,
  type Reply,
  report,
  round,
  signIn,
  sleep,
  startPortal,
} from './portal';

const writers = Number(process.env.FAULT_WRITERS ?? 4);
const steadyMs = 3000;
const hangMs = 15_000;

type Attempt = { marker: string; started: number; reply: Reply };

async function main() {
  const cluster = startCluster(Number(process.env.FAULT_PG_PORT ?? (await freePort())));
  let portal: Awaited<ReturnType<typeof startPortal>> | undefined;
  try {
    portal = await startPortal('portal', {
      DATABASE_URL: cluster.url(),
      SEED_DEMO: 'true',
      API_LOG: 'true',
      ...(process.env.FAULT_PORTAL_PORT && { PORT: process.env.FAULT_PORTAL_PORT }),
    });
    const base = portal.url;
    const token = await signIn(base, 'admin@northgate.example');
    const tickets = await call<{ results: { ticketid: number }[] }>(base, 'GET', '/tickets?limit=1', {
      token,
    });
    const ticketid = tickets.body?.payload?.results[0]?.ticketid;
    if (!ticketid) throw new Error(`no ticket to comment on: ${tickets.status}`);

    const attempts: Attempt[] = [];
    let stopping = false;
    let sequence = 0;
    const writer = async (id: number) => {
      while (!stopping) {
        const marker = `fault-write-${id}-${sequence++}`;
        const started = performance.now();
        const reply = await call(base, 'POST', `/ticket/${ticketid}/comment`, {
          token,
          body: { comment: marker },
          timeoutMs: hangMs,
        });
        attempts.push({ marker, started, reply });
        // A refused write is not retried at once in a tight loop: a client backs off a little.
        if (reply.status !== 201) await sleep(100);
      }
    };
    const running = Array.from({ length: writers }, (_, i) => writer(i));

    const restarts = [];
    for (const mode of ['fast', 'immediate'] as const) {
      await sleep(steadyMs);
      const from = performance.now();
      const before = attempts.length;
      const { stopMs, totalMs } = await cluster.restart(mode);
      const back = performance.now();
      // Wait for the first write acknowledged after the database came back.
      let recovered: Attempt | undefined;
      while (!recovered && performance.now() - back < 60_000) {
        await sleep(50);
        recovered = attempts.slice(before).find((a) => a.started >= back && a.reply.status === 201);
      }
      await sleep(1000);
      // Every request the outage touched: in flight when it began, or sent before the first write that
      // went through again.
      const until = recovered?.started ?? back;
      const during = attempts.filter((a) => a.started + a.reply.ms >= from && a.started < until);
      const failed = during.filter((a) => a.reply.status !== 201);
      const statuses: Record<string, number> = {};
      for (const a of during) {
        const key = a.reply.failure ?? String(a.reply.status);
        statuses[key] = (statuses[key] ?? 0) + 1;
      }
      restarts.push({
        mode,
        databaseDownMs: round(totalMs),
        stopMs: round(stopMs),
        requestsDuringOutage: during.length,
        statuses,
        failuresNot503InEnvelope: failed.filter((a) => a.reply.status !== 503 || !inEnvelope(a.reply)).length,
        slowestReplyMs: round(Math.max(0, ...during.map((a) => a.reply.ms))),
        p99ReplyMs: round(
          percentile(
            during.map((a) => a.reply.ms),
            99,
          ),
        ),
        recoveryAfterDatabaseBackMs: recovered ? round(recovered.started + recovered.reply.ms - back) : null,
        outageSeenByClientsMs: recovered ? round(recovered.started + recovered.reply.ms - from) : null,
        sampleMessage: failed.find((a) => a.reply.body?.message)?.reply.body?.message ?? null,
      });
    }
    stopping = true;
    await Promise.all(running);

    const acknowledged = attempts.filter((a) => a.reply.status === 201).map((a) => a.marker);
    const database = new pg.Client({ connectionString: cluster.url() });
    await database.connect();
    const stored = await database.query<{ body: string }>(
      "select html_body as body from ticket_comments where ticket_id = $1 and html_body like '%fault-write-%'",
      [ticketid],
    );
    await database.end();
    const found = new Set(stored.rows.map((row) => row.body.match(/fault-write-\d+-\d+/)?.[0]));
    const lost = acknowledged.filter((marker) => !found.has(marker));
    const health = await call(base, 'GET', '/health/ready');
    const figures = {
      writers,
      requests: attempts.length,
      restarts,
      acknowledged: acknowledged.length,
      foundAfterwards: acknowledged.length - lost.length,
      lost: lost.length,
      // Written but answered with an error (the commit landed as the connection dropped): a client
      // retrying with an Idempotency-Key gets the first answer; without one it may write twice.
      storedButNotAcknowledged: found.size - (acknowledged.length - lost.length),
      hangs: attempts.filter((a) => a.reply.failure === 'timeout').length,
      readyAtEnd: health.status,
      portal: portal.exit(),
      portalRssMb: portal.rssMb(),
    };
    const ok =
      lost.length === 0 &&
      figures.hangs === 0 &&
      health.status === 200 &&
      figures.portal === 'running' &&
      restarts.every((r) => r.failuresNot503InEnvelope === 0 && r.recoveryAfterDatabaseBackMs !== null);
    report(
      'PostgreSQL restarted under write load',
      [
        ['writers (concurrent)', writers],
        ['requests in all', attempts.length],
        ...restarts.flatMap((r): [string, string | number][] => [
          [`${r.mode}: database down (ms)`, r.databaseDownMs],
          [`${r.mode}: requests during the outage`, r.requestsDuringOutage],
          [`${r.mode}: their statuses`, JSON.stringify(r.statuses)],
          [`${r.mode}: failures not a 503 in the envelope`, r.failuresNot503InEnvelope],
          [`${r.mode}: slowest reply / p99 (ms)`, `${r.slowestReplyMs} / ${r.p99ReplyMs}`],
          [
            `${r.mode}: first write after the database is back (ms)`,
            r.recoveryAfterDatabaseBackMs ?? 'never',
          ],
          [`${r.mode}: message`, r.sampleMessage ?? '-'],
        ]),
        ['writes acknowledged', figures.acknowledged],
        ['acknowledged writes found afterwards', figures.foundAfterwards],
        ['stored but answered with an error', figures.storedButNotAcknowledged],
        ['replies cut at 15 s (hangs)', figures.hangs],
        ['readiness at the end (portal never restarted)', health.status],
        ['portal process', figures.portal],
      ],
      { ok, ...figures },
    );
    if (!ok) {
      console.error(`FAILED\n${portal.output.join('').slice(-4000)}`);
      process.exitCode = 1;
    }
  } finally {
    await portal?.stop();
    cluster.stop();
  }
}

await main();
