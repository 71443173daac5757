import { describe, expect, it } from 'vitest';
import { actorFrom, inScope, scopeOf } from './actor';

describe('scopeOf', () => {
  it.each([1, 2, 3] as const)('provider staff (type %i) see every customer', (type) => {
    expect(scopeOf({ type, customerId: 1 })).toEqual({ kind: 'all' });
  });
  it.each([4, 5] as const)('a customer user (type %i) sees only their own customer', (type) => {
    expect(scopeOf({ type, customerId: 7 })).toEqual({ kind: 'customer', customerId: 7 });
  });
});

describe('inScope', () => {
  it.each([
    [{ kind: 'all' } as const, 1, true],
    [{ kind: 'all' } as const, 7, true],
    [{ kind: 'all' } as const, 999, true],
    [{ kind: 'customer', customerId: 7 } as const, 7, true],
    [{ kind: 'customer', customerId: 7 } as const, 8, false],
    [{ kind: 'customer', customerId: 7 } as const, 1, false],
  ])('%j contains customer %i: %s', (scope, customerId, expected) => {
    expect(inScope(scope, customerId)).toBe(expected);
  });

  it('a customer admin of UNG (7) does not reach EBH (8); the NOC reaches both', () => {
    const ung = scopeOf({ type: 4, customerId: 7 });
    const noc = scopeOf({ type: 1, customerId: 1 });
    expect(inScope(ung, 7)).toBe(true);
    expect(inScope(ung, 8)).toBe(false);
    expect(inScope(noc, 7)).toBe(true);
    expect(inScope(noc, 8)).toBe(true);
  });
});

describe('actorFrom', () => {
  const noc = { userId: 10, type: 1, customerId: 1, companyAdmin: true, chameleon: 1 } as const;
  const custAdmin = { userId: 20, type: 4, customerId: 7, companyAdmin: true, chameleon: 0 } as const;
  const noOverride = { actingType: null, actingCustomerId: null };

  it('without impersonation the actor is the signed-in user', () => {
    expect(actorFrom(noc, noOverride)).toEqual({
      userId: 10,
      type: 1,
      customerId: 1,
      companyAdmin: true,
      chameleon: 1,
      realType: 1,
      realCustomerId: 1,
      impersonating: false,
    });
    expect(actorFrom(custAdmin, noOverride)).toEqual({
      userId: 20,
      type: 4,
      customerId: 7,
      companyAdmin: true,
      chameleon: 0,
      realType: 4,
      realCustomerId: 7,
      impersonating: false,
    });
  });

  it('keeps a false companyAdmin flag', () => {
    expect(actorFrom({ ...custAdmin, type: 5, companyAdmin: false }, noOverride).companyAdmin).toBe(false);
  });

  it('impersonating a customer admin: acting type and customer, companyAdmin, real values kept', () => {
    expect(actorFrom({ ...noc, companyAdmin: false }, { actingType: 4, actingCustomerId: 7 })).toEqual({
      userId: 10,
      type: 4,
      customerId: 7,
      companyAdmin: true,
      chameleon: 1,
      realType: 1,
      realCustomerId: 1,
      impersonating: true,
    });
  });

  it('impersonating a customer admin as an engineer (switch level 2): no companyAdmin', () => {
    const engineer = { userId: 30, type: 3, customerId: 1, companyAdmin: false, chameleon: 2 } as const;
    const actor = actorFrom(engineer, { actingType: 4, actingCustomerId: 7 });
    expect(actor).toMatchObject({ type: 4, customerId: 7, companyAdmin: false, impersonating: true });
  });

  it('impersonating a customer user: no companyAdmin even for a companyAdmin NOC', () => {
    expect(actorFrom(noc, { actingType: 5, actingCustomerId: 7 })).toEqual({
      userId: 10,
      type: 5,
      customerId: 7,
      companyAdmin: false,
      chameleon: 1,
      realType: 1,
      realCustomerId: 1,
      impersonating: true,
    });
  });

  it.each([1, 2, 3, 5] as const)('acting as type %i carries no companyAdmin', (actingType) => {
    const actor = actorFrom(noc, { actingType, actingCustomerId: 1 });
    expect(actor.type).toBe(actingType);
    expect(actor.companyAdmin).toBe(false);
    expect(actor.impersonating).toBe(true);
  });

  it('the impersonated scope is the acting customer', () => {
    const actor = actorFrom(noc, { actingType: 4, actingCustomerId: 7 });
    expect(scopeOf(actor)).toEqual({ kind: 'customer', customerId: 7 });
  });

  it.each([
    { actingType: 4 as const, actingCustomerId: null },
    { actingType: null, actingCustomerId: 7 },
  ])('a half-set override %j is no impersonation', (session) => {
    const actor = actorFrom(noc, session);
    expect(actor.impersonating).toBe(false);
    expect(actor.type).toBe(1);
    expect(actor.customerId).toBe(1);
    expect(actor.companyAdmin).toBe(true);
  });
});
