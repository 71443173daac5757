import { z } from 'zod';
import { type FieldError, idSchema, listQuerySchema, recordIdSchema, text } from './api';
import { type ServiceCondition, serviceConditionDisplay } from './conditions';
import type { CsvColumn } from './csv';
import { siteNumberDigits } from './sites';

// Spec 3: the service type is the last letter of the service id.
export const serviceTypes = {
  A: { name: 'Unmanaged', colour: 'gray' },
  Q: { name: 'Unmanaged', colour: 'gray' },
  Z: { name: 'Unmanaged', colour: 'gray' },
  B: { name: 'Managed 1G', colour: 'blue' },
  C: { name: 'Fibre Channel', colour: 'cyan' },
  D: { name: 'Managed 10G', colour: 'indigo' },
  E: { name: 'Layer 2 Ethernet', colour: 'teal' },
  F: { name: 'VPLS Connection', colour: 'grape' },
  G: { name: 'Layer 3 Service', colour: 'orange' },
  H: { name: 'Internet', colour: 'green' },
  W: { name: 'Internet over VPLS', colour: 'lime' },
} as const;
export type ServiceLetter = keyof typeof serviceTypes;
export const serviceLetters = Object.keys(serviceTypes) as ServiceLetter[];
export const undefinedServiceType = { name: 'Undefined', colour: 'dark' } as const;

export function isServiceLetter(value: string): value is ServiceLetter {
  return Object.hasOwn(serviceTypes, value);
}

export function serviceTypeOf(serviceid: string): {
  letter: ServiceLetter | null;
  name: string;
  colour: string;
} {
  const letter = serviceid.slice(-1).toUpperCase();
  if (!isServiceLetter(letter)) return { letter: null, ...undefinedServiceType };
  return { letter, ...serviceTypes[letter] };
}

// Spec 3's grouping for the service lists and sidebar counts.
export const serviceGroups = {
  unmanaged: { label: 'Unmanaged', path: '/services/unmanaged', letters: ['A', 'Q', 'Z'] },
  managed: { label: 'Managed', path: '/services/managed', letters: ['B', 'C', 'D', 'E'] },
  vpls: { label: 'VPLS', path: '/services/vpls-networks', letters: ['F', 'W'] },
  internet: { label: 'Internet', path: '/services/internet', letters: ['H'] },
  l3vpn: { label: 'L3VPN', path: '/services/l3vpn', letters: ['G'] },
} as const satisfies Record<string, { label: string; path: string; letters: readonly ServiceLetter[] }>;
export type ServiceGroup = keyof typeof serviceGroups;
export const serviceGroupNames = Object.keys(serviceGroups) as ServiceGroup[];

export function serviceGroupOf(letter: string): ServiceGroup | null {
  for (const group of serviceGroupNames)
    if ((serviceGroups[group].letters as readonly string[]).includes(letter)) return group;
  return null;
}

// Spec 3: 0 disabled, 2 in planning, anything else active.
export const serviceStatuses = { 0: 'Disabled', 1: 'Active', 2: 'In Planning' } as const;
export type ServiceStatus = keyof typeof serviceStatuses;
export function serviceStatusName(status: number): string {
  return status === 0 ? serviceStatuses[0] : status === 2 ? serviceStatuses[2] : serviceStatuses[1];
}

// Decisions.md: customer code + site A number + site B number + two-digit sequence + type letter.
export const serviceIdPattern = /^[A-Z0-9]{3}\d{4}\d{4}\d{2}[A-Z]$/;

export type ServiceIdParts = {
  code: string;
  asite: string;
  bsite: string;
  sequence: number;
  letter: ServiceLetter;
};

export function buildServiceId(parts: {
  code: string;
  asite: string | number;
  bsite: string | number;
  sequence: number;
  letter: string;
}): string {
  const digits = (value: string | number) => String(value).replace(/^S/, '').padStart(4, '0');
  return `${parts.code}${digits(parts.asite)}${digits(parts.bsite)}${String(parts.sequence).padStart(2, '0')}${parts.letter}`;
}

export function parseServiceId(serviceid: string): ServiceIdParts | null {
  if (!serviceIdPattern.test(serviceid)) return null;
  const letter = serviceid.slice(-1);
  if (!isServiceLetter(letter)) return null;
  const parts = {
    code: serviceid.slice(0, 3),
    asite: serviceid.slice(3, 7),
    bsite: serviceid.slice(7, 11),
    sequence: Number(serviceid.slice(11, 13)),
    letter,
  };
  if (Number(parts.asite) === 0 || Number(parts.bsite) === 0 || parts.sequence === 0) return null;
  return parts;
}

