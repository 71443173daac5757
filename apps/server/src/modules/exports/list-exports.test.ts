import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../test/csv';
import { buildTestApp, demo, type TestApp } from '../../test/helper';

// Every list's GET /api/export/{list} against the list itself. The export reads three rows at a time
// here, so on the demo data each export below crosses many pages, as the national lists do at 1,000.
const pageSize = 3;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ exportPageSize: pageSize });
});
afterAll(() => t.close());

type Row = Record<string, unknown>;

async function listed(list: string, query: string, as: string): Promise<Row[]> {
  const path = listPaths[list] ?? list;
  const reply = await t.call({ method: 'GET', url: `/api/${path}?limit=1000&${query}`, as });
  expect(reply.statusCode).toBe(200);
  const page = reply.json().payload as { count: number; results: Row[] };
  expect(page.results.length).toBe(page.count);
  return page.results;
}

async function exported(list: string, query: string, as: string) {
  const reply = await t.call({ method: 'GET', url: `/api/export/${list}?${query}`, as });
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(reply.body.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = parseCsv(reply.body.slice(1));
  const column = (name: string) => {
    const index = header!.indexOf(name);
    expect(index, `column ${name}`).toBeGreaterThanOrEqual(0);
    return rows.map((row) => row[index]);
  };
  return { header: header!, rows, column, disposition: reply.headers['content-disposition'] };
}

type Case = {
  list: string;
  // The list's filters for the NOC, which still leave more than a page of rows.
  nocQuery: string;
  // The column that names each row, and the list row's field it holds.
  key: { header: string; field: string };
  // A customer admin's export and the column that says whose each row is (UNG's, when the value is
  // given); or, for the provider's own lists, refused.
  customer: { query: string; owner?: { header: string; value?: string } } | 'refused';
  badQuery: string;
};

const cases: Case[] = [
  {
    list: 'events',
    nocQuery: 'view=all&sort=-starttime',
    key: { header: 'Ticket', field: 'number' },
    customer: { query: 'view=all' },
    badQuery: 'view=someday',
  },
  {
    list: 'tickets',
    nocQuery: 'sort=ticketid',
    key: { header: 'Ticket', field: 'ticketid' },
    customer: { query: 'sort=-created_at', owner: { header: 'Customer', value: 'UNG' } },
    badQuery: 'status=lost',
  },
  {
    list: 'contacts',
    nocQuery: 'sort=contactname',
    key: { header: 'Name', field: 'contactname' },
    customer: { query: 'sort=-email', owner: { header: 'Customer code', value: 'UNG' } },
    badQuery: 'customerid=north',
  },
  {
    list: 'users',
    nocQuery: 'sort=surname',
    key: { header: 'Email', field: 'email' },
    customer: { query: 'sort=email', owner: { header: 'Customer' } },
    badQuery: 'type=9',
  },
  {
    list: 'customers',
    nocQuery: 'enabled=true&sort=customercode',
    key: { header: 'Code', field: 'customercode' },
    customer: { query: '', owner: { header: 'Code', value: 'UNG' } },
    badQuery: 'enabled=maybe',
  },
  {
    list: 'jobs',
    nocQuery: 'sort=name',
    key: { header: 'Job', field: 'id' },
    customer: 'refused',
    badQuery: 'status=lost',
  },
  {
    list: 'rackspaces',
    nocQuery: 'status=active&sort=-rackspaceid',
    key: { header: 'Rack id', field: 'rackspaceid' },
    customer: { query: '', owner: { header: 'Customer code', value: 'UNG' } },
    badQuery: 'status=gone',
  },
  {
    list: 'crossconnects',
    nocQuery: '',
    key: { header: 'A-end rack', field: 'aendrackspaceid' },
    customer: { query: '', owner: { header: 'Customer code', value: 'UNG' } },
    badQuery: 'siteid=north',
  },
  {
    list: 'equipment',
    nocQuery: 'sort=equipmentname',
    key: { header: 'Name', field: 'equipmentname' },
    customer: 'refused',
    badQuery: 'vendor=acme',
  },
  {
    list: 'inventory',
    nocQuery: 'state=available',
    key: { header: 'Part number', field: 'partnumber' },
    customer: 'refused',
    badQuery: 'state=lost',
  },
  {
    list: 'checkins',
    nocQuery: 'sort=-checkintime',
    key: { header: 'Person', field: 'username' },
    customer: 'refused',
    badQuery: 'active=maybe',
  },
];

// The list's own path where it differs from its export's.
const listPaths: Record<string, string> = { jobs: 'awx/jobs', equipment: 'shelves' };

describe.each(cases)('GET /api/export/$list', ({ list, nocQuery, key, customer, badQuery }) => {
  it("holds every row of the NOC's filtered list, across pages, in the list's order", async () => {
    const rows = await listed(list, nocQuery, demo.noc);
    expect(rows.length).toBeGreaterThan(pageSize);
    const csv = await exported(list, nocQuery, demo.noc);
    expect(csv.disposition).toMatch(/^attachment; filename\*=UTF-8''[a-z-]+\.csv$/);
    expect(csv.column(key.header)).toEqual(rows.map((row) => String(row[key.field])));
  });

  it("holds a customer's own rows only, as its list does, or refuses a customer as its list does", async () => {
    if (customer === 'refused') {
      const reply = await t.call({ method: 'GET', url: `/api/export/${list}`, as: demo.ungAdmin });
      expect(reply.statusCode).toBe(403);
      return;
    }
    const rows = await listed(list, customer.query, demo.ungAdmin);
    expect(rows.length).toBeGreaterThan(0);
    const csv = await exported(list, customer.query, demo.ungAdmin);
    expect(csv.column(key.header)).toEqual(rows.map((row) => String(row[key.field])));
    if (customer.owner) {
      const owners = new Set(csv.column(customer.owner.header));
      expect(owners.size).toBe(1);
      if (customer.owner.value) expect(owners).toEqual(new Set([customer.owner.value]));
    }
    // Scoped, not merely filtered: the NOC's export of the same filters holds more.
    expect((await exported(list, customer.query, demo.noc)).rows.length).toBeGreaterThan(rows.length);
  });

  it('refuses a bad filter with a 400 before any CSV is sent', async () => {
    const reply = await t.call({ method: 'GET', url: `/api/export/${list}?${badQuery}`, as: demo.noc });
    expect(reply.statusCode).toBe(400);
    expect(reply.headers['content-type']).toContain('application/json');
  });
});

describe('exported times and cells', () => {
  it("writes times on the reader's clock, the zone named in the header, and defuses formulas", async () => {
    const csv = await exported('events', 'view=all&sort=starttime', demo.noc);
    const start = csv.header.find((name) => name.startsWith('Start ('));
    expect(start).toBe(`Start (${t.config.timeZone})`);
    for (const cell of csv.column(start!)) expect(cell).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    for (const row of csv.rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it("exports the past events page's range with its filters", async () => {
    const range = `0/${Math.floor(Date.now() / 1000)}`;
    const rows = await listed(`events/past/${range}`, 'sort=-endtime', demo.noc);
    expect(rows.length).toBeGreaterThan(pageSize);
    const csv = await exported(`events/past/${range}`, 'sort=-endtime', demo.noc);
    expect(csv.disposition).toBe("attachment; filename*=UTF-8''past-events.csv");
    expect(csv.column('Ticket')).toEqual(rows.map((row) => String(row.number)));
    const backwards = await t.call({ method: 'GET', url: '/api/export/events/past/200/100', as: demo.noc });
    expect(backwards.statusCode).toBe(400);
  });
});
