import { z } from 'zod';
import { idSchema, listQuerySchema, recordIdSchema, text } from './api';
import { type CsvColumn, csvDateTime, csvTimeHeader } from './csv';
import { siteNeedsAddress } from './sites';
import { dateAndTimeInputsIn } from './time';

// Spec 2.2, 3, 7.6: co-location. A rack space is space a customer rents in a rack at one of the
// provider's PoPs or data-centre sites (or at the customer's own building); it is named by its rack
// id, which can be renamed (PUT rackspace/{originalRackID}). A cross-connect is the cable that joins
// two rack spaces at the same site. Both are customer-owned: customers see their own, provider staff
// all; the NOC and engineering create and change them (docs/decisions/031).

export const colocationMessages = {
  rackSpaceCreated: 'Rack space created',
  rackSpaceUpdated: 'Rack space updated',
  rackSpaceNotFound: 'Rack space not found',
  rackSpacesLoadFailed: 'An error occurred retrieving rack spaces',
  rackSpaceCreateFailed: 'An error occurred while creating this rack space',
  rackSpaceUpdateFailed: 'An error occurred while updating this rack space',
  rackIdRequired: 'Rack id is required',
  rackIdInvalid: 'Rack id may hold letters, digits, dots, dashes and underscores (at most 40)',
  rackIdTaken: 'A rack space with this rack id already exists',
  descriptionTooLong: 'Description must be at most 200 characters',
  siteRequired: 'Site is required',
  siteNotAllowed:
    "A rack space is at one of the network's PoPs or exchanges, or at a physical site of its customer",
  customerRequired: 'Customer is required',
  customerNotFound: 'Customer not found',
  endDateInvalid: 'End date must be a date',
  crossConnectCreated: 'Cross-connect created',
  crossConnectUpdated: 'Cross-connect updated',
  crossConnectNotFound: 'Cross-connect not found',
  crossConnectsLoadFailed: 'An error occurred retrieving cross-connects',
  crossConnectCreateFailed: 'An error occurred while creating this cross-connect',
  crossConnectUpdateFailed: 'An error occurred while updating this cross-connect',
  aEndRequired: 'A-end rack space is required',
  bEndRequired: 'B-end rack space is required',
  sameEnds: 'A cross-connect joins two different rack spaces',
  differentSites: 'Both ends of a cross-connect must be at the same site',
  bEndForeign: "The B end must be a rack space of the same customer or one of the network's own",
  aEndOtherCustomer: 'A cross-connect stays with its customer: the A end must be one of its rack spaces',
  panelTooLong: 'Patch panel must be at most 40 characters',
  portTooLong: 'Port must be at most 40 characters',
} as const;

// Rack spaces given an end date are on their way out: no new cross-connect may be made to one
// (spec 5: "rackspace selection excludes ones with an enddate").
export function rackSpaceEnded(rack: { rackspaceid: string }) {
  return `Rack space ${rack.rackspaceid} has an end date and cannot be chosen`;
}

export function rackSpaceUnknown(rackspaceid: string) {
  return `Rack space ${rackspaceid} does not exist`;
}

export function isSelectableRackSpace(rack: { enddate: number | null }): boolean {
  return rack.enddate === null;
}

// Where a rack space can be: a building with an address (a physical or interconnect site), owned by
// the provider (its PoPs and exchanges) or by the rack space's own customer.
export function canHoldRackSpace(
  site: { customerId: number; siteType: number },
  customerId: number,
  providerCustomerId: number | null,
): boolean {
  if (!siteNeedsAddress(site.siteType)) return false;
  return site.customerId === customerId || site.customerId === providerCustomerId;
}

export type CrossConnectEnd = {
  uuid: string;
  rackspaceid: string;
  siteid: number;
  customerid: number;
  enddate: number | null;
};

// Whether two rack spaces may be joined into a cross-connect of `customerId` (the A end's customer on
// create). The B end is the customer's own or the provider's (its PoP rack: the usual hand-off). An
// end already in place stays even once it has an end date; only a newly chosen end must be selectable.
export function crossConnectProblem(
  ends: { a: CrossConnectEnd; b: CrossConnectEnd },
  rules: { customerId: number; providerCustomerId: number | null; chosen: { a: boolean; b: boolean } },
): { path: 'aendrackspaceid' | 'bendrackspaceid'; message: string } | null {
  const { a, b } = ends;
  if (a.uuid === b.uuid) return { path: 'bendrackspaceid', message: colocationMessages.sameEnds };
  if (rules.chosen.a && !isSelectableRackSpace(a))
    return { path: 'aendrackspaceid', message: rackSpaceEnded(a) };
  if (rules.chosen.b && !isSelectableRackSpace(b))
    return { path: 'bendrackspaceid', message: rackSpaceEnded(b) };
  if (a.customerid !== rules.customerId)
    return { path: 'aendrackspaceid', message: colocationMessages.aEndOtherCustomer };
  if (b.customerid !== rules.customerId && b.customerid !== rules.providerCustomerId)
    return { path: 'bendrackspaceid', message: colocationMessages.bEndForeign };
  if (a.siteid !== b.siteid) return { path: 'bendrackspaceid', message: colocationMessages.differentSites };
  return null;
}

