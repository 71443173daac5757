import { checkinMessages } from '@lightpath/domain/checkins';
import type { UserType } from '@lightpath/domain/user-types';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { inputsFromSeconds } from '../../../lib/time-zone';
import {
  carlton,
  checkinAt,
  docklands,
  library,
  me,
  nowSeconds,
  ok,
  page,
  renderSignedIn,
  sessionFor,
} from '../../../test/checkins-test-fixtures';
import type { mockFetch, RecordedCall, Route } from '../../../test/fetch-mock';
import { portalWallTime } from '../../../test/wall-time';
import { CheckinsPage } from './checkins-page';

vi.setConfig({ testTimeout: 20_000 });

type Routes = Parameters<typeof mockFetch>[0];

const mine = checkinAt(carlton, { checkinid: 901 });
const theirs = checkinAt(library, { checkinid: 902, userid: 8, username: 'Tom Hale' });
const closed = checkinAt(docklands, {
  checkinid: 880,
  checkintime: nowSeconds() - 86_400,
  checkouttime: nowSeconds() - 86_400 + 5400,
});

const queryOf = (call: RecordedCall) => Object.fromEntries(new URL(call.url, 'http://x').searchParams);

// GET /api/checkins answers the 'On site now' list (active=true) and the history apart.
function checkinsRoute(onSite: Route, history: Route) {
  return (call: RecordedCall) =>
    queryOf(call).active === 'true' && queryOf(call).limit === '1000' ? onSite : history;
}

function render(type: UserType, url: string, routes: Routes = {}) {
  return renderSignedIn(
    sessionFor(type),
    [
      { path: '/checkins', element: <CheckinsPage /> },
      { path: '/site/:siteid', element: <p>Site page</p> },
    ],
    url,
    {
      'GET /api/checkins': checkinsRoute(page([mine, theirs]), page([mine, theirs, closed], 3)),
      'GET /api/sites': page([carlton, docklands, library]),
      [`GET /api/user/${me}/checkins/active`]: page([mine]),
      ...routes,
    },
  );
}

const where = () => screen.getByTestId('where').textContent;
const writes = (calls: RecordedCall[]) => calls.filter((c) => c.method !== 'GET');

// Mantine keeps each select's options in its own listbox, so they are looked up there.
async function chooseSite(dialog: HTMLElement, option: string) {
  const input = within(dialog).getByRole('combobox', { name: /^Site/ });
  fireEvent.click(input);
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
  if (!listbox) throw new Error('no listbox for Site');
  fireEvent.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
}