export function isValidServiceId(serviceid: string): boolean {
  return parseServiceId(serviceid) !== null;
}

export const serviceMessages = {
  idInvalid: 'Service ID is not valid or in use',
  handoffIdInvalid: (id: string) => `Service ${id} is not a valid service ID!`,
  provisionDateMissing: 'Provisioning Date is missing!',
  customerMissing: 'Customer is missing!',
  diversityEmpty: 'Service diversity field is empty!',
  stateMissing: 'Service State is missing!',
  exists: 'Service already exists!',
  created: (id: string) => `Service ${id} created!`,
  createFailed: 'An error occurred while creating this service. Please try again.',
  handoffFailed: 'An error occurred while obtaining handoffs for this new service.',
  statusFailed: (id: string) => `An error occurred retrieving ${id} status`,
  trafficFailed: 'An error occurred retrieving service traffic history',
  loadFailed: 'An error occurred retrieving services',
  notFound: 'Service not found',
  updated: (id: string) => `Service ${id} updated`,
  deleted: (id: string) => `Service ${id} deleted`,
  deprovisioned: (id: string) => `Service ${id} deprovisioned`,
  alreadyDeprovisioned: 'This service is already disabled',
  inEvents: 'Events name this service, so it cannot be deleted: deprovision it instead',
  siteMismatch: 'Site A and site B must be enabled sites and match the numbers in the service ID',
  codeMismatch: "The service ID must start with the customer's code",
  siteOwnerMismatch: 'Site A must belong to the customer, and site B to the customer or the provider',
  vlanInvalid: 'VLAN must be a number from 0 to 9999',
  insertionLossInvalid: 'Insertion loss must be between 0 and 100 dB',
  fibreLengthInvalid: 'Fibre length must be between 0 and 1,000,000 m',
  slaTargetInvalid: 'The SLA target is a percentage from 90 to 100, with at most 3 decimals',
} as const;

// The availability a customer's contract promises for the service, in percent (services.sla_target,
// numeric(6,3)); null: its type's standard target (sla-reports' slaTargetFor). No contract promises
// less than 90%, so a lower figure is a typing slip.
export const slaTargetSchema = z
  .number({ error: serviceMessages.slaTargetInvalid })
  .min(90, serviceMessages.slaTargetInvalid)
  .max(100, serviceMessages.slaTargetInvalid)
  .refine((value) => Number(value.toFixed(3)) === value, serviceMessages.slaTargetInvalid);

type ServiceEndSite = { customerid: number; sitenumber: string; status: number };

// Spec 5 and decisions.md: the id names the customer and both sites, so they must be the ones chosen.
// Site A is the customer's own; site B is the customer's (layer 2, VPLS, L3VPN) or the provider's
// (PoP, internet gateway). Only enabled sites take new services. `customer` null means not found.
export function serviceSiteProblems(input: {
  serviceid: string;
  customer: { customerid: number; customercode: string } | null;
  asite: ServiceEndSite | null;
  bsite: ServiceEndSite | null;
  providerCustomerId: number | null;
}): FieldError[] {
  const { customer, asite, bsite } = input;
  if (!customer) return [{ path: 'customerid', message: serviceMessages.customerMissing }];
  const parts = parseServiceId(input.serviceid);
  if (!parts) return [{ path: 'serviceid', message: serviceMessages.idInvalid }];
  const problems: FieldError[] = [];
  if (parts.code !== customer.customercode)
    problems.push({ path: 'serviceid', message: serviceMessages.codeMismatch });
  const fits = (site: ServiceEndSite | null, digits: string) =>
    site !== null && site.status === 1 && siteNumberDigits(site.sitenumber) === digits;
  if (!fits(asite, parts.asite)) problems.push({ path: 'aendsiteid', message: serviceMessages.siteMismatch });
  else if (asite!.customerid !== customer.customerid)
    problems.push({ path: 'aendsiteid', message: serviceMessages.siteOwnerMismatch });
  if (!fits(bsite, parts.bsite)) problems.push({ path: 'bendsiteid', message: serviceMessages.siteMismatch });
  else if (bsite!.customerid !== customer.customerid && bsite!.customerid !== input.providerCustomerId)
    problems.push({ path: 'bendsiteid', message: serviceMessages.siteOwnerMismatch });
  return problems;
}