// Rack ids are stored upper-case, so 'r07' and 'R07' name the same rack in a path or a body.
export const rackIdPattern = /^[A-Z0-9][A-Z0-9._-]{0,39}$/;

const rackIdSchema = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .toUpperCase()
    // Piped, so a blank id has only its own message.
    .pipe(z.string().regex(rackIdPattern, colocationMessages.rackIdInvalid));

const orNull = (value: string) => (value === '' ? null : value);

const maxUnixSeconds = 253_402_300_799;
const endDateSchema = z
  .number({ error: colocationMessages.endDateInvalid })
  .int(colocationMessages.endDateInvalid)
  .min(0, colocationMessages.endDateInvalid)
  .max(maxUnixSeconds, colocationMessages.endDateInvalid)
  .nullable();

const descriptionSchema = z
  .string({ error: colocationMessages.descriptionTooLong })
  .trim()
  .max(200, colocationMessages.descriptionTooLong)
  .pipe(text(200))
  .transform(orNull)
  .nullable()
  .optional();

const shortText = (message: string) =>
  z.string({ error: message }).trim().max(40, message).pipe(text(40)).transform(orNull).nullable().optional();

export const rackSpaceCreateSchema = z.strictObject({
  rackspaceid: rackIdSchema(colocationMessages.rackIdRequired),
  description: descriptionSchema,
  siteid: recordIdSchema(colocationMessages.siteRequired),
  customerid: recordIdSchema(colocationMessages.customerRequired),
  enddate: endDateSchema.optional(),
});
export type RackSpaceCreate = z.infer<typeof rackSpaceCreateSchema>;

// A rack space keeps its site and customer: its cross-connects were made there, for that customer.
// The rack id may change (a re-numbered data hall); the path names it as it was.
export const rackSpaceUpdateSchema = z.strictObject({
  rackspaceid: rackIdSchema(colocationMessages.rackIdRequired).optional(),
  description: descriptionSchema,
  enddate: endDateSchema.optional(),
});
export type RackSpaceUpdate = z.infer<typeof rackSpaceUpdateSchema>;

const crossConnectEndFields = {
  aendpanel: shortText(colocationMessages.panelTooLong),
  aendport: shortText(colocationMessages.portTooLong),
  bendpanel: shortText(colocationMessages.panelTooLong),
  bendport: shortText(colocationMessages.portTooLong),
};

export const crossConnectCreateSchema = z.strictObject({
  aendrackspaceid: rackIdSchema(colocationMessages.aEndRequired),
  bendrackspaceid: rackIdSchema(colocationMessages.bEndRequired),
  ...crossConnectEndFields,
});
export type CrossConnectCreate = z.infer<typeof crossConnectCreateSchema>;

export const crossConnectUpdateSchema = z.strictObject({
  aendrackspaceid: rackIdSchema(colocationMessages.aEndRequired).optional(),
  bendrackspaceid: rackIdSchema(colocationMessages.bEndRequired).optional(),
  ...crossConnectEndFields,
});
export type CrossConnectUpdate = z.infer<typeof crossConnectUpdateSchema>;

export const rackSpaceSortFields = [
  'rackspaceid',
  'description',
  'sitename',
  'customername',
  'enddate',
] as const;
export const crossConnectSortFields = [
  'crossconnectid',
  'sitename',
  'customername',
  'aendrackspaceid',
  'bendrackspaceid',
  'created',
] as const;

export const rackSpaceStatuses = { active: 'Active', ended: 'Has an end date' } as const;
export type RackSpaceStatus = keyof typeof rackSpaceStatuses;
export const rackSpaceStatusIds = Object.keys(rackSpaceStatuses) as [RackSpaceStatus, ...RackSpaceStatus[]];

// The API contract (docs/decisions/023-one-api-contract.md).

// The path names the rack id as it is now (spec 7.6: originalRackID); a malformed one is a 400.
export const rackSpaceParamsSchema = z.object({
  originalRackID: z.string().trim().toUpperCase().regex(rackIdPattern, colocationMessages.rackIdInvalid),
});
export const crossConnectParamsSchema = z.object({ crossconnectid: idSchema });

