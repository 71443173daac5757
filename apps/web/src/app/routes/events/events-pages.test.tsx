import { eventMessages } from '@lightpath/domain/events';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { defaultPastRange, rangeSeconds } from '../../../features/events/event-format';
import { outage, page, renderSignedIn, sessionFor, works } from '../../../test/events-test-fixtures';
import type { mockFetch } from '../../../test/fetch-mock';
import { NetworkOutagesPage, ScheduledEventsPage } from './events-page';
import { PastEventsPage } from './past-events-page';

// The wizard has its own tests; here it only has to open and close with the URL.
vi.mock('../../../features/events/components/event-wizard/event-wizard', () => ({
  EventWizard: ({ opened, onClose }: { opened: boolean; onClose: () => void }) =>
    opened ? (
      <div role="dialog" aria-label="New Event">
        <button type="button" onClick={onClose}>
          Close wizard
        </button>
      </div>
    ) : null,
}));

// Whole pages with Mantine render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

type Routes = Parameters<typeof mockFetch>[0];

function render(session: ReturnType<typeof sessionFor>, url: string, routes: Routes) {
  return renderSignedIn(
    session,
    [
      { path: '/events', element: <NetworkOutagesPage /> },
      { path: '/events/scheduled-events', element: <ScheduledEventsPage /> },
      { path: '/events/past-events', element: <PastEventsPage /> },
    ],
    url,
    { 'GET /api/customers': page([]), ...routes },
  );
}

function queryOf(calls: { url: string }[], path: string) {
  const call = calls.filter((c) => c.url.split('?')[0] === path).at(-1);
  return Object.fromEntries(new URL(call?.url ?? 'http://x', 'http://x').searchParams);
}

const where = () => screen.getByTestId('where').textContent;

