import { generateCsvLimits, generateCsvMessages } from '@lightpath/domain/csv';
import type { ServiceSummary } from '@lightpath/domain/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../test/csv';
import { buildTestApp, demo, problemOf, type TestApp } from '../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function allServices(as: string, query = ''): Promise<ServiceSummary[]> {
  const rows: ServiceSummary[] = [];
  for (let offset = 0; ; offset += 1000) {
    const reply = await t.call({
      method: 'GET',
      url: `/api/services?limit=1000&offset=${offset}${query}`,
      as,
    });
    const page = reply.json().payload as { results: ServiceSummary[] };
    rows.push(...page.results);
    if (page.results.length < 1000) return rows;
  }
}

describe('GET /api/export/services', () => {
  it('streams every service of the list, in its order, as a file Excel opens in UTF-8', async () => {
    const reply = await t.call({ method: 'GET', url: '/api/export/services?sort=-serviceid', as: demo.noc });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe("attachment; filename*=UTF-8''services.csv");
    expect(reply.body.startsWith('\uFEFFService,Description,Type,Status,Customer,')).toBe(true);
    const [header, ...rows] = parseCsv(reply.body.slice(1));
    const listed = await allServices(demo.noc, '&sort=-serviceid');
    expect(listed.length).toBeGreaterThan(100);
    expect(rows.map((row) => row[0])).toEqual(listed.map((s) => s.serviceid));
    const condition = header!.indexOf('Condition');
    expect(new Set(rows.map((row) => row[condition]))).toContain('Normal');
  });

  it("applies the list's filters and a customer's scope: never another customer's service", async () => {
    const reply = await t.call({
      method: 'GET',
      url: '/api/export/services?group=managed',
      as: demo.ungAdmin,
    });
    expect(reply.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(reply.body.slice(1));
    const customer = header!.indexOf('Customer');
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row[customer]))).toEqual(new Set(['UNG']));
    expect(rows.map((row) => row[0])).toEqual(
      (await allServices(demo.ungAdmin, '&group=managed')).map((s) => s.serviceid),
    );
  });

  it('refuses bad filters with a 400 before anything is sent, and roles without services with a 403', async () => {
    const bad = await t.call({ method: 'GET', url: '/api/export/services?condition=9', as: demo.noc });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/json');
    expect((await t.call({ method: 'GET', url: '/api/export/services', as: demo.tech })).statusCode).toBe(
      403,
    );
    expect((await t.call({ method: 'GET', url: '/api/export/services' })).statusCode).toBe(401);
  });
});

describe('GET /api/export/sites', () => {
  it("streams a customer's own sites with the list's filters, every one and no other customer's", async () => {
    const reply = await t.call({
      method: 'GET',
      url: '/api/export/sites?sitetype=1&sort=sitename',
      as: demo.ebhAdmin,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-disposition']).toBe("attachment; filename*=UTF-8''sites.csv");
    const [header, ...rows] = parseCsv(reply.body.slice(1));
    const listed = await t.call({
      method: 'GET',
      url: '/api/sites?sitetype=1&sort=sitename&limit=1000',
      as: demo.ebhAdmin,
    });
    const sites = listed.json().payload.results as { sitenumber: string; customercode: string }[];
    expect(sites.length).toBeGreaterThan(0);
    expect(rows.map((row) => row[header!.indexOf('Site number')])).toEqual(
      sites.map((site) => site.sitenumber),
    );
    expect(new Set(rows.map((row) => row[header!.indexOf('Customer code')]))).toEqual(new Set(['EBH']));
    expect(new Set(rows.map((row) => row[header!.indexOf('Type')]))).toEqual(new Set(['Physical']));
  });
});

describe('POST /api/generatecsv', () => {
  const post = (payload: unknown) =>
    t.call({ method: 'POST', url: '/api/generatecsv', as: demo.ungUser, payload: payload as object });

  it("answers the rows as '{title} .csv', formulas defused and accents intact", async () => {
    const reply = await post({
      title: 'Northgate services',
      data: [
        { Service: 'UNG0001', Note: '=HYPERLINK("http://evil")', Count: -3 },
        { Service: 'UNG0002', Site: 'Café Élysée, "North"', Note: '@SUM(A1)', Count: 4, Ok: true },
        { Service: 'UNG0003', Note: '+1', Site: null },
      ],
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('Northgate services .csv')}`,
    );
    expect(reply.body).toBe(
      '\uFEFFService,Note,Count,Site,Ok\r\n' +
        'UNG0001,"\'=HYPERLINK(""http://evil"")",-3,,\r\n' +
        'UNG0002,\'@SUM(A1),4,"Café Élysée, ""North""",true\r\n' +
        "UNG0003,'+1,,,\r\n",
    );
  });

  it('refuses what is not rows, a bad title and too much, with a 400', async () => {
    const cases: [unknown, string][] = [
      [{ title: 'x', data: 'rows' }, generateCsvMessages.notRows],
      [{ title: 'x', data: [[1, 2]] }, generateCsvMessages.notRows],
      [{ title: 'x', data: [{ a: { nested: 1 } }] }, generateCsvMessages.cell],
      [{ title: '  ', data: [] }, generateCsvMessages.titleMissing],
      [{ title: '../etc/passwd', data: [] }, generateCsvMessages.titleCharacters],
      [
        { title: 'x', data: Array.from({ length: generateCsvLimits.rows + 1 }, () => ({})) },
        generateCsvMessages.tooManyRows,
      ],
      [
        { title: 'x', data: [Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`c${i}`, i]))] },
        generateCsvMessages.tooManyColumns,
      ],
      [
        { title: 'x', data: [{ a: 'y'.repeat(generateCsvLimits.cellCharacters + 1) }] },
        generateCsvMessages.cellTooLong,
      ],
    ];
    for (const [payload, message] of cases) {
      const reply = await post(payload);
      expect(reply.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(problemOf(reply)).toBe(message);
    }
  });
});
