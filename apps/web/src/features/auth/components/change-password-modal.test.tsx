import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { actorFromSession, type Session, SessionContext } from '../../../lib/session';
import { setToken } from '../../../lib/token-storage';
import { mockFetch } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { ChangePasswordModal } from './change-password-modal';

const info = {
  type: 3 as const,
  customerid: 1,
  companyAdmin: false,
  chameleon: 0 as const,
  impersonating: false,
  realtype: 3 as const,
  realcustomerid: 1,
  expiresat: 0,
};
const user = {
  userid: 9,
  firstname: 'Eng',
  surname: 'Ineer',
  email: 'eng@meridian.example',
  title: null,
  office: null,
  mobile: null,
  timezone: null,
  type: 3 as const,
  customerid: 1,
  chameleon: 0 as const,
  companyAdmin: false,
  enabled: true,
  lastlogin: null,
};
const session: Session = {
  user,
  session: info,
  customer: {
    customerid: 1,
    customername: 'Meridian Research Network',
    customercode: 'MRN',
    code: 'MRN',
    enabled: true,
    logo64: null,
    cdrpin: null,
    isprovider: true,
  },
  actor: actorFromSession(user, info),
};

function renderModal() {
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <SessionContext value={session}>
            <ChangePasswordModal opened onClose={() => {}} />
          </SessionContext>
        ),
      },
      { path: '/login', element: <p>login screen</p> },
    ],
    '/',
  );
}

function fill(current: string, next: string, confirm: string) {
  fireEvent.change(screen.getByLabelText(/Current password/), { target: { value: current } });
  fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: next } });
  fireEvent.change(screen.getByLabelText(/Confirm new password/), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordModal', () => {
  it("stops at 'Passwords do not match' without calling the server", async () => {
    const { calls } = mockFetch({});
    renderModal();
    fill('lightpath-demo', 'a-new-passphrase', 'a-different-one');
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('signs straight back in with the new password, keeping Remember me', async () => {
    setToken('old-token', true);
    const { calls } = mockFetch({
      'PUT /api/user/me/password': { body: { result: 'Success', message: 'User password updated!' } },
      'POST /api/login': { body: { result: 'Success', payload: { token: 'new-token', expiresat: 1 } } },
    });
    renderModal();
    fill('lightpath-demo', 'a-new-passphrase', 'a-new-passphrase');
    expect(await screen.findByText('User password updated!')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('lightpath.token')).toBe('new-token'));
    expect(calls[0]?.body).toEqual({
      currentpassword: 'lightpath-demo',
      password: 'a-new-passphrase',
      confirmpassword: 'a-new-passphrase',
    });
    expect(calls[1]?.body).toEqual({
      email: 'eng@meridian.example',
      password: 'a-new-passphrase',
      remember: true,
    });
    expect(sessionStorage.getItem('lightpath.token')).toBeNull();
  });

  it("puts the server's field error on the field", async () => {
    setToken('old-token', false);
    mockFetch({
      'PUT /api/user/me/password': {
        status: 400,
        body: {
          result: 'Failure',
          message: 'Current password is incorrect',
          payload: { errors: [{ path: 'currentpassword', message: 'Current password is incorrect' }] },
        },
      },
    });
    renderModal();
    fill('wrong-one', 'a-new-passphrase', 'a-new-passphrase');
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    expect(sessionStorage.getItem('lightpath.token')).toBe('old-token');
  });

  it("falls back to the spec's wording when the server gives none", async () => {
    mockFetch({ 'PUT /api/user/me/password': { status: 500, text: 'oops' } });
    renderModal();
    fill('lightpath-demo', 'a-new-passphrase', 'a-new-passphrase');
    expect(await screen.findByText('An error occurred while changing passwords')).toBeTruthy();
  });
});
