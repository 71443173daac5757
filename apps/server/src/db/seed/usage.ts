import { defaultPortalTimeZone } from '@lightpath/domain/time';
import { usageHistoryMonths, usageMonthsUpTo, usageSampleSeconds } from '@lightpath/domain/usage-reports';
import { sql } from 'drizzle-orm';
import { unit } from '../../integrations/telemetry/simulator';
import { speedBitsPerSecond } from '../../integrations/telemetry/telemetry';
import { expectedInMonth } from '../../modules/usage-reports/repository';
import type { Db } from '../client';
import { rowsOf } from '../statements';

// Two years of the usage report's monthly figures (issue 17, item 3) for every service in service,
// generated in the database from each service's character in the telemetry simulator
// (simulator.ts: trafficFraction), so that the month in progress the seed writes is close to what the
// measuring job reads from the simulator when it measures that month again, and older months tell a
// story: traffic grows about 1.5% a month, so the further back, the lower (docs/decisions/039).
//
// Fitted against the simulator over whole months: its 95th percentile of 5-minute samples is 0.993 of
// a service's afternoon peak level, its mean 0.995 of the day's average level, and its highest sample
// 1.079 of the peak level (the five-minute noise at the busiest hour).
const p95OfPeakLevel = 0.993;
const meanOfAverageLevel = 0.995;
const peakOfPeakLevel = 1.079;
// The share of the day's swing the average day holds: half of the curve, weekends at 60%.
const averageShare = 0.5 * ((5 + 2 * 0.6) / 7);
const monthlyGrowth = 0.015;
const ceiling = 97;

type Character = {
  id: string;
  linerate: number | null;
  // Percent of the line rate at today's level, per direction.
  p95a: number;
  p95b: number;
  meana: number;
  meanb: number;
  peaka: number;
  peakb: number;
  // Radians: where the service's month-to-month swing starts.
  phase: number;
};

const percent = (fraction: number) => Math.min(ceiling, Math.round(fraction * 1000) / 10);

// The simulator's levels for the service (its peak, floor and A-to-B balance), as trafficFraction
// draws them.
export function characterOf(id: string, speed: string | null): Character {
  const peak = 0.15 + 0.75 * unit(id, 'peak') ** 1.5;
  const floor = 0.02 + 0.03 * unit(id, 'floor');
  const balance = 0.35 + 0.5 * unit(id, 'balance');
  const peakLevel = peak;
  const averageLevel = floor + (peak - floor) * averageShare;
  return {
    id,
    linerate: speedBitsPerSecond(speed),
    p95a: percent(peakLevel * p95OfPeakLevel * balance),
    p95b: percent(peakLevel * p95OfPeakLevel),
    meana: percent(averageLevel * meanOfAverageLevel * balance),
    meanb: percent(averageLevel * meanOfAverageLevel),
    peaka: percent(peakLevel * peakOfPeakLevel * balance),
    peakb: percent(peakLevel * peakOfPeakLevel),
    phase: Math.round(unit(id, 'usage-phase') * 6283) / 1000,
  };
}

export async function seedUsageHistory(db: Db, now: Date, zone = defaultPortalTimeZone) {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const measuredUntil = Math.floor(nowSeconds / usageSampleSeconds) * usageSampleSeconds;
  const months = usageMonthsUpTo(nowSeconds, zone, usageHistoryMonths).map((m, back) => ({
    month: m.month,
    back,
    starts: m.start,
    until: Math.min(m.end, measuredUntil),
    complete: m.end <= measuredUntil,
  }));
  const services = rowsOf<{ service_id: string; speed: string | null }>(
    await db.execute(
      sql`select service_id, speed from services where status not in (0, 2) order by service_id`,
    ),
  );
  const characters = services.map((s) => characterOf(s.service_id, s.speed));
  // A month's own swing, within 5% either way: a wave with the service's own phase (a hash per row
  // would cost the national seed seconds).
  const level = sql`(power(${1 - monthlyGrowth}::float8, m.back) * (1 + 0.05 * sin(c.phase + m.back * 2.3)))`;
  const figure = (column: string) =>
    sql`case when c.linerate is null then null else least(${ceiling}, round(${sql.raw(`c.${column}`)} * ${level} * 10) / 10)::real end`;
  const insertHistory = (tx: Pick<Db, 'execute'>) =>
    tx.execute(sql`
    insert into service_usage_months (service_id, month, line_rate_bps, samples, p95_atob, p95_btoa,
      peak_atob, peak_btoa, mean_atob, mean_btoa, complete, measured_until, computed_at)
    select c.id, m.month::date, c.linerate,
      case when c.linerate is null then 0 else ((m.until - m.starts) / ${usageSampleSeconds})::int end,
      ${figure('p95a')}, ${figure('p95b')}, ${figure('peaka')}, ${figure('peakb')},
      ${figure('meana')}, ${figure('meanb')},
      m.complete, to_timestamp(m.until), to_timestamp(${nowSeconds})
    from jsonb_to_recordset(${JSON.stringify(characters)}::jsonb) as c(id text, linerate bigint, p95a float8,
      p95b float8, meana float8, meanb float8, peaka float8, peakb float8, phase float8)
    join services s on s.service_id = c.id
    cross join jsonb_to_recordset(${JSON.stringify(months)}::jsonb) as m(month text, back int, starts float8,
      until float8, complete boolean)
    where m.until > m.starts and ${sql.raw(expectedInMonth('s', 'm.month::date'))}`);
  // PostgreSQL's advice for a bulk load ("Populating a Database"): the foreign key checked once over
  // the loaded rows, not row by row, which was 9 of the national seed's 15 seconds here. In one
  // transaction, so the key is back whatever happens.
  const foreignKey = 'service_usage_months_service_id_services_service_id_fk';
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table service_usage_months drop constraint ${sql.identifier(foreignKey)}`);
    await insertHistory(tx);
    await tx.execute(sql`alter table service_usage_months add constraint ${sql.identifier(foreignKey)}
      foreign key (service_id) references services (service_id) on delete cascade`);
  });
  const [counted] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from service_usage_months`),
  );
  return { usageMonths: counted?.n ?? 0 };
}
