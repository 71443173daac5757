import { usageMonthsUpTo } from '@lightpath/domain/usage-reports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatedTelemetry } from '../../integrations/telemetry/simulator';
import { buildTestApp, type TestApp } from '../../test/helper';
import { rowsOf } from '../statements';
import { characterOf } from './usage';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the seeded usage history', () => {
  it("follows each service's character in the telemetry simulator", async () => {
    const services = [
      'UNG0012004701B',
      'EBH0002004702D',
      'HRI0003004803A',
      'ABC0001000101D',
      'XYZ0099009901E',
    ];
    // October 2026 in Sydney, whole: the simulator's own figures against the seed's model of them.
    const [, october] = usageMonthsUpTo(Date.UTC(2026, 10, 18) / 1000, 'Australia/Sydney', 2);
    const telemetry = simulatedTelemetry(t.database.db);
    for (const service of services) {
      const character = characterOf(service, '1G');
      const measured = await telemetry.trafficPercentile(
        { end: 'A', port: null, service, speedBps: 1e9, inService: true },
        october!,
        0.95,
      );
      const percent = (bytes: number) => (bytes * 8) / 1e7;
      expect(Math.abs(percent(measured.in!.quantile) - character.p95a)).toBeLessThan(
        0.03 * character.p95a + 0.2,
      );
      expect(Math.abs(percent(measured.out!.quantile) - character.p95b)).toBeLessThan(
        0.03 * character.p95b + 0.2,
      );
      expect(Math.abs(percent(measured.out!.mean) - character.meanb)).toBeLessThan(
        0.03 * character.meanb + 0.2,
      );
      expect(Math.abs(percent(measured.out!.peak) - character.peakb)).toBeLessThan(
        0.03 * character.peakb + 0.2,
      );
    }
  });

  it('holds the month in progress to date, and older months lower as traffic grew', async () => {
    const rows = rowsOf<{ month: string; complete: boolean; p95: number; n: number }>(
      await t.database.db.execute(sql`select to_char(month, 'YYYY-MM') as month, bool_and(complete) as complete,
        avg(greatest(p95_atob, p95_btoa))::float8 as p95, count(*)::int as n
        from service_usage_months group by month order by month desc`),
    );
    expect(rows).toHaveLength(24);
    expect(rows[0]!.complete).toBe(false);
    expect(rows.slice(1).every((r) => r.complete)).toBe(true);
    // About 1.5% a month: two years back is about 30% lower.
    expect(rows[23]!.p95 / rows[0]!.p95).toBeGreaterThan(0.6);
    expect(rows[23]!.p95 / rows[0]!.p95).toBeLessThan(0.8);
    // Every row of a service with a speed has its figures.
    const [blank] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from service_usage_months where line_rate_bps is not null and p95_atob is null`,
      ),
    );
    expect(blank!.n).toBe(0);
  });
});
