import type { UsageMonth } from '@lightpath/domain/usage-reports';
import type { RawQuery } from '../../db/client';
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
