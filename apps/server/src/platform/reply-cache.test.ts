import { recentEventSeconds } from '@lightpath/domain/events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { faqArticles } from '../db/schema/faq';
import { buildTestApp, demo, type TestApp } from '../test/helper';
import {
  nextEventInstantSql,
  ReplyStore,
  replyCacheHeader,
  trackedTables,
  untrackedTables,
} from './reply-cache';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string, as: string, headers: Record<string, string> = {}) =>
  t.call({ method: 'GET', url, as, headers });

async function version(table: string): Promise<number> {
  const [row] = await t.database.query<{ version: string }>(
    'test_data_version',
    'select version from data_versions where name = $1',
    [table],
  );
  return Number(row!.version);
}

type ServiceRow = { serviceid: string; description: string; condition: number; customerid: number };

// A Northgate service with no event on it now, so an event's start and end show in its condition.
async function quietUngService(): Promise<ServiceRow> {
  const reply = await get('/api/services?limit=100&sort=serviceid', demo.ungAdmin);
  const quiet = (reply.json().payload.results as ServiceRow[]).find((service) => service.condition === 0);
  expect(quiet).toBeDefined();
  return quiet!;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

async function createEvent(
  serviceid: string,
  fields: { type: number; starttime: number; endtime: number | null },
) {
  const reply = await t.call({
    method: 'POST',
    url: '/api/event',
    as: demo.noc,
    payload: {
      number: 7_301 + Math.floor(Math.random() * 500),
      title: 'Reply cache check',
      description: 'Checks that kept replies follow events.',
      initiator: 'Field Services',
      priority: 3,
      slatype: 1,
      services: [serviceid],
      sendnotification: false,
      ...fields,
    },
  });
  expect(reply.statusCode, reply.body.slice(0, 300)).toBe(201);
  return reply.json().payload.eventid as number;
}

describe('what is kept', () => {
  it('has every paged list say how its replies are kept', () => {
    const undecided = t.app.apiRoutes.filter((route) => route.paged && !route.replyCache);
    expect(undecided.map((route) => route.url)).toEqual([]);
    expect(t.app.apiRoutes.filter((route) => route.paged).length).toBeGreaterThan(10);
  });

  it('tracks exactly the tables the migration puts the version trigger on, and no table is forgotten', async () => {
    const triggered = await t.database.query<{ name: string }>(
      'test_version_triggers',
      `select c.relname as name from pg_trigger g join pg_class c on c.oid = g.tgrelid
       where g.tgname = 'data_version_note' order by 1`,
      [],
    );
    expect(triggered.map((row) => row.name)).toEqual([...trackedTables].sort());
    const tables = await t.database.query<{ name: string }>(
      'test_public_tables',
      `select tablename as name from pg_tables where schemaname = 'public' order by 1`,
      [],
    );
    const decided = new Set<string>([...trackedTables, ...Object.keys(untrackedTables)]);
    expect(tables.map((row) => row.name).filter((name) => !decided.has(name))).toEqual([]);
  });

  it('bumps a table once per committed transaction, and not for one rolled back', async () => {
    const before = await version('faq_articles');
    await t.database.db.transaction(async (tx) => {
      await tx.update(faqArticles).set({ updatedAt: sql`updated_at` });
      await tx.update(faqArticles).set({ updatedAt: sql`updated_at` });
    });
    expect(await version('faq_articles')).toBe(before + 1);
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.update(faqArticles).set({ updatedAt: sql`updated_at` });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await version('faq_articles')).toBe(before + 1);
  });
});

