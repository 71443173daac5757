import { z } from 'zod';
import { type CsvColumn, csvByteOrderMark, csvDateTime, csvLine, csvTimeHeader, csvYesNo } from './csv';
import { eventTypeLabel, slaClassifications } from './events';
import { reportPeriodQuerySchema } from './report-period';
import { serviceParamsSchema } from './services';
import type { DowntimeKind } from './sla-reports';
import { ticketStatuses, ticketStatusLabels } from './tickets';

// The service report (issue 17, /documentation/service-report): one service over a period, for the IT
// manager who is asked about it: what it is, its availability against its target (the SLA report's
// measure, docs/decisions/038), the events and tickets on it, and its monthly 95th percentile (the usage
// report's, docs/decisions/039). docs/decisions/040.

export const serviceReportMessages = {
  loadFailed: 'An error occurred retrieving the service report',
  notInService: 'The service was not in service at any moment of this period',
  ticketsHidden: 'Tickets are not shown to this account',
} as const;

// GET /api/reports/service/{serviceid}: the path names the service, the query is the shared period.
export const serviceReportParamsSchema = serviceParamsSchema;
export const serviceReportQuerySchema = reportPeriodQuerySchema;
export type ServiceReportQuery = z.output<typeof serviceReportQuerySchema>;

// A ticket is in the period when it was open at some moment of it: raised before the period ended and
// not solved before it began. Neither store keeps the moment a ticket was solved, so a solved ticket's
// last update stands for it: at or after its solving, later only when it was commented on since.
export function ticketClosedAt(ticket: { status: string; updated_at: number }): number | null {
  return ticket.status === 'solved' ? ticket.updated_at : null;
}
export function ticketOpenInPeriod(
  ticket: { status: string; created_at: number; updated_at: number },
  period: { start: number; end: number },
): boolean {
  const closed = ticketClosedAt(ticket);
  return ticket.created_at < period.end && (closed === null || closed >= period.start);
}

export const serviceReportServiceSchema = z.object({
  serviceid: z.string(),
  description: z.string(),
  customerid: z.number(),
  customercode: z.string(),
  customername: z.string(),
  // The type's name (Managed 1G) and the spec's status (0 disabled, 1 enabled, 2 in planning).
  typename: z.string(),
  status: z.number(),
  // The line rate as the service record writes it ('1G'); null when not set.
  speed: z.string().nullable(),
  aendsite: z.string(),
  bendsite: z.string().nullable(),
  provisiondate: z.string().nullable(),
  // Percent; contracted is true when the NOC set it for this service, false for its type's standard.
  target: z.number(),
  contracted: z.boolean(),
});
export type ServiceReportService = z.output<typeof serviceReportServiceSchema>;

export const serviceReportAvailabilitySchema = z.object({
  // Percent to 3 decimals over the time in service in the period, and whether it met the target.
  availability: z.number(),
  met: z.boolean(),
  // Minutes to one decimal.
  downtime: z.number(),
  scheduled: z.number(),
  excluded: z.number(),
  measured: z.number(),
  outages: z.number(),
});

export const serviceReportEventSchema = z.object({
  eventid: z.number(),
  number: z.number(),
  title: z.string(),
  type: z.number(),
  slatype: z.number(),
  // Unix seconds; end null while an outage is open.
  start: z.number(),
  end: z.number().nullable(),
  // How the SLA report counts it (downtimeKindOf): null for a hazard window, which is no downtime.
  downtime: z.enum(['counted', 'scheduled', 'excluded']).nullable(),
});
export type ServiceReportEvent = z.output<typeof serviceReportEventSchema>;

export const serviceReportTicketSchema = z.object({
  ticketid: z.number(),
  subject: z.string(),
  status: z.enum(ticketStatuses),
  // Unix seconds; closed is null while the ticket is not solved (ticketClosedAt).
  opened: z.number(),
  closed: z.number().nullable(),
});
export type ServiceReportTicket = z.output<typeof serviceReportTicketSchema>;

// One month of the period: its availability (null when not in service that month) and its 95th
// percentile each way with its label (null when the month has no figure).
export const serviceReportMonthSchema = z.object({
  month: z.string(),
  // False when the period starts or ends inside the month, or it is in progress.
  whole: z.boolean(),
  availability: z.number().nullable(),
  atob: z.number().nullable(),
  btoa: z.number().nullable(),
  label: z.enum(['At Capacity', 'Nearing Capacity', 'Available']).nullable(),
  // False while the month's 95th percentile is to date.
  complete: z.boolean().nullable(),
});
export type ServiceReportMonth = z.output<typeof serviceReportMonthSchema>;

