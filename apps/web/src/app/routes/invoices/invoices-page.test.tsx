import type { Invoice } from '@lightpath/domain/invoices';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { customer, page, renderSignedIn, sessionFor } from '../../../test/page-fixtures';
import { InvoicesPage } from './invoices-page';

vi.setConfig({ testTimeout: 20_000 });

const october: Invoice = {
  uuid: '6f1c1d8e-3c1a-4f5e-9b7d-2a9c0e4b5f61',
  invoiceid: 'MRN-2610-0001',
  invoicedate: 1_793_487_600,
  periodstart: '2026-10-01',
  periodend: '2026-10-31',
  amount: 5_358_650,
  gst: 487_150,
  currency: 'AUD',
  status: 'issued',
  customerid: 7,
  customercode: 'UNG',
  customername: 'University of Northgate',
};

function render(
  type: Parameters<typeof sessionFor>[0],
  url: string,
  routes: Parameters<typeof renderSignedIn>[3],
) {
  return renderSignedIn(
    sessionFor(type),
    [{ path: '/documentation/invoices', element: <InvoicesPage /> }],
    url,
    {
      'GET /api/customers': page([1, 7].map((id) => ({ ...customer(id), usercount: 1 }))),
      ...routes,
    },
  );
}

describe('InvoicesPage', () => {
  it('refuses a customer user and calls nothing', async () => {
    const { calls } = render(5, '/documentation/invoices', {});
    expect(await screen.findByText('Not available to your role')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows a customer admin its invoices, newest first, with the amount in its currency and no customer column', async () => {
    const { calls } = render(4, '/documentation/invoices?period=2026&status=issued', {
      'GET /api/invoices/json': page([october]),
    });
    expect(await screen.findByText('MRN-2610-0001')).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByText('$53,586.50')).toBeTruthy();
    expect(within(table).getByText('October 2026')).toBeTruthy();
    // The column's heading and the row's badge.
    expect(within(table).getAllByText('Issued').length).toBe(2);
    expect(within(table).getByRole('button', { name: 'Download invoice MRN-2610-0001 (PDF)' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: /Customer/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add invoice' })).toBeNull();
    const asked = new URL(calls.find((c) => c.url.startsWith('/api/invoices/json'))!.url, 'http://x');
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      limit: '25',
      offset: '0',
      period: '2026',
      status: 'issued',
      sort: '-invoicedate',
    });
  });

  it('shows the NOC the customer column and Add invoice', async () => {
    render(1, '/documentation/invoices', { 'GET /api/invoices/json': page([october]) });
    expect(await screen.findByText('MRN-2610-0001')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Customer/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add invoice' })).toBeTruthy();
  });
});
