import { noPayload } from '@lightpath/domain/api';
import { siteSchema } from '@lightpath/domain/sites';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { carlton } from '../test/checkins-test-fixtures';
import { mockFetch } from '../test/fetch-mock';
import {
  ApiError,
  apiRequest,
  buildUrl,
  configureApiClient,
  errorMessage,
  needsToast,
  ReplyDrift,
  takeReplyDrifts,
} from './api-client';
import { getToken, setToken } from './token-storage';

const onUnauthorized = vi.fn();
const onForbidden = vi.fn();

beforeEach(() => {
  onUnauthorized.mockReset();
  onForbidden.mockReset();
  configureApiClient({ onUnauthorized, onForbidden });
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

// The failures below never reach the payload, so they name the reply schema with no payload.
const countReply = z.object({ count: z.number() });

describe('apiRequest', () => {
  it('returns the payload of a Success envelope and sends the token header', async () => {
    setToken('abc123', false);
    const { calls } = mockFetch({ 'GET /api/users': { body: { result: 'Success', payload: { count: 2 } } } });

    await expect(
      apiRequest('users', { reply: countReply, query: { limit: 25, q: '', type: undefined } }),
    ).resolves.toEqual({
      count: 2,
    });
    expect(calls[0]?.url).toBe('/api/users?limit=25');
    expect(calls[0]?.headers['X-AUTH-TOKEN']).toBe('abc123');
  });

  it('treats a 200 whose envelope says Failure as a failure', async () => {
    mockFetch({ 'GET /api/thing': { body: { result: 'Failure', message: 'Nope' } } });
    const error = await failure(apiRequest('thing', { reply: noPayload }));
    expect(error.status).toBe(200);
    expect(error.message).toBe('Nope');
  });

  it('carries the field errors of a 400', async () => {
    mockFetch({
      'POST /api/users': {
        status: 400,
        body: {
          result: 'Failure',
          message: 'Enter a valid email address',
          payload: { errors: [{ path: 'email', message: 'Enter a valid email address' }, { bad: 1 }] },
        },
      },
    });
    const error = await failure(
      apiRequest('users', { reply: noPayload, method: 'POST', body: { email: 'x' } }),
    );
    expect(error.status).toBe(400);
    expect(error.errors).toEqual([{ path: 'email', message: 'Enter a valid email address' }]);
    expect(needsToast(error)).toBe(true);
  });

  it('on 401 clears the token from both storages and ends the session once', async () => {
    localStorage.setItem('lightpath.token', 'old-local');
    sessionStorage.setItem('lightpath.token', 'old-session');
    mockFetch({
      'GET /api/user/me': { status: 401, body: { result: 'Failure', message: 'Session expired' } },
    });

    const error = await failure(apiRequest('user/me', { reply: noPayload }));
    expect(error.status).toBe(401);
    expect(error.handled).toBe(true);
    expect(needsToast(error)).toBe(false);
    expect(localStorage.getItem('lightpath.token')).toBeNull();
    expect(sessionStorage.getItem('lightpath.token')).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onForbidden).not.toHaveBeenCalled();
  });

  it('does not treat a 401 from a public call (login) as a lost session', async () => {
    setToken('still-mine', true);
    const { calls } = mockFetch({
      'POST /api/login': { status: 401, body: { result: 'Failure', message: 'Invalid email or password' } },
    });

    const error = await failure(
      apiRequest('login', { reply: noPayload, method: 'POST', body: {}, public: true }),
    );
    expect(error.message).toBe('Invalid email or password');
    expect(calls[0]?.headers['X-AUTH-TOKEN']).toBeUndefined();
    expect(getToken()).toBe('still-mine');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('on 403 warns with the server message and keeps the user signed in', async () => {
    setToken('keep-me', false);
    mockFetch({ 'DELETE /api/user/4': { status: 403, body: { result: 'Failure', message: 'Not for you' } } });

    const error = await failure(apiRequest('user/4', { reply: noPayload, method: 'DELETE' }));
    expect(error.status).toBe(403);
    expect(onForbidden).toHaveBeenCalledWith('Not for you');
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(getToken()).toBe('keep-me');
  });

  it('stays quiet on a 403 the screen explains itself', async () => {
    mockFetch({ 'GET /api/customers': { status: 403, body: { result: 'Failure', message: 'No' } } });
    const error = await failure(apiRequest('customers', { reply: noPayload, quietForbidden: true }));
    expect(onForbidden).not.toHaveBeenCalled();
    expect(needsToast(error)).toBe(true);
  });

  it('turns a non-JSON error page into a readable error without pretending the server said it', async () => {
    mockFetch({ 'GET /api/users': { status: 502, text: '<html>Bad gateway</html>' } });
    const error = await failure(apiRequest('users', { reply: noPayload }));
    expect(error.status).toBe(502);
    expect(error.fromServer).toBe(false);
    expect(errorMessage(error, 'An error occurred retrieving users')).toBe(
      'An error occurred retrieving users',
    );
  });

  it('reports an unreachable server as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await failure(apiRequest('users', { reply: noPayload }));
    expect(error.status).toBe(0);
    expect(errorMessage(error, 'fallback')).toMatch(/could not be reached/);
  });
});

describe('the reply contract', () => {
  const site = carlton;

  it('hands back a reply that fits its schema', async () => {
    mockFetch({ 'GET /api/site/12': { body: { result: 'Success', payload: site } } });
    await expect(apiRequest('site/12', { reply: siteSchema })).resolves.toEqual(site);
  });

  it('fails a reply that drifted from its schema, naming the call and the field (development and tests)', async () => {
    // A site type the contract does not know and a missing condition.
    const { condition: _dropped, ...withoutCondition } = site;
    mockFetch({
      'GET /api/site/12': { body: { result: 'Success', payload: { ...withoutCondition, sitetype: 9 } } },
    });
    const error = await apiRequest('site/12', { reply: siteSchema }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ReplyDrift);
    expect((error as ReplyDrift).message).toMatch(/^site\/12 answered outside its reply schema/);
    expect((error as ReplyDrift).message).toMatch(/sitetype/);
    expect((error as ReplyDrift).message).toMatch(/condition/);
    // Seen once; taken here, so the set-up's after-test check does not fail this test for it.
    expect(takeReplyDrifts()).toEqual([(error as ReplyDrift).message]);
  });
});

describe('buildUrl', () => {
  it('joins the base and path and drops empty query values', () => {
    expect(buildUrl('/users', { q: 'a b', offset: 0, type: null, enabled: false })).toBe(
      '/api/users?q=a+b&offset=0&enabled=false',
    );
  });
});
