import { type TrafficFigures, usageHistoryMonths, usageMonthsUpTo } from '@lightpath/domain/usage-reports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/statements';
import { type Endpoint, type Telemetry, TelemetryError } from '../../integrations/telemetry/telemetry';
import { buildTestApp, type TestApp } from '../../test/helper';
import { measureUsage } from './measure';

let t: TestApp;
// Wednesday 18 November 2026, 16:00 in Sydney (05:00 UTC): the month in progress is November.
const clock = Date.UTC(2026, 10, 18, 5, 0, 0) / 1000;

type Kept = {
  service_id: string;
  month: string;
  p95_atob: number | null;
  p95_btoa: number | null;
  samples: number;
  complete: boolean;
  measured_until: number;
  line_rate_bps: number | null;
};

// A telemetry source whose figures are a function of the port's service and the window, so a test
// can tell what it should read; it counts its questions and can be made to fail after some of them.
function fakeTelemetry(now: number, options: { failAfter?: number } = {}) {
  const asked: { service: string | null; start: number; end: number }[] = [];
  const figures = (endpoint: Endpoint, end: number, share: number): TrafficFigures => {
    const fraction = ((end / 300 + (endpoint.service?.charCodeAt(3) ?? 0)) % 50) / 100 + share;
    const bytes = (fraction * endpoint.speedBps!) / 8;
    return { quantile: bytes, peak: bytes * 1.1, mean: bytes / 2, samples: 8000 };
  };
  const telemetry = {
    kind: 'simulator',
    now: () => now,
    async trafficPercentile(endpoint: Endpoint, window: { start: number; end: number }) {
      if (options.failAfter !== undefined && asked.length >= options.failAfter)
        throw new TelemetryError('Prometheus did not answer');
      asked.push({ service: endpoint.service, start: window.start, end: window.end });
      return { in: figures(endpoint, window.end, 0.1), out: figures(endpoint, window.end, 0.4) };
    },
  } as unknown as Telemetry;
  return { telemetry, asked };
}

const deps = (telemetry: Telemetry) => ({ ...t.app.dependencies, telemetry });

async function kept(): Promise<Kept[]> {
  return rowsOf<Kept>(
    await t.database.db.execute(sql`select service_id, to_char(month, 'YYYY-MM-DD') as month, p95_atob,
      p95_btoa, samples, complete, extract(epoch from measured_until)::float8 as measured_until,
      line_rate_bps::float8 as line_rate_bps
      from service_usage_months order by service_id, month`),
  );
}

// What the job owes at `now`, worked out here from the services as the demo seed wrote them: every
// service in service, for each of the 24 months from the one it was provisioned in.
async function owedAt(now: number) {
  const services = rowsOf<{ service_id: string; status: number; provision_date: string | null }>(
    await t.database.db.execute(
      sql`select service_id, status, provision_date::text as provision_date from services`,
    ),
  );
  const months = usageMonthsUpTo(now, t.config.timeZone, usageHistoryMonths);
  return services
    .filter((s) => s.status !== 0 && s.status !== 2)
    .flatMap((s) =>
      months
        .filter((m) => s.provision_date === null || s.provision_date.slice(0, 7) <= m.month.slice(0, 7))
        .map((m) => `${s.service_id} ${m.month}`),
    )
    .sort();
}

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.execute(sql`delete from service_usage_months`);
});

