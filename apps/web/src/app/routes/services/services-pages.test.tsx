import type { Service } from '@lightpath/domain/services';
import { serviceMessages } from '@lightpath/domain/services';
import type { Site } from '@lightpath/domain/sites';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerListItem } from '../../../lib/queries/list-customers';
import type { Session } from '../../../lib/session';
import { setToken } from '../../../lib/token-storage';
import { site } from '../../../test/checkins-test-fixtures';
import type { mockFetch } from '../../../test/fetch-mock';
import { customer, ok, page, portal, renderSignedIn, sessionFor } from '../../../test/page-fixtures';
import { serviceSummary } from '../../../test/services-test-fixtures';
import { ServicePage } from './service-page';
import { ServicesPage } from './services-page';

// From the customer's Main Campus (site 21) to the provider's Northgate PoP (site 3), offline.
const summary = serviceSummary('UNG0001004701B', 'Main campus uplink', { condition: 3 });

const service: Service = {
  ...summary,
  path: 'Northgate ring',
  notes: null,
  aendportid: null,
  bendportid: null,
  juniperportid: null,
  customername: 'University of Northgate',
  deprovisionedat: null,
  slatarget: null,
  patching: null,
};

// University of Northgate's sites, which its users may open (the site builder's default is the provider).
const ung = { customerid: 7, customercode: 'UNG', customername: 'University of Northgate' };
const mainCampus = site(21, 'S0001', 'Main Campus', ung);

// The customers a NOC picks from, as the customer list sends them.
const customers: CustomerListItem[] = [1, 7].map((customerid) => ({ ...customer(customerid), usercount: 1 }));

function render(session: Session, url: string, routes: Parameters<typeof mockFetch>[0]) {
  return renderSignedIn(
    session,
    [
      { path: '/services', element: <ServicesPage /> },
      { path: '/service/:serviceid', element: <ServicePage /> },
    ],
    url,
    routes,
  );
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setToken('token', false);
});

