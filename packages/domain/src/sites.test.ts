import { describe, expect, it } from 'vitest';
import {
  addressFromParent,
  defaultMacLimit,
  formatSiteNumber,
  selectableSites,
  siteAddress,
  siteCreateSchema,
  siteMessages,
  siteNumberDigits,
  siteUpdateSchema,
} from './sites';

const physical = {
  sitenumber: '0012',
  sitename: 'Northgate Main Campus',
  customerid: 2,
  sitetype: 1,
  street: '1 University Drive',
  suburb: 'Northgate',
  postcode: '4000',
};

function messagesOf(input: unknown) {
  const result = siteCreateSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('site numbers', () => {
  it('are stored with an S and four digits', () => {
    expect(formatSiteNumber('12')).toBe('S0012');
    expect(formatSiteNumber(7)).toBe('S0007');
    expect(formatSiteNumber('0012')).toBe('S0012');
    expect(siteNumberDigits('S0012')).toBe('0012');
  });
});

describe('siteCreateSchema (spec 5)', () => {
  it('accepts a physical site with its address', () => {
    expect(siteCreateSchema.parse(physical)).toMatchObject({
      sitenumber: '0012',
      status: 1,
      accesstype: 0,
      maclimit: null,
    });
  });

  it.each([['12'], ['12345'], ['ab12'], [''], ['-001']])('refuses site number %j', (sitenumber) => {
    expect(messagesOf({ ...physical, sitenumber })).toContain(siteMessages.numberInvalid);
  });

  it('accepts 0000 and 9999', () => {
    expect(messagesOf({ ...physical, sitenumber: '0000' })).toEqual([]);
    expect(messagesOf({ ...physical, sitenumber: '9999' })).toEqual([]);
  });

  it('requires a name', () => {
    expect(messagesOf({ ...physical, sitename: '  ' })).toEqual([siteMessages.nameRequired]);
  });

  it.each([1, 5])('requires street, suburb and postcode for site type %i', (sitetype) => {
    expect(messagesOf({ ...physical, sitetype, street: null, suburb: '', postcode: undefined })).toEqual([
      siteMessages.streetRequired,
      siteMessages.suburbRequired,
      siteMessages.postcodeRequired,
    ]);
  });

  it.each([2, 3, 4])('does not require an address for site type %i', (sitetype) => {
    expect(messagesOf({ sitenumber: '0800', sitename: 'UNG VPLS', customerid: 2, sitetype })).toEqual([]);
  });

  it.each(['10000', '-1', 'abcd', '40 0'])('refuses postcode %j', (postcode) => {
    expect(messagesOf({ ...physical, postcode })).toEqual([siteMessages.postcodeInvalid]);
  });

  it('pads a short postcode to four digits', () => {
    expect(siteCreateSchema.parse({ ...physical, postcode: '800' }).postcode).toBe('0800');
  });

  it('gives a VPLS site the default MAC limit of 1024', () => {
    const site = siteCreateSchema.parse({ sitenumber: '0800', sitename: 'VPLS', customerid: 2, sitetype: 2 });
    expect(site.maclimit).toBe(defaultMacLimit);
    expect(defaultMacLimit).toBe(1024);
  });

  it.each([-1, 10000, 1.5])('refuses MAC limit %j for a VPLS site', (maclimit) => {
    expect(
      messagesOf({ sitenumber: '0800', sitename: 'VPLS', customerid: 2, sitetype: 2, maclimit }),
    ).toEqual([siteMessages.macLimitInvalid]);
  });

  it('drops a MAC limit on sites that are not VPLS', () => {
    expect(siteCreateSchema.parse({ ...physical, maclimit: 50 }).maclimit).toBeNull();
  });

  it.each([0, 6, 'one'])('refuses site type %j', (sitetype) => {
    expect(messagesOf({ ...physical, sitetype })).toContain('Site type must be 1 to 5');
  });

  it('refuses a missing customer, a bad access type, far-off coordinates and unknown fields', () => {
    expect(messagesOf({ ...physical, customerid: undefined })).toEqual([siteMessages.customerRequired]);
    expect(messagesOf({ ...physical, accesstype: 6 })).toEqual(['Access type must be 0 to 5']);
    expect(messagesOf({ ...physical, latitude: 91 })).toEqual([siteMessages.latitudeInvalid]);
    expect(messagesOf({ ...physical, longitude: -181 })).toEqual([siteMessages.longitudeInvalid]);
    expect(siteCreateSchema.safeParse({ ...physical, siteid: 4 }).success).toBe(false);
  });

  it('refuses a name with a line break or one that is too long', () => {
    expect(messagesOf({ ...physical, sitename: 'a\nb' })).toEqual([
      'Must not contain line breaks or control characters',
    ]);
    expect(messagesOf({ ...physical, sitename: 'x'.repeat(121) })).toEqual([
      'Must be at most 120 characters',
    ]);
  });
});

describe('siteUpdateSchema', () => {
  it('takes any subset of the editable fields but never the number, customer or type', () => {
    expect(siteUpdateSchema.parse({ sitename: 'New name' })).toEqual({ sitename: 'New name' });
    expect(siteUpdateSchema.safeParse({ sitenumber: '0001' }).success).toBe(false);
    expect(siteUpdateSchema.safeParse({ customerid: 3 }).success).toBe(false);
    expect(siteUpdateSchema.safeParse({ sitetype: 2 }).success).toBe(false);
  });
});

describe('site helpers', () => {
  it('site selection skips disabled sites', () => {
    expect(
      selectableSites([
        { id: 1, status: 1 },
        { id: 2, status: 0 },
        { id: 3, status: 1 },
      ]).map((s) => s.id),
    ).toEqual([1, 3]);
  });

  it('a parent site pre-fills the address', () => {
    const parent = { building: 'B1', street: '1 King Street', suburb: 'Northgate', postcode: '4000' };
    expect(addressFromParent(parent)).toEqual(parent);
    expect(siteAddress(parent)).toBe('B1, 1 King Street, Northgate 4000');
    expect(siteAddress({ building: null, street: null, suburb: 'Northgate', postcode: null })).toBe(
      'Northgate',
    );
  });
});
