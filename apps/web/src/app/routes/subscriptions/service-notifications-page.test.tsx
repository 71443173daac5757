import type { Subscription } from '@lightpath/domain/subscriptions';
import type { UserType } from '@lightpath/domain/user-types';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserListItem } from '../../../lib/queries/list-users';
import { actorFromSession, type Session } from '../../../lib/session';
import { mockFetch, type Route } from '../../../test/fetch-mock';
import { ok, page, sessionFor, signedIn } from '../../../test/page-fixtures';
import { renderRoutes } from '../../../test/render';
import { serviceSummary } from '../../../test/services-test-fixtures';
import { ServiceNotificationsPage } from './service-notifications-page';

// These render the whole Mantine tree and wait out debounces: seconds on a busy shared machine.
const slow = 15_000;

// The signed-in user is Alex Morgan (userid 3), whose subscription `mine` is; a type 4 session is a
// company admin.
function sessionAs(type: UserType): Session {
  const session = sessionFor(type, { companyAdmin: type === 4 });
  const user = {
    ...session.user,
    userid: 3,
    firstname: 'Alex',
    surname: 'Morgan',
    email: 'me@northgate.example',
  };
  return { ...session, user, actor: actorFromSession(user, session.session) };
}

const mine: Subscription = {
  notificationid: 11,
  userid: 3,
  username: 'Alex Morgan',
  useremail: 'me@northgate.example',
  serviceid: 'UNG0001000201B',
  servicedescription: 'Library to Observatory',
  customercode: 'UNG',
};
const colleagues: Subscription = {
  notificationid: 12,
  userid: 8,
  username: 'Sam Lee',
  useremail: 'sam@northgate.example',
  serviceid: 'UNG0002000301H',
  servicedescription: 'Campus internet',
  customercode: 'UNG',
};

// A colleague at the same customer, as the user list sends them.
const sam: UserListItem = {
  ...sessionFor(5).user,
  userid: 8,
  firstname: 'Sam',
  surname: 'Lee',
  email: 'sam@northgate.example',
  customername: 'University of Northgate',
};

function renderPage(type: UserType, routes: Record<string, Route> = {}) {
  const { calls } = mockFetch({
    'GET /api/notifications': page([mine, colleagues]),
    'GET /api/services': page([serviceSummary('UNG0003000401D', 'Data centre link')]),
    'GET /api/users': page([sam]),
    'POST /api/notification': { status: 201, ...ok({ ...mine, notificationid: 13 }, 'Subscribed!') },
    'DELETE /api/notification/11': ok(undefined, 'Unsubscribed from service notifications'),
    ...routes,
  });
  const view = renderRoutes(
    [
      {
        element: signedIn(sessionAs(type)),
        children: [{ path: '/services/service-notifications', element: <ServiceNotificationsPage /> }],
      },
    ],
    '/services/service-notifications',
  );
  const invalidated = vi.spyOn(view.queryClient, 'invalidateQueries');
  return { ...view, calls, invalidated };
}

// Mantine ignores changes to an input that is not focused, and keeps each select's options in its
// own listbox; the options are found there.
async function pick(dialog: HTMLElement, label: string, option: string, typed?: string) {
  const input = within(dialog).getByRole('combobox', { name: label }) as HTMLInputElement;
  input.focus();
  fireEvent.click(input);
  if (typed !== undefined) fireEvent.change(input, { target: { value: typed } });
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
  if (!listbox) throw new Error(`no listbox for ${label}`);
  fireEvent.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
}

