import { siteConditionOf } from '@lightpath/domain/conditions';
import { contactMessages } from '@lightpath/domain/contacts';
import { customerMessages } from '@lightpath/domain/customers';
import { type Site, siteMessages } from '@lightpath/domain/sites';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, siteContacts, sites } from '../../db/schema/inventory';
import { buildTestApp, demo, type TestApp } from '../../test/helper';
import { siteConditionJoinSql } from '../services/conditions-sql';

let t: TestApp;
let ids: { ung: number; ebh: number; mrn: number };
// UNG's and EBH's first physical site, and a PoP of the provider.
let ungSite: Site;
let ebhSite: Site;
let pop: Site;

type Page = { count: number; limit: number; offset: number; results: Site[] };

async function list(url: string, as: string = demo.noc): Promise<Page> {
  const reply = await t.call({ method: 'GET', url, as });
  expect(reply.statusCode, `${url}: ${reply.body.slice(0, 200)}`).toBe(200);
  return reply.json().payload;
}

async function siteCount(customerId?: number) {
  const rows = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(sites)
    .where(customerId === undefined ? undefined : eq(sites.customerId, customerId));
  return rows[0]!.n;
}

const physical = (overrides: Record<string, unknown> = {}) => ({
  sitenumber: '0042',
  sitename: 'Northgate Observatory',
  sitetype: 1,
  customerid: ids.ung,
  building: 'Dome 2',
  street: '12 Telescope Road',
  suburb: 'Northgate',
  postcode: '2601',
  latitude: -35.3,
  longitude: 149.1,
  accesstype: 1,
  ...overrides,
});

beforeAll(async () => {
  t = await buildTestApp();
  const customers = await t.call({ method: 'GET', url: '/api/customers?limit=1000', as: demo.noc });
  const byCode = new Map<string, number>(
    customers.json().payload.results.map((c: { code: string; customerid: number }) => [c.code, c.customerid]),
  );
  ids = { ung: byCode.get('UNG')!, ebh: byCode.get('EBH')!, mrn: byCode.get('MRN')! };
  const first = async (customerId: number, sitetype: number) =>
    (await list(`/api/sites?customerid=${customerId}&sitetype=${sitetype}&status=1&sort=sitenumber&limit=1`))
      .results[0]!;
  ungSite = await first(ids.ung, 1);
  ebhSite = await first(ids.ebh, 1);
  pop = await first(ids.mrn, 1);
});
afterAll(() => t.close());

