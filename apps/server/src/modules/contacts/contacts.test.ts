import { type Contact, type ContactSummary, contactMessages } from '@lightpath/domain/contacts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, siteContacts, sites } from '../../db/schema/inventory';
import { auditLog } from '../../db/schema/platform';
import { buildTestApp, demo, problemOf, type TestApp } from '../../test/helper';

let t: TestApp;
let ids: { ung: number; ebh: number };

type Page = { count: number; limit: number; offset: number; results: ContactSummary[] };

async function list(url: string, as: string = demo.noc): Promise<Page> {
  const reply = await t.call({ method: 'GET', url, as });
  expect(reply.statusCode, `${url}: ${reply.body.slice(0, 200)}`).toBe(200);
  return reply.json().payload;
}

async function contactCount(customerId?: number) {
  const rows = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(contacts)
    .where(customerId === undefined ? undefined : eq(contacts.customerId, customerId));
  return rows[0]!.n;
}

async function contactRow(contactId: number) {
  return (await t.database.db.select().from(contacts).where(eq(contacts.contactId, contactId)))[0] ?? null;
}

// A contact of the customer that stands for at least one site (the seed assigns most of them).
async function assignedContactOf(customerId: number) {
  const [row] = await t.database.db
    .select({ contactId: siteContacts.contactId })
    .from(siteContacts)
    .innerJoin(contacts, eq(contacts.contactId, siteContacts.contactId))
    .where(eq(contacts.customerId, customerId))
    .limit(1);
  return row!.contactId;
}

async function newContact(customerId: number, name = 'Temporary Contact') {
  const [row] = await t.database.db
    .insert(contacts)
    .values({ customerId, contactName: name, email: 'temp@example.org' })
    .returning({ contactId: contacts.contactId });
  return row!.contactId;
}

beforeAll(async () => {
  t = await buildTestApp();
  const customers = await t.call({ method: 'GET', url: '/api/customers?limit=1000', as: demo.noc });
  const byCode = new Map<string, number>(
    customers.json().payload.results.map((c: { code: string; customerid: number }) => [c.code, c.customerid]),
  );
  ids = { ung: byCode.get('UNG')!, ebh: byCode.get('EBH')! };
});
afterAll(() => t.close());

