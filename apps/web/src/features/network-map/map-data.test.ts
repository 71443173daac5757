import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import type { MapData, MapSite } from './api/get-map';
import { australiaBounds, australiaOutline } from './australia-outline';
import {
  colourHex,
  disabledSiteHex,
  filterMapByCustomer,
  impactedSites,
  linkLegend,
  linkSegmentsByCondition,
  problemsOnly,
  siteColour,
  siteLegend,
  sitesInDrawOrder,
  unplacedReason,
} from './map-data';

function site(siteid: number, customercode: string, extra: Partial<MapSite> = {}): MapSite {
  return {
    siteid,
    sitenumber: `S${String(siteid).padStart(4, '0')}`,
    sitename: `Site ${siteid}`,
    sitetype: 1,
    status: 1,
    latitude: -27 - siteid / 10,
    longitude: 153,
    condition: 0,
    customercode,
    ...extra,
  };
}

const data: MapData = {
  sites: [
    site(1, 'UNG'),
    site(2, 'UNG', { condition: 6 }),
    site(3, 'MRN'),
    site(4, 'EBH', { condition: 1 }),
    // No usable coordinates (the contract says numbers; the map still refuses what it cannot place).
    site(5, 'EBH', { latitude: Number.NaN, longitude: Number.NaN }),
    site(6, 'UNG', { status: 0 }),
  ],
  links: [
    { serviceid: 'UNG0001000301B', aendsiteid: 1, bendsiteid: 3, condition: 0, services: 1 },
    { serviceid: 'UNG0002000301B', aendsiteid: 2, bendsiteid: 3, condition: 3, services: 1 },
    { serviceid: 'EBH0004000301B', aendsiteid: 4, bendsiteid: 3, condition: 1, services: 1 },
    { serviceid: 'EBH0005000301B', aendsiteid: 5, bendsiteid: 3, condition: 0, services: 1 },
    // Outside the contract (the server sends only links with both ends): the map must still skip a
    // link with no B site rather than draw it to nowhere.
    {
      serviceid: 'EBH0004000001H',
      aendsiteid: 4,
      bendsiteid: null as unknown as number,
      condition: 0,
      services: 1,
    },
  ],
  unplaced: [
    { siteid: 7, sitenumber: 'S0800', sitename: 'UNG VPLS', sitetype: 2, customercode: 'UNG', condition: 1 },
    { siteid: 8, sitenumber: 'S0850', sitename: 'EBH L3VPN', sitetype: 4, customercode: 'EBH', condition: 3 },
  ],
};

describe('colours', () => {
  it('maps the domain colour names to the theme shade the badges use', () => {
    expect(colourHex('red')).toBe(DEFAULT_THEME.colors.red[6]);
    expect(colourHex('no-such-colour')).toBe(DEFAULT_THEME.colors.gray[6]);
    expect(siteColour({ condition: 6, status: 1 })).toBe(DEFAULT_THEME.colors.red[6]);
    expect(siteColour({ condition: 0, status: 0 })).toBe(disabledSiteHex);
  });
});

describe('filterMapByCustomer', () => {
  it("keeps the customer's sites, its services and the far ends they reach", () => {
    const ung = filterMapByCustomer(data, 'UNG');
    expect(ung.sites.map((s) => s.siteid)).toEqual([1, 2, 3, 6]);
    expect(ung.links.map((l) => l.serviceid)).toEqual(['UNG0001000301B', 'UNG0002000301B']);
    // The sites with problems the map cannot draw are narrowed to the customer as well.
    expect(ung.unplaced.map((s) => s.siteid)).toEqual([7]);
  });

  it('changes nothing without a customer', () => {
    expect(filterMapByCustomer(data, null)).toBe(data);
  });
});

describe('problemsOnly', () => {
  it('keeps affected sites, affected services and both their ends', () => {
    const problems = problemsOnly(data);
    expect(problems.sites.map((s) => s.siteid)).toEqual([2, 3, 4]);
    expect(problems.links.map((l) => l.condition)).toEqual([3, 1]);
    expect(problems.unplaced).toEqual(data.unplaced);
  });
});

describe('drawing', () => {
  it('draws only placed sites, worst last', () => {
    const order = sitesInDrawOrder(data.sites).map((s) => s.siteid);
    expect(order).not.toContain(5);
    expect(order.at(-1)).toBe(2);
    expect(order.indexOf(4)).toBeGreaterThan(order.indexOf(1));
  });

  it('groups links into one multi-line per condition and skips ends without a position', () => {
    const groups = linkSegmentsByCondition(data.sites, data.links);
    expect(groups.map((g) => g.condition)).toEqual([0, 1, 3]);
    const normal = groups.find((g) => g.condition === 0);
    // Site 5 has no coordinates and the internet link has no B site: neither is drawn.
    expect(normal?.segments).toEqual([
      [
        [-27.1, 153],
        [-27.3, 153],
      ],
    ]);
  });
});

describe('legend and the problem list', () => {
  it('counts sites by condition label, disabled apart', () => {
    expect(siteLegend(data.sites).map((r) => [r.label, r.count])).toEqual([
      ['Online', 3],
      ['Some services in scheduled works', 1],
      ['Offline due to a network outage', 1],
      ['Disabled', 1],
    ]);
    expect(linkLegend(data.links).map((r) => r.count)).toEqual([3, 1, 0, 1]);
  });

  it('says why a site with problems is not drawn', () => {
    expect(unplacedReason({ sitetype: 2 })).toBe('VPLS network, no place on the map');
    expect(unplacedReason({ sitetype: 4 })).toBe('L3VPN network, no place on the map');
    expect(unplacedReason({ sitetype: 1 })).toBe('No coordinates');
  });

  it('lists impacted sites worst first', () => {
    expect(impactedSites(data.sites).map((s) => s.siteid)).toEqual([2, 4]);
  });
});

describe('the bundled outline', () => {
  it('is closed polygons of hand-placed points inside the framing bounds', () => {
    const [[south, west], [north, east]] = australiaBounds;
    let points = 0;
    for (const feature of australiaOutline.features) {
      const ring = feature.geometry.coordinates[0] ?? [];
      expect(ring[0]).toEqual(ring.at(-1));
      points += ring.length;
      for (const [lon, lat] of ring as [number, number][]) {
        expect(lat).toBeGreaterThanOrEqual(south);
        expect(lat).toBeLessThanOrEqual(north);
        expect(lon).toBeGreaterThanOrEqual(west);
        expect(lon).toBeLessThanOrEqual(east);
      }
    }
    expect(points).toBeGreaterThan(40);
    expect(points).toBeLessThan(120);
  });
});
