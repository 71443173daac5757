import { reportPeriodMessages, resolveReportPeriod } from '@lightpath/domain/report-period';
import type { ServiceReport } from '@lightpath/domain/service-reports';
import { serviceMessages } from '@lightpath/domain/services';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { services, sites } from '../../db/schema/inventory';
import { tickets } from '../../db/schema/tickets';
import { parseCsv } from '../../test/csv';
import { addEventOnService } from '../../test/events';
import { buildTestApp, demo, problemOf, type TestApp } from '../../test/helper';
import { pdfText } from '../../test/pdf-text';

let t: TestApp;
const hour = 3600;
const day = 86_400;
// The first quarter of 2025 in the portal's zone (Australia/Sydney, daylight time throughout):
// 31 + 28 + 31 days, 2,160 hours. Every figure below is worked out by hand over it.
const quarter = 'from=2025-01-01&to=2025-03-31';
let q1: ReturnType<typeof resolveReportPeriod>;
// A University of Northgate service (Managed, so its standard target is 99.9%) made for this file.
const serviceId = 'UNG9999000101B';
const ticketIds: Record<'solved' | 'open' | 'later' | 'other', number> = {
  solved: 0,
  open: 0,
  later: 0,
  other: 0,
};
const eventNumbers = { before: 9101, outage: 9102, works: 9103, hazard: 9104 };

const url = (tail = '', query = quarter, id = serviceId) => `/api/reports/service/${id}${tail}?${query}`;

async function report(as: string = demo.noc, query = quarter): Promise<ServiceReport> {
  const reply = await t.call({ method: 'GET', url: url('', query), as });
  expect(reply.statusCode, reply.body.slice(0, 300)).toBe(200);
  return reply.json().payload;
}

const addEvent = (event: {
  number: number;
  type: number;
  slaType: number;
  start: number;
  end: number | null;
}) => addEventOnService(t.database.db, serviceId, event);

async function addTicket(subject: string, more: Partial<typeof tickets.$inferInsert>) {
  const [row] = await t.database.db
    .insert(tickets)
    .values({
      customerId: ungId,
      requester: 'admin@northgate.example',
      subject,
      description: subject,
      status: 'open',
      services: [serviceId],
      ...more,
    })
    .returning({ id: tickets.ticketId });
  return row!.id;
}

let ungId = 0;
const at = (seconds: number) => new Date(seconds * 1000);

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  q1 = resolveReportPeriod({ from: '2025-01-01', to: '2025-03-31' }, t.config.timeZone);
  ungId = (await db.select().from(customers).where(eq(customers.customerCode, 'UNG')))[0]!.customerId;
  const [site] = await db.select().from(sites).where(eq(sites.customerId, ungId)).limit(1);
  await db.insert(services).values({
    serviceId,
    typeLetter: 'B',
    description: 'Service report fixture',
    customerId: ungId,
    aEndSiteId: site!.siteId,
    speed: '1G',
    provisionDate: '2020-01-01',
  });
  const [jan, feb, mar] = q1.months;
  // Before the period: not listed.
  await addEvent({
    number: eventNumbers.before,
    type: 3,
    slaType: 3,
    start: q1.start - 10 * day,
    end: q1.start - 9 * day,
  });
  // A hardware fault from 10:00 to 13:00 on 10 January: three hours counted, one outage.
  await addEvent({
    number: eventNumbers.outage,
    type: 3,
    slaType: 3,
    start: jan!.start + 9 * day + 10 * hour,
    end: jan!.start + 9 * day + 13 * hour,
  });
  // Four hours of scheduled works in February: listed and reported, not counted.
  await addEvent({
    number: eventNumbers.works,
    type: 1,
    slaType: 1,
    start: feb!.start + 3 * day,
    end: feb!.start + 3 * day + 4 * hour,
  });
  // A hazard window in March: listed, no downtime.
  await addEvent({
    number: eventNumbers.hazard,
    type: 2,
    slaType: 3,
    start: mar!.start + day,
    end: mar!.start + day + 5 * hour,
  });

  // Solved inside the period; raised before it and still open; raised after it; another service's.
  ticketIds.solved = await addTicket('Fixture: link flapping', {
    status: 'solved',
    createdAt: at(feb!.start + hour),
    updatedAt: at(feb!.start + 2 * day),
  });
  ticketIds.open = await addTicket('Fixture: slow throughput', {
    createdAt: at(q1.start - 20 * day),
    updatedAt: at(q1.start - 19 * day),
  });
  ticketIds.later = await addTicket('Fixture: after the quarter', {
    createdAt: at(q1.end + 5 * day),
    updatedAt: at(q1.end + 5 * day),
  });
  ticketIds.other = await addTicket('Fixture: another service', {
    services: ['UNG0000000000B'],
    createdAt: at(feb!.start),
    updatedAt: at(feb!.start),
  });

  // January At Capacity (B to A above 85%), February Available, March without a figure.
  for (const [month, atob, btoa] of [
    ['2025-01-01', 50, 86.2],
    ['2025-02-01', 40, 60],
  ] as const)
    await db.execute(sql`insert into service_usage_months (service_id, month, line_rate_bps, samples, p95_atob,
      p95_btoa, complete, measured_until) values (${serviceId}, ${month}::date, ${1e9}, 8000, ${atob}, ${btoa}, true, now())`);
});

