import { reportPreset } from '@lightpath/domain/report-period';
import { type ReportRun, timeReportCases } from './report-timing';

// The change management report (docs/decisions/037) on national data: last month and the last 12
// months, for the NOC (every customer) and for one customer's admin, as the page's JSON, the CSV and the
// PDF. The issue sets no budget; the aim is under 500 ms. The JSON is kept between writes (decision
// 028), so its first run is the cold one and the rest are repeat reads; the files are drawn every time.
export const changeReportAimMs = 500;

export type ChangeBenchResult = {
  periods: Record<'month' | 'year', { from: string; to: string }>;
  runs: (Omit<ReportRun, 'body'> & { events: number | null })[];
};

export async function measureChangeReport(options: {
  base: string;
  noc: string;
  customer: string;
  log: (line: string) => void;
}): Promise<ChangeBenchResult> {
  const now = Math.floor(Date.now() / 1000);
  // The server's default PORTAL_TIMEZONE; the bench's app does not set one.
  const month = reportPreset('last-month', now, 'Australia/Sydney');
  const year = reportPreset('last-12-months', now, 'Australia/Sydney');
  const cases = (['month', 'year'] as const).flatMap((span) => {
    const period = span === 'month' ? month : year;
    const query = `from=${period.from}&to=${period.to}`;
    const label = span === 'month' ? 'last month' : 'last 12 months';
    return (['noc', 'customer'] as const).flatMap((as) => {
      const who = as === 'noc' ? 'every customer' : 'one customer';
      return [
        { name: `${label}, ${who}, JSON`, path: `/api/reports/changes?${query}&limit=50`, as },
        { name: `${label}, ${who}, CSV`, path: `/api/reports/changes/csv?${query}`, as },
        { name: `${label}, ${who}, PDF`, path: `/api/reports/changes/pdf?${query}`, as },
      ].map((c) => ({ ...c, budgetMs: changeReportAimMs }));
    });
  });
  const runs = await timeReportCases({
    base: options.base,
    cases,
    tokenOf: (as) => (as === 'noc' ? options.noc : options.customer),
    label: 'Change management report',
    log: options.log,
  });
  return {
    periods: { month: { from: month.from, to: month.to }, year: { from: year.from, to: year.to } },
    runs: runs.map(({ body, ...run }) => ({
      ...run,
      events: run.path.startsWith('/api/reports/changes?') ? JSON.parse(body.toString()).payload.count : null,
    })),
  };
}
