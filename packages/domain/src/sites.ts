import { z } from 'zod';
import { idSchema, listQuerySchema, recordIdSchema, text } from './api';
import { type SiteCondition, siteConditionLabel } from './conditions';
import type { CsvColumn } from './csv';

// Spec 3: site types and access types.
export const siteTypes = {
  1: 'Physical',
  2: 'VPLS',
  3: 'Internet',
  4: 'L3VPN',
  5: 'Interconnect',
} as const;
export type SiteType = keyof typeof siteTypes;
export const siteTypeIds = [1, 2, 3, 4, 5] as const satisfies readonly SiteType[];

export const accessTypes = {
  0: 'No Notification Required',
  1: 'Mandatory Email Notification',
  2: 'Courtesy Email Notification',
  3: 'External Means',
  4: 'Access Form Required',
  5: 'Other',
} as const;
export type AccessType = keyof typeof accessTypes;
export const accessTypeIds = [0, 1, 2, 3, 4, 5] as const satisfies readonly AccessType[];
// Written out rather than read from `siteConditions`: conditions.ts imports events.ts at load time, and
// a type-only import keeps this file out of that chain.
export const siteConditionIds = [0, 1, 2, 3, 4, 5, 6] as const satisfies readonly SiteCondition[];

export const defaultMacLimit = 1024;

// Physical and interconnect sites are places a technician can stand in, so they need an address.
export function siteNeedsAddress(sitetype: number): boolean {
  return sitetype === 1 || sitetype === 5;
}

export const siteMessages = {
  created: 'Site Created!',
  updated: 'Site updated',
  deleted: 'Site deleted',
  createFailed: 'An error occurred while creating this site!',
  loadFailed: 'An error occurred retrieving sites',
  notFound: 'Site not found',
  numberInvalid: 'Site number must be 4 digits (0000 to 9999)',
  numberInUse: 'This customer already has a site with that number',
  nameRequired: 'Site name is required',
  streetRequired: 'Street is required for physical and interconnect sites',
  suburbRequired: 'Suburb is required for physical and interconnect sites',
  postcodeRequired: 'Postcode is required for physical and interconnect sites',
  postcodeInvalid: 'Postcode must be a number from 0 to 9999',
  macLimitInvalid: 'MAC limit must be a number from 0 to 9999',
  customerRequired: 'Customer is required',
  parentInvalid: 'Parent site must be another enabled site of the same customer',
  hasServices: 'This site still has services; move or deprovision them first',
  contactCustomerMismatch: 'The contact must belong to the same customer as the site',
  contactAssigned: 'Contact assigned to the site',
  contactUnassigned: 'Contact removed from the site',
  contactNotAssigned: 'That contact is not assigned to this site',
  latitudeInvalid: 'Latitude must be between -90 and 90',
  longitudeInvalid: 'Longitude must be between -180 and 180',
} as const;

// Sites are numbered with four digits and stored with an 'S' in front (decisions.md).
export function formatSiteNumber(digits: string | number): string {
  return `S${String(digits).padStart(4, '0')}`;
}
export function siteNumberDigits(sitenumber: string): string {
  return sitenumber.replace(/^S/, '');
}

const sitenumberInput = z
  .string({ error: siteMessages.numberInvalid })
  .trim()
  .regex(/^\d{4}$/, siteMessages.numberInvalid);
const postcodeInput = z
  .string()
  .trim()
  .regex(/^\d{1,4}$/, siteMessages.postcodeInvalid)
  .transform((v) => v.padStart(4, '0'));
const optionalText = (max: number) => text(max).nullable().optional();
const longText = (max: number) =>
  z.string().trim().max(max, `Must be at most ${max} characters`).nullable().optional();

