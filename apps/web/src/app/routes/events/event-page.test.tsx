import type { EventDetail } from '@lightpath/domain/events';
import { eventMessages } from '@lightpath/domain/events';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { detail, ok, renderSignedIn, sessionFor } from '../../../test/events-test-fixtures';
import type { mockFetch } from '../../../test/fetch-mock';
import { EventPage } from './event-page';

// The wizard has its own tests; here it only has to open in edit mode with this event.
vi.mock('../../../features/events/components/event-wizard/event-wizard', () => ({
  EventWizard: ({ opened, onClose, event }: { opened: boolean; onClose: () => void; event?: EventDetail }) =>
    opened ? (
      <div role="dialog" aria-label={event ? `Edit event ${event.eventid}` : 'New Event'}>
        <button type="button" onClick={onClose}>
          Close wizard
        </button>
      </div>
    ) : null,
}));

vi.setConfig({ testTimeout: 20_000 });

type Routes = Parameters<typeof mockFetch>[0];

function render(session: ReturnType<typeof sessionFor>, url: string, routes: Routes) {
  return renderSignedIn(
    session,
    [
      { path: '/event/:eventid', element: <EventPage /> },
      { path: '/events', element: <p>Outages list</p> },
    ],
    url,
    routes,
  );
}

const panel = (name: string) => screen.getByRole('region', { name });

describe('EventPage', () => {
  it('shows the NOC every section of the event', async () => {
    render(sessionFor(1), '/event/4211', { 'GET /api/event/4211': ok(detail) });
    expect(await screen.findByRole('heading', { name: detail.title })).toBeTruthy();
    expect(document.title).toContain('Event #4211');
    expect(screen.getAllByText('Unplanned Outage').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Ongoing').length).toBeGreaterThan(0);

    const details = panel('Details');
    expect(within(details).getByText('Hardware Fault')).toBeTruthy();
    expect(within(details).getByText('Critical')).toBeTruthy();
    expect(within(details).getByText('#1207')).toBeTruthy();
    expect(within(details).getByText('Jo Field')).toBeTruthy();
    expect(within(details).getByText('Meridian Research Network NOC')).toBeTruthy();
    expect(within(details).getByText('Not yet restored')).toBeTruthy();
    expect(within(details).getByText(/so far$/)).toBeTruthy();

    expect(within(panel('Description')).getByText('Field crews are locating the fault.')).toBeTruthy();
    const service = within(panel('Services')).getByRole('link', { name: 'UNG0001004701B' });
    expect(service.getAttribute('href')).toBe('/service/UNG0001004701B');
    expect(within(panel('Services')).getByText('Offline')).toBeTruthy();
    const site = within(panel('Sites')).getByRole('link', { name: 'Main Campus' });
    expect(site.getAttribute('href')).toBe('/site/21');
    expect(within(panel('Customers')).getByText('University of Northgate')).toBeTruthy();
    const notifications = panel('Notifications');
    expect(within(notifications).getByText('Failed')).toBeTruthy();
    expect(within(notifications).getByText('Ticket system unavailable')).toBeTruthy();
    expect(within(panel('Comments')).getByText('Crew on site.')).toBeTruthy();
    expect(within(panel('Comments')).getByRole('textbox', { name: 'Add a comment' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('shows a customer user neither customers, notifications, the comment form nor Edit and Delete', async () => {
    render(sessionFor(5), '/event/4211', { 'GET /api/event/4211': ok(detail) });
    expect(await screen.findByRole('heading', { name: detail.title })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Services' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Sites' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Customers' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(within(panel('Comments')).getByText('Crew on site.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Add a comment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('lets engineering comment but not edit, and shows no notifications', async () => {
    render(sessionFor(3), '/event/4211', { 'GET /api/event/4211': ok(detail) });
    expect(await screen.findByRole('textbox', { name: 'Add a comment' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Customers' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('asks before deleting, then goes back to the outages with a toast', async () => {
    const { calls } = render(sessionFor(1), '/event/4211', {
      'GET /api/event/4211': ok(detail),
      'DELETE /api/event/4211': ok(undefined, eventMessages.deleted),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete event' });
    expect(within(dialog).getByText(/#4211/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete event' })).toBeNull(), {
      timeout: 5000,
    });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete event' })).getByRole('button', {
        name: 'Delete event',
      }),
    );
    // The confirm modal closes with a transition first; a busy machine needs more than a second.
    expect(await screen.findByText('Outages list', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/event/4211']);
    expect(await screen.findByText(eventMessages.deleted, {}, { timeout: 5000 })).toBeTruthy();
  });

  it("refuses an empty comment with 'Comment is required' and sends nothing", async () => {
    const { calls } = render(sessionFor(1), '/event/4211', { 'GET /api/event/4211': ok(detail) });
    fireEvent.click(await screen.findByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText(eventMessages.commentMissing)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Add a comment' }), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText(eventMessages.commentMissing)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('adds a comment and shows it at once', async () => {
    const added = { commentid: 2, author: 'Test User', body: 'Splice complete.', createdat: 1_750_010_000 };
    const { calls } = render(sessionFor(1), '/event/4211', {
      'GET /api/event/4211': ok(detail),
      'POST /api/event/4211/comment': {
        status: 201,
        body: { result: 'Success', payload: { comment: added } },
      },
    });
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    fireEvent.change(box, { target: { value: '  Splice complete.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await within(panel('Comments')).findByText('Splice complete.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ comment: 'Splice complete.' });
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    expect(await screen.findByText(eventMessages.commentAdded)).toBeTruthy();
  });

  it('opens the wizard in edit mode with this event', async () => {
    render(sessionFor(1), '/event/4211', { 'GET /api/event/4211': ok(detail) });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit event 4211' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close wizard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit event 4211' })).toBeNull());
  });

  it('says not found for an event that does not exist or is out of scope', async () => {
    render(sessionFor(4), '/event/999', {
      'GET /api/event/999': { status: 404, body: { result: 'Failure', message: eventMessages.notFound } },
    });
    expect(await screen.findByText('Not found')).toBeTruthy();
    expect(
      screen.getByText('The event you asked for does not exist, or is not visible to you.'),
    ).toBeTruthy();
  });

  it('does not ask the API for an id that is not a number', async () => {
    const { calls } = render(sessionFor(1), '/event/abc', {});
    expect(await screen.findByText('Not found')).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/event'))).toBe(false);
  });
});
