import type { UserType } from '@lightpath/domain/user-types';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { actorFromSession, type Session, SessionContext } from '../../lib/session';
import { clearToken, setToken } from '../../lib/token-storage';
import { mockFetch } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { useLiveUpdates } from './use-live-updates';

function sessionOf(type: UserType): Session {
  const info = {
    type,
    customerid: 1,
    companyAdmin: false,
    chameleon: 0 as const,
    impersonating: false,
    realtype: type,
    realcustomerid: 1,
    expiresat: 0,
  };
  const user = {
    userid: 7,
    firstname: 'Sam',
    surname: 'Someone',
    email: 'sam@meridian.example',
    title: null,
    office: null,
    mobile: null,
    timezone: null,
    type,
    customerid: 1,
    chameleon: 0 as const,
    companyAdmin: false,
    enabled: true,
    lastlogin: null,
  };
  return {
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
}

function Live() {
  useLiveUpdates();
  return <p>signed in</p>;
}

function renderAs(type: UserType) {
  const { calls } = mockFetch({ 'GET /api/stream': { text: 'retry: 5000\nevent: ready\ndata: {}\n\n' } });
  const view = renderRoutes(
    [
      {
        path: '*',
        element: (
          <SessionContext value={sessionOf(type)}>
            <Live />
          </SessionContext>
        ),
      },
    ],
    '/',
  );
  return { ...view, calls };
}

beforeEach(() => setToken('token-of-the-session', false));
afterEach(() => {
  clearToken();
});

describe('useLiveUpdates', () => {
  it('opens the stream with the session token for users who follow events', async () => {
    const { calls, unmount } = renderAs(4);
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(calls[0]).toMatchObject({
      url: '/api/stream',
      headers: { 'X-AUTH-TOKEN': 'token-of-the-session', Accept: 'text/event-stream' },
    });
    unmount();
  });

  it('neither streams nor polls for a technician (spec 9)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { calls, queryClient } = renderAs(2);
      const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
      await vi.advanceTimersByTimeAsync(600_000);
      expect(calls).toHaveLength(0);
      expect(invalidate).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