// A service id in a path. Older ids that miss today's pattern can still be looked up, so only the
// column's shape is enforced: up to 15 letters and digits, upper-cased.
export const serviceIdParamSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,15}$/, serviceMessages.idInvalid);

// Spec 5 speed hints: B and D prefill their speed; every other type suggests 200M or 1G.
export const speedHints = ['200M', '1G'] as const;
export function defaultSpeedFor(letter: string): string | null {
  if (letter === 'B') return '1G';
  if (letter === 'D') return '10G';
  return null;
}

// Spec 5: the B end of these types is a logical site (a VPLS, an L3VPN or the internet), so it has
// no patching of its own and its address is the site's name.
export function hasLogicalBEnd(letter: string): boolean {
  return letter === 'F' || letter === 'G' || letter === 'H';
}

// Spec 9 patching vocabularies.
export const wavelengths = [850, 1310, 1470, 1490, 1510, 1550, 1570, 1580, 1590, 1610] as const;
export const connectors = ['SC', 'SCA', 'LC', 'VLAN'] as const;
export const sfpTypes = [
  '1000Base-BX',
  '1000Base-LX',
  '1000Base-SX',
  '1000Base-T',
  '1000Base-ZX',
  '10GBase-ER',
  '10GBase-LR',
  '10GBase-ZR',
  '1G CWDM',
  '10G CWDM',
  '10G DWDM',
  'FC800',
  'XFP',
] as const;
export const diversities = ['Primary', 'Backup', 'None'] as const;

const optionalText = (max: number) => text(max).nullable().optional();

const insertionLoss = z
  .number({ error: serviceMessages.insertionLossInvalid })
  .min(0, serviceMessages.insertionLossInvalid)
  .max(100, serviceMessages.insertionLossInvalid)
  .nullable()
  .optional();

export const patchingSchema = z.strictObject({
  aendaddress: optionalText(200),
  aendpanel: optionalText(60),
  aendconnector: z.enum(connectors).nullable().optional(),
  aendsfp: z.enum(sfpTypes).nullable().optional(),
  aendport: optionalText(60),
  aendwavelength: z
    .union(wavelengths.map((w) => z.literal(w)))
    .nullable()
    .optional(),
  insertionlossa: insertionLoss,
  bendaddress: optionalText(200),
  bendpanel: optionalText(60),
  bendconnector: z.enum(connectors).nullable().optional(),
  bendsfp: z.enum(sfpTypes).nullable().optional(),
  bendport: optionalText(60),
  bendwavelength: z
    .union(wavelengths.map((w) => z.literal(w)))
    .nullable()
    .optional(),
  insertionlossb: insertionLoss,
  vlan: z
    .number({ error: serviceMessages.vlanInvalid })
    .int(serviceMessages.vlanInvalid)
    .min(0, serviceMessages.vlanInvalid)
    .max(9999, serviceMessages.vlanInvalid)
    .nullable()
    .optional(),
  ipaddress: optionalText(64),
  defaultgateway: optionalText(64),
  fibrelength: z
    .number({ error: serviceMessages.fibreLengthInvalid })
    .min(0, serviceMessages.fibreLengthInvalid)
    .max(1_000_000, serviceMessages.fibreLengthInvalid)
    .nullable()
    .optional(),
  notes: z.string().trim().max(2000).nullable().optional(),
});
export type Patching = z.infer<typeof patchingSchema>;

const provisionDate = z
  .string({ error: serviceMessages.provisionDateMissing })
  .refine(
    (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)),
    serviceMessages.provisionDateMissing,
  );

// Spec 5, New Service. The id carries the customer, both site numbers, the sequence and the type;
// the server checks them against the customer's code and the chosen sites.
export const serviceCreateSchema = z.strictObject({
  serviceid: z
    .string({ error: serviceMessages.idInvalid })
    .trim()
    .toUpperCase()
    .refine(isValidServiceId, serviceMessages.idInvalid),
  customerid: recordIdSchema(serviceMessages.customerMissing),
  aendsiteid: recordIdSchema(serviceMessages.siteMismatch),
  bendsiteid: recordIdSchema(serviceMessages.siteMismatch),
  description: text(200).min(1, 'Description is required'),
  speed: optionalText(20),
  diversity: z.enum(['Primary', 'Backup'], { error: serviceMessages.diversityEmpty }),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: serviceMessages.stateMissing }),
  provisiondate: provisionDate,
  path: optionalText(400),
  notes: z.string().trim().max(4000).nullable().optional(),
  aendportid: optionalText(64),
  bendportid: optionalText(64),
  juniperportid: optionalText(64),
  slatarget: slaTargetSchema.nullable().optional(),
  patching: patchingSchema.optional(),
});
export type ServiceCreate = z.infer<typeof serviceCreateSchema>;