describe('measuring usage', () => {
  it('measures every month each service in service owes, once, the month in progress to date', async () => {
    const { telemetry, asked } = fakeTelemetry(clock);
    const round = await measureUsage(deps(telemetry), { batch: 100_000 });
    const owed = await owedAt(clock);
    expect(owed.length).toBeGreaterThan(1000);
    expect(round).toEqual({ due: owed.length, kept: owed.length, failed: false });
    const rows = await kept();
    expect(rows.map((r) => `${r.service_id} ${r.month}`)).toEqual(owed);

    // November in progress: from its first midnight in Sydney to the last whole five minutes.
    const [november, october] = usageMonthsUpTo(clock, t.config.timeZone, 2);
    const current = rows.filter((r) => r.month === '2026-11-01');
    expect(current.every((r) => !r.complete && r.measured_until === clock)).toBe(true);
    expect(asked.find((a) => a.start === november!.start)?.end).toBe(clock);
    const past = rows.filter((r) => r.month === '2026-10-01');
    expect(past.every((r) => r.complete && r.measured_until === october!.end)).toBe(true);
    // The figures are percentages of the line rate, A to B from what the A end receives.
    const sample = rows.find((r) => r.line_rate_bps !== null && r.p95_atob !== null)!;
    expect(sample.p95_btoa! - sample.p95_atob!).toBeCloseTo(30, 1);
    expect(sample.samples).toBe(8000);

    // Nothing is owed again until the month in progress has aged an hour.
    const again = fakeTelemetry(clock + 1800);
    expect(await measureUsage(deps(again.telemetry), { batch: 100_000 })).toMatchObject({ due: 0, kept: 0 });
    expect(again.asked).toHaveLength(0);
  });

  it('measures the month in progress again after an hour, and a finished month a last time', async () => {
    await measureUsage(deps(fakeTelemetry(clock).telemetry), { batch: 100_000 });
    const before = await kept();
    const later = clock + 3700;
    const hourOn = fakeTelemetry(later);
    const round = await measureUsage(deps(hourOn.telemetry), { batch: 100_000 });
    const inProgress = before.filter((r) => r.month === '2026-11-01');
    expect(round.kept).toBe(inProgress.length);
    expect(new Set(hourOn.asked.map((a) => a.start)).size).toBe(1);
    const after = await kept();
    const refreshed = after.filter((r) => r.month === '2026-11-01');
    expect(refreshed.every((r) => !r.complete && r.measured_until === Math.floor(later / 300) * 300)).toBe(
      true,
    );
    // Past months are as they were.
    expect(after.filter((r) => r.month !== '2026-11-01')).toEqual(
      before.filter((r) => r.month !== '2026-11-01'),
    );

    // Into December: November is measured whole, marked complete, and never asked for again.
    const december = Date.UTC(2026, 10, 30, 14, 0, 0) / 1000; // 1 December 01:00 in Sydney
    const next = fakeTelemetry(december);
    await measureUsage(deps(next.telemetry), { batch: 100_000 });
    const [, november] = usageMonthsUpTo(december, t.config.timeZone, 2);
    const finished = (await kept()).filter((r) => r.month === '2026-11-01');
    expect(finished.length).toBe(refreshed.length);
    expect(finished.every((r) => r.complete && r.measured_until === november!.end)).toBe(true);
    const dayOn = fakeTelemetry(december + 86_400);
    await measureUsage(deps(dayOn.telemetry), { batch: 100_000 });
    expect(dayOn.asked.some((a) => a.start === november!.start)).toBe(false);
  });

  it('writes each month once when two instances measure at the same moment', async () => {
    const one = fakeTelemetry(clock);
    const two = fakeTelemetry(clock);
    const [a, b] = await Promise.all([
      measureUsage(deps(one.telemetry), { batch: 100_000 }),
      measureUsage(deps(two.telemetry), { batch: 100_000 }),
    ]);
    const owed = await owedAt(clock);
    expect(a.failed || b.failed).toBe(false);
    const rows = await kept();
    expect(rows.map((r) => `${r.service_id} ${r.month}`)).toEqual(owed);
    // Both answers were the same, so whichever was kept is the figure.
    const alone = fakeTelemetry(clock);
    await t.database.db.execute(sql`delete from service_usage_months`);
    await measureUsage(deps(alone.telemetry), { batch: 100_000 });
    expect(await kept()).toEqual(rows);
  });

  it('leaves the months a failing source did not answer missing, and asks for them next round', async () => {
    const failing = fakeTelemetry(clock, { failAfter: 25 });
    const round = await measureUsage(deps(failing.telemetry), { batch: 300 });
    expect(round.failed).toBe(true);
    expect(failing.asked).toHaveLength(25);
    const partial = await kept();
    // What was answered is kept (with those needing no question: services without a line rate).
    expect(partial.length).toBe(round.kept);
    expect(partial.filter((r) => r.p95_atob !== null)).toHaveLength(25);
    const owed = await owedAt(clock);
    expect(partial.length).toBeLessThan(owed.length);

    const healthy = fakeTelemetry(clock);
    await measureUsage(deps(healthy.telemetry), { batch: 100_000 });
    expect((await kept()).map((r) => `${r.service_id} ${r.month}`)).toEqual(owed);
    // None of the months kept in the failed round was asked for again.
    const askedAgain = new Set(healthy.asked.map((a) => `${a.service} ${a.start}`));
    const months = new Map(usageMonthsUpTo(clock, t.config.timeZone, 24).map((m) => [m.month, m.start]));
    expect(partial.some((r) => askedAgain.has(`${r.service_id} ${months.get(r.month)}`))).toBe(false);
  });

  it('keeps a service without a usable speed without figures, and asks nothing for it', async () => {
    const [service] = rowsOf<{ service_id: string; speed: string | null }>(
      await t.database.db.execute(
        sql`select service_id, speed from services where status not in (0, 2) order by service_id limit 1`,
      ),
    );
    await t.database.db.execute(
      sql`update services set speed = 'fast' where service_id = ${service!.service_id}`,
    );
    try {
      const { telemetry, asked } = fakeTelemetry(clock);
      await measureUsage(deps(telemetry), { batch: 100_000 });
      const rows = (await kept()).filter((r) => r.service_id === service!.service_id);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.line_rate_bps === null && r.p95_atob === null && r.samples === 0)).toBe(
        true,
      );
      expect(asked.some((a) => a.service === service!.service_id)).toBe(false);
    } finally {
      await t.database.db.execute(
        sql`update services set speed = ${service!.speed} where service_id = ${service!.service_id}`,
      );
    }
  });
});
