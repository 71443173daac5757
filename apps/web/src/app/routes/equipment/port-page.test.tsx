import type { Service } from '@lightpath/domain/services';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, page, renderSignedIn, sessionFor } from '../../../test/page-fixtures';
import { serviceSummary } from '../../../test/services-test-fixtures';
import { ServicePage } from '../services/service-page';
import { PortPage } from './port-page';

vi.setConfig({ testTimeout: 20_000 });

const portid = 'S0003pe-xe-0-0-0';
const service: Service = {
  ...serviceSummary('UNG0001004701B', 'Main campus uplink'),
  path: null,
  notes: null,
  aendportid: 'S0021ntu-1-1',
  bendportid: portid,
  juniperportid: null,
  customername: 'University of Northgate',
  deprovisionedat: null,
  slatarget: null,
  patching: null,
};

function render(
  type: Parameters<typeof sessionFor>[0],
  url: string,
  replies: Parameters<typeof renderSignedIn>[3],
) {
  return renderSignedIn(
    sessionFor(type),
    [
      { path: '/equipment/port/:portid', element: <PortPage /> },
      { path: '/equipment/shelf/:shelfid', element: <p>Shelf page</p> },
      { path: '/service/:serviceid', element: <ServicePage /> },
    ],
    url,
    replies,
  );
}

const where = () => screen.getByTestId('where').textContent;
const port = (equipmentid: number | null) =>
  ok({
    portid,
    status: 'UP',
    services: [{ serviceid: 'UNG0001004701B', end: 'B', status: 1 }],
    equipmentid,
    equipmentname: equipmentid ? 'S0003pe' : null,
  });

describe('PortPage', () => {
  it("replaces itself with the port's shelf, the port open", async () => {
    const { router } = render(3, `/equipment/port/${portid}`, { [`GET /api/port/${portid}`]: port(2) });
    await waitFor(() => expect(where()).toBe(`/equipment/shelf/2?port=${portid}`));
    // Replaced, not pushed: Back leaves for where the user came from.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('says so for a port on no shelf the portal knows', async () => {
    render(1, `/equipment/port/${portid}`, { [`GET /api/port/${portid}`]: port(null) });
    expect(await screen.findByText('This port is not on a shelf the portal knows.')).toBeTruthy();
  });

  it('refuses customers', async () => {
    const { calls } = render(4, `/equipment/port/${portid}`, {});
    expect(await screen.findByText('Not available to your role')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe("the service page's port ids", () => {
  it('link to the port for staff who see equipment', async () => {
    render(3, '/service/UNG0001004701B', { 'GET /api/service/UNG0001004701B': ok(service) });
    const link = await screen.findByRole('link', { name: portid });
    expect(link.getAttribute('href')).toBe(`/equipment/port/${portid}`);
    expect(screen.getByRole('link', { name: 'S0021ntu-1-1' }).getAttribute('href')).toBe(
      '/equipment/port/S0021ntu-1-1',
    );
  });

  it('stay plain text for customers', async () => {
    render(4, '/service/UNG0001004701B', {
      'GET /api/service/UNG0001004701B': ok(service),
      'GET /api/sites': page([]),
    });
    expect(await screen.findByText(portid)).toBeTruthy();
    expect(screen.queryByRole('link', { name: portid })).toBeNull();
  });
});
