import { colocationMessages, type RackSpace } from '@lightpath/domain/colocation';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { site } from '../../../test/checkins-test-fixtures';
import { customer, ok, page, renderSignedIn, sessionFor } from '../../../test/page-fixtures';
import { RackSpacesPage } from './rack-spaces-page';

vi.setConfig({ testTimeout: 20_000 });

const halfRack: RackSpace = {
  uuid: '6f1c1d8e-3c1a-4f5e-9b7d-2a9c0e4b5f61',
  rackspaceid: 'S0004-H1-R07',
  description: 'Half rack, U1–U21',
  siteid: 4,
  sitenumber: 'S0004',
  sitename: 'Northgate PoP',
  customerid: 7,
  customercode: 'UNG',
  customername: 'University of Northgate',
  enddate: null,
  crossconnects: 2,
};

const leaving: RackSpace = {
  ...halfRack,
  uuid: '0b7e3f52-9a51-4c1e-8d0e-5f2a8c6b1d93',
  rackspaceid: 'S0004-H2-R11',
  description: null,
  enddate: 1_600_000_000,
  crossconnects: 0,
};

const provider = { customerid: 1, customercode: 'MRN', customername: 'Meridian Research Network' };
const sites = page([
  site(4, 'S0004', 'Northgate PoP', provider),
  site(950, 'S0950', 'Northgate Internet Exchange', { ...provider, sitetype: 5 }),
  // A VPLS site of the provider holds no rack.
  site(12, 'S0012', 'Backbone VPLS', { ...provider, sitetype: 2 }),
]);

function render(
  type: Parameters<typeof sessionFor>[0],
  url: string,
  routes: Parameters<typeof renderSignedIn>[3],
) {
  return renderSignedIn(
    sessionFor(type),
    [{ path: '/colocation/rackspaces', element: <RackSpacesPage /> }],
    url,
    {
      'GET /api/sites': sites,
      'GET /api/customers': page([1, 7].map((id) => ({ ...customer(id), usercount: 1 }))),
      ...routes,
    },
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('RackSpacesPage', () => {
  it('refuses the technician and calls nothing', async () => {
    const { calls } = render(2, '/colocation/rackspaces', {});
    expect(await screen.findByText('Not available to your role')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows the NOC every rack space with its status, keeps filters in the URL, and sorts', async () => {
    const { calls } = render(1, '/colocation/rackspaces?status=active&sort=-enddate&page=2&q=r07', {
      'GET /api/rackspaces': ok({ count: 30, limit: 25, offset: 25, results: [halfRack, leaving] }),
    });
    expect(await screen.findByText('S0004-H1-R07')).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByText('Active')).toBeTruthy();
    expect(within(table).getByText(/^Ended 2020-09-1\d$/)).toBeTruthy();
    expect(within(table).getAllByText('University of Northgate').length).toBe(2);
    const asked = new URL(calls.find((c) => c.url.startsWith('/api/rackspaces'))!.url, 'http://x');
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      limit: '25',
      offset: '25',
      q: 'r07',
      status: 'active',
      sort: '-enddate',
    });
    fireEvent.click(screen.getByRole('button', { name: /^Rack id/ }));
    await waitFor(() => expect(where()).toBe('/colocation/rackspaces?status=active&sort=rackspaceid&q=r07'));
  });

  it('shows a customer its own rack spaces without the customer column or any way to change them', async () => {
    for (const type of [4, 5] as const) {
      render(type, '/colocation/rackspaces', { 'GET /api/rackspaces': page([halfRack]) });
      expect(await screen.findByText('S0004-H1-R07')).toBeTruthy();
      expect(screen.queryByRole('columnheader', { name: /Customer/ })).toBeNull();
      expect(screen.queryByRole('button', { name: 'New rack space' })).toBeNull();
      expect(screen.queryByRole('button', { name: /Edit rack space/ })).toBeNull();
      cleanup();
    }
  });

  it('refuses an incomplete new rack space with the domain messages, and offers only sites that hold racks', async () => {
    const { calls } = render(3, '/colocation/rackspaces?action=new-rack-space', {
      'GET /api/rackspaces': page([halfRack]),
    });
    const dialog = await screen.findByRole('dialog', { name: 'New rack space' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create rack space' }));
    expect(await within(dialog).findByText(colocationMessages.rackIdRequired)).toBeTruthy();
    expect(within(dialog).getByText(colocationMessages.customerRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const customerBox = within(dialog).getByRole('combobox', { name: /^Customer/ });
    fireEvent.click(customerBox);
    // The page's customer filter lists the same customers; the dialog's options come last.
    const ung = await screen.findAllByRole('option', { name: 'University of Northgate (UNG)', hidden: true });
    fireEvent.click(ung.at(-1)!);
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /^Site/ })).toHaveProperty('disabled', false),
    );
    const siteBox = within(dialog).getByRole('combobox', { name: /^Site/ });
    fireEvent.click(siteBox);
    const options = within(document.getElementById(siteBox.getAttribute('aria-controls') ?? '')!);
    expect(await options.findByRole('option', { name: 'Northgate PoP (S0004)', hidden: true })).toBeTruthy();
    expect(
      options.getByRole('option', { name: 'Northgate Internet Exchange (S0950)', hidden: true }),
    ).toBeTruthy();
    expect(options.queryByRole('option', { name: /Backbone VPLS/, hidden: true })).toBeNull();
  });

  it('renames a rack space through its original rack id, sending only what changed', async () => {
    const { calls } = render(1, '/colocation/rackspaces', {
      'GET /api/rackspaces': page([halfRack]),
      'PUT /api/rackspace/S0004-H1-R07': ok(
        { ...halfRack, rackspaceid: 'S0004-H1-R08' },
        'Rack space updated',
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit rack space S0004-H1-R07' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit rack space S0004-H1-R07' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Rack id/ }), {
      target: { value: 's0004-h1-r08' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(`${colocationMessages.rackSpaceUpdated}: S0004-H1-R08`)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
      ['/api/rackspace/S0004-H1-R07', { rackspaceid: 's0004-h1-r08' }],
    ]);
  });

  it('shows an empty state with a way out of the filters, and the load error of spec 8', async () => {
    render(1, '/colocation/rackspaces?q=nothing', { 'GET /api/rackspaces': page([]) });
    expect(await screen.findByText('No rack spaces match these filters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(where()).toBe('/colocation/rackspaces'));
    cleanup();
    render(1, '/colocation/rackspaces', {
      'GET /api/rackspaces': { status: 500, body: { result: 'Failure', message: 'Something went wrong' } },
    });
    expect(await screen.findByText(colocationMessages.rackSpacesLoadFailed)).toBeTruthy();
  });
});