export const serviceUpdateSchema = z.strictObject({
  description: text(200).min(1, 'Description is required').optional(),
  speed: optionalText(20),
  diversity: z.enum(['Primary', 'Backup'], { error: serviceMessages.diversityEmpty }).optional(),
  status: z
    .union([z.literal(0), z.literal(1), z.literal(2)], { error: serviceMessages.stateMissing })
    .optional(),
  provisiondate: provisionDate.optional(),
  path: optionalText(400),
  notes: z.string().trim().max(4000).nullable().optional(),
  aendportid: optionalText(64),
  bendportid: optionalText(64),
  juniperportid: optionalText(64),
  slatarget: slaTargetSchema.nullable().optional(),
  patching: patchingSchema.optional(),
});
export type ServiceUpdate = z.infer<typeof serviceUpdateSchema>;

export type ServiceSummary = z.output<typeof serviceSummarySchema>;

// The services list as a CSV file (GET /api/export/services): what the list shows, each end's site
// number and name in a column of its own so a spreadsheet can sort and filter them.
export const serviceCsvColumns: readonly CsvColumn<ServiceSummary>[] = [
  { header: 'Service', value: (s) => s.serviceid },
  { header: 'Description', value: (s) => s.description },
  { header: 'Type', value: (s) => s.type },
  { header: 'Status', value: (s) => serviceStatusName(s.status) },
  { header: 'Customer', value: (s) => s.customercode },
  { header: 'A end site number', value: (s) => s.aendsitenumber },
  { header: 'A end site', value: (s) => s.aendsitename },
  { header: 'B end site number', value: (s) => s.bendsitenumber },
  { header: 'B end site', value: (s) => s.bendsitename },
  { header: 'Speed', value: (s) => s.speed },
  { header: 'Diversity', value: (s) => s.diversity },
  { header: 'Provisioned', value: (s) => s.provisiondate },
  { header: 'Condition', value: (s) => serviceConditionDisplay(s.condition, s.status).name },
];

export type Service = z.output<typeof serviceSchema>;

// Spec 4 as settled by decisions.md: above 85% either way is At Capacity, above 80% Nearing.
export type UsageLabel = {
  label: 'At Capacity' | 'Nearing Capacity' | 'Available';
  colour: 'red' | 'yellow' | 'green';
};
// Percent of the line rate; a reading must be above the threshold, not at it. The usage report filters
// by them in SQL, so they are named once here.
export const usageThresholds = { atCapacity: 85, nearingCapacity: 80 } as const;
export function usageLabel(atob: number, btoa: number): UsageLabel {
  const worst = Math.max(atob, btoa);
  if (worst > usageThresholds.atCapacity) return { label: 'At Capacity', colour: 'red' };
  if (worst > usageThresholds.nearingCapacity) return { label: 'Nearing Capacity', colour: 'yellow' };
  return { label: 'Available', colour: 'green' };
}

// Third-party (NetBox) virtual circuits riding on a service.
export const thirdPartyCreateSchema = z.strictObject({
  circuitid: text(60).min(1, 'Circuit id is required'),
  serviceid: z.string().trim().toUpperCase().refine(isValidServiceId, serviceMessages.idInvalid),
  providerid: recordIdSchema('Provider is required'),
  circuittypeid: recordIdSchema('Circuit type is required'),
  headendid: text(60).min(1, 'Head-end is required'),
  redundantheadendid: optionalText(60),
  tailendid: optionalText(60),
});
export type ThirdPartyCreate = z.infer<typeof thirdPartyCreateSchema>;

// The API contract (docs/decisions/023-one-api-contract.md): what the service routes take and answer.
// Written out rather than read from `serviceConditions`: conditions.ts imports events.ts at load time,
// and a type-only import keeps this file out of that chain.
export const serviceConditionIds = [0, 1, 2, 3] as const satisfies readonly ServiceCondition[];

