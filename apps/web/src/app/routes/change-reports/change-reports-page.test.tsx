import type { ChangeReport } from '@lightpath/domain/change-reports';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { customer, ok, page, renderSignedIn, sessionFor } from '../../../test/page-fixtures';
import { ChangeReportsPage } from './change-reports-page';

vi.setConfig({ testTimeout: 20_000 });

const november: ChangeReport = {
  count: 1,
  limit: 50,
  offset: 0,
  results: [
    {
      eventid: 42,
      number: 4211,
      title: 'Fibre works at Zone 7',
      type: 1,
      starttime: 1_794_200_000,
      endtime: 1_794_214_400,
      duration: 14_400,
      priority: 2,
      initiator: 'Field Services',
      approver: 'Change Board',
      slatype: 1,
      customers: ['UNG'],
      servicecount: 3,
    },
  ],
  period: {
    from: '2026-11-01',
    to: '2026-11-30',
    start: 1_793_451_600,
    end: 1_796_043_600,
    zone: 'Australia/Sydney',
  },
  summary: {
    total: 1,
    scheduledworks: 1,
    hazards: 0,
    bypriority: [
      { priority: 1, label: 'Critical', count: 0 },
      { priority: 2, label: 'High', count: 1 },
      { priority: 3, label: 'Medium', count: 0 },
      { priority: 4, label: 'Low', count: 0 },
      { priority: 5, label: 'Planning', count: 0 },
    ],
    byapprover: [{ approver: 'Change Board', count: 1 }],
    bycustomer: [{ customerid: 7, customercode: 'UNG', customername: 'University of Northgate', count: 1 }],
    customercount: 1,
    othercustomers: 0,
    unit: 'week',
    buckets: [
      { from: '2026-11-01', label: '1 Nov', scheduledworks: 0, hazards: 0 },
      { from: '2026-11-02', label: '2 Nov', scheduledworks: 1, hazards: 0 },
    ],
  },
};

function render(
  type: Parameters<typeof sessionFor>[0],
  url: string,
  replies: Parameters<typeof renderSignedIn>[3],
) {
  return renderSignedIn(
    sessionFor(type),
    [{ path: '/documentation/changeman-reports', element: <ChangeReportsPage /> }],
    url,
    { 'GET /api/customers': page([1, 7].map((id) => ({ ...customer(id), usercount: 1 }))), ...replies },
  );
}

describe('ChangeReportsPage', () => {
  it('refuses the field technician and calls nothing', async () => {
    const { calls } = render(2, '/documentation/changeman-reports', {});
    expect(await screen.findByText('Not available to your role')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("reads the period and filters from the URL and shows the counts, the chart's words and the events", async () => {
    const { calls } = render(
      4,
      '/documentation/changeman-reports?from=2026-11-01&to=2026-11-30&priority=2&approver=Change%20Board',
      { 'GET /api/reports/changes': ok(november) },
    );
    const link = await screen.findByRole('link', { name: 'Fibre works at Zone 7' });
    expect(link.getAttribute('href')).toBe('/event/42');
    const events = screen.getByRole('region', { name: 'Events' });
    expect(within(events).getByText('4 h 00 min')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'By approver' })).getByText('Change Board'),
    ).toBeTruthy();
    expect(screen.getByText(/2 Nov: 1 Scheduled Works, 0 Planned Hazard Window/)).toBeTruthy();
    // A customer has no customer filter: its report is its own.
    expect(screen.queryByRole('combobox', { name: 'Filter by customer' })).toBeNull();
    const asked = new URL(calls.find((c) => c.url.startsWith('/api/reports/changes'))!.url, 'http://x');
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      priority: '2',
      approver: 'Change Board',
      limit: '50',
      offset: '0',
    });
  });

  it('asks nothing while the days are reversed, and says why', async () => {
    const { calls } = render(1, '/documentation/changeman-reports?from=2026-11-30&to=2026-11-01', {});
    expect(await screen.findByText('Choose the days to report on')).toBeTruthy();
    // The NOC narrows the report to one customer.
    expect(screen.getByRole('combobox', { name: 'Filter by customer' })).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/reports/changes'))).toBe(false);
  });
});