export const rackSpaceListQuerySchema = listQuerySchema.extend({
  customerid: idSchema.optional(),
  siteid: idSchema.optional(),
  status: z.enum(rackSpaceStatusIds).optional(),
  // The rack spaces a cross-connect from this rack id (its A end) may reach: at the same site,
  // selectable, the same customer's or the provider's, itself excluded (crossConnectProblem).
  joinswith: z
    .string()
    .trim()
    .toUpperCase()
    .regex(rackIdPattern, colocationMessages.rackIdInvalid)
    .optional(),
});
export type RackSpaceFilter = Pick<
  z.infer<typeof rackSpaceListQuerySchema>,
  'customerid' | 'siteid' | 'status' | 'joinswith'
>;

export const crossConnectListQuerySchema = listQuerySchema.extend({
  customerid: idSchema.optional(),
  siteid: idSchema.optional(),
});
export type CrossConnectFilter = Pick<z.infer<typeof crossConnectListQuerySchema>, 'customerid' | 'siteid'>;

const siteAndCustomer = {
  siteid: z.number(),
  sitenumber: z.string(),
  sitename: z.string(),
  customerid: z.number(),
  customercode: z.string(),
  customername: z.string(),
};

export const rackSpaceSchema = z.object({
  uuid: z.string(),
  rackspaceid: z.string(),
  description: z.string().nullable(),
  ...siteAndCustomer,
  enddate: z.number().nullable(),
  // How many cross-connects end in it, so an end date is not set on a busy rack unawares.
  crossconnects: z.number(),
});
export type RackSpace = z.output<typeof rackSpaceSchema>;

export const crossConnectSchema = z.object({
  uuid: z.string(),
  crossconnectid: z.number(),
  ...siteAndCustomer,
  aendrackspaceid: z.string(),
  aendpanel: z.string().nullable(),
  aendport: z.string().nullable(),
  aendenddate: z.number().nullable(),
  bendrackspaceid: z.string(),
  bendpanel: z.string().nullable(),
  bendport: z.string().nullable(),
  bendenddate: z.number().nullable(),
  // Whose the B end is: the customer's own rack or the network's.
  bendcustomername: z.string(),
  created: z.number(),
});
export type CrossConnect = z.output<typeof crossConnectSchema>;

export function crossConnectLabel(crossConnect: { crossconnectid: number }) {
  return `XC-${String(crossConnect.crossconnectid).padStart(5, '0')}`;
}

// GET /api/export/rackspaces and /api/export/crossconnects: the lists' filters and sort, without paging.
export const rackSpaceExportQuerySchema = rackSpaceListQuerySchema.omit({ limit: true, offset: true });
export const crossConnectExportQuerySchema = crossConnectListQuerySchema.omit({ limit: true, offset: true });

// The rack spaces list as a CSV file. The end date is a day, not a moment: 'YYYY-MM-DD' in the reader's
// zone, as the date input shows it.
export function rackSpaceCsvColumns(zone: string): readonly CsvColumn<RackSpace>[] {
  return [
    { header: 'Rack id', value: (r) => r.rackspaceid },
    { header: 'Description', value: (r) => r.description },
    { header: 'Site', value: (r) => r.sitename },
    { header: 'Site number', value: (r) => r.sitenumber },
    { header: 'Customer code', value: (r) => r.customercode },
    { header: 'Customer', value: (r) => r.customername },
    { header: 'Cross-connects', value: (r) => r.crossconnects },
    {
      header: csvTimeHeader('End date', zone),
      value: (r) => (r.enddate === null ? null : dateAndTimeInputsIn(r.enddate, zone).date),
    },
  ];
}

// The cross-connects list as a CSV file: both ends' rack, panel and port, and whose the B end is.
export function crossConnectCsvColumns(zone: string): readonly CsvColumn<CrossConnect>[] {
  return [
    { header: 'Cross-connect', value: (x) => crossConnectLabel(x) },
    { header: 'Site', value: (x) => x.sitename },
    { header: 'Site number', value: (x) => x.sitenumber },
    { header: 'Customer code', value: (x) => x.customercode },
    { header: 'Customer', value: (x) => x.customername },
    { header: 'A-end rack', value: (x) => x.aendrackspaceid },
    { header: 'A-end panel', value: (x) => x.aendpanel },
    { header: 'A-end port', value: (x) => x.aendport },
    { header: 'B-end rack', value: (x) => x.bendrackspaceid },
    { header: 'B-end owner', value: (x) => x.bendcustomername },
    { header: 'B-end panel', value: (x) => x.bendpanel },
    { header: 'B-end port', value: (x) => x.bendport },
    { header: csvTimeHeader('Created', zone), value: (x) => csvDateTime(x.created, zone) },
  ];
}
