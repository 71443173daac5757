import { reportPreset } from '@lightpath/domain/report-period';

// Issue 17's budgets for the SLA report (docs/decisions/038), on national data: every service (30,000)
// over the last 12 months in under 2 s, as the page's JSON and as the CSV; one customer's report in
// under 200 ms. Each is asked five times one after another (the reply is never kept: it moves with the
// clock), timing the whole reply, body included.
export const slaBudgets = { allMs: 2000, customerMs: 200 } as const;

export type SlaRun = {
  name: string;
  path: string;
  as: string;
  runsMs: number[];
  medianMs: number;
  worstMs: number;
  bytes: number;
  budgetMs: number;
  met: boolean;
};
export type SlaBenchResult = { period: { from: string; to: string }; services: number; runs: SlaRun[] };

type Options = {
  base: string;
  // Tokens of the NOC and of a customer admin (University of Northgate).
  noc: string;
  customer: string;
  runs?: number;
  log: (line: string) => void;
};

export async function measureSlaReport(options: Options): Promise<SlaBenchResult> {
  // The server's default PORTAL_TIMEZONE; the bench's app does not set one.
  const year = reportPreset('last-12-months', Math.floor(Date.now() / 1000), 'Australia/Sydney');
  const period = `from=${year.from}&to=${year.to}`;
  const cases = [
    {
      name: 'every service, JSON',
      path: `/api/reports/sla?${period}`,
      as: 'noc',
      budgetMs: slaBudgets.allMs,
    },
    {
      name: 'every service, CSV',
      path: `/api/reports/sla/csv?${period}`,
      as: 'noc',
      budgetMs: slaBudgets.allMs,
    },
    {
      name: 'one customer, JSON',
      path: `/api/reports/sla?${period}`,
      as: 'customer',
      budgetMs: slaBudgets.customerMs,
    },
    {
      name: 'one customer, CSV',
      path: `/api/reports/sla/csv?${period}`,
      as: 'customer',
      budgetMs: slaBudgets.customerMs,
    },
    {
      name: 'one customer, PDF',
      path: `/api/reports/sla/pdf?${period}`,
      as: 'customer',
      budgetMs: slaBudgets.allMs,
    },
  ] as const;
  let services = 0;
  const runs: SlaRun[] = [];
  for (const c of cases) {
    const token = c.as === 'noc' ? options.noc : options.customer;
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < (options.runs ?? 5); i++) {
      const start = performance.now();
      const response = await fetch(`${options.base}${c.path}`, { headers: { 'x-auth-token': token } });
      const body = Buffer.from(await response.arrayBuffer());
      times.push(performance.now() - start);
      if (!response.ok)
        throw new Error(`${c.path} answered ${response.status}: ${body.toString().slice(0, 200)}`);
      bytes = body.length;
      if (c.name === 'every service, JSON') services = JSON.parse(body.toString()).payload.count;
    }
    const sorted = [...times].sort((a, b) => a - b);
    const run = {
      ...c,
      runsMs: times.map(Math.round),
      medianMs: Math.round(sorted[Math.floor(sorted.length / 2)]!),
      worstMs: Math.round(sorted.at(-1)!),
      bytes,
      met: sorted.at(-1)! < c.budgetMs,
    };
    options.log(
      `SLA report, ${c.name}: median ${run.medianMs} ms, worst ${run.worstMs} ms (${times.map(Math.round).join(' ')}), ${bytes} bytes`,
    );
    runs.push(run);
  }
  return { period: { from: year.from, to: year.to }, services, runs };
}
