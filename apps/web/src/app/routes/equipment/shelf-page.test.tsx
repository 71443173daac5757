import { alarmsStaleMessage, equipmentMessages } from '@lightpath/domain/equipment';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { shelfDetail } from '../../../test/equipment-test-fixtures';
import { ok, renderSignedIn, sessionFor } from '../../../test/page-fixtures';
import { ShelfPage } from './shelf-page';

vi.setConfig({ testTimeout: 20_000 });

const spackstats = ok({
  equipmentid: 2,
  model: 'MX480',
  spack: 'Junos 22.4R1',
  recommended: 'Junos 23.4R2',
  current: false,
  fleet: [
    { spack: 'Junos 23.4R2', shelves: 40 },
    { spack: 'Junos 22.4R1', shelves: 3 },
  ],
});

const portid = 'S0003pe-xe-0-0-0';
const portReplies = {
  [`GET /api/port/${portid}/operationalstatus`]: ok({ status: 'UP', datetime: 1_790_000_000 }),
  [`GET /api/port/${portid}/lightlevels`]: ok({ rx: -7.25, tx: -2.1 }),
  [`GET /api/port/${portid}/trafficvalues`]: ok({ in: 125_000_000, out: 2_500_000, datetime: 1_790_000_000 }),
  [`GET /api/port/${portid}/lighthistory/24`]: ok({
    rx: [
      { value: -7.5, datetime: 1_789_990_000 },
      { value: -7.25, datetime: 1_790_000_000 },
    ],
    tx: [{ value: -2.1, datetime: 1_790_000_000 }],
  }),
  [`GET /api/port/${portid}/traffichistory/24`]: ok({
    in: [{ value: 125_000_000, datetime: 1_790_000_000 }],
    out: [{ value: 2_500_000, datetime: 1_790_000_000 }],
  }),
};

