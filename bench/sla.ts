import { reportPreset } from '@lightpath/domain/report-period';
import { timeReportCases } from './report-timing';

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
  const timed = await timeReportCases({
    base: options.base,
    cases,
    tokenOf: (as) => (as === 'noc' ? options.noc : options.customer),
    runs: options.runs,
    label: 'SLA report',
    log: options.log,
  });
  let services = 0;
  const runs: SlaRun[] = timed.map(({ body, budgetMs, met, ...run }) => {
    if (run.name === 'every service, JSON') services = JSON.parse(body.toString()).payload.count;
    return { ...run, budgetMs: budgetMs!, met: met! };
  });
  return { period: { from: year.from, to: year.to }, services, runs };
}
