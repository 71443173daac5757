import { describe, expect, it } from 'vitest';
import { canOpenSite, groupForPath, serviceRoute, siteEndRoute } from '../../lib/service-links';

describe('siteEndRoute', () => {
  it('sends logical B ends to their network page and everything else to the site', () => {
    expect(siteEndRoute('B', 'F', 9)).toBe('/vpls/9');
    expect(siteEndRoute('B', 'W', 9)).toBe('/vpls/9');
    expect(siteEndRoute('B', 'G', 9)).toBe('/l3vpn/9');
    expect(siteEndRoute('B', 'H', 9)).toBe('/site/9');
    expect(siteEndRoute('B', 'B', 9)).toBe('/site/9');
    expect(siteEndRoute('A', 'F', 4)).toBe('/site/4');
  });
});

describe('canOpenSite', () => {
  it('lets provider staff open any site', () => {
    expect(canOpenSite(1, 5, undefined)).toBe(true);
    expect(canOpenSite(3, 5, new Set())).toBe(true);
  });

  it("lets a customer open only its own sites, never the provider's PoP", () => {
    const own = new Set([1, 2]);
    expect(canOpenSite(4, 2, own)).toBe(true);
    expect(canOpenSite(5, 99, own)).toBe(false);
    expect(canOpenSite(4, 2, undefined)).toBe(false);
    expect(canOpenSite(1, null, own)).toBe(false);
  });
});

describe('groupForPath', () => {
  it('maps each list route to its group, and /services to all', () => {
    expect(groupForPath('/services')).toBeNull();
    expect(groupForPath('/services/unmanaged')).toBe('unmanaged');
    expect(groupForPath('/services/vpls-networks/')).toBe('vpls');
    expect(groupForPath('/services/l3vpn')).toBe('l3vpn');
  });
});

describe('serviceRoute', () => {
  it('encodes the id', () => {
    expect(serviceRoute('UNG0012004701B')).toBe('/service/UNG0012004701B');
  });
});
