import { describe, expect, it } from 'vitest';
import {
  impersonateSchema,
  impersonationProblem,
  impersonationRoleChoices,
  isRevert,
  switchableCustomers,
} from './impersonation';

const notAllowed = 'You cannot switch customers';
const roleNotAllowed = 'You cannot switch to that role';
const customerInactive = 'That customer is not active';
const roleCustomerMismatch =
  'Provider roles (1 to 3) apply to the provider, customer roles (4 and 5) to a customer';

const provider = { enabled: true, isprovider: true };
const activeCustomer = { enabled: true, isprovider: false };
const inactiveCustomer = { enabled: false, isprovider: false };

describe('impersonationRoleChoices (spec 6 and 9)', () => {
  it.each([
    [0, []],
    [1, [1, 2, 3, 4, 5]],
    [2, [4, 5]],
  ] as const)('chameleon %i offers roles %j', (chameleon, roles) => {
    expect(impersonationRoleChoices(chameleon)).toEqual(roles);
  });
});

describe('switchableCustomers', () => {
  const customers = [
    { code: 'MRN', enabled: true },
    { code: 'UNG', enabled: true },
    { code: 'OLD', enabled: false },
    { code: 'EBH', enabled: true },
  ];
  const codes = (list: { code: string }[]) => list.map((c) => c.code);

  it('chameleon 0 lists no customers', () => {
    expect(switchableCustomers(0, customers)).toEqual([]);
  });
  it('chameleon 1 lists only the active customers', () => {
    expect(codes(switchableCustomers(1, customers))).toEqual(['MRN', 'UNG', 'EBH']);
  });
  it('chameleon 2 lists every customer', () => {
    expect(codes(switchableCustomers(2, customers))).toEqual(['MRN', 'UNG', 'OLD', 'EBH']);
  });
  it('an empty list stays empty', () => {
    expect(switchableCustomers(1, [])).toEqual([]);
    expect(switchableCustomers(2, [])).toEqual([]);
  });
});

describe('impersonationProblem', () => {
  it.each([
    // chameleon 0 may never switch
    [0, activeCustomer, 4, notAllowed],
    [0, activeCustomer, 5, notAllowed],
    [0, provider, 1, notAllowed],
    // chameleon 2 has customer roles only
    [2, provider, 1, roleNotAllowed],
    [2, provider, 2, roleNotAllowed],
    [2, provider, 3, roleNotAllowed],
    [2, activeCustomer, 1, roleNotAllowed],
    // provider roles belong to the provider, customer roles to a customer
    [1, activeCustomer, 1, roleCustomerMismatch],
    [1, activeCustomer, 2, roleCustomerMismatch],
    [1, activeCustomer, 3, roleCustomerMismatch],
    [1, provider, 4, roleCustomerMismatch],
    [1, provider, 5, roleCustomerMismatch],
    [2, provider, 4, roleCustomerMismatch],
    [2, provider, 5, roleCustomerMismatch],
    // chameleon 1 lists only active customers
    [1, inactiveCustomer, 4, customerInactive],
    [1, inactiveCustomer, 5, customerInactive],
  ] as const)('chameleon %i, target %j, role %i: %s', (chameleon, target, usertype, message) => {
    expect(impersonationProblem({ chameleon }, target, usertype)).toBe(message);
  });

  it.each([
    [1, activeCustomer, 4],
    [1, activeCustomer, 5],
    [1, provider, 1],
    [1, provider, 2],
    [1, provider, 3],
    [2, activeCustomer, 4],
    [2, activeCustomer, 5],
    // chameleon 2 lists all customers, the inactive ones too
    [2, inactiveCustomer, 4],
    [2, inactiveCustomer, 5],
  ] as const)('chameleon %i, target %j, role %i: allowed', (chameleon, target, usertype) => {
    expect(impersonationProblem({ chameleon }, target, usertype)).toBeNull();
  });
});

describe('isRevert', () => {
  const noc = { realType: 1, realCustomerId: 1 } as const;

  it('back to the own customer as the own type is a revert', () => {
    expect(isRevert(noc, 1, 1)).toBe(true);
  });
  it.each([
    [1, 2],
    [1, 4],
    [2, 1],
    [2, 4],
  ] as const)('customer %i as type %i is not a revert', (customerid, usertype) => {
    expect(isRevert(noc, customerid, usertype)).toBe(false);
  });
  it('works for any real type', () => {
    expect(isRevert({ realType: 3, realCustomerId: 7 }, 7, 3)).toBe(true);
    expect(isRevert({ realType: 3, realCustomerId: 7 }, 7, 1)).toBe(false);
  });
});

describe('impersonateSchema', () => {
  it('accepts a customer and a role', () => {
    expect(impersonateSchema.parse({ customerid: 2, usertype: 4 })).toEqual({ customerid: 2, usertype: 4 });
  });
  it.each([
    [{ customerid: 0, usertype: 4 }, 'Choose a customer'],
    [{ customerid: 2, usertype: 0 }, 'User type must be 1 to 5'],
    [{ customerid: 2, usertype: 6 }, 'User type must be 1 to 5'],
  ])('refuses %j with %s', (input, message) => {
    const result = impersonateSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([message]);
  });
  it('refuses unknown keys', () => {
    expect(impersonateSchema.safeParse({ customerid: 2, usertype: 4, companyAdmin: true }).success).toBe(
      false,
    );
  });
});
