import { inScope } from '@lightpath/domain/actor';
import { parseSort } from '@lightpath/domain/api';
import {
  type ChangeReport,
  type ChangeReportFilter,
  type ChangeReportQuery,
  type ChangeReportRow,
  changeDurationLabel,
  changePriorityLabel,
  changeReportBuckets,
  changeReportDefaultSort,
  changeReportFilename,
  changeReportSortFields,
  changeReportTopCustomers,
  changeTypeLabels,
  countByPriority,
  countIntoBuckets,
} from '@lightpath/domain/change-reports';
import { customerMessages } from '@lightpath/domain/customers';
import { formatReportPeriod, resolveReportPeriod } from '@lightpath/domain/report-period';
import { NotFound } from '../../platform/errors';
import { fieldList, renderPdf, sectionHeading, table } from '../../platform/pdf-document';
import type { ServiceContext } from '../../platform/service-context';
import { findCustomer, findProviderCustomer } from '../customers/repository';
import { type ChangeReportWhere, countChangeReport, listChangeReportRows } from './repository';

// A report is a shared document: its days, weeks and months are the portal's (docs/decisions/016), so
// the same link gives the same report to a reader in any zone.
function whereOf(ctx: ServiceContext, input: ChangeReportFilter) {
  const scope = ctx.caller.scope;
  // A customer may name only itself: another customer's id would otherwise tell, by which of its own
  // events remain, which of them also touch that customer.
  if (input.customer !== undefined && !inScope(scope, input.customer))
    throw new NotFound(customerMessages.notFound);
  const period = resolveReportPeriod(input, ctx.config.timeZone);
  const where: ChangeReportWhere = {
    start: period.start,
    end: period.end,
    customer: input.customer,
    type: input.type,
    priority: input.priority,
    approver: input.approver,
    q: input.q,
  };
  return { period, where };
}

const sortOf = (input: ChangeReportFilter) =>
  parseSort(input.sort ?? changeReportDefaultSort, changeReportSortFields, changeReportDefaultSort);

// The report's rows a page at a time: the page's table, and the CSV export's reader (sendListExport).
export async function listChangeReportRowsFor(
  ctx: ServiceContext,
  input: ChangeReportFilter & { limit: number; offset: number },
) {
  const { where } = whereOf(ctx, input);
  const page = await listChangeReportRows(ctx.query, ctx.caller.scope, {
    ...where,
    sort: sortOf(input),
    limit: input.limit,
    offset: input.offset,
  });
  return { ...page, limit: input.limit, offset: input.offset };
}

async function summaryOf(ctx: ServiceContext, input: ChangeReportFilter) {
  const { period, where } = whereOf(ctx, input);
  const { unit, buckets } = changeReportBuckets(period, ctx.config.timeZone);
  const counts = await countChangeReport(
    ctx.query,
    ctx.caller.scope,
    where,
    buckets.map((b) => b.start),
    changeReportTopCustomers,
  );
  return {
    period,
    summary: {
      total: counts.total,
      scheduledworks: counts.scheduledworks,
      hazards: counts.hazards,
      bypriority: countByPriority(counts.bypriority),
      byapprover: counts.byapprover,
      bycustomer: counts.bycustomer,
      customercount: counts.customercount,
      othercustomers: counts.customercount - counts.bycustomer.length,
      unit,
      buckets: countIntoBuckets(buckets, counts.bybucket),
    },
  };
}

// GET /api/reports/changes: the summary over every event the filters select, and one page of them.
export async function changeReportFor(ctx: ServiceContext, input: ChangeReportQuery): Promise<ChangeReport> {
  const [{ period, summary }, page] = await Promise.all([
    summaryOf(ctx, input),
    listChangeReportRowsFor(ctx, input),
  ]);
  return {
    ...page,
    period: {
      from: period.from,
      to: period.to,
      start: period.start,
      end: period.end,
      zone: ctx.config.timeZone,
    },
    summary,
  };
}