describe('listing sites', () => {
  it('shows the NOC every site and a customer only its own, with counts and conditions', async () => {
    const all = await list('/api/sites?limit=1000');
    expect(all.count).toBe(await siteCount());
    expect(all.results.length).toBe(Math.min(all.count, 1000));
    expect(new Set(all.results.map((s) => s.customercode)).size).toBeGreaterThan(3);

    for (const who of [demo.ungAdmin, demo.ungUser]) {
      const own = await list('/api/sites?limit=1000', who);
      expect(own.count).toBe(await siteCount(ids.ung));
      expect(own.results.every((s) => s.customercode === 'UNG' && s.customerid === ids.ung)).toBe(true);
      // Naming another customer only narrows the caller's own scope.
      const foreign = await list(`/api/sites?customerid=${ids.ebh}`, who);
      expect(foreign).toMatchObject({ count: 0, results: [] });
    }
    // Technicians see sites (PoP Sites), across customers.
    expect((await list('/api/sites?limit=5', demo.tech)).count).toBe(all.count);
  });

  it("gives every site the condition and service count of siteConditionOf over the site's services", async () => {
    const all = await list('/api/sites?limit=1000');
    const rows = await t.database.query<{
      site_id: number;
      site_type: number;
      total: number;
      maintenance: number;
      atrisk: number;
      offline: number;
    }>(
      'test_site_conditions',
      `select s.site_id, s.site_type, j.total, j.maintenance, j.atrisk, j.offline
       from sites s ${siteConditionJoinSql('s.site_id', 'j')}`,
      [],
    );
    const expected = new Map(
      rows.map((r) => [
        r.site_id,
        { total: r.total, condition: siteConditionOf({ ...r, sitetype: r.site_type, atRisk: r.atrisk }) },
      ]),
    );
    for (const site of all.results) {
      expect({ total: site.servicecount, condition: site.condition }, site.sitename).toEqual(
        expected.get(site.siteid),
      );
    }
    // The demo's UNG outage takes one UNG site fully offline and leaves others online.
    const ung = all.results.filter((s) => s.customercode === 'UNG');
    expect(ung.some((s) => s.condition === 6)).toBe(true);
    expect(ung.some((s) => s.condition === 0)).toBe(true);
    // The provider's PoPs are ends of many services.
    expect(pop.servicecount).toBeGreaterThan(1);
  });

  it('filters by type, status, customer and text', async () => {
    const vpls = await list('/api/sites?sitetype=2&limit=1000');
    expect(vpls.count).toBeGreaterThan(0);
    expect(vpls.results.every((s) => s.sitetype === 2 && s.vplsname !== null)).toBe(true);
    const disabledCount = (
      await t.database.db.select({ n: sql<number>`count(*)::int` }).from(sites).where(eq(sites.status, 0))
    )[0]!.n;
    const disabled = await list('/api/sites?status=0&limit=1000');
    expect(disabled.count).toBe(disabledCount);
    expect(disabled.results.every((s) => s.status === 0)).toBe(true);
    const enabled = await list('/api/sites?status=1&limit=1');
    expect(enabled.count + disabled.count).toBe(await siteCount());
    const ebh = await list(`/api/sites?customerid=${ids.ebh}&limit=1000`);
    expect(ebh.count).toBe(await siteCount(ids.ebh));
    expect(ebh.results.every((s) => s.customercode === 'EBH')).toBe(true);
    const pops = await list('/api/sites?q=pop&limit=1000');
    expect(pops.count).toBeGreaterThan(0);
    expect(pops.results.every((s) => s.sitename.toLowerCase().includes('pop'))).toBe(true);
    const byNumber = await list(`/api/sites?q=${ungSite.sitenumber}&customerid=${ids.ung}`);
    expect(byNumber.results.map((s) => s.siteid)).toEqual([ungSite.siteid]);
    // Wildcards in the text are matched literally.
    expect((await list('/api/sites?q=%25')).count).toBe(0);
    for (const bad of [
      'sitetype=6',
      'status=2',
      'customerid=abc',
      'limit=0',
      'limit=1001',
      'sort=bad name',
    ]) {
      const reply = await t.call({ method: 'GET', url: `/api/sites?${bad}`, as: demo.noc });
      expect(reply.statusCode, bad).toBe(400);
    }
  });

  it('text filter: exactly what ILIKE on name, number and VPLS name finds, in every order, for the NOC and a customer', async () => {
    const ilikeIds = async (q: string, customerId?: number) => {
      const rows = await t.database.db
        .select({ id: sites.siteId })
        .from(sites)
        .where(
          sql`(${sites.siteName} ilike ${`%${q}%`} or ${sites.siteNumber} ilike ${`%${q}%`} or ${sites.vplsName} ilike ${`%${q}%`})
            ${customerId === undefined ? sql`` : sql`and ${sites.customerId} = ${customerId}`}`,
        );
      return new Set(rows.map((r) => r.id));
    };
    for (const [q, as, customerId] of [
      ['pop', demo.noc, undefined],
      ['CAMPUS', demo.noc, undefined],
      ['s00', demo.noc, undefined],
      ['ung01', demo.noc, undefined],
      ['a', demo.ungAdmin, ids.ung],
    ] as const) {
      const expected = await ilikeIds(q, customerId);
      expect(expected.size, q).toBeGreaterThan(0);
      for (const field of ['sitename', '-sitenumber', 'customername', '-sitetype', 'condition']) {
        const everything = (await list(`/api/sites?sort=${field}&limit=1000`, as)).results;
        const filtered = await list(`/api/sites?q=${q}&sort=${field}&limit=1000`, as);
        expect(filtered.count, `${q} ${field}`).toBe(expected.size);
        expect(
          filtered.results.map((s) => s.siteid),
          `${q} ${field}`,
        ).toEqual(everything.filter((s) => expected.has(s.siteid)).map((s) => s.siteid));
        const second = await list(`/api/sites?q=${q}&sort=${field}&limit=3&offset=3`, as);
        expect(second.results.map((s) => s.siteid)).toEqual(
          filtered.results.slice(3, 6).map((s) => s.siteid),
        );
        expect(second.count).toBe(expected.size);
      }
    }
    // A name's end and a number's start side by side are not one match.
    const [site] = await t.database.db.select().from(sites).limit(1);
    const spanning = `${site!.siteName.slice(-2)}${site!.siteNumber.slice(0, 2)}`;
    expect((await ilikeIds(spanning)).size).toBe(0);
    expect((await list(`/api/sites?q=${encodeURIComponent(spanning)}`)).count).toBe(0);
    // Renamed: found by the new name at once.
    await t.database.db
      .update(sites)
      .set({ siteName: `${site!.siteName} Quokka` })
      .where(eq(sites.siteId, site!.siteId));
    try {
      expect((await list('/api/sites?q=quokka')).results.map((s) => s.siteid)).toEqual([site!.siteId]);
    } finally {
      await t.database.db
        .update(sites)
        .set({ siteName: site!.siteName })
        .where(eq(sites.siteId, site!.siteId));
    }
  });

  it('sorts by every field both ways and pages without overlap', async () => {
    for (const field of ['sitename', 'sitenumber', 'customername', 'sitetype', 'condition']) {
      const up = (await list(`/api/sites?sort=${field}&limit=1000`)).results.map((s) => s.siteid);
      const down = (await list(`/api/sites?sort=-${field}&limit=1000`)).results.map((s) => s.siteid);
      expect(down, field).toEqual([...up].reverse());
      const first = (await list(`/api/sites?sort=${field}&limit=7`)).results.map((s) => s.siteid);
      const second = (await list(`/api/sites?sort=${field}&limit=7&offset=7`)).results.map((s) => s.siteid);
      expect([...first, ...second], field).toEqual(up.slice(0, 14));
    }
    const ordered = (await list('/api/sites?sort=sitetype&limit=1000')).results;
    const types = ordered.map((s) => s.sitetype);
    expect(types).toEqual([...types].sort((a, b) => a - b));
    const worstFirst = (await list('/api/sites?sort=-condition&limit=1000')).results.map((s) => s.condition);
    expect(worstFirst).toEqual([...worstFirst].sort((a, b) => b - a));
    expect(worstFirst[0]).toBeGreaterThan(0);
    const ung = (await list(`/api/sites?customerid=${ids.ung}&sort=sitenumber&limit=1000`)).results;
    const numbers = ung.map((s) => s.sitenumber);
    expect(numbers).toEqual([...numbers].sort());
    const byCustomer = (await list('/api/sites?sort=customername&limit=1000')).results.map(
      (s) => s.customerid,
    );
    // Each customer's sites come together.
    expect(new Set(byCustomer).size).toBe(byCustomer.filter((c, i) => c !== byCustomer[i - 1]).length);
    // Past the last page: no rows, but the total still.
    const beyond = await list('/api/sites?offset=100000');
    expect(beyond).toMatchObject({ count: await siteCount(), offset: 100000, results: [] });
  });
});

