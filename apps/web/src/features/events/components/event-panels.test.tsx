import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/token-storage';
import { outage, page, sessionFor, signedIn, works } from '../../../test/events-test-fixtures';
import { mockFetch } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { DashboardEventsPanel } from './dashboard-events-panel';
import { ServiceEventsPanel } from './service-events-panel';

vi.setConfig({ testTimeout: 20_000 });

function render(
  type: Parameters<typeof sessionFor>[0],
  element: ReactNode,
  routes: Parameters<typeof mockFetch>[0],
) {
  const fetch = mockFetch(routes);
  renderRoutes([{ element: signedIn(sessionFor(type)), children: [{ path: '/', element }] }], '/');
  return fetch;
}

function queryOf(calls: { url: string }[], path: string) {
  const call = calls.find((c) => c.url.split('?')[0] === path);
  return Object.fromEntries(new URL(call?.url ?? 'http://x', 'http://x').searchParams);
}

beforeEach(() => {
  setToken('token', false);
});

describe('DashboardEventsPanel', () => {
  it('lists the first five current and upcoming events, each linking to its page', async () => {
    const { calls } = render(4, <DashboardEventsPanel />, { 'GET /api/events': page([outage, works], 7) });
    const region = await screen.findByRole('region', { name: 'Current and upcoming events' });
    const link = await within(region).findByRole('link', { name: new RegExp(outage.title) });
    expect(link.getAttribute('href')).toBe('/event/4211');
    expect(within(region).getByText('Upcoming')).toBeTruthy();
    expect(within(region).getByText('(7)')).toBeTruthy();
    // Issue 12: the 'latest' view (the bell's) brought events that ended within the week.
    expect(queryOf(calls, '/api/events')).toMatchObject({ view: 'open', limit: '5', offset: '0' });
  });

  it('is calm when nothing is happening', async () => {
    render(5, <DashboardEventsPanel />, { 'GET /api/events': page([]) });
    expect(await screen.findByText('No current or upcoming events')).toBeTruthy();
  });

  it('is not there for a technician', async () => {
    const { calls } = render(2, <DashboardEventsPanel />, {});
    expect(screen.queryByRole('region', { name: 'Current and upcoming events' })).toBeNull();
    expect(calls).toHaveLength(0);
  });
});

describe('ServiceEventsPanel', () => {
  it("lists the service's events from GET events/{serviceid}", async () => {
    const { calls } = render(4, <ServiceEventsPanel serviceid="UNG0001004701B" />, {
      'GET /api/events/UNG0001004701B': page([works]),
    });
    expect(await screen.findByRole('link', { name: works.title })).toBeTruthy();
    expect(queryOf(calls, '/api/events/UNG0001004701B')).toMatchObject({ limit: '10', offset: '0' });
  });

  it("says 'An error occurred retrieving events' when they cannot be loaded", async () => {
    render(4, <ServiceEventsPanel serviceid="UNG0001004701B" />, {
      'GET /api/events/UNG0001004701B': { status: 500, body: { result: 'Failure' } },
    });
    expect(await screen.findByText('An error occurred retrieving events')).toBeTruthy();
  });
});
