import type { ServiceSummary } from '@lightpath/domain/services';

// Shared by the tests that list or edit services: a service row on the wire (GET /api/services). Its
// type and its two sites' numbers are read from its id (customer code, site A, site B, sequence, type
// letter). Unless told otherwise it is an active University of Northgate service in its normal
// condition, from its Main Campus (site 21) to the provider's Northgate PoP (site 3).
export function serviceSummary(
  serviceid: string,
  description: string,
  extra: Partial<ServiceSummary> = {},
): ServiceSummary {
  return {
    serviceid,
    description,
    type: serviceid.slice(-1),
    status: 1,
    speed: '1G',
    customerid: 7,
    customercode: 'UNG',
    aendsiteid: 21,
    aendsitenumber: `S${serviceid.slice(3, 7)}`,
    aendsitename: 'Main Campus',
    bendsiteid: 3,
    bendsitenumber: `S${serviceid.slice(7, 11)}`,
    bendsitename: 'Northgate PoP',
    diversity: 'Primary',
    provisiondate: '2024-05-01',
    condition: 0,
    ...extra,
  };
}
