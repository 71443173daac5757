import { colocationMessages, type RackSpace, rackSpaceCreateSchema } from '@lightpath/domain/colocation';
import { afterEach, describe, expect, it } from 'vitest';
import { setTimeZones } from '../../lib/time-zone';
import { toCrossConnectCreate, valuesFromCrossConnect } from './cross-connect-form-values';
import {
  blankRackSpaceValues,
  rackSpaceEndDay,
  toRackSpaceCreate,
  toRackSpaceUpdate,
  valuesFromRackSpace,
} from './rack-space-form-values';

afterEach(() => setTimeZones({ portal: 'Australia/Sydney', user: null }));

const rack: RackSpace = {
  uuid: '6f1c1d8e-3c1a-4f5e-9b7d-2a9c0e4b5f61',
  rackspaceid: 'S0004-H1-R07',
  description: null,
  siteid: 4,
  sitenumber: 'S0004',
  sitename: 'Northgate PoP',
  customerid: 7,
  customercode: 'UNG',
  customername: 'University of Northgate',
  // 2026-03-31 00:00 in Sydney (AEDT, +11).
  enddate: 1_743_339_600 + 365 * 86_400,
  crossconnects: 1,
};

describe('the rack space form', () => {
  it("reads an end date as its day in the reader's zone, and back to the start of that day", () => {
    setTimeZones({ portal: 'Australia/Sydney', user: null });
    expect(rackSpaceEndDay(rack.enddate)).toBe('2026-03-31');
    expect(rackSpaceEndDay(null)).toBe('');
    const values = valuesFromRackSpace(rack);
    expect(values).toEqual({
      rackspaceid: 'S0004-H1-R07',
      description: '',
      customerid: '7',
      siteid: '4',
      enddate: '2026-03-31',
    });
    expect(toRackSpaceUpdate(values)).toEqual({
      rackspaceid: 'S0004-H1-R07',
      description: null,
      enddate: rack.enddate,
    });
    expect(toRackSpaceUpdate({ ...values, enddate: '' }).enddate).toBeNull();
  });

  it('sends a blank form so that the domain schema answers with its own messages', () => {
    const result = rackSpaceCreateSchema.safeParse(toRackSpaceCreate(blankRackSpaceValues()));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      colocationMessages.rackIdRequired,
      colocationMessages.siteRequired,
      colocationMessages.customerRequired,
    ]);
  });
});

describe('the cross-connect form', () => {
  it('sends empty panels and ports as null and keeps both ends', () => {
    const values = valuesFromCrossConnect({
      uuid: 'u',
      crossconnectid: 1,
      siteid: 4,
      sitenumber: 'S0004',
      sitename: 'Northgate PoP',
      customerid: 7,
      customercode: 'UNG',
      customername: 'University of Northgate',
      aendrackspaceid: 'S0004-H1-R07',
      aendpanel: 'PP1',
      aendport: null,
      aendenddate: null,
      bendrackspaceid: 'S0004-MMR-01',
      bendpanel: null,
      bendport: '31',
      bendenddate: null,
      bendcustomername: 'Meridian Research Network',
      created: 0,
    });
    expect(toCrossConnectCreate(values)).toEqual({
      aendrackspaceid: 'S0004-H1-R07',
      bendrackspaceid: 'S0004-MMR-01',
      aendpanel: 'PP1',
      aendport: null,
      bendpanel: null,
      bendport: '31',
    });
  });
});
