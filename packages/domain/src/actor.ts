import type { ChameleonLevel, UserType } from './user-types';
import { isProviderType } from './user-types';

// Who is making a request, as the rules see it. `type`, `customerId` and `companyAdmin` are the
// effective values (after impersonation); `realType` and `realCustomerId` belong to the signed-in user.
export type Actor = {
  userId: number;
  type: UserType;
  customerId: number;
  companyAdmin: boolean;
  chameleon: ChameleonLevel;
  realType: UserType;
  realCustomerId: number;
  impersonating: boolean;
};

// Tenant scope: provider staff see every customer, customer users only their own.
export type Scope = { kind: 'all' } | { kind: 'customer'; customerId: number };

export function scopeOf(actor: Pick<Actor, 'type' | 'customerId'>): Scope {
  return isProviderType(actor.type) ? { kind: 'all' } : { kind: 'customer', customerId: actor.customerId };
}

export function inScope(scope: Scope, customerId: number): boolean {
  return scope.kind === 'all' || scope.customerId === customerId;
}

type SignedInUser = {
  userId: number;
  type: UserType;
  customerId: number;
  companyAdmin: boolean;
  chameleon: ChameleonLevel;
};
type SessionOverride = { actingType: UserType | null; actingCustomerId: number | null };

// While impersonating, the user acts with the chosen role. Acting as a customer admin (4) carries the
// company-admin flag only for the NOC, who may manage any customer's users anyway; for other staff
// (switch level 2) it would hand out user management in every customer.
export function actorFrom(user: SignedInUser, session: SessionOverride): Actor {
  const impersonating = session.actingType !== null && session.actingCustomerId !== null;
  return {
    userId: user.userId,
    type: impersonating ? (session.actingType as UserType) : user.type,
    customerId: impersonating ? (session.actingCustomerId as number) : user.customerId,
    companyAdmin: impersonating ? session.actingType === 4 && user.type === 1 : user.companyAdmin,
    chameleon: user.chameleon,
    realType: user.type,
    realCustomerId: user.customerId,
    impersonating,
  };
}
