import type { EventDetail, EventSummary } from '@lightpath/domain/events';
import type { UserType } from '@lightpath/domain/user-types';
import { ModalsProvider } from '@mantine/modals';
import { Outlet, useLocation } from 'react-router';
import { actorFromSession, type Session, SessionContext } from '../../../lib/session';
import type { Route } from '../../../test/fetch-mock';

// Shared by the events page tests: sessions for each role, an event on the wire, envelopes.

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

const start = 1_750_000_000;

export const outage: EventSummary = {
  eventid: 4211,
  number: 1207,
  title: 'Fibre cut on the Northgate ring',
  type: 3,
  starttime: start,
  endtime: null,
  priority: 1,
  slatype: 3,
  initiator: 'Jo Field',
  approver: 'Meridian Research Network NOC',
  createdat: start,
  updatedat: start + 600,
  revision: 2,
  servicecount: 3,
  customercount: 2,
  timing: 'ongoing',
};

export const works: EventSummary = {
  ...outage,
  eventid: 4300,
  number: 1300,
  title: 'Router software upgrade in Eastbrook',
  type: 1,
  starttime: start + 86_400,
  endtime: start + 90_000,
  priority: 3,
  slatype: 1,
  servicecount: 1,
  customercount: 1,
  timing: 'upcoming',
};

export const detail: EventDetail = {
  ...outage,
  description: 'Field crews are locating the fault.',
  services: [
    {
      serviceid: 'UNG0001004701B',
      description: 'Main campus uplink',
      status: 1,
      customerid: 7,
      customercode: 'UNG',
      aendsiteid: 21,
      aendsitename: 'Main Campus',
      bendsiteid: 3,
      bendsitename: 'Northgate PoP',
      condition: 3,
    },
  ],
  customers: [
    { customerid: 7, customercode: 'UNG', customername: 'University of Northgate', servicecount: 1 },
  ],
  sites: [{ siteid: 21, sitenumber: 'S0001', sitename: 'Main Campus', customercode: 'UNG', condition: 6 }],
  comments: [{ commentid: 1, author: 'Nia Operator', body: 'Crew on site.', createdat: start + 1200 }],
  notifications: [
    {
      customerid: 7,
      code: 'UNG',
      revision: 2,
      status: 'failed',
      ticketid: null,
      sentat: null,
      lasterror: 'Ticket system unavailable',
    },
  ],
};
