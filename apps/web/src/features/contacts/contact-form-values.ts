import type { Contact, ContactCreate, ContactUpdate } from '@lightpath/domain/contacts';

// What the contact forms hold: every input is a string; '' is "none".
export type ContactFormValues = {
  contactname: string;
  email: string;
  title: string;
  office: string;
  mobile: string;
  customerid: string;
};

export function blankContactValues(customerid = ''): ContactFormValues {
  return { contactname: '', email: '', title: '', office: '', mobile: '', customerid };
}

export function valuesFromContact(contact: Contact): ContactFormValues {
  return {
    contactname: contact.contactname,
    email: contact.email ?? '',
    title: contact.title ?? '',
    office: contact.office ?? '',
    mobile: contact.mobile ?? '',
    customerid: String(contact.customerid),
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value);

function profileOf(values: ContactFormValues): ContactUpdate {
  return {
    contactname: values.contactname,
    email: orNull(values.email),
    title: orNull(values.title),
    office: orNull(values.office),
    mobile: orNull(values.mobile),
  };
}

// Provider staff name the customer; a customer admin's contacts are its own, so none is sent.
export function toContactCreate(values: ContactFormValues, namesCustomer: boolean): ContactCreate {
  const body = profileOf(values) as ContactCreate;
  if (namesCustomer) body.customerid = values.customerid === '' ? 0 : Number(values.customerid);
  return body;
}

export function toContactUpdate(values: ContactFormValues): ContactUpdate {
  return profileOf(values);
}