const listCalls = (calls: { method: string; url: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/notifications')).length;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ServiceNotificationsPage', () => {
  it(
    'lists subscriptions with a link to each service, its description, the user and e-mail',
    async () => {
      renderPage(4);
      const link = await screen.findByRole('link', { name: 'UNG0001000201B' });
      expect(link.getAttribute('href')).toBe('/service/UNG0001000201B');
      expect(screen.getByText('Library to Observatory')).toBeTruthy();
      expect(screen.getByText('Sam Lee')).toBeTruthy();
      expect(screen.getByText('sam@northgate.example')).toBeTruthy();
      // A customer admin removes anyone of its customer's.
      expect(screen.getByRole('button', { name: 'Unsubscribe Sam Lee from UNG0002000301H' })).toBeTruthy();
    },
    slow,
  );

  it(
    'lets a customer user remove only its own subscriptions',
    async () => {
      renderPage(5);
      await screen.findByText('Sam Lee');
      expect(
        screen.getByRole('button', { name: 'Unsubscribe Alex Morgan from UNG0001000201B' }),
      ).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Unsubscribe Sam Lee from UNG0002000301H' })).toBeNull();
    },
    slow,
  );

  it(
    'shows the empty state and the load error of spec 8',
    async () => {
      renderPage(4, { 'GET /api/notifications': page([]) });
      expect(await screen.findByText('No subscriptions yet')).toBeTruthy();
      cleanup();
      renderPage(4, { 'GET /api/notifications': { status: 500, body: { result: 'Failure' } } });
      expect(await screen.findByText('An error occurred retrieving notifications')).toBeTruthy();
    },
    slow,
  );

  it(
    'subscribes yourself to a service found by search, then reloads the list and the attention items',
    async () => {
      const { calls, invalidated } = renderPage(5);
      await screen.findByText('Sam Lee');
      const before = listCalls(calls);
      fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
      const dialog = await screen.findByRole('dialog', { name: 'Subscribe to service notifications' });
      // A customer user subscribes only itself: no subscriber choice.
      expect(within(dialog).queryByLabelText('Subscriber')).toBeNull();
      // Nothing chosen: the domain message, and nothing sent.
      fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
      expect(await within(dialog).findByText('Service is required')).toBeTruthy();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);

      await pick(dialog, 'Service', 'UNG0003000401D — Data centre link', 'data');
      expect(calls.some((c) => c.url.startsWith('/api/services?') && c.url.includes('q=data'))).toBe(true);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
      await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
      expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ serviceid: 'UNG0003000401D' });
      expect(await screen.findByText('Subscribed!')).toBeTruthy();
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Subscribe to service notifications' })).toBeNull(),
      );
      expect(invalidated).toHaveBeenCalledWith({ queryKey: ['subscriptions'] });
      expect(invalidated).toHaveBeenCalledWith({ queryKey: ['dashboard', 'attention'] });
      await waitFor(() => expect(listCalls(calls)).toBeGreaterThan(before));
    },
    slow,
  );

  it(
    'lets a customer admin subscribe a colleague, and shows a 409 on the service field',
    async () => {
      const { calls } = renderPage(4, {
        'POST /api/notification': {
          status: 409,
          body: {
            result: 'Failure',
            message: 'That user is already subscribed to this service',
            payload: {
              errors: [{ path: 'serviceid', message: 'That user is already subscribed to this service' }],
            },
          },
        },
      });
      await screen.findByText('Sam Lee');
      fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
      const dialog = await screen.findByRole('dialog', { name: 'Subscribe to service notifications' });
      await pick(dialog, 'Service', 'UNG0003000401D — Data centre link', 'data');
      const subscriber = within(dialog).getByRole('combobox', { name: 'Subscriber' }) as HTMLInputElement;
      expect(subscriber.value).toBe('Myself (me@northgate.example)');
      await pick(dialog, 'Subscriber', 'Sam Lee (sam@northgate.example)');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
      expect(await within(dialog).findByText('That user is already subscribed to this service')).toBeTruthy();
      expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
        serviceid: 'UNG0003000401D',
        userid: 8,
      });
    },
    slow,
  );

  it(
    'asks before unsubscribing, and sends nothing when cancelled',
    async () => {
      const { calls, invalidated } = renderPage(5);
      const remove = await screen.findByRole('button', {
        name: 'Unsubscribe Alex Morgan from UNG0001000201B',
      });
      fireEvent.click(remove);
      let dialog = await screen.findByRole('dialog', { name: 'Unsubscribe' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsubscribe' })).toBeNull());
      expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

      fireEvent.click(remove);
      dialog = await screen.findByRole('dialog', { name: 'Unsubscribe' });
      expect(within(dialog).getByText(/Stop telling/).textContent).toContain('UNG0001000201B');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Unsubscribe' }));
      await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
      expect(calls.find((c) => c.method === 'DELETE')!.url).toBe('/api/notification/11');
      expect(await screen.findByText('Unsubscribed from service notifications')).toBeTruthy();
      expect(invalidated).toHaveBeenCalledWith({ queryKey: ['dashboard', 'attention'] });
    },
    slow,
  );
});