// 'Tue 3 Nov 2026 23:00' in the portal's zone: the weekday is what a change board plans around. An
// end on the start's day is its time alone ('03:30'), one on another day leaves out the year: the
// narrower cell leaves the title a line of its own, and more events fit a sheet.
function momentFormats(zone: string) {
  const format = (options: Intl.DateTimeFormatOptions) => {
    const f = new Intl.DateTimeFormat('en-AU', { timeZone: zone, hourCycle: 'h23', ...options });
    return (seconds: number) => f.format(new Date(seconds * 1000)).replaceAll(',', '');
  };
  const clock = { hour: '2-digit', minute: '2-digit' } as const;
  const full = format({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', ...clock });
  const dayAndTime = format({ weekday: 'short', day: 'numeric', month: 'short', ...clock });
  const time = format(clock);
  const day = format({ year: 'numeric', month: '2-digit', day: '2-digit' });
  return {
    start: (seconds: number) => full(seconds),
    end: (start: number, end: number | null) =>
      end === null ? '' : day(end) === day(start) ? time(end) : dayAndTime(end),
  };
}

async function allRowsOf(ctx: ServiceContext, input: ChangeReportFilter) {
  const rows: ChangeReportRow[] = [];
  const pageSize = ctx.config.exportPageSize;
  for (let offset = 0; ; offset += pageSize) {
    const { results } = await listChangeReportRowsFor(ctx, { ...input, limit: pageSize, offset });
    rows.push(...results);
    if (results.length < pageSize) return rows;
  }
}

const joinCounts = (items: readonly { label: string; count: number }[]) =>
  items.map((i) => `${i.label} ${i.count}`).join(' · ') || 'None';

// GET /api/reports/changes/pdf: the board's paper. Landscape, the counts in a few lines at the top and
// the events in a small type below, so a month's works take as few sheets as they can.
export async function changeReportPdfFor(ctx: ServiceContext, input: ChangeReportFilter) {
  const zone = ctx.config.timeZone;
  const [{ period, summary }, rows, provider, customer] = await Promise.all([
    summaryOf(ctx, input),
    allRowsOf(ctx, input),
    findProviderCustomer(ctx.db),
    input.customer !== undefined ? findCustomer(ctx.db, ctx.caller.scope, input.customer) : null,
  ]);
  const own =
    ctx.caller.scope.kind === 'customer'
      ? await findCustomer(ctx.db, ctx.caller.scope, ctx.caller.scope.customerId)
      : null;
  const moment = momentFormats(zone);
  const filters = [
    input.type ? changeTypeLabels[input.type] : null,
    input.priority ? `Priority ${changePriorityLabel(input.priority)}` : null,
    input.approver ? `Approver ${input.approver}` : null,
    input.customer !== undefined ? `Customer ${customer ? customer.customerCode : input.customer}` : null,
    input.q ? `Title or number containing "${input.q}"` : null,
  ].filter((f): f is string => f !== null);
  const bytes = await renderPdf(
    {
      provider: provider?.customerName ?? 'Lightpath',
      title: 'Change management report',
      subtitle: `Scheduled works and hazards starting ${formatReportPeriod(period)} · times in ${zone}`,
      landscape: true,
    },
    (doc) => {
      fieldList(doc, [
        ...(own ? [['Customer', `${own.customerName} (${own.customerCode})`] as const] : []),
        ['Events', `${summary.total}: ${summary.scheduledworks} scheduled works, ${summary.hazards} hazards`],
        ...(filters.length > 0 ? [['Filters', filters.join(' · ')] as const] : []),
        ['By priority', joinCounts(summary.bypriority)],
        ['By approver', joinCounts(summary.byapprover.map((a) => ({ label: a.approver, count: a.count })))],
        [
          'By customer',
          joinCounts(summary.bycustomer.map((c) => ({ label: c.customercode, count: c.count }))) +
            (summary.othercustomers > 0 ? ` · ${summary.othercustomers} more customers` : ''),
        ],
        [
          summary.unit === 'week' ? 'By week' : 'By month',
          joinCounts(summary.buckets.map((b) => ({ label: b.label, count: b.scheduledworks + b.hazards }))),
        ],
      ]);
      sectionHeading(doc, rows.length > 0 ? 'Events' : 'No events in this period');
      if (rows.length === 0) return;
      table(
        doc,
        [
          { header: 'Number', width: 0.05, value: (r: ChangeReportRow) => String(r.number) },
          { header: 'Title', width: 0.21, value: (r) => r.title },
          { header: 'Type', width: 0.13, value: (r) => changeTypeLabels[r.type] },
          { header: 'Start', width: 0.12, value: (r) => moment.start(r.starttime) },
          { header: 'End', width: 0.09, value: (r) => moment.end(r.starttime, r.endtime) },
          { header: 'Duration', width: 0.065, value: (r) => changeDurationLabel(r.duration) },
          { header: 'Priority', width: 0.06, value: (r) => changePriorityLabel(r.priority) },
          { header: 'Initiator', width: 0.075, value: (r) => r.initiator },
          { header: 'Approver', width: 0.065, value: (r) => r.approver },
          { header: 'Customers', width: 0.09, value: (r) => r.customers.join(' ') },
          { header: 'Services', width: 0.045, align: 'right', value: (r) => String(r.servicecount) },
        ],
        rows,
        { fontSize: 7.5 },
      );
    },
  );
  return { filename: changeReportFilename(period, 'pdf'), bytes };
}
