import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { site } from '../../../test/checkins-test-fixtures';
import { shelf } from '../../../test/equipment-test-fixtures';
import { ok, page, portal, renderSignedIn, sessionFor } from '../../../test/page-fixtures';
import { SitePage } from './site-page';

vi.setConfig({ testTimeout: 20_000 });

const pop = site(3, 'S0003', 'Northgate PoP');

function render(type: Parameters<typeof sessionFor>[0]) {
  return renderSignedIn(sessionFor(type), [{ path: '/site/:siteid', element: <SitePage /> }], '/site/3', {
    'GET /api/portal': ok(portal()),
    'GET /api/site/3': ok(pop),
    'GET /api/site/3/services': ok({ services: [] }),
    'GET /api/site/3/equipment': ok({
      count: 1,
      results: [shelf(2, 'S0003pe', { alarms: { warning: 0, minor: 0, major: 0, critical: 2 } })],
    }),
    'GET /api/sites': page([]),
  });
}

describe("the site page's Equipment panel", () => {
  it("lists the site's shelves with their alarms for staff", async () => {
    render(2);
    const panel = await screen.findByRole('region', { name: 'Equipment' });
    const link = await within(panel).findByRole('link', { name: 'S0003pe' });
    expect(link.getAttribute('href')).toBe('/equipment/shelf/2');
    expect(within(panel).getByText('2 Critical')).toBeTruthy();
  });

  it('is never asked for by customers', async () => {
    const { calls } = render(4);
    expect(await screen.findByRole('heading', { name: /Northgate PoP/ })).toBeTruthy();
    // The site itself was asked for; its shelves never were.
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/site/3'))).toBe(true));
    expect(screen.queryByRole('region', { name: 'Equipment' })).toBeNull();
    expect(calls.some((c) => c.url.includes('/equipment'))).toBe(false);
  });
});