describe('Network Outages and Scheduled Events', () => {
  it('lists outages with their type, timing, counts and a link to each event', async () => {
    const { calls } = render(sessionFor(1), '/events', { 'GET /api/events': page([outage]) });
    const link = await screen.findByRole('link', { name: outage.title });
    expect(link.getAttribute('href')).toBe('/event/4211');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('Unplanned Outage')).toBeTruthy();
    expect(within(row).getByText('Ongoing')).toBeTruthy();
    expect(within(row).getByText('Not yet restored')).toBeTruthy();
    expect(within(row).getByText('#1207')).toBeTruthy();
    expect(within(row).getByText('Critical')).toBeTruthy();
    // Staff see the customers count; the services count is there for everyone.
    expect(within(row).getByText('3 services')).toBeTruthy();
    expect(within(row).getByText('2 customers')).toBeTruthy();
    expect(queryOf(calls, '/api/events')).toMatchObject({ view: 'outages', limit: '25', offset: '0' });
    // Outages are all one type: there is nothing to filter by type.
    expect(screen.queryByRole('combobox', { name: 'Filter by event type' })).toBeNull();
    expect(document.title).toContain('Network Outages');
  });

  it('opens an event from anywhere on its row', async () => {
    const { router } = render(sessionFor(4), '/events', { 'GET /api/events': page([outage]) });
    const link = await screen.findByRole('link', { name: outage.title });
    fireEvent.click(within(link.closest('tr') as HTMLElement).getByText('Ongoing'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/event/4211'));
  });

  it('hides the customers count and New Event from a customer', async () => {
    render(sessionFor(5), '/events/scheduled-events', { 'GET /api/events': page([works]) });
    const link = await screen.findByRole('link', { name: works.title });
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText(/^\d+ services?$/)).toBeTruthy();
    expect(within(row).queryByText(/customers?$/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'New Event' })).toBeNull();
  });

  it('sends the view, page, sort and filters from the URL to the API', async () => {
    const { calls } = render(
      sessionFor(1),
      '/events/scheduled-events?q=router&type=1&sort=-starttime&page=2',
      {
        'GET /api/events': page([works], 30),
      },
    );
    await screen.findByRole('link', { name: works.title });
    expect(queryOf(calls, '/api/events')).toMatchObject({
      view: 'scheduled',
      q: 'router',
      type: '1',
      sort: '-starttime',
      limit: '25',
      offset: '25',
    });
    expect(screen.getByText('Showing 26–30 of 30 events')).toBeTruthy();
  });

  it('puts the search and the sort in the URL', async () => {
    const { calls } = render(sessionFor(1), '/events/scheduled-events', { 'GET /api/events': page([works]) });
    await screen.findByRole('link', { name: works.title });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search events' }), {
      target: { value: 'router' },
    });
    await waitFor(() => expect(where()).toBe('/events/scheduled-events?q=router'));
    await waitFor(() => expect(queryOf(calls, '/api/events').q).toBe('router'));
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(where()).toBe('/events/scheduled-events?q=router&sort=starttime'));
    await waitFor(() => expect(queryOf(calls, '/api/events').sort).toBe('starttime'));
  });

  it('filters scheduled events by type through the URL', async () => {
    render(sessionFor(1), '/events/scheduled-events', { 'GET /api/events': page([works]) });
    await screen.findByRole('link', { name: works.title });
    const input = screen.getByRole('combobox', { name: 'Filter by event type' });
    fireEvent.click(input);
    const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '') as HTMLElement;
    fireEvent.click(
      await within(listbox).findByRole('option', { name: 'Planned Hazard Window', hidden: true }),
    );
    await waitFor(() => expect(where()).toBe('/events/scheduled-events?type=2'));
  });

  it("says 'No network outages in the last 7 days' when there are none", async () => {
    render(sessionFor(4), '/events', { 'GET /api/events': page([]) });
    expect(await screen.findByText('No network outages in the last 7 days')).toBeTruthy();
  });

  it('offers to clear the filters when they match nothing', async () => {
    render(sessionFor(4), '/events/scheduled-events?q=nothing', { 'GET /api/events': page([]) });
    expect(await screen.findByText('No events match these filters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(where()).toBe('/events/scheduled-events'));
  });

  it("says spec 8's 'An error occurred retrieving events' when the list fails", async () => {
    render(sessionFor(4), '/events', {
      'GET /api/events': { status: 500, body: { result: 'Failure', message: 'Database unavailable' } },
    });
    expect(await screen.findByText(eventMessages.loadFailed)).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
  });

  it("opens the wizard from the sidebar's ?action=new-event and drops the parameter on close", async () => {
    render(sessionFor(1), '/events?action=new-event', { 'GET /api/events': page([outage]) });
    const dialog = await screen.findByRole('dialog', { name: 'New Event' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close wizard' }));
    await waitFor(() => expect(where()).toBe('/events'));
    expect(screen.queryByRole('dialog', { name: 'New Event' })).toBeNull();
    // The page's own button opens it again.
    fireEvent.click(screen.getByRole('button', { name: 'New Event' }));
    expect(await screen.findByRole('dialog', { name: 'New Event' })).toBeTruthy();
    expect(where()).toBe('/events?action=new-event');
  });

  it('never opens the wizard for a role that cannot create events', async () => {
    render(sessionFor(3), '/events?action=new-event', { 'GET /api/events': page([outage]) });
    await screen.findByRole('link', { name: outage.title });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('points a company admin to Company Settings for the calendar feed, but not a standard user', async () => {
    render(sessionFor(4, { companyAdmin: true }), '/events/scheduled-events', {
      'GET /api/events': page([works]),
    });
    const link = await screen.findByRole('link', { name: 'Company Settings' });
    expect(link.getAttribute('href')).toBe('/company-settings');
    cleanup();
    render(sessionFor(5), '/events/scheduled-events', { 'GET /api/events': page([works]) });
    await screen.findByRole('link', { name: works.title });
    expect(screen.queryByRole('link', { name: 'Company Settings' })).toBeNull();
  });

  it("sends the NOC to each customer's page for its calendar feed", async () => {
    render(sessionFor(1, { companyAdmin: true }), '/events/scheduled-events', {
      'GET /api/events': page([works]),
    });
    const link = await screen.findByRole('link', { name: 'Customers' });
    expect(link.getAttribute('href')).toBe('/customers');
    expect(screen.queryByRole('link', { name: 'Company Settings' })).toBeNull();
  });

  it('shows no events to a technician and asks nothing of the API', async () => {
    const { calls } = render(sessionFor(2), '/events', { 'GET /api/events': page([outage]) });
    expect(await screen.findByText('Not available to your role')).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/events'))).toBe(false);
  });
});

describe('Past Outages', () => {
  const nowSeconds = Math.floor(Date.now() / 1000);
  const range = rangeSeconds(defaultPastRange(nowSeconds).from, defaultPastRange(nowSeconds).to);
  const pastPath = `/api/events/past/${range?.start}/${range?.end}`;

  it('asks for the events that ended in the last 30 days by default', async () => {
    const ended = { ...outage, endtime: outage.starttime + 3600, timing: 'ended' as const };
    const { calls } = render(sessionFor(4), '/events/past-events', { [`GET ${pastPath}`]: page([ended]) });
    const link = await screen.findByRole('link', { name: outage.title });
    expect(within(link.closest('tr') as HTMLElement).getByText('Ended')).toBeTruthy();
    expect(queryOf(calls, pastPath)).toMatchObject({ limit: '25', offset: '0' });
    expect(((range?.end ?? 0) - (range?.start ?? 0)) / 86_400).toBeCloseTo(31, 0);
  });

  it('asks for the chosen days and keeps them in the URL', async () => {
    const chosen = rangeSeconds('2025-01-01', '2025-01-31');
    const chosenPath = `/api/events/past/${chosen?.start}/${chosen?.end}`;
    const { calls } = render(sessionFor(1), '/events/past-events?from=2025-01-01&to=2025-01-31&q=fibre', {
      [`GET ${chosenPath}`]: page([]),
    });
    expect(await screen.findByText('No events match these filters')).toBeTruthy();
    expect(queryOf(calls, chosenPath)).toMatchObject({ q: 'fibre' });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-01-15' } });
    await waitFor(() => expect(where()).toBe('/events/past-events?from=2025-01-01&to=2025-01-15&q=fibre'));
  });

  it('refuses a range that ends before it starts, without asking the API', async () => {
    const { calls } = render(sessionFor(4), '/events/past-events?from=2025-02-01&to=2025-01-01', {});
    expect((await screen.findAllByText(eventMessages.rangeInvalid)).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.url.startsWith('/api/events'))).toBe(false);
  });

  it("says 'An error occurred retrieving events' when the range fails", async () => {
    render(sessionFor(4), '/events/past-events', {
      [`GET ${pastPath}`]: { status: 500, body: { result: 'Failure' } },
    });
    expect(await screen.findByText(eventMessages.loadFailed)).toBeTruthy();
  });
});
