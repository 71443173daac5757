import { z } from 'zod';
import type { Actor } from './actor';
import { recordIdSchema } from './api';
import { isProviderType, type UserType, userTypeSchema } from './user-types';

export const impersonationMessages = {
  notAllowed: 'You cannot switch customers',
  roleNotAllowed: 'You cannot switch to that role',
  customerInactive: 'That customer is not active',
  roleCustomerMismatch:
    'Provider roles (1 to 3) apply to the provider, customer roles (4 and 5) to a customer',
  switched: 'Changed Customers Successfully!',
  failed: 'An error occurred while swapping between customers',
} as const;

export const impersonateSchema = z.strictObject({
  customerid: recordIdSchema('Choose a customer'),
  usertype: userTypeSchema,
});

// Spec 6: roles 1-3 only with chameleon 1; 4 and 5 always (for anyone who may switch at all).
export function impersonationRoleChoices(chameleon: Actor['chameleon']): UserType[] {
  if (chameleon === 1) return [1, 2, 3, 4, 5];
  if (chameleon === 2) return [4, 5];
  return [];
}

// Chameleon 1 lists only active customers; chameleon 2 lists all.
export function switchableCustomers<C extends { enabled: boolean }>(
  chameleon: Actor['chameleon'],
  customers: C[],
) {
  if (chameleon === 0) return [];
  return chameleon === 1 ? customers.filter((c) => c.enabled) : customers;
}

type Target = { enabled: boolean; isprovider: boolean };

// Returns the reason a switch is refused, or null when it is allowed.
export function impersonationProblem(
  actor: Pick<Actor, 'chameleon'>,
  target: Target,
  usertype: UserType,
): string | null {
  if (actor.chameleon === 0) return impersonationMessages.notAllowed;
  if (!impersonationRoleChoices(actor.chameleon).includes(usertype))
    return impersonationMessages.roleNotAllowed;
  if (target.isprovider !== isProviderType(usertype)) return impersonationMessages.roleCustomerMismatch;
  if (actor.chameleon === 1 && !target.enabled) return impersonationMessages.customerInactive;
  return null;
}

// Switching back to the user's own customer and type ends the impersonation instead of recording one.
export function isRevert(
  actor: Pick<Actor, 'realType' | 'realCustomerId'>,
  customerid: number,
  usertype: UserType,
): boolean {
  return actor.realCustomerId === customerid && actor.realType === usertype;
}
