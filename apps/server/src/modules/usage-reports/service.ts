import { parseSort } from '@lightpath/domain/api';
import { customerMessages } from '@lightpath/domain/customers';
import {
  formatReportMonth,
  formatReportPeriod,
  type ResolvedReportPeriod,
  resolveReportPeriod,
} from '@lightpath/domain/report-period';
import {
  formatUsagePercent,
  type UsageReport,
  type UsageReportFilter,
  type UsageReportQuery,
  type UsageReportRow,
  usageDefinition,
  usageLabelFilters,
  usageLabelOf,
  usageReportCsvColumns,
  usageReportDefaultSort,
  usageReportFilename,
  usageReportSortFields,
} from '@lightpath/domain/usage-reports';
import { NotFound } from '../../platform/errors';
import { fieldList, renderPdf, sectionHeading, table } from '../../platform/pdf-document';
import type { ServiceContext } from '../../platform/service-context';
import { findCustomer, findProviderCustomer } from '../customers/repository';
import {
  countUsageReportMonths,
  listServiceUsageMonths,
  listUsageReportRows,
  type UsageReportWhere,
} from './repository';

// The usage report (docs/decisions/039): a shared document, so its months are the portal's, whoever
// reads it (docs/decisions/016).
async function whereOf(ctx: ServiceContext, input: UsageReportFilter) {
  // An unknown customer, or another customer's for a customer's user, is 404 alike.
  if (input.customer !== undefined && !(await findCustomer(ctx.db, ctx.caller.scope, input.customer)))
    throw new NotFound(customerMessages.notFound);
  const period = resolveReportPeriod(input, ctx.config.timeZone);
  const where: UsageReportWhere = {
    months: period.months.map((m) => `${m.month}-01`),
    customer: input.customer,
    label: input.label,
    q: input.q,
  };
  return { period, where };
}

const sortOf = (input: UsageReportFilter) =>
  parseSort(input.sort ?? usageReportDefaultSort, usageReportSortFields, 'highest');

// The report's services a page at a time: the page's table, and the CSV's reader.
export async function listUsageReportRowsFor(
  ctx: ServiceContext,
  input: UsageReportFilter & { limit: number; offset: number },
) {
  const { where } = await whereOf(ctx, input);
  const page = await listUsageReportRows(ctx.query, ctx.caller.scope, {
    ...where,
    sort: sortOf(input),
    limit: input.limit,
    offset: input.offset,
  });
  const results: UsageReportRow[] = page.results.map((row) => ({
    ...row,
    label: usageLabelOf(row.atob, row.btoa),
  }));
  return { count: page.count, results, limit: input.limit, offset: input.offset };
}

async function monthsOf(ctx: ServiceContext, input: UsageReportFilter) {
  const { period, where } = await whereOf(ctx, input);
  const counts = new Map(
    (await countUsageReportMonths(ctx.query, ctx.caller.scope, where)).map((c) => [c.month, c]),
  );
  const months = period.months.map((m) => {
    const found = counts.get(m.month);
    return {
      month: m.month,
      label: formatReportMonth(m.month),
      whole: m.whole,
      inprogress: found?.inprogress ?? false,
      atcapacity: found?.atcapacity ?? 0,
      nearingcapacity: found?.nearingcapacity ?? 0,
      available: found?.available ?? 0,
      unmeasured: found?.unmeasured ?? 0,
    };
  });
  return { period, months };
}

// For the service report: one service's kept figures for each month of the period that has one, oldest
// first, in percent of the line rate. The caller has checked the service is in scope.
export function serviceUsageMonthsFor(ctx: ServiceContext, serviceId: string, period: ResolvedReportPeriod) {
  return listServiceUsageMonths(
    ctx.query,
    ctx.caller.scope,
    serviceId,
    period.months.map((m) => `${m.month}-01`),
  );
}

