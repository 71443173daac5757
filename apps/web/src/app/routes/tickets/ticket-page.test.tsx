import { ticketMessages } from '@lightpath/domain/tickets';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderSignedIn, site } from '../../../test/checkins-test-fixtures';
import type { mockFetch, RecordedCall } from '../../../test/fetch-mock';
import { jobTicket, ok, outageDetail, sessionFor } from '../../../test/tickets-test-fixtures';
import { TicketPage } from './ticket-page';

vi.setConfig({ testTimeout: 20_000 });

type Routes = Parameters<typeof mockFetch>[0];

function render(session: ReturnType<typeof sessionFor>, url: string, routes: Routes) {
  return renderSignedIn(session, [{ path: '/ticket/:ticketid', element: <TicketPage /> }], url, routes);
}

const panel = (name: string) => screen.getByRole('region', { name });
const writes = (calls: RecordedCall[]) => calls.filter((c) => c.method !== 'GET');

describe('TicketPage', () => {
  it('shows the ticket, its services, times in the portal zone, attachments and the thread oldest first', async () => {
    render(sessionFor(4), '/ticket/4211', { 'GET /api/ticket/4211': ok(outageDetail) });
    expect(await screen.findByText(outageDetail.subject)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ticket #4211' })).toBeTruthy();
    expect(document.title).toContain('Ticket #4211');

    const details = panel('Details');
    expect(within(details).getByText('Open')).toBeTruthy();
    expect(within(details).getByText('Incident')).toBeTruthy();
    expect(within(details).getByText('Robin Hart')).toBeTruthy();
    expect(within(details).getByText('noc@northgate.example')).toBeTruthy();
    // Spec 9's format, in Sydney time whatever the browser's zone.
    expect(within(details).getByText('Thursday, July 2nd 2026, 8:00 am AEST')).toBeTruthy();
    // A customer is not shown whose ticket it is: it is always its own.
    expect(within(details).queryByText('UNG')).toBeNull();

    const service = within(panel('Services')).getByRole('link', { name: 'UNG0012004701B' });
    expect(service.getAttribute('href')).toBe('/service/UNG0012004701B');
    expect(within(panel('Attachments')).getByText('photo.jpg')).toBeTruthy();
    expect(within(panel('Attachments')).getByText('(2 KB)')).toBeTruthy();

    // Issue 12: the first comment is the description as written; it is shown once, as the
    // description, as HTML (not flattened), and the thread starts with the first reply.
    const comments = within(panel('Comments')).getAllByRole('article');
    expect(comments.map((c) => c.getAttribute('aria-label'))).toEqual(['Comment by Nia Operator']);
    // The server's sanitised HTML is rendered as HTML, not shown as markup.
    const bold = within(panel('Description')).getByText('dark');
    expect(bold.tagName).toBe('STRONG');
    expect(within(panel('Comments')).queryByText('dark')).toBeNull();
    // Customers comment; only the NOC and engineering change the status.
    expect(screen.queryByRole('combobox', { name: 'Change status' })).toBeNull();
    // Not an event's notice: no event to link to.
    expect(within(details).queryByText('Event')).toBeNull();
  });

  it("links a notice's ticket to its event", async () => {
    render(sessionFor(4), '/ticket/4211', { 'GET /api/ticket/4211': ok({ ...outageDetail, eventid: 4300 }) });
    expect(await screen.findByText(outageDetail.subject)).toBeTruthy();
    const link = within(panel('Details')).getByRole('link', { name: 'Event #4300' });
    expect(link.getAttribute('href')).toBe('/event/4300');
  });

  it('downloads an attachment with the session token, under its own name, and says when it fails', async () => {
    const [photo] = outageDetail.attachments;
    const url = `/api/ticket/4211/attachment/${photo!.attachmentid}`;
    let fails = false;
    const { calls } = render(sessionFor(4), '/ticket/4211', {
      'GET /api/ticket/4211': ok(outageDetail),
      [`GET ${url}`]: () =>
        fails
          ? { status: 404, body: { result: 'Failure', message: ticketMessages.attachmentNotFound } }
          : { text: 'JPEG bytes' },
    });
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:photo');
    // jsdom has no object URLs: a URL class with them, for this test only (unstubbed after each).
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = vi.fn();
      },
    );

    const button = await screen.findByRole('button', { name: 'Download photo.jpg' });
    fireEvent.click(button);
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:photo', download: 'photo.jpg' }]));
    const download = calls.find((c) => c.url === url);
    expect(download?.headers['X-AUTH-TOKEN']).toBe('token');
    expect(await (createObjectURL.mock.calls[0]![0] as Blob).text()).toBe('JPEG bytes');

    fails = true;
    fireEvent.click(button);
    expect(await screen.findByText(ticketMessages.attachmentNotFound)).toBeTruthy();
    expect(saved).toHaveLength(1);
  });

  it('posts a comment, disables the box while it goes, and shows the refreshed thread', async () => {
    let detail = outageDetail;
    const { calls } = render(sessionFor(5), '/ticket/4211', {
      'GET /api/ticket/4211': () => ok(detail),
      'POST /api/ticket/4211/comment': () => {
        detail = {
          ...outageDetail,
          comments: [
            ...outageDetail.comments,
            {
              commentid: 3,
              author: 'Test User',
              authoruserid: 5,
              htmlbody: '<p>Still down.</p>',
              created_at: 1,
            },
          ],
        };
        const comment = { author: 'Test User', authoruserid: 5, htmlbody: '<p>Still down.</p>' };
        return { status: 201, body: { result: 'Success', message: 'Comment added', payload: { comment } } };
      },
    });
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText(ticketMessages.commentRequired)).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    fireEvent.change(box, { target: { value: '  Still down.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect((box as HTMLTextAreaElement).disabled).toBe(true));
    expect(await screen.findByText('Still down.')).toBeTruthy();
    expect(screen.getByText('Comment added')).toBeTruthy();
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        url: '/api/ticket/4211/comment',
        method: 'POST',
        body: { comment: 'Still down.' },
      }),
    ]);
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });

  it("toasts the server's reason when a comment is refused", async () => {
    render(sessionFor(5), '/ticket/4211', {
      'GET /api/ticket/4211': ok(outageDetail),
      'POST /api/ticket/4211/comment': {
        status: 502,
        body: { result: 'Failure', message: 'Zendesk is unavailable' },
      },
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Add a comment' }), {
      target: { value: 'Any news?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText('Zendesk is unavailable')).toBeTruthy();
  });

  it('lets the NOC change the status', async () => {
    let detail = outageDetail;
    const { calls } = render(sessionFor(1), '/ticket/4211', {
      'GET /api/ticket/4211': () => ok(detail),
      'PUT /api/ticket/4211/status': () => {
        detail = { ...outageDetail, status: 'solved' };
        return ok({ ticketid: 4211, status: 'solved' }, ticketMessages.statusChanged('solved'));
      },
    });
    const select = await screen.findByRole('combobox', { name: 'Change status' });
    // Staff see the customer the ticket belongs to.
    expect(within(panel('Details')).getByText('UNG')).toBeTruthy();
    fireEvent.click(select);
    const listbox = document.getElementById(select.getAttribute('aria-controls') ?? '') as HTMLElement;
    fireEvent.click(await within(listbox).findByRole('option', { name: 'Solved', hidden: true }));
    expect(await screen.findByText('Ticket status changed to Solved')).toBeTruthy();
    expect(writes(calls)).toEqual([
      expect.objectContaining({ url: '/api/ticket/4211/status', method: 'PUT', body: { status: 'solved' } }),
    ]);
    await waitFor(() => expect(within(panel('Details')).getByText('Solved')).toBeTruthy());
  });

  it('opens a job ticket for the technician it is assigned to', async () => {
    render(sessionFor(2), '/ticket/10001', {
      'GET /api/ticket/10001': ok({
        ...outageDetail,
        ...jobTicket,
        starttime: outageDetail.starttime,
        services: [],
        comments: [],
        attachments: [],
      }),
    });
    expect(await screen.findByText(jobTicket.subject)).toBeTruthy();
    const details = panel('Details');
    expect(within(details).getByText('Scheduled')).toBeTruthy();
    expect(within(details).getByRole('link', { name: 'Northgate PoP' }).getAttribute('href')).toBe('/site/3');
    expect(screen.getByRole('link', { name: 'Job Tickets' }).getAttribute('href')).toBe('/');
  });

  // Issue 12 and decisions.md: a technician could neither close their own job nor get from it to a
  // check-in at its site.
  it("lets a job's technician set it to pending or solved and check in at its site", async () => {
    const { calls } = render(sessionFor(2), '/ticket/10001', {
      'GET /api/ticket/10001': ok({
        ...outageDetail,
        ...jobTicket,
        starttime: outageDetail.starttime,
        services: [],
        comments: [],
        attachments: [],
      }),
      'GET /api/site/3': ok(site(3, 'S0003', 'Northgate PoP')),
      'GET /api/user/5/checkins/active': ok({ count: 0, limit: 100, offset: 0, results: [] }),
      'PUT /api/ticket/10001/status': ok(
        { ticketid: 10001, status: 'solved' },
        ticketMessages.statusChanged('solved'),
      ),
    });
    expect(await screen.findByRole('button', { name: 'Check in' })).toBeTruthy();
    const select = screen.getByRole('combobox', { name: 'Change status' });
    fireEvent.click(select);
    const listbox = document.getElementById(select.getAttribute('aria-controls') ?? '') as HTMLElement;
    const option = (name: string) => within(listbox).getByRole('option', { name, hidden: true });
    await within(listbox).findByRole('option', { name: 'Solved', hidden: true });
    expect(option('Pending').getAttribute('aria-disabled')).not.toBe('true');
    expect(within(listbox).queryByRole('option', { name: 'On hold', hidden: true })).toBeNull();
    fireEvent.click(option('Solved'));
    expect(await screen.findByText('Ticket status changed to Solved')).toBeTruthy();
    expect(writes(calls)).toEqual([
      expect.objectContaining({ url: '/api/ticket/10001/status', method: 'PUT', body: { status: 'solved' } }),
    ]);
  });

  it('shows the not-found state for a ticket out of scope, and for an id that is no number', async () => {
    render(sessionFor(5), '/ticket/999', {
      'GET /api/ticket/999': { status: 404, body: { result: 'Failure', message: ticketMessages.notFound } },
    });
    expect(await screen.findByText('Not found')).toBeTruthy();
    expect(
      screen.getByText('The ticket you asked for does not exist, or is not visible to you.'),
    ).toBeTruthy();
    cleanup();

    const { calls } = render(sessionFor(5), '/ticket/abc', {});
    expect(await screen.findByText('Not found')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
