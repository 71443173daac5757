import { type FaqArticle, faqMessages } from '@lightpath/domain/faq';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqArticles } from '../../db/schema/faq';
import { seededFaqCount, seedFaq } from '../../db/seed/faq';
import { allDemoAccounts, buildTestApp, demo, type TestApp } from '../../test/helper';

let t: TestApp;

type Page = { count: number; limit: number; offset: number; results: FaqArticle[] };

const notNoc = allDemoAccounts.filter((a) => a !== demo.noc);

async function list(url: string, as: string = demo.ungUser): Promise<Page> {
  const reply = await t.call({ method: 'GET', url, as });
  expect(reply.statusCode, `${url}: ${reply.body.slice(0, 200)}`).toBe(200);
  return reply.json().payload;
}

async function rowCount() {
  const rows = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(faqArticles);
  return rows[0]!.n;
}

async function rowOf(faqId: number) {
  return (await t.database.db.select().from(faqArticles).where(eq(faqArticles.faqId, faqId)))[0];
}

const article = {
  title: 'How do I read the traffic chart?',
  body: 'The chart shows six hours.\n\nValues are in Mb/s.',
  tags: ['Traffic', 'services', 'traffic'],
};

// Validation failures say the domain's message ('Title is required'); payload.errors lists it with
// the field it belongs to.
type Refusal = { result: string; message: string; payload: { errors: { path: string; message: string }[] } };
function expectRefused(reply: LightMyRequestResponse, message: string) {
  expect(reply.statusCode).toBe(400);
  const body = reply.json() as Refusal;
  expect(body.result).toBe('Failure');
  expect(body.message).toBe(message);
  expect(body.payload.errors[0]!.message).toBe(message);
}

async function create(body: unknown = article) {
  const reply = await t.call({ method: 'POST', url: '/api/faq', as: demo.noc, payload: body as object });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().payload as FaqArticle;
}

beforeAll(async () => {
  t = await buildTestApp();
  // The demo seed may or may not include the knowledge base yet; seedFaq leaves existing articles be.
  await seedFaq(t.database.db);
  await seedFaq(t.database.db);
});
afterAll(() => t.close());