describe('one site', () => {
  it('answers a site in scope and 404 for another customer or an unknown id', async () => {
    const own = await t.call({ method: 'GET', url: `/api/site/${ungSite.siteid}`, as: demo.ungUser });
    expect(own.statusCode).toBe(200);
    expect(own.json().payload).toEqual(ungSite);
    for (const [who, site] of [
      [demo.ungUser, ebhSite],
      [demo.ungAdmin, pop],
      [demo.ebhAdmin, ungSite],
    ] as const) {
      const reply = await t.call({ method: 'GET', url: `/api/site/${site.siteid}`, as: who });
      expect(reply.statusCode, who).toBe(404);
      expect(reply.json().message).toBe(siteMessages.notFound);
    }
    expect((await t.call({ method: 'GET', url: '/api/site/999999', as: demo.noc })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/site/abc', as: demo.noc })).statusCode).toBe(400);
  });

  it("lists the site's services, only within the caller's scope", async () => {
    const reply = await t.call({
      method: 'GET',
      url: `/api/site/${ungSite.siteid}/services`,
      as: demo.ungUser,
    });
    expect(reply.statusCode).toBe(200);
    const services = reply.json().payload.services as {
      serviceid: string;
      aendsiteid: number;
      bendsiteid: number;
      customercode: string;
    }[];
    expect(services.length).toBeGreaterThan(0);
    expect(
      services.every(
        (s) =>
          (s.aendsiteid === ungSite.siteid || s.bendsiteid === ungSite.siteid) && s.customercode === 'UNG',
      ),
    ).toBe(true);
    const popServices = await t.call({
      method: 'GET',
      url: `/api/site/${pop.siteid}/services`,
      as: demo.noc,
    });
    const codes = new Set(
      popServices.json().payload.services.map((s: { customercode: string }) => s.customercode),
    );
    expect(codes.size).toBeGreaterThan(0);
    expect(
      popServices.json().payload.services.every((s: { bendsiteid: number }) => s.bendsiteid === pop.siteid),
    ).toBe(true);
    for (const [who, site] of [
      [demo.ungUser, pop],
      [demo.ebhAdmin, ungSite],
    ] as const) {
      const foreign = await t.call({ method: 'GET', url: `/api/site/${site.siteid}/services`, as: who });
      expect(foreign.statusCode, who).toBe(404);
    }
    // Technicians see sites but not services.
    const tech = await t.call({ method: 'GET', url: `/api/site/${pop.siteid}/services`, as: demo.tech });
    expect(tech.statusCode).toBe(403);
  });
});

describe('creating, changing and deleting sites', () => {
  it('creates a site with the number stored as S + digits, and refuses a number in use', async () => {
    const before = await siteCount();
    const audits = await t.auditCount('site.create');
    const created = await t.call({ method: 'POST', url: '/api/site', as: demo.noc, payload: physical() });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe(siteMessages.created);
    expect(created.json().payload).toMatchObject({
      sitenumber: 'S0042',
      sitename: 'Northgate Observatory',
      customercode: 'UNG',
      status: 1,
      postcode: '2601',
      maclimit: null,
      servicecount: 0,
      condition: 0,
    });
    expect(await siteCount()).toBe(before + 1);
    expect(await t.auditCount('site.create')).toBe(audits + 1);

    const again = await t.call({ method: 'POST', url: '/api/site', as: demo.noc, payload: physical() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(siteMessages.numberInUse);
    // The same number at another customer is fine: numbers are per customer.
    const elsewhere = await t.call({
      method: 'POST',
      url: '/api/site',
      as: demo.noc,
      payload: physical({ customerid: ids.ebh, sitename: 'Eastbrook Annex' }),
    });
    expect(elsewhere.statusCode).toBe(201);
    expect(await siteCount()).toBe(before + 2);
  });

  it('gives a VPLS site the default MAC limit, and needs no address for logical sites', async () => {
    const vpls = await t.call({
      method: 'POST',
      url: '/api/site',
      as: demo.noc,
      payload: {
        sitenumber: '0801',
        sitename: 'UNG Lab VPLS',
        sitetype: 2,
        customerid: ids.ung,
        vplsname: 'UNG02',
      },
    });
    expect(vpls.statusCode, vpls.body).toBe(201);
    expect(vpls.json().payload).toMatchObject({
      sitetype: 2,
      maclimit: 1024,
      vplsname: 'UNG02',
      street: null,
    });
    const internet = await t.call({
      method: 'POST',
      url: '/api/site',
      as: demo.noc,
      payload: { sitenumber: '0901', sitename: 'Second Gateway', sitetype: 3, customerid: ids.mrn },
    });
    expect(internet.statusCode).toBe(201);
  });

  it('refuses every spec 5 rule with its message and writes nothing', async () => {
    const before = await siteCount();
    const disabledParent = await t.call({
      method: 'POST',
      url: '/api/site',
      as: demo.noc,
      payload: physical({ sitenumber: '0043', status: 0, sitename: 'Closed Wing' }),
    });
    expect(disabledParent.statusCode).toBe(201);
    const cases: [Record<string, unknown>, string, string][] = [
      [physical({ sitenumber: '42' }), 'sitenumber', siteMessages.numberInvalid],
      [physical({ sitenumber: '12345' }), 'sitenumber', siteMessages.numberInvalid],
      [physical({ sitenumber: 'ab12' }), 'sitenumber', siteMessages.numberInvalid],
      [physical({ sitenumber: undefined }), 'sitenumber', siteMessages.numberInvalid],
      [physical({ sitename: '' }), 'sitename', siteMessages.nameRequired],
      [physical({ street: undefined }), 'street', siteMessages.streetRequired],
      [physical({ suburb: '' }), 'suburb', siteMessages.suburbRequired],
      [physical({ postcode: undefined }), 'postcode', siteMessages.postcodeRequired],
      [physical({ sitetype: 5, street: null }), 'street', siteMessages.streetRequired],
      [physical({ postcode: '12345' }), 'postcode', siteMessages.postcodeInvalid],
      [physical({ postcode: 'abcd' }), 'postcode', siteMessages.postcodeInvalid],
      [physical({ sitetype: 2, maclimit: 10000 }), 'maclimit', siteMessages.macLimitInvalid],
      [physical({ sitetype: 2, maclimit: -1 }), 'maclimit', siteMessages.macLimitInvalid],
      [physical({ customerid: undefined }), 'customerid', siteMessages.customerRequired],
      [physical({ latitude: 91 }), 'latitude', siteMessages.latitudeInvalid],
      [physical({ longitude: -181 }), 'longitude', siteMessages.longitudeInvalid],
      [physical({ customerid: 999999 }), 'customerid', customerMessages.notFound],
      [physical({ parentsite: ebhSite.siteid }), 'parentsite', siteMessages.parentInvalid],
      [
        physical({ parentsite: disabledParent.json().payload.siteid }),
        'parentsite',
        siteMessages.parentInvalid,
      ],
      [physical({ parentsite: 999999 }), 'parentsite', siteMessages.parentInvalid],
    ];
    for (const [payload, path, message] of cases) {
      const reply = await t.call({ method: 'POST', url: '/api/site', as: demo.noc, payload });
      const label = `${path}: ${JSON.stringify(payload).slice(0, 60)}`;
      expect(reply.statusCode, label).toBe(400);
      expect(reply.json().payload.errors, label).toContainEqual({ path, message });
    }
    for (const payload of [physical({ sitenumber: '0044', surprise: true }), physical({ sitetype: 6 })]) {
      const reply = await t.call({ method: 'POST', url: '/api/site', as: demo.noc, payload });
      expect(reply.statusCode).toBe(400);
    }
    expect(await siteCount()).toBe(before + 1);
    // An enabled site of the same customer is a good parent.
    const child = await t.call({
      method: 'POST',
      url: '/api/site',
      as: demo.noc,
      payload: physical({ sitenumber: '0045', sitename: 'Observatory Annex', parentsite: ungSite.siteid }),
    });
    expect(child.json().payload.parentsite).toBe(ungSite.siteid);
    const refused = await t.call({
      method: 'POST',
      url: '/api/site',
      as: demo.ungAdmin,
      payload: physical(),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('merges an update with the stored site and checks the rules on the result', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/site',
      as: demo.noc,
      payload: physical({ sitenumber: '0046', sitename: 'Field Station', status: 0, accesstype: 4 }),
    });
    const site = created.json().payload as Site;
    const renamed = await t.call({
      method: 'PUT',
      url: `/api/site/${site.siteid}`,
      as: demo.noc,
      payload: { sitename: 'Field Station North', postcode: '26' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().message).toBe(siteMessages.updated);
    // Fields not sent keep their values (status and access type have defaults only on create).
    expect(renamed.json().payload).toMatchObject({
      sitename: 'Field Station North',
      postcode: '0026',
      status: 0,
      accesstype: 4,
      street: '12 Telescope Road',
      sitenumber: 'S0046',
    });
    const problems: [Record<string, unknown>, string, string][] = [
      [{ street: null }, 'street', siteMessages.streetRequired],
      [{ suburb: '' }, 'suburb', siteMessages.suburbRequired],
      [{ postcode: null }, 'postcode', siteMessages.postcodeRequired],
      [{ parentsite: site.siteid }, 'parentsite', siteMessages.parentInvalid],
      [{ parentsite: ebhSite.siteid }, 'parentsite', siteMessages.parentInvalid],
    ];
    for (const [payload, path, message] of problems) {
      const reply = await t.call({ method: 'PUT', url: `/api/site/${site.siteid}`, as: demo.noc, payload });
      expect(reply.statusCode, path).toBe(400);
      expect(reply.json().payload.errors).toContainEqual({ path, message });
    }
    for (const payload of [{ sitenumber: '0047' }, { customerid: ids.ebh }, { sitetype: 2 }]) {
      const reply = await t.call({ method: 'PUT', url: `/api/site/${site.siteid}`, as: demo.noc, payload });
      expect(reply.statusCode).toBe(400);
    }
    const stored = await t.call({ method: 'GET', url: `/api/site/${site.siteid}`, as: demo.noc });
    expect(stored.json().payload).toEqual(renamed.json().payload);

    const vpls = (await list('/api/sites?sitetype=2&limit=1')).results[0]!;
    const noLimit = await t.call({
      method: 'PUT',
      url: `/api/site/${vpls.siteid}`,
      as: demo.noc,
      payload: { maclimit: null },
    });
    expect(noLimit.statusCode).toBe(400);
    expect(noLimit.json().message).toBe(siteMessages.macLimitInvalid);

    expect(
      (await t.call({ method: 'PUT', url: '/api/site/999999', as: demo.noc, payload: { sitename: 'X' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'PUT', url: `/api/site/${site.siteid}`, as: demo.ungAdmin, payload: {} }))
        .statusCode,
    ).toBe(403);
  });

  it('deletes a site only once no service names it', async () => {
    const before = await siteCount();
    const busy = await t.call({ method: 'DELETE', url: `/api/site/${ungSite.siteid}`, as: demo.noc });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(siteMessages.hasServices);
    expect(await siteCount()).toBe(before);

    const created = await t.call({
      method: 'POST',
      url: '/api/site',
      as: demo.noc,
      payload: physical({ sitenumber: '0048', sitename: 'Temporary Hut' }),
    });
    const { siteid } = created.json().payload as Site;
    const audits = await t.auditCount('site.delete');
    const deleted = await t.call({ method: 'DELETE', url: `/api/site/${siteid}`, as: demo.noc });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(siteMessages.deleted);
    expect(await siteCount()).toBe(before);
    expect(await t.auditCount('site.delete')).toBe(audits + 1);
    expect((await t.call({ method: 'GET', url: `/api/site/${siteid}`, as: demo.noc })).statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `/api/site/${siteid}`, as: demo.noc })).statusCode).toBe(
      404,
    );
    expect(
      (await t.call({ method: 'DELETE', url: `/api/site/${siteid}`, as: demo.ungAdmin })).statusCode,
    ).toBe(403);
  });
});

describe('site contacts', () => {
  // One of the customer's contacts not in `except`; a new one when the seed assigned them all.
  async function contactOf(customerId: number, except: number[] = []) {
    const rows = await t.database.db
      .select({ contactId: contacts.contactId })
      .from(contacts)
      .where(eq(contacts.customerId, customerId));
    const free = rows.map((r) => r.contactId).find((id) => !except.includes(id));
    if (free !== undefined) return free;
    const [created] = await t.database.db
      .insert(contacts)
      .values({ customerId, contactName: 'Robin Spare', email: `spare${customerId}@example.org` })
      .returning({ contactId: contacts.contactId });
    return created!.contactId;
  }
  async function assignments(siteId: number) {
    return t.database.db
      .select({ contactId: siteContacts.contactId, contactType: siteContacts.contactType })
      .from(siteContacts)
      .where(eq(siteContacts.siteId, siteId));
  }

  it("lists a site's contacts for those who see the site, and 404 for another customer", async () => {
    const [assigned] = await t.database.db
      .select({ siteId: siteContacts.siteId })
      .from(siteContacts)
      .innerJoin(sites, eq(sites.siteId, siteContacts.siteId))
      .where(eq(sites.customerId, ids.ung))
      .limit(1);
    const reply = await t.call({
      method: 'GET',
      url: `/api/site/${assigned!.siteId}/contacts`,
      as: demo.ungUser,
    });
    expect(reply.statusCode).toBe(200);
    const listed = reply.json().payload.contacts as {
      contactid: number;
      contacttype: number;
      contactname: string;
    }[];
    expect(listed.length).toBe((await assignments(assigned!.siteId)).length);
    expect(listed[0]).toMatchObject({ contactname: expect.any(String), contacttype: expect.any(Number) });
    expect(
      (await t.call({ method: 'GET', url: `/api/site/${assigned!.siteId}/contacts`, as: demo.tech }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.call({ method: 'GET', url: `/api/site/${assigned!.siteId}/contacts`, as: demo.ebhAdmin }))
        .statusCode,
    ).toBe(404);
  });

  it("assigns only the site customer's contacts, changes the type on a second assign, and unassigns", async () => {
    const site = ungSite.siteid;
    const current = (await assignments(site)).map((a) => a.contactId);
    const contactId = await contactOf(ids.ung, current);
    const audits = await t.auditCount('site.contact.assign');
    const assigned = await t.call({
      method: 'POST',
      url: `/api/site/${site}/contact`,
      as: demo.ungAdmin,
      payload: { contactid: contactId, contacttype: 3 },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().message).toBe(siteMessages.contactAssigned);
    expect(assigned.json().payload.contacts).toContainEqual(
      expect.objectContaining({ contactid: contactId, contacttype: 3 }),
    );
    expect(await t.auditCount('site.contact.assign')).toBe(audits + 1);
    const retyped = await t.call({
      method: 'POST',
      url: `/api/site/${site}/contact`,
      as: demo.noc,
      payload: { contactid: contactId },
    });
    expect(retyped.json().payload.contacts).toContainEqual(
      expect.objectContaining({ contactid: contactId, contacttype: 1 }),
    );
    expect((await assignments(site)).length).toBe(current.length + 1);

    // Refusals write nothing.
    const ebhContact = await contactOf(ids.ebh);
    const wrongCustomer = await t.call({
      method: 'POST',
      url: `/api/site/${site}/contact`,
      as: demo.noc,
      payload: { contactid: ebhContact },
    });
    expect(wrongCustomer.statusCode).toBe(400);
    expect(wrongCustomer.json().message).toBe(siteMessages.contactCustomerMismatch);
    for (const payload of [{}, { contactid: contactId, contacttype: 4 }, { contactid: 'x' }]) {
      const reply = await t.call({
        method: 'POST',
        url: `/api/site/${site}/contact`,
        as: demo.ungAdmin,
        payload,
      });
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // Another customer's contact is a foreign record for a customer admin: 404 (not the rule's 400,
    // which would confirm that it exists), before the body is validated.
    for (const payload of [{ contactid: ebhContact }, { contactid: ebhContact, contacttype: 9 }]) {
      const reply = await t.call({
        method: 'POST',
        url: `/api/site/${site}/contact`,
        as: demo.ungAdmin,
        payload,
      });
      expect(reply.statusCode, JSON.stringify(payload)).toBe(404);
      expect(reply.json().message).toBe(contactMessages.notFound);
    }
    const unknownContact = await t.call({
      method: 'POST',
      url: `/api/site/${site}/contact`,
      as: demo.noc,
      payload: { contactid: 999_999 },
    });
    expect(unknownContact.statusCode).toBe(404);
    // Another customer's site is 404 whatever the body, so a 400 never confirms it exists.
    for (const payload of [{}, { contactid: ebhContact }]) {
      const reply = await t.call({
        method: 'POST',
        url: `/api/site/${ebhSite.siteid}/contact`,
        as: demo.ungAdmin,
        payload,
      });
      expect(reply.statusCode).toBe(404);
    }
    const standardUser = await t.call({
      method: 'POST',
      url: `/api/site/${site}/contact`,
      as: demo.ungUser,
      payload: { contactid: contactId },
    });
    expect(standardUser.statusCode).toBe(403);
    expect((await assignments(site)).length).toBe(current.length + 1);

    const removed = await t.call({
      method: 'DELETE',
      url: `/api/site/${site}/contact/${contactId}`,
      as: demo.ungAdmin,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(siteMessages.contactUnassigned);
    expect(removed.json().payload.contacts.map((c: { contactid: number }) => c.contactid)).not.toContain(
      contactId,
    );
    const twice = await t.call({
      method: 'DELETE',
      url: `/api/site/${site}/contact/${contactId}`,
      as: demo.noc,
    });
    expect(twice.statusCode).toBe(404);
    expect(twice.json().message).toBe(siteMessages.contactNotAssigned);
    const [ebhAssigned] = await t.database.db
      .select({ siteId: siteContacts.siteId, contactId: siteContacts.contactId })
      .from(siteContacts)
      .innerJoin(sites, eq(sites.siteId, siteContacts.siteId))
      .where(eq(sites.customerId, ids.ebh))
      .limit(1);
    const foreign = await t.call({
      method: 'DELETE',
      url: `/api/site/${ebhAssigned!.siteId}/contact/${ebhAssigned!.contactId}`,
      as: demo.ungAdmin,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await assignments(ebhAssigned!.siteId)).map((a) => a.contactId)).toContain(
      ebhAssigned!.contactId,
    );
  });
});
