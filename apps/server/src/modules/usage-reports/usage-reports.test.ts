import { customerMessages } from '@lightpath/domain/customers';
import { reportPeriodMessages } from '@lightpath/domain/report-period';
import { type UsageReport, usageReportMessages } from '@lightpath/domain/usage-reports';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { services } from '../../db/schema/inventory';
import { rowsOf } from '../../db/statements';
import { parseCsv } from '../../test/csv';
import { buildTestApp, demo, problemOf, type TestApp } from '../../test/helper';
import { pdfText } from '../../test/pdf-text';

let t: TestApp;
let ids: { ung: number; ebh: number };
let svc: { u1: string; u2: string; e1: string };
// Months far from the seeded history (the 24 months up to the day the demo seed ran), so the figures
// here are the only ones; January starts inside the period.
const period = 'from=2031-01-15&to=2031-03-31';

type Figure = [
  service: keyof typeof svc,
  month: string,
  atob: number | null,
  btoa: number | null,
  complete?: boolean,
];
const figures: Figure[] = [
  ['u1', '2031-01-01', 50, 86.2],
  ['u1', '2031-02-01', 40, 60],
  ['u1', '2031-03-01', 81, 10, false],
  ['u2', '2031-01-01', 80, 80],
  // No line rate: kept without figures.
  ['u2', '2031-02-01', null, null],
  ['e1', '2031-02-01', 85, 84],
];

// The services each month owes a figure (in service, provisioned before the month ended).
async function owed(month: string, customer?: number) {
  const [row] = rowsOf<{ n: number }>(
    await t.database.db.execute(sql`select count(*)::int as n from services
      where status not in (0, 2) and (provision_date is null or provision_date < (${month}::date + interval '1 month'))
      and (${customer ?? null}::int is null or customer_id = ${customer ?? null}::int)`),
  );
  return row!.n;
}

async function report(query: string, as: string = demo.noc) {
  const reply = await t.call({ method: 'GET', url: `/api/reports/usage?${query}`, as });
  expect(reply.statusCode, reply.body).toBe(200);
  return (reply.json() as { payload: UsageReport }).payload;
}

beforeAll(async () => {
  // One row a page: the CSV reads the services across pages.
  t = await buildTestApp({ exportPageSize: 1 });
  const db = t.database.db;
  const customerId = async (code: string) =>
    (await db.select().from(customers).where(eq(customers.customerCode, code)))[0]!.customerId;
  ids = { ung: await customerId('UNG'), ebh: await customerId('EBH') };
  const inService = async (customer: number) =>
    (await db.select().from(services).where(eq(services.customerId, customer)).orderBy(services.serviceId))
      .filter((s) => s.status !== 0 && s.status !== 2)
      .map((s) => s.serviceId);
  const [u1, u2] = await inService(ids.ung);
  const [e1] = await inService(ids.ebh);
  svc = { u1: u1!, u2: u2!, e1: e1! };
  await db.execute(sql`delete from service_usage_months`);
  for (const [service, month, atob, btoa, complete = true] of figures) {
    await db.execute(sql`insert into service_usage_months (service_id, month, line_rate_bps, samples, p95_atob,
      p95_btoa, complete, measured_until) values (${svc[service]}, ${month}::date,
      ${atob === null ? null : 1e9}, ${atob === null ? 0 : 8000}, ${atob}, ${btoa}, ${complete}, now())`);
  }
});
afterAll(() => t.close());

