import { z } from 'zod';
import type { Actor } from './actor';
import { idSchema, listQuerySchema, recordIdSchema, text } from './api';
import type { CsvColumn } from './csv';
import { type SiteContactType, siteContactTypeIds, siteContactTypes } from './sites';
import { isProviderType } from './user-types';

// Spec 3: a contact belongs to one customer and stands for some of its sites as primary (1),
// secondary (2) or emergency (3) contact. The types themselves live with the site assignments.
export { siteContactTypes as contactTypes };

export const contactMessages = {
  created: 'Contact created!',
  updated: 'Contact updated',
  deleted: 'Contact deleted',
  notFound: 'Contact not found',
  loadFailed: 'An error occurred retrieving contacts',
  createFailed: 'An error occurred while creating this contact',
  updateFailed: 'An error occurred while updating this contact',
  deleteFailed: 'An error occurred while deleting this contact',
  nameRequired: 'Contact name is required',
  nameTooLong: 'Contact name must be at most 120 characters',
  emailInvalid: 'Enter a valid email address',
  titleTooLong: 'Title must be at most 120 characters',
  titleInvalid: 'Title must be text',
  phoneInvalid: 'Phone numbers may hold digits, spaces, +, - and brackets',
  phoneTooLong: 'Phone numbers must be at most 40 characters',
  customerRequired: 'Customer is required',
  customerNotFound: 'Customer not found',
} as const;

const emailPattern = z.email();
const phonePattern = /^[+()\d\s-]*$/;

// Optional fields: an empty input (the forms send '' for a cleared field) is stored as null.
const orNull = (value: string) => (value === '' ? null : value);

const contactFields = {
  // The specific checks come first so each rule has its own message; text() then refuses control
  // characters and bidirectional overrides as in every single-line field.
  contactname: z
    .string({ error: contactMessages.nameRequired })
    .trim()
    .min(1, contactMessages.nameRequired)
    .max(120, contactMessages.nameTooLong)
    .pipe(text(120)),
  email: z
    .string({ error: contactMessages.emailInvalid })
    .trim()
    .toLowerCase()
    .max(254, contactMessages.emailInvalid)
    .refine((v) => v === '' || emailPattern.safeParse(v).success, contactMessages.emailInvalid)
    .transform(orNull)
    .nullable()
    .optional(),
  title: z
    .string({ error: contactMessages.titleInvalid })
    .trim()
    .max(120, contactMessages.titleTooLong)
    .pipe(text(120))
    .transform(orNull)
    .nullable()
    .optional(),
  office: z
    .string({ error: contactMessages.phoneInvalid })
    .trim()
    .max(40, contactMessages.phoneTooLong)
    .regex(phonePattern, contactMessages.phoneInvalid)
    .transform(orNull)
    .nullable()
    .optional(),
  mobile: z
    .string({ error: contactMessages.phoneInvalid })
    .trim()
    .max(40, contactMessages.phoneTooLong)
    .regex(phonePattern, contactMessages.phoneInvalid)
    .transform(orNull)
    .nullable()
    .optional(),
};

export const contactCreateSchema = z.strictObject({
  ...contactFields,
  // Required of provider staff (contactCustomerFor); a customer admin's contacts are its own (another
  // customer named is refused).
  customerid: recordIdSchema(contactMessages.customerRequired).optional(),
});
export type ContactCreate = z.infer<typeof contactCreateSchema>;

// A contact never moves to another customer: its site assignments belong to that customer's sites.
export const contactUpdateSchema = z.strictObject({
  ...contactFields,
  contactname: contactFields.contactname.optional(),
});
export type ContactUpdate = z.infer<typeof contactUpdateSchema>;

// Whose contact a new contact is: provider staff name the customer; a customer admin's is its own
// unless it names another, which the server then finds out of its scope and refuses (the tenant matrix:
// a write naming another customer's record is refused, never quietly redirected). Null means a
// customer must be named and was not.
export function contactCustomerFor(
  actor: Pick<Actor, 'type' | 'customerId'>,
  customerid: number | undefined,
): number | null {
  if (!isProviderType(actor.type)) return customerid ?? actor.customerId;
  return customerid ?? null;
}

export type Contact = z.output<typeof contactSchema>;
export type ContactSite = Contact['sites'][number];
// A row of GET /contacts: the contact with the number of sites it stands for, not the sites.
export type ContactSummary = z.output<typeof contactSummarySchema>;

export const contactSortFields = ['contactname', 'email', 'customername', 'sitecount'] as const;

export function contactTypeName(type: number): string {
  return siteContactTypes[type as SiteContactType] ?? `Type ${type}`;
}

// The API contract (docs/decisions/023-one-api-contract.md): what the contact routes take and answer.
const contactReplyFields = {
  contactid: z.number(),
  contactname: z.string(),
  email: z.string().nullable(),
  title: z.string().nullable(),
  office: z.string().nullable(),
  mobile: z.string().nullable(),
  customerid: z.number(),
  customercode: z.string(),
  customername: z.string(),
};

export const contactSummarySchema = z.object({ ...contactReplyFields, sitecount: z.number() });

export const contactSchema = z.object({
  ...contactReplyFields,
  sites: z.array(
    z.object({
      siteid: z.number(),
      sitenumber: z.string(),
      sitename: z.string(),
      contacttype: z.literal(siteContactTypeIds),
    }),
  ),
});

export const contactParamsSchema = z.object({ contactid: idSchema });

export const contactListQuerySchema = listQuerySchema.extend({ customerid: idSchema.optional() });

// GET /api/export/contacts: the list's filters and sort, without its paging.
export const contactExportQuerySchema = contactListQuerySchema.omit({ limit: true, offset: true });

// The contacts list as a CSV file: what the table shows, the office and mobile numbers apart.
export const contactCsvColumns: readonly CsvColumn<ContactSummary>[] = [
  { header: 'Name', value: (c) => c.contactname },
  { header: 'Title', value: (c) => c.title },
  { header: 'Email', value: (c) => c.email },
  { header: 'Office phone', value: (c) => c.office },
  { header: 'Mobile', value: (c) => c.mobile },
  { header: 'Customer code', value: (c) => c.customercode },
  { header: 'Customer', value: (c) => c.customername },
  { header: 'Sites', value: (c) => c.sitecount },
];
