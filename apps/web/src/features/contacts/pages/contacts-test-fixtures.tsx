import type { Contact, ContactSummary } from '@lightpath/domain/contacts';
import type { UserType } from '@lightpath/domain/user-types';
import { ModalsProvider } from '@mantine/modals';
import { Outlet, useLocation } from 'react-router';
import { actorFromSession, type Session, SessionContext } from '../../../lib/session';
import type { Route } from '../../../test/fetch-mock';

// Shared by the contacts page tests: a session for each role, contacts on the wire, envelopes.

export function sessionFor(type: UserType): Session {
  const customerid = type <= 3 ? 1 : 7;
  const info = {
    type,
    customerid,
    companyAdmin: type === 4,
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
    type,
    customerid,
    chameleon: 0 as const,
    companyAdmin: type === 4,
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

export const robin: ContactSummary = {
  contactid: 31,
  contactname: 'Robin Hart',
  email: 'robin.hart@northgate.example',
  title: 'Network Manager',
  office: '02 5551 1234',
  mobile: '0412 556 001',
  customerid: 7,
  customercode: 'UNG',
  customername: 'University of Northgate',
  sitecount: 2,
};

export const robinDetail: Contact = {
  ...robin,
  sites: [
    { siteid: 12, sitenumber: 'S0012', sitename: 'Northgate Library', contacttype: 1 },
    { siteid: 14, sitenumber: 'S0014', sitename: 'Northgate Observatory', contacttype: 3 },
  ],
};
