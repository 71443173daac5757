import type { Integration } from '@lightpath/domain/integrations';
import type { UserType } from '@lightpath/domain/user-types';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { mockFetch, type Route } from '../../../test/fetch-mock';
import { ok, sessionFor, signedIn } from '../../../test/page-fixtures';
import { renderRoutes } from '../../../test/render';
import { IntegrationsPage } from './integrations-page';

const url = '/api/integrations';
const now = Math.floor(Date.now() / 1000);

const telemetry: Integration = {
  system: 'telemetry',
  name: 'Telemetry (traffic, light levels, link status)',
  kind: 'real',
  implementation: 'Prometheus HTTP API',
  address: 'http://prometheus.example.org:9090',
  lastsuccess: now - 3600,
  lasterror: now - 120,
  lasterrormessage: 'Prometheus did not answer: fetch failed',
};
const netbox: Integration = {
  system: 'netbox',
  name: 'NetBox (third-party circuits, head-ends, handoffs)',
  kind: 'simulated',
  implementation: 'Simulator',
  address: null,
  lastsuccess: null,
  lasterror: null,
  lasterrormessage: null,
};
const tickets: Integration = {
  system: 'tickets',
  name: 'Tickets (support, site access, job tickets, event notices)',
  kind: 'real',
  implementation: 'Zendesk Support API',
  address: 'https://meridian.zendesk.com',
  lastsuccess: now - 30,
  lasterror: null,
  lasterrormessage: null,
};

function renderPage(type: UserType, reply: Route | (() => Route)) {
  const { calls } = mockFetch({ [`GET ${url}`]: reply });
  renderRoutes(
    [
      {
        path: '/',
        element: signedIn(sessionFor(type)),
        children: [{ index: true, element: <IntegrationsPage /> }],
      },
    ],
    '/',
  );
  return calls;
}

describe('IntegrationsPage', () => {
  it('shows the NOC each system: kind, address, last success and last error with their zone', async () => {
    renderPage(1, ok({ count: 3, results: [tickets, netbox, telemetry] }));
    // Loading first.
    expect(screen.getByLabelText('Loading integrations')).toBeTruthy();

    const prometheus = await screen.findByRole('region', { name: telemetry.name });
    expect(within(prometheus).getByText('Real')).toBeTruthy();
    // The last error came after the last success: the system is failing, and the reason shows.
    expect(within(prometheus).getByText('Failing')).toBeTruthy();
    expect(within(prometheus).getByText('http://prometheus.example.org:9090')).toBeTruthy();
    expect(within(prometheus).getByText(telemetry.lasterrormessage!)).toBeTruthy();
    const lastError = formatDateTime(telemetry.lasterror);
    expect(lastError).toMatch(/ AE[DS]T$/);
    expect(within(prometheus).getByText(lastError, { exact: false })).toBeTruthy();
    expect(
      within(prometheus).getByText(formatDateTime(telemetry.lastsuccess), { exact: false }),
    ).toBeTruthy();

    const zendesk = screen.getByRole('region', { name: tickets.name });
    expect(within(zendesk).queryByText('Failing')).toBeNull();
    expect(within(zendesk).getByText(/Last error:/).textContent).toBe('Last error: Never');

    const simulated = screen.getByRole('region', { name: netbox.name });
    expect(within(simulated).getByText('Simulated')).toBeTruthy();
    expect(within(simulated).queryByText(/Last success/)).toBeNull();
    expect(within(simulated).getByText(/built-in simulator/)).toBeTruthy();
  });

  it('says so when there is nothing to show', async () => {
    renderPage(1, ok({ count: 0, results: [] }));
    expect(await screen.findByText('No external systems are configured')).toBeTruthy();
  });

  it('shows the load error and tries again', async () => {
    let failing = true;
    const calls = renderPage(1, () =>
      failing
        ? { status: 500, body: { result: 'Failure', message: 'Internal server error' } }
        : ok({ count: 1, results: [tickets] }),
    );
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('An error occurred retrieving the integrations');
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: tickets.name })).toBeTruthy();
    expect(calls.filter((c) => c.url === url).length).toBeGreaterThanOrEqual(2);
  }, 15_000);

  it.each([2, 3, 4, 5] as const)('type %i is told it has no access, and nothing is asked', async (type) => {
    const calls = renderPage(type, ok({ count: 1, results: [tickets] }));
    expect(await screen.findByText('Not available to your role')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