function render(
  type: Parameters<typeof sessionFor>[0],
  url: string,
  routes: Parameters<typeof renderSignedIn>[3] = {},
) {
  return renderSignedIn(
    sessionFor(type),
    [
      { path: '/equipment/shelf/:shelfid', element: <ShelfPage /> },
      { path: '/equipment', element: <p>Equipment list</p> },
    ],
    url,
    {
      'GET /api/equipment/2': ok(shelfDetail({ spack: 'Junos 22.4R1' })),
      'GET /api/tools/spackstats/2': spackstats,
      ...portReplies,
      ...routes,
    },
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('ShelfPage', () => {
  it('offers the NetBox compare and sync pages of the shelf from its Inventory menu', async () => {
    render(2, '/equipment/shelf/2');
    fireEvent.click(await screen.findByRole('button', { name: 'Inventory' }));
    const name = shelfDetail().equipmentname;
    const hrefs = async () =>
      Object.fromEntries(
        (await screen.findAllByRole('menuitem')).map((item) => [item.textContent, item.getAttribute('href')]),
      );
    await waitFor(async () =>
      expect(await hrefs()).toMatchObject({
        'Compare with NetBox': `/equipment/compare-netbox-config/${encodeURIComponent(name)}`,
        'Sync physical inventory': `/equipment/sync-physical-inventory/${encodeURIComponent(name)}`,
      }),
    );
  });

  it('refuses customers and calls nothing', async () => {
    for (const type of [4, 5] as const) {
      const { calls } = render(type, '/equipment/shelf/2');
      expect(await screen.findByText('Not available to your role')).toBeTruthy();
      expect(calls).toEqual([]);
      cleanup();
    }
  });

  it('answers a malformed id as not found without asking, and a missing shelf with the 404', async () => {
    const { calls } = render(1, '/equipment/shelf/abc');
    expect(await screen.findByText('Not found')).toBeTruthy();
    expect(calls).toEqual([]);
    cleanup();
    render(1, '/equipment/shelf/99', {
      'GET /api/equipment/99': {
        status: 404,
        body: { result: 'Failure', message: equipmentMessages.notFound },
      },
      'GET /api/tools/spackstats/99': {
        status: 404,
        body: { result: 'Failure', message: 'Shelf not found' },
      },
    });
    expect(await screen.findByText(/The shelf you asked for does not exist/)).toBeTruthy();
  });

  it('says over the alarms that they may be out of date while Zabbix is not answering, and when it last did', async () => {
    render(3, '/equipment/shelf/2', {
      'GET /api/equipment/alarms/freshness': ok({
        source: 'zabbix',
        failing: true,
        lastread: 1_790_000_000,
        lasttried: 1_790_000_600,
      }),
    });
    const alarms = await screen.findByRole('region', { name: 'Alarms' });
    expect(await within(alarms).findByText('Alarms may be out of date')).toBeTruthy();
    expect(
      within(alarms).getByText(
        alarmsStaleMessage(formatDateTime(1_790_000_600), formatDateTime(1_790_000_000)),
      ),
    ).toBeTruthy();
  });

  it('says nothing more while Zabbix answers', async () => {
    const { calls } = render(3, '/equipment/shelf/2', {
      'GET /api/equipment/alarms/freshness': ok({
        source: 'zabbix',
        failing: false,
        lastread: 1_790_000_000,
        lasttried: 1_789_000_000,
      }),
    });
    const alarms = await screen.findByRole('region', { name: 'Alarms' });
    expect(within(alarms).getByText('Power supply 1 failed')).toBeTruthy();
    await waitFor(() =>
      expect(calls.some((call) => call.url.includes('/api/equipment/alarms/freshness'))).toBe(true),
    );
    expect(within(alarms).queryByText('Alarms may be out of date')).toBeNull();
  });

  it('shows the chassis by slot, the ports with their services, alarms by level and the release badge', async () => {
    render(3, '/equipment/shelf/2');
    expect(await screen.findByRole('heading', { name: 'S0003pe' })).toBeTruthy();
    await waitFor(() => expect(document.title).toContain('S0003pe'));
    const chassis = screen.getByRole('region', { name: 'Chassis' });
    const slots = within(chassis).getAllByRole('listitem');
    expect(slots.map((s) => s.getAttribute('aria-label'))).toEqual(['Slot 0: MPC7E-10G', 'Slot 1: SCBE3']);
    expect(within(slots[1]!).getByText('Fault')).toBeTruthy();
    const ports = screen.getByRole('region', { name: 'Ports' });
    const service = within(ports).getByRole('link', { name: 'UNG00210003001A' });
    expect(service.getAttribute('href')).toBe('/service/UNG00210003001A');
    expect(within(ports).getByText('University of Northgate · B end')).toBeTruthy();
    expect(within(ports).getByText('Down')).toBeTruthy();
    // The ports narrow to those whose name, service or customer matches.
    fireEvent.change(within(ports).getByRole('searchbox', { name: 'Filter ports' }), {
      target: { value: 'northgate' },
    });
    await waitFor(() => expect(within(ports).queryByText('xe-0-0-1')).toBeNull());
    expect(within(ports).getByText('xe-0-0-0')).toBeTruthy();
    const alarms = screen.getByRole('region', { name: 'Alarms' });
    // Worst level first.
    const groups = within(alarms)
      .getAllByRole('region')
      .map((g) => g.getAttribute('aria-label'));
    expect(groups).toEqual(['critical alarms', 'major alarms', 'warning alarms']);
    expect(within(alarms).getByText('Power supply 1 failed')).toBeTruthy();
    expect(within(alarms).getByText('Acknowledged')).toBeTruthy();
    expect(await screen.findByText('Upgrade to Junos 23.4R2')).toBeTruthy();
    // An engineer manages but does not delete (equipment.delete is the NOC's).
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Update Shelf' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('lists the parts that are not cards, with their part numbers and serials, or says none are recorded', async () => {
    render(3, '/equipment/shelf/2');
    const parts = await screen.findByRole('region', { name: 'Parts' });
    const rows = within(parts)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Name', 'Part number', 'Serial'],
      ['Fan tray 0', 'FFANTRAY-MX480-HC-S', 'JN10000003'],
      ['PEM 0', 'PWR-MX480-2520-AC-S', 'JN10000001'],
      ['PEM 1', 'PWR-MX480-2520-AC-S', '—'],
    ]);
    cleanup();
    render(3, '/equipment/shelf/2', { 'GET /api/equipment/2': ok(shelfDetail({ partlist: [] })) });
    const none = await screen.findByRole('region', { name: 'Parts' });
    expect(within(none).getByText('No parts recorded')).toBeTruthy();
    expect(within(none).queryByRole('table')).toBeNull();
  });

  it('opens a port view from the ports table, in the URL, with its levels and history', async () => {
    render(2, '/equipment/shelf/2');
    fireEvent.click(await screen.findByRole('button', { name: 'Open port xe-0-0-0' }));
    await waitFor(() => expect(where()).toBe(`/equipment/shelf/2?port=${portid}`));
    const drawer = await screen.findByRole('dialog', { name: 'Port xe-0-0-0' });
    expect(await within(drawer).findByText('-7.25 dBm')).toBeTruthy();
    expect(within(drawer).getByText('-2.10 dBm')).toBeTruthy();
    // 125 MB/s in is 1 Gb/s.
    expect(await within(drawer).findByText('1.00 Gb/s')).toBeTruthy();
    expect(within(drawer).getByText('Up')).toBeTruthy();
    expect(within(drawer).getByRole('region', { name: 'Light history' })).toBeTruthy();
    expect(
      within(drawer).getByText(
        /Light levels over the last 24 hours: receive now -7.25 dBm, lowest -7.50 dBm/,
      ),
    ).toBeTruthy();
    // A technician sees no management buttons.
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update Shelf' })).toBeNull();
  });

  it('says so when telemetry keeps no readings for a port', async () => {
    const notFound = { status: 404, body: { result: 'Failure', message: 'Port not found' } };
    render(3, '/equipment/shelf/2?port=S0003pe-xe-0-0-1', {
      'GET /api/port/S0003pe-xe-0-0-1/operationalstatus': notFound,
      'GET /api/port/S0003pe-xe-0-0-1/lightlevels': notFound,
      'GET /api/port/S0003pe-xe-0-0-1/trafficvalues': notFound,
    });
    const drawer = await screen.findByRole('dialog', { name: 'Port xe-0-0-1' });
    expect(
      await within(drawer).findByText('The telemetry source keeps no readings for this port.'),
    ).toBeTruthy();
  });

  it('edits the shelf, sending only what changed', async () => {
    const { calls } = render(3, '/equipment/shelf/2', {
      'PUT /api/equipment/2': ok(shelfDetail({ model: 'MX960' }), equipmentMessages.updated('S0003pe')),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit S0003pe' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Model/ }), { target: { value: 'MX960' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(equipmentMessages.updated('S0003pe'))).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ model: 'MX960' });
  });

  it('lets the NOC delete the shelf after a confirmation naming it, and shows a refusal as the server words it', async () => {
    const refusal = equipmentMessages.carriesServices('S0003pe', 1);
    const { calls } = render(1, '/equipment/shelf/2', {
      'DELETE /api/equipment/2': { status: 409, body: { result: 'Failure', message: refusal } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete shelf' });
    expect(within(confirm).getByText('S0003pe')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete shelf' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(where()).toBe('/equipment/shelf/2');
  });

  it('goes back to the list after a delete', async () => {
    render(1, '/equipment/shelf/2', {
      'DELETE /api/equipment/2': ok(undefined, equipmentMessages.deleted('S0003pe')),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete shelf' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete shelf' }));
    expect(await screen.findByText(equipmentMessages.deleted('S0003pe'))).toBeTruthy();
    await waitFor(() => expect(where()).toBe('/equipment'));
  });

  it('runs Update Shelf for this shelf without a picker', async () => {
    const { calls } = render(1, '/equipment/shelf/2', {
      'POST /api/equipment/2/update': ok(
        { equipmentid: 2, state: 2, uptodate: true, differences: [] },
        'S0003pe is up-to-date',
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Update Shelf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Shelf' });
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    // It names what an update writes, as the server's update does: nothing about ports.
    expect(
      within(dialog).getByText(
        "Check compares the portal's record of the shelf with what the device reports; Update writes the device's software release, serial number, cards and parts (power supplies, fans, optics) into the portal.",
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check' }));
    expect(await within(dialog).findByText('S0003pe is up-to-date')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Update' })).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ equipmentid: 2, action: 'check' });
  });
});
