import { equipmentMessages, shelfUpdateTexts } from '@lightpath/domain/equipment';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { site } from '../../../test/checkins-test-fixtures';
import { shelf } from '../../../test/equipment-test-fixtures';
import { ok, page, renderSignedIn, sessionFor } from '../../../test/page-fixtures';
import { EquipmentPage } from './equipment-page';

vi.setConfig({ testTimeout: 20_000 });

const pe = shelf(2, 'S0003pe', { alarms: { warning: 2, minor: 0, major: 1, critical: 1 } });
const ntu = shelf(9, 'S0021ntu', {
  vendor: 'Ciena',
  model: '3930',
  spack: null,
  ipaddress: null,
  siteid: 21,
  sitenumber: 'S0021',
  sitename: 'Main Campus',
});

function render(
  type: Parameters<typeof sessionFor>[0],
  url: string,
  routes: Parameters<typeof renderSignedIn>[3],
) {
  return renderSignedIn(sessionFor(type), [{ path: '/equipment', element: <EquipmentPage /> }], url, {
    'GET /api/customers': page([]),
    ...routes,
  });
}

const where = () => screen.getByTestId('where').textContent;

// Mantine keeps each select's options in its own listbox, so they are looked up there.
async function choose(dialog: HTMLElement, label: RegExp, option: RegExp) {
  const input = within(dialog).getByRole('combobox', { name: label });
  fireEvent.click(input);
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
  if (!listbox) throw new Error(`no listbox for ${label}`);
  fireEvent.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
}
const chooseShelf = (dialog: HTMLElement, option: RegExp) => choose(dialog, /^Shelf/, option);