const siteFields = {
  sitename: text(120).min(1, siteMessages.nameRequired),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  parentsite: recordIdSchema(siteMessages.parentInvalid).nullable().optional(),
  accesstype: z
    .number()
    .int()
    .min(0, 'Access type must be 0 to 5')
    .max(5, 'Access type must be 0 to 5')
    .default(0),
  latitude: z
    .number()
    .min(-90, siteMessages.latitudeInvalid)
    .max(90, siteMessages.latitudeInvalid)
    .nullable()
    .optional(),
  longitude: z
    .number()
    .min(-180, siteMessages.longitudeInvalid)
    .max(180, siteMessages.longitudeInvalid)
    .nullable()
    .optional(),
  building: optionalText(120),
  street: optionalText(160),
  suburb: optionalText(80),
  postcode: postcodeInput.nullable().optional(),
  accesshours: optionalText(120),
  accessnotes: longText(2000),
  sitenotes: longText(4000),
  vplsname: optionalText(40),
  maclimit: z
    .number({ error: siteMessages.macLimitInvalid })
    .int(siteMessages.macLimitInvalid)
    .min(0, siteMessages.macLimitInvalid)
    .max(9999, siteMessages.macLimitInvalid)
    .nullable()
    .optional(),
  macflush: z
    .union([z.literal(0), z.literal(1)])
    .nullable()
    .optional(),
  allowedvlans: z.enum(['all', 'none']).nullable().optional(),
};

type SiteShape = {
  sitetype: number;
  street?: string | null | undefined;
  suburb?: string | null | undefined;
  postcode?: string | null | undefined;
  maclimit?: number | null | undefined;
};

// The cross-field rules of spec 5, shared by create and update (update checks the merged record).
export function siteRuleProblems(site: SiteShape): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (siteNeedsAddress(site.sitetype)) {
    if (!site.street) problems.push({ path: 'street', message: siteMessages.streetRequired });
    if (!site.suburb) problems.push({ path: 'suburb', message: siteMessages.suburbRequired });
    if (!site.postcode) problems.push({ path: 'postcode', message: siteMessages.postcodeRequired });
  }
  if (site.sitetype === 2 && (site.maclimit === null || site.maclimit === undefined))
    problems.push({ path: 'maclimit', message: siteMessages.macLimitInvalid });
  return problems;
}

export const siteCreateSchema = z
  .strictObject({
    sitenumber: sitenumberInput,
    customerid: recordIdSchema(siteMessages.customerRequired),
    sitetype: z.union(
      siteTypeIds.map((t) => z.literal(t)) as [z.ZodLiteral<1>, ...z.ZodLiteral<SiteType>[]],
      {
        error: 'Site type must be 1 to 5',
      },
    ),
    ...siteFields,
  })
  .transform((site) => ({
    ...site,
    // Spec 5: a VPLS site's MAC limit defaults to 1024.
    maclimit: site.sitetype === 2 ? (site.maclimit ?? defaultMacLimit) : null,
  }))
  .superRefine((site, ctx) => {
    for (const problem of siteRuleProblems(site))
      ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  });
export type SiteCreate = z.infer<typeof siteCreateSchema>;

// The number, customer and type identify a site inside every service id, so they are fixed once made.
// Defaults belong to create only: a partial update that leaves out status or access type must not
// quietly re-enable the site or reset its access type.
export const siteUpdateSchema = z.strictObject(
  Object.fromEntries(
    Object.entries(siteFields).map(([k, v]) => [k, (v instanceof z.ZodDefault ? v.unwrap() : v).optional()]),
  ) as {
    [K in keyof typeof siteFields]: z.ZodOptional<
      (typeof siteFields)[K] extends z.ZodDefault<infer Inner> ? Inner : (typeof siteFields)[K]
    >;
  },
);
export type SiteUpdate = z.infer<typeof siteUpdateSchema>;

export type Site = z.output<typeof siteSchema>;

