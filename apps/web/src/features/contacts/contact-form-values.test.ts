import { contactCreateSchema, contactMessages } from '@lightpath/domain/contacts';
import { describe, expect, it } from 'vitest';
import {
  blankContactValues,
  toContactCreate,
  toContactUpdate,
  valuesFromContact,
} from './contact-form-values';

describe('contact form values', () => {
  it('send blanks as null and the customer only when the user names one', () => {
    const values = { ...blankContactValues('7'), contactname: 'Robin' };
    expect(toContactCreate(values, true)).toEqual({
      contactname: 'Robin',
      email: null,
      title: null,
      office: null,
      mobile: null,
      customerid: 7,
    });
    expect(toContactCreate(values, false)).not.toHaveProperty('customerid');
  });

  it('turn a missing customer into the domain message', () => {
    const result = contactCreateSchema.safeParse(
      toContactCreate({ ...blankContactValues(), contactname: 'A' }, true),
    );
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual([
      contactMessages.customerRequired,
    ]);
  });

  it('round-trip a contact', () => {
    const contact = {
      contactid: 3,
      contactname: 'Robin',
      email: 'r@x.example',
      title: null,
      office: '02 5551 0000',
      mobile: null,
      customerid: 7,
      customercode: 'UNG',
      customername: 'University of Northgate',
      sites: [],
    };
    expect(toContactUpdate(valuesFromContact(contact))).toEqual({
      contactname: 'Robin',
      email: 'r@x.example',
      title: null,
      office: '02 5551 0000',
      mobile: null,
    });
  });
});
