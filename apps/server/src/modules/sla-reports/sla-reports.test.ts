import { reportPeriodMessages, resolveReportPeriod } from '@lightpath/domain/report-period';
import {
  availabilityPercent,
  type SlaReport,
  type SlaServiceRow,
  slaReportMessages,
} from '@lightpath/domain/sla-reports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { services, sites } from '../../db/schema/inventory';
import { auditLog } from '../../db/schema/platform';
import { addEventOnService } from '../../test/events';
import { buildTestApp, demo, problemOf, type TestApp } from '../../test/helper';
import { pdfText } from '../../test/pdf-text';

let t: TestApp;
let ids: { ung: number; ebh: number; fixture: number };

const hour = 3600;
const day = 86_400;
// The first quarter of 2025, read in the portal's zone (Australia/Sydney): January and March have 31
// days, February 28; 2,160 hours in all. Every fixture below is hand-computed over it.
const quarter = { from: '2025-01-01', to: '2025-03-31' };
let q1: ReturnType<typeof resolveReportPeriod>;

async function get<T>(url: string, as: string = demo.noc): Promise<T> {
  const reply = await t.call({ method: 'GET', url, as });
  expect(reply.statusCode, `${url}: ${reply.body.slice(0, 300)}`).toBe(200);
  return reply.json().payload;
}

