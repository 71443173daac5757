import { customerMessages } from '@lightpath/domain/customers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { buildTestApp, demo, type TestApp } from '../../test/helper';

let t: TestApp;
let ung: number;
let ebh: number;
const pixel =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

async function customerCount() {
  return (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(customers))[0]!.n;
}

beforeAll(async () => {
  t = await buildTestApp();
  const list = await t.call({ method: 'GET', url: '/api/customers?limit=1000', as: demo.noc });
  const results = list.json().payload.results as { code: string; customerid: number }[];
  ung = results.find((c) => c.code === 'UNG')!.customerid;
  ebh = results.find((c) => c.code === 'EBH')!.customerid;
});
afterAll(() => t.close());

describe('customers', () => {
  it('lists every customer with user counts for the NOC, and only its own for a customer', async () => {
    const all = await t.call({
      method: 'GET',
      url: '/api/customers?limit=1000&sort=-usercount',
      as: demo.noc,
    });
    const body = all.json().payload;
    expect(body.count).toBe(await customerCount());
    const ungRow = body.results.find((c: { code: string }) => c.code === 'UNG');
    const ungUsers = await t.call({ method: 'GET', url: `/api/users?customerid=${ung}`, as: demo.noc });
    expect(ungRow.usercount).toBe(ungUsers.json().payload.count);
    const counts = body.results.map((c: { usercount: number }) => c.usercount);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);

    const own = await t.call({ method: 'GET', url: '/api/customers', as: demo.ungUser });
    expect(own.json().payload.results.map((c: { code: string }) => c.code)).toEqual(['UNG']);
    expect((await t.call({ method: 'GET', url: `/api/customer/${ebh}`, as: demo.ungUser })).statusCode).toBe(
      404,
    );
    const me = await t.call({ method: 'GET', url: '/api/customer/me', as: demo.ebhAdmin });
    expect(me.json().payload).toMatchObject({
      customercode: 'EBH',
      code: 'EBH',
      isprovider: false,
      logo64: null,
    });
  });

  it('filters by enabled and searches by name or code', async () => {
    const disabled = await t.call({ method: 'GET', url: '/api/customers?enabled=false', as: demo.noc });
    expect(disabled.json().payload.results.map((c: { code: string }) => c.code)).toEqual(['AGL']);
    const search = await t.call({ method: 'GET', url: '/api/customers?q=eastbrook', as: demo.noc });
    expect(search.json().payload.results.map((c: { code: string }) => c.code)).toEqual(['EBH']);
  });

  it('creates a customer with an upper-cased code, refuses a taken code and bad input', async () => {
    const before = await customerCount();
    const created = await t.call({
      method: 'POST',
      url: '/api/customer',
      as: demo.noc,
      payload: { customername: 'Greenwood Observatory', customercode: 'gwo', logo64: pixel },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().payload).toMatchObject({ customercode: 'GWO', enabled: true, logo64: pixel });
    const taken = await t.call({
      method: 'POST',
      url: '/api/customer',
      as: demo.noc,
      payload: { customername: 'Another', customercode: 'UNG' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(customerMessages.codeInUse);
    const bad = [
      { customername: 'X', customercode: 'ABC' },
      { customername: 'Valid Name', customercode: 'AB' },
      { customername: 'Valid Name', customercode: 'A-C' },
      { customername: 'Valid Name', customercode: 'ABC', logo64: 'data:image/svg+xml;base64,PHN2Zz4=' },
      // A page labelled as a PNG: the content is not the image its data URL says.
      {
        customername: 'Valid Name',
        customercode: 'ABC',
        logo64: `data:image/png;base64,${Buffer.from('<html><script>alert(1)</script>').toString('base64')}`,
      },
      {
        customername: 'Valid Name',
        customercode: 'ABC',
        logo64: `data:image/png;base64,${'A'.repeat(300_000)}`,
      },
      { customername: 'Valid Name', customercode: 'ABC', isprovider: true },
    ];
    for (const payload of bad) {
      const reply = await t.call({ method: 'POST', url: '/api/customer', as: demo.noc, payload });
      expect(reply.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    expect(await customerCount()).toBe(before + 1);
    expect(
      (await t.call({ method: 'POST', url: '/api/customer', as: demo.ungAdmin, payload: bad[0] })).statusCode,
    ).toBe(403);
  });

  it('lets a company admin change only the logo and PIN of their own company', async () => {
    const own = await t.call({
      method: 'PUT',
      url: '/api/customer/me',
      as: demo.ungAdmin,
      payload: { logo64: pixel, cdrpin: '4821' },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().payload).toMatchObject({
      logo64: pixel,
      cdrpin: '4821',
      customername: 'University of Northgate',
    });
    const rename = await t.call({
      method: 'PUT',
      url: '/api/customer/me',
      as: demo.ungAdmin,
      payload: { customername: 'Mine' },
    });
    expect(rename.statusCode).toBe(400);
    const direct = await t.call({
      method: 'PUT',
      url: `/api/customer/${ung}`,
      as: demo.ungAdmin,
      payload: { cdrpin: '1111' },
    });
    expect(direct.statusCode).toBe(403);
    const standardUser = await t.call({
      method: 'PUT',
      url: '/api/customer/me',
      as: demo.ungUser,
      payload: { cdrpin: '1111' },
    });
    expect(standardUser.statusCode).toBe(403);
    const badPin = await t.call({
      method: 'PUT',
      url: '/api/customer/me',
      as: demo.ungAdmin,
      payload: { cdrpin: '12ab' },
    });
    expect(badPin.statusCode).toBe(400);
    const mine = await t.call({ method: 'GET', url: `/api/customer/${ung}`, as: demo.noc });
    expect(mine.json().payload.cdrpin).toBe('4821');
    // Only those who may change the PIN see it.
    const asAdmin = await t.call({ method: 'GET', url: '/api/customer/me', as: demo.ungAdmin });
    expect(asAdmin.json().payload.cdrpin).toBe('4821');
    for (const who of [demo.ungUser, demo.eng, demo.tech]) {
      const seen = await t.call({ method: 'GET', url: `/api/customer/${ung}`, as: who });
      expect(seen.json().payload.cdrpin, who).toBeNull();
      const me = await t.call({ method: 'GET', url: '/api/user/me', as: who });
      expect(JSON.stringify(me.json().payload.customer)).not.toContain('4821');
    }
    const list = await t.call({ method: 'GET', url: '/api/customers', as: demo.ungUser });
    expect(list.json().payload.results[0].cdrpin).toBeNull();
    const after = await t.call({ method: 'GET', url: `/api/customer/${ebh}`, as: demo.noc });
    expect(after.json().payload.cdrpin).toBeNull();
  });

  it('lets the NOC rename and disable a customer but never change its code', async () => {
    const reply = await t.call({
      method: 'PUT',
      url: `/api/customer/${ebh}`,
      as: demo.noc,
      payload: { customername: 'Eastbrook Health Service', enabled: false },
    });
    expect(reply.json().payload).toMatchObject({
      customername: 'Eastbrook Health Service',
      enabled: false,
      code: 'EBH',
    });
    const code = await t.call({
      method: 'PUT',
      url: `/api/customer/${ebh}`,
      as: demo.noc,
      payload: { customercode: 'XYZ' },
    });
    expect(code.statusCode).toBe(400);
  });
});