afterAll(() => t.close());

describe('GET /api/reports/service/{serviceid}', () => {
  it('gives the service, its availability, months, events and tickets, worked out by hand', async () => {
    const body = await report();
    expect(body).toMatchObject({ from: '2025-01-01', to: '2025-03-31', zone: 'Australia/Sydney' });
    expect(body.service).toEqual({
      serviceid: serviceId,
      description: 'Service report fixture',
      customerid: ungId,
      customercode: 'UNG',
      customername: 'University of Northgate',
      typename: expect.stringMatching(/^Managed/),
      status: 1,
      speed: '1G',
      aendsite: expect.stringContaining('('),
      bendsite: null,
      provisiondate: '2020-01-01',
      target: 99.9,
      contracted: false,
    });
    // 3 h counted of 2,160 h: 1 - 3/2160 = 99.861%, below 99.9%.
    expect(body.availability).toEqual({
      availability: 99.861,
      met: false,
      downtime: 180,
      scheduled: 240,
      excluded: 0,
      measured: 2160 * 60,
      outages: 1,
    });
    // January: 1 - 3/744 = 99.597%.
    expect(body.months).toEqual([
      {
        month: '2025-01',
        whole: true,
        availability: 99.597,
        atob: 50,
        btoa: 86.2,
        label: 'At Capacity',
        complete: true,
      },
      {
        month: '2025-02',
        whole: true,
        availability: 100,
        atob: 40,
        btoa: 60,
        label: 'Available',
        complete: true,
      },
      {
        month: '2025-03',
        whole: true,
        availability: 100,
        atob: null,
        btoa: null,
        label: null,
        complete: null,
      },
    ]);
    expect(body.events.map((e) => [e.number, e.type, e.slatype, e.downtime])).toEqual([
      [eventNumbers.outage, 3, 3, 'counted'],
      [eventNumbers.works, 1, 1, 'scheduled'],
      [eventNumbers.hazard, 2, 3, null],
    ]);
    expect(body.events[0]).toMatchObject({
      title: `Report fixture ${eventNumbers.outage}`,
      start: q1.start + 9 * day + 10 * hour,
      end: q1.start + 9 * day + 13 * hour,
    });
    expect(body.tickets).toEqual([
      {
        ticketid: ticketIds.open,
        subject: 'Fixture: slow throughput',
        status: 'open',
        opened: q1.start - 20 * day,
        closed: null,
      },
      {
        ticketid: ticketIds.solved,
        subject: 'Fixture: link flapping',
        status: 'solved',
        opened: q1.months[1]!.start + hour,
        closed: q1.months[1]!.start + 2 * day,
      },
    ]);
  });

  it('shows a customer its own service, the same report as the NOC reads', async () => {
    expect(await report(demo.ungUser)).toEqual(await report(demo.noc));
  });

  it('answers another customer 404 before reading the period, for every shape', async () => {
    for (const tail of ['', '/csv', '/pdf'])
      for (const query of [quarter, 'from=2025-13-01&to=2025-01-01', 'from=x']) {
        const reply = await t.call({ method: 'GET', url: url(tail, query), as: demo.ebhAdmin });
        expect(reply.statusCode, `${tail} ${query}`).toBe(404);
        expect(reply.json().message).toBe(serviceMessages.notFound);
      }
    const unknown = await t.call({ method: 'GET', url: url('', 'from=bad', 'UNG0000000404B'), as: demo.noc });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a reversed, too long or malformed period with the shared messages', async () => {
    const cases: [string, string][] = [
      ['from=2025-03-01&to=2025-02-01', reportPeriodMessages.reversed],
      ['from=2023-01-01&to=2025-01-01', reportPeriodMessages.tooLong],
      ['from=2025-02-30&to=2025-03-01', reportPeriodMessages.fromInvalid],
      ['from=2025-01-01', reportPeriodMessages.toInvalid],
    ];
    for (const [query, message] of cases)
      for (const tail of ['', '/csv', '/pdf']) {
        const reply = await t.call({ method: 'GET', url: url(tail, query), as: demo.ungAdmin });
        expect(reply.statusCode, `${tail} ${query}`).toBe(400);
        expect(problemOf(reply)).toBe(message);
      }
  });

  it('is refused to a field technician (reports.view)', async () => {
    const reply = await t.call({ method: 'GET', url: url(), as: demo.tech });
    expect(reply.statusCode).toBe(403);
  });

  it('says a service in service at no moment of the period has no availability, and lists no tickets then', async () => {
    const body = await report(demo.noc, 'from=2019-01-01&to=2019-03-31');
    expect(body.availability).toBeNull();
    expect(body.months.map((m) => m.availability)).toEqual([null, null, null]);
    expect(body.events).toEqual([]);
    expect(body.tickets).toEqual([]);
  });
});

