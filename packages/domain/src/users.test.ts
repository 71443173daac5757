import { describe, expect, it } from 'vitest';
import {
  assignableUserTypes,
  chameleonFitsType,
  fullName,
  typeFitsCustomer,
  userCreateSchema,
  userUpdateSchema,
} from './users';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

const minimal = {
  firstname: 'Ada',
  surname: 'Lovelace',
  email: 'Ada.Lovelace@Northgate.Example',
  type: 5,
  customerid: 7,
};

describe('userCreateSchema', () => {
  it('accepts the required fields and fills the defaults', () => {
    expect(userCreateSchema.parse(minimal)).toEqual({
      firstname: 'Ada',
      surname: 'Lovelace',
      email: 'ada.lovelace@northgate.example',
      type: 5,
      customerid: 7,
      companyAdmin: false,
      chameleon: 0,
    });
  });

  it('accepts every optional field', () => {
    const full = {
      ...minimal,
      title: 'Network Manager',
      office: '+61 (2) 9876-5432',
      mobile: '0412 345 678',
      companyAdmin: true,
      chameleon: 0,
      password: 'a-long-enough-password',
    };
    expect(userCreateSchema.parse(full)).toEqual({ ...full, email: 'ada.lovelace@northgate.example' });
  });

  it('accepts null title and phones', () => {
    expect(userCreateSchema.safeParse({ ...minimal, title: null, office: null, mobile: null }).success).toBe(
      true,
    );
  });

  it('trims names', () => {
    const parsed = userCreateSchema.parse({ ...minimal, firstname: '  Ada ', surname: ' Lovelace  ' });
    expect([parsed.firstname, parsed.surname]).toEqual(['Ada', 'Lovelace']);
  });

  it.each(['firstname', 'surname', 'email', 'type', 'customerid'] as const)('%s is required', (field) => {
    const { [field]: _dropped, ...rest } = minimal;
    const result = userCreateSchema.safeParse(rest);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual([field]);
  });

  it.each([
    [{ firstname: '' }, 'firstname: First name is required'],
    [{ firstname: '   ' }, 'firstname: First name is required'],
    [{ surname: '' }, 'surname: Surname is required'],
    [{ email: 'nobody' }, 'email: Enter a valid email address'],
    [{ customerid: 0 }, 'customerid: Customer is required'],
    [{ type: 0 }, 'type: User type must be 1 to 5'],
    [{ type: 6 }, 'type: User type must be 1 to 5'],
    [{ type: '4' }, 'type: User type must be 1 to 5'],
    [{ chameleon: 3 }, 'chameleon: Switch-customer level must be 0, 1 or 2'],
    [{ chameleon: -1 }, 'chameleon: Switch-customer level must be 0, 1 or 2'],
    [{ office: 'call me' }, 'office: Phone numbers may hold digits, spaces, +, - and brackets'],
    [{ mobile: '0412#345' }, 'mobile: Phone numbers may hold digits, spaces, +, - and brackets'],
    [{ firstname: 'A'.repeat(81) }, 'firstname: Must be at most 80 characters'],
    [{ firstname: 'A\u0000da' }, 'firstname: Must not contain line breaks or control characters'],
    [{ surname: 'Love\u001Blace' }, 'surname: Must not contain line breaks or control characters'],
    [{ title: 'Head\u0007of IT' }, 'title: Must not contain line breaks or control characters'],
    [{ password: 'short' }, 'password: Password must be at least 10 characters'],
  ])('refuses %j', (change, message) => {
    expect(messages(userCreateSchema.safeParse({ ...minimal, ...change }))).toEqual([message]);
  });

  it.each([1, 2, 3, 4, 5])('accepts type %i', (type) => {
    expect(userCreateSchema.safeParse({ ...minimal, type }).success).toBe(true);
  });

  it.each([0, 1, 2])('accepts chameleon %i', (chameleon) => {
    expect(userCreateSchema.safeParse({ ...minimal, chameleon }).success).toBe(true);
  });

  it.each(['userid', 'enabled', 'isAdmin'])('refuses the unknown key %s', (key) => {
    expect(userCreateSchema.safeParse({ ...minimal, [key]: true }).success).toBe(false);
  });
});

describe('userUpdateSchema', () => {
  it('accepts an empty change', () => {
    expect(userUpdateSchema.parse({})).toEqual({});
  });

  it('accepts a partial change and normalises it', () => {
    expect(
      userUpdateSchema.parse({ surname: ' Byron ', email: 'ADA@northgate.example', enabled: false }),
    ).toEqual({
      surname: 'Byron',
      email: 'ada@northgate.example',
      enabled: false,
    });
  });

  it.each([
    [{ firstname: '' }, 'firstname: First name is required'],
    [{ type: 7 }, 'type: User type must be 1 to 5'],
    [{ chameleon: 5 }, 'chameleon: Switch-customer level must be 0, 1 or 2'],
    [{ mobile: 'mobile' }, 'mobile: Phone numbers may hold digits, spaces, +, - and brackets'],
    [{ title: 'x\u0008y' }, 'title: Must not contain line breaks or control characters'],
  ])('refuses %j', (change, message) => {
    expect(messages(userUpdateSchema.safeParse(change))).toEqual([message]);
  });

  it.each(['password', 'userid', 'lastlogin'])('refuses the unknown key %s', (key) => {
    expect(userUpdateSchema.safeParse({ [key]: 'x' }).success).toBe(false);
  });
});

describe('assignableUserTypes', () => {
  it.each([
    [1, false, [1, 2, 3, 4, 5]],
    [1, true, [1, 2, 3, 4, 5]],
    [2, false, []],
    [2, true, []],
    [3, false, []],
    [3, true, []],
    [4, false, []],
    [4, true, [4, 5]],
    [5, false, []],
    [5, true, []],
  ] as const)('type %i with companyAdmin=%s may assign %j', (type, companyAdmin, types) => {
    expect(assignableUserTypes({ type, companyAdmin })).toEqual(types);
  });
});

describe('typeFitsCustomer', () => {
  it.each([
    [1, true, true],
    [2, true, true],
    [3, true, true],
    [4, true, false],
    [5, true, false],
    [1, false, false],
    [2, false, false],
    [3, false, false],
    [4, false, true],
    [5, false, true],
  ] as const)('type %i at a customer with isprovider=%s fits: %s', (type, isProvider, fits) => {
    expect(typeFitsCustomer(type, isProvider)).toBe(fits);
  });
});

describe('chameleonFitsType', () => {
  it.each([
    [0, 1, true],
    [0, 2, true],
    [0, 3, true],
    [0, 4, true],
    [0, 5, true],
    [1, 1, true],
    [1, 2, false],
    [1, 3, false],
    [1, 4, false],
    [1, 5, false],
    [2, 1, true],
    [2, 2, true],
    [2, 3, true],
    [2, 4, false],
    [2, 5, false],
  ] as const)('chameleon %i for type %i: %s', (level, type, fits) => {
    expect(chameleonFitsType(level, type)).toBe(fits);
  });
});

describe('fullName', () => {
  it.each([
    ['Ada', 'Lovelace', 'Ada Lovelace'],
    ['Ada', '', 'Ada'],
    ['', 'Lovelace', 'Lovelace'],
    ['', '', ''],
  ])('%j + %j is %j', (firstname, surname, name) => {
    expect(fullName({ firstname, surname })).toBe(name);
  });
});
