import { parseSort } from '@lightpath/domain/api';
import {
  formatReportMonth,
  formatReportPeriod,
  type ResolvedReportPeriod,
  resolveReportPeriod,
} from '@lightpath/domain/report-period';
import { serviceTypeOf } from '@lightpath/domain/services';
import {
  type DowntimeEvent,
  downtimeKindOf,
  formatAvailability,
  measureService,
  meetsTarget,
  minutesOf,
  type SlaMonthSummary,
  type SlaReport,
  type SlaReportExportQuery,
  type SlaReportQuery,
  type SlaServiceRow,
  type SlaSortField,
  slaDefaultSort,
  slaDefinitions,
  slaPdfBreachesOnlyNote,
  slaReportMessages,
  slaReportName,
  slaSortFields,
  slaTargetFor,
} from '@lightpath/domain/sla-reports';
import { NotFound } from '../../platform/errors';
import {
  fieldList,
  type PdfTableColumn,
  renderPdf,
  sectionHeading,
  table,
} from '../../platform/pdf-document';
import type { ServiceContext } from '../../platform/service-context';
import { findCustomer, findProviderCustomer } from '../customers/repository';
import { listSlaEvents, listSlaServices } from './repository';

// Issue 17: the SLA report. The period is read in the PORTAL's zone (a shared document: decision 016),
// every service in scope is measured (the summary and a sort by availability need them all), then the
// table's search and breached filter narrow the rows and the page is cut. docs/decisions/038.

type WholeReport = Omit<SlaReport, 'count' | 'limit' | 'offset' | 'results'> & { rows: SlaServiceRow[] };

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const sortKeys: Record<SlaSortField, (a: SlaServiceRow, b: SlaServiceRow) => number> = {
  availability: (a, b) => a.availability - b.availability,
  serviceid: () => 0,
  description: (a, b) => compareText(a.description, b.description),
  customername: (a, b) => compareText(a.customername, b.customername),
  type: (a, b) => compareText(a.typename, b.typename),
  target: (a, b) => a.target - b.target,
  downtime: (a, b) => a.downtime - b.downtime,
  outages: (a, b) => a.outages - b.outages,
};

const mean = (values: number[]) =>
  values.length === 0
    ? null
    : Math.round((values.reduce((sum, v) => sum + v, 0) / values.length) * 1000) / 1000;

async function customerOf(ctx: ServiceContext, customerId: number | undefined) {
  if (customerId === undefined) return null;
  // Another customer's id is as unknown to a customer as one that does not exist.
  const customer = await findCustomer(ctx.db, ctx.caller.scope, customerId);
  if (!customer) throw new NotFound(slaReportMessages.customerNotFound);
  return {
    customerid: customer.customerId,
    customercode: customer.customerCode,
    customername: customer.customerName,
  };
}

// Every service the window selects, measured: one row each, those in service at no moment of the
// period left out.
async function measureRows(
  ctx: ServiceContext,
  period: ResolvedReportPeriod,
  window: Parameters<typeof listSlaServices>[2],
): Promise<SlaServiceRow[]> {
  const [services, events] = await Promise.all([
    listSlaServices(ctx.query, ctx.caller.scope, window),
    listSlaEvents(ctx.query, ctx.caller.scope, window),
  ]);
  const eventsByService = new Map<string, DowntimeEvent[]>();
  for (const event of events) {
    const kind = downtimeKindOf(event);
    if (!kind) continue;
    const list = eventsByService.get(event.serviceid);
    const downtime = { start: event.start, end: event.end, kind };
    if (list) list.push(downtime);
    else eventsByService.set(event.serviceid, [downtime]);
  }
  const now = Math.floor(Date.now() / 1000);
  const measuredRows: SlaServiceRow[] = [];
  for (const service of services) {
    const measure = measureService({
      period,
      now,
      inServiceFrom: service.inservicefrom,
      inServiceUntil: service.inserviceuntil,
      events: eventsByService.get(service.serviceid) ?? [],
    });
    // In service at no moment of the period up to now: not part of the report.
    if (measure.availability === null) continue;
    const target = slaTargetFor({ serviceid: service.serviceid, contracted: service.contracted });
    measuredRows.push({
      serviceid: service.serviceid,
      description: service.description,
      customerid: service.customerid,
      customercode: service.customercode,
      customername: service.customername,
      type: service.type,
      typename: serviceTypeOf(service.serviceid).name,
      target,
      availability: measure.availability,
      months: measure.months,
      downtime: minutesOf(measure.counted),
      scheduled: minutesOf(measure.scheduled),
      excluded: minutesOf(measure.excluded),
      measured: minutesOf(measure.measured),
      outages: measure.outages,
      met: meetsTarget(measure.availability, target),
    });
  }
  return measuredRows;
}

