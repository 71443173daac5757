// The event notices the fault scripts send (notices-kill, shutdown): customers added beside the demo
// data, one service each at one shared site, and a trigger that records which instance sent each notice.
import pg from 'pg';
import { startCluster } from './cluster';
import { freePort, type Portal } from './portal';

// One run of a notices fault: a private cluster, a client on it, and the portals the run starts there,
// all stopped at the end whatever happened.
export async function onPrivateCluster(
  run: (setup: {
    cluster: ReturnType<typeof startCluster>;
    db: pg.Client;
    instances: Portal[];
  }) => Promise<void>,
) {
  const cluster = startCluster(Number(process.env.FAULT_PG_PORT ?? (await freePort())));
  const instances: Portal[] = [];
  const db = new pg.Client({ connectionString: cluster.url() });
  try {
    await run({ cluster, db, instances });
  } finally {
    await db.end().catch(() => undefined);
    await Promise.all(instances.map((instance) => instance.stop('SIGKILL')));
    cluster.stop();
  }
}

// Three-character customer codes no demo customer uses: 'Z' or 'Y' and two base-36 digits.
function codes(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const prefix = i < 1296 ? 'Z' : 'Y';
    return `${prefix}${(i % 1296).toString(36).toUpperCase().padStart(2, '0')}`;
  });
}

// Customers with one active service each at one shared site, and a primary contact there with an
// e-mail: each gets a notice (a ticket and its e-mail) for an event on their services.
export async function addNoticeCustomers(db: pg.Client, count: number): Promise<string[]> {
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

// The event that tells every added customer: one notice each, a ticket and its e-mail.
export function noticeEvent(serviceIds: string[], description: string) {
  const tomorrow = Math.floor(Date.now() / 1000) + 86_400;
  return {
    number: 990_001,
    title: 'Fault test: works on the shared site',
    description,
    starttime: tomorrow,
    endtime: tomorrow + 3600,
    type: 1,
    initiator: 'Fault script',
    services: serviceIds,
    sendnotification: true,
  };
}

// A notice sent twice, counted three ways: marked sent twice, a customer with more than one ticket for
// the event, an e-mail queued twice.
export async function countDuplicates(db: pg.Client) {
  const count = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0]!.n);
  const markedSentTwice = await count(
    'select count(*) as n from (select notification_id from fault_sends group by 1 having count(*) > 1) t',
  );
  const customersWithTwoTickets = await count(
    `select count(*) as n from (select customer_id from tickets where request_key like 'event:%'
     group by customer_id, split_part(request_key, ':c', 1) having count(*) > 1) t`,
  );
  const emailsTwice = await count(
    `select count(*) as n from (select recipient, subject from outbox where channel = 'email'
     and recipient like '%.fault.example' group by 1, 2 having count(*) > 1) t`,
  );
  return {
    total: markedSentTwice + customersWithTwoTickets + emailsTwice,
    detail: { markedSentTwice, customersWithTwoTickets, emailsTwice },
  };
}

// Which instance (the connection's application_name) sent how many notices.
export async function sentBySender(db: pg.Client) {
  const rows = await db.query<{ sender: string; n: string }>(
    'select sender, count(*) as n from fault_sends group by sender order by sender',
  );
  return rows.rows.map((row) => ({ sender: row.sender, notices: Number(row.n) }));
}
