import { type AuditEntry, auditLogMessages } from '@lightpath/domain/audit-log';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../db/schema/inventory';
import { auditLog } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import { parseCsv } from '../../test/csv';
import { buildTestApp, demo, problemOf, type TestApp } from '../../test/helper';

let t: TestApp;
const marker = `Audit marker ${Date.now()}`;
let faqIds: number[] = [];
beforeAll(async () => {
  t = await buildTestApp({ exportPageSize: 2 });
  // Five writes of one kind by the NOC: three FAQ articles made, one changed, one deleted.
  for (let i = 0; i < 3; i++) {
    const made = await t.call({
      method: 'POST',
      url: '/api/faq',
      as: demo.noc,
      payload: { title: `${marker} ${i}`, body: 'How to read the audit log.' },
    });
    expect(made.statusCode, made.body).toBe(201);
    faqIds.push(made.json().payload.faqid);
  }
  const renamed = await t.call({
    method: 'PUT',
    url: `/api/faq/${faqIds[0]}`,
    as: demo.noc,
    payload: { faqid: faqIds[0], title: `${marker} renamed`, body: 'How to read the audit log.' },
  });
  expect(renamed.statusCode, renamed.body).toBe(200);
  const deleted = await t.call({ method: 'DELETE', url: `/api/faq/${faqIds[2]}`, as: demo.noc });
  expect(deleted.statusCode, deleted.body).toBe(200);
  faqIds = faqIds.slice(0, 2);
});
afterAll(() => t.close());

async function entries(query: string, as = demo.noc): Promise<{ count: number; results: AuditEntry[] }> {
  const reply = await t.call({ method: 'GET', url: `/api/auditlog?${query}`, as });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().payload;
}

describe('GET /api/auditlog', () => {
  it('lists who did what to which record, newest first', async () => {
    const { results } = await entries('action=faq&limit=10');
    expect(results.map((e) => e.action)).toEqual([
      'faq.delete',
      'faq.update',
      'faq.create',
      'faq.create',
      'faq.create',
    ]);
    // The role and customer a write was made as, always: the NOC's own when it acts as itself.
    expect(results[0]).toMatchObject({
      email: demo.noc,
      entity: 'faq',
      actingtype: 1,
      customercode: 'MRN',
      address: '127.0.0.1',
    });
    expect(results.every((e, i) => i === 0 || e.time <= results[i - 1]!.time)).toBe(true);
    const oldestFirst = await entries('action=faq&sort=time&limit=10');
    expect(oldestFirst.results.map((e) => e.id)).toEqual(results.map((e) => e.id).reverse());
  });

  it('filters by exact action, record, user, text and period', async () => {
    expect((await entries('action=faq.create')).count).toBe(3);
    expect((await entries(`action=faq&entityid=${faqIds[0]}`)).results.map((e) => e.action)).toEqual([
      'faq.update',
      'faq.create',
    ]);
    expect((await entries('action=faq&user=northgate')).count).toBe(0);
    expect((await entries(`q=${encodeURIComponent('renamed')}`)).results.map((e) => e.action)).toEqual([
      'faq.update',
    ]);
    const future = Math.floor(Date.now() / 1000) + 3_600;
    expect((await entries(`action=faq&from=${future}`)).count).toBe(0);
    expect((await entries(`action=faq&to=${future}`)).count).toBe(5);
  });

  it('names the customer and role the NOC acted as while impersonating, and the real user', async () => {
    const token = await t.login(demo.noc);
    const customers = (
      await t.call({ method: 'GET', url: '/api/user/impersonate/customers', as: token })
    ).json().payload.results as { customercode: string; customerid: number }[];
    const ung = customers.find((c) => c.customercode === 'UNG')!.customerid;
    const switched = await t.call({
      method: 'POST',
      url: '/api/user/impersonate',
      as: token,
      payload: { customerid: ung, usertype: 4 },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const [entry] = (await entries('action=session.impersonate&limit=1')).results;
    expect(entry).toMatchObject({ email: demo.noc, action: 'session.impersonate' });
    // A write made while impersonating: the NOC's own e-mail, acting as UNG's company admin.
    const made = await t.call({
      method: 'POST',
      url: '/api/calendar/feed',
      as: token,
      payload: {},
    });
    const [acted] = (await entries('action=calendar&limit=1')).results;
    expect(made.statusCode, made.body).toBeLessThan(300);
    expect(acted).toMatchObject({ email: demo.noc, customercode: 'UNG', actingtype: 4 });
  });

  it('names each record as it reads now where its kind has a name, and leaves the others unnamed', async () => {
    const [site] = await t.database.db.select().from(sites).limit(1);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, demo.ungAdmin));
    await t.database.db.insert(auditLog).values([
      { action: 'naming.site', entity: 'site', entityId: String(site!.siteId) },
      { action: 'naming.user', entity: 'user', entityId: String(user!.userId) },
      { action: 'naming.gone', entity: 'site', entityId: '999999999' },
      { action: 'naming.odd', entity: 'user', entityId: 'not-a-number' },
      { action: 'naming.service', entity: 'service', entityId: 'UNG0001000101B' },
    ]);
    const named = Object.fromEntries(
      (await entries('action=naming&limit=10')).results.map((e) => [e.action, e.entityname]),
    );
    expect(named).toEqual({
      'naming.site': site!.siteName,
      'naming.user': demo.ungAdmin,
      'naming.gone': null,
      'naming.odd': null,
      'naming.service': null,
    });
    const faqs = (await entries('action=faq&limit=10')).results;
    expect(faqs.every((e) => e.entityname === null)).toBe(true);
  });

  it('is 400 for a period that ends before it starts, or a malformed time, and refused to every other role', async () => {
    const reversed = await t.call({ method: 'GET', url: '/api/auditlog?from=200&to=100', as: demo.noc });
    expect(reversed.statusCode).toBe(400);
    expect(problemOf(reversed)).toBe(auditLogMessages.periodReversed);
    const malformed = await t.call({ method: 'GET', url: '/api/auditlog?from=yesterday', as: demo.noc });
    expect(malformed.statusCode).toBe(400);
    expect(problemOf(malformed)).toBe(auditLogMessages.periodInvalid);
    for (const as of [demo.tech, demo.eng, demo.ungAdmin, demo.ungUser]) {
      expect((await t.call({ method: 'GET', url: '/api/auditlog', as })).statusCode, as).toBe(403);
      expect((await t.call({ method: 'GET', url: '/api/export/auditlog', as })).statusCode, as).toBe(403);
    }
  });
});

describe('GET /api/export/auditlog', () => {
  it("holds every entry of the list's filters, across pages, in its order, times in the reader's zone", async () => {
    const listed = await entries('action=faq&limit=100');
    const reply = await t.call({ method: 'GET', url: '/api/export/auditlog?action=faq', as: demo.noc });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...rows] = parseCsv(reply.body.slice(1));
    expect(header).toEqual([
      'Time (Australia/Sydney)',
      'User',
      'Acting as',
      'Action',
      'Entity',
      'Entity id',
      'Entity name',
      'Detail',
      'Address',
    ]);
    expect(rows.map((row) => row[3])).toEqual(listed.results.map((e) => e.action));
    expect(rows.map((row) => row[5])).toEqual(listed.results.map((e) => e.entityid));
    expect(rows[0]![0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });
});
