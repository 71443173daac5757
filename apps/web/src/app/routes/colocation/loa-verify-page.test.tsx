import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { portal } from '../../../test/page-fixtures';
import { renderRoutes } from '../../../test/render';
import { LoaVerifyPage } from './loa-verify-page';

const token = 'AQ-token_that-the-server-signed';
const routes = [{ path: '/loa/verify/:token', element: <LoaVerifyPage /> }];

function answering(reply: { status?: number; body: unknown }) {
  return mockFetch({
    'GET /api/portal': { body: { result: 'Success', payload: portal() } },
    [`GET /api/loa/verify/${token}`]: reply,
  });
}

describe('LoaVerifyPage', () => {
  it('says Valid with the expiry in the portal zone, asking without a session', async () => {
    const { calls } = answering({
      body: { result: 'Success', payload: { status: 'valid', expires: 1_798_000_000 } },
    });
    renderRoutes(routes, `/loa/verify/${token}`);
    expect(await screen.findByText('Valid')).toBeTruthy();
    // 1,798,000,000 is 23 Dec 2026, 04:26 UTC: 3:26 pm in Sydney's summer time.
    expect(screen.getByText(/valid until 23 Dec 2026, 3:26 pm AEDT\./)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Letter of Authorisation' })).toBeTruthy();
    const asked = calls.find((c) => c.url.startsWith('/api/loa/verify/'))!;
    expect(asked.headers['X-AUTH-TOKEN']).toBeUndefined();
  });

  it.each([
    ['expired', { body: { result: 'Success', payload: { status: 'expired' } } }, 'Expired'],
    ['unknown', { body: { result: 'Success', payload: { status: 'unknown' } } }, 'Unknown'],
    // Longer than any token the portal issues: the server's router refuses it.
    ['too long for the server', { status: 414, body: { result: 'Failure' } }, 'Unknown'],
  ])('says %s', async (_label, reply, heading) => {
    answering(reply);
    renderRoutes(routes, `/loa/verify/${token}`);
    expect(await screen.findByText(heading)).toBeTruthy();
    expect(screen.queryByText(/valid until/)).toBeNull();
    cleanup();
  });
});
