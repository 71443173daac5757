import { type SignInLock, signInLockMessages } from '@lightpath/domain/sign-in-throttling';
import type { UserType } from '@lightpath/domain/user-types';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, type RecordedCall } from '../../../test/fetch-mock';
import { ok, sessionFor, signedIn } from '../../../test/page-fixtures';
import { renderRoutes } from '../../../test/render';
import { SignInLockPanel } from './sign-in-lock-panel';

const slow = 15_000;
const url = '/api/user/42/signinlock';

const calm: SignInLock = {
  locked: false,
  lockeduntil: null,
  failures: 0,
  limit: 10,
  windowminutes: 15,
  lockeddevices: 0,
  lastfailureat: null,
  lastfailureaddress: null,
};
const locked: SignInLock = {
  ...calm,
  locked: true,
  lockeduntil: 1_790_000_900,
  failures: 12,
  lockeddevices: 1,
  lastfailureat: 1_790_000_000,
  lastfailureaddress: '198.51.100.66',
};

function renderPanel(type: UserType, lock: SignInLock, options: { companyAdmin?: boolean } = {}) {
  let current = lock;
  const { calls } = mockFetch({
    [`GET ${url}`]: () => ok(current),
    [`DELETE ${url}`]: () => {
      current = calm;
      return { body: { result: 'Success', message: signInLockMessages.cleared } };
    },
  });
  renderRoutes(
    [
      {
        path: '/',
        element: signedIn(sessionFor(type, options)),
        children: [
          {
            index: true,
            element: (
              <>
                <p>user page</p>
                <SignInLockPanel userid={42} firstname="Sam" />
              </>
            ),
          },
        ],
      },
    ],
    '/',
  );
  return calls;
}

const lockCalls = (calls: RecordedCall[], method: string) =>
  calls.filter((c) => c.method === method && c.url === url);

describe('SignInLockPanel', () => {
  it(
    'shows the NOC a locked account, why and until when, and clears it',
    async () => {
      const calls = renderPanel(1, locked);
      const panel = await screen.findByRole('region', { name: 'Sign-in lock' });
      const alert = await within(panel).findByRole('status');
      expect(alert.textContent).toMatch(/^Locked until /);
      expect(alert.textContent).toContain('12 failed sign-ins in the last 15 minutes');
      expect(alert.textContent).toContain('the limit is 10');
      expect(alert.textContent).toContain('browsers Sam has signed in from before still work');
      expect(alert.textContent).toContain('from 198.51.100.66');
      expect(within(panel).getByText(/1 browser Sam signed in from before has also failed/)).toBeTruthy();

      fireEvent.click(within(panel).getByRole('button', { name: 'Clear sign-in lock' }));
      expect(
        await within(panel).findByText(
          'Not locked. No failed sign-ins from new browsers in the last 15 minutes.',
        ),
      ).toBeTruthy();
      expect(lockCalls(calls, 'DELETE')).toHaveLength(1);
      expect(within(panel).queryByRole('button', { name: 'Clear sign-in lock' })).toBeNull();
      expect(await screen.findByText(signInLockMessages.cleared)).toBeTruthy();
    },
    slow,
  );

  it(
    'offers to clear failures below the limit, and nothing to clear when there are none',
    async () => {
      renderPanel(1, { ...locked, locked: false, lockeduntil: null, failures: 3, lockeddevices: 0 });
      const panel = await screen.findByRole('region', { name: 'Sign-in lock' });
      expect(
        await within(panel).findByText(/^Not locked\. 3 failed sign-ins from new browsers/),
      ).toBeTruthy();
      expect(within(panel).getByRole('button', { name: 'Clear sign-in lock' })).toBeTruthy();
      cleanup();

      renderPanel(1, calm);
      const quiet = await screen.findByRole('region', { name: 'Sign-in lock' });
      expect(await within(quiet).findByText(/^Not locked\. No failed sign-ins/)).toBeTruthy();
      expect(within(quiet).queryByRole('button')).toBeNull();
    },
    slow,
  );

  it('is hidden from everyone but the NOC, and asks the server nothing', async () => {
    for (const [type, companyAdmin] of [
      [4, true],
      [5, false],
      [3, false],
      [2, false],
    ] as const) {
      const calls = renderPanel(type, locked, { companyAdmin });
      await screen.findByText('user page');
      expect(screen.queryByRole('region', { name: 'Sign-in lock' })).toBeNull();
      expect(lockCalls(calls, 'GET')).toHaveLength(0);
      cleanup();
    }
  });
});
