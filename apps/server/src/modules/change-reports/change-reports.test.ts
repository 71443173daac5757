import type { ChangeReport } from '@lightpath/domain/change-reports';
import { changeReportMessages } from '@lightpath/domain/change-reports';
import { customerMessages } from '@lightpath/domain/customers';
import { reportPeriodMessages } from '@lightpath/domain/report-period';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { eventServices, events, services } from '../../db/schema/inventory';
import { parseCsv } from '../../test/csv';
import { buildTestApp, demo, problemOf, type TestApp } from '../../test/helper';
import { pdfText } from '../../test/pdf-text';

let t: TestApp;
let ids: { ung: number; ebh: number };

// March 2031 in Sydney (AEDT, UTC+11 until 6 April), far from the demo seed's events, which all lie
// within a few years of the day it ran.
const march = 'from=2031-03-01&to=2031-03-31';
const sydney = (day: number, hour: number, month = 3) => Date.UTC(2031, month - 1, day, hour - 11) / 1000;

type Seeded = {
  title: string;
  type: number;
  start: number;
  end: number | null;
  priority: number;
  approver: string;
  services: string[];
};

beforeAll(async () => {
  // Three rows a page: the CSV and the PDF read the four events across pages.
  t = await buildTestApp({ exportPageSize: 3 });
  const db = t.database.db;
  const customerId = async (code: string) =>
    (await db.select().from(customers).where(eq(customers.customerCode, code)))[0]!.customerId;
  ids = { ung: await customerId('UNG'), ebh: await customerId('EBH') };
  const serviceIds = async (customer: number) =>
    (
      await db
        .select()
        .from(services)
        .where(eq(services.customerId, customer))
        .orderBy(services.serviceId)
        .limit(2)
    ).map((s) => s.serviceId);
  const [ung1, ung2] = await serviceIds(ids.ung);
  const [ebh1] = await serviceIds(ids.ebh);
  const seeded: Seeded[] = [
    {
      title: 'Report test: Zone A splice',
      type: 1,
      start: sydney(3, 10),
      end: sydney(3, 14),
      priority: 3,
      approver: 'NOC',
      services: [ung1!, ung2!],
    },
    {
      title: 'Report test: shared hazard',
      type: 2,
      start: sydney(10, 22),
      end: sydney(11, 2),
      priority: 2,
      approver: 'Change Board',
      services: [ung1!, ebh1!],
    },
    {
      title: 'Report test: Eastbrook only',
      type: 1,
      start: sydney(20, 1),
      end: sydney(20, 5),
      priority: 4,
      approver: 'NOC',
      services: [ebh1!],
    },
    // An outage is not a change: never in the report.
    {
      title: 'Report test: outage',
      type: 3,
      start: sydney(12, 9),
      end: sydney(12, 11),
      priority: 1,
      approver: 'NOC',
      services: [ung1!],
    },
    // Starts in February and runs into March: February's report has it, March's does not.
    {
      title: 'Report test: spans in',
      type: 1,
      start: sydney(28, 23, 2),
      end: sydney(1, 3),
      priority: 3,
      approver: 'NOC',
      services: [ung1!],
    },
    // Starts on March's last evening and ends in April: in March's report, whole.
    {
      title: 'Report test: month end',
      type: 1,
      start: sydney(31, 22),
      end: sydney(1, 4, 4),
      priority: 5,
      approver: 'NOC',
      services: [ung2!],
    },
  ];
  for (const e of seeded) {
    const [row] = await db
      .insert(events)
      .values({
        number: 90_000 + seeded.indexOf(e),
        title: e.title,
        description: 'Change report test',
        type: e.type,
        startTime: new Date(e.start * 1000),
        endTime: e.end === null ? null : new Date(e.end * 1000),
        initiator: 'Field Services',
        approver: e.approver,
        priority: e.priority,
        slaType: 1,
      })
      .returning({ id: events.eventId });
    await db.insert(eventServices).values(e.services.map((serviceId) => ({ eventId: row!.id, serviceId })));
  }
});
afterAll(() => t.close());

async function report(query: string, as: string = demo.noc): Promise<ChangeReport> {
  const reply = await t.call({ method: 'GET', url: `/api/reports/changes?${query}`, as });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().payload as ChangeReport;
}
const titles = (r: ChangeReport) => r.results.map((row) => row.title);

