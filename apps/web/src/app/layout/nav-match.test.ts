import { sidebarFor } from '@lightpath/domain/navigation';
import { describe, expect, it } from 'vitest';
import { activeNavTarget, navTargets } from './nav-match';

const noc = navTargets(sidebarFor({ type: 1, companyAdmin: true, chameleon: 1 }));
const customerUser = navTargets(sidebarFor({ type: 5, companyAdmin: false, chameleon: 0 }));

describe('activeNavTarget', () => {
  it.each([
    ['/', '/'],
    ['/users', '/users'],
    ['/users/', '/users'],
    ['/services/managed', '/services/managed'],
    ['/user/12', '/users'],
    ['/customers/4', '/customers'],
    ['/service/UNG0012004701B', '/services'],
    ['/event/9', '/events'],
    ['/documentation/invoices', '/documentation/invoices'],
  ])('highlights %s as %s for the NOC', (path, expected) => {
    expect(activeNavTarget(path, noc)).toBe(expected);
  });

  it('does not file your own profile under Users', () => {
    expect(activeNavTarget('/user/me', noc)).toBeNull();
  });

  it('never lets the dashboard swallow other paths', () => {
    expect(activeNavTarget('/functions/search-result/abc', noc)).toBeNull();
    expect(activeNavTarget('/company-settings', customerUser)).toBeNull();
  });

  it('only highlights targets the user actually has', () => {
    expect(activeNavTarget('/customers/4', customerUser)).toBeNull();
  });
});
