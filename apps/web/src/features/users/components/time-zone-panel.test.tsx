import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setTimeZones } from '../../../lib/time-zone';
import { mockFetch } from '../../../test/fetch-mock';
import { ok, sessionFor, signedIn } from '../../../test/page-fixtures';
import { renderRoutes } from '../../../test/render';
import { TimeZonePanel } from './time-zone-panel';

const slow = 15_000;

function renderPanel(timezone: string | null) {
  const session = sessionFor(5);
  const user = { ...session.user, timezone };
  const { calls } = mockFetch({
    [`PUT /api/user/${user.userid}`]: (call) =>
      ok({ user: { ...user, ...(call.body as object) } }, 'User updated'),
  });
  renderRoutes(
    [
      {
        path: '/',
        element: signedIn(session),
        children: [{ index: true, element: <TimeZonePanel user={user} /> }],
      },
    ],
    '/',
  );
  return () => calls.filter((c) => c.method === 'PUT');
}

async function choose(label: string) {
  const panel = await screen.findByRole('region', { name: 'Time zone' });
  const select = within(panel).getByRole('combobox', { name: 'Show and enter times in' });
  fireEvent.click(select);
  fireEvent.change(select, { target: { value: label.slice(0, 8) } });
  // Mantine's listbox is hidden to queries while it animates in under jsdom.
  const listbox = document.getElementById(select.getAttribute('aria-controls') ?? '');
  if (!listbox) throw new Error('no listbox for the time zone');
  fireEvent.click(
    await within(listbox).findByRole('option', { name: new RegExp(`^${label}`), hidden: true }),
  );
  const save = within(panel).getByRole('button', { name: 'Save time zone' });
  fireEvent.click(save);
}

describe('TimeZonePanel', () => {
  setTimeZones({ portal: 'Australia/Sydney', user: null });

  it(
    "shows a user without a choice on the portal's zone, and saves the zone they choose",
    async () => {
      const puts = renderPanel(null);
      const panel = await screen.findByRole('region', { name: 'Time zone' });
      const select = within(panel).getByRole('combobox', {
        name: 'Show and enter times in',
      }) as HTMLInputElement;
      expect(select.value).toMatch(/^The portal's zone: Australia\/Sydney \(AE[DS]T\)$/);
      expect(within(panel).getByRole('button', { name: 'Save time zone' })).toHaveProperty('disabled', true);

      await choose('Europe/London');
      await vi.waitFor(() => expect(puts()).toHaveLength(1));
      expect(puts()[0]?.body).toEqual({ timezone: 'Europe/London' });
    },
    slow,
  );

  it(
    "stores no zone when a user goes back to the portal's, so they follow it if it changes",
    async () => {
      const puts = renderPanel('Europe/London');
      await choose("The portal's zone");
      await vi.waitFor(() => expect(puts()).toHaveLength(1));
      expect(puts()[0]?.body).toEqual({ timezone: null });
    },
    slow,
  );
});
