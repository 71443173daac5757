import {
  type AccessType,
  addressFromParent,
  defaultMacLimit,
  type Site,
  type SiteType,
  type SiteUpdate,
  type siteCreateSchema,
  siteNumberDigits,
  siteRuleProblems,
} from '@lightpath/domain/sites';
import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';
import { emptyToNull } from '../../lib/format';

// What POST /site takes: the schema's input (4 digits, postcode as typed), before its defaults apply.
export type SiteCreateBody = z.input<typeof siteCreateSchema>;

// Inputs hold strings (number inputs: number or ''); these helpers turn them into the bodies
// siteCreateSchema/siteUpdateSchema expect, keeping field names so each message lands on its input.
export type SiteFormValues = {
  sitenumber: string;
  sitename: string;
  customerid: string;
  sitetype: string;
  status: '0' | '1';
  parentsite: string;
  accesstype: string;
  latitude: number | string;
  longitude: number | string;
  building: string;
  street: string;
  suburb: string;
  postcode: string;
  accesshours: string;
  accessnotes: string;
  sitenotes: string;
  vplsname: string;
  maclimit: number | string;
  macflush: boolean;
  allowedvlans: 'all' | 'none';
};

export function blankSiteValues(defaults: Partial<SiteFormValues> = {}): SiteFormValues {
  return {
    sitenumber: '',
    sitename: '',
    customerid: '',
    sitetype: '1',
    status: '1',
    parentsite: '',
    accesstype: '0',
    latitude: '',
    longitude: '',
    building: '',
    street: '',
    suburb: '',
    postcode: '',
    accesshours: '',
    accessnotes: '',
    sitenotes: '',
    vplsname: '',
    maclimit: defaultMacLimit,
    macflush: false,
    allowedvlans: 'all',
    ...defaults,
  };
}

export function valuesFromSite(site: Site): SiteFormValues {
  return blankSiteValues({
    sitenumber: siteNumberDigits(site.sitenumber),
    sitename: site.sitename,
    customerid: String(site.customerid),
    sitetype: String(site.sitetype),
    status: site.status === 0 ? '0' : '1',
    parentsite: site.parentsite ? String(site.parentsite) : '',
    accesstype: String(site.accesstype),
    latitude: site.latitude ?? '',
    longitude: site.longitude ?? '',
    building: site.building ?? '',
    street: site.street ?? '',
    suburb: site.suburb ?? '',
    postcode: site.postcode ?? '',
    accesshours: site.accesshours ?? '',
    accessnotes: site.accessnotes ?? '',
    sitenotes: site.sitenotes ?? '',
    vplsname: site.vplsname ?? '',
    maclimit: site.maclimit ?? defaultMacLimit,
    macflush: site.macflush === 1,
    allowedvlans: site.allowedvlans === 'none' ? 'none' : 'all',
  });
}

// An empty select becomes NaN, which the schema reports with the field's own message.
function numberOf(value: string): number {
  return value === '' ? Number.NaN : Number(value);
}

// Optional number inputs: empty means "none" (null); anything else must read as a number.
function optionalNumber(value: number | string): number | null {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? null : Number(value);
}

function sharedFields(values: SiteFormValues, sitetype: number) {
  const vpls = sitetype === 2;
  return {
    sitename: values.sitename.trim(),
    status: values.status === '0' ? (0 as const) : (1 as const),
    parentsite: values.parentsite === '' ? null : Number(values.parentsite),
    accesstype: numberOf(values.accesstype),
    latitude: optionalNumber(values.latitude),
    longitude: optionalNumber(values.longitude),
    building: emptyToNull(values.building),
    street: emptyToNull(values.street),
    suburb: emptyToNull(values.suburb),
    postcode: emptyToNull(values.postcode),
    accesshours: emptyToNull(values.accesshours),
    accessnotes: emptyToNull(values.accessnotes),
    sitenotes: emptyToNull(values.sitenotes),
    // Spec 3: the VPLS fields belong to VPLS sites only; other types never send them.
    ...(vpls
      ? {
          vplsname: emptyToNull(values.vplsname),
          maclimit: optionalNumber(values.maclimit),
          macflush: values.macflush ? (1 as const) : (0 as const),
          allowedvlans: values.allowedvlans,
        }
      : {}),
  };
}

export function toSiteCreate(values: SiteFormValues): SiteCreateBody {
  const sitetype = numberOf(values.sitetype);
  return {
    sitenumber: values.sitenumber.trim(),
    customerid: numberOf(values.customerid),
    sitetype: sitetype as SiteType,
    ...sharedFields(values, sitetype),
    accesstype: numberOf(values.accesstype) as AccessType,
  };
}

// Everything the edit form could send; `changedFields` then keeps only what changed. The number,
// customer and type are fixed once a site exists, so they are never part of an update.
export function toSiteUpdate(values: SiteFormValues, sitetype: number): SiteUpdate {
  return sharedFields(values, sitetype) as SiteUpdate;
}

// The cross-field rules of spec 5 on the whole record being edited or created (the update schema
// checks each field alone; the create schema only once every field parses).
export function siteRuleErrors(values: SiteFormValues, sitetype: number): FormErrors {
  const errors: FormErrors = {};
  for (const problem of siteRuleProblems({ sitetype, ...toSiteUpdate(values, sitetype) }))
    if (!(problem.path in errors)) errors[problem.path] = problem.message;
  return errors;
}

// Spec 5: choosing a parent site fills in its address.
export function withParentAddress(
  values: SiteFormValues,
  parent: Pick<Site, 'siteid' | 'building' | 'street' | 'suburb' | 'postcode'> | undefined,
): SiteFormValues {
  if (!parent) return { ...values, parentsite: '' };
  const address = addressFromParent(parent);
  return {
    ...values,
    parentsite: String(parent.siteid),
    building: address.building ?? '',
    street: address.street ?? '',
    suburb: address.suburb ?? '',
    postcode: address.postcode ?? '',
  };
}
