import type { Actor } from '@lightpath/domain/actor';
import type { Customer } from '@lightpath/domain/customers';
import type { SessionInfo, User } from '@lightpath/domain/users';
import { createContext, useContext } from 'react';

export type Session = {
  user: User;
  session: SessionInfo;
  // The effective customer (the impersonated one while switched).
  customer: Customer;
  actor: Actor;
};

// The Actor that `can` and `sidebarFor` reason about: the effective type and customer from the session,
// never the user record (which keeps the real ones while impersonating).
export function actorFromSession(user: Pick<User, 'userid'>, session: SessionInfo): Actor {
  return {
    userId: user.userid,
    type: session.type,
    customerId: session.customerid,
    companyAdmin: session.companyAdmin,
    chameleon: session.chameleon,
    realType: session.realtype,
    realCustomerId: session.realcustomerid,
    impersonating: session.impersonating,
  };
}

export const SessionContext = createContext<Session | null>(null);

// Only valid below the guard, which provides the context once the profile has loaded.
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside the signed-in layout');
  return session;
}
