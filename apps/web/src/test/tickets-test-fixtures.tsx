import type { TicketListRow, TicketPage } from '@lightpath/domain/tickets';

export { ok, page, renderSignedIn, sessionFor, signedIn } from './page-fixtures';

// Shared by the tickets page tests: tickets on the wire (sessions and envelopes: test/page-fixtures).

const created = 1_750_000_000;

export const outageTicket: TicketListRow = {
  ticketid: 4211,
  subject: '[OUTAGE] 15/06/25 - UNG0012004701B',
  status: 'open',
  tickettype: 'incident',
  kind: 'support',
  customerid: 7,
  customercode: 'UNG',
  requester: 'Robin Hart',
  siteid: null,
  sitename: null,
  assigneeuserid: null,
  assigneename: null,
  created_at: created,
  updated_at: created + 600,
};

export const worksTicket: TicketListRow = {
  ...outageTicket,
  ticketid: 4312,
  subject: '[CUSTOMER WORKS] 20/06/25 - Main Campus',
  status: 'pending',
  tickettype: 'task',
  siteid: 21,
  sitename: 'Main Campus',
};

export const jobTicket: TicketListRow = {
  ...outageTicket,
  ticketid: 10_001,
  subject: 'Replace the optics in rack 4',
  status: 'new',
  tickettype: 'task',
  kind: 'job',
  customerid: 1,
  customercode: 'MRN',
  siteid: 3,
  sitename: 'Northgate PoP',
  assigneeuserid: 5,
  assigneename: 'Test User',
};

export const outageDetail: TicketPage = {
  ...outageTicket,
  description: 'The campus uplink went dark at 8am.',
  ccs: ['noc@northgate.example'],
  services: ['UNG0012004701B'],
  starttime: Date.UTC(2026, 6, 1, 22, 0) / 1000,
  endtime: null,
  comments: [
    {
      commentid: 1,
      author: 'Robin Hart',
      authoruserid: 5,
      htmlbody: '<p>The campus uplink went <strong>dark</strong> at 8am.</p>',
      created_at: created,
    },
    {
      commentid: 2,
      author: 'Nia Operator',
      authoruserid: 2,
      htmlbody: '<p>A crew is on the way.</p>',
      created_at: created + 300,
    },
  ],
  attachments: [{ attachmentid: 3, filename: 'photo.jpg', contenttype: 'image/jpeg', size: 2048 }],
  eventid: null,
};
