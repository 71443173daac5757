import { type SparePart, sparePartMessages } from '@lightpath/domain/spare-parts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { site } from '../../../test/checkins-test-fixtures';
import { ok, page, renderSignedIn, sessionFor } from '../../../test/page-fixtures';
import { SparePartsPage } from './spare-parts-page';

vi.setConfig({ testTimeout: 20_000 });

const optic: SparePart = {
  uuid: '6f1c1d8e-3c1a-4f5e-9b7d-2a9c0e4b5f61',
  partnumber: 'SFP-10G-LR',
  description: '10GBASE-LR SFP+ optic, 10 km',
  serial: null,
  depotsiteid: 4,
  depotsitenumber: 'S0004',
  depotsitename: 'Eastbrook PoP',
  quantity: 18,
  state: 'available',
  updated: 1_790_000_000,
  lastmovement: {
    action: 'take',
    quantity: 2,
    by: 'Terry Tech',
    at: 1_790_000_000,
    jobreference: 'JOB-40411',
  },
};

const lineCard: SparePart = {
  ...optic,
  uuid: '0b7e3f52-9a51-4c1e-8d0e-5f2a8c6b1d93',
  partnumber: 'NTK554BA',
  description: 'Ciena 6500 WL5e coherent line card',
  serial: 'NNTM0A1B2C',
  quantity: 1,
  state: 'faulty',
  lastmovement: null,
};

const depots = page([
  site(4, 'S0004', 'Eastbrook PoP', {
    customerid: 1,
    customercode: 'MRN',
    customername: 'Meridian Research Network',
  }),
  site(950, 'S0950', 'Eastbrook Internet Exchange', {
    customerid: 1,
    sitetype: 5,
    customercode: 'MRN',
    customername: 'Meridian Research Network',
  }),
  // A VPLS site of the provider is no depot.
  site(12, 'S0012', 'Backbone VPLS', {
    customerid: 1,
    sitetype: 2,
    customercode: 'MRN',
    customername: 'MRN',
  }),
]);

function render(
  type: Parameters<typeof sessionFor>[0],
  url: string,
  routes: Parameters<typeof renderSignedIn>[3],
) {
  return renderSignedIn(
    sessionFor(type),
    [{ path: '/equipment/inventory', element: <SparePartsPage /> }],
    url,
    {
      'GET /api/sites': depots,
      ...routes,
    },
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('SparePartsPage', () => {
  it('refuses customers and calls nothing', async () => {
    for (const type of [4, 5] as const) {
      const { calls } = render(type, '/equipment/inventory', {});
      expect(await screen.findByText('Not available to your role')).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
      expect(calls).toEqual([]);
      cleanup();
    }
  });

  it('shows the NOC every part with its depot, state and last movement, and keeps filters in the URL', async () => {
    const { calls } = render(1, '/equipment/inventory?state=faulty&sort=-quantity&page=2&q=sfp', {
      'GET /api/inventory': ok({ count: 30, limit: 25, offset: 25, results: [optic, lineCard] }),
    });
    expect(await screen.findByText('SFP-10G-LR')).toBeTruthy();
    expect(screen.getByText('NNTM0A1B2C')).toBeTruthy();
    expect(within(screen.getByRole('table')).getByText('Faulty')).toBeTruthy();
    expect(screen.getByText(/Taken 2 by Terry Tech/)).toBeTruthy();
    const asked = new URL(calls.find((c) => c.url.startsWith('/api/inventory'))!.url, 'http://x');
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      limit: '25',
      offset: '25',
      q: 'sfp',
      state: 'faulty',
      sort: '-quantity',
    });
    fireEvent.click(screen.getByRole('button', { name: /^Part number/ }));
    await waitFor(() => expect(where()).toBe('/equipment/inventory?state=faulty&sort=partnumber&q=sfp'));
  });

  it('lets a technician take a part, sending the take and showing the reply', async () => {
    const { calls } = render(2, '/equipment/inventory', {
      'GET /api/inventory': page([optic]),
      'POST /api/inventory/ventia': ok({ ...optic, quantity: 15 }, '3 × SFP-10G-LR taken from the depot'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Take / return SFP-10G-LR' }));
    // A technician records movements but does not edit the stock.
    expect(screen.queryByRole('button', { name: 'Add spare part' })).toBeNull();
    expect(screen.queryByRole('button', { name: /More actions/ })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Take or return a part' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Quantity/ }), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Job reference' }), {
      target: { value: 'JOB-50001' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('3 × SFP-10G-LR taken from the depot')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { uuid: optic.uuid, action: 'take', quantity: 3, jobreference: 'JOB-50001', note: null },
    ]);
  });

  it("puts the server's refusal of a take on the quantity", async () => {
    render(2, '/equipment/inventory', {
      'GET /api/inventory': page([optic]),
      'POST /api/inventory/ventia': {
        status: 400,
        body: {
          result: 'Failure',
          message: 'quantity: Only 18 of this part in stock',
          payload: { errors: [{ path: 'quantity', message: 'Only 18 of this part in stock' }] },
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Take / return SFP-10G-LR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take or return a part' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Quantity/ }), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await within(dialog).findByText('Only 18 of this part in stock')).toBeTruthy();
  });

  it('refuses an incomplete new part with the domain messages, offers only depots, and sends nothing', async () => {
    const { calls } = render(3, '/equipment/inventory?action=new-part', {
      'GET /api/inventory': page([optic]),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add spare part' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add part' }));
    expect(await within(dialog).findByText(sparePartMessages.partNumberRequired)).toBeTruthy();
    expect(within(dialog).getByText(sparePartMessages.descriptionRequired)).toBeTruthy();
    expect(within(dialog).getByText(sparePartMessages.depotRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    const depot = within(dialog).getByRole('combobox', { name: /^Depot/ });
    fireEvent.click(depot);
    const options = within(document.getElementById(depot.getAttribute('aria-controls') ?? '')!);
    expect(
      await options.findByRole('option', { name: 'Eastbrook Internet Exchange (S0950)', hidden: true }),
    ).toBeTruthy();
    expect(options.getByRole('option', { name: 'Eastbrook PoP (S0004)', hidden: true })).toBeTruthy();
    expect(options.queryByRole('option', { name: /Backbone VPLS/, hidden: true })).toBeNull();
  });

  it('asks before deleting a part, then deletes it', async () => {
    const { calls } = render(1, '/equipment/inventory', {
      'GET /api/inventory': page([lineCard]),
      [`DELETE /api/inventory/${lineCard.uuid}`]: {
        body: { result: 'Success', message: sparePartMessages.deleted },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for NTK554BA (NNTM0A1B2C)' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete spare part' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete part' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText(`${sparePartMessages.deleted}: NTK554BA`)).toBeTruthy();
  });

  it('shows an empty state with a way out of the filters', async () => {
    render(1, '/equipment/inventory?q=nothing', { 'GET /api/inventory': page([]) });
    expect(await screen.findByText('No spare parts match these filters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(where()).toBe('/equipment/inventory'));
  });

  it("says 'An error occurred retrieving spare parts' when the list fails", async () => {
    render(1, '/equipment/inventory', {
      'GET /api/inventory': { status: 500, body: { result: 'Failure', message: 'Something went wrong' } },
    });
    expect(await screen.findByText(sparePartMessages.loadFailed)).toBeTruthy();
  });
});