describe('reading the knowledge base', () => {
  it('is open to everyone signed in, and to nobody else', async () => {
    for (const who of allDemoAccounts) {
      const page = await list('/api/faqs', who);
      expect(page.count).toBe(seededFaqCount);
      expect(page.results).toHaveLength(seededFaqCount);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/faqs' })).statusCode).toBe(401);
  });

  it('answers whole articles, sorted by title by default, with unix-second times', async () => {
    const page = await list('/api/faqs');
    const titles = page.results.map((a) => a.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const first = page.results[0]!;
    expect(Object.keys(first).sort()).toEqual(['body', 'createdat', 'faqid', 'tags', 'title', 'updatedat']);
    expect(first.createdat).toBeGreaterThan(1_600_000_000);
    expect(first.createdat).toBeLessThan(Date.now() / 1000 + 5);
    const reversed = await list('/api/faqs?sort=-title');
    expect(reversed.results.map((a) => a.title)).toEqual([...titles].reverse());
  });

  it('pages with limit and offset and keeps the total', async () => {
    const all = await list('/api/faqs');
    const second = await list('/api/faqs?limit=5&offset=5');
    expect(second).toMatchObject({ count: all.count, limit: 5, offset: 5 });
    expect(second.results.map((a) => a.faqid)).toEqual(all.results.slice(5, 10).map((a) => a.faqid));
    expect(await list('/api/faqs?offset=500')).toMatchObject({ count: all.count, results: [] });
  });

  it('finds articles holding every word of q in the title or the text, ignoring case', async () => {
    const light = await list('/api/faqs?q=LIGHT%20levels');
    expect(light.results.map((a) => a.title)).toContain('How do I read light levels?');
    for (const a of light.results) expect(`${a.title} ${a.body}`.toLowerCase()).toMatch(/light/);
    // A word only in the body.
    const dbm = await list('/api/faqs?q=milliwatt');
    expect(dbm.results.map((a) => a.title)).toEqual(['How do I read light levels?']);
    // Every word must be there.
    expect((await list('/api/faqs?q=milliwatt%20calendar')).count).toBe(0);
    // Wildcards are taken literally.
    expect((await list('/api/faqs?q=%25%25')).count).toBe(0);
    expect((await list('/api/faqs?q=_')).count).toBe(0);
  });

  it('filters by tag, in its stored form', async () => {
    const calendar = await list('/api/faqs?tag=calendar');
    expect(calendar.count).toBeGreaterThan(0);
    for (const a of calendar.results) expect(a.tags).toContain('calendar');
    expect((await list('/api/faqs?tag=CALENDAR')).count).toBe(calendar.count);
    const both = await list('/api/faqs?tag=events&q=calendar');
    expect(both.results.every((a) => a.tags.includes('events'))).toBe(true);
    expect((await list('/api/faqs?tag=no-such-tag')).count).toBe(0);
  });

  it('refuses a malformed tag or limit with 400', async () => {
    for (const url of ['/api/faqs?tag=two%20words', '/api/faqs?limit=0', '/api/faqs?limit=1001']) {
      const reply = await t.call({ method: 'GET', url, as: demo.ungUser });
      expect(reply.statusCode, url).toBe(400);
    }
    const reply = await t.call({ method: 'GET', url: '/api/faqs?tag=a_b', as: demo.ungUser });
    expectRefused(reply, faqMessages.tagInvalid);
  });

  it('reads one article; a missing one is 404 and a malformed id 400', async () => {
    const [first] = (await list('/api/faqs?limit=1')).results;
    for (const who of allDemoAccounts) {
      const reply = await t.call({ method: 'GET', url: `/api/faq/${first!.faqid}`, as: who });
      expect(reply.statusCode, who).toBe(200);
      expect(reply.json().payload).toEqual(first);
    }
    const missing = await t.call({ method: 'GET', url: '/api/faq/999999', as: demo.ungUser });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(faqMessages.notFound);
    expect((await t.call({ method: 'GET', url: '/api/faq/abc', as: demo.ungUser })).statusCode).toBe(400);
  });
});

describe('creating an article', () => {
  it('lets the NOC create one, normalising its tags, and audits it', async () => {
    const before = { rows: await rowCount(), audit: await t.auditCount('faq.create') };
    const reply = await t.call({ method: 'POST', url: '/api/faq', as: demo.noc, payload: article });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().message).toBe(faqMessages.created);
    const created = reply.json().payload as FaqArticle;
    expect(created).toMatchObject({
      title: article.title,
      body: article.body,
      tags: ['traffic', 'services'],
    });
    expect(created.updatedat).toBe(created.createdat);
    expect(await rowCount()).toBe(before.rows + 1);
    expect(await t.auditCount('faq.create')).toBe(before.audit + 1);
    const row = await rowOf(created.faqid);
    expect(row?.createdBy).toBeGreaterThan(0);
    expect((await list(`/api/faqs?tag=traffic`)).results.map((a) => a.faqid)).toContain(created.faqid);
  });

  it('refuses everyone but the NOC with 403 and writes nothing', async () => {
    const before = await rowCount();
    for (const who of notNoc) {
      const reply = await t.call({ method: 'POST', url: '/api/faq', as: who, payload: article });
      expect(reply.statusCode, who).toBe(403);
    }
    expect(await rowCount()).toBe(before);
  });

  it.each([
    [{ ...article, title: '' }, faqMessages.titleRequired],
    [{ ...article, title: 'x'.repeat(201) }, faqMessages.titleTooLong],
    [{ ...article, body: '   ' }, faqMessages.bodyRequired],
    [{ ...article, body: 'x'.repeat(20_001) }, faqMessages.bodyTooLong],
    [{ ...article, tags: ['has space'] }, faqMessages.tagInvalid],
    [{ ...article, tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, faqMessages.tooManyTags],
    [{ title: 'No body' }, faqMessages.bodyRequired],
  ])('refuses %#: bad input with its message and writes nothing', async (body, message) => {
    const before = { rows: await rowCount(), audit: await t.auditCount('faq.create') };
    const reply = await t.call({ method: 'POST', url: '/api/faq', as: demo.noc, payload: body });
    expectRefused(reply, message);
    expect(await rowCount()).toBe(before.rows);
    expect(await t.auditCount('faq.create')).toBe(before.audit);
  });

  it('refuses unknown fields, an id of its own and the wrong content type', async () => {
    const before = await rowCount();
    for (const payload of [
      { ...article, faqid: 1 },
      { ...article, createdby: 1 },
    ]) {
      const reply = await t.call({ method: 'POST', url: '/api/faq', as: demo.noc, payload });
      expect(reply.statusCode).toBe(400);
    }
    const text = await t.call({
      method: 'POST',
      url: '/api/faq',
      as: demo.noc,
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    expect(await rowCount()).toBe(before);
  });
});

describe('updating an article', () => {
  it('lets the NOC replace the whole article, moves updatedat and audits it', async () => {
    const created = await create();
    await t.database.db
      .update(faqArticles)
      .set({ updatedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(faqArticles.faqId, created.faqid));
    const before = await t.auditCount('faq.update');
    const body = { ...created, title: 'Reading the traffic chart', body: 'New text.', tags: ['Charts'] };
    const reply = await t.call({
      method: 'PUT',
      url: `/api/faq/${created.faqid}`,
      as: demo.noc,
      payload: body,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().message).toBe(faqMessages.updated);
    const updated = reply.json().payload as FaqArticle;
    expect(updated).toMatchObject({
      faqid: created.faqid,
      title: 'Reading the traffic chart',
      body: 'New text.',
    });
    expect(updated.tags).toEqual(['charts']);
    expect(updated.createdat).toBe(created.createdat);
    expect(updated.updatedat).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(await t.auditCount('faq.update')).toBe(before + 1);
    // The most recently updated comes first when sorted by -updated.
    expect((await list('/api/faqs?sort=-updated&limit=1')).results[0]!.faqid).toBe(created.faqid);
  });

  it('refuses a body whose faqid is not the path id, and changes nothing', async () => {
    const created = await create();
    const other = (await list('/api/faqs?limit=1')).results[0]!;
    const reply = await t.call({
      method: 'PUT',
      url: `/api/faq/${created.faqid}`,
      as: demo.noc,
      payload: { ...article, faqid: other.faqid, title: 'Hijacked' },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(faqMessages.idMismatch);
    expect(reply.json().payload.errors).toEqual([{ path: 'faqid', message: faqMessages.idMismatch }]);
    expect((await rowOf(created.faqid))?.title).toBe(article.title);
    expect((await rowOf(other.faqid))?.title).toBe(other.title);
  });

  it('needs the whole article, and refuses bad fields with their message', async () => {
    const created = await create();
    const url = `/api/faq/${created.faqid}`;
    const cases: [object, string][] = [
      [{ title: 'Only a title', body: 'B' }, 'Article id is required'],
      [{ faqid: created.faqid, title: 'No body' }, faqMessages.bodyRequired],
      [{ faqid: created.faqid, title: '', body: 'B' }, faqMessages.titleRequired],
      [{ faqid: created.faqid, title: 'T', body: 'B', tags: ['UPPER CASE'] }, faqMessages.tagInvalid],
    ];
    for (const [payload, message] of cases) {
      const reply = await t.call({ method: 'PUT', url, as: demo.noc, payload });
      expectRefused(reply, message);
    }
    const row = await rowOf(created.faqid);
    expect(row).toMatchObject({ title: article.title, body: article.body });
  });

  it('answers 404 for an article that does not exist', async () => {
    const reply = await t.call({
      method: 'PUT',
      url: '/api/faq/999999',
      as: demo.noc,
      payload: { ...article, faqid: 999999 },
    });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().message).toBe(faqMessages.notFound);
  });

  it('refuses everyone but the NOC with 403', async () => {
    const created = await create();
    for (const who of notNoc) {
      const reply = await t.call({
        method: 'PUT',
        url: `/api/faq/${created.faqid}`,
        as: who,
        payload: { ...created, title: 'Changed' },
      });
      expect(reply.statusCode, who).toBe(403);
    }
    expect((await rowOf(created.faqid))?.title).toBe(article.title);
  });
});

describe('deleting an article', () => {
  it('refuses everyone but the NOC, then lets the NOC delete it once', async () => {
    const created = await create();
    const url = `/api/faq/${created.faqid}`;
    for (const who of notNoc) {
      expect((await t.call({ method: 'DELETE', url, as: who })).statusCode, who).toBe(403);
    }
    expect(await rowOf(created.faqid)).toBeDefined();
    const before = await t.auditCount('faq.delete');
    const reply = await t.call({ method: 'DELETE', url, as: demo.noc });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ result: 'Success', message: faqMessages.deleted });
    expect(await rowOf(created.faqid)).toBeUndefined();
    expect(await t.auditCount('faq.delete')).toBe(before + 1);
    expect((await t.call({ method: 'GET', url, as: demo.noc })).statusCode).toBe(404);
    const again = await t.call({ method: 'DELETE', url, as: demo.noc });
    expect(again.statusCode).toBe(404);
    expect(await t.auditCount('faq.delete')).toBe(before + 1);
  });
});
