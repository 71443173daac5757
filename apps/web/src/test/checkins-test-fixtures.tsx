import type { CheckinRow } from '@lightpath/domain/checkins';
import type { Site } from '@lightpath/domain/sites';

export { ok, page, renderSignedIn, sessionFor, signedIn } from './page-fixtures';

// Shared by the check-in tests: sites and check-ins on the wire. The test session's user is userid 5.
export const me = 5;

export function site(siteid: number, sitenumber: string, sitename: string, extra: Partial<Site> = {}): Site {
  return {
    siteid,
    sitenumber,
    sitename,
    sitetype: 1,
    status: 1,
    customerid: 1,
    customercode: 'MRN',
    customername: 'Meridian Research Network',
    parentsite: null,
    latitude: null,
    longitude: null,
    building: null,
    street: '1 Fibre Way',
    suburb: 'Carlton',
    postcode: '3053',
    accesshours: null,
    accessnotes: null,
    sitenotes: null,
    accesstype: 0,
    vplsname: null,
    maclimit: null,
    macflush: null,
    allowedvlans: null,
    servicecount: 0,
    condition: 0,
    ...extra,
  };
}

export const carlton = site(12, 'S0012', 'Carlton PoP');
export const docklands = site(14, 'S0014', 'Docklands PoP');
export const library = site(31, 'S0031', 'Northgate Library', { customerid: 7, customercode: 'UNG' });

const hour = 3600;
export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function checkinAt(target: Site, extra: Partial<CheckinRow> & { checkinid: number }): CheckinRow {
  const checkintime = extra.checkintime ?? nowSeconds() - 2 * hour - 5 * 60;
  const checkouttime = extra.checkouttime === undefined ? null : extra.checkouttime;
  return {
    userid: me,
    username: 'Test User',
    siteid: target.siteid,
    sitenumber: target.sitenumber,
    sitename: target.sitename,
    customercode: target.customercode,
    checkintime,
    checkouttime,
    durationseconds: (checkouttime ?? nowSeconds()) - checkintime,
    ...extra,
  };
}
