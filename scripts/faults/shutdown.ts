// Fault: an instance stopped with SIGTERM while it serves requests on keep-alive connections and sends an
// event's notices (issue 19: graceful shutdown). Instance A on a private PostgreSQL cluster sends an event
// to many customers (FAULT_CUSTOMERS, 300 by default) while readers call it back to back; once part of the
// notices are out, A gets SIGTERM. A must say it is not ready at once, finish every request it accepted,
// finish the notice in hand, give back the claims it did not reach, and exit 0 within seconds. Then
// instance B starts and must send the rest at once (no lease to wait out), each notice exactly once.
//
// The readers act as a load balancer's clients: they send to A until its readiness check fails (polled
// every 10 ms after the signal, where a proxy would poll every few seconds with a drain to match), then
// send nothing new. Readers that kept sending into the close would only measure TCP's own race: a request
// written to a keep-alive connection as the server closes it idle is lost unsent, which proxies retry.
//
//   npm run fault:shutdown [-- --from-source] [-- --json]
import { healthMessages } from '@lightpath/domain/portal';
import { addNoticeCustomers, countDuplicates, noticeEvent, onPrivateCluster, sentBySender } from './notices';
import { call, inEnvelope, type Reply, report, round, signIn, sleep, startPortal } from './portal';

const customerCount = Number(process.env.FAULT_CUSTOMERS ?? 300);
const stopAtShare = 0.15;
const readers = 4;
// Long enough for readiness to be seen failing while requests are still served, as a load balancer would.
const drainMs = 500;
const exitWithinMs = 10_000;
const finishWithinMs = 60_000;

type Outcome = 'served' | 'refused 503' | 'not listening' | 'broken';

function outcomeOf(reply: Reply): Outcome {
  if (reply.status === 200) return 'served';
  if (reply.status === 503 && inEnvelope(reply) && reply.body?.message === healthMessages.shuttingDown)
    return 'refused 503';
  if (reply.failure === 'network' && reply.code === 'ECONNREFUSED') return 'not listening';
  return 'broken';
}