export const serviceSummarySchema = z.object({
  serviceid: z.string(),
  description: z.string(),
  type: z.string(),
  status: z.number(),
  speed: z.string().nullable(),
  customerid: z.number(),
  customercode: z.string(),
  aendsiteid: z.number(),
  aendsitenumber: z.string(),
  aendsitename: z.string(),
  bendsiteid: z.number().nullable(),
  bendsitenumber: z.string().nullable(),
  bendsitename: z.string().nullable(),
  diversity: z.string().nullable(),
  provisiondate: z.string().nullable(),
  condition: z.literal(serviceConditionIds),
});

const nullableText = z.string().nullable();
const nullableNumber = z.number().nullable();
// The domain's Patching type is the input's (fields optional); the reply always carries every field.
const patchingText = nullableText.optional();
const patchingNumber = nullableNumber.optional();
export const patchingReplySchema = z.object({
  aendaddress: patchingText,
  aendpanel: patchingText,
  aendconnector: patchingText,
  aendsfp: patchingText,
  aendport: patchingText,
  aendwavelength: patchingNumber,
  insertionlossa: patchingNumber,
  bendaddress: patchingText,
  bendpanel: patchingText,
  bendconnector: patchingText,
  bendsfp: patchingText,
  bendport: patchingText,
  bendwavelength: patchingNumber,
  insertionlossb: patchingNumber,
  vlan: patchingNumber,
  ipaddress: patchingText,
  defaultgateway: patchingText,
  fibrelength: patchingNumber,
  notes: patchingText,
});

export const serviceSchema = serviceSummarySchema.extend({
  path: nullableText,
  notes: nullableText,
  aendportid: nullableText,
  bendportid: nullableText,
  juniperportid: nullableText,
  customername: z.string(),
  deprovisionedat: nullableNumber,
  // The contracted availability target in percent; null: its type's standard (slaTargetFor,
  // docs/decisions/038).
  slatarget: nullableNumber,
  patching: patchingReplySchema.nullable(),
});

export const serviceParamsSchema = z.object({ serviceid: serviceIdParamSchema });

export const serviceListQuerySchema = listQuerySchema.extend({
  group: z.enum(serviceGroupNames as [ServiceGroup, ...ServiceGroup[]]).optional(),
  type: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isServiceLetter, 'Type must be a service type letter')
    .transform((letter) => letter as ServiceLetter)
    .optional(),
  // Without status a list shows services in use (1 and 2); status=0 is the deprovisioned list.
  status: z
    .enum(['0', '1', '2'])
    .transform((v) => Number(v) as 0 | 1 | 2)
    .optional(),
  customerid: idSchema.optional(),
  siteid: idSchema.optional(),
  aendsiteid: idSchema.optional(),
  bendsiteid: idSchema.optional(),
  condition: z
    .enum(['0', '1', '2', '3'])
    .transform((v) => Number(v) as 0 | 1 | 2 | 3)
    .optional(),
});

// GET /api/export/services: the list's filters and sort, without its paging.
export const serviceExportQuerySchema = serviceListQuerySchema.omit({ limit: true, offset: true });

// GET /api/site/:siteid/services: every service with an end at the site.
export const siteServicesSchema = z.object({ services: z.array(serviceSummarySchema) });

// Third-party (NetBox) circuits, their pick lists and the handoff finder (modules/netbox).
export const thirdPartyParamsSchema = z.object({ id: idSchema });

const netboxNamed = z.object({ id: z.number(), name: z.string() });
export const netboxNamedListSchema = z.object({ results: z.array(netboxNamed) });
export const netboxHeadEndsSchema = z.object({
  results: z.array(netboxNamed.extend({ site: z.string().nullable() })),
});

export const thirdPartySchema = z.object({
  id: z.number(),
  circuitid: z.string(),
  serviceid: z.string(),
  provider: netboxNamed,
  circuittype: netboxNamed,
  headendid: z.string(),
  redundantheadendid: z.string().nullable(),
  tailendid: z.string().nullable(),
});

const handoffPort = z.object({ port: z.string(), uuid: z.string() });
export const handoffCandidatesSchema = z.object({
  aConfident: z.array(handoffPort),
  bConfident: z.array(handoffPort),
  aMaybe: z.array(handoffPort),
  bMaybe: z.array(handoffPort),
  unsure: z.array(handoffPort),
});