// GET /api/reports/usage: the months' counts for the chart and a page of services.
export async function usageReportFor(ctx: ServiceContext, input: UsageReportQuery): Promise<UsageReport> {
  const [{ period, months }, page] = await Promise.all([
    monthsOf(ctx, input),
    listUsageReportRowsFor(ctx, input),
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
    months,
  };
}

// The CSV's columns name every month of the period.
export async function usageReportCsvFor(ctx: ServiceContext, input: UsageReportFilter) {
  const { period } = await whereOf(ctx, input);
  return {
    filename: usageReportFilename(period, 'csv'),
    columns: usageReportCsvColumns(
      period.months.map((m) => m.month),
      ctx.config.timeZone,
    ),
  };
}

// The PDF's table lists at most this many services: the hottest first, the rest in the CSV.
export const usagePdfMaxRows = 500;

// GET /api/reports/usage/pdf: the months' counts, then the services in the report's order.
export async function usageReportPdfFor(ctx: ServiceContext, input: UsageReportFilter) {
  const [{ period, months }, rows, provider] = await Promise.all([
    monthsOf(ctx, input),
    listUsageReportRowsFor(ctx, { ...input, limit: usagePdfMaxRows, offset: 0 }),
    findProviderCustomer(ctx.db),
  ]);
  const customer =
    input.customer !== undefined
      ? await findCustomer(ctx.db, ctx.caller.scope, input.customer)
      : ctx.caller.scope.kind === 'customer'
        ? await findCustomer(ctx.db, ctx.caller.scope, ctx.caller.scope.customerId)
        : null;
  const bytes = await renderPdf(
    {
      provider: provider?.customerName ?? 'Lightpath',
      title: 'Usage report',
      subtitle: `${formatReportPeriod(period)} · ${customer ? customer.customerName : 'All customers'}`,
      landscape: true,
    },
    (doc) => {
      doc.fontSize(9).text(usageDefinition);
      doc.moveDown(0.5);
      fieldList(doc, [
        ['Months', `in ${ctx.config.timeZone}`],
        ['Services', String(rows.count)],
        ...(input.label ? [['Label', usageLabelFilters[input.label]] as const] : []),
        ...(input.q ? [['Search', input.q] as const] : []),
      ]);
      sectionHeading(doc, 'Services by label, per month');
      table(
        doc,
        [
          {
            header: 'Month',
            width: 0.24,
            value: (m: (typeof months)[number]) =>
              `${m.label}${m.inprogress ? ' (to date)' : ''}${m.whole ? '' : ' (partly in the period)'}`,
          },
          { header: 'At Capacity', width: 0.19, align: 'right', value: (m) => String(m.atcapacity) },
          {
            header: 'Nearing Capacity',
            width: 0.19,
            align: 'right',
            value: (m) => String(m.nearingcapacity),
          },
          { header: 'Available', width: 0.19, align: 'right', value: (m) => String(m.available) },
          { header: 'Not measured', width: 0.19, align: 'right', value: (m) => String(m.unmeasured) },
        ],
        months,
      );
      sectionHeading(
        doc,
        rows.count > rows.results.length
          ? `Services: the first ${rows.results.length} of ${rows.count} (all in the CSV)`
          : 'Services',
      );
      table(
        doc,
        [
          { header: 'Service', width: 0.16, value: (r: UsageReportRow) => r.serviceid },
          { header: 'Description', width: 0.3, value: (r) => r.description },
          { header: 'Customer', width: 0.1, value: (r) => r.customercode },
          { header: 'Speed', width: 0.08, value: (r) => r.speed ?? '—' },
          { header: '95th A to B', width: 0.1, align: 'right', value: (r) => formatUsagePercent(r.atob) },
          { header: '95th B to A', width: 0.1, align: 'right', value: (r) => formatUsagePercent(r.btoa) },
          { header: 'Label', width: 0.16, value: (r) => r.label },
        ],
        rows.results,
      );
    },
  );
  return { filename: usageReportFilename(period, 'pdf'), bytes };
}