await onPrivateCluster(async ({ cluster, db, instances }) => {
  const env = (name: string) => ({
    DATABASE_URL: `${cluster.url()}?application_name=${name}`,
    SEED_DEMO: 'true',
    SERVER_SECRET: 'fault-script-shared-secret-of-32-characters',
    SHUTDOWN_DRAIN_MS: String(drainMs),
  });
  const a = await startPortal('instance-a', env('instance-a'));
  instances.push(a);
  await db.connect();
  const serviceIds = await addNoticeCustomers(db, customerCount);
  const token = await signIn(a.url, 'noc@meridian.example');
  const count = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0]!.n);

  // Readers on keep-alive connections (fetch keeps them): the replies before and after the signal.
  let signalledAt = 0;
  let reading = true;
  // Set once readiness fails: the load balancer sends A nothing new.
  let steeredAway = false;
  const afterSignal = new Map<Outcome, number>();
  const broken: string[] = [];
  let servedBefore = 0;
  const reader = async () => {
    while (reading && !steeredAway) {
      const reply = await call(a.url, 'GET', '/services?page=1&pagesize=50', { token, timeoutMs: 15_000 });
      const outcome = outcomeOf(reply);
      if (!signalledAt) {
        if (outcome === 'served') servedBefore += 1;
        else broken.push(`before the signal: ${reply.status} ${reply.code ?? reply.failure ?? ''}`);
        continue;
      }
      afterSignal.set(outcome, (afterSignal.get(outcome) ?? 0) + 1);
      if (outcome === 'broken') broken.push(`${reply.status} ${reply.failure ?? ''} ${reply.code ?? ''}`);
      if (outcome === 'not listening') await sleep(20);
    }
  };
  const reading$ = Promise.all(Array.from({ length: readers }, reader));

  const started = performance.now();
  const sending = call<{ eventid: number }>(a.url, 'POST', '/event', {
    token,
    timeoutMs: 60_000,
    body: noticeEvent(serviceIds, 'Notices sent while an instance stops gracefully.'),
  });
  let total = 0;
  let sentAtSignal = 0;
  for (;;) {
    total = await count('select count(*) as n from event_notifications');
    const sent = await count("select count(*) as n from event_notifications where status = 'sent'");
    if (total > 0 && sent >= total * stopAtShare) {
      sentAtSignal = sent;
      break;
    }
    if (performance.now() - started > 60_000) throw new Error(`A sent only ${sent} of ${total} in 60 s`);
    await sleep(10);
  }
  const exited = new Promise<number>((done) => a.child.once('exit', () => done(performance.now())));
  signalledAt = performance.now();
  a.child.kill('SIGTERM');
  // Readiness fails at once, while the readers are still served (the drain).
  let notReadyAfterMs = -1;
  while (performance.now() - signalledAt < drainMs) {
    const ready = await call(a.url, 'GET', '/health/ready', { timeoutMs: 2000 });
    if (ready.status === 503 && ready.body?.message === healthMessages.shuttingDown) {
      notReadyAfterMs = performance.now() - signalledAt;
      steeredAway = true;
      break;
    }
    await sleep(10);
  }
  const created = await sending;
  reading = false;
  await reading$;
  let giveUp: NodeJS.Timeout | undefined;
  const exitedAt = await Promise.race([
    exited,
    new Promise<number>((done) => {
      giveUp = setTimeout(() => done(0), exitWithinMs + 20_000);
    }),
  ]);
  clearTimeout(giveUp);
  const exitMs = exitedAt ? exitedAt - signalledAt : -1;

  // What A left behind: every notice sent or free for another instance, none claimed or counted as tried.
  const sentByA = await count("select count(*) as n from event_notifications where status = 'sent'");
  const claimsLeft = await count(
    "select count(*) as n from event_notifications where status = 'pending' and claimed_until > now()",
  );
  const attemptsLeft = await count(
    "select count(*) as n from event_notifications where status = 'pending' and attempts > 0",
  );

  const b = await startPortal('instance-b', env('instance-b'));
  instances.push(b);
  const bReady = performance.now();
  let sent = 0;
  while (performance.now() - bReady < finishWithinMs) {
    sent = await count("select count(*) as n from event_notifications where status = 'sent'");
    if (sent === total) break;
    await sleep(100);
  }
  const finishedAfterBReadyMs = performance.now() - bReady;
  const duplicates = await countDuplicates(db);
  const bySender = await sentBySender(db);
  const tickets = await count("select count(*) as n from tickets where request_key like 'event:%'");
  const figures = {
    customers: customerCount,
    notices: total,
    eventCreated: created.status,
    sentAtSignal,
    readRepliesBeforeSignal: servedBefore,
    readRepliesAfterSignal: Object.fromEntries(afterSignal),
    broken: broken.length,
    brokenDetail: broken.slice(0, 5),
    notReadyAfterMs: round(notReadyAfterMs),
    exitMs: round(exitMs),
    instanceA: a.exit(),
    sentByAInAll: sentByA,
    claimsLeftByA: claimsLeft,
    pendingWithAttempts: attemptsLeft,
    sentBySender: bySender,
    sent,
    ticketsOpened: tickets,
    duplicates: duplicates.total,
    duplicateDetail: duplicates.detail,
    finishedAfterBReadyMs: round(finishedAfterBReadyMs),
  };
  const ok =
    broken.length === 0 &&
    notReadyAfterMs >= 0 &&
    exitMs >= 0 &&
    exitMs < exitWithinMs &&
    figures.instanceA === 'exited 0' &&
    claimsLeft === 0 &&
    attemptsLeft === 0 &&
    sent === total &&
    tickets === total &&
    duplicates.total === 0;
  report(
    'An instance stopped with SIGTERM while serving and sending notices',
    [
      ['customers told (one notice each)', total],
      ['reply to the send', created.status],
      ['notices sent when SIGTERM came', sentAtSignal],
      ['reads served before the signal', servedBefore],
      ...[...afterSignal].map(([outcome, n]): [string, number] => [`reads after the signal: ${outcome}`, n]),
      ['reads broken (no reply, wrong reply)', broken.length],
      ['readiness 503 after (ms)', figures.notReadyAfterMs],
      ['A exited after (ms)', figures.exitMs],
      ['A', figures.instanceA],
      ['sent by A in all', sentByA],
      ['claims A left behind', claimsLeft],
      ['pending notices counted as tried', attemptsLeft],
      ...bySender.map((row): [string, number] => [`sent by ${row.sender}`, row.notices]),
      ['sent in all', sent],
      ['duplicates', duplicates.total],
      ['rest sent by B within (ms of B ready)', figures.finishedAfterBReadyMs],
    ],
    { ok, ...figures },
  );
  if (!ok) {
    console.error(`FAILED\n${a.output.join('').slice(-4000)}`);
    process.exitCode = 1;
  }
});