describe('GET /api/reports/usage', () => {
  it('gives the NOC every service with a figure, hottest first, and each month by label', async () => {
    const body = await report(period);
    expect(body.period).toMatchObject({ from: '2031-01-15', to: '2031-03-31', zone: 'Australia/Sydney' });
    expect(body.results.map((r) => [r.serviceid, r.atob, r.btoa, r.label])).toEqual([
      [svc.u1, 81, 86.2, 'At Capacity'],
      [svc.e1, 85, 84, 'Nearing Capacity'],
      [svc.u2, 80, 80, 'Available'],
    ]);
    expect(body.count).toBe(3);
    const u1 = body.results[0]!;
    expect(u1).toMatchObject({ customercode: 'UNG', customerid: ids.ung });
    expect(u1.months).toEqual([
      { month: '2031-01', atob: 50, btoa: 86.2, complete: true },
      { month: '2031-02', atob: 40, btoa: 60, complete: true },
      { month: '2031-03', atob: 81, btoa: 10, complete: false },
    ]);
    // u2's February has no figures: it is not a month of the row, and it counts as not measured.
    expect(body.results[2]!.months.map((m) => m.month)).toEqual(['2031-01']);
    expect(body.months).toEqual([
      {
        month: '2031-01',
        label: 'Jan 2031',
        whole: false,
        inprogress: false,
        atcapacity: 1,
        nearingcapacity: 0,
        available: 1,
        unmeasured: (await owed('2031-01-01')) - 2,
      },
      {
        month: '2031-02',
        label: 'Feb 2031',
        whole: true,
        inprogress: false,
        atcapacity: 0,
        nearingcapacity: 1,
        available: 1,
        unmeasured: (await owed('2031-02-01')) - 2,
      },
      {
        month: '2031-03',
        label: 'Mar 2031',
        whole: true,
        inprogress: true,
        atcapacity: 0,
        nearingcapacity: 1,
        available: 0,
        unmeasured: (await owed('2031-03-01')) - 1,
      },
    ]);
  });

  it("gives a customer its own services only, in the rows and the months' counts", async () => {
    for (const as of [demo.ungAdmin, demo.ungUser]) {
      const body = await report(period, as);
      expect(body.results.map((r) => r.serviceid)).toEqual([svc.u1, svc.u2]);
      expect(body.months.map((m) => [m.atcapacity, m.nearingcapacity, m.available])).toEqual([
        [1, 0, 1],
        [0, 0, 1],
        [0, 1, 0],
      ]);
      expect(body.months[1]!.unmeasured).toBe((await owed('2031-02-01', ids.ung)) - 1);
    }
    const ebh = await report(period, demo.ebhAdmin);
    expect(ebh.results.map((r) => r.serviceid)).toEqual([svc.e1]);
  });

  it('filters by label, customer and search, and sorts', async () => {
    expect((await report(`${period}&label=nearingcapacity`)).results.map((r) => r.serviceid)).toEqual([
      svc.e1,
    ]);
    expect((await report(`${period}&label=available`)).results.map((r) => r.serviceid)).toEqual([svc.u2]);
    const ebh = await report(`${period}&customer=${ids.ebh}`);
    expect(ebh.results.map((r) => r.serviceid)).toEqual([svc.e1]);
    expect(ebh.months[1]).toMatchObject({ nearingcapacity: 1, available: 0 });
    expect((await report(`${period}&q=${svc.u2.slice(0, 12)}`)).results.map((r) => r.serviceid)).toEqual([
      svc.u2,
    ]);
    const byId = await report(`${period}&sort=serviceid`);
    expect(byId.results.map((r) => r.serviceid)).toEqual([...Object.values(svc)].sort());
    const byAtob = await report(`${period}&sort=-atob&limit=2&offset=1`);
    expect(byAtob).toMatchObject({ count: 3, limit: 2, offset: 1 });
    expect(byAtob.results.map((r) => r.serviceid)).toEqual([svc.u1, svc.u2]);
  });

  it('answers 404 for an unknown customer or another customer, and 403 to a technician', async () => {
    for (const [url, as] of [
      [`${period}&customer=999999`, demo.noc],
      [`${period}&customer=${ids.ebh}`, demo.ungAdmin],
    ] as const) {
      const reply = await t.call({ method: 'GET', url: `/api/reports/usage?${url}`, as });
      expect(reply.statusCode).toBe(404);
      expect(reply.json().message).toBe(customerMessages.notFound);
      const csv = await t.call({ method: 'GET', url: `/api/reports/usage/csv?${url}`, as });
      expect(csv.statusCode).toBe(404);
    }
    for (const path of ['', '/csv', '/pdf']) {
      const reply = await t.call({
        method: 'GET',
        url: `/api/reports/usage${path}?${period}`,
        as: demo.tech,
      });
      expect(reply.statusCode).toBe(403);
    }
  });

  it.each([
    ['a reversed period', 'from=2031-03-01&to=2031-02-01', reportPeriodMessages.reversed],
    ['a malformed day', 'from=2031-3-1&to=2031-03-31', reportPeriodMessages.fromInvalid],
    ['a period over 24 months', 'from=2029-01-01&to=2031-03-31', reportPeriodMessages.tooLong],
    ['an unknown label', `${period}&label=hot`, usageReportMessages.labelInvalid],
  ])('refuses %s with a 400 on every route', async (_name, query, message) => {
    for (const path of ['', '/csv', '/pdf']) {
      const reply = await t.call({ method: 'GET', url: `/api/reports/usage${path}?${query}`, as: demo.noc });
      expect(reply.statusCode).toBe(400);
      expect(problemOf(reply)).toBe(message);
    }
  });
});

