import type { Site } from '@lightpath/domain/sites';
import type { UserType } from '@lightpath/domain/user-types';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, page, portal, renderSignedIn, sessionFor } from '../../../test/page-fixtures';
import { SitePage } from './site-page';
import { SitesPage } from './sites-page';

// The check-in button belongs to the check-ins area; here it only matters that it is mounted.
vi.mock('../../../features/checkins/components/site-checkin-button', () => ({
  SiteCheckinButton: ({ siteid, sitename }: { siteid: number; sitename: string }) => (
    <span data-testid="checkin-button">{`${siteid} ${sitename}`}</span>
  ),
}));

// These render the whole Mantine tree: seconds on a busy shared machine.
const slow = 30_000;

const library: Site = {
  siteid: 12,
  sitenumber: 'S0012',
  sitename: 'Northgate Library',
  sitetype: 1,
  status: 1,
  customerid: 7,
  customercode: 'UNG',
  customername: 'University of Northgate',
  parentsite: null,
  latitude: null,
  longitude: null,
  building: 'Building 4',
  street: '1 College Road',
  suburb: 'Northgate',
  postcode: '2600',
  accesshours: '24/7',
  accessnotes: null,
  sitenotes: null,
  accesstype: 1,
  vplsname: null,
  maclimit: null,
  macflush: null,
  allowedvlans: null,
  servicecount: 0,
  condition: 0,
};
const vpls: Site = { ...library, siteid: 800, sitenumber: 'S0800', sitename: 'UNG Campus VPLS', sitetype: 2 };

function render(type: UserType, url: string) {
  return renderSignedIn(
    sessionFor(type),
    [
      { path: '/sites', element: <SitesPage /> },
      { path: '/site/:siteid', element: <SitePage /> },
    ],
    url,
    {
      'GET /api/portal': ok(portal('MRN')),
      'GET /api/sites': page([library]),
      'GET /api/site/12': ok(library),
      'GET /api/site/800': ok(vpls),
      'GET /api/site/12/contacts': ok({ contacts: [] }),
      'GET /api/site/12/services': ok({ services: [] }),
      'GET /api/site/800/services': ok({ services: [] }),
      'GET /api/customers': page([]),
      'GET /api/site/12/access': page([
        {
          requestid: 3,
          ticketid: 10_001,
          siteid: 12,
          accesstype: 1,
          technician: 'Terry Tech',
          datetime: 1_782_856_800,
          reason: 'Maintenance Works',
          number: null,
          emergency: true,
          serviceaffecting: false,
          details: 'Fan tray',
          requestedby: 'Ada Admin',
          createdat: 1_782_800_000,
        },
      ]),
    },
  );
}

describe("the sidebar's Site Access Request", () => {
  it(
    'opens the wizard from /sites?action=site-access and drops the parameter on close',
    async () => {
      render(1, '/sites?action=site-access');
      const dialog = await screen.findByRole('dialog', { name: 'Request Site Access' });
      expect(screen.queryByText(/is not available yet/)).toBeNull();
      // No site is chosen: the picker offers them.
      expect((within(dialog).getByRole('combobox', { name: /^Site/ }) as HTMLInputElement).value).toBe('');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/sites'));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request Site Access' })).toBeNull());
    },
    slow,
  );

  it(
    'shows only the list to a role that may not request access',
    async () => {
      render(5, '/sites?action=site-access');
      expect(await screen.findByText('Northgate Library')).toBeTruthy();
      expect(screen.queryByRole('dialog', { name: 'Request Site Access' })).toBeNull();
    },
    slow,
  );
});

describe("a site page's Request access", () => {
  it(
    'opens the wizard with the site chosen, next to the check-in button',
    async () => {
      render(4, '/site/12');
      const button = await screen.findByRole('button', { name: 'Request access' });
      expect(screen.getByTestId('checkin-button').textContent).toBe('12 Northgate Library');
      fireEvent.click(button);
      const dialog = await screen.findByRole('dialog', { name: 'Request Site Access' });
      expect((within(dialog).getByRole('combobox', { name: /^Site/ }) as HTMLInputElement).value).toBe(
        'S0012 Northgate Library',
      );
      expect(within(dialog).getByText('Mandatory Email Notification')).toBeTruthy();
    },
    slow,
  );

  it(
    "lists the site's access requests with their tickets",
    async () => {
      render(4, '/site/12');
      const panel = await screen.findByRole('region', { name: 'Site access requests' });
      expect(await within(panel).findByText(/Terry Tech/)).toBeTruthy();
      expect(within(panel).getByRole('link', { name: 'Ticket #10001' }).getAttribute('href')).toBe(
        '/ticket/10001',
      );
      expect(within(panel).getByText('Emergency')).toBeTruthy();
      expect(within(panel).getByText('Maintenance Works')).toBeTruthy();
    },
    slow,
  );

  it(
    'is not offered to a customer user, nor for a network site',
    async () => {
      render(5, '/site/12');
      expect(await screen.findByRole('heading', { name: /Northgate Library/ })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Request access' })).toBeNull();
      expect(screen.queryByRole('region', { name: 'Site access requests' })).toBeNull();
      cleanup();
      render(1, '/site/800');
      expect(await screen.findByRole('heading', { name: /UNG Campus VPLS/ })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Request access' })).toBeNull();
      // The check-in button is mounted everywhere; it decides itself where one may check in.
      expect(screen.getByTestId('checkin-button').textContent).toBe('800 UNG Campus VPLS');
    },
    slow,
  );
});
