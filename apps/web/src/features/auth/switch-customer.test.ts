import { describe, expect, it } from 'vitest';
import { pathAfterSwitch, roleChoicesFor } from './switch-customer';

const provider = { isprovider: true };
const university = { isprovider: false };

describe('roleChoicesFor', () => {
  it('offers provider roles for the provider and customer roles for a customer (chameleon 1)', () => {
    expect(roleChoicesFor(1, provider)).toEqual([1, 2, 3]);
    expect(roleChoicesFor(1, university)).toEqual([4, 5]);
  });

  it('offers only customer roles with chameleon 2, so nothing for the provider', () => {
    expect(roleChoicesFor(2, university)).toEqual([4, 5]);
    expect(roleChoicesFor(2, provider)).toEqual([]);
  });

  it('offers nothing without a customer or without the capability', () => {
    expect(roleChoicesFor(1, undefined)).toEqual([]);
    expect(roleChoicesFor(0, university)).toEqual([]);
  });
});

describe('pathAfterSwitch', () => {
  it('sends a customer-role switch off the dashboard back to /', () => {
    expect(pathAfterSwitch(4, '/users')).toBe('/');
    expect(pathAfterSwitch(5, '/customers/3')).toBe('/');
  });

  it('reloads in place for type 1 or when already on the dashboard', () => {
    expect(pathAfterSwitch(1, '/customers')).toBeNull();
    expect(pathAfterSwitch(4, '/')).toBeNull();
  });
});