describe('the usage report as files', () => {
  it("exports every service as CSV across pages, each month's figures in its own columns", async () => {
    // Twelve more services, cooler than the three: the export reads ten rows a page (ten of the lists'
    // pages of one), so fifteen rows cross a page.
    const extra = rowsOf<{ service_id: string }>(
      await t.database.db.execute(sql`select service_id from services where status not in (0, 2)
        and service_id not in (${svc.u1}, ${svc.u2}, ${svc.e1}) order by service_id limit 12`),
    ).map((r) => r.service_id);
    for (const service of extra)
      await t.database.db.execute(sql`insert into service_usage_months (service_id, month, line_rate_bps, samples,
        p95_atob, p95_btoa, complete, measured_until) values (${service}, '2031-02-01', 1e9, 8000, 5, 6, true, now())`);
    const crossing = await t.call({ method: 'GET', url: `/api/reports/usage/csv?${period}`, as: demo.noc });
    const crossed = parseCsv(crossing.body.replace(/^\uFEFF/, ''))
      .slice(1)
      .map((r) => r[0]);
    await t.database.db.execute(
      sql`delete from service_usage_months where month = '2031-02-01' and p95_atob = 5`,
    );
    expect(crossed).toEqual([svc.u1, svc.e1, svc.u2, ...[...extra].sort().reverse()]);
    const reply = await t.call({ method: 'GET', url: `/api/reports/usage/csv?${period}`, as: demo.noc });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-disposition']).toContain(
      encodeURIComponent('Usage report 2031-01-15 to 2031-03-31.csv'),
    );
    const [header, ...rows] = parseCsv(reply.body.replace(/^\uFEFF/, ''));
    expect(header).toEqual([
      'Service',
      'Description',
      'Customer code',
      'Customer',
      'Speed',
      'Highest 95th A to B (%)',
      'Highest 95th B to A (%)',
      'Label',
      '2031-01 A to B (%, Australia/Sydney)',
      '2031-01 B to A (%, Australia/Sydney)',
      '2031-02 A to B (%, Australia/Sydney)',
      '2031-02 B to A (%, Australia/Sydney)',
      '2031-03 A to B (%, Australia/Sydney)',
      '2031-03 B to A (%, Australia/Sydney)',
    ]);
    expect(rows.map((r) => r[0])).toEqual([svc.u1, svc.e1, svc.u2]);
    expect(rows[0]!.slice(5)).toEqual(['81', '86.2', 'At Capacity', '50', '86.2', '40', '60', '81', '10']);
    expect(rows[2]!.slice(8)).toEqual(['80', '80', '', '', '', '']);
    const own = await t.call({ method: 'GET', url: `/api/reports/usage/csv?${period}`, as: demo.ungUser });
    expect(
      parseCsv(own.body)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual([svc.u1, svc.u2]);
  });

  it("draws the PDF with the definition, the months' counts and the services", async () => {
    const reply = await t.call({ method: 'GET', url: `/api/reports/usage/pdf?${period}`, as: demo.ungAdmin });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    const text = pdfText(reply.rawPayload);
    expect(text).toContain('Usage report');
    expect(text).toContain('University of Northgate');
    expect(text).toContain('95th percentile');
    expect(text).toContain('Jan 2031 (partly in the period)');
    expect(text).toContain('Mar 2031 (to date)');
    expect(text).toContain(svc.u1);
    expect(text).toContain('86.2%');
    expect(text).not.toContain(svc.e1);
  });
});