// Whole pages with Mantine render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ServicesPage', () => {
  it("links a customer's own site but shows the provider's PoP as text", async () => {
    render(sessionFor(4), '/services', {
      'GET /api/services': page([summary]),
      'GET /api/sites': page([mainCampus]),
    });
    const campus = await screen.findByRole('link', { name: 'Main Campus' });
    expect(campus.getAttribute('href')).toBe('/site/21');
    // Once the customer's own sites are known, the PoP stays plain text.
    await waitFor(() => expect(screen.getByText('Northgate PoP')).toBeTruthy());
    expect(screen.queryByRole('link', { name: 'Northgate PoP' })).toBeNull();
    expect(screen.getByRole('link', { name: 'UNG0001004701B' }).getAttribute('href')).toBe(
      '/service/UNG0001004701B',
    );
    expect(within(screen.getByRole('table')).getByText('Offline')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New service' })).toBeNull();
  });

  // Issue 12: a deprovisioned service read a green 'Normal'.
  it('shows a deprovisioned service as Deprovisioned, not Normal', async () => {
    render(sessionFor(1), '/services', {
      'GET /api/services': page([{ ...summary, status: 0, condition: 0 }]),
    });
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Deprovisioned')).toBeTruthy();
    expect(within(table).queryByText('Normal')).toBeNull();
  });

  it("says spec 8's 'An error occurred retrieving services' when the list fails", async () => {
    render(sessionFor(4), '/services', {
      'GET /api/services': { status: 500, body: { result: 'Failure', message: 'Database unavailable' } },
      'GET /api/sites': page([]),
    });
    expect(await screen.findByText(serviceMessages.loadFailed)).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
  });

  it('sends the page, sort, group and filters to the API', async () => {
    const { calls } = render(sessionFor(1), '/services?q=uplink&status=2&sort=-speed&page=2', {
      'GET /api/services': page([summary]),
      'GET /api/customers': page([]),
    });
    await screen.findByRole('link', { name: 'UNG0001004701B' });
    const call = calls.find((c) => c.url.startsWith('/api/services'));
    const query = new URL(call?.url ?? '', 'http://x').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      limit: '100',
      offset: '100',
      q: 'uplink',
      status: '2',
      sort: '-speed',
    });
  });

  it('opens New Service from ?action=new-service and drops the parameter on close', async () => {
    const { router } = render(sessionFor(1), '/services?action=new-service', {
      'GET /api/services': page([summary]),
      'GET /api/customers': page([]),
      'GET /api/portal': ok(portal()),
    });
    const dialog = await screen.findByRole('dialog', { name: 'New service' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create service' }));
    expect(await within(dialog).findByText(serviceMessages.customerMissing)).toBeTruthy();
    expect(within(dialog).getByText(serviceMessages.provisionDateMissing)).toBeTruthy();
    expect(within(dialog).getByText(serviceMessages.stateMissing)).toBeTruthy();
    expect(within(dialog).getByText(serviceMessages.diversityEmpty)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('composes the id, flags an existing one, takes the next free sequence and creates the service', async () => {
    const created: unknown[] = [];
    const { router } = render(sessionFor(1), '/services?action=new-service', {
      'GET /api/services': (call) => {
        const query = new URL(call.url, 'http://x').searchParams;
        // Similar services: the pair already carries sequence 01.
        return query.get('aendsiteid') ? page([summary]) : page([]);
      },
      'GET /api/customers': page(customers),
      'GET /api/portal': ok(portal()),
      'GET /api/sites': (call) => {
        const customerid = new URL(call.url, 'http://x').searchParams.get('customerid');
        const at = (siteid: number, sitenumber: string, sitename: string, extra: Partial<Site> = {}) =>
          site(siteid, sitenumber, sitename, {
            street: '1 Main St',
            suburb: 'Northgate',
            postcode: '2000',
            ...extra,
          });
        return customerid === '7'
          ? page([at(21, 'S0001', 'Main Campus', ung), at(22, 'S0002', 'Old Campus', { ...ung, status: 0 })])
          : page([at(3, 'S0047', 'Northgate PoP')]);
      },
      'GET /api/service/UNG0001004701B': ok(service),
      'POST /api/service': (call) => {
        created.push(call.body);
        return { status: 201, body: { result: 'Success', payload: service } };
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'New service' });
    // Mantine keeps each select's options in its own listbox (hidden to queries while it animates in
    // jsdom), so options are looked up in the listbox the combobox controls.
    const optionsOf = (label: RegExp) => {
      const input = within(dialog).getByRole('combobox', { name: label });
      fireEvent.click(input);
      const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
      if (!listbox) throw new Error(`no listbox for ${label}`);
      return within(listbox);
    };
    const choose = async (label: RegExp, option: string) => {
      fireEvent.click(await optionsOf(label).findByRole('option', { name: option, hidden: true }));
    };
    await choose(/^Customer/, 'University of Northgate (UNG)');
    await choose(/^Site A/, 'S0001 · Main Campus');
    // Disabled sites are never offered (spec 5).
    const siteB = optionsOf(/^Site B/);
    await siteB.findByRole('option', { name: 'S0001 · Main Campus', hidden: true });
    expect(siteB.queryByRole('option', { name: 'S0002 · Old Campus', hidden: true })).toBeNull();
    fireEvent.click(siteB.getByRole('option', { name: 'S0047 · Northgate PoP', hidden: true }));
    await choose(/^Type/, 'B · Managed 1G');
    // The pair already has 01, so the next free sequence (02) is taken, and the id is free.
    expect(await within(dialog).findByText('UNG0001004702B')).toBeTruthy();
    expect(await within(dialog).findByText('Available', {}, { timeout: 4000 })).toBeTruthy();
    expect((within(dialog).getByRole('combobox', { name: /^Speed/ }) as HTMLInputElement).value).toBe('1G');
    // Going back to 01 meets the existing service.
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Sequence/ }), { target: { value: '1' } });
    expect(await within(dialog).findByText(serviceMessages.exists, {}, { timeout: 4000 })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /Use next free sequence/ }));
    expect(await within(dialog).findByText('UNG0001004702B')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Description/ }), {
      target: { value: 'Second uplink' },
    });
    await choose(/^Diversity/, 'Backup');
    await choose(/^Status/, 'Active');
    fireEvent.change(within(dialog).getByLabelText(/^Provisioning date/), {
      target: { value: '2025-02-03' },
    });
    await waitFor(() => expect(within(dialog).getByText('Available')).toBeTruthy(), { timeout: 4000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create service' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/service/UNG0001004702B'));
    expect(created).toEqual([
      expect.objectContaining({
        serviceid: 'UNG0001004702B',
        customerid: 7,
        aendsiteid: 21,
        bendsiteid: 3,
        description: 'Second uplink',
        speed: '1G',
        diversity: 'Backup',
        status: 1,
        provisiondate: '2025-02-03',
        // The chosen sites' addresses were put into the patching.
        patching: expect.objectContaining({ aendaddress: '1 Main St, Northgate 2000' }),
      }),
    ]);
  });
});

