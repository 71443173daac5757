import { netboxCheckMessages } from '@lightpath/domain/netbox-inventory';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { netboxCompare, netboxShelf } from '../../../test/netbox-checks-test-fixtures';
import { ok, page, renderSignedIn, sessionFor } from '../../../test/page-fixtures';
import { SyncInventoryPage } from './sync-inventory-page';

vi.setConfig({ testTimeout: 20_000 });

const url = '/equipment/sync-physical-inventory/S0003pe';

function render(type: Parameters<typeof sessionFor>[0], replies: Parameters<typeof renderSignedIn>[3] = {}) {
  return renderSignedIn(
    sessionFor(type),
    [{ path: '/equipment/sync-physical-inventory/:shelfName', element: <SyncInventoryPage /> }],
    url,
    {
      'GET /api/shelves': page([netboxShelf]),
      'GET /api/equipment/2/netbox': ok(netboxCompare('drifted')),
      ...replies,
    },
  );
}

describe('SyncInventoryPage', () => {
  it('lists the differences by kind for technicians, without a write button', async () => {
    render(2);
    expect(await screen.findByRole('heading', { name: 'Sync S0003pe to NetBox' })).toBeTruthy();
    expect(await screen.findByText('Add interface xe-0-0-1 to NetBox')).toBeTruthy();
    expect(
      screen.getByText("Set the device's software version to Junos 23.4R2 (NetBox has Junos 23.4R1)"),
    ).toBeTruthy();
    expect(screen.getByText('Remove inventory item PSU 9 (PWR-MX480-AC) from NetBox')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /to NetBox/ })).toBeNull();
  });

  it('writes the chosen changes after a confirmation naming them, then shows the fresh list', async () => {
    const { calls } = render(3, {
      'POST /api/equipment/2/netbox/sync': ok(netboxCompare('same'), netboxCheckMessages.written(4)),
    });
    const write = await screen.findByRole('button', { name: 'Write 0 changes to NetBox' });
    expect((write as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all 4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Write 4 changes to NetBox' }));

    const dialog = await screen.findByRole('dialog', { name: 'Write 4 changes to NetBox' });
    expect(within(dialog).getByText(/card in slot 0's serial to CAB0/)).toBeTruthy();
    expect(within(dialog).getByText(/Remove inventory item PSU 9/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Write 4 changes' }));

    expect(await screen.findByText('Nothing to write')).toBeTruthy();
    expect(screen.getAllByText('4 changes written to NetBox').length).toBeGreaterThan(0);
    const posted = calls.find((c) => c.method === 'POST')!;
    expect(posted.body).toEqual({
      differences: netboxCompare('drifted').differences.map((d) => d.id),
    });
  });

  it("writes one change picked alone, and shows NetBox's refusal readably", async () => {
    const refusal = netboxCheckMessages.refused([
      'serial: Ensure this field has no more than 50 characters.',
    ]);
    const { calls } = render(1, {
      'POST /api/equipment/2/netbox/sync': { status: 502, body: { result: 'Failure', message: refusal } },
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: /interface xe-0-0-1/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Write 1 change to NetBox' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write 1 change to NetBox' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Write 1 change' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        differences: ['interface/xe-0-0-1/interface'],
      }),
    );
  });
});