describe('repeat reads', () => {
  it('serves the same reply again from memory, and a 304 to a browser holding its ETag', async () => {
    const url = '/api/services?limit=5&sort=description';
    const first = await get(url, demo.noc);
    expect(first.statusCode).toBe(200);
    expect(first.headers[replyCacheHeader]).toBe('miss');
    const second = await get(url, demo.noc);
    expect(second.headers[replyCacheHeader]).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers['cache-control']).toBe('private, no-cache');

    const revalidated = await get(url, demo.noc, { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    const stale = await get(url, demo.noc, { 'if-none-match': '"not-this-one"' });
    expect(stale.statusCode).toBe(200);
  });

  it('keeps no error: a bad query is refused every time and carries no ETag', async () => {
    for (let i = 0; i < 2; i++) {
      const bad = await get('/api/services?limit=0', demo.noc);
      expect(bad.statusCode).toBe(400);
      expect(bad.headers.etag).toBeUndefined();
      expect(bad.headers['cache-control']).toBe('no-store');
    }
  });

  it('never serves a reply kept for one caller to another customer, user or role', async () => {
    const url = '/api/services?limit=50&sort=serviceid';
    const noc = await get(url, demo.noc);
    await get(url, demo.noc);
    const customerOf = (reply: { json: () => { payload: { results: ServiceRow[] } } }) =>
      new Set(reply.json().payload.results.map((s) => s.customerid));

    const ung = await get(url, demo.ungAdmin);
    expect(ung.headers[replyCacheHeader]).toBe('miss');
    expect(customerOf(ung).size).toBe(1);
    const ebh = await get(url, demo.ebhAdmin);
    expect(ebh.headers[replyCacheHeader]).toBe('miss');
    expect(customerOf(ebh).size).toBe(1);
    expect([...customerOf(ebh)][0]).not.toBe([...customerOf(ung)][0]);
    expect(ebh.headers.etag).not.toBe(ung.headers.etag);
    // Same customer, another user and role: a reply of its own.
    const ungUser = await get(url, demo.ungUser);
    expect(ungUser.headers[replyCacheHeader]).toBe('miss');
    // The NOC's own ETag is no good to a customer.
    const borrowed = await get(url, demo.ungAdmin, { 'if-none-match': String(noc.headers.etag) });
    expect(borrowed.statusCode).toBe(200);
    expect(customerOf(borrowed)).toEqual(customerOf(ung));
  });

  it('follows impersonation: the same token and address read as the customer, then as the NOC again', async () => {
    const token = await t.login(demo.noc);
    const provider = (await get('/api/customer/me', token)).json().payload.customerid as number;
    const url = '/api/customers?limit=1000';
    const own = await get(url, token);
    expect((await get(url, token)).headers[replyCacheHeader]).toBe('hit');
    const all = own.json().payload.results as { customerid: number; code: string }[];
    expect(all.length).toBeGreaterThan(2);
    const ung = all.find((c) => c.code === 'UNG')!;

    for (const usertype of [4, 5]) {
      const switched = await t.call({
        method: 'POST',
        url: '/api/user/impersonate',
        as: token,
        payload: { customerid: ung.customerid, usertype },
      });
      expect(switched.statusCode, switched.body).toBe(200);
      const acting = await get(url, token);
      expect(acting.headers[replyCacheHeader]).toBe('miss');
      expect(acting.json().payload.results.map((c: { code: string }) => c.code)).toEqual(['UNG']);
    }
    // The NOC's own customer and role switch back.
    const reverted = await t.call({
      method: 'POST',
      url: '/api/user/impersonate',
      as: token,
      payload: { customerid: provider, usertype: 1 },
    });
    expect(reverted.statusCode, reverted.body).toBe(200);
    const again = await get(url, token);
    expect(again.json().payload.results.length).toBe(all.length);
  });
});

describe('never stale', () => {
  it('shows a changed service at once', async () => {
    const service = await quietUngService();
    const url = `/api/service/${service.serviceid}`;
    await get(url, demo.ungAdmin);
    expect((await get(url, demo.ungAdmin)).headers[replyCacheHeader]).toBe('hit');
    const description = `Changed ${Date.now()}`;
    const put = await t.call({ method: 'PUT', url, as: demo.noc, payload: { description } });
    expect(put.statusCode, put.body).toBe(200);
    const after = await get(url, demo.ungAdmin);
    expect(after.headers[replyCacheHeader]).toBe('miss');
    expect(after.json().payload.description).toBe(description);
  });

  it('shows an event that ended at once, and an event that started without any write', async () => {
    const service = await quietUngService();
    const url = `/api/service/${service.serviceid}`;
    const conditionNow = async () => (await get(url, demo.ungAdmin)).json().payload.condition as number;

    expect(await conditionNow()).toBe(0);
    const outage = await createEvent(service.serviceid, {
      type: 3,
      starttime: nowSeconds() - 60,
      endtime: null,
    });
    expect(await conditionNow()).toBe(3);
    expect((await get(url, demo.ungAdmin)).headers[replyCacheHeader]).toBe('hit');
    const ended = await t.database.query(
      'test_end_event',
      "update events set end_time = now() - interval '1 second' where event_id = $1 returning event_id",
      [outage],
    );
    expect(ended.length).toBe(1);
    expect(await conditionNow()).toBe(0);

    // Works that start two seconds from now: nothing is written when they start.
    const startsAt = nowSeconds() + 2;
    await createEvent(service.serviceid, { type: 1, starttime: startsAt, endtime: startsAt + 3_600 });
    expect(await conditionNow()).toBe(0);
    expect((await get(url, demo.ungAdmin)).headers[replyCacheHeader]).toBe('hit');
    await new Promise((resolve) => setTimeout(resolve, startsAt * 1000 - Date.now() + 100));
    const started = await get(url, demo.ungAdmin);
    expect(started.headers[replyCacheHeader]).toBe('miss');
    expect(started.json().payload.condition).toBe(1);
  });

  it('stays exact with two instances on one database', async () => {
    const other = await buildApp(t.config, t.database, { logger: false });
    await other.ready();
    try {
      const token = await t.login(demo.noc);
      const url = '/api/faqs?limit=100';
      const read = () => t.app.inject({ method: 'GET', url, headers: { 'x-auth-token': token } });
      await read();
      expect((await read()).headers[replyCacheHeader]).toBe('hit');
      const [listed] = (await read()).json().payload.results as { faqid: number }[];
      const faq = (await get(`/api/faq/${listed!.faqid}`, token)).json().payload;
      const title = `Changed through the other instance ${Date.now()}`;
      const put = await other.inject({
        method: 'PUT',
        url: `/api/faq/${faq.faqid}`,
        headers: { 'x-auth-token': token },
        payload: { faqid: faq.faqid, title, body: faq.body, tags: faq.tags },
      });
      expect(put.statusCode, put.body).toBe(200);
      const after = await read();
      expect(after.headers[replyCacheHeader]).toBe('miss');
      expect(after.json().payload.results.find((f: { faqid: number }) => f.faqid === faq.faqid).title).toBe(
        title,
      );
    } finally {
      await other.close();
    }
  });
});

describe('the event clock', () => {
  it('finds the next instant an event starts, ends or leaves the recent window, from any instant', async () => {
    const events = await t.database.query<{ start: number; end: number | null }>(
      'test_event_instants',
      `select (extract(epoch from start_time) * 1000)::float8 as start,
        (extract(epoch from end_time) * 1000)::float8 as "end" from events`,
      [],
    );
    expect(events.length).toBeGreaterThan(10);
    const recent = recentEventSeconds * 1000;
    // Every instant the rule knows of: each event's start and end, and each as it leaves the window.
    const instants = events.flatMap(({ start, end }) => [
      start,
      start - recent,
      ...(end === null ? [] : [end, end + recent]),
    ]);
    const expected = (now: number) => {
      const ahead = instants.filter((instant) => instant > now);
      return ahead.length > 0 ? Math.min(...ahead) : null;
    };
    // From just before and exactly at each of a spread of those instants, so that each of the four
    // kinds is the answer somewhere, and from past the last one (nothing ahead).
    const sorted = [...new Set(instants)].sort((a, b) => a - b);
    const probes = sorted
      .filter((_, index) => index % Math.max(1, Math.floor(sorted.length / 40)) === 0)
      .flatMap((instant) => [instant - 1, instant]);
    probes.push(sorted.at(-1)! + 1);
    const text = nextEventInstantSql('$1::timestamptz');
    for (const probe of probes) {
      // To the millisecond, as the query is given it.
      const now = new Date(probe);
      const [row] = await t.database.query<{ next: number | null }>('test_next_event_instant', text, [
        now.toISOString(),
      ]);
      expect(row?.next ?? null, `from ${now.toISOString()}`).toBe(expected(now.getTime()));
    }
  });
});

describe('ReplyStore', () => {
  const body = (bytes: number) => ({ validator: 'v', etag: '"e"', body: Buffer.alloc(bytes) });

  it('holds no more bytes than its bound, dropping the least recently used first', () => {
    const store = new ReplyStore(1_000);
    store.set('a', body(400));
    store.set('b', body(400));
    expect(store.get('a')).toBeDefined();
    store.set('c', body(400));
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')).toBeDefined();
    expect(store.get('c')).toBeDefined();
    expect(store.stats()).toEqual({ replies: 2, bytes: 800, maxBytes: 1_000 });
    store.set('huge', body(1_001));
    expect(store.get('huge')).toBeUndefined();
    store.set('a', body(100));
    expect(store.stats().bytes).toBe(500);
  });
});
