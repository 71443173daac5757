import type { SiteCondition } from '@lightpath/domain/conditions';
import { type Site, siteCreateSchema, siteMessages, siteUpdateSchema } from '@lightpath/domain/sites';
import { describe, expect, it } from 'vitest';
import { changedFields } from '../../lib/changed-fields';
import { zodResolver } from '../../lib/zod-form';
import {
  blankSiteValues,
  siteRuleErrors,
  toSiteCreate,
  toSiteUpdate,
  valuesFromSite,
  withParentAddress,
} from './site-form-values';

const physical = blankSiteValues({
  sitenumber: '0012',
  sitename: ' Northgate Library ',
  customerid: '7',
  sitetype: '1',
  street: '1 University Drive',
  suburb: 'Northgate',
  postcode: '4000',
  latitude: -27.47,
  longitude: '',
});

const site: Site = {
  siteid: 40,
  sitenumber: 'S0040',
  sitename: 'Northgate VPLS',
  sitetype: 2,
  status: 1,
  customerid: 7,
  customercode: 'UNG',
  customername: 'University of Northgate',
  parentsite: null,
  latitude: null,
  longitude: null,
  building: null,
  street: null,
  suburb: null,
  postcode: null,
  accesshours: null,
  accessnotes: null,
  sitenotes: null,
  accesstype: 0,
  vplsname: 'UNG01',
  maclimit: 2048,
  macflush: 1,
  allowedvlans: 'none',
  servicecount: 3,
  condition: 0 as SiteCondition,
};

const validateCreate = zodResolver(siteCreateSchema, toSiteCreate);

describe('toSiteCreate', () => {
  it('builds a body the create schema accepts, trimming text and turning empty inputs into null', () => {
    const body = toSiteCreate(physical);
    expect(body).toMatchObject({
      sitenumber: '0012',
      sitename: 'Northgate Library',
      customerid: 7,
      sitetype: 1,
      status: 1,
      parentsite: null,
      accesstype: 0,
      latitude: -27.47,
      longitude: null,
      building: null,
    });
    expect(siteCreateSchema.safeParse(body).success).toBe(true);
  });

  it('sends the VPLS fields only for VPLS sites', () => {
    expect(toSiteCreate(physical)).not.toHaveProperty('maclimit');
    const vpls = toSiteCreate({ ...physical, sitetype: '2', vplsname: 'UNG01', macflush: true });
    expect(vpls).toMatchObject({ vplsname: 'UNG01', maclimit: 1024, macflush: 1, allowedvlans: 'all' });
  });

  it('puts the spec 5 messages on their fields', () => {
    expect(validateCreate({ ...physical, sitenumber: '12' })).toMatchObject({
      sitenumber: siteMessages.numberInvalid,
    });
    expect(validateCreate({ ...physical, sitename: '  ' })).toMatchObject({
      sitename: siteMessages.nameRequired,
    });
    expect(validateCreate({ ...physical, customerid: '' })).toMatchObject({
      customerid: siteMessages.customerRequired,
    });
    expect(validateCreate({ ...physical, street: '', suburb: '', postcode: '' })).toMatchObject({
      street: siteMessages.streetRequired,
      suburb: siteMessages.suburbRequired,
      postcode: siteMessages.postcodeRequired,
    });
    expect(validateCreate({ ...physical, postcode: '40000' })).toMatchObject({
      postcode: siteMessages.postcodeInvalid,
    });
    expect(validateCreate({ ...physical, latitude: 95 })).toMatchObject({
      latitude: siteMessages.latitudeInvalid,
    });
    expect(validateCreate({ ...physical, sitetype: '2', maclimit: 10000 })).toMatchObject({
      maclimit: siteMessages.macLimitInvalid,
    });
  });

  it('does not ask a logical site for an address', () => {
    expect(validateCreate({ ...physical, sitetype: '3', street: '', suburb: '', postcode: '' })).toEqual({});
  });
});

describe('toSiteUpdate and the edit form', () => {
  it('round-trips a site through the form without changes', () => {
    const values = valuesFromSite(site);
    expect(values.sitenumber).toBe('0040');
    expect(values.macflush).toBe(true);
    const body = toSiteUpdate(values, site.sitetype);
    expect(siteUpdateSchema.safeParse(body).success).toBe(true);
    expect(changedFields(body, toSiteUpdate(valuesFromSite(site), site.sitetype))).toEqual({});
  });

  it('never sends the number, customer or type, and keeps only what changed', () => {
    const before = toSiteUpdate(valuesFromSite(site), 2);
    const after = toSiteUpdate({ ...valuesFromSite(site), sitename: 'Renamed', maclimit: 512 }, 2);
    expect(after).not.toHaveProperty('sitenumber');
    expect(after).not.toHaveProperty('customerid');
    expect(after).not.toHaveProperty('sitetype');
    expect(changedFields(after, before)).toEqual({ sitename: 'Renamed', maclimit: 512 });
  });

  it('checks the address rule on the edited record', () => {
    const physicalSite = { ...site, sitetype: 1 as const, street: 'X', suburb: 'Y', postcode: '4000' };
    expect(siteRuleErrors(valuesFromSite(physicalSite), 1)).toEqual({});
    expect(siteRuleErrors({ ...valuesFromSite(physicalSite), suburb: '' }, 1)).toEqual({
      suburb: siteMessages.suburbRequired,
    });
  });
});

describe('withParentAddress', () => {
  it('copies the parent address and remembers the parent', () => {
    const parent = {
      siteid: 9,
      building: null,
      street: '2 Research Way',
      suburb: 'Ashgrove',
      postcode: '4060',
    };
    expect(withParentAddress(physical, parent)).toMatchObject({
      parentsite: '9',
      building: '',
      street: '2 Research Way',
      suburb: 'Ashgrove',
      postcode: '4060',
    });
  });

  it('clears the parent and keeps the typed address when the choice is removed', () => {
    const next = withParentAddress({ ...physical, parentsite: '9' }, undefined);
    expect(next.parentsite).toBe('');
    expect(next.street).toBe('1 University Drive');
  });
});
