import type { Scope } from '@lightpath/domain/actor';
import { usageThresholds } from '@lightpath/domain/services';
import type {
  UsageLabelFilter,
  UsageMonth,
  UsageMonthFigure,
  UsageReportRow,
  UsageReportSortField,
} from '@lightpath/domain/usage-reports';
import type { RawQuery } from '../../db/client';
import { Params, pageOf, statementName } from '../../db/statements';
import { containsPattern } from '../../platform/scope';
import type { TelemetryService } from '../telemetry/repository';

// The usage report's monthly figures (service_usage_months): written only by the measuring job,
// read by the report. Hand-written SQL, as the other lists.

// The services a month expects a figure for: in service today (not disabled, not in planning) and
// provisioned before the month ended. `s` is services, `month` a date expression (its first day).
export function expectedInMonth(s: string, month: string): string {
  return `${s}.status not in (0, 2)
    and (${s}.provision_date is null or ${s}.provision_date < (${month} + interval '1 month')::date)`;
}

export type DueMeasurement = TelemetryService & { month: string };

// The (service, month) pairs the job owes a figure, newest month first: none kept yet; or kept while
// the month was in progress, and the month has since ended, or the figure ends before `staleBefore`
// (times on the telemetry source's clock, as the figures are).
export async function listDueMeasurements(
  query: RawQuery,
  months: readonly UsageMonth[],
  now: number,
  staleBefore: number,
  limit: number,
): Promise<DueMeasurement[]> {
  return query<DueMeasurement>(
    'usage_due',
    `with m as (
      select x.month::date as month, to_timestamp(x.month_end) as month_end
      from jsonb_to_recordset($1::jsonb) as x(month text, month_end float8)
    )
    select s.service_id as serviceid, s.type_letter as type, s.status, s.speed,
      s.a_end_port_id as aendportid, s.b_end_port_id as bendportid, s.b_end_site_id as bendsiteid,
      to_char(m.month, 'YYYY-MM-DD') as month
    from m
    join services s on ${expectedInMonth('s', 'm.month')}
    left join service_usage_months u on u.service_id = s.service_id and u.month = m.month
    where u.service_id is null
      or (not u.complete and (m.month_end <= to_timestamp($2) or u.measured_until < to_timestamp($3)))
    order by m.month desc, u.measured_until nulls first, s.service_id
    limit $4`,
    [JSON.stringify(months.map((m) => ({ month: m.month, month_end: m.end }))), now, staleBefore, limit],
  );
}

export type UsageMeasurement = {
  serviceid: string;
  month: string;
  linerate: number | null;
  samples: number;
  p95atob: number | null;
  p95btoa: number | null;
  peakatob: number | null;
  peakbtoa: number | null;
  meanatob: number | null;
  meanbtoa: number | null;
  complete: boolean;
  // Unix seconds.
  measureduntil: number;
};

// One statement for a round's figures. Safe when two instances measure the same month at once: the
// same pair is written once whoever comes first (an upsert on the key), a month kept as complete is
// never written again, and a figure never replaces one that covers more of its month. A service
// deleted meanwhile is skipped.
export async function keepMeasurements(query: RawQuery, rows: readonly UsageMeasurement[]) {
  if (rows.length === 0) return 0;
  const kept = await query<{ service_id: string }>(
    'usage_keep',
    `insert into service_usage_months as u (service_id, month, line_rate_bps, samples, p95_atob, p95_btoa,
        peak_atob, peak_btoa, mean_atob, mean_btoa, complete, measured_until, computed_at)
      select r.serviceid, r.month::date, r.linerate, r.samples, r.p95atob, r.p95btoa, r.peakatob, r.peakbtoa,
        r.meanatob, r.meanbtoa, r.complete, to_timestamp(r.measureduntil), now()
      from jsonb_to_recordset($1::jsonb) as r(serviceid text, month text, linerate bigint, samples int,
        p95atob real, p95btoa real, peakatob real, peakbtoa real, meanatob real, meanbtoa real,
        complete boolean, measureduntil float8)
      where exists (select 1 from services s where s.service_id = r.serviceid)
    on conflict (service_id, month) do update set
      line_rate_bps = excluded.line_rate_bps, samples = excluded.samples,
      p95_atob = excluded.p95_atob, p95_btoa = excluded.p95_btoa,
      peak_atob = excluded.peak_atob, peak_btoa = excluded.peak_btoa,
      mean_atob = excluded.mean_atob, mean_btoa = excluded.mean_btoa,
      complete = excluded.complete, measured_until = excluded.measured_until, computed_at = excluded.computed_at
      where not u.complete and u.measured_until <= excluded.measured_until
    returning u.service_id`,
    [JSON.stringify(rows)],
  );
  return kept.length;
}

