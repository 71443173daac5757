import { z } from 'zod';
import type { Actor } from './actor';
import { idSchema, listQuerySchema, recordIdSchema, text } from './api';
import { emailSchema, newPasswordSchema } from './auth';
import { type CsvColumn, csvDateTime, csvTimeHeader, csvYesNo } from './csv';
import { customerSchema } from './customers';
import { isTimeZone, timeZoneMessages } from './time';
import {
  type ChameleonLevel,
  chameleonLevels,
  isProviderType,
  type UserType,
  userTypeNames,
  userTypeSchema,
  userTypes,
} from './user-types';

export type User = z.output<typeof userSchema>;

// The session half of GET /api/user/me: what the signed-in user is acting as right now.
export type SessionInfo = z.output<typeof sessionSchema>;

export const userMessages = {
  emailInUse: 'A user with this email already exists',
  notFound: 'User not found',
  cannotDeleteSelf: 'You cannot delete your own account',
  typeNotAssignable: 'You cannot give a user that type',
  typeCustomerMismatch:
    'Provider staff (types 1 to 3) belong to the provider; customer users (types 4 and 5) to a customer',
  chameleonNotAllowed: 'Switch-customer level 1 is for NOC users (type 1); level 2 for provider staff only',
  otherCompany: 'You can only manage users of your own company',
  created: 'User created',
  updated: 'User updated',
  deleted: 'User deleted',
} as const;

const phone = text(40).regex(/^[+()\d\s-]*$/, 'Phone numbers may hold digits, spaces, +, - and brackets');
const userType = userTypeSchema;
const chameleon = z.union(
  chameleonLevels.map((c) => z.literal(c)) as [z.ZodLiteral<0>, ...z.ZodLiteral<ChameleonLevel>[]],
  { error: 'Switch-customer level must be 0, 1 or 2' },
);

const profileFields = {
  firstname: text(80).min(1, 'First name is required'),
  surname: text(80).min(1, 'Surname is required'),
  title: text(120).nullable().optional(),
  office: phone.nullable().optional(),
  mobile: phone.nullable().optional(),
  timezone: z
    .string({ error: timeZoneMessages.invalid })
    .refine(isTimeZone, timeZoneMessages.invalid)
    .nullable()
    .optional(),
};

export const userCreateSchema = z.strictObject({
  ...profileFields,
  email: emailSchema,
  type: userType,
  customerid: recordIdSchema('Customer is required'),
  companyAdmin: z.boolean().default(false),
  chameleon: chameleon.default(0),
  // Without a password the new user gets an invitation e-mail with a link to choose one.
  password: newPasswordSchema.optional(),
});
export type UserCreate = z.infer<typeof userCreateSchema>;

export const userUpdateSchema = z.strictObject({
  ...profileFields,
  firstname: profileFields.firstname.optional(),
  surname: profileFields.surname.optional(),
  email: emailSchema.optional(),
  type: userType.optional(),
  companyAdmin: z.boolean().optional(),
  chameleon: chameleon.optional(),
  enabled: z.boolean().optional(),
});
export type UserUpdate = z.infer<typeof userUpdateSchema>;

// Fields any user may change on their own profile; the rest need users.manage.
export const ownProfileFields = ['firstname', 'surname', 'title', 'office', 'mobile', 'timezone'] as const;

export function assignableUserTypes(actor: Pick<Actor, 'type' | 'companyAdmin'>): UserType[] {
  if (actor.type === 1) return [...userTypes];
  if (actor.type === 4 && actor.companyAdmin) return [4, 5];
  return [];
}

export function typeFitsCustomer(type: UserType, customerIsProvider: boolean): boolean {
  return isProviderType(type) === customerIsProvider;
}

// Level 1 lets a user act as provider roles, so only the NOC may hold it; level 2 (customer roles
// only) is for any provider staff. Customer users never switch customers.
export function chameleonFitsType(level: ChameleonLevel, type: UserType): boolean {
  if (level === 0) return true;
  if (level === 1) return type === 1;
  return isProviderType(type);
}

export function fullName(user: Pick<User, 'firstname' | 'surname'>): string {
  return `${user.firstname} ${user.surname}`.trim();
}

// The API contract (docs/decisions/023-one-api-contract.md): what the user routes take and answer.
export const userParamsSchema = z.object({ userid: idSchema });

export const userListQuerySchema = listQuerySchema.extend({
  type: z.coerce.number().pipe(userTypeSchema).optional(),
  customerid: idSchema.optional(),
});

// Replies name the levels as one `enum` (z.literal of a list): a union of literals would become an
// `anyOf`, which the server's serialiser writes several times slower.
const replyUserType = z.literal(userTypes);
const replyChameleonLevel = z.literal(chameleonLevels);

export const userSchema = z.object({
  userid: z.number(),
  firstname: z.string(),
  surname: z.string(),
  email: z.string(),
  title: z.string().nullable(),
  office: z.string().nullable(),
  mobile: z.string().nullable(),
  // Null: the portal's zone (decisions.md, time zone).
  timezone: z.string().nullable(),
  type: replyUserType,
  customerid: z.number(),
  chameleon: replyChameleonLevel,
  companyAdmin: z.boolean(),
  enabled: z.boolean(),
  lastlogin: z.number().nullable(),
});
export const userListItemSchema = userSchema.extend({ customername: z.string() });
export type UserListItem = z.output<typeof userListItemSchema>;

// GET /api/export/users: the list's filters and sort, without its paging.
export const userExportQuerySchema = userListQuerySchema.omit({ limit: true, offset: true });

// The users list as a CSV file: what the table shows, with the contact numbers; the last sign-in on
// the reader's clock. Never a password or a session.
export function userCsvColumns(zone: string): readonly CsvColumn<UserListItem>[] {
  return [
    { header: 'First name', value: (u) => u.firstname },
    { header: 'Surname', value: (u) => u.surname },
    { header: 'Email', value: (u) => u.email },
    { header: 'Title', value: (u) => u.title },
    { header: 'Office phone', value: (u) => u.office },
    { header: 'Mobile', value: (u) => u.mobile },
    { header: 'Type', value: (u) => userTypeNames[u.type] },
    { header: 'Customer', value: (u) => u.customername },
    { header: 'Company admin', value: (u) => csvYesNo(u.companyAdmin) },
    { header: 'Enabled', value: (u) => csvYesNo(u.enabled) },
    { header: csvTimeHeader('Last login', zone), value: (u) => csvDateTime(u.lastlogin, zone) },
  ];
}
export const userReplySchema = z.object({ user: userSchema });

export const sessionSchema = z.object({
  type: replyUserType,
  customerid: z.number(),
  companyAdmin: z.boolean(),
  chameleon: replyChameleonLevel,
  impersonating: z.boolean(),
  realtype: replyUserType,
  realcustomerid: z.number(),
  expiresat: z.number(),
});

// GET /api/user/me: the signed-in user, the session and the customer acted for, without its logo.
export const meSchema = z.object({
  user: userSchema,
  session: sessionSchema,
  customer: customerSchema.omit({ logo64: true }),
});
export const sessionReplySchema = z.object({ session: sessionSchema });