describe('listing contacts', () => {
  it('shows provider staff every contact and a customer only its own, with site counts', async () => {
    const all = await list('/api/contacts?limit=1000');
    expect(all.count).toBe(await contactCount());
    expect(all.results.length).toBe(all.count);
    expect(new Set(all.results.map((c) => c.customerid)).size).toBeGreaterThan(2);
    expect((await list('/api/contacts?limit=1', demo.eng)).count).toBe(all.count);

    const counts = await t.database.query<{ contact_id: number; n: number }>(
      'test_contact_site_counts',
      'select contact_id, count(*)::int as n from site_contacts group by contact_id',
      [],
    );
    const expected = new Map(counts.map((r) => [r.contact_id, r.n]));
    for (const c of all.results) expect(c.sitecount, c.contactname).toBe(expected.get(c.contactid) ?? 0);
    expect(all.results.some((c) => c.sitecount > 0)).toBe(true);

    for (const who of [demo.ungAdmin, demo.ungUser]) {
      const own = await list('/api/contacts?limit=1000', who);
      expect(own.count).toBe(await contactCount(ids.ung));
      expect(own.count).toBeGreaterThan(0);
      expect(own.results.every((c) => c.customerid === ids.ung && c.customercode === 'UNG')).toBe(true);
      // Naming another customer only narrows the caller's own scope.
      expect(await list(`/api/contacts?customerid=${ids.ebh}`, who)).toMatchObject({ count: 0, results: [] });
    }
    const ebh = await list('/api/contacts?limit=1000', demo.ebhAdmin);
    expect(ebh.results.every((c) => c.customerid === ids.ebh)).toBe(true);
  });

  it("answers the site page's assignable-contacts call with the fields it reads", async () => {
    const page = await list(`/api/contacts?customerid=${ids.ung}&limit=1000`);
    expect(page.count).toBe(await contactCount(ids.ung));
    for (const c of page.results) {
      expect(c).toMatchObject({
        contactid: expect.any(Number),
        contactname: expect.any(String),
        customerid: ids.ung,
      });
      expect(c).toHaveProperty('email');
    }
  });

  it('filters by text, sorts and pages', async () => {
    const [sample] = (await list(`/api/contacts?customerid=${ids.ung}&limit=1`)).results;
    const byEmail = await list(`/api/contacts?q=${encodeURIComponent(sample!.email!.toUpperCase())}`);
    expect(byEmail.results.map((c) => c.contactid)).toContain(sample!.contactid);
    expect(byEmail.results.every((c) => c.email?.includes(sample!.email!))).toBe(true);
    // Wildcards are matched literally.
    expect((await list('/api/contacts?q=%25')).count).toBe(0);

    const names = (await list('/api/contacts?limit=1000&sort=-contactname')).results.map(
      (c) => c.contactname,
    );
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    const bySites = (await list('/api/contacts?limit=1000&sort=-sitecount')).results.map((c) => c.sitecount);
    expect(bySites).toEqual([...bySites].sort((a, b) => b - a));
    const byCustomer = (await list('/api/contacts?limit=1000&sort=customername')).results;
    const customerNames = byCustomer.map((c) => c.customername);
    expect(customerNames).toEqual([...customerNames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const first = await list('/api/contacts?limit=2&offset=0');
    const second = await list('/api/contacts?limit=2&offset=2');
    expect(first).toMatchObject({ limit: 2, offset: 0 });
    expect(second.results[0]!.contactid).not.toBe(first.results[0]!.contactid);
    expect(second.results.map((c) => c.contactid)).not.toContain(first.results[1]!.contactid);
    const past = await list('/api/contacts?offset=100000');
    expect(past).toMatchObject({ count: first.count, results: [] });
  });

  it('refuses bad list parameters and roles without contacts', async () => {
    for (const url of ['/api/contacts?limit=0', '/api/contacts?limit=1001', '/api/contacts?customerid=x']) {
      expect((await t.call({ method: 'GET', url, as: demo.noc })).statusCode, url).toBe(400);
    }
    expect((await t.call({ method: 'GET', url: '/api/contacts', as: demo.tech })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/contacts' })).statusCode).toBe(401);
  });
});

describe('one contact', () => {
  it('has its sites and their contact types; another customer gets 404', async () => {
    const contactId = await assignedContactOf(ids.ung);
    const reply = await t.call({ method: 'GET', url: `/api/contact/${contactId}`, as: demo.ungUser });
    expect(reply.statusCode).toBe(200);
    const contact = reply.json().payload as Contact;
    const assigned = await t.database.db
      .select({ siteId: siteContacts.siteId, contactType: siteContacts.contactType })
      .from(siteContacts)
      .where(eq(siteContacts.contactId, contactId));
    expect(contact).toMatchObject({ contactid: contactId, customerid: ids.ung, customercode: 'UNG' });
    expect(contact.sites.map((s) => [s.siteid, s.contacttype]).sort()).toEqual(
      assigned.map((a) => [a.siteId, a.contactType]).sort(),
    );
    expect(contact.sites[0]).toMatchObject({ sitenumber: expect.stringMatching(/^S\d{4}$/) });

    for (const who of [demo.ebhAdmin]) {
      const foreign = await t.call({ method: 'GET', url: `/api/contact/${contactId}`, as: who });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe(contactMessages.notFound);
    }
    expect((await t.call({ method: 'GET', url: '/api/contact/999999', as: demo.noc })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/contact/abc', as: demo.noc })).statusCode).toBe(400);
  });
});

describe('creating contacts', () => {
  it('lets the NOC create a contact for the customer it names', async () => {
    const before = await contactCount(ids.ebh);
    const audits = await t.auditCount('contact.create');
    const reply = await t.call({
      method: 'POST',
      url: '/api/contact',
      as: demo.noc,
      payload: {
        contactname: ' Dana Reyes ',
        email: 'Dana.Reyes@Eastbrook.example',
        title: 'Facilities',
        office: '02 5551 0000',
        mobile: '',
        customerid: ids.ebh,
      },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().message).toBe(contactMessages.created);
    const created = reply.json().payload as Contact;
    expect(created).toMatchObject({
      contactname: 'Dana Reyes',
      email: 'dana.reyes@eastbrook.example',
      mobile: null,
      customerid: ids.ebh,
      customercode: 'EBH',
      sites: [],
    });
    expect(await contactCount(ids.ebh)).toBe(before + 1);
    expect(await t.auditCount('contact.create')).toBe(audits + 1);
  });

  it("gives a customer admin's contacts its own customer, and refuses another customer's", async () => {
    const before = { ung: await contactCount(ids.ung), ebh: await contactCount(ids.ebh) };
    for (const payload of [{ contactname: 'Own One' }, { contactname: 'Own Two', customerid: ids.ung }]) {
      const reply = await t.call({ method: 'POST', url: '/api/contact', as: demo.ungAdmin, payload });
      expect(reply.statusCode, reply.body).toBe(201);
      expect(reply.json().payload).toMatchObject({ contactname: payload.contactname, customerid: ids.ung });
    }
    // Found by the tenant matrix: another customer's id was quietly replaced by the caller's own, so
    // the write went through. It is refused now, as for a customer that does not exist.
    const foreign = await t.call({
      method: 'POST',
      url: '/api/contact',
      as: demo.ungAdmin,
      payload: { contactname: 'Not Theirs', customerid: ids.ebh },
    });
    expect(foreign.statusCode).toBe(400);
    expect(problemOf(foreign)).toBe(contactMessages.customerNotFound);
    expect(await contactCount(ids.ung)).toBe(before.ung + 2);
    expect(await contactCount(ids.ebh)).toBe(before.ebh);
  });

  it('refuses every bad input with its message and writes nothing', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['no name', { customerid: ids.ung }, contactMessages.nameRequired],
      ['a blank name', { contactname: '  ', customerid: ids.ung }, contactMessages.nameRequired],
      ['a long name', { contactname: 'x'.repeat(121), customerid: ids.ung }, contactMessages.nameTooLong],
      ['a bad email', { contactname: 'A', email: 'a@', customerid: ids.ung }, contactMessages.emailInvalid],
      [
        'a long title',
        { contactname: 'A', title: 't'.repeat(121), customerid: ids.ung },
        contactMessages.titleTooLong,
      ],
      [
        'a bad phone',
        { contactname: 'A', office: 'ring me', customerid: ids.ung },
        contactMessages.phoneInvalid,
      ],
      [
        'a long mobile',
        { contactname: 'A', mobile: '1'.repeat(41), customerid: ids.ung },
        contactMessages.phoneTooLong,
      ],
      ['no customer', { contactname: 'A' }, contactMessages.customerRequired],
      ['customer 0', { contactname: 'A', customerid: 0 }, contactMessages.customerRequired],
      ['an unknown customer', { contactname: 'A', customerid: 999_999 }, contactMessages.customerNotFound],
      ['a huge customer id', { contactname: 'A', customerid: 2 ** 40 }, 'Id is out of range'],
      ['an unknown field', { contactname: 'A', customerid: ids.ung, sites: [] }, 'Unrecognized key: "sites"'],
    ];
    const before = await contactCount();
    const audits = await t.auditCount('contact.create');
    for (const [label, payload, message] of cases) {
      const reply = await t.call({ method: 'POST', url: '/api/contact', as: demo.noc, payload });
      expect(reply.statusCode, label).toBe(400);
      expect(problemOf(reply), label).toBe(message);
    }
    const notJson = await t.call({
      method: 'POST',
      url: '/api/contact',
      as: demo.noc,
      headers: { 'content-type': 'application/json' },
      payload: '{"contactname":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await contactCount()).toBe(before);
    expect(await t.auditCount('contact.create')).toBe(audits);
  });

  it('is refused (403) to roles without contacts.manage', async () => {
    const before = await contactCount();
    for (const who of [demo.ungUser, demo.eng, demo.tech]) {
      const reply = await t.call({
        method: 'POST',
        url: '/api/contact',
        as: who,
        payload: { contactname: 'Nope', customerid: ids.ung },
      });
      expect(reply.statusCode, who).toBe(403);
    }
    expect(await contactCount()).toBe(before);
  });
});

describe('updating contacts', () => {
  it('changes only the fields sent', async () => {
    const contactId = await newContact(ids.ung, 'Before Update');
    const audits = await t.auditCount('contact.update');
    const reply = await t.call({
      method: 'PUT',
      url: `/api/contact/${contactId}`,
      as: demo.ungAdmin,
      payload: { contactname: 'After Update', title: 'Registrar', email: '' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().message).toBe(contactMessages.updated);
    expect(reply.json().payload).toMatchObject({
      contactname: 'After Update',
      title: 'Registrar',
      email: null,
    });
    expect(await contactRow(contactId)).toMatchObject({
      contactName: 'After Update',
      title: 'Registrar',
      email: null,
      customerId: ids.ung,
    });
    expect(await t.auditCount('contact.update')).toBe(audits + 1);
  });

  it('refuses bad input with 400 and leaves the contact as it was', async () => {
    const contactId = await newContact(ids.ung, 'Unchanged');
    const before = await contactRow(contactId);
    for (const [payload, message] of [
      [{ contactname: '' }, contactMessages.nameRequired],
      [{ email: 'nope' }, contactMessages.emailInvalid],
      [{ mobile: 'abc' }, contactMessages.phoneInvalid],
      [{ customerid: ids.ebh }, 'Unrecognized key: "customerid"'],
    ] as const) {
      const reply = await t.call({ method: 'PUT', url: `/api/contact/${contactId}`, as: demo.noc, payload });
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(problemOf(reply)).toBe(message);
    }
    expect(await contactRow(contactId)).toEqual(before);
  });

  it("answers 404 for another customer's contact, even with a bad body, and 403 to customer users", async () => {
    const contactId = await newContact(ids.ung, 'Guarded');
    const before = await contactRow(contactId);
    for (const payload of [{ contactname: 'Taken over' }, { contactname: '' }, { bogus: 1 }]) {
      const reply = await t.call({
        method: 'PUT',
        url: `/api/contact/${contactId}`,
        as: demo.ebhAdmin,
        payload,
      });
      expect(reply.statusCode, JSON.stringify(payload)).toBe(404);
    }
    const user = await t.call({
      method: 'PUT',
      url: `/api/contact/${contactId}`,
      as: demo.ungUser,
      payload: { contactname: 'Mine now' },
    });
    expect(user.statusCode).toBe(403);
    expect(await contactRow(contactId)).toEqual(before);
  });
});

describe('deleting contacts', () => {
  it('removes the contact and its site assignments, audited', async () => {
    const contactId = await assignedContactOf(ids.ebh);
    const assigned = await t.database.db
      .select({ siteId: siteContacts.siteId })
      .from(siteContacts)
      .where(eq(siteContacts.contactId, contactId));
    expect(assigned.length).toBeGreaterThan(0);
    const audits = await t.auditCount('contact.delete');
    const reply = await t.call({ method: 'DELETE', url: `/api/contact/${contactId}`, as: demo.ebhAdmin });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().message).toBe(contactMessages.deleted);
    expect(await contactRow(contactId)).toBeNull();
    const left = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(siteContacts)
      .where(eq(siteContacts.contactId, contactId));
    expect(left[0]!.n).toBe(0);
    // The sites themselves stay.
    const siteIds = assigned.map((a) => a.siteId);
    const stillThere = await t.database.db.select({ siteId: sites.siteId }).from(sites);
    expect(siteIds.every((id) => stillThere.some((s) => s.siteId === id))).toBe(true);
    expect(await t.auditCount('contact.delete')).toBe(audits + 1);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'contact.delete'), eq(auditLog.entityId, String(contactId))));
    expect((entry!.detail as { sites: unknown[] }).sites).toHaveLength(assigned.length);
    expect((await t.call({ method: 'GET', url: `/api/contact/${contactId}`, as: demo.noc })).statusCode).toBe(
      404,
    );
    expect(
      (await t.call({ method: 'DELETE', url: `/api/contact/${contactId}`, as: demo.noc })).statusCode,
    ).toBe(404);
  });

  it("answers 404 for another customer's contact and 403 to roles without contacts.manage", async () => {
    const contactId = await newContact(ids.ung, 'Stays');
    expect(
      (await t.call({ method: 'DELETE', url: `/api/contact/${contactId}`, as: demo.ebhAdmin })).statusCode,
    ).toBe(404);
    for (const who of [demo.ungUser, demo.eng]) {
      expect(
        (await t.call({ method: 'DELETE', url: `/api/contact/${contactId}`, as: who })).statusCode,
        who,
      ).toBe(403);
    }
    expect(await contactRow(contactId)).not.toBeNull();
  });
});
