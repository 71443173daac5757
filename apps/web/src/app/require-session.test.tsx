import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSession } from '../lib/session';
import { setToken } from '../lib/token-storage';
import { mockFetch } from '../test/fetch-mock';
import { renderRoutes } from '../test/render';
import { RequireSession } from './require-session';

function LoginStub() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname;
  return <p>login screen (from {from ?? 'nowhere'})</p>;
}

function UsersStub() {
  const { actor, customer } = useSession();
  return (
    <p>
      users page as type {actor.type} for {customer.customername}
    </p>
  );
}

const routes = [
  { path: '/login', element: <LoginStub /> },
  { element: <RequireSession />, children: [{ path: '/users', element: <UsersStub /> }] },
];

const me = {
  user: {
    userid: 3,
    firstname: 'Ada',
    surname: 'Admin',
    email: 'a@x.example',
    title: null,
    office: null,
    mobile: null,
    timezone: null,
    type: 4,
    customerid: 7,
    chameleon: 0,
    companyAdmin: true,
    enabled: true,
    lastlogin: null,
  },
  session: {
    type: 4,
    customerid: 7,
    companyAdmin: true,
    chameleon: 0,
    impersonating: false,
    realtype: 4,
    realcustomerid: 7,
    expiresat: 0,
  },
  customer: {
    customerid: 7,
    customername: 'From profile',
    customercode: 'UNG',
    code: 'UNG',
    enabled: true,
    logo64: null,
    cdrpin: null,
    isprovider: false,
  },
};
const portal = {
  name: 'Lightpath',
  provider: { name: 'MRN', code: 'MRN', customerid: 1 },
  supportphone: '1',
  maptileurl: null,
  maptileattribution: null,
  timezone: 'Australia/Sydney',
  version: '1',
};

describe('RequireSession', () => {
  it('sends a visitor without a token to /login, remembering where they were going', async () => {
    mockFetch({ 'GET /api/portal': { body: { result: 'Success', payload: portal } } });
    renderRoutes(routes, '/users');
    expect(await screen.findByText('login screen (from /users)')).toBeTruthy();
  });

  it('loads the profile data sets, then renders the page with the effective session', async () => {
    setToken('tok', false);
    mockFetch({
      'GET /api/user/me': { body: { result: 'Success', payload: me } },
      'GET /api/customer/me': {
        body: { result: 'Success', payload: { ...me.customer, customername: 'University of Northgate' } },
      },
      'GET /api/portal': { body: { result: 'Success', payload: portal } },
    });
    renderRoutes(routes, '/users');
    expect(screen.getByText('Loading user profile')).toBeTruthy();
    expect(await screen.findByText('users page as type 4 for University of Northgate')).toBeTruthy();
  });

  it('carries on with the profile reply when the customer profile fails to load', async () => {
    setToken('tok', false);
    mockFetch({
      'GET /api/user/me': { body: { result: 'Success', payload: me } },
      'GET /api/customer/me': { status: 500, body: { result: 'Failure', message: 'boom' } },
      'GET /api/portal': { body: { result: 'Success', payload: portal } },
    });
    renderRoutes(routes, '/users');
    expect(await screen.findByText('users page as type 4 for From profile')).toBeTruthy();
  });

  it("offers Reload and Logout when the profile can't be loaded", async () => {
    setToken('tok', false);
    mockFetch({
      'GET /api/user/me': { status: 500, body: { result: 'Failure', message: 'database down' } },
      'GET /api/customer/me': { status: 500, body: { result: 'Failure' } },
      'GET /api/portal': { body: { result: 'Success', payload: portal } },
    });
    renderRoutes(routes, '/users');
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });
});
