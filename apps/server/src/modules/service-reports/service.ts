import { csvDateTime } from '@lightpath/domain/csv';
import { eventTypeLabel, normaliseEventType } from '@lightpath/domain/events';
import {
  formatReportMonth,
  formatReportPeriod,
  type ResolvedReportPeriod,
  resolveReportPeriod,
} from '@lightpath/domain/report-period';
import {
  eventDowntimeLabels,
  type ServiceReport,
  type ServiceReportEvent,
  type ServiceReportMonth,
  type ServiceReportQuery,
  type ServiceReportTicket,
  serviceReportCsv,
  serviceReportDefinitions,
  serviceReportMessages,
  serviceReportName,
  slaClassName,
  ticketClosedAt,
  ticketOpenInPeriod,
} from '@lightpath/domain/service-reports';
import { serviceTypeOf } from '@lightpath/domain/services';
import {
  downtimeKindOf,
  formatAvailability,
  slaDefinitions,
  slaTargetFor,
} from '@lightpath/domain/sla-reports';
import { ticketStatusLabels } from '@lightpath/domain/tickets';
import { formatUsagePercent, usageDefinition, usageLabelOf } from '@lightpath/domain/usage-reports';
import { fieldList, renderPdf, sectionHeading, table } from '../../platform/pdf-document';
import type { ServiceContext } from '../../platform/service-context';
import { findProviderCustomer } from '../customers/repository';
import { getServiceFor } from '../services/service';
import { slaServiceRowFor } from '../sla-reports/service';
import { listServiceTicketsFor } from '../tickets/service';
import { serviceUsageMonthsFor } from '../usage-reports/service';
import { listServiceEventsInPeriod } from './repository';

// Issue 17: one service over a period (docs/decisions/040). Each figure is its own area's: the
// availability is the SLA report's row for the service, the utilisation the usage report's kept months,
// the tickets the ticket system's list filtered by service; this module puts them side by side.

// The service the route names, in the caller's scope: 404 otherwise, before the period is read.
export async function requireReportService(ctx: ServiceContext, serviceId: string) {
  return getServiceFor(ctx, serviceId);
}

function monthsOf(
  period: ResolvedReportPeriod,
  availability: readonly (number | null)[] | null,
  usage: readonly { month: string; atob: number | null; btoa: number | null; complete: boolean }[],
  now: number,
): ServiceReportMonth[] {
  const usageByMonth = new Map(usage.map((u) => [u.month, u]));
  return period.months.map((month, i) => {
    const figures = usageByMonth.get(month.month);
    const measured = figures && (figures.atob !== null || figures.btoa !== null);
    return {
      month: month.month,
      whole: month.whole && month.end <= now,
      availability: availability?.[i] ?? null,
      atob: figures?.atob ?? null,
      btoa: figures?.btoa ?? null,
      label: measured ? usageLabelOf(figures.atob, figures.btoa) : null,
      complete: figures ? figures.complete : null,
    };
  });
}

// GET /api/reports/service/{serviceid}: the whole report (a service's events and tickets in a period
// are tens, never a list to page).
export async function serviceReportFor(
  ctx: ServiceContext,
  serviceId: string,
  query: ServiceReportQuery,
): Promise<ServiceReport> {
  const zone = ctx.config.timeZone;
  const service = await requireReportService(ctx, serviceId);
  const period = resolveReportPeriod(query, zone);
  const [sla, usage, events, tickets] = await Promise.all([
    slaServiceRowFor(ctx, service.serviceid, period),
    serviceUsageMonthsFor(ctx, service.serviceid, period),
    listServiceEventsInPeriod(ctx.query, ctx.caller.scope, {
      serviceId: service.serviceid,
      start: period.start,
      end: period.end,
    }),
    listServiceTicketsFor(ctx, service),
  ]);
  const now = Math.floor(Date.now() / 1000);
  const reportEvents: ServiceReportEvent[] = events.map((event) => {
    const type = normaliseEventType(event.type) ?? event.type;
    return { ...event, type, downtime: downtimeKindOf({ type, slatype: event.slatype }) };
  });
  const reportTickets: ServiceReportTicket[] | null =
    tickets
      ?.filter((ticket) => ticketOpenInPeriod(ticket, period))
      .map((ticket) => ({
        ticketid: ticket.ticketid,
        subject: ticket.subject,
        status: ticket.status,
        opened: ticket.created_at,
        closed: ticketClosedAt(ticket),
      }))
      .sort((a, b) => a.opened - b.opened || a.ticketid - b.ticketid) ?? null;
  return {
    from: period.from,
    to: period.to,
    zone,
    service: {
      serviceid: service.serviceid,
      description: service.description,
      customerid: service.customerid,
      customercode: service.customercode,
      customername: service.customername,
      typename: serviceTypeOf(service.serviceid).name,
      status: service.status,
      speed: service.speed,
      aendsite: `${service.aendsitename} (${service.aendsitenumber})`,
      bendsite: service.bendsitename ? `${service.bendsitename} (${service.bendsitenumber})` : null,
      provisiondate: service.provisiondate,
      target: slaTargetFor({ serviceid: service.serviceid, contracted: service.slatarget }),
      contracted: service.slatarget !== null,
    },
    availability: sla && {
      availability: sla.availability,
      met: sla.met,
      downtime: sla.downtime,
      scheduled: sla.scheduled,
      excluded: sla.excluded,
      measured: sla.measured,
      outages: sla.outages,
    },
    months: monthsOf(period, sla?.months ?? null, usage, now),
    events: reportEvents,
    tickets: reportTickets,
  };
}

