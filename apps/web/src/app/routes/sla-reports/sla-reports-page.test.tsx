import { reportPreset } from '@lightpath/domain/report-period';
import { type SlaReport, slaDefinitions, slaPdfBreachesOnlyNote } from '@lightpath/domain/sla-reports';
import { defaultPortalTimeZone } from '@lightpath/domain/time';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { customer, ok, page, renderSignedIn, sessionFor } from '../../../test/page-fixtures';
import { SlaReportsPage } from './sla-reports-page';

vi.setConfig({ testTimeout: 20_000 });

const report: SlaReport = {
  from: '2026-07-01',
  to: '2026-09-30',
  zone: 'Australia/Sydney',
  customer: { customerid: 7, customercode: 'UNG', customername: 'University of Northgate' },
  summary: { services: 2, met: 1, breached: 1, availability: 99.93 },
  months: [
    { month: '2026-07', whole: true, services: 2, breached: 1, availability: 99.8 },
    { month: '2026-08', whole: true, services: 2, breached: 0, availability: 100 },
    { month: '2026-09', whole: true, services: 1, breached: 0, availability: 100 },
  ],
  count: 2,
  limit: 25,
  offset: 0,
  results: [
    {
      serviceid: 'UNG0001000101B',
      description: 'Managed 1G: Main campus to Northgate PoP',
      customerid: 7,
      customercode: 'UNG',
      customername: 'University of Northgate',
      type: 'B',
      typename: 'Managed 1G',
      target: 99.9,
      availability: 99.861,
      months: [99.597, 100, null],
      downtime: 180,
      scheduled: 240,
      excluded: 0,
      measured: 132_480,
      outages: 1,
      met: false,
    },
    {
      serviceid: 'UNG0001000102A',
      description: 'Unmanaged: Library to Northgate PoP',
      customerid: 7,
      customercode: 'UNG',
      customername: 'University of Northgate',
      type: 'A',
      typename: 'Unmanaged',
      target: 99.5,
      availability: 100,
      months: [100, 100, 100],
      downtime: 0,
      scheduled: 0,
      excluded: 0,
      measured: 132_480,
      outages: 0,
      met: true,
    },
  ],
};

function render(
  type: Parameters<typeof sessionFor>[0],
  url: string,
  routes: Parameters<typeof renderSignedIn>[3],
) {
  return renderSignedIn(
    sessionFor(type),
    [{ path: '/documentation/sla-reports', element: <SlaReportsPage /> }],
    url,
    { 'GET /api/customers': page([1, 7].map((id) => ({ ...customer(id), usercount: 1 }))), ...routes },
  );
}

describe('SlaReportsPage', () => {
  it('refuses a technician and calls nothing', async () => {
    const { calls } = render(2, '/documentation/sla-reports', {});
    expect(await screen.findByText('Not available to your role')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("shows a customer admin last quarter's report of its own services, with the months and definitions", async () => {
    const { calls } = render(4, '/documentation/sla-reports', { 'GET /api/reports/sla': ok(report) });
    expect(await screen.findByText('UNG0001000101B')).toBeTruthy();
    const table = screen.getByRole('table');
    // The month not in service, the period's figure and the verdict.
    expect(within(table).getByText('Not in service')).toBeTruthy();
    expect(within(table).getByText('99.861%')).toBeTruthy();
    expect(within(table).getByText('Breached')).toBeTruthy();
    expect(within(table).getByText('Met')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: /Customer/ })).toBeNull();
    expect(
      screen.getByRole('heading', { name: 'University of Northgate · 1 Jul 2026 – 30 Sep 2026' }),
    ).toBeTruthy();
    expect(screen.getByText(slaDefinitions.classes)).toBeTruthy();
    expect(
      screen.getByRole('figure', { name: 'Services that breached their target, by month' }),
    ).toBeTruthy();
    const quarter = reportPreset('last-quarter', Math.floor(Date.now() / 1000), defaultPortalTimeZone);
    const asked = new URL(calls.find((c) => c.url.startsWith('/api/reports/sla'))!.url, 'http://x');
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      from: quarter.from,
      to: quarter.to,
      limit: '25',
      offset: '0',
      sort: 'availability',
    });
  });

  it("asks for the URL's period, customer, search and breached filter for the NOC, and says what its PDF holds", async () => {
    const { calls } = render(
      1,
      '/documentation/sla-reports?from=2026-01-01&to=2026-06-30&breached=true&q=ung',
      {
        'GET /api/reports/sla': ok({ ...report, customer: null }),
      },
    );
    expect(await screen.findByText('UNG0001000101B')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Customer/ })).toBeTruthy();
    expect(screen.getByText(slaPdfBreachesOnlyNote)).toBeTruthy();
    const asked = new URL(calls.find((c) => c.url.startsWith('/api/reports/sla'))!.url, 'http://x');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      from: '2026-01-01',
      to: '2026-06-30',
      breached: 'true',
      q: 'ung',
    });
  });

  it('asks nothing while the days typed are not a period', async () => {
    const { calls } = render(4, '/documentation/sla-reports?from=2026-09-30&to=2026-07-01', {});
    expect(await screen.findAllByText('The period must not end before it starts')).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith('/api/reports/sla'))).toEqual([]);
  });
});