describe('CheckinsPage', () => {
  it('shows who is on site now, with durations, and the history', async () => {
    const { calls } = render(2, '/checkins');
    expect(await screen.findByRole('heading', { name: 'Site Check-Ins' })).toBeTruthy();
    const onSite = await screen.findByRole('region', { name: 'On site now' });
    const myCard = await within(onSite).findByLabelText('Test User at Carlton PoP');
    expect(within(myCard).getByText('You')).toBeTruthy();
    expect(within(myCard).getByText('On site 2 h 05 min')).toBeTruthy();
    expect(within(myCard).getByRole('button', { name: 'Check out of Carlton PoP' })).toBeTruthy();
    const theirCard = within(onSite).getByLabelText('Tom Hale at Northgate Library');
    expect(within(theirCard).queryByRole('button')).toBeNull();
    expect(within(onSite).getByText('(2)')).toBeTruthy();

    const history = screen.getByRole('region', { name: 'History' });
    const rows = await within(history).findAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[3]!).getByRole('link', { name: 'Docklands PoP' }).getAttribute('href')).toBe(
      '/site/14',
    );
    expect(within(rows[3]!).getByText('1 h 30 min')).toBeTruthy();
    expect(within(rows[1]!).getByText('On site')).toBeTruthy();
    expect(within(history).getByText('Showing 1–3 of 3 check-ins')).toBeTruthy();

    const asked = calls.filter((c) => c.url.startsWith('/api/checkins')).map(queryOf);
    expect(asked).toContainEqual({ limit: '1000', offset: '0', active: 'true', sort: 'checkintime' });
    expect(asked).toContainEqual({ limit: '25', offset: '0' });
  });

  it('keeps search, state, sort and page in the URL and asks the API for them', async () => {
    const { calls } = render(1, '/checkins?q=carlton&state=closed&sort=sitename&page=2');
    await screen.findAllByRole('row');
    const history = calls.filter((c) => c.url.startsWith('/api/checkins')).map(queryOf);
    expect(history).toContainEqual({
      limit: '25',
      offset: '25',
      q: 'carlton',
      active: 'false',
      sort: 'sitename',
    });
    fireEvent.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(where()).toBe('/checkins?q=carlton&sort=sitename'));
    fireEvent.click(screen.getByRole('button', { name: /^Checked in/ }));
    await waitFor(() => expect(where()).toBe('/checkins?q=carlton&sort=checkintime'));
  });

  it('shows empty states, with a way out of the filters', async () => {
    render(3, '/checkins?q=nowhere', { 'GET /api/checkins': page([]) });
    expect(await screen.findByText('Nobody is checked in')).toBeTruthy();
    expect(await screen.findByText('No check-ins match these filters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(where()).toBe('/checkins'));
    expect(await screen.findByText('No check-ins yet')).toBeTruthy();
  });

  it("says 'An error occurred retrieving check-ins' when a list fails", async () => {
    render(1, '/checkins', {
      'GET /api/checkins': { status: 500, body: { result: 'Failure', message: 'Something went wrong' } },
    });
    expect((await screen.findAllByText(checkinMessages.loadFailed)).length).toBe(2);
  });

  it('is not offered to customers, and asks nothing', async () => {
    const { calls } = render(4, '/checkins?action=site-checkin');
    expect(await screen.findByText('Not available to your role')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toHaveLength(0);
  });
});

describe('SiteCheckinModal', () => {
  it('opens from ?action=site-checkin, checks in with the site, toasts and closes', async () => {
    const { calls } = render(1, '/checkins?action=site-checkin', {
      [`POST /api/site/${docklands.siteid}/checkin`]: {
        status: 201,
        ...ok(checkinAt(docklands, { checkinid: 950 }), 'Checked into Docklands PoP'),
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Site Check-In / Check-Out' });
    // Spec 6: a NOC user picks from enabled physical sites.
    const sites = calls.find((c) => c.url.startsWith('/api/sites'))!;
    expect(queryOf(sites)).toMatchObject({ sitetype: '1', status: '1', limit: '50', sort: 'sitename' });
    // The server searches (a network may have thousands of sites).
    const box = within(dialog).getByRole('combobox', { name: /^Site/ });
    box.focus();
    fireEvent.change(box, { target: { value: 'dock' } });
    await waitFor(() =>
      expect(calls.some((c) => c.url.startsWith('/api/sites') && queryOf(c).q === 'dock')).toBe(true),
    );
    await chooseSite(dialog, 'S0014 Docklands PoP · MRN');
    const submit = within(dialog).getByRole('button', { name: 'Check in' });
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    fireEvent.click(submit);
    expect(await screen.findByText('Checked into Docklands PoP')).toBeTruthy();
    expect(writes(calls)).toEqual([
      expect.objectContaining({ method: 'POST', url: '/api/site/14/checkin', body: { siteid: 14 } }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(where()).toBe('/checkins');
    // The lists and the open check-ins are asked again.
    await waitFor(() =>
      expect(calls.filter((c) => c.url.startsWith(`/api/user/${me}/checkins/active`)).length).toBeGreaterThan(
        1,
      ),
    );
  });

  it('becomes Check out when the user has an open check-in at the chosen site (spec 4)', async () => {
    const { calls } = render(2, '/checkins?action=site-checkin', {
      [`POST /api/site/${carlton.siteid}/checkout`]: ok(
        checkinAt(carlton, { checkinid: 901, checkouttime: nowSeconds() }),
        'Checked out from Carlton PoP',
      ),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Site Check-In / Check-Out' });
    // A technician picks from every physical site, disabled ones included.
    const sites = calls.find((c) => c.url.startsWith('/api/sites'))!;
    expect(queryOf(sites)).toMatchObject({ sitetype: '1' });
    expect(queryOf(sites)).not.toHaveProperty('status');

    await chooseSite(dialog, 'S0014 Docklands PoP · MRN');
    expect(await within(dialog).findByRole('button', { name: 'Check in' })).toBeTruthy();
    await chooseSite(dialog, 'S0012 Carlton PoP · MRN');
    const submit = await within(dialog).findByRole('button', { name: 'Check out' });
    expect(within(dialog).getByText('You are checked in here')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Check in' })).toBeNull();
    fireEvent.click(submit);
    expect(await screen.findByText('Checked out from Carlton PoP')).toBeTruthy();
    expect(writes(calls)).toEqual([
      expect.objectContaining({ method: 'POST', url: '/api/site/12/checkout', body: { siteid: 12 } }),
    ]);
  });

  it("opens on the user's own card preselected, ready to check out", async () => {
    render(3, '/checkins');
    fireEvent.click(await screen.findByRole('button', { name: 'Check out of Carlton PoP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Site Check-In / Check-Out' });
    expect(where()).toBe('/checkins?action=site-checkin&site=12');
    expect(await within(dialog).findByRole('button', { name: 'Check out' })).toBeTruthy();
    expect((within(dialog).getByRole('combobox', { name: /^Site/ }) as HTMLInputElement).value).toBe(
      'S0012 Carlton PoP · MRN',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(where()).toBe('/checkins'));
  });

  it('sends a chosen time, and refuses one in the future without asking the server', async () => {
    const { calls } = render(1, '/checkins?action=site-checkin&site=14', {
      'GET /api/site/14': ok(docklands),
      'POST /api/site/14/checkin': {
        status: 201,
        ...ok(checkinAt(docklands, { checkinid: 951 }), 'Checked into Docklands PoP'),
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Site Check-In / Check-Out' });
    // A linked site nobody is checked in at is looked up for its label.
    await waitFor(() =>
      expect((within(dialog).getByRole('combobox', { name: /^Site/ }) as HTMLInputElement).value).toBe(
        'S0014 Docklands PoP · MRN',
      ),
    );
    await within(dialog).findByRole('button', { name: 'Check in' });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Check in now' }));
    const date = within(dialog).getByLabelText('Date');
    const time = within(dialog).getByLabelText(/^Time/);
    const tomorrow = inputsFromSeconds(Math.floor(Date.now() / 1000) + 86_400);
    fireEvent.change(date, {
      target: {
        value: tomorrow.date,
      },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check in' }));
    expect(await within(dialog).findByText(checkinMessages.checkinInFuture)).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);

    const earlier = portalWallTime(2024, 5, 6, 7, 30);
    fireEvent.change(date, { target: { value: '2024-05-06' } });
    fireEvent.change(time, { target: { value: '07:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Checked into Docklands PoP')).toBeTruthy();
    expect(writes(calls).map((c) => c.body)).toEqual([{ siteid: 14, checkintime: earlier }]);
  });

  it("toasts the server's message on failure, and stays open", async () => {
    render(1, '/checkins?action=site-checkin&site=14', {
      'POST /api/site/14/checkin': {
        status: 409,
        body: { result: 'Failure', message: checkinMessages.alreadyCheckedIn },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Site Check-In / Check-Out' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Check in' }));
    expect(await screen.findByText(checkinMessages.alreadyCheckedIn)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("falls back to 'Check-out' when the server gives no message (spec 8)", async () => {
    render(1, '/checkins?action=site-checkin&site=12', {
      'POST /api/site/12/checkout': { status: 502, text: '<html>Bad gateway</html>' },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Site Check-In / Check-Out' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Check out' }));
    expect(await screen.findByText('Check-out')).toBeTruthy();
  });
});

describe('on a phone (375 px)', () => {
  it('collapses the history to cards and opens the modal full screen', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: /max-width/.test(query),
    })) as typeof window.matchMedia;
    try {
      render(2, '/checkins?action=site-checkin');
      const dialog = await screen.findByRole('dialog', { name: 'Site Check-In / Check-Out' });
      await waitFor(() => expect(dialog.closest('[class*="fullScreen"], [data-full-screen]')).toBeTruthy());
      const history = screen.getByRole('region', { name: 'History', hidden: true });
      await within(history).findByRole('link', { name: 'Docklands PoP', hidden: true });
      expect(within(history).queryByRole('table', { hidden: true })).toBeNull();
      expect(within(dialog).getByRole('button', { name: 'Check in' }).getAttribute('data-size')).toBe('lg');
    } finally {
      window.matchMedia = original;
    }
  });
});
