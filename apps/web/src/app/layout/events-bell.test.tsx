import type { EventSummary } from '@lightpath/domain/events';
import { eventMessages } from '@lightpath/domain/events';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { EventsBell } from './events-bell';

// These render the whole Mantine tree: seconds on a busy shared machine.
const slow = 15_000;
const now = Math.floor(Date.now() / 1000);

function summary(eventid: number, fields: Partial<EventSummary>): EventSummary {
  return {
    eventid,
    number: 1000 + eventid,
    title: `Event ${eventid}`,
    type: 1,
    starttime: now - 3600,
    endtime: now + 3600,
    priority: 3,
    slatype: 1,
    initiator: 'NOC',
    approver: 'NOC',
    createdat: now - 86_400,
    updatedat: now - 86_400,
    revision: 1,
    servicecount: 2,
    customercount: 1,
    timing: 'current',
    ...fields,
  };
}

const latest = [
  summary(4211, {
    title: 'Fibre cut at Northgate',
    type: 3,
    starttime: now - 7200,
    endtime: null,
    timing: 'ongoing',
  }),
  summary(4212, { title: 'Router upgrade in Eastbrook', type: 1 }),
  summary(4213, {
    title: 'Hazard window near Harbour Road',
    type: 2,
    starttime: now + 86_400,
    endtime: now + 90_000,
    timing: 'upcoming',
  }),
  summary(4200, {
    title: 'Power maintenance',
    type: 1,
    starttime: now - 90_000,
    endtime: now - 86_400,
    timing: 'ended',
  }),
];

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

// The row (a link to the event) that shows this title. By text rather than by role: jsdom never runs
// the popover's opening transition, so the dropdown stays display: none, which role queries skip.
async function row(title: string): Promise<HTMLAnchorElement> {
  const link = (await screen.findByText(title)).closest('a');
  if (!link) throw new Error(`${title} is not inside a link`);
  return link;
}

function renderBell(route: Parameters<typeof mockFetch>[0][string]) {
  const { calls } = mockFetch({ 'GET /api/events': route });
  const view = renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <EventsBell />
            <Where />
          </>
        ),
      },
    ],
    '/',
  );
  const bell = () => screen.getByRole('button', { name: /^Network events/ });
  const open = () => fireEvent.click(bell());
  return { ...view, calls, open, bell };
}

const page = (results: EventSummary[]) => ({
  body: { result: 'Success', payload: { count: results.length, limit: 10, offset: 0, results } },
});

describe('EventsBell', () => {
  it(
    'lists the latest events and counts those happening now on the bell',
    async () => {
      const { calls, open, queryClient } = renderBell(page(latest));
      await waitFor(() => expect(screen.getByTestId('events-bell-count').textContent).toBe('2'));
      // The count the bell shows is part of its name (WCAG 2.5.3, label in name).
      expect(screen.getByRole('button', { name: 'Network events: 2 happening now' })).toBeTruthy();
      const url = new URL(calls[0]?.url ?? '', 'http://x');
      expect(url.searchParams.get('view')).toBe('latest');
      expect(url.searchParams.get('limit')).toBe('10');
      expect(queryClient.getQueryData(['events', 'latest'])).toBeTruthy();

      open();
      const outage = await row('Fibre cut at Northgate');
      expect(outage.getAttribute('href')).toBe('/event/4211');
      expect(outage.textContent).toContain('Unplanned Outage · Ongoing');
      expect((await row('Router upgrade in Eastbrook')).textContent).toContain(
        'Scheduled Works · In progress',
      );
      expect((await row('Hazard window near Harbour Road')).textContent).toContain(
        'Planned Hazard Window · Upcoming',
      );
      expect((await row('Power maintenance')).textContent).toContain('Ended');
      // The type's colour on the dot.
      expect(outage.innerHTML).toContain('var(--mantine-color-red-6)');
    },
    slow,
  );

  it(
    'goes to the event and closes when a row is clicked',
    async () => {
      const { open } = renderBell(page(latest));
      open();
      fireEvent.click(await row('Router upgrade in Eastbrook'));
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/event/4212'));
      // The dropdown closes (and its rows go) without a click elsewhere.
      await waitFor(() => expect(screen.queryByText('Router upgrade in Eastbrook')).toBeNull());
    },
    slow,
  );

  it(
    'works out "now" in the browser: an event that has since started counts',
    async () => {
      // The server called it upcoming a moment ago; it has started since.
      const { open } = renderBell(
        page([
          summary(5, { title: 'Just started', starttime: now - 5, endtime: now + 600, timing: 'upcoming' }),
        ]),
      );
      await waitFor(() => expect(screen.getByTestId('events-bell-count').textContent).toBe('1'));
      open();
      expect((await row('Just started')).textContent).toContain('In progress');
    },
    slow,
  );

  it(
    'shows a skeleton while loading',
    async () => {
      // A reply that never comes.
      vi.stubGlobal(
        'fetch',
        vi.fn(() => new Promise(() => {})),
      );
      renderRoutes([{ path: '*', element: <EventsBell /> }], '/');
      fireEvent.click(screen.getByRole('button', { name: 'Network events' }));
      expect(await screen.findByLabelText('Loading network events')).toBeTruthy();
    },
    slow,
  );

  it(
    'keeps the calm empty state and no badge when nothing is happening',
    async () => {
      const { open, calls } = renderBell(page([]));
      await waitFor(() => expect(calls).toHaveLength(1));
      open();
      expect(await screen.findByText('No current network events')).toBeTruthy();
      expect(screen.getByTestId('events-bell-count').textContent).toBe('');
    },
    slow,
  );

  it(
    'says so when the events cannot be loaded',
    async () => {
      const { open } = renderBell({ status: 500, body: { result: 'Failure', message: 'boom' } });
      open();
      expect(await screen.findByText(eventMessages.networkEventsFailed)).toBeTruthy();
    },
    slow,
  );
});
