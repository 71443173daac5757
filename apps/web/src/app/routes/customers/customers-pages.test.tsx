import type { UserType } from '@lightpath/domain/user-types';
import { cleanup, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/token-storage';
import { mockFetch } from '../../../test/fetch-mock';
import { page, sessionFor, signedIn } from '../../../test/page-fixtures';
import { renderRoutes } from '../../../test/render';
import { CustomerPage } from './customer-page';
import { CustomersPage } from './customers-page';

vi.setConfig({ testTimeout: 20_000 });

function render(type: UserType, url: string) {
  const fetch = mockFetch({ 'GET /api/customers': page([]) });
  renderRoutes(
    [
      {
        element: signedIn(sessionFor(type)),
        children: [
          { path: '/customers', element: <CustomersPage /> },
          { path: '/customers/:customerid', element: <CustomerPage /> },
        ],
      },
    ],
    url,
  );
  return fetch;
}

beforeEach(() => setToken('token', false));

// Issue 12 and decisions.md: technicians and engineers who typed /customers got the customer list
// their menu does not offer. The Customers pages are the NOC's alone.
describe('the Customers pages', () => {
  it.each([2, 3] as const)(
    'are closed to provider staff of type %i, without asking the server',
    async (type) => {
      const { calls } = render(type, '/customers');
      expect(await screen.findByText(/Your account does not include/)).toBeTruthy();
      expect(calls.filter((c) => c.url.startsWith('/api/customers'))).toHaveLength(0);
      cleanup();
      render(type, '/customers/7');
      expect(await screen.findByText(/Your account does not include/)).toBeTruthy();
    },
  );

  it('open for the NOC', async () => {
    const { calls } = render(1, '/customers');
    await vi.waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/customers'))).toBe(true));
    expect(screen.queryByText(/Your account does not include/)).toBeNull();
  });
});
