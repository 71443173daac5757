import type { Contact, ContactSummary } from '@lightpath/domain/contacts';
import type { UserType } from '@lightpath/domain/user-types';
import { sessionFor as sessionOfType } from './page-fixtures';

export { ok, page, renderSignedIn, signedIn } from './page-fixtures';

// Shared by the contacts page tests: contacts on the wire (sessions and envelopes: test/page-fixtures).
// A type 4 session here is a company admin, the one who manages contacts.
export const sessionFor = (type: UserType) => sessionOfType(type, { companyAdmin: type === 4 });

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
