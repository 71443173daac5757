import { addNoticeCustomers, countDuplicates, noticeEvent, onPrivateCluster, sentBySender } from './notices';
import { call, report, round, signIn, sleep, startPortal } from './portal';

const customerCount = Number(process.env.FAULT_CUSTOMERS ?? 400);
// A is killed once this share of the notices is sent: well into the send, with most still to go.
const killAtShare = 0.15;
const finishWithinMs = 180_000;

await onPrivateCluster(async ({ cluster, db, instances }) => {
  const env = (name: string) => ({
    DATABASE_URL: `${cluster.url()}?application_name=${name}`,
    SEED_DEMO: 'true',
    // The same secret on both, as production.md asks of every instance behind one proxy.
    SERVER_SECRET: 'fault-script-shared-secret-of-32-characters',
  });
  const a = await startPortal('instance-a', env('instance-a'));
  instances.push(a);
  await db.connect();
  const serviceIds = await addNoticeCustomers(db, customerCount);
  const b = await startPortal('instance-b', env('instance-b'));
  instances.push(b);

  const token = await signIn(a.url, 'noc@meridian.example');
  const started = performance.now();
  // The request sends its own notices for up to 2 s, then answers; A goes on sending after the reply.
  const sending = call<{ eventid: number }>(a.url, 'POST', '/event', {
    token,
    timeoutMs: 60_000,
    body: noticeEvent(serviceIds, 'Notices sent while an instance is killed.'),
  });
  const count = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0]!.n);
  let total = 0;
  let sentAtKill = 0;
  let killedAfterMs = 0;
  for (;;) {
    total = await count('select count(*) as n from event_notifications');
    const sent = await count("select count(*) as n from event_notifications where status = 'sent'");
    if (total > 0 && sent >= total * killAtShare) {
      a.child.kill('SIGKILL');
      killedAfterMs = performance.now() - started;
      sentAtKill = sent;
      break;
    }
    if (performance.now() - started > 60_000) throw new Error(`A sent only ${sent} of ${total} in 60 s`);
    await sleep(10);
  }
  const created = await sending;
  await new Promise((done) =>
    a.child.exitCode !== null || a.child.signalCode ? done(null) : a.child.once('exit', done),
  );
  let sent = 0;
  while (performance.now() - started < finishWithinMs) {
    sent = await count("select count(*) as n from event_notifications where status = 'sent'");
    if (sent === total) break;
    await sleep(200);
  }
  const finishedMs = performance.now() - started;
  const bySender = await sentBySender(db);
  const duplicates = await countDuplicates(db);
  const tickets = await count("select count(*) as n from tickets where request_key like 'event:%'");
  const figures = {
    customers: customerCount,
    notices: total,
    eventCreated: created.status,
    killedAfterMs: round(killedAfterMs),
    sentBeforeKill: sentAtKill,
    sentBySender: bySender,
    sent,
    ticketsOpened: tickets,
    duplicates: duplicates.total,
    duplicateDetail: duplicates.detail,
    finishedMs: round(finishedMs),
    finishedAfterKillMs: round(finishedMs - killedAfterMs),
    instanceA: a.exit(),
    instanceB: b.exit(),
  };
  const ok =
    sent === total && figures.duplicates === 0 && tickets === total && figures.instanceB === 'running';
  report(
    "An instance killed while sending an event's notices",
    [
      ['customers told (one notice each)', total],
      ['reply to the send (0: A died before it answered)', created.status],
      ['A killed (SIGKILL) after (ms)', figures.killedAfterMs],
      ['notices sent when A was killed', sentAtKill],
      ...bySender.map((row): [string, number] => [`sent by ${row.sender}`, row.notices]),
      ['sent in all', sent],
      ['tickets opened', tickets],
      ['duplicates', figures.duplicates],
      ['all sent after (ms from the send)', figures.finishedMs],
      ['  of which after the kill (ms)', figures.finishedAfterKillMs],
      ['instance B', figures.instanceB],
    ],
    { ok, ...figures },
  );
  if (!ok) {
    console.error(`FAILED\n${b.output.join('').slice(-4000)}`);
    process.exitCode = 1;
  }
});
