import type { Customer } from '@lightpath/domain/customers';
import { defaultPortalTimeZone } from '@lightpath/domain/time';
import type { UserType } from '@lightpath/domain/user-types';
import { ModalsProvider } from '@mantine/modals';
import { Outlet, type RouteObject, useLocation } from 'react-router';
import type { PortalInfo } from '../lib/queries/get-portal-info';
import { actorFromSession, type Session, SessionContext } from '../lib/session';
import { setToken } from '../lib/token-storage';
import { mockFetch, type Route } from './fetch-mock';
import { renderRoutes } from './render';

// Shared by the page tests: a session for each role, the customers and the portal facts on the wire,
// the app's outlet with the current URL shown, reply envelopes and the render that puts them together.

// The provider (customer 1, MRN) or the customer the tests act for (any other id: University of
// Northgate, UNG).
export function customer(customerid: number): Customer {
  const provider = customerid === 1;
  const code = provider ? 'MRN' : 'UNG';
  return {
    customerid,
    customername: provider ? 'Meridian Research Network' : 'University of Northgate',
    customercode: code,
    code,
    enabled: true,
    logo64: null,
    cdrpin: null,
    isprovider: provider,
  };
}

// GET /api/portal. The NOC's name is the provider's name and ' NOC'.
export function portal(providerName = 'Meridian Research Network'): PortalInfo {
  return {
    name: 'Lightpath',
    provider: { name: providerName, code: 'MRN', customerid: 1 },
    supportphone: '1',
    maptileurl: null,
    maptileattribution: null,
    timezone: defaultPortalTimeZone,
    version: '1',
  };
}

export function sessionFor(type: UserType, options: { companyAdmin?: boolean } = {}): Session {
  const customerid = type <= 3 ? 1 : 7;
  const info = {
    type,
    customerid,
    companyAdmin: options.companyAdmin ?? false,
    chameleon: 0 as const,
    impersonating: false,
    realtype: type,
    realcustomerid: customerid,
    expiresat: 0,
  };
  const user = {
    userid: 5,
    firstname: 'Test',
    surname: 'User',
    email: 'test@example.org',
    title: null,
    office: null,
    mobile: null,
    timezone: null,
    type,
    customerid,
    chameleon: 0 as const,
    companyAdmin: options.companyAdmin ?? false,
    enabled: true,
    lastlogin: null,
  };
  return {
    user,
    session: info,
    customer: customer(customerid),
    actor: actorFromSession(user, info),
  };
}

// The URL the app is at, so tests can assert that filters live in the query string.
function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

export function signedIn(session: Session) {
  return (
    <SessionContext value={session}>
      <ModalsProvider>
        <Outlet />
        <Where />
      </ModalsProvider>
    </SessionContext>
  );
}

export const ok = (payload: unknown, message?: string): Route => ({
  body: { result: 'Success', payload, message },
});
export const page = <T,>(results: T[], count = results.length) =>
  ok({ count, limit: 25, offset: 0, results });

export type Replies = Parameters<typeof mockFetch>[0];

// A page test's render: a stored session token (the API client sends it), the API's replies mocked, then the pages under the signed-in outlet at one URL.
export function renderSignedIn(session: Session, pages: RouteObject[], url: string, replies: Replies) {
  setToken('token', false);
  const fetch = mockFetch(replies);
  const view = renderRoutes([{ element: signedIn(session), children: pages }], url);
  return { ...view, ...fetch };
}