const reportUrl = (query: Record<string, string | number>) =>
  `/api/reports/sla?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;

// Each SLA fixture event has the same number: the report reads times and classes, not numbers.
const addEvent = (
  serviceId: string,
  event: { type: number; slaType: number; start: number; end: number | null },
) => addEventOnService(t.database.db, serviceId, { number: 9000, ...event });

const fixture = {
  overlap: 'SLT0001000201B',
  provisioned: 'SLT0001000202A',
  ongoing: 'SLT0001000203G',
  deprovisioned: 'SLT0001000204E',
  planning: 'SLT0001000205B',
  later: 'SLT0001000206B',
  thisMonth: 'SLT0001000207D',
};

beforeAll(async () => {
  t = await buildTestApp();
  const rows = await t.database.db.select().from(customers);
  const idOf = (code: string) => rows.find((c) => c.customerCode === code)!.customerId;
  q1 = resolveReportPeriod(quarter, t.config.timeZone);
  const [customer] = await t.database.db
    .insert(customers)
    .values({ customerCode: 'SLT', customerName: 'SLA Test Institute' })
    .returning({ id: customers.customerId });
  ids = { ung: idOf('UNG'), ebh: idOf('EBH'), fixture: customer!.id };
  const [site] = await t.database.db
    .insert(sites)
    .values({ siteNumber: 'S0001', siteName: 'SLA Test campus', siteType: 1, customerId: ids.fixture })
    .returning({ id: sites.siteId });
  const service = (serviceId: string, more: Partial<typeof services.$inferInsert> = {}) => ({
    serviceId,
    typeLetter: serviceId.slice(-1),
    description: `SLA fixture ${serviceId}`,
    customerId: ids.fixture,
    aEndSiteId: site!.id,
    provisionDate: '2020-01-01',
    ...more,
  });
  await t.database.db.insert(services).values([
    service(fixture.overlap),
    service(fixture.provisioned, { provisionDate: '2025-02-15' }),
    service(fixture.ongoing),
    service(fixture.deprovisioned, {
      status: 0,
      slaTarget: '99.99',
      deprovisionedAt: new Date(q1.months[1]!.start * 1000),
    }),
    service(fixture.planning, { status: 2 }),
    service(fixture.later, { provisionDate: '2025-05-01' }),
    service(fixture.thisMonth),
  ]);
  const jan10 = q1.start + 9 * day;
  // Overlapping outages 10:00-12:00 and 11:00-13:00 on 10 January: three hours, one outage.
  await addEvent(fixture.overlap, { type: 3, slaType: 3, start: jan10 + 10 * hour, end: jan10 + 12 * hour });
  await addEvent(fixture.overlap, { type: 3, slaType: 4, start: jan10 + 11 * hour, end: jan10 + 13 * hour });
  // Scheduled works of four hours in February: reported, not counted.
  await addEvent(fixture.overlap, {
    type: 1,
    slaType: 1,
    start: q1.months[1]!.start + 3 * day,
    end: q1.months[1]!.start + 3 * day + 4 * hour,
  });
  // A hazard window classed as a hardware fault: at risk, never down.
  await addEvent(fixture.overlap, {
    type: 2,
    slaType: 3,
    start: q1.months[2]!.start + day,
    end: q1.months[2]!.start + day + 5 * hour,
  });
  // Six hours of power failure on 1 March, after a provision on 15 February.
  await addEvent(fixture.provisioned, {
    type: 3,
    slaType: 4,
    start: q1.months[2]!.start,
    end: q1.months[2]!.start + 6 * hour,
  });
  // An outage still open since noon on the period's last day, and two hours of force majeure in January.
  await addEvent(fixture.ongoing, { type: 3, slaType: 5, start: q1.end - 12 * hour, end: null });
  await addEvent(fixture.ongoing, {
    type: 3,
    slaType: 2,
    start: q1.start + 20 * day,
    end: q1.start + 20 * day + 2 * hour,
  });
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/reports/sla: availability against hand-computed figures', () => {
  let report: SlaReport;
  const row = (serviceid: string) => report.results.find((r) => r.serviceid === serviceid);

  beforeAll(async () => {
    report = await get<SlaReport>(reportUrl({ ...quarter, customerid: ids.fixture }));
  });

  it("names the period, the portal's zone, the customer and its months", () => {
    expect(report).toMatchObject({
      from: '2025-01-01',
      to: '2025-03-31',
      zone: 'Australia/Sydney',
      customer: { customerid: ids.fixture, customercode: 'SLT', customername: 'SLA Test Institute' },
    });
    expect(report.months.map((m) => [m.month, m.whole])).toEqual([
      ['2025-01', true],
      ['2025-02', true],
      ['2025-03', true],
    ]);
  });

  it('counts overlapping outages once, and scheduled works and hazards not at all', () => {
    expect(row(fixture.overlap)).toEqual<SlaServiceRow>({
      serviceid: fixture.overlap,
      description: `SLA fixture ${fixture.overlap}`,
      customerid: ids.fixture,
      customercode: 'SLT',
      customername: 'SLA Test Institute',
      type: 'B',
      typename: 'Managed 1G',
      target: 99.9,
      // 3 h of 2,160: 99.861%; January 3 h of 744: 99.597%.
      availability: 99.861,
      months: [99.597, 100, 100],
      downtime: 180,
      scheduled: 240,
      excluded: 0,
      measured: 2160 * 60,
      outages: 1,
      met: false,
    });
  });

  it('measures a service provisioned mid-period from its first day only', () => {
    // In service 15 February to 31 March: 45 days, 1,080 h; 6 h down: 99.444%; March 6 of 744 h: 99.194%.
    expect(row(fixture.provisioned)).toMatchObject({
      target: 99.5,
      availability: 99.444,
      months: [null, 100, 99.194],
      downtime: 360,
      measured: 1080 * 60,
      met: false,
    });
  });

  it('counts an open outage up to the end of the period, and force majeure apart', () => {
    expect(row(fixture.ongoing)).toMatchObject({
      target: 99.95,
      availability: availabilityPercent(12 * hour, 2160 * hour),
      months: [100, 100, availabilityPercent(12 * hour, 744 * hour)],
      downtime: 720,
      excluded: 120,
      outages: 1,
      met: false,
    });
  });

  it('measures a deprovisioned service until it went, against its contracted target', () => {
    expect(row(fixture.deprovisioned)).toMatchObject({
      target: 99.99,
      availability: 100,
      months: [100, null, null],
      measured: 744 * 60,
      met: true,
    });
  });

  it("shows a service's contracted target on its own page, and null for its type's", async () => {
    expect(await get<{ slatarget: number | null }>(`/api/service/${fixture.deprovisioned}`)).toMatchObject({
      slatarget: 99.99,
    });
    expect(await get<{ slatarget: number | null }>(`/api/service/${fixture.overlap}`)).toMatchObject({
      slatarget: null,
    });
  });

  it('leaves out services in planning or provisioned after the period', () => {
    expect(report.results.map((r) => r.serviceid).sort()).toEqual(
      [
        fixture.overlap,
        fixture.provisioned,
        fixture.ongoing,
        fixture.deprovisioned,
        fixture.thisMonth,
      ].sort(),
    );
  });

  it('sums up the services and months, worst first', () => {
    expect(report.summary).toEqual({
      services: 5,
      met: 2,
      breached: 3,
      availability: Math.round(((99.861 + 99.444 + 99.444 + 100 + 100) / 5) * 1000) / 1000,
    });
    expect(report.months.map((m) => [m.services, m.breached])).toEqual([
      [4, 1],
      [4, 0],
      [4, 2],
    ]);
    expect(report.results.map((r) => r.availability)).toEqual([99.444, 99.444, 99.861, 100, 100]);
  });

  it('filters by breached and search, sorts and pages, with the summary unchanged', async () => {
    const breached = await get<SlaReport>(
      reportUrl({ ...quarter, customerid: ids.fixture, breached: 'true' }),
    );
    expect(breached.count).toBe(3);
    expect(breached.summary).toEqual(report.summary);
    const met = await get<SlaReport>(reportUrl({ ...quarter, customerid: ids.fixture, breached: 'false' }));
    expect(met.results.map((r) => r.met)).toEqual([true, true]);
    const search = await get<SlaReport>(reportUrl({ ...quarter, customerid: ids.fixture, q: '0203g' }));
    expect(search.results.map((r) => r.serviceid)).toEqual([fixture.ongoing]);
    const page = await get<SlaReport>(
      reportUrl({ ...quarter, customerid: ids.fixture, sort: '-downtime', limit: 2, offset: 1 }),
    );
    expect(page).toMatchObject({ count: 5, limit: 2, offset: 1 });
    expect(page.results.map((r) => r.serviceid)).toEqual([fixture.provisioned, fixture.overlap]);
  });

  it('counts a month in progress, and an outage still open, up to now', async () => {
    const before = Math.floor(Date.now() / 1000);
    const start = before - 2 * hour;
    await addEvent(fixture.thisMonth, { type: 3, slaType: 3, start, end: start + hour });
    // This month in the portal's zone, first day to last.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: t.config.timeZone }).format(new Date());
    const [year, monthNumber] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    const lastDay = new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
    const whole = resolveReportPeriod({ from: `${today.slice(0, 8)}01`, to: lastDay }, t.config.timeZone);
    const month = whole.months[0]!;
    // Within the first hours of a month, part of the outage fell in the month before.
    const expectedDown = Math.max(0, start + hour - Math.max(start, month.start));
    const now = await get<SlaReport>(
      reportUrl({ from: whole.from, to: whole.to, customerid: ids.fixture, q: fixture.thisMonth }),
    );
    const after = Math.floor(Date.now() / 1000);
    const [measured] = now.results;
    expect(now.months[0]!.whole).toBe(false);
    // In service from the month's start up to now, an hour of it down.
    // Minutes to one decimal: within six seconds.
    const elapsed = measured!.measured * 60;
    expect(elapsed).toBeGreaterThanOrEqual(before - month.start - 6);
    expect(elapsed).toBeLessThanOrEqual(after - month.start + 6);
    expect(measured!.downtime).toBe(Math.round(expectedDown / 6) / 10);
    expect(measured!.availability).toBeCloseTo(100 * (1 - expectedDown / elapsed), 2);
    // The outage still open since the first quarter is down the whole month so far.
    const open = await get<SlaReport>(
      reportUrl({ from: whole.from, to: whole.to, customerid: ids.fixture, q: fixture.ongoing }),
    );
    expect(open.results[0]).toMatchObject({ availability: 0, met: false });
  });
});

describe('who sees the SLA report', () => {
  it.each([
    [demo.noc, 200],
    [demo.eng, 200],
    [demo.ungAdmin, 200],
    [demo.ungUser, 200],
    [demo.tech, 403],
  ])('%s is answered %i on every shape', async (who, status) => {
    for (const path of ['/api/reports/sla', '/api/reports/sla/csv', '/api/reports/sla/pdf']) {
      const reply = await t.call({ method: 'GET', url: `${path}?from=2025-01-01&to=2025-03-31`, as: who });
      expect(reply.statusCode, `${path} as ${who}`).toBe(status);
    }
  });

  it("gives the NOC every customer's services and any one customer's", async () => {
    const all = await get<SlaReport>(reportUrl({ ...quarter, limit: 1000 }));
    expect(all.customer).toBeNull();
    expect(all.results.some((r) => r.customercode === 'UNG')).toBe(true);
    expect(all.results.some((r) => r.customercode === 'EBH')).toBe(true);
    expect(all.summary.services).toBe(all.count);
    expect(all.summary.met + all.summary.breached).toBe(all.summary.services);
    const ebh = await get<SlaReport>(reportUrl({ ...quarter, customerid: ids.ebh, limit: 1000 }));
    expect(ebh.results.length).toBeGreaterThan(0);
    expect(ebh.results.every((r) => r.customerid === ids.ebh)).toBe(true);
  });

  it("never shows a customer another customer's services, in JSON, CSV or PDF", async () => {
    const own = await get<SlaReport>(reportUrl({ ...quarter, limit: 1000 }), demo.ungAdmin);
    expect(own.customer).toMatchObject({ customerid: ids.ung, customercode: 'UNG' });
    expect(own.results.length).toBeGreaterThan(0);
    expect(own.results.every((r) => r.customerid === ids.ung)).toBe(true);
    const foreign = await t.call({
      method: 'GET',
      url: reportUrl({ ...quarter, customerid: ids.ebh }),
      as: demo.ungAdmin,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(slaReportMessages.customerNotFound);

    const ebhIds = (
      await get<SlaReport>(reportUrl({ ...quarter, customerid: ids.ebh, limit: 1000 }))
    ).results.map((r) => r.serviceid);
    const csv = await t.call({
      method: 'GET',
      url: `/api/reports/sla/csv?${new URLSearchParams(quarter)}`,
      as: demo.ungUser,
    });
    expect(csv.statusCode).toBe(200);
    const csvIds = csv.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(csvIds.sort()).toEqual(own.results.map((r) => r.serviceid).sort());
    const pdf = await t.call({
      method: 'GET',
      url: `/api/reports/sla/pdf?${new URLSearchParams(quarter)}`,
      as: demo.ungAdmin,
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('University of Northgate (UNG)');
    expect(text).toContain(own.results[0]!.serviceid);
    for (const id of ebhIds) expect(text).not.toContain(id);
    for (const id of ebhIds) expect(csv.body).not.toContain(id);
  });

  it('answers an unknown customer with 404', async () => {
    const reply = await t.call({
      method: 'GET',
      url: reportUrl({ ...quarter, customerid: 999_999 }),
      as: demo.noc,
    });
    expect(reply.statusCode).toBe(404);
  });
});

describe('a bad period or filter', () => {
  it.each([
    [{ from: '2025-13-01', to: '2025-03-31' }, reportPeriodMessages.fromInvalid],
    [{ from: '2025-01-01' }, reportPeriodMessages.toInvalid],
    [{ from: '2025-03-31', to: '2025-01-01' }, reportPeriodMessages.reversed],
    [{ from: '2023-01-01', to: '2025-03-31' }, reportPeriodMessages.tooLong],
    [{ ...quarter, breached: 'maybe' }, slaReportMessages.breachedInvalid],
  ])('%o is a 400 on every shape, and writes nothing', async (query, message) => {
    const count = async () =>
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
    const before = await count();
    for (const path of ['/api/reports/sla', '/api/reports/sla/csv', '/api/reports/sla/pdf']) {
      const reply = await t.call({
        method: 'GET',
        url: `${path}?${new URLSearchParams(query as Record<string, string>)}`,
        as: demo.noc,
      });
      expect(reply.statusCode, path).toBe(400);
      expect(problemOf(reply)).toBe(message);
    }
    expect(await count()).toBe(before);
  });
});

describe('GET /api/reports/sla/csv and /pdf', () => {
  it("exports every row of the report, in the table's order, with a column per month", async () => {
    const json = await get<SlaReport>(reportUrl({ ...quarter, customerid: ids.fixture }));
    const reply = await t.call({
      method: 'GET',
      url: `/api/reports/sla/csv?${new URLSearchParams({ ...quarter, customerid: String(ids.fixture) })}`,
      as: demo.noc,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('SLA report SLT 2025-01-01 to 2025-03-31.csv')}`,
    );
    const [header, ...lines] = reply.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toContain('Jan 2025 (%),Feb 2025 (%),Mar 2025 (%)');
    expect(lines.map((line) => line.split(',')[0])).toEqual(json.results.map((r) => r.serviceid));
    expect(lines.find((l) => l.startsWith(fixture.provisioned))).toContain(
      ',99.444,,100.000,99.194,360.0,1,',
    );
  });

  it("exports more than one page of the export's page size", async () => {
    const small = await buildTestApp({ exportPageSize: 3 });
    try {
      const reply = await small.call({
        method: 'GET',
        url: `/api/reports/sla/csv?${new URLSearchParams(quarter)}`,
        as: demo.ungAdmin,
      });
      const rows = reply.body.trim().split('\r\n').length - 1;
      const json = (
        await small.call({ method: 'GET', url: reportUrl({ ...quarter, limit: 1000 }), as: demo.ungAdmin })
      ).json().payload as SlaReport;
      expect(json.count).toBeGreaterThan(3);
      expect(rows).toBe(json.count);
    } finally {
      await small.close();
    }
  });

  it('prints the NOC a PDF of the breaches of every customer, and of one customer every service', async () => {
    const all = await t.call({
      method: 'GET',
      url: `/api/reports/sla/pdf?${new URLSearchParams(quarter)}`,
      as: demo.noc,
    });
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toBe('application/pdf');
    expect(all.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const allText = pdfText(all.rawPayload);
    expect(allText).toContain('All customers');
    expect(allText).toContain('Services that breached their target');
    expect(allText).toContain(fixture.overlap);
    expect(allText).not.toContain(fixture.deprovisioned);

    const one = await t.call({
      method: 'GET',
      url: `/api/reports/sla/pdf?${new URLSearchParams({ ...quarter, customerid: String(ids.fixture) })}`,
      as: demo.noc,
    });
    expect(one.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('SLA report SLT 2025-01-01 to 2025-03-31.pdf')}`,
    );
    const text = pdfText(one.rawPayload);
    expect(text).toContain('SLA Test Institute (SLT)');
    expect(text).toContain('Australia/Sydney');
    expect(text).toContain(fixture.deprovisioned);
    expect(text).toContain('99.861%');
    expect(text).toContain('Overlapping events on one service count once');
  });
});