export const serviceReportFilename = (report: ServiceReport, extension: 'csv' | 'pdf') =>
  `${serviceReportName({ serviceid: report.service.serviceid, from: report.from, to: report.to })}.${extension}`;

export async function serviceReportCsvFor(ctx: ServiceContext, serviceId: string, query: ServiceReportQuery) {
  const report = await serviceReportFor(ctx, serviceId, query);
  return { filename: serviceReportFilename(report, 'csv'), body: serviceReportCsv(report) };
}

const percentCell = (value: number | null) => (value === null ? '–' : `${value.toFixed(3)}%`);

// The document an IT manager sends on: the service, the period and its zone, availability against the
// target (met or breached), the definitions, then the months, the events and the tickets.
export async function serviceReportPdfFor(ctx: ServiceContext, serviceId: string, query: ServiceReportQuery) {
  const [report, provider] = await Promise.all([
    serviceReportFor(ctx, serviceId, query),
    findProviderCustomer(ctx.db),
  ]);
  const { service, availability: a, zone } = report;
  const when = (seconds: number | null) => csvDateTime(seconds, zone) ?? 'Open';
  const bytes = await renderPdf(
    {
      provider: provider?.customerName ?? 'Lightpath',
      title: 'Service report',
      subtitle: `${service.serviceid} · ${service.customername} · ${formatReportPeriod(report)}`,
    },
    (doc) => {
      fieldList(doc, [
        ['Service', `${service.serviceid} · ${service.description}`],
        ['Customer', `${service.customername} (${service.customercode})`],
        ['Type', service.typename],
        ['Line rate', service.speed ?? 'Not set'],
        ['Sites', service.bendsite ? `${service.aendsite} to ${service.bendsite}` : service.aendsite],
        ['Period', `${formatReportPeriod(report)} (days in ${zone})`],
        ['SLA target', `${service.target.toFixed(3)}% (${service.contracted ? 'contracted' : 'standard'})`],
        [
          'Availability',
          a
            ? `${formatAvailability(a.availability)}: target ${a.met ? 'met' : 'breached'}`
            : serviceReportMessages.notInService,
        ],
        ...(a
          ? ([
              ['Counted downtime', `${a.downtime.toFixed(1)} min in ${a.outages} outage(s)`],
              ['Scheduled, excluded', `${a.scheduled.toFixed(1)} min, ${a.excluded.toFixed(1)} min`],
            ] as const)
          : []),
      ]);
      sectionHeading(doc, 'By month');
      table(
        doc,
        [
          {
            header: 'Month',
            width: 0.22,
            value: (m: ServiceReportMonth) => `${formatReportMonth(m.month)}${m.whole ? '' : ' *'}`,
          },
          { header: 'Availability', width: 0.18, align: 'right', value: (m) => percentCell(m.availability) },
          { header: '95th A to B', width: 0.16, align: 'right', value: (m) => formatUsagePercent(m.atob) },
          { header: '95th B to A', width: 0.16, align: 'right', value: (m) => formatUsagePercent(m.btoa) },
          { header: 'Utilisation', width: 0.28, value: (m) => m.label ?? 'No figure' },
        ],
        report.months,
      );
      if (report.months.some((m) => !m.whole))
        doc.fontSize(8).text('* part of the month: the period starts or ends in it, or it is in progress.');
      doc.fontSize(11);
      sectionHeading(doc, 'Events');
      if (report.events.length === 0) doc.text('No events on the service in this period.');
      else
        table(
          doc,
          [
            { header: 'Event', width: 0.07, value: (e: ServiceReportEvent) => String(e.number) },
            { header: 'Title', width: 0.27, value: (e) => e.title },
            { header: 'Type', width: 0.14, value: (e) => eventTypeLabel(e.type) },
            {
              header: 'SLA class',
              width: 0.18,
              value: (e) =>
                `${slaClassName(e.slatype)}: ${eventDowntimeLabels[e.downtime ?? 'none'].toLowerCase()}`,
            },
            { header: `Start (${zone})`, width: 0.17, value: (e) => when(e.start) },
            { header: 'End', width: 0.17, value: (e) => when(e.end) },
          ],
          report.events,
        );
      doc.fontSize(11);
      sectionHeading(doc, 'Tickets');
      if (report.tickets === null) doc.text(serviceReportMessages.ticketsHidden);
      else if (report.tickets.length === 0) doc.text('No tickets named the service in this period.');
      else
        table(
          doc,
          [
            { header: 'Ticket', width: 0.1, value: (t: ServiceReportTicket) => String(t.ticketid) },
            { header: 'Subject', width: 0.38, value: (t) => t.subject },
            { header: 'Status', width: 0.12, value: (t) => ticketStatusLabels[t.status] },
            { header: `Opened (${zone})`, width: 0.2, value: (t) => when(t.opened) },
            { header: 'Closed', width: 0.2, value: (t) => (t.closed === null ? '–' : when(t.closed)) },
          ],
          report.tickets,
        );
      sectionHeading(doc, 'How the figures are made');
      doc.fontSize(9);
      for (const line of [
        ...Object.values(slaDefinitions),
        usageDefinition,
        ...Object.values(serviceReportDefinitions),
      ])
        doc.text(line).moveDown(0.25);
    },
  );
  return { filename: serviceReportFilename(report, 'pdf'), bytes };
}
