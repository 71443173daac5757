// Fault: an instance killed in the middle of sending an event's notices (issue 19). Two portals on one
// private PostgreSQL cluster; an event on one service of each of many customers (FAULT_CUSTOMERS, 400 by
// default, added beside the demo data), sent by instance A; A is killed with SIGKILL once part of its
// notices are out. Instance B's dispatcher must finish the rest, and each notice must go out once.
//
//   npm run fault:notices-kill [-- --from-source] [-- --json]
//
// Who sent what is read from the database: each instance connects with its own application_name, and a
// trigger this script adds records the sending connection's name when a notice turns 'sent' (in the
// sending transaction, so a rolled-back send records nothing). Duplicates are counted three ways: a
// notice marked sent twice, a customer with more than one ticket for the event, an e-mail queued twice.
import pg from 'pg';
import { startCluster } from './cluster';
import { call, freePort, type Portal, report, round, signIn, sleep, startPortal } from './portal';

const customerCount = Number(process.env.FAULT_CUSTOMERS ?? 400);
// A is killed once this share of the notices is sent: well into the send, with most still to go.
const killAtShare = 0.15;
const finishWithinMs = 180_000;

// Three-character customer codes no demo customer uses: 'Z' or 'Y' and two base-36 digits.
function codes(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const prefix = i < 1296 ? 'Z' : 'Y';
    return `${prefix}${(i % 1296).toString(36).toUpperCase().padStart(2, '0')}`;
  });
}

// Customers with one active service each at one shared site, and a primary contact there with an
// e-mail: each gets a notice (a ticket and its e-mail) for an event on their services.
async function addCustomers(db: pg.Client, count: number): Promise<string[]> {
  const site = await db.query<{ siteid: number; letter: string }>(
    'select min(a_end_site_id) as siteid, min(type_letter) as letter from services',
  );
  const { siteid, letter } = site.rows[0]!;
  const made = await db.query<{ id: number; code: string }>(
    `insert into customers (customer_name, customer_code)
     select 'Fault Test Customer ' || code, code from unnest($1::text[]) code
     returning customer_id as id, customer_code as code`,
    [codes(count)],
  );
  const serviceIds = made.rows.map((c) => `${c.code}-FAULT-${letter}`);
  await db.query(
    `insert into services (service_id, type_letter, description, status, customer_id, a_end_site_id)
     select c.code || '-FAULT-' || $2, $2, 'Fault test service of ' || c.code, 1, c.id, $1
     from unnest($3::int[], $4::text[]) c(id, code)`,
    [siteid, letter, made.rows.map((c) => c.id), made.rows.map((c) => c.code)],
  );
  await db.query(
    `with made as (
       insert into contacts (customer_id, contact_name, email)
       select c.id, 'Fault contact ' || c.code, 'noc@' || lower(c.code) || '.fault.example'
       from unnest($2::int[], $3::text[]) c(id, code)
       returning contact_id
     )
     insert into site_contacts (site_id, contact_id, contact_type) select $1, contact_id, 1 from made`,
    [siteid, made.rows.map((c) => c.id), made.rows.map((c) => c.code)],
  );
  await db.query(`
    create table fault_sends (notification_id int not null, sender text not null, at timestamptz not null default clock_timestamp());
    create function fault_note_send() returns trigger language plpgsql as $$
    begin
      insert into fault_sends (notification_id, sender) values (new.notification_id, current_setting('application_name'));
      return new;
    end $$;
    create trigger fault_note_send after update of status on event_notifications
      for each row when (new.status = 'sent' and old.status is distinct from 'sent')
      execute function fault_note_send();`);
  return serviceIds;
}

async function main() {
  const cluster = startCluster(Number(process.env.FAULT_PG_PORT ?? (await freePort())));
  const instances: Portal[] = [];
  const db = new pg.Client({ connectionString: cluster.url() });
  try {
    const env = (name: string) => ({
      DATABASE_URL: `${cluster.url()}?application_name=${name}`,
      SEED_DEMO: 'true',
      // The same secret on both, as production.md asks of every instance behind one proxy.
      SERVER_SECRET: 'fault-script-shared-secret-of-32-characters',
    });
    const a = await startPortal('instance-a', env('instance-a'));
    instances.push(a);
    await db.connect();
    const serviceIds = await addCustomers(db, customerCount);
    const b = await startPortal('instance-b', env('instance-b'));
    instances.push(b);

    const token = await signIn(a.url, 'noc@meridian.example');
    const tomorrow = Math.floor(Date.now() / 1000) + 86_400;
    const started = performance.now();
    // The request sends its own notices for up to 2 s, then answers; A goes on sending after the reply.
    const sending = call<{ eventid: number }>(a.url, 'POST', '/event', {
      token,
      timeoutMs: 60_000,
      body: {
        number: 990_001,
        title: 'Fault test: works on the shared site',
        description: 'Notices sent while an instance is killed.',
        starttime: tomorrow,
        endtime: tomorrow + 3600,
        type: 1,
        initiator: 'Fault script',
        services: serviceIds,
        sendnotification: true,
      },
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
    const bySender = (
      await db.query<{ sender: string; n: string }>(
        'select sender, count(*) as n from fault_sends group by sender order by sender',
      )
    ).rows.map((row) => ({ sender: row.sender, notices: Number(row.n) }));
    const markedTwice = await count(
      'select count(*) as n from (select notification_id from fault_sends group by 1 having count(*) > 1) t',
    );
    const ticketsTwice = await count(
      `select count(*) as n from (select customer_id from tickets where request_key like 'event:%'
       group by customer_id, split_part(request_key, ':c', 1) having count(*) > 1) t`,
    );
    const emailsTwice = await count(
      `select count(*) as n from (select recipient, subject from outbox where channel = 'email'
       and recipient like '%.fault.example' group by 1, 2 having count(*) > 1) t`,
    );
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
      duplicates: markedTwice + ticketsTwice + emailsTwice,
      duplicateDetail: { markedSentTwice: markedTwice, customersWithTwoTickets: ticketsTwice, emailsTwice },
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
  } finally {
    await db.end().catch(() => undefined);
    await Promise.all(instances.map((instance) => instance.stop('SIGKILL')));
    cluster.stop();
  }
}

await main();
