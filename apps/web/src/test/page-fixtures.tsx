import type { UserType } from '@lightpath/domain/user-types';
import { ModalsProvider } from '@mantine/modals';
import { Outlet, type RouteObject, useLocation } from 'react-router';
import { actorFromSession, type Session, SessionContext } from '../lib/session';
import { setToken } from '../lib/token-storage';
import { mockFetch, type Route } from './fetch-mock';
import { renderRoutes } from './render';

// Shared by the page tests: a session for each role, the app's outlet with the current URL shown,
// reply envelopes and the render that puts them together.

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
    customer: {
      customerid,
      customername: customerid === 1 ? 'Meridian Research Network' : 'University of Northgate',
      customercode: customerid === 1 ? 'MRN' : 'UNG',
      code: customerid === 1 ? 'MRN' : 'UNG',
      enabled: true,
      logo64: null,
      cdrpin: null,
      isprovider: customerid === 1,
    },
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