// The sites list as a CSV file (GET /api/export/sites): what the list shows, with the address.
export const siteCsvColumns: readonly CsvColumn<Site>[] = [
  { header: 'Site number', value: (s) => s.sitenumber },
  { header: 'Site', value: (s) => s.sitename },
  { header: 'Type', value: (s) => siteTypes[s.sitetype] },
  { header: 'Customer code', value: (s) => s.customercode },
  { header: 'Customer', value: (s) => s.customername },
  { header: 'Building', value: (s) => s.building },
  { header: 'Street', value: (s) => s.street },
  { header: 'Suburb', value: (s) => s.suburb },
  { header: 'Postcode', value: (s) => s.postcode },
  { header: 'Latitude', value: (s) => s.latitude },
  { header: 'Longitude', value: (s) => s.longitude },
  { header: 'Services in use', value: (s) => s.servicecount },
  { header: 'Condition', value: (s) => siteConditionLabel(s.condition, s.status) },
];

// Spec 3: how a contact stands for a site.
export const siteContactTypes = { 1: 'Primary', 2: 'Secondary', 3: 'Emergency' } as const;
export type SiteContactType = keyof typeof siteContactTypes;
export const siteContactTypeIds = [1, 2, 3] as const satisfies readonly SiteContactType[];

export const siteContactAssignSchema = z.strictObject({
  contactid: recordIdSchema('Contact is required'),
  contacttype: z
    .union([z.literal(1), z.literal(2), z.literal(3)], { error: 'Contact type must be 1, 2 or 3' })
    .default(1),
});
export type SiteContactAssign = z.infer<typeof siteContactAssignSchema>;

export type SiteContact = z.output<typeof siteContactSchema>;

// Spec 5: site pickers never offer disabled sites.
export function selectableSites<T extends { status: number }>(sites: readonly T[]): T[] {
  return sites.filter((s) => s.status !== 0);
}

// Spec 5: choosing a parent site pre-fills the address.
export function addressFromParent(parent: Pick<Site, 'building' | 'street' | 'suburb' | 'postcode'>) {
  return {
    building: parent.building,
    street: parent.street,
    suburb: parent.suburb,
    postcode: parent.postcode,
  };
}

export function siteAddress(site: Pick<Site, 'building' | 'street' | 'suburb' | 'postcode'>): string {
  return [site.building, site.street, [site.suburb, site.postcode].filter(Boolean).join(' ')]
    .filter((part) => part && part.length > 0)
    .join(', ');
}

// The API contract (docs/decisions/023-one-api-contract.md): what the site routes take and answer.
export const siteParamsSchema = z.object({ siteid: idSchema });
export const siteContactParamsSchema = z.object({ siteid: idSchema, contactid: idSchema });

export const siteListQuerySchema = listQuerySchema.extend({
  sitetype: z
    .enum(['1', '2', '3', '4', '5'])
    .transform((v) => Number(v) as SiteType)
    .optional(),
  status: z
    .enum(['0', '1'])
    .transform((v) => Number(v) as 0 | 1)
    .optional(),
  customerid: idSchema.optional(),
});

// GET /api/export/sites: the list's filters and sort, without its paging.
export const siteExportQuerySchema = siteListQuerySchema.omit({ limit: true, offset: true });

export const siteSchema = z.object({
  siteid: z.number(),
  sitenumber: z.string(),
  sitename: z.string(),
  sitetype: z.literal(siteTypeIds),
  status: z.literal([0, 1]),
  customerid: z.number(),
  customercode: z.string(),
  customername: z.string(),
  parentsite: z.number().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  building: z.string().nullable(),
  street: z.string().nullable(),
  suburb: z.string().nullable(),
  postcode: z.string().nullable(),
  accesshours: z.string().nullable(),
  accessnotes: z.string().nullable(),
  sitenotes: z.string().nullable(),
  accesstype: z.literal(accessTypeIds),
  vplsname: z.string().nullable(),
  maclimit: z.number().nullable(),
  macflush: z.number().nullable(),
  allowedvlans: z.string().nullable(),
  servicecount: z.number(),
  condition: z.literal(siteConditionIds),
});

export const siteContactSchema = z.object({
  contactid: z.number(),
  contactname: z.string(),
  email: z.string().nullable(),
  title: z.string().nullable(),
  office: z.string().nullable(),
  mobile: z.string().nullable(),
  contacttype: z.literal(siteContactTypeIds),
});
export const siteContactsSchema = z.object({ contacts: z.array(siteContactSchema) });