describe('GET /api/reports/changes', () => {
  it('gives the NOC the works and hazards starting in the period, in order, with every count', async () => {
    const r = await report(march);
    expect(titles(r)).toEqual([
      'Report test: Zone A splice',
      'Report test: shared hazard',
      'Report test: Eastbrook only',
      'Report test: month end',
    ]);
    expect(r.count).toBe(4);
    expect(r.period).toEqual({
      from: '2031-03-01',
      to: '2031-03-31',
      start: sydney(1, 0),
      end: sydney(1, 0, 4),
      zone: 'Australia/Sydney',
    });
    const monthEnd = r.results[3]!;
    expect(monthEnd).toMatchObject({
      type: 1,
      priority: 5,
      initiator: 'Field Services',
      approver: 'NOC',
      slatype: 1,
    });
    expect(monthEnd.duration).toBe(6 * 3600);
    expect(monthEnd.endtime).toBe(sydney(1, 4, 4));
    expect(r.results[1]).toMatchObject({ customers: ['EBH', 'UNG'], servicecount: 2 });

    const s = r.summary;
    expect([s.total, s.scheduledworks, s.hazards]).toEqual([4, 3, 1]);
    expect(s.bypriority.map((p) => p.count)).toEqual([0, 1, 1, 1, 1]);
    expect(s.byapprover).toEqual([
      { approver: 'NOC', count: 3 },
      { approver: 'Change Board', count: 1 },
    ]);
    expect(s.bycustomer.map((c) => [c.customercode, c.count])).toEqual([
      ['UNG', 3],
      ['EBH', 2],
    ]);
    expect([s.customercount, s.othercustomers]).toEqual([2, 0]);
    // March 2031 starts on a Saturday: weeks from 1, 3, 10, 17, 24 and 31 March.
    expect(s.unit).toBe('week');
    expect(s.buckets.map((b) => [b.from, b.scheduledworks, b.hazards])).toEqual([
      ['2031-03-01', 0, 0],
      ['2031-03-03', 1, 0],
      ['2031-03-10', 0, 1],
      ['2031-03-17', 1, 0],
      ['2031-03-24', 0, 0],
      ['2031-03-31', 1, 0],
    ]);
  });

  it('counts a year by month', async () => {
    const r = await report('from=2030-04-01&to=2031-03-31&q=Report test');
    expect(r.summary.unit).toBe('month');
    expect(r.summary.buckets).toHaveLength(12);
    expect(r.summary.buckets.at(-2)).toMatchObject({ from: '2031-02-01', scheduledworks: 1, hazards: 0 });
    expect(r.summary.buckets.at(-1)).toMatchObject({ from: '2031-03-01', scheduledworks: 3, hazards: 1 });
  });

  it.each([
    ['type=2', ['Report test: shared hazard']],
    ['priority=4', ['Report test: Eastbrook only']],
    ['approver=Change%20Board', ['Report test: shared hazard']],
    ['q=month%20end', ['Report test: month end']],
    ['q=90005', ['Report test: month end']],
    [
      'sort=-duration',
      // Equal durations fall back to the event id, in the same direction.
      [
        'Report test: month end',
        'Report test: Eastbrook only',
        'Report test: shared hazard',
        'Report test: Zone A splice',
      ],
    ],
    ['sort=approver&limit=1&offset=0', ['Report test: shared hazard']],
  ])('filters and sorts: %s', async (query, expected) => {
    const r = await report(`${march}&${query}`);
    expect(titles(r)).toEqual(expected);
    // The counts follow the filters; paging leaves them whole.
    if (!query.includes('sort')) expect(r.summary.total).toBe(expected.length);
  });

  it("narrows the NOC's report to one customer", async () => {
    const r = await report(`${march}&customer=${ids.ebh}`);
    expect(titles(r)).toEqual(['Report test: shared hazard', 'Report test: Eastbrook only']);
  });

  it('gives engineering the same report as the NOC, and refuses the field technician', async () => {
    expect(titles(await report(march, demo.eng))).toHaveLength(4);
    const refused = await t.call({ method: 'GET', url: `/api/reports/changes?${march}`, as: demo.tech });
    expect(refused.statusCode).toBe(403);
  });

  it('shows a customer only the events on its own services, and only its own services in them', async () => {
    for (const as of [demo.ungAdmin, demo.ungUser]) {
      const r = await report(march, as);
      expect(titles(r)).toEqual([
        'Report test: Zone A splice',
        'Report test: shared hazard',
        'Report test: month end',
      ]);
      expect(r.results[1]).toMatchObject({ customers: ['UNG'], servicecount: 1 });
      expect(r.summary.bycustomer.map((c) => c.customercode)).toEqual(['UNG']);
      expect(r.summary.customercount).toBe(1);
      expect(JSON.stringify(r)).not.toMatch(/EBH|Eastbrook/);
    }
    const ebh = await report(march, demo.ebhAdmin);
    expect(titles(ebh)).toEqual(['Report test: shared hazard', 'Report test: Eastbrook only']);
    expect(JSON.stringify(ebh)).not.toMatch(/UNG|Northgate|Zone A|month end/);
  });

  it('answers 404 to a customer naming another customer, and reads its own', async () => {
    const foreign = await t.call({
      method: 'GET',
      url: `/api/reports/changes?${march}&customer=${ids.ebh}`,
      as: demo.ungAdmin,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(customerMessages.notFound);
    expect(titles(await report(`${march}&customer=${ids.ung}`, demo.ungAdmin))).toHaveLength(3);
  });

  it.each([
    ['from=2031-03-01&to=2031-02-28', reportPeriodMessages.reversed],
    ['from=2029-01-01&to=2031-03-31', reportPeriodMessages.tooLong],
    ['from=2031-3-1&to=2031-03-31', reportPeriodMessages.fromInvalid],
    ['from=2031-03-01', reportPeriodMessages.toInvalid],
    [`${march}&type=3`, changeReportMessages.typeInvalid],
    [`${march}&priority=9`, changeReportMessages.priorityInvalid],
  ])('refuses %s with a 400', async (query, message) => {
    for (const path of ['', '/csv', '/pdf']) {
      const reply = await t.call({
        method: 'GET',
        url: `/api/reports/changes${path}?${query}`,
        as: demo.ungAdmin,
      });
      expect(reply.statusCode, path).toBe(400);
      expect(problemOf(reply)).toBe(message);
    }
  });
});

describe('GET /api/reports/changes/csv', () => {
  it('exports every event the filters select, across pages, times in the portal zone', async () => {
    const reply = await t.call({ method: 'GET', url: `/api/reports/changes/csv?${march}`, as: demo.noc });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = parseCsv(reply.body.replace(/^\uFEFF/, ''));
    expect(header).toContain('Start (Australia/Sydney)');
    expect(rows.map((r) => r[1])).toEqual([
      'Report test: Zone A splice',
      'Report test: shared hazard',
      'Report test: Eastbrook only',
      'Report test: month end',
    ]);
    expect(rows[3]!.slice(3, 6)).toEqual(['2031-03-31 22:00', '2031-04-01 04:00', '6']);
  });

  it('gives a customer its own events and services only', async () => {
    const reply = await t.call({ method: 'GET', url: `/api/reports/changes/csv?${march}`, as: demo.ungUser });
    expect(reply.statusCode).toBe(200);
    const [, ...rows] = parseCsv(reply.body.replace(/^\uFEFF/, ''));
    expect(rows).toHaveLength(3);
    expect(reply.body).not.toMatch(/EBH|Eastbrook/);
  });
});

describe('GET /api/reports/changes/pdf', () => {
  it('prints the counts and every event for the NOC', async () => {
    const reply = await t.call({ method: 'GET', url: `/api/reports/changes/pdf?${march}`, as: demo.noc });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    expect(reply.headers['content-disposition']).toContain(
      encodeURIComponent('Change management 2031-03-01 to 2031-03-31.pdf'),
    );
    const text = pdfText(reply.rawPayload);
    expect(text).toContain('Change management report');
    for (const title of ['Zone A splice', 'shared hazard', 'Eastbrook only', 'month end'])
      expect(text).toContain(title);
    expect(text).toContain('Change Board 1');
    expect(text).toContain('Mon 31 Mar 2031 22:00');
    // An end on another day has its day; one on the start's day its time alone.
    expect(text).toContain('Tue 1 Apr 04:00');
    expect(text).toMatch(/Mon 3 Mar 2031 10:00\n14:00/);
    expect(text).not.toContain('outage');
  });

  it("never shows a customer another customer's events or services", async () => {
    const reply = await t.call({
      method: 'GET',
      url: `/api/reports/changes/pdf?${march}`,
      as: demo.ungAdmin,
    });
    expect(reply.statusCode).toBe(200);
    const text = pdfText(reply.rawPayload);
    expect(text).toContain('Zone A splice');
    expect(text).toContain('University of Northgate');
    expect(text).not.toMatch(/EBH|Eastbrook/);
  });
});