async function measureReport(ctx: ServiceContext, query: SlaReportExportQuery): Promise<WholeReport> {
  const zone = ctx.config.timeZone;
  const period = resolveReportPeriod(query, zone);
  // A customer's report is always of its own customer, named in its heading.
  const scope = ctx.caller.scope;
  const customer = await customerOf(
    ctx,
    query.customerid ?? (scope.kind === 'customer' ? scope.customerId : undefined),
  );
  const window = { start: period.start, end: period.end, zone, customerId: customer?.customerid ?? null };
  const measuredRows = await measureRows(ctx, period, window);
  const now = Math.floor(Date.now() / 1000);

  const months: SlaMonthSummary[] = period.months.map((month, i) => {
    const figures: number[] = [];
    let breached = 0;
    for (const row of measuredRows) {
      const figure = row.months[i];
      if (figure === null || figure === undefined) continue;
      figures.push(figure);
      if (!meetsTarget(figure, row.target)) breached += 1;
    }
    return {
      month: month.month,
      whole: month.whole && month.end <= now,
      services: figures.length,
      breached,
      availability: mean(figures),
    };
  });
  const met = measuredRows.filter((row) => row.met).length;
  const summary = {
    services: measuredRows.length,
    met,
    breached: measuredRows.length - met,
    availability: mean(measuredRows.map((row) => row.availability)),
  };

  const q = query.q?.toLowerCase();
  const rows = measuredRows.filter(
    (row) =>
      (query.breached === undefined || row.met !== query.breached) &&
      (!q ||
        row.serviceid.toLowerCase().includes(q) ||
        row.description.toLowerCase().includes(q) ||
        row.customername.toLowerCase().includes(q) ||
        row.customercode.toLowerCase().includes(q)),
  );
  const sort = parseSort(query.sort ?? slaDefaultSort, slaSortFields, 'availability');
  const direction = sort.descending ? -1 : 1;
  const byField = sortKeys[sort.field];
  // The service id ends every order, so that pages never overlap.
  rows.sort((a, b) => direction * (byField(a, b) || compareText(a.serviceid, b.serviceid)));
  return { from: period.from, to: period.to, zone, customer, summary, months, rows };
}

// For the service report: one service measured exactly as its row of this report; null when it was in
// service at no moment of the period up to now. The caller has checked the service is in scope.
export async function slaServiceRowFor(
  ctx: ServiceContext,
  serviceId: string,
  period: ResolvedReportPeriod,
): Promise<SlaServiceRow | null> {
  const window = {
    start: period.start,
    end: period.end,
    zone: ctx.config.timeZone,
    customerId: null,
    serviceId,
  };
  const [row] = await measureRows(ctx, period, window);
  return row ?? null;
}

// GET reports/sla: the summary, the months and one page of services.
export async function slaReportFor(ctx: ServiceContext, query: SlaReportQuery): Promise<SlaReport> {
  const { rows, ...report } = await measureReport(ctx, query);
  return {
    ...report,
    count: rows.length,
    limit: query.limit,
    offset: query.offset,
    results: rows.slice(query.offset, query.offset + query.limit),
  };
}

// The CSV and the PDF: every row of the table, in its order.
export async function wholeSlaReportFor(ctx: ServiceContext, query: SlaReportExportQuery) {
  return measureReport(ctx, query);
}

export function slaReportFilenameOf(report: WholeReport, extension: 'csv' | 'pdf') {
  return `${slaReportName({ ...report, customercode: report.customer?.customercode })}.${extension}`;
}

