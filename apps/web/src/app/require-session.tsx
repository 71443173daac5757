import { defaultPortalTimeZone } from '@lightpath/domain/time';
import type { UseQueryResult } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useLogout } from '../features/auth/api/use-logout';
import { myCustomerQuery } from '../features/customers/api/get-my-customer';
import { meQuery } from '../lib/queries/get-me';
import { portalInfoQuery } from '../lib/queries/get-portal-info';
import { actorFromSession, type Session, SessionContext } from '../lib/session';
import { setTimeZones } from '../lib/time-zone';
import { getToken, subscribeToken } from '../lib/token-storage';
import { type LoadStep, StartupFailure, StartupOverlay } from './layout/startup-overlay';

function stepOf(label: string, query: UseQueryResult<unknown>): LoadStep {
  return { label, status: query.isPending ? 'pending' : query.isError ? 'error' : 'success' };
}

// Spec 2.1: every signed-in route passes through here. No token: off to /login, remembering where the
// user was going. Otherwise load the profile data sets, then render the page with the session.
export function RequireSession() {
  const token = useSyncExternalStore(subscribeToken, getToken, () => null);
  const location = useLocation();
  const signedIn = token !== null;
  const me = useQuery({ ...meQuery, enabled: signedIn });
  const myCustomer = useQuery({ ...myCustomerQuery, enabled: signedIn });
  const portal = useQuery(portalInfoQuery);
  const logout = useLogout();

  const session = useMemo<Session | null>(() => {
    if (!me.data) return null;
    const { user, session: info, customer } = me.data;
    // Where a data set fails the guard carries on (spec 2.1): the profile reply has the customer too,
    // without the logo, which only the customer profile carries.
    return {
      user,
      session: info,
      customer: myCustomer.data ?? { ...customer, logo64: null },
      actor: actorFromSession(user, info),
    };
  }, [me.data, myCustomer.data]);

  if (!signedIn) return <Navigate to="/login" replace state={{ from: location }} />;

  // The customer profile and portal settings finish too before the app shows (spec 2.3), failed or not.
  if (session && !myCustomer.isPending && !portal.isPending) {
    // Before any page formats a time: the user's zone, else the portal's (decisions.md).
    setTimeZones({ portal: portal.data?.timezone ?? defaultPortalTimeZone, user: session.user.timezone });
    return (
      <SessionContext value={session}>
        <Outlet />
      </SessionContext>
    );
  }
  if (me.isError) return <StartupFailure onReload={() => window.location.reload()} onLogout={logout} />;
  return (
    <StartupOverlay
      steps={[
        stepOf('Loading user profile', me),
        stepOf('Loading customer profile', myCustomer),
        stepOf('Loading portal settings', portal),
      ]}
    />
  );
}
