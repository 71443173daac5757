import { z } from 'zod';
import type { Actor } from './actor';
import { idSchema, listQuerySchema, text } from './api';
import { type CsvColumn, csvYesNo } from './csv';
import { can } from './permissions';
import { type FileSignature, hasSignature, leadingBytesOfBase64 } from './uploaded-files';

export type Customer = z.output<typeof customerSchema>;

export const customerMessages = {
  codeInUse: 'Customer code is already in use',
  notFound: 'Customer not found',
  created: 'Customer created',
  updated: 'Customer updated',
  settingsSaved: 'Company settings saved',
} as const;

// Customer codes start every service id (decisions.md), so they are exactly three capitals or digits.
export const customerCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{3}$/, 'Customer code must be 3 letters or digits');

// Logos are small raster images carried as data URLs; SVG is refused because it can carry script.
export const logoMaxBytes = 200 * 1024;
const logoPattern = /^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/]+={0,2}$/;
const logoTooLarge = 'Logo must be at most 200 KB';
const logoNotAnImage = 'Logo must be a PNG, JPEG, WebP or GIF image';

function decodedBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return (base64.length * 3) / 4 - padding;
}

// The image is what its data URL says by its first bytes: a page or a script labelled image/png is
// refused, as every other upload is (file-signatures.ts).
function logoContentMatchesType(dataUrl: string): boolean {
  const type = logoPattern.exec(dataUrl)?.[1] as FileSignature | undefined;
  // Text that is no image data URL at all has been refused by the pattern already.
  if (type === undefined) return true;
  return hasSignature(type, leadingBytesOfBase64(dataUrl.slice(dataUrl.indexOf(',') + 1)));
}

export const logoSchema = z
  .string()
  // A cheap bound on the text first, then the exact size of the decoded image, then its content.
  .max(Math.ceil((logoMaxBytes * 4) / 3) + 40, logoTooLarge)
  .regex(logoPattern, logoNotAnImage)
  .refine((value) => decodedBytes(value) <= logoMaxBytes, logoTooLarge)
  .refine(logoContentMatchesType, logoNotAnImage);

const cdrPinSchema = z
  .string()
  .trim()
  .regex(/^\d{4,8}$/, 'CDR PIN must be 4 to 8 digits');

export const customerCreateSchema = z.strictObject({
  customername: text(120).min(2, 'Customer name is required'),
  customercode: customerCodeSchema,
  enabled: z.boolean().default(true),
  logo64: logoSchema.nullable().optional(),
  cdrpin: cdrPinSchema.nullable().optional(),
});
export type CustomerCreate = z.infer<typeof customerCreateSchema>;

// The provider may change everything but the code (service ids embed it).
export const customerUpdateSchema = z.strictObject({
  customername: text(120).min(2, 'Customer name is required').optional(),
  enabled: z.boolean().optional(),
  logo64: logoSchema.nullable().optional(),
  cdrpin: cdrPinSchema.nullable().optional(),
});
export type CustomerUpdate = z.infer<typeof customerUpdateSchema>;

// Company Settings: what a company admin may change about their own company.
export const companySettingsSchema = z.strictObject({
  logo64: logoSchema.nullable().optional(),
  cdrpin: cdrPinSchema.nullable().optional(),
});
export type CompanySettingsUpdate = z.infer<typeof companySettingsSchema>;

export function customerInitials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^\p{L}/u.test(w) && !/^(of|the|and|for)$/i.test(w));
  return (
    words
      .slice(0, 2)
      .map((w) => w[0]?.toUpperCase())
      .join('') || '?'
  );
}

// The CDR PIN identifies a caller to the NOC by phone, so only those who may change it see it: the
// provider's customer managers, and the company admin of that customer.
export function canSeeCdrPin(
  actor: Pick<Actor, 'type' | 'companyAdmin' | 'chameleon' | 'customerId'>,
  customerId: number,
) {
  return (
    can(actor, 'customers.manage') || (can(actor, 'company.settings') && actor.customerId === customerId)
  );
}

export function withCdrPinFor<C extends { customerid: number; cdrpin: string | null }>(
  actor: Pick<Actor, 'type' | 'companyAdmin' | 'chameleon' | 'customerId'>,
  customer: C,
): C {
  return canSeeCdrPin(actor, customer.customerid) ? customer : { ...customer, cdrpin: null };
}

// The API contract (docs/decisions/023-one-api-contract.md): what the customer routes take and answer.
export const customerParamsSchema = z.object({ customerid: idSchema });

export const customerListQuerySchema = listQuerySchema.extend({
  enabled: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

export const customerSchema = z.object({
  customerid: z.number(),
  customername: z.string(),
  customercode: z.string(),
  code: z.string(),
  enabled: z.boolean(),
  logo64: z.string().nullable(),
  cdrpin: z.string().nullable(),
  isprovider: z.boolean(),
});
export const customerListItemSchema = customerSchema.extend({ usercount: z.number() });
export type CustomerListItem = z.output<typeof customerListItemSchema>;

// GET /api/export/customers: the list's filters and sort, without its paging.
export const customerExportQuerySchema = customerListQuerySchema.omit({ limit: true, offset: true });

// The customers list as a CSV file: what the table shows. Never the calendar PIN or the logo.
export const customerCsvColumns: readonly CsvColumn<CustomerListItem>[] = [
  { header: 'Customer', value: (c) => c.customername },
  { header: 'Code', value: (c) => c.customercode },
  { header: 'Enabled', value: (c) => csvYesNo(c.enabled) },
  { header: 'Provider', value: (c) => csvYesNo(c.isprovider) },
  { header: 'Users', value: (c) => c.usercount },
];

// GET /api/user/impersonate/customers: the customers the signed-in user may switch to.
export const switchableCustomersSchema = z.object({
  results: z.array(
    z.object({
      customerid: z.number(),
      customername: z.string(),
      customercode: z.string(),
      enabled: z.boolean(),
      isprovider: z.boolean(),
    }),
  ),
});
