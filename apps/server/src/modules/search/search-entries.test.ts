// The kept search entries (migration 0026, docs/decisions/046): a write to any searched table is
// found by the next search, whoever wrote it and however, and a customer never finds another's records.
import type { SearchResult } from '@lightpath/domain/search';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { shelves } from '../../db/schema/equipment';
import { contacts, events, servicePatching, services, sites } from '../../db/schema/inventory';
import { users } from '../../db/schema/users';
import { buildTestApp, demo, freshDatabase, type TestApp } from '../../test/helper';

let t: TestApp;
let ung: number;
let ebh: number;

async function search(text: string, as: string = demo.noc, kinds = ''): Promise<SearchResult[]> {
  const reply = await t.call({
    method: 'GET',
    url: `/api/search?q=${encodeURIComponent(text)}&limit=1000${kinds ? `&kinds=${kinds}` : ''}`,
    as,
  });
  expect(reply.statusCode, reply.body.slice(0, 300)).toBe(200);
  return reply.json().payload.results;
}

// The table a result comes from: internet results are sites (numeric ids) or services.
function sourceOf(r: SearchResult): string {
  if (['site', 'vpls', 'l3vpn', 'interconnect'].includes(r.kind)) return 'sites';
  if (r.kind === 'internet') return /^\d+$/.test(r.id) ? 'sites' : 'services';
  if (['service', 'thirdparty', 'circuit'].includes(r.kind)) return 'services';
  return `${r.kind}s`;
}

const ids = (results: SearchResult[]) => results.map((r) => `${r.kind} ${r.id}`).sort();

// The entries as the triggers kept them, and as a rebuild from the tables writes them.
async function entriesNowAndRebuilt() {
  const read = async () =>
    (
      (await t.database.db.execute(
        sql`select * from search_entries order by source, record_id`,
      )) as unknown as { rows: unknown[] }
    ).rows;
  const kept = await read();
  let rebuilt: unknown[] = [];
  await t.database.db
    .transaction(async (tx) => {
      await tx.execute(sql`select lightpath_search_refresh_sites(array(select site_id from sites)),
        lightpath_search_refresh_services(array(select service_id::text from services)),
        lightpath_search_refresh_users(array(select user_id from users)),
        lightpath_search_refresh_contacts(array(select contact_id from contacts)),
        lightpath_search_refresh_events(array(select event_id from events)),
        lightpath_search_refresh_equipment(array(select shelf_id from shelves))`);
      rebuilt = (
        (await tx.execute(sql`select * from search_entries order by source, record_id`)) as unknown as {
          rows: unknown[];
        }
      ).rows;
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!String(error).includes('Rollback')) throw error;
    });
  return { kept, rebuilt };
}

beforeAll(async () => {
  t = await buildTestApp();
  const rows = await t.database.db.select().from(customers);
  const byCode = new Map(rows.map((c) => [c.customerCode, c.customerId]));
  ung = byCode.get('UNG')!;
  ebh = byCode.get('EBH')!;
});
afterAll(() => t.close());

