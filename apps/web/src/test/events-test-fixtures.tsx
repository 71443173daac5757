import type { EventDetail, EventService, EventSummary } from '@lightpath/domain/events';

export { ok, page, renderSignedIn, sessionFor, signedIn } from './page-fixtures';

// Shared by the events page tests: an event on the wire (sessions and envelopes: test/page-fixtures).

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

// A service the event affects, as the event lists it.
export const campusUplink: EventService = {
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
};

export const detail: EventDetail = {
  ...outage,
  description: 'Field crews are locating the fault.',
  services: [campusUplink],
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
