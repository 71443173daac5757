import type { UsageReport } from '@lightpath/domain/usage-reports';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, renderSignedIn, sessionFor } from '../../../test/page-fixtures';
import { UsageReportsPage } from './usage-reports-page';

vi.setConfig({ testTimeout: 20_000 });

const report: UsageReport = {
  count: 1,
  limit: 25,
  offset: 0,
  period: { from: '2026-07-01', to: '2026-09-30', start: 0, end: 1, zone: 'Australia/Sydney' },
  months: ['2026-07', '2026-08', '2026-09'].map((month, i) => ({
    month,
    label: ['Jul 2026', 'Aug 2026', 'Sep 2026'][i]!,
    whole: true,
    inprogress: false,
    atcapacity: i,
    nearingcapacity: 1,
    available: 5,
    unmeasured: i === 2 ? 3 : 0,
  })),
  results: [
    {
      serviceid: 'UNG0012004701B',
      description: 'Managed 1G: Northgate to Eastbrook',
      customerid: 7,
      customercode: 'UNG',
      customername: 'University of Northgate',
      speed: '1G',
      atob: 61.5,
      btoa: 86.2,
      label: 'At Capacity',
      months: [{ month: '2026-08', atob: 61.5, btoa: 86.2, complete: true }],
    },
  ],
};

const render = (type: Parameters<typeof sessionFor>[0], url: string, replies = {}) =>
  renderSignedIn(
    sessionFor(type),
    [{ path: '/documentation/usage-reports', element: <UsageReportsPage /> }],
    url,
    replies,
  );

describe('UsageReportsPage', () => {
  it('refuses a technician and calls nothing', async () => {
    const { calls } = render(2, '/documentation/usage-reports', {});
    expect(await screen.findByText('Not available to your role')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("shows a customer its services' highest figures and label, the months not measured, and asks for the URL's period", async () => {
    const { calls } = render(
      5,
      '/documentation/usage-reports?from=2026-07-01&to=2026-09-30&label=atcapacity',
      {
        'GET /api/reports/usage': ok(report),
      },
    );
    const table = await screen.findByRole('table');
    expect(within(table).getByText('UNG0012004701B')).toBeTruthy();
    expect(within(table).getByText('86.2%')).toBeTruthy();
    expect(within(table).getByText('At Capacity')).toBeTruthy();
    expect(within(table).getByText('Aug 2026')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: /Customer/ })).toBeNull();
    expect(screen.getByText(/Not yet measured: Sep 2026 \(3 services\)/)).toBeTruthy();
    expect(
      screen.getByRole('img', { name: /Jul 2026: 0 At Capacity, 1 Nearing Capacity, 5 Available/ }),
    ).toBeTruthy();
    const asked = new URL(calls.find((c) => c.url.startsWith('/api/reports/usage'))!.url, 'http://x');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      from: '2026-07-01',
      to: '2026-09-30',
      label: 'atcapacity',
      sort: '-highest',
      limit: '25',
      offset: '0',
    });
  });
});
