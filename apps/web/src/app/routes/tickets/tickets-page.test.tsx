import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime, formatRelative } from '../../../lib/format';
import type { mockFetch } from '../../../test/fetch-mock';
import {
  ok,
  outageTicket,
  page,
  renderSignedIn,
  sessionFor,
  worksTicket,
} from '../../../test/tickets-test-fixtures';
import { TicketsPage } from './tickets-page';

// The wizard has its own tests; here it only has to open and close with the URL.
vi.mock('../../../features/tickets/components/ticket-wizard/ticket-wizard', () => ({
  TicketWizard: ({ opened, onClose }: { opened: boolean; onClose: () => void }) =>
    opened ? (
      <div role="dialog" aria-label="Create New Ticket">
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
      { path: '/tickets', element: <TicketsPage /> },
      { path: '/ticket/:ticketid', element: <p>Ticket page</p> },
    ],
    url,
    routes,
  );
}

function queryOf(calls: { url: string }[]) {
  const call = calls.filter((c) => c.url.split('?')[0] === '/api/tickets').at(-1);
  return Object.fromEntries(new URL(call?.url ?? 'http://x', 'http://x').searchParams);
}

const where = () => screen.getByTestId('where').textContent;

describe('TicketsPage', () => {
  it('lists the NOC every ticket with its status, type, customer, site and last update', async () => {
    const { calls } = render(sessionFor(1), '/tickets', {
      'GET /api/tickets': page([outageTicket, worksTicket]),
    });
    const link = await screen.findByRole('link', { name: outageTicket.subject });
    expect(link.getAttribute('href')).toBe('/ticket/4211');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('#4211')).toBeTruthy();
    expect(within(row).getByText('Open')).toBeTruthy();
    expect(within(row).getByText('Incident')).toBeTruthy();
    expect(within(row).getByText('UNG')).toBeTruthy();
    // The exact time is on hover; the cell reads relatively.
    const updated = within(row).getByTitle(formatDateTime(outageTicket.updated_at));
    expect(updated.textContent).toBe(formatRelative(outageTicket.updated_at));

    const works = (await screen.findByRole('link', { name: worksTicket.subject })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(works).getByText('Pending')).toBeTruthy();
    expect(within(works).getByText('Task')).toBeTruthy();
    expect(within(works).getByText('Main Campus')).toBeTruthy();

    expect(queryOf(calls)).toEqual({ limit: '25', offset: '0' });
    expect(screen.getByText('Showing 1–2 of 2 tickets')).toBeTruthy();
    expect(document.title).toContain('Tickets');
  });

  it('opens a ticket from anywhere on its row', async () => {
    const { router } = render(sessionFor(4), '/tickets', { 'GET /api/tickets': page([outageTicket]) });
    const link = await screen.findByRole('link', { name: outageTicket.subject });
    fireEvent.click(within(link.closest('tr') as HTMLElement).getByText('Incident'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ticket/4211'));
  });

  it('shows a customer no customer column', async () => {
    render(sessionFor(5), '/tickets', { 'GET /api/tickets': page([outageTicket]) });
    const row = (await screen.findByRole('link', { name: outageTicket.subject })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).queryByText('UNG')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Customer' })).toBeNull();
    expect(screen.getByRole('button', { name: 'New ticket' })).toBeTruthy();
  });

  it('sends the search, status and page from the URL to the API, and keeps changes in the URL', async () => {
    const { calls } = render(sessionFor(1), '/tickets?q=uplink&status=pending&page=2', {
      'GET /api/tickets': ok({ count: 30, limit: 25, offset: 25, results: [worksTicket] }),
    });
    await screen.findByRole('link', { name: worksTicket.subject });
    expect(queryOf(calls)).toEqual({ limit: '25', offset: '25', q: 'uplink', status: 'pending' });
    expect(screen.getByText('Showing 26–30 of 30 tickets')).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search tickets' }), {
      target: { value: 'campus' },
    });
    await waitFor(() => expect(where()).toBe('/tickets?q=campus&status=pending'));
    await waitFor(() => expect(queryOf(calls)).toMatchObject({ q: 'campus', offset: '0' }));
  });

  it('shows a count the server stopped at as a lower bound', async () => {
    // The server counts one past its window (listCountWindow): 1,001 means "more than 1,000".
    render(sessionFor(1), '/tickets', {
      'GET /api/tickets': ok({
        count: 1001,
        countexact: false,
        limit: 25,
        offset: 0,
        results: [worksTicket],
      }),
    });
    expect(await screen.findByText('Showing 1–25 of 1,000+ tickets')).toBeTruthy();
  });

  it('says there are no tickets yet and offers New ticket, which opens the wizard in the URL', async () => {
    render(sessionFor(4), '/tickets', { 'GET /api/tickets': page([]) });
    expect(await screen.findByText('No tickets yet')).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: 'New ticket' });
    // One in the header, one in the empty state.
    expect(buttons).toHaveLength(2);
    fireEvent.click(buttons[1] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Create New Ticket' })).toBeTruthy();
    expect(where()).toBe('/tickets?action=new-ticket');
  });

  it('offers to clear filters that match nothing', async () => {
    render(sessionFor(1), '/tickets?q=nothing&status=solved', { 'GET /api/tickets': page([]) });
    expect(await screen.findByText('No tickets match these filters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(where()).toBe('/tickets'));
  });

  it("opens the wizard from the sidebar's ?action=new-ticket and drops it on close", async () => {
    render(sessionFor(5), '/tickets?action=new-ticket', { 'GET /api/tickets': page([outageTicket]) });
    const dialog = await screen.findByRole('dialog', { name: 'Create New Ticket' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close wizard' }));
    await waitFor(() => expect(where()).toBe('/tickets'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets no one without tickets.create open the wizard', async () => {
    const session = sessionFor(5);
    render({ ...session, actor: { ...session.actor, chameleon: 2 } }, '/tickets?action=new-ticket', {
      'GET /api/tickets': page([outageTicket]),
    });
    expect(await screen.findByText('Not available to your role')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says 'An error occurred retrieving tickets' and retries", async () => {
    let fail = true;
    render(sessionFor(4), '/tickets', {
      'GET /api/tickets': () =>
        fail
          ? { status: 500, body: { result: 'Failure', message: 'Ticket system unavailable' } }
          : page([outageTicket]),
    });
    expect(await screen.findByText('An error occurred retrieving tickets')).toBeTruthy();
    expect(screen.getByText('Ticket system unavailable')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: outageTicket.subject })).toBeTruthy();
  });

  it('shows a technician no list and asks nothing of the API', async () => {
    const { calls } = render(sessionFor(2), '/tickets', { 'GET /api/tickets': page([outageTicket]) });
    expect(await screen.findByText('Not available to your role')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
