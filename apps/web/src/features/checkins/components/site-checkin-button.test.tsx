import type { Site } from '@lightpath/domain/sites';
import type { UserType } from '@lightpath/domain/user-types';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/token-storage';
import {
  carlton,
  checkinAt,
  docklands,
  me,
  ok,
  page,
  sessionFor,
  signedIn,
  site,
} from '../../../test/checkins-test-fixtures';
import { mockFetch, type RecordedCall } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { SiteCheckinButton } from './site-checkin-button';

vi.setConfig({ testTimeout: 20_000 });

const vpls = site(40, 'S0040', 'Northgate VPLS', { sitetype: 2 });
const closedSite = site(41, 'S0041', 'Old Exchange', { status: 0 });

function render(type: UserType, target: Site, open = [checkinAt(carlton, { checkinid: 901 })]) {
  const fetch = mockFetch({
    [`GET /api/site/${target.siteid}`]: ok(target),
    [`GET /api/user/${me}/checkins/active`]: page(open),
    'GET /api/sites': page([carlton, docklands]),
    [`POST /api/site/${target.siteid}/checkin`]: {
      status: 201,
      ...ok(checkinAt(target, { checkinid: 990 }), `Checked into ${target.sitename}`),
    },
    [`POST /api/site/${target.siteid}/checkout`]: ok(
      checkinAt(target, { checkinid: 901, checkouttime: Math.floor(Date.now() / 1000) }),
      `Checked out from ${target.sitename}`,
    ),
  });
  const view = renderRoutes(
    [
      {
        element: signedIn(sessionFor(type)),
        children: [
          {
            path: '/site/:siteid',
            element: (
              <>
                <h1>Site page</h1>
                <SiteCheckinButton siteid={target.siteid} sitename={target.sitename} />
              </>
            ),
          },
        ],
      },
    ],
    `/site/${target.siteid}`,
  );
  return { ...view, ...fetch };
}

const writes = (calls: RecordedCall[]) => calls.filter((c) => c.method !== 'GET');

beforeEach(() => {
  setToken('token', false);
});

describe('SiteCheckinButton', () => {
  it('offers Check in at a site without an open check-in, and checks in there', async () => {
    const { calls } = render(3, docklands);
    fireEvent.click(await screen.findByRole('button', { name: 'Check in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Site Check-In / Check-Out' });
    // Named by the site page at once, then labelled like every other choice once the sites are in.
    await waitFor(() =>
      expect((within(dialog).getByRole('combobox', { name: /^Site/ }) as HTMLInputElement).value).toBe(
        'S0014 Docklands PoP · MRN',
      ),
    );
    const submit = await within(dialog).findByRole('button', { name: 'Check in' });
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    fireEvent.click(submit);
    expect(await screen.findByText('Checked into Docklands PoP')).toBeTruthy();
    expect(writes(calls).map((c) => [c.url, c.body])).toEqual([['/api/site/14/checkin', { siteid: 14 }]]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers Check out where the user is checked in (spec 4)', async () => {
    const { calls } = render(2, carlton);
    fireEvent.click(await screen.findByRole('button', { name: 'Check out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Site Check-In / Check-Out' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Check out' }));
    expect(await screen.findByText('Checked out from Carlton PoP')).toBeTruthy();
    expect(writes(calls).map((c) => [c.url, c.body])).toEqual([['/api/site/12/checkout', { siteid: 12 }]]);
  });

  it.each([
    ['a customer admin', 4 as const, docklands],
    ['a customer user', 5 as const, docklands],
  ])('renders nothing for %s, and asks nothing', async (_label, type, target) => {
    const { calls } = render(type, target);
    expect(await screen.findByRole('heading', { name: 'Site page' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['a VPLS site, NOC', 1 as const, vpls],
    ['a VPLS site, technician', 2 as const, vpls],
    ['a disabled site, engineering', 3 as const, closedSite],
  ])('offers no check-in at %s (spec 6)', async (_label, type, target) => {
    const { calls } = render(type, target);
    await waitFor(() => expect(calls.some((c) => c.url === `/api/site/${target.siteid}`)).toBe(true));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/checkins/active'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('lets a technician check in at a disabled physical site (spec 6)', async () => {
    render(2, closedSite);
    expect(await screen.findByRole('button', { name: 'Check in' })).toBeTruthy();
  });

  it('still offers Check out at a site that no longer takes check-ins', async () => {
    render(1, closedSite, [checkinAt(closedSite, { checkinid: 905 })]);
    expect(await screen.findByRole('button', { name: 'Check out' })).toBeTruthy();
  });
});