export const serviceReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  // The portal's zone the days and months are read in (a report is a shared document).
  zone: z.string(),
  service: serviceReportServiceSchema,
  // Null when the service was in service at no moment of the period (up to now).
  availability: serviceReportAvailabilitySchema.nullable(),
  months: z.array(serviceReportMonthSchema),
  events: z.array(serviceReportEventSchema),
  // Null when the caller may not read tickets (a view-as account without them).
  tickets: z.array(serviceReportTicketSchema).nullable(),
});
export type ServiceReport = z.output<typeof serviceReportSchema>;

// The definitions the page and PDF print, one line each.
export const serviceReportDefinitions = {
  events:
    'Events are the outages, scheduled works and hazard windows on the service that overlap the period.',
  tickets:
    'Tickets are those naming the service that were open at some moment of the period; a solved ticket closed at its last update.',
} as const;

export const eventDowntimeLabels: Record<DowntimeKind | 'none', string> = {
  counted: 'Counts against availability',
  scheduled: 'Scheduled, not counted',
  excluded: 'Excluded, not counted',
  none: 'No downtime',
};
export const slaClassName = (slatype: number) =>
  slaClassifications[slatype as keyof typeof slaClassifications] ?? 'Unknown';

// 'Service report UNG0012004701B 2026-07-01 to 2026-09-30': the files' name without the extension.
export function serviceReportName(report: { serviceid: string; from: string; to: string }): string {
  return `Service report ${report.serviceid} ${report.from} to ${report.to}`;
}

// The CSV is the report's sections one after another (docs/decisions/040): each a title line, its
// header row and its rows, a blank line between. Times in the portal's zone, named in the headers.
export function serviceReportCsv(report: ServiceReport): string {
  const zone = report.zone;
  const s = report.service;
  const a = report.availability;
  const section = <Row>(title: string, rows: readonly Row[], columns: readonly CsvColumn<Row>[]) => [
    csvLine([title]),
    csvLine(columns.map((c) => c.header)),
    ...rows.map((row) => csvLine(columns.map((c) => c.value(row)))),
  ];
  type Field = readonly [string, string | number | null];
  const fields: Field[] = [
    ['Service', s.serviceid],
    ['Description', s.description],
    ['Customer code', s.customercode],
    ['Customer', s.customername],
    ['Type', s.typename],
    ['Line rate', s.speed],
    ['A end', s.aendsite],
    ['B end', s.bendsite],
    ['Period', `${report.from} to ${report.to} (${zone})`],
    ['SLA target (%)', s.target.toFixed(3)],
    ['Target', s.contracted ? 'Contracted' : 'Standard for the type'],
    ['Availability (%)', a ? a.availability.toFixed(3) : serviceReportMessages.notInService],
    ['Met target', a ? csvYesNo(a.met) : null],
    ['Counted downtime (min)', a ? a.downtime.toFixed(1) : null],
    ['Outages', a ? a.outages : null],
    ['Scheduled downtime (min)', a ? a.scheduled.toFixed(1) : null],
    ['Excluded downtime (min)', a ? a.excluded.toFixed(1) : null],
    ['In service (min)', a ? a.measured.toFixed(1) : null],
  ];
  const lines = [
    ...section('Service', fields, [
      { header: 'Field', value: (f) => f[0] },
      { header: 'Value', value: (f) => f[1] },
    ]),
    '',
    ...section('Months', report.months, [
      { header: `Month (${zone})`, value: (m) => m.month },
      { header: 'Whole month', value: (m) => csvYesNo(m.whole) },
      { header: 'Availability (%)', value: (m) => m.availability?.toFixed(3) },
      { header: '95th A to B (%)', value: (m) => m.atob },
      { header: '95th B to A (%)', value: (m) => m.btoa },
      { header: 'Label', value: (m) => m.label },
    ]),
    '',
    ...section('Events', report.events, [
      { header: 'Event', value: (e) => e.number },
      { header: 'Title', value: (e) => e.title },
      { header: 'Type', value: (e) => eventTypeLabel(e.type) },
      { header: 'SLA class', value: (e) => slaClassName(e.slatype) },
      { header: 'Downtime', value: (e) => eventDowntimeLabels[e.downtime ?? 'none'] },
      { header: csvTimeHeader('Start', zone), value: (e) => csvDateTime(e.start, zone) },
      { header: csvTimeHeader('End', zone), value: (e) => csvDateTime(e.end, zone) },
    ]),
    '',
    ...(report.tickets === null
      ? [csvLine(['Tickets']), csvLine([serviceReportMessages.ticketsHidden])]
      : section('Tickets', report.tickets, [
          { header: 'Ticket', value: (t) => t.ticketid },
          { header: 'Subject', value: (t) => t.subject },
          { header: 'Status', value: (t) => ticketStatusLabels[t.status] },
          { header: csvTimeHeader('Opened', zone), value: (t) => csvDateTime(t.opened, zone) },
          { header: csvTimeHeader('Closed', zone), value: (t) => csvDateTime(t.closed, zone) },
        ])),
  ];
  return `${csvByteOrderMark}${lines.join('\r\n')}\r\n`;
}
