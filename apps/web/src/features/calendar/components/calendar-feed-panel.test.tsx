import type { UserType } from '@lightpath/domain/user-types';
import { ModalsProvider } from '@mantine/modals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SessionContext } from '../../../lib/session';
import { mockFetch, type RecordedCall } from '../../../test/fetch-mock';
import { ok, sessionFor } from '../../../test/page-fixtures';
import { renderRoutes } from '../../../test/render';
import { CalendarFeedPanel } from './calendar-feed-panel';

const slow = 15_000;

const existing = {
  feedid: 4,
  customerid: 7,
  tokenhint: 'abcd',
  createdat: 1_760_000_000,
  createdby: 'Alex Morgan',
};
const newUrl = 'https://portal.example/api/calendar/NEWTOKEN0000000000000000000000000000000wxyz.ics';
const created = {
  url: newUrl,
  feed: { ...existing, feedid: 5, tokenhint: 'wxyz', createdat: 1_770_000_000 },
};

function renderPanel(
  options: { type?: UserType; companyAdmin?: boolean; feed?: typeof existing | null } = {},
) {
  const { type = 4, companyAdmin = true, feed = null } = options;
  const { calls } = mockFetch({
    'GET /api/calendar/feed': ok({ feed }),
    'POST /api/calendar/feed': { status: 201, ...ok(created, 'Calendar link created.') },
    'DELETE /api/calendar/feed': ok(undefined, 'Calendar feed revoked'),
  });
  const view = renderRoutes(
    [
      {
        path: '/',
        element: (
          <SessionContext value={sessionFor(type, { companyAdmin })}>
            <ModalsProvider>
              <p>page</p>
              <CalendarFeedPanel customerid={7} />
            </ModalsProvider>
          </SessionContext>
        ),
      },
    ],
    '/',
  );
  return { ...view, calls };
}

const feedCalls = (calls: RecordedCall[], method: string) =>
  calls.filter((c) => c.method === method && c.url.startsWith('/api/calendar/feed'));

describe('CalendarFeedPanel', () => {
  it('is hidden from users without the calendar permission, and asks nothing of the server', async () => {
    for (const [type, companyAdmin] of [
      [5, false],
      [4, false],
      [3, false],
    ] as const) {
      const { calls } = renderPanel({ type, companyAdmin });
      await screen.findByText('page');
      expect(screen.queryByRole('region', { name: 'Maintenance calendar' })).toBeNull();
      expect(feedCalls(calls, 'GET')).toHaveLength(0);
      cleanup();
    }
  });

  it(
    'explains the feed, creates a link and shows it once with a copy button and instructions',
    async () => {
      const writeText = vi.fn(async () => undefined);
      vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
      const { calls } = renderPanel();
      const panel = await screen.findByRole('region', { name: 'Maintenance calendar' });
      expect(within(panel).getByText(/Outlook or Google Calendar/)).toBeTruthy();
      expect(await within(panel).findByText('There is no calendar link yet.')).toBeTruthy();
      expect(feedCalls(calls, 'GET')[0]!.url).toBe('/api/calendar/feed?customerid=7');

      fireEvent.click(within(panel).getByRole('button', { name: 'Create calendar link' }));
      const link = (await within(panel).findByLabelText('Calendar link')) as HTMLInputElement;
      expect(link.value).toBe(newUrl);
      expect(feedCalls(calls, 'POST')).toHaveLength(1);
      expect(feedCalls(calls, 'POST')[0]!.body).toEqual({ customerid: 7 });
      expect(within(panel).getByText(/it is shown only this once/)).toBeTruthy();
      expect(within(panel).getByText(/Subscribe from web/)).toBeTruthy();
      expect(within(panel).getByText(/From URL/)).toBeTruthy();
      // The link now exists: it can be replaced or revoked, and its hint is shown.
      expect(within(panel).getByText('…wxyz')).toBeTruthy();
      expect(within(panel).getByRole('button', { name: 'Replace link' })).toBeTruthy();

      fireEvent.click(within(panel).getByRole('button', { name: 'Copy link' }));
      await waitFor(() => expect(writeText).toHaveBeenCalledWith(newUrl));
      expect(await within(panel).findByRole('button', { name: 'Copied' })).toBeTruthy();
    },
    slow,
  );

  it(
    'shows the live link, and replaces it only after a confirmation that the old one stops working',
    async () => {
      const { calls } = renderPanel({ feed: existing });
      const panel = await screen.findByRole('region', { name: 'Maintenance calendar' });
      expect(await within(panel).findByText('…abcd')).toBeTruthy();
      expect(within(panel).getByText(/by Alex Morgan/)).toBeTruthy();
      expect(within(panel).queryByLabelText('Calendar link')).toBeNull();

      fireEvent.click(within(panel).getByRole('button', { name: 'Replace link' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(/stops working at once/)).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(feedCalls(calls, 'POST')).toHaveLength(0);

      fireEvent.click(within(panel).getByRole('button', { name: 'Replace link' }));
      const again = await screen.findByRole('dialog');
      fireEvent.click(within(again).getByRole('button', { name: 'Replace link' }));
      const link = (await within(panel).findByLabelText('Calendar link')) as HTMLInputElement;
      expect(link.value).toBe(newUrl);
      expect(feedCalls(calls, 'POST')).toHaveLength(1);
      expect(within(panel).getByText('…wxyz')).toBeTruthy();
    },
    slow,
  );

  it(
    'revokes after a confirmation and then offers a new link',
    async () => {
      const { calls } = renderPanel({ feed: existing });
      const panel = await screen.findByRole('region', { name: 'Maintenance calendar' });
      fireEvent.click(await within(panel).findByRole('button', { name: 'Revoke' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(/calendars subscribed to it/)).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
      expect(await within(panel).findByText('There is no calendar link yet.')).toBeTruthy();
      const deletes = feedCalls(calls, 'DELETE');
      expect(deletes).toHaveLength(1);
      expect(deletes[0]!.url).toBe('/api/calendar/feed?customerid=7');
      expect(within(panel).getByRole('button', { name: 'Create calendar link' })).toBeTruthy();
    },
    slow,
  );

  it(
    'lets the NOC manage any customer, and says so when the link cannot be loaded',
    async () => {
      mockFetch({
        'GET /api/calendar/feed': {
          status: 500,
          body: { result: 'Failure', message: 'Database unavailable' },
        },
      });
      renderRoutes(
        [
          {
            path: '/',
            element: (
              <SessionContext value={sessionFor(1, { companyAdmin: true })}>
                <ModalsProvider>
                  <CalendarFeedPanel customerid={7} />
                </ModalsProvider>
              </SessionContext>
            ),
          },
        ],
        '/',
      );
      const panel = await screen.findByRole('region', { name: 'Maintenance calendar' });
      expect(await within(panel).findByText('An error occurred retrieving the calendar link')).toBeTruthy();
      expect(within(panel).getByText('Database unavailable')).toBeTruthy();
      expect(within(panel).getByText(/this customer's services/)).toBeTruthy();
    },
    slow,
  );
});
