import { z } from 'zod';

// The five kinds of portal user (spec section 6). Types 1-3 are provider staff and work across every
// customer; types 4 and 5 belong to one customer and only ever see that customer's records.
export const userTypes = [1, 2, 3, 4, 5] as const;
export type UserType = (typeof userTypes)[number];

export const userTypeNames: Record<UserType, string> = {
  1: 'NOC / Provider admin',
  2: 'Field technician',
  3: 'Engineering',
  4: 'Customer admin',
  5: 'Customer user',
};

// Spec 6: "User colour: 4 green, 5 orange"; provider staff get the brand colour.
export const userTypeColours: Record<UserType, string> = {
  1: 'indigo',
  2: 'cyan',
  3: 'violet',
  4: 'green',
  5: 'orange',
};

export function isProviderType(type: UserType): boolean {
  return type <= 3;
}

export const userTypeSchema = z.union(
  userTypes.map((t) => z.literal(t)) as [z.ZodLiteral<1>, ...z.ZodLiteral<UserType>[]],
  { error: 'User type must be 1 to 5' },
);

// Chameleon is the impersonation capability: 0 none, 1 full (any role, active customers only),
// 2 customer roles only (and Tickets are hidden from that user).
export const chameleonLevels = [0, 1, 2] as const;
export type ChameleonLevel = (typeof chameleonLevels)[number];