describe('the kept search entries', () => {
  it('hold one entry per searchable record after the seed', async () => {
    const { kept, rebuilt } = await entriesNowAndRebuilt();
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(rebuilt);
  });

  it('find a renamed site, a changed description and address, a new contact, an event, a user and a shelf at once', async () => {
    const [site] = await t.database.db
      .select()
      .from(sites)
      .where(and(eq(sites.customerId, ung), eq(sites.siteType, 1)))
      .limit(1);
    const [service] = await t.database.db
      .select()
      .from(services)
      .where(eq(services.customerId, ung))
      .limit(1);
    const [event] = await t.database.db.select().from(events).limit(1);
    const [user] = await t.database.db.select().from(users).where(eq(users.customerId, ung)).limit(1);
    const [shelf] = await t.database.db.select().from(shelves).limit(1);
    for (const word of [
      'Quokkaville',
      'Wombatcreek',
      '10.99.77.1',
      'Bilbyhurst',
      'Numbatvale',
      'Dugongshire',
    ])
      expect(await search(word), word).toEqual([]);

    await t.database.db
      .update(sites)
      .set({ siteName: 'Quokkaville Depot' })
      .where(eq(sites.siteId, site!.siteId));
    await t.database.db
      .update(services)
      .set({ description: 'Wombatcreek backbone' })
      .where(eq(services.serviceId, service!.serviceId));
    await t.database.db
      .insert(servicePatching)
      .values({ serviceId: service!.serviceId, ipAddress: '10.99.77.1/30' })
      .onConflictDoUpdate({ target: servicePatching.serviceId, set: { ipAddress: '10.99.77.1/30' } });
    const [contact] = await t.database.db
      .insert(contacts)
      .values({ customerId: ung, contactName: 'Bilbyhurst Warden', email: 'warden@northgate.example' })
      .returning();
    await t.database.db
      .update(events)
      .set({ title: 'Numbatvale fibre works' })
      .where(eq(events.eventId, event!.eventId));
    await t.database.db.update(users).set({ surname: 'Dugongshire' }).where(eq(users.userId, user!.userId));
    await t.database.db
      .update(shelves)
      .set({ name: 'QUOKKA-PE9' })
      .where(eq(shelves.shelfId, shelf!.shelfId));

    expect(await search('Quokkaville')).toMatchObject([
      { kind: 'site', id: String(site!.siteId), label: 'Quokkaville Depot', field: 'sitename' },
    ]);
    expect((await search('Wombatcreek')).map((r) => [r.id, r.field])).toEqual([
      [service!.serviceId, 'description'],
    ]);
    expect((await search('10.99.77.1')).map((r) => [r.id, r.field])).toEqual([
      [service!.serviceId, 'ipaddress'],
    ]);
    expect(await search('Bilbyhurst')).toMatchObject([{ kind: 'contact', id: String(contact!.contactId) }]);
    expect(await search('Numbatvale')).toMatchObject([{ kind: 'event', id: String(event!.eventId) }]);
    expect(await search('Dugongshire')).toMatchObject([
      { kind: 'user', id: String(user!.userId), label: `${user!.firstname} Dugongshire` },
    ]);
    expect(await search('QUOKKA-PE9', demo.noc, 'equipment')).toMatchObject([
      { kind: 'equipment', id: String(shelf!.shelfId), field: 'equipmentname' },
    ]);

    // Gone with the row: a deleted contact and a removed address are found no more.
    await t.database.db.delete(contacts).where(eq(contacts.contactId, contact!.contactId));
    await t.database.db
      .update(servicePatching)
      .set({ ipAddress: null })
      .where(eq(servicePatching.serviceId, service!.serviceId));
    expect(await search('Bilbyhurst')).toEqual([]);
    expect(await search('10.99.77.1')).toEqual([]);
    // A rolled-back rename leaves the entry as it was.
    await t.database.db
      .transaction(async (tx) => {
        await tx.update(sites).set({ siteName: 'Platypuston Depot' }).where(eq(sites.siteId, site!.siteId));
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await search('Platypuston')).toEqual([]);
    expect(ids(await search('Quokkaville'))).toEqual([`site ${site!.siteId}`]);

    const { kept, rebuilt } = await entriesNowAndRebuilt();
    expect(kept).toEqual(rebuilt);
  });

  it("never shows a customer another customer's records, before and after they move", async () => {
    const [site] = await t.database.db
      .select()
      .from(sites)
      .where(and(eq(sites.customerId, ung), eq(sites.siteType, 1)))
      .limit(1);
    const [service] = await t.database.db
      .select()
      .from(services)
      .where(eq(services.customerId, ung))
      .orderBy(services.serviceId)
      .limit(1);
    await t.database.db
      .update(sites)
      .set({ siteName: 'Echidnaford Annex' })
      .where(eq(sites.siteId, site!.siteId));
    await t.database.db
      .update(services)
      .set({ description: 'Echidnaford uplink' })
      .where(eq(services.serviceId, service!.serviceId));
    expect(ids(await search('Echidnaford', demo.ungAdmin))).toEqual(
      [
        `site ${site!.siteId}`,
        `${service!.typeLetter === 'H' ? 'internet' : 'service'} ${service!.serviceId}`,
      ].sort(),
    );
    expect(await search('Echidnaford', demo.ebhAdmin)).toEqual([]);

    // Moved to Eastbrook: found by Eastbrook only.
    // Site numbers are unique per customer: the moved site takes a number Eastbrook does not use.
    await t.database.db
      .update(sites)
      .set({ customerId: ebh, siteNumber: 'S9871' })
      .where(eq(sites.siteId, site!.siteId));
    await t.database.db
      .update(services)
      .set({ customerId: ebh })
      .where(eq(services.serviceId, service!.serviceId));
    expect(await search('Echidnaford', demo.ungAdmin)).toEqual([]);
    expect(await search('Echidnaford', demo.ungUser)).toEqual([]);
    expect((await search('Echidnaford', demo.ebhAdmin)).length).toBe(2);
    expect((await search('Echidnaford')).length).toBe(2);

    // Every record a customer finds for common words is their own (events: touching their services).
    for (const word of ['Northgate', 'Eastbrook', 'campus', 'fibre', 'example', 'S00']) {
      for (const [as, customerId] of [
        [demo.ungAdmin, ung],
        [demo.ebhAdmin, ebh],
      ] as const) {
        const owners = (
          (await t.database.db.execute(sql`select source, id, owner from (
              select 'sites' as source, site_id::text as id, customer_id as owner from sites
              union all select 'services', service_id, customer_id from services
              union all select 'users', user_id::text, customer_id from users
              union all select 'contacts', contact_id::text, customer_id from contacts) o`)) as unknown as {
            rows: { source: string; id: string; owner: number }[];
          }
        ).rows;
        const ownerOf = new Map(owners.map((o) => [`${o.source} ${o.id}`, o.owner]));
        for (const r of await search(word, as)) {
          if (r.kind === 'event') {
            const touching = (
              (await t.database.db.execute(sql`select count(*)::int as n from event_services es
                join services s on s.service_id = es.service_id
                where es.event_id = ${Number(r.id)} and s.customer_id = ${customerId}`)) as unknown as {
                rows: { n: number }[];
              }
            ).rows[0]!.n;
            expect(touching, `${word}: event ${r.id}`).toBeGreaterThan(0);
          } else {
            expect(r.kind, `${word}: ${r.kind} ${r.id}`).not.toBe('equipment');
            expect(ownerOf.get(`${sourceOf(r)} ${r.id}`), `${word}: ${r.kind} ${r.id}`).toBe(customerId);
          }
        }
      }
    }
  });
  // Migration 0037 (docs/decisions/056): services_id_trgm also answers `service_id = any(ids)`, and
  // in a new database (a bulk load, like the seed's; the trigram index never vacuumed, so it looks
  // cheap) the planner took it for the refresh, rechecking every service against the statement's ids:
  // the national seed spent half its time there. The refresh must find the services by their key. On
  // PostgreSQL this fails without the migration (and takes 10 s instead of 1.4); PGlite's planner
  // reads the key either way here.
  it("rebuilds a bulk load's service entries without reading the trigram index on the service id", async () => {
    const { database, drop } = await freshDatabase();
    try {
      // One transaction: a connection reports its scans now and then, and until then counts them as
      // the current transaction's, so only a difference within one transaction is the refresh's.
      const { trigram, entries } = await database.db.transaction(async (tx) => {
        const run = async <Row>(text: string) =>
          (await tx.execute(sql.raw(text))) as unknown as { rows: Row[] };
        await run(`insert into customers (customer_name, customer_code) values ('Bulk University', 'BLK')`);
        await run(`insert into sites (site_number, site_name, site_type, customer_id)
          select 'S0001', 'Bulk campus', 1, customer_id from customers`);
        const scans = async () =>
          (
            await run<{ n: number }>(
              `select pg_stat_get_xact_numscans('services_id_trgm'::regclass)::int as n`,
            )
          ).rows[0]!.n;
        const before = await scans();
        // 5,000 services, then 500 more, whose refresh reads a table that holds the first ones.
        for (const [from, to] of [
          [1, 5000],
          [5001, 5500],
        ])
          await run(`insert into services (service_id, type_letter, description, customer_id, a_end_site_id)
            select 'S0001A' || lpad(g::text, 5, '0'), 'A', 'Bulk service ' || g, c.customer_id, s.site_id
            from generate_series(${from}, ${to}) g, customers c, sites s`);
        const after = await scans();
        const [counted] = (
          await run<{ n: number }>(`select count(*)::int as n from search_entries where source = 'services'`)
        ).rows;
        return { trigram: after - before, entries: counted!.n };
      });
      expect(entries).toBe(5500);
      expect(trigram).toBe(0);
    } finally {
      await database.close();
      await drop();
    }
  });
});
