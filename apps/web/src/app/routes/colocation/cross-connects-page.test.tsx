import { type CrossConnect, colocationMessages, type RackSpace } from '@lightpath/domain/colocation';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { customer, ok, page, renderSignedIn, sessionFor } from '../../../test/page-fixtures';
import { CrossConnectsPage } from './cross-connects-page';

vi.setConfig({ testTimeout: 20_000 });

const handOff: CrossConnect = {
  uuid: '6f1c1d8e-3c1a-4f5e-9b7d-2a9c0e4b5f61',
  crossconnectid: 42,
  siteid: 4,
  sitenumber: 'S0004',
  sitename: 'Northgate PoP',
  customerid: 7,
  customercode: 'UNG',
  customername: 'University of Northgate',
  aendrackspaceid: 'S0004-H1-R07',
  aendpanel: 'PP1',
  aendport: '12',
  aendenddate: null,
  bendrackspaceid: 'S0004-MMR-01',
  bendpanel: 'PP4',
  bendport: '31',
  bendenddate: null,
  bendcustomername: 'Meridian Research Network',
  created: 1_790_000_000,
};

const rack = (rackspaceid: string, values: Partial<RackSpace> = {}): RackSpace => ({
  uuid: `uuid-${rackspaceid}`,
  rackspaceid,
  description: null,
  siteid: 4,
  sitenumber: 'S0004',
  sitename: 'Northgate PoP',
  customerid: 7,
  customercode: 'UNG',
  customername: 'University of Northgate',
  enddate: null,
  crossconnects: 1,
  ...values,
});

function render(
  type: Parameters<typeof sessionFor>[0],
  url: string,
  routes: Parameters<typeof renderSignedIn>[3],
) {
  return renderSignedIn(
    sessionFor(type),
    [{ path: '/colocation/crossconnects', element: <CrossConnectsPage /> }],
    url,
    { 'GET /api/customers': page([1, 7].map((id) => ({ ...customer(id), usercount: 1 }))), ...routes },
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('CrossConnectsPage', () => {
  it('shows both ends with their panels and ports, and keeps filters in the URL', async () => {
    const { calls } = render(1, '/colocation/crossconnects?sort=-created&q=pp1', {
      'GET /api/crossconnects': page([handOff]),
    });
    expect(await screen.findByText('XC-00042')).toBeTruthy();
    expect(within(screen.getByRole('table')).getByText('S0004-H1-R07')).toBeTruthy();
    expect(screen.getByText('PP1 · port 12')).toBeTruthy();
    expect(screen.getByText('PP4 · port 31')).toBeTruthy();
    // The B end is the network's: its owner is said.
    expect(screen.getAllByText('Meridian Research Network').length).toBeGreaterThan(0);
    const asked = new URL(calls.find((c) => c.url.startsWith('/api/crossconnects'))!.url, 'http://x');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({ q: 'pp1', sort: '-created' });
    fireEvent.click(screen.getByRole('button', { name: /^A end/ }));
    await waitFor(() => expect(where()).toBe('/colocation/crossconnects?sort=aendrackspaceid&q=pp1'));
  });

  it('lets customers read only', async () => {
    for (const type of [4, 5] as const) {
      render(type, '/colocation/crossconnects', { 'GET /api/crossconnects': page([handOff]) });
      expect(await screen.findByText('XC-00042')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'New cross-connect' })).toBeNull();
      expect(screen.queryByRole('button', { name: /Edit cross-connect/ })).toBeNull();
      cleanup();
    }
  });

  it('offers only rack spaces without an end date, and for the B end only what the A end may join', async () => {
    const { calls } = render(1, '/colocation/crossconnects?action=new-cross-connect', {
      'GET /api/crossconnects': page([handOff]),
      // The server answers status=active; an ended one slipping through is still left out.
      'GET /api/rackspaces': page([rack('S0004-H1-R07'), rack('S0004-H1-R09', { enddate: 1_600_000_000 })]),
      'POST /api/crossconnect': ok(handOff, colocationMessages.crossConnectCreated),
    });
    const dialog = await screen.findByRole('dialog', { name: 'New cross-connect' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create cross-connect' }));
    expect(await within(dialog).findByText(colocationMessages.aEndRequired)).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: /^B-end rack space/ })).toHaveProperty(
      'disabled',
      true,
    );

    const aBox = within(dialog).getByRole('combobox', { name: /^A-end rack space/ });
    fireEvent.click(aBox);
    const aOptions = within(document.getElementById(aBox.getAttribute('aria-controls') ?? '')!);
    fireEvent.click(await aOptions.findByRole('option', { name: /^S0004-H1-R07/, hidden: true }));
    expect(aOptions.queryByRole('option', { name: /S0004-H1-R09/, hidden: true })).toBeNull();
    const rackCalls = calls.filter((c) => c.url.startsWith('/api/rackspaces'));
    expect(rackCalls.every((c) => new URL(c.url, 'http://x').searchParams.get('status') === 'active')).toBe(
      true,
    );

    await waitFor(() =>
      expect(
        calls.some((c) => new URL(c.url, 'http://x').searchParams.get('joinswith') === 'S0004-H1-R07'),
      ).toBe(true),
    );
  });

  it('offers every reader the Letter of Authorisation, greyed with the reason when a rack has an end date', async () => {
    const ended = { ...handOff, uuid: 'ended', crossconnectid: 43, bendenddate: 1_800_000_000 };
    const { calls } = render(5, '/colocation/crossconnects', {
      'GET /api/crossconnects': page([handOff, ended]),
    });
    const offered = await screen.findByRole('button', { name: 'Letter of Authorisation for XC-00042' });
    expect(offered.getAttribute('aria-disabled')).toBeNull();
    const refused = screen.getByRole('button', { name: /^Letter of Authorisation for XC-00043\. / });
    expect(refused.getAttribute('aria-disabled')).toBe('true');
    expect(refused.getAttribute('aria-label')).toContain('has an end date (S0004-MMR-01)');
    fireEvent.click(refused);
    // The reason, for a phone's tap that shows no tooltip; nothing is asked of the server.
    expect(
      await screen.findByText(
        'No Letter of Authorisation for a cross-connect whose rack space has an end date (S0004-MMR-01)',
        { selector: '.mantine-Notification-description' },
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/loa'))).toBe(false);
  });
});
