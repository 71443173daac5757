import { equipmentMessages } from '@lightpath/domain/equipment';
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { shelf } from '../../../test/equipment-test-fixtures';
import { netboxCompare, netboxShelf } from '../../../test/netbox-checks-test-fixtures';
import { ok, page, renderSignedIn, sessionFor } from '../../../test/page-fixtures';
import { CompareNetBoxPage } from './compare-netbox-page';

vi.setConfig({ testTimeout: 20_000 });

function render(
  type: Parameters<typeof sessionFor>[0],
  url: string,
  replies: Parameters<typeof renderSignedIn>[3] = {},
) {
  return renderSignedIn(
    sessionFor(type),
    [{ path: '/equipment/compare-netbox-config/:shelfName', element: <CompareNetBoxPage /> }],
    url,
    {
      // The search also finds a longer name: only the exact one (ignoring case) is taken.
      'GET /api/shelves': page([shelf(9, 'S0003pe2'), netboxShelf]),
      'GET /api/equipment/2/netbox': ok(netboxCompare('drifted')),
      ...replies,
    },
  );
}

describe('CompareNetBoxPage', () => {
  it('refuses customers and calls nothing', async () => {
    const { calls } = render(4, '/equipment/compare-netbox-config/S0003pe');
    expect(await screen.findByText('Not available to your role')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('answers an unknown shelf name as not found', async () => {
    render(3, '/equipment/compare-netbox-config/S0003', { 'GET /api/shelves': page([netboxShelf]) });
    expect(await screen.findByText('Not found')).toBeTruthy();
    expect(screen.queryByText(equipmentMessages.notFound)).toBeNull();
  });

  it('shows the shelf beside NetBox with the differing rows marked in words', async () => {
    const { calls } = render(2, '/equipment/compare-netbox-config/s0003PE');
    expect(await screen.findByRole('heading', { name: 'Compare S0003pe with NetBox' })).toBeTruthy();
    expect(calls[0]!.url).toContain('q=s0003PE');
    expect(await screen.findByText('4 differences')).toBeTruthy();
    expect(
      screen.getByText('Device: 1 · Modules (cards): 1 · Interfaces: 1 · Inventory items: 1'),
    ).toBeTruthy();

    const interfaces = screen.getByRole('region', { name: 'Interfaces' });
    const missing = within(interfaces).getByRole('rowheader', { name: 'xe-0-0-1' }).closest('tr')!;
    expect(within(missing).getByText('Missing in NetBox')).toBeTruthy();
    expect(within(missing).getByText('(absent)')).toBeTruthy();
    expect(missing.dataset.differs).toBe('true');
    const same = within(interfaces).getByRole('rowheader', { name: 'xe-0-0-0' }).closest('tr')!;
    expect(within(same).getByText('Same')).toBeTruthy();

    const modules = screen.getByRole('region', { name: 'Modules (cards)' });
    const slot0 = within(modules).getByRole('rowheader', { name: '0' }).closest('tr')!;
    expect(within(slot0).getByText('Differs: serial')).toBeTruthy();
    expect(within(slot0).getByText('MPC7E-10G · serial CAB0-RMA')).toBeTruthy();

    const device = screen.getByRole('region', { name: 'Device' });
    const version = within(device).getByRole('rowheader', { name: 'Software version' }).closest('tr')!;
    expect(within(version).getByText('Junos 23.4R1')).toBeTruthy();
    expect(within(version).getByText('Differs')).toBeTruthy();
    // The shelf's parts beside NetBox's inventory items: an old power supply is NetBox's alone.
    const items = screen.getByRole('region', { name: 'Inventory items' });
    const pem = within(items).getByRole('rowheader', { name: 'PEM 0' }).closest('tr')!;
    expect(within(pem).getAllByText('PWR-MX480-2520-AC-S · serial JN10000001')).toHaveLength(2);
    expect(within(pem).getByText('Same')).toBeTruthy();
    const old = within(items).getByRole('rowheader', { name: 'PSU 9' }).closest('tr')!;
    expect(within(old).getByText('Only in NetBox')).toBeTruthy();
    expect(screen.queryByText(/does not report its parts/)).toBeNull();

    expect(screen.getByRole('link', { name: /Sync physical inventory/ }).getAttribute('href')).toBe(
      '/equipment/sync-physical-inventory/S0003pe',
    );
    expect(screen.getByRole('link', { name: /Back to shelf/ }).getAttribute('href')).toBe(
      '/equipment/shelf/2',
    );
  });

  it('says when NetBox agrees, and when it has no such device', async () => {
    render(1, '/equipment/compare-netbox-config/S0003pe', {
      'GET /api/equipment/2/netbox': ok(netboxCompare('same')),
    });
    expect(await screen.findByText('NetBox agrees')).toBeTruthy();
    cleanup();
    render(1, '/equipment/compare-netbox-config/S0003pe', {
      'GET /api/equipment/2/netbox': ok(netboxCompare('absent')),
    });
    expect(await screen.findByText('Not in NetBox')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Sync physical inventory/ })).toBeNull();
  });

  it("lists NetBox's inventory items unjudged when the shelf has no parts recorded", async () => {
    render(3, '/equipment/compare-netbox-config/S0003pe', {
      'GET /api/equipment/2/netbox': ok(netboxCompare('unreported')),
    });
    expect(await screen.findByText('3 differences')).toBeTruthy();
    const items = screen.getByRole('region', { name: 'Inventory items' });
    expect(within(items).getByText(/does not report its parts/)).toBeTruthy();
    const old = within(items).getByRole('rowheader', { name: 'PSU 9' }).closest('tr')!;
    expect(within(old).getByText('(not reported)')).toBeTruthy();
    expect(within(old).getByText('Same')).toBeTruthy();
  });

  it("shows NetBox's failure readably with a retry", async () => {
    const message = 'NetBox could not be reached. Please try again.';
    render(3, '/equipment/compare-netbox-config/S0003pe', {
      'GET /api/equipment/2/netbox': { status: 502, body: { result: 'Failure', message } },
    });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
