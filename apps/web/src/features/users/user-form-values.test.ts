import { userCreateSchema, userMessages } from '@lightpath/domain/users';
import { describe, expect, it } from 'vitest';
import { changedFields } from '../../lib/changed-fields';
import { blankUserValues, crossFieldProblems, toUserCreate, toUserUpdate } from './user-form-values';

const filled = blankUserValues({
  firstname: ' Ada ',
  surname: 'Lovelace',
  email: 'ada@northgate.example',
  title: '',
  office: '02 5550 1000',
  type: '5',
  customerid: '7',
});

describe('toUserCreate', () => {
  it('trims text, turns empty optional fields into null and selects into numbers', () => {
    const body = toUserCreate(filled, false);
    expect(body).toMatchObject({
      firstname: 'Ada',
      title: null,
      office: '02 5550 1000',
      type: 5,
      customerid: 7,
    });
    expect(body.chameleon).toBe(0);
    expect('password' in body).toBe(false);
    expect(userCreateSchema.safeParse(body).success).toBe(true);
  });

  it('leaves an unchosen customer as a problem for the schema to report', () => {
    const result = userCreateSchema.safeParse(toUserCreate({ ...filled, customerid: '' }, false));
    expect(result.success).toBe(false);
  });
});

describe('toUserUpdate', () => {
  it('sends only the own profile fields for a self-edit', () => {
    const body = toUserUpdate(filled, { ownFieldsOnly: true, lockRole: true, withChameleon: false });
    expect(Object.keys(body).sort()).toEqual(['firstname', 'mobile', 'office', 'surname', 'title']);
  });

  it('never sends role fields when the role is locked', () => {
    const body = toUserUpdate(filled, { ownFieldsOnly: false, lockRole: true, withChameleon: true });
    expect(body).not.toHaveProperty('type');
    expect(body).not.toHaveProperty('chameleon');
    expect(body).toHaveProperty('email');
  });

  it('changedFields keeps only what differs', () => {
    const mode = { ownFieldsOnly: false, lockRole: false, withChameleon: true };
    const before = toUserUpdate(filled, mode);
    const after = toUserUpdate({ ...filled, surname: 'Byron', companyAdmin: true }, mode);
    expect(changedFields(after, before)).toEqual({ surname: 'Byron', companyAdmin: true });
  });
});

describe('crossFieldProblems', () => {
  it('refuses a customer role in the provider and a provider role in a customer', () => {
    expect(crossFieldProblems({ ...filled, type: '4' }, true, false)).toEqual({
      type: userMessages.typeCustomerMismatch,
    });
    expect(crossFieldProblems({ ...filled, type: '2' }, false, false).type).toBe(
      userMessages.typeCustomerMismatch,
    );
    expect(crossFieldProblems({ ...filled, type: '5' }, false, false)).toEqual({});
  });

  it('refuses switch-customer level 1 for anyone but the NOC', () => {
    expect(crossFieldProblems({ ...filled, type: '3', chameleon: '1' }, true, true).chameleon).toBe(
      userMessages.chameleonNotAllowed,
    );
    expect(crossFieldProblems({ ...filled, type: '1', chameleon: '1' }, true, true)).toEqual({});
  });
});