// --- The report ---

export type UsageReportWhere = {
  // The period's months, first days ('YYYY-MM-01'), oldest first.
  months: string[];
  customer?: number | undefined;
  label?: UsageLabelFilter | undefined;
  q?: string | undefined;
};
type Sorted = { sort: { field: UsageReportSortField; descending: boolean }; limit: number; offset: number };

export type UsageReportRowRead = Omit<UsageReportRow, 'label'>;

const sorts: Record<UsageReportSortField, string[]> = {
  highest: ['h.worst'],
  atob: ['h.atob'],
  btoa: ['h.btoa'],
  serviceid: [],
  customername: ['c.customer_name'],
};

// Which services: the caller's scope, the customer filter and the search, on services `s`.
function serviceWhere(scope: Scope, where: UsageReportWhere, params: Params): string {
  const parts: string[] = [];
  if (scope.kind === 'customer') parts.push(`s.customer_id = ${params.add(scope.customerId)}`);
  if (where.customer !== undefined) parts.push(`s.customer_id = ${params.add(where.customer)}`);
  if (where.q) {
    const pattern = params.add(containsPattern(where.q));
    parts.push(`(s.service_id ilike ${pattern} or s.description ilike ${pattern}
      or exists (select 1 from customers qc where qc.customer_id = s.customer_id
        and (qc.customer_name ilike ${pattern} or qc.customer_code ilike ${pattern})))`);
  }
  return parts.length > 0 ? parts.join(' and ') : 'true';
}

// The label's band on the higher direction (usageThresholds), for the filter and the chart's counts.
function labelBand(worst: string, label: UsageLabelFilter): string {
  const { atCapacity, nearingCapacity } = usageThresholds;
  switch (label) {
    case 'atcapacity':
      return `${worst} > ${atCapacity}`;
    case 'nearingcapacity':
      return `${worst} > ${nearingCapacity} and ${worst} <= ${atCapacity}`;
    case 'available':
      return `${worst} <= ${nearingCapacity}`;
  }
}

// One page of services with a figure in the period, each with its highest figures each way and its
// months' figures. The highest are worked out for every service selected (the sort and the label need
// them), the months only for the page's.
export async function listUsageReportRows(
  query: RawQuery,
  scope: Scope,
  where: UsageReportWhere & Sorted,
): Promise<{ count: number; results: UsageReportRowRead[] }> {
  const params = new Params();
  const first = params.add(where.months[0]);
  const last = params.add(where.months.at(-1));
  const services = serviceWhere(scope, where, params);
  const label = where.label ? `where ${labelBand('h.worst', where.label)}` : '';
  const highest = `select u.service_id, max(u.p95_atob) as atob, max(u.p95_btoa) as btoa,
      greatest(max(u.p95_atob), max(u.p95_btoa)) as worst
    from service_usage_months u
    join services s on s.service_id = u.service_id
    where u.month between ${first}::date and ${last}::date
      and (u.p95_atob is not null or u.p95_btoa is not null) and ${services}
    group by u.service_id`;
  const direction = where.sort.descending ? 'desc' : 'asc';
  const order = [
    ...sorts[where.sort.field].map((key) => `${key} ${direction} nulls last`),
    `h.service_id ${direction}`,
  ].join(', ');
  const countText = `select count(*)::int as total from (${highest}) h ${label}`;
  return pageOf<UsageReportRowRead>(
    query,
    'usage_report_rows',
    (limit, offset) => `with h as (${highest}),
    page as (
      select h.*, count(*) over ()::int as total from h
      join services s on s.service_id = h.service_id
      join customers c on c.customer_id = s.customer_id
      ${label}
      order by ${order}
      limit ${limit} offset ${offset}
    )
    select h.service_id as serviceid, s.description, s.customer_id as customerid,
      c.customer_code as customercode, c.customer_name as customername, s.speed,
      round(h.atob::numeric, 1)::float8 as atob, round(h.btoa::numeric, 1)::float8 as btoa,
      (select coalesce(jsonb_agg(jsonb_build_object('month', to_char(u.month, 'YYYY-MM'),
          'atob', round(u.p95_atob::numeric, 1)::float8, 'btoa', round(u.p95_btoa::numeric, 1)::float8, 'complete', u.complete) order by u.month), '[]')
        from service_usage_months u
        where u.service_id = h.service_id and u.month between ${first}::date and ${last}::date
          and (u.p95_atob is not null or u.p95_btoa is not null)) as months,
      h.total
    from page h
    join services s on s.service_id = h.service_id
    join customers c on c.customer_id = s.customer_id
    order by ${order}`,
    countText,
    params,
    where,
  );
}

