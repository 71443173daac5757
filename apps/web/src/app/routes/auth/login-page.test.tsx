import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToken } from '../../../lib/token-storage';
import { mockFetch } from '../../../test/fetch-mock';
import { portal as portalInfo } from '../../../test/page-fixtures';
import { renderRoutes } from '../../../test/render';
import { LoginPage, returnPath } from './login-page';

const portal = { result: 'Success', payload: { ...portalInfo(), supportphone: '1800 555 010' } };

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/users', element: <p>users page</p> },
  { path: '/', element: <p>dashboard</p> },
];

function fillAndSubmit(email: string, password: string, remember = false) {
  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: password } });
  if (remember) fireEvent.click(screen.getByLabelText('Remember me'));
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it("shows the server's message when sign-in is refused", async () => {
    mockFetch({
      'GET /api/portal': { body: portal },
      'POST /api/login': { status: 401, body: { result: 'Failure', message: 'Invalid email or password' } },
    });
    renderRoutes(routes, '/login');
    fillAndSubmit('noc@meridian.example', 'wrong');
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(getToken()).toBeNull();
  });

  it("falls back to 'Login Failed' when the server gives no message", async () => {
    mockFetch({ 'GET /api/portal': { body: portal }, 'POST /api/login': { status: 502, text: 'gateway' } });
    renderRoutes(routes, '/login');
    fillAndSubmit('noc@meridian.example', 'whatever');
    expect(await screen.findByText('Login Failed')).toBeTruthy();
  });

  it('stores a remembered token in localStorage and goes to the page the user came from', async () => {
    const { calls } = mockFetch({
      'GET /api/portal': { body: portal },
      'POST /api/login': { body: { result: 'Success', payload: { token: 'fresh', expiresat: 1 } } },
      'GET /api/user/me': { status: 500, body: { result: 'Failure' } },
    });
    const { router } = renderRoutes(
      [{ path: '/login', element: <LoginPage /> }, ...routes.slice(1)],
      '/login',
    );
    await router.navigate('/login', { state: { from: { pathname: '/users', search: '?q=a', hash: '' } } });
    fillAndSubmit(' NOC@meridian.example ', 'lightpath-demo', true);
    expect(await screen.findByText('users page')).toBeTruthy();
    expect(localStorage.getItem('lightpath.token')).toBe('fresh');
    const login = calls.find((c) => c.method === 'POST');
    expect(login?.body).toEqual({
      email: 'noc@meridian.example',
      password: 'lightpath-demo',
      remember: true,
    });
    await waitFor(() => expect(router.state.location.search).toBe('?q=a'));
  });

  it('validates before calling the server', async () => {
    const { calls } = mockFetch({ 'GET /api/portal': { body: portal } });
    renderRoutes(routes, '/login');
    fillAndSubmit('not-an-email', '');
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('returnPath', () => {
  it('never returns to the sign-in pages', () => {
    expect(returnPath({ from: { pathname: '/login' } })).toBe('/');
    expect(returnPath({ from: { pathname: '/passwordreset' } })).toBe('/');
    expect(returnPath(null)).toBe('/');
    expect(returnPath({ from: { pathname: '/customers/3', search: '', hash: '#x' } })).toBe('/customers/3#x');
  });
});