describe('the files', () => {
  it('writes the CSV as sections: the service, the months, the events and the tickets', async () => {
    const reply = await t.call({ method: 'GET', url: url('/csv'), as: demo.ungAdmin });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toContain(
      encodeURIComponent(`Service report ${serviceId} 2025-01-01 to 2025-03-31.csv`),
    );
    const rows = parseCsv(reply.body.replace(/^\uFEFF/, ''));
    const sectionAt = (title: string) => rows.findIndex((r) => r.length === 1 && r[0] === title);
    const field = (name: string) => rows.find((r) => r[0] === name)?.[1];
    expect(rows[0]).toEqual(['Service']);
    expect(field('Availability (%)')).toBe('99.861');
    expect(field('Met target')).toBe('No');
    expect(field('SLA target (%)')).toBe('99.900');
    expect(field('Counted downtime (min)')).toBe('180.0');
    const months = sectionAt('Months');
    expect(rows[months + 1]).toEqual([
      'Month (Australia/Sydney)',
      'Whole month',
      'Availability (%)',
      '95th A to B (%)',
      '95th B to A (%)',
      'Label',
    ]);
    expect(rows[months + 2]).toEqual(['2025-01', 'Yes', '99.597', '50', '86.2', 'At Capacity']);
    expect(rows[months + 4]).toEqual(['2025-03', 'Yes', '100.000', '', '', '']);
    const eventsAt = sectionAt('Events');
    expect(rows[eventsAt + 2]!.slice(0, 5)).toEqual([
      String(eventNumbers.outage),
      `Report fixture ${eventNumbers.outage}`,
      'Unplanned Outage',
      'Hardware Fault',
      'Counts against availability',
    ]);
    expect(rows[eventsAt + 2]!.slice(5)).toEqual(['2025-01-10 10:00', '2025-01-10 13:00']);
    const ticketsAt = sectionAt('Tickets');
    expect(rows.slice(ticketsAt + 2).map((r) => r[0])).toEqual([
      String(ticketIds.open),
      String(ticketIds.solved),
    ]);
  });

  it('prints the PDF an IT manager sends: the service, the period with its zone, the target breached', async () => {
    const reply = await t.call({ method: 'GET', url: url('/pdf'), as: demo.ungAdmin });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    const text = pdfText(reply.rawPayload);
    for (const expected of [
      'Service report',
      serviceId,
      'University of Northgate',
      '31 Mar 2025 (days in Australia/Sydney)',
      'Line rate\n1G',
      '99.861%: target breached',
      '99.900% (standard)',
      'Fixture: link flapping',
      `Report fixture ${eventNumbers.hazard}`,
      'At Capacity',
    ])
      expect(text).toContain(expected);
  });
});
