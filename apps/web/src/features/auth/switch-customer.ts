import type { Actor } from '@lightpath/domain/actor';
import { impersonationRoleChoices } from '@lightpath/domain/impersonation';
import type { UserType } from '@lightpath/domain/user-types';

// Roles the user may take on for one customer: what their chameleon level allows, narrowed to roles
// that exist there (provider staff roles 1-3 for the provider, customer roles 4-5 for a customer).
export function roleChoicesFor(
  chameleon: Actor['chameleon'],
  customer: { isprovider: boolean } | undefined,
): UserType[] {
  if (!customer) return [];
  return impersonationRoleChoices(chameleon).filter((type) => (customer.isprovider ? type <= 3 : type >= 4));
}

// Spec 4: after switching the app reloads; a customer-role target off the dashboard starts at / because
// the page it was on may not exist for that role.
export function pathAfterSwitch(usertype: UserType, pathname: string): string | null {
  return usertype !== 1 && pathname !== '/' ? '/' : null;
}