describe('EquipmentPage', () => {
  it('refuses customers and calls nothing', async () => {
    for (const type of [4, 5] as const) {
      const { calls } = render(type, '/equipment', {});
      expect(await screen.findByText('Not available to your role')).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
      expect(calls).toEqual([]);
      cleanup();
    }
  });

  it("says 'No alarms known', not 'No alarms', for a shelf without recorded alarms while Zabbix is not answering", async () => {
    render(1, '/equipment', {
      'GET /api/shelves': ok({ count: 2, limit: 25, offset: 0, results: [pe, ntu] }),
      'GET /api/equipment/alarms/freshness': ok({
        source: 'zabbix',
        failing: true,
        lastread: 1_790_000_000,
        lasttried: 1_790_000_600,
      }),
    });
    const row = await screen.findByRole('row', { name: /S0021ntu/ });
    expect(await within(row).findByText('No alarms known')).toBeTruthy();
    expect(within(row).queryByText('No alarms')).toBeNull();
    expect(screen.getByText('Alarms may be out of date')).toBeTruthy();
  });

  it('lists shelves with links, alarm counts by level and the filters in the URL and the request', async () => {
    const { calls } = render(1, '/equipment?vendor=Juniper&alarmlevel=critical&sort=-alarms&page=2&q=pe', {
      'GET /api/shelves': ok({ count: 30, limit: 25, offset: 25, results: [pe, ntu] }),
    });
    const link = await screen.findByRole('link', { name: 'S0003pe' });
    expect(link.getAttribute('href')).toBe('/equipment/shelf/2');
    const row = screen.getByRole('row', { name: /S0003pe/ });
    expect(within(row).getByText('1 Critical')).toBeTruthy();
    expect(within(row).getByText('1 Major')).toBeTruthy();
    expect(within(row).getByText('2 Warning')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Northgate PoP' }).getAttribute('href')).toBe('/site/3');
    expect(within(screen.getByRole('row', { name: /S0021ntu/ })).getByText('No alarms')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Downloads' })).toBeTruthy();
    const asked = new URL(calls.find((c) => c.url.startsWith('/api/shelves'))!.url, 'http://x');
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      limit: '25',
      offset: '25',
      q: 'pe',
      vendor: 'Juniper',
      alarmlevel: 'critical',
      sort: '-alarms',
    });
    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() =>
      expect(where()).toBe('/equipment?vendor=Juniper&alarmlevel=critical&sort=equipmentname&q=pe'),
    );
  });

  it('says when no shelf matches and clears the filters', async () => {
    render(3, '/equipment?vendor=Nokia', { 'GET /api/shelves': page([]) });
    expect(await screen.findByText('No shelves match these filters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(where()).toBe('/equipment'));
  });

  it('shows a technician the list without Add shelf or Update Shelf', async () => {
    render(2, '/equipment?action=update-equipment', { 'GET /api/shelves': page([pe]) });
    expect(await screen.findByRole('link', { name: 'S0003pe' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add shelf' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('adds a shelf after the form checks it with the domain rules', async () => {
    const { calls } = render(1, '/equipment', {
      'GET /api/shelves': page([pe]),
      'GET /api/sites': page([]),
      'POST /api/equipment': ok(shelf(12, 'S0004pe'), equipmentMessages.created('S0004pe')),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add shelf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add shelf' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Shelf name/ }), {
      target: { value: 'bad name!' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add shelf' }));
    expect(await within(dialog).findByText(equipmentMessages.nameInvalid)).toBeTruthy();
    expect(within(dialog).getByText(equipmentMessages.siteRequired)).toBeTruthy();
    expect(within(dialog).getByText(equipmentMessages.vendorInvalid)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('adds a shelf at a site found by search and shows the server message', async () => {
    const { calls } = render(1, '/equipment?action=new-shelf', {
      'GET /api/shelves': page([pe]),
      'GET /api/sites': page([site(4, 'S0004', 'Eastbrook PoP')]),
      'POST /api/equipment': ok(shelf(12, 'S0004pe'), equipmentMessages.created('S0004pe')),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add shelf' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Shelf name/ }), {
      target: { value: 'S0004pe' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /IP address/ }), {
      target: { value: '10.0.0.12' },
    });
    await choose(dialog, /^Site/, /S0004 Eastbrook PoP/);
    await choose(dialog, /^Vendor/, /^Juniper$/);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Model/ }), { target: { value: 'MX480' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add shelf' }));
    expect(await screen.findByText(equipmentMessages.created('S0004pe'))).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      equipmentname: 'S0004pe',
      ipaddress: '10.0.0.12',
      siteid: 4,
      vendor: 'Juniper',
      model: 'MX480',
      spack: '',
      serial: '',
    });
    await waitFor(() => expect(where()).toBe('/equipment'));
  });

  it('runs Update Shelf from the sidebar action: pick a shelf, check, update', async () => {
    const { calls } = render(1, '/equipment?action=update-equipment', {
      'GET /api/shelves': page([pe]),
      'POST /api/equipment/2/update': (call) => {
        const body = call.body as { action: string };
        return body.action === 'check'
          ? ok(
              {
                equipmentid: 2,
                state: 2,
                uptodate: false,
                differences: [{ field: 'spack', portal: 'Junos 23.4R1', device: 'Junos 23.4R2' }],
              },
              shelfUpdateTexts.needsUpdate('S0003pe'),
            )
          : ok(
              { equipmentid: 2, state: 4, uptodate: true, differences: [] },
              shelfUpdateTexts.updated('S0003pe'),
            );
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Update Shelf' });
    expect(within(dialog).getByTestId('update-state').textContent).toBe('0 · Not checked');
    await chooseShelf(dialog, /S0003pe/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check' }));
    expect(await within(dialog).findByText(shelfUpdateTexts.needsUpdate('S0003pe'))).toBeTruthy();
    expect(within(dialog).getByTestId('update-state').textContent).toBe('2 · Checked');
    expect(within(dialog).getByText('Junos 23.4R1')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText(shelfUpdateTexts.updated('S0003pe'))).toBeTruthy();
    expect(within(dialog).getByTestId('update-state').textContent).toBe('4 · Updated');
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.body);
    expect(posts).toEqual([
      { equipmentid: 2, action: 'check' },
      { equipmentid: 2, action: 'update' },
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(where()).toBe('/equipment'));
  });

  it('shows the failure text when the update fails', async () => {
    render(1, '/equipment?action=update-equipment', {
      'GET /api/shelves': page([pe]),
      'POST /api/equipment/2/update': (call) =>
        (call.body as { action: string }).action === 'check'
          ? ok({ equipmentid: 2, state: 2, uptodate: false, differences: [] })
          : { status: 502, body: { result: 'Failure', message: shelfUpdateTexts.failed('S0003pe') } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Update Shelf' });
    await chooseShelf(dialog, /S0003pe/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check' }));
    // Without a message from the server the dialog says the spec's own text.
    expect(await within(dialog).findByText(shelfUpdateTexts.needsUpdate('S0003pe'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText(shelfUpdateTexts.failed('S0003pe'))).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeTruthy();
  });
});
