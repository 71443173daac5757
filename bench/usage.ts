import { reportPreset } from '@lightpath/domain/report-period';

// Issue 17's budget for the usage report (docs/decisions/039), on national data: one customer's
// services over 12 months in under a second; every service's figure is reported beside it. The reply
// is kept between writes (docs/decisions/028), so each run asks for another 12 months (the last twelve
// whole months, then each twelve ending a month earlier, all within the seeded 24): every run is
// computed, none is a repeat read. Each times the whole reply, body included.
export const usageBudgets = { customerMs: 1000 } as const;

export type UsageRun = {
  name: string;
  as: string;
  runsMs: number[];
  medianMs: number;
  worstMs: number;
  services: number;
  bytes: number;
  budgetMs: number | null;
  met: boolean;
};

type Options = { base: string; noc: string; customer: string; runs?: number; log: (line: string) => void };

const shifted = (day: string, months: number) => {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const index = year * 12 + month - 1 - months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};

export async function measureUsageReport(
  options: Options,
): Promise<{ from: string; to: string; runs: UsageRun[] }> {
  // The server's default PORTAL_TIMEZONE; the bench's app does not set one.
  const year = reportPreset('last-12-months', Math.floor(Date.now() / 1000), 'Australia/Sydney');
  const periods = Array.from({ length: options.runs ?? 5 }, (_, back) => {
    const lastMonth = shifted(year.to, back);
    const [y, m] = lastMonth.split('-').map(Number) as [number, number];
    const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
    return `from=${shifted(year.from, back)}-01&to=${lastMonth}-${lastDay}`;
  });
  const cases = [
    {
      name: 'one customer (University of Northgate), JSON',
      as: 'customer',
      path: '/api/reports/usage',
      budgetMs: usageBudgets.customerMs,
    },
    {
      name: 'one customer (University of Northgate), CSV',
      as: 'customer',
      path: '/api/reports/usage/csv',
      budgetMs: usageBudgets.customerMs,
    },
    { name: 'every service, JSON', as: 'noc', path: '/api/reports/usage', budgetMs: null },
    { name: 'every service, CSV', as: 'noc', path: '/api/reports/usage/csv', budgetMs: null },
  ] as const;
  const runs: UsageRun[] = [];
  for (const c of cases) {
    const token = c.as === 'noc' ? options.noc : options.customer;
    const times: number[] = [];
    let bytes = 0;
    let services = 0;
    for (const period of periods) {
      const start = performance.now();
      const response = await fetch(`${options.base}${c.path}?${period}`, {
        headers: { 'x-auth-token': token },
      });
      const body = Buffer.from(await response.arrayBuffer());
      times.push(performance.now() - start);
      if (!response.ok)
        throw new Error(`${c.path} answered ${response.status}: ${body.toString().slice(0, 200)}`);
      bytes = body.length;
      // The CSV: a line per service after the header, each ending in a line break.
      services = c.path.endsWith('csv')
        ? body.toString().split('\n').length - 2
        : JSON.parse(body.toString()).payload.count;
    }
    const sorted = [...times].sort((a, b) => a - b);
    const run: UsageRun = {
      name: c.name,
      as: c.as,
      runsMs: times.map(Math.round),
      medianMs: Math.round(sorted[Math.floor(sorted.length / 2)]!),
      worstMs: Math.round(sorted.at(-1)!),
      services,
      bytes,
      budgetMs: c.budgetMs,
      met: c.budgetMs === null || sorted.at(-1)! < c.budgetMs,
    };
    options.log(
      `usage report, ${c.name}: median ${run.medianMs} ms, worst ${run.worstMs} ms (${run.runsMs.join(' ')}), ${bytes} bytes`,
    );
    runs.push(run);
  }
  return { from: year.from, to: year.to, runs };
}