const percentCell = (value: number | null) => (value === null ? '–' : `${value.toFixed(3)}%`);
// Month columns fit beside the others for a quarter at most.
const maxPrintedMonths = 3;

// The printed report an IT manager sends its director: the customer, period and zone, the definitions,
// the summary and months, then the services. The NOC's report of every customer lists only the
// services that breached (30,000 rows would be a book); a report of one customer lists them all.
export async function slaReportPdfFor(ctx: ServiceContext, query: SlaReportExportQuery) {
  const report = await measureReport(ctx, query);
  const provider = await findProviderCustomer(ctx.db);
  const breachesOnly = report.customer === null;
  const rows = breachesOnly ? report.rows.filter((row) => !row.met) : report.rows;
  const who = report.customer
    ? `${report.customer.customername} (${report.customer.customercode})`
    : 'All customers';
  const printedMonths = report.months.length <= maxPrintedMonths ? report.months : [];
  const serviceColumns: PdfTableColumn<SlaServiceRow>[] = [
    { header: 'Service', width: 0.2, value: (r) => r.serviceid },
    ...(breachesOnly
      ? [{ header: 'Customer', width: 0.08, value: (r: SlaServiceRow) => r.customercode }]
      : []),
    { header: 'Target', width: 0.09, align: 'right', value: (r) => percentCell(r.target) },
    { header: 'Availability', width: 0.11, align: 'right', value: (r) => percentCell(r.availability) },
    ...printedMonths.map(
      (month, i): PdfTableColumn<SlaServiceRow> => ({
        header: formatReportMonth(month.month),
        width: 0.1,
        align: 'right',
        value: (r) => percentCell(r.months[i] ?? null),
      }),
    ),
    { header: 'Down (min)', width: 0.09, align: 'right', value: (r) => r.downtime.toFixed(1) },
    { header: 'Outages', width: 0.08, align: 'right', value: (r) => String(r.outages) },
    { header: 'Sched. (min)', width: 0.09, align: 'right', value: (r) => r.scheduled.toFixed(1) },
    { header: 'Met', width: 0.06, value: (r) => (r.met ? 'Yes' : 'No') },
  ];
  // Widths as fractions of what the columns ask, so the table always spans the page.
  const totalWidth = serviceColumns.reduce((sum, c) => sum + c.width, 0);
  const columns = serviceColumns.map((c) => ({ ...c, width: c.width / totalWidth }));
  const bytes = await renderPdf(
    {
      provider: provider?.customerName ?? 'Lightpath',
      title: 'SLA report',
      subtitle: `${who} · ${formatReportPeriod(report)}`,
    },
    (doc) => {
      fieldList(doc, [
        ['Customer', who],
        ['Period', `${formatReportPeriod(report)} (days in ${report.zone})`],
        ['Services measured', String(report.summary.services)],
        ['Met target', String(report.summary.met)],
        ['Breached target', String(report.summary.breached)],
        ['Mean availability', formatAvailability(report.summary.availability)],
      ]);
      sectionHeading(doc, 'How availability is measured');
      doc.fontSize(9);
      for (const line of Object.values(slaDefinitions)) doc.text(line).moveDown(0.25);
      doc.fontSize(11);
      sectionHeading(doc, 'By month');
      table(
        doc,
        [
          { header: 'Month', width: 0.3, value: (m: SlaMonthSummary) => formatReportMonth(m.month) },
          { header: 'Services', width: 0.2, align: 'right', value: (m) => String(m.services) },
          { header: 'Breached', width: 0.2, align: 'right', value: (m) => String(m.breached) },
          {
            header: 'Mean availability',
            width: 0.3,
            align: 'right',
            value: (m) => percentCell(m.availability),
          },
        ],
        report.months,
      );
      sectionHeading(doc, breachesOnly ? 'Services that breached their target' : 'Services');
      if (breachesOnly) doc.fontSize(9).text(slaPdfBreachesOnlyNote).moveDown(0.3).fontSize(11);
      if (rows.length === 0) doc.text(breachesOnly ? 'No service breached its target.' : 'No services.');
      else table(doc, columns, rows);
    },
  );
  return { filename: slaReportFilenameOf(report, 'pdf'), bytes };
}