export type UsageMonthCounts = {
  month: string;
  atcapacity: number;
  nearingcapacity: number;
  available: number;
  unmeasured: number;
  inprogress: boolean;
};

// Per month of the period: the services selected in each label by the month's own figures, and those
// the month owes a figure (expectedInMonth) that have none (not measured yet, the source away, no line
// rate). The label filter does not narrow them: the chart is the split by label.
export async function countUsageReportMonths(
  query: RawQuery,
  scope: Scope,
  where: UsageReportWhere,
): Promise<UsageMonthCounts[]> {
  const params = new Params();
  const months = params.add(JSON.stringify(where.months));
  const services = serviceWhere(scope, where, params);
  const worst = 'greatest(u.p95_atob, u.p95_btoa)';
  // One customer's few services: a look-up by key for each of their months (3 ms on national data).
  // Every service: one pass over the months kept (a hash join; the look-ups would take seconds). The
  // planner cannot tell the two apart from the month list, so the query says which (LIMIT 1 keeps the
  // look-up from being flattened into a join).
  const narrow = scope.kind === 'customer' || where.customer !== undefined;
  const monthJoin = narrow
    ? `left join lateral (select * from service_usage_months k
        where k.service_id = s.service_id and k.month = m.month limit 1) u on true`
    : 'left join service_usage_months u on u.service_id = s.service_id and u.month = m.month';
  const text = `with m as (select x::date as month from jsonb_array_elements_text(${months}::jsonb) as x)
    select to_char(m.month, 'YYYY-MM') as month,
      count(*) filter (where ${labelBand(worst, 'atcapacity')})::int as atcapacity,
      count(*) filter (where ${labelBand(worst, 'nearingcapacity')})::int as nearingcapacity,
      count(*) filter (where ${labelBand(worst, 'available')})::int as available,
      count(*) filter (where ${worst} is null and ${expectedInMonth('s', 'm.month')})::int as unmeasured,
      coalesce(bool_or(not u.complete), false) as inprogress
    from m
    cross join services s
    ${monthJoin}
    where ${services} and (u.service_id is not null or ${expectedInMonth('s', 'm.month')})
    group by m.month
    order by m.month`;
  return query<UsageMonthCounts>(statementName('usage_report_months', text), text, params.values);
}

// One service's kept months within the period's (first days, oldest first), for the service report:
// a look-up by key per month. Scoped like the report's rows.
export async function listServiceUsageMonths(
  query: RawQuery,
  scope: Scope,
  serviceId: string,
  months: readonly string[],
): Promise<UsageMonthFigure[]> {
  const params = new Params();
  const where = [
    `u.service_id = ${params.add(serviceId)}`,
    `u.month between ${params.add(months[0])}::date and ${params.add(months.at(-1))}::date`,
  ];
  if (scope.kind === 'customer')
    where.push(
      `exists (select 1 from services s where s.service_id = u.service_id and s.customer_id = ${params.add(scope.customerId)})`,
    );
  const text = `select to_char(u.month, 'YYYY-MM') as month,
      round(u.p95_atob::numeric, 1)::float8 as atob, round(u.p95_btoa::numeric, 1)::float8 as btoa, u.complete
    from service_usage_months u
    where ${where.join(' and ')}
    order by u.month`;
  return query<UsageMonthFigure>(statementName('usage_service_months', text), text, params.values);
}
