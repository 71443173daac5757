import type { UserType } from '@lightpath/domain/user-types';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { site } from '../../../test/checkins-test-fixtures';
import { ok, page, renderSignedIn, sessionFor } from '../../../test/page-fixtures';
import { SitesPage } from './sites-page';

// These render the whole Mantine tree and wait out debounces: seconds on a busy shared machine.
const slow = 15_000;

function renderSites(type: UserType, url: string) {
  return renderSignedIn(sessionFor(type), [{ path: '/sites', element: <SitesPage /> }], url, {
    'GET /api/portal': ok({
      name: 'Lightpath',
      provider: { name: 'MRN', code: 'MRN', customerid: 1 },
      supportphone: '1',
      maptileurl: null,
      maptileattribution: null,
      timezone: 'Australia/Sydney',
      version: '1',
    }),
    'GET /api/sites': ok({
      count: 1,
      limit: 25,
      offset: 0,
      results: [
        site(12, 'S0012', 'Northgate Library', {
          customerid: 7,
          customercode: 'UNG',
          customername: 'University of Northgate',
          condition: 3,
          servicecount: 4,
        }),
      ],
    }),
    'GET /api/customers': page([]),
    'POST /api/site': { status: 500, body: { result: 'Failure' } },
  });
}

describe('SitesPage', () => {
  it(
    'lists sites with their condition and service count',
    async () => {
      renderSites(4, '/sites');
      expect(await screen.findByText('Northgate Library')).toBeTruthy();
      expect(screen.getByText('Some services hit by an outage')).toBeTruthy();
      expect(screen.getByText('4')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'New site' })).toBeNull();
    },
    slow,
  );

  it(
    "opens Create New Site from the sidebar's ?action=new-site and drops the parameter on close",
    async () => {
      renderSites(1, '/sites?action=new-site');
      const dialog = await screen.findByRole('dialog', { name: 'Create New Site' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/sites'));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create New Site' })).toBeNull());
    },
    slow,
  );

  it(
    'shows the domain messages and sends nothing for an incomplete site',
    async () => {
      const { calls } = renderSites(1, '/sites?action=new-site');
      const dialog = await screen.findByRole('dialog', { name: 'Create New Site' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create site' }));
      expect(await within(dialog).findByText('Site name is required')).toBeTruthy();
      expect(within(dialog).getByText('Site number must be 4 digits (0000 to 9999)')).toBeTruthy();
      expect(within(dialog).getByText('Street is required for physical and interconnect sites')).toBeTruthy();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
    },
    slow,
  );

  it(
    'keeps an out-of-range latitude and a five-digit postcode as typed, says why, and sends nothing',
    async () => {
      const { calls } = renderSites(1, '/sites?action=new-site');
      const dialog = await screen.findByRole('dialog', { name: 'Create New Site' });
      const latitude = within(dialog).getByRole('textbox', { name: 'Latitude' }) as HTMLInputElement;
      const postcode = within(dialog).getByRole('textbox', { name: /^Postcode/ }) as HTMLInputElement;
      fireEvent.change(latitude, { target: { value: '123' } });
      fireEvent.blur(latitude);
      fireEvent.change(postcode, { target: { value: '123456' } });
      fireEvent.blur(postcode);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create site' }));
      expect(await within(dialog).findByText('Latitude must be between -90 and 90')).toBeTruthy();
      expect(within(dialog).getByText('Postcode must be a number from 0 to 9999')).toBeTruthy();
      expect(latitude.value).toBe('123');
      expect(postcode.value).toBe('123456');
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
    },
    slow,
  );

  it(
    'never opens the modal for a role that cannot create sites',
    async () => {
      renderSites(5, '/sites?action=new-site');
      await screen.findByText('Northgate Library');
      expect(screen.queryByRole('dialog')).toBeNull();
    },
    slow,
  );
});