describe('ServicePage', () => {
  it('shows the link status failure and a failed utilisation as 0% Available', async () => {
    render(sessionFor(4), '/service/UNG0001004701B', {
      'GET /api/service/UNG0001004701B': ok(service),
      'GET /api/sites': page([mainCampus]),
      'GET /api/service/UNG0001004701B/linkstatus': {
        status: 502,
        body: { result: 'Failure', message: 'Telemetry is not answering' },
      },
      'GET /api/service/UNG0001004701B/utilisation/1': ok({ atob: 0, btoa: 0 }, 'Telemetry is not answering'),
      'GET /api/service/UNG0001004701B/traffichistory/6': ok({ atob: [], btoa: [] }),
      'GET /api/service/UNG0001004701B/lightlevels': ok({ aend: { rx: -5.2, tx: -2.1 }, bend: null }),
      'GET /api/service/UNG0001004701B/operationalhistory/168': ok({
        changes: [{ datetime: 1_700_000_000, status: 'DOWN', end: 'A' }],
      }),
    });
    // The link status is asked twice (one retry) before it reports the failure.
    expect(
      await screen.findByText(serviceMessages.statusFailed('UNG0001004701B'), {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(await screen.findByText('Available')).toBeTruthy();
    expect(screen.getAllByText('0%')).toHaveLength(2);
    expect(await screen.findByText('-5.20 dBm')).toBeTruthy();
    expect(screen.getByText('Northgate ring')).toBeTruthy();
    // A managed service without a contracted target has its type's (docs/decisions/038).
    expect(screen.getByText('99.9% (its type’s)')).toBeTruthy();
    // Customers get no management actions.
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('lets the NOC edit a service, sending only what changed', async () => {
    const puts: unknown[] = [];
    render(sessionFor(1), '/service/UNG0001004701B', {
      'GET /api/service/UNG0001004701B': ok(service),
      'PUT /api/service/UNG0001004701B': (call) => {
        puts.push(call.body);
        return ok({ ...service, speed: '10G' });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit UNG0001004701B' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /^Speed/ }), { target: { value: '10G' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(puts).toEqual([{ speed: '10G' }]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit UNG0001004701B' })).toBeNull());
  });

  it('shows not found for an unknown or foreign service', async () => {
    render(sessionFor(4), '/service/EBH0001004701B', {
      'GET /api/service/EBH0001004701B': {
        status: 404,
        body: { result: 'Failure', message: 'Service not found' },
      },
      'GET /api/sites': page([]),
    });
    expect(await screen.findByText('Not found')).toBeTruthy();
  });
});
