import { describe, expect, it } from 'vitest';
import {
  contactCreateSchema,
  contactCustomerFor,
  contactMessages,
  contactTypeName,
  contactUpdateSchema,
} from './contacts';

const valid = {
  contactname: 'Robin Hart',
  email: 'Robin.Hart@Northgate.example',
  title: 'Network Manager',
  office: '02 5551 1234',
  mobile: '+61 (0)412-556-001',
  customerid: 7,
};

function messagesOf(schema: typeof contactCreateSchema | typeof contactUpdateSchema, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('creating a contact', () => {
  it('accepts a full contact, trims it and lower-cases the email', () => {
    const parsed = contactCreateSchema.parse({ ...valid, contactname: '  Robin Hart ' });
    expect(parsed).toEqual({ ...valid, email: 'robin.hart@northgate.example' });
  });

  it('needs only a name; empty optional fields become null', () => {
    expect(contactCreateSchema.parse({ contactname: 'Robin' })).toEqual({ contactname: 'Robin' });
    expect(
      contactCreateSchema.parse({ contactname: 'Robin', email: ' ', title: '', office: '', mobile: null }),
    ).toEqual({ contactname: 'Robin', email: null, title: null, office: null, mobile: null });
  });

  it.each([
    ['a missing name', { ...valid, contactname: undefined }, contactMessages.nameRequired],
    ['a blank name', { ...valid, contactname: '   ' }, contactMessages.nameRequired],
    ['a name that is not text', { ...valid, contactname: 42 }, contactMessages.nameRequired],
    ['a name too long', { ...valid, contactname: 'x'.repeat(121) }, contactMessages.nameTooLong],
    [
      'a name with a line break',
      { ...valid, contactname: 'Robin\nHart' },
      'Must not contain line breaks or control characters',
    ],
    ['an invalid email', { ...valid, email: 'robin@' }, contactMessages.emailInvalid],
    ['an email that is not text', { ...valid, email: 5 }, contactMessages.emailInvalid],
    ['an email too long', { ...valid, email: `${'a'.repeat(250)}@x.example` }, contactMessages.emailInvalid],
    ['a title too long', { ...valid, title: 't'.repeat(121) }, contactMessages.titleTooLong],
    ['a title that is not text', { ...valid, title: ['a'] }, contactMessages.titleInvalid],
    ['letters in the office phone', { ...valid, office: 'call me' }, contactMessages.phoneInvalid],
    ['a mobile too long', { ...valid, mobile: '1'.repeat(41) }, contactMessages.phoneTooLong],
    ['a customer id of 0', { ...valid, customerid: 0 }, contactMessages.customerRequired],
    ['a customer id as text', { ...valid, customerid: '7' }, contactMessages.customerRequired],
    ['an unknown field', { ...valid, sites: [] }, 'Unrecognized key: "sites"'],
  ])('refuses %s with its message', (_label, input, message) => {
    expect(messagesOf(contactCreateSchema, input)).toEqual([message]);
  });
});

describe('updating a contact', () => {
  it('takes any subset of the fields, but never the customer', () => {
    expect(contactUpdateSchema.parse({})).toEqual({});
    expect(contactUpdateSchema.parse({ title: '' })).toEqual({ title: null });
    expect(messagesOf(contactUpdateSchema, { customerid: 3 })).toEqual(['Unrecognized key: "customerid"']);
    expect(messagesOf(contactUpdateSchema, { contactname: '' })).toEqual([contactMessages.nameRequired]);
    expect(messagesOf(contactUpdateSchema, { email: 'nope' })).toEqual([contactMessages.emailInvalid]);
  });
});

describe("a new contact's customer", () => {
  it('is the one provider staff name, and is required of them', () => {
    expect(contactCustomerFor({ type: 1, customerId: 1 }, 9)).toBe(9);
    expect(contactCustomerFor({ type: 1, customerId: 1 }, undefined)).toBeNull();
  });

  it("is a customer admin's own, and another customer named stays named for the server to refuse", () => {
    expect(contactCustomerFor({ type: 4, customerId: 7 }, undefined)).toBe(7);
    expect(contactCustomerFor({ type: 4, customerId: 7 }, 7)).toBe(7);
    expect(contactCustomerFor({ type: 4, customerId: 7 }, 9)).toBe(9);
  });
});

describe('contact types', () => {
  it('are named as in spec 3', () => {
    expect([1, 2, 3].map(contactTypeName)).toEqual(['Primary', 'Secondary', 'Emergency']);
  });
});
