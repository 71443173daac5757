import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawQuery } from '../db/client';
import { allDemoAccounts, buildTestApp, demo, type TestApp } from '../test/helper';
import { createSessionLookup } from './request-context';

// A database whose answers the test releases one at a time, recording which tokens each lookup asked for.
function heldDatabase() {
  const asked: string[][] = [];
  const pending: Array<{ resolve: (rows: unknown[]) => void; reject: (error: unknown) => void }> = [];
  const query = ((_name: string, _text: string, values: unknown[]) => {
    asked.push([...(values[0] as string[])]);
    return new Promise<unknown[]>((resolve, reject) => pending.push({ resolve, reject }));
  }) as RawQuery;
  const row = (tokenHash: string, versions: string) => ({
    token_hash: tokenHash,
    data_versions: versions,
    user_id: Number(tokenHash.replace(/\D/g, '')) || 1,
    email: `${tokenHash}@example.org`,
    type: 1,
    customer_id: 1,
    chameleon: 0,
    company_admin: false,
    acting_type: null,
    acting_customer_id: null,
    expires_at: new Date(Date.now() + 60_000),
  });
  return { query, asked, pending, row };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('shared session lookups', () => {
  it('answers a request only from a lookup sent after it arrived, gathering the others into the next', async () => {
    const held = heldDatabase();
    const lookUp = createSessionLookup(held.query);
    const first = lookUp('t1');
    const second = lookUp('t2');
    const third = lookUp('t3');
    const again = lookUp('t2');
    expect(held.asked).toEqual([['t1']]);

    // The first lookup knows t2 too (it was signed in when the query ran), but t2 asked after it was
    // sent: it must wait for the next one, which here says t2 has been signed out meanwhile.
    held.pending[0]!.resolve([held.row('t1', 'users=1'), held.row('t2', 'users=1')]);
    expect((await first)?.email).toBe('t1@example.org');
    await settle();
    expect(held.asked).toEqual([['t1'], ['t2', 't3']]);
    held.pending[1]!.resolve([held.row('t3', 'users=2')]);
    expect(await second).toBeNull();
    expect(await again).toBeNull();
    const signedIn = await third;
    expect(signedIn?.email).toBe('t3@example.org');
    expect(signedIn?.dataVersions).toBe('users=2');
  });

  it('gives every request of a failed lookup the error, and carries on with the next', async () => {
    const held = heldDatabase();
    const lookUp = createSessionLookup(held.query);
    const first = lookUp('t1');
    const second = lookUp('t2');
    held.pending[0]!.reject(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await settle();
    held.pending[1]!.resolve([held.row('t2', 'users=1')]);
    expect((await second)?.email).toBe('t2@example.org');
  });

  it('reads the versions even when no token is good', async () => {
    const held = heldDatabase();
    const lookUp = createSessionLookup(held.query);
    const nobody = lookUp('t9');
    held.pending[0]!.resolve([{ ...held.row('t9', 'users=5'), token_hash: null }]);
    expect(await nobody).toBeNull();
  });
});

describe('shared session lookups on the real database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers each of many concurrent callers as themselves', async () => {
    const tokens = new Map<string, string>();
    for (const email of allDemoAccounts) tokens.set(email, await t.login(email));
    const calls = Array.from({ length: 60 }, (_, i) => {
      const email = allDemoAccounts[i % allDemoAccounts.length]!;
      return t
        .call({ method: 'GET', url: '/api/user/me', as: tokens.get(email) })
        .then((reply) => ({ email, reply }));
    });
    for (const { email, reply } of await Promise.all(calls)) {
      expect(reply.statusCode).toBe(200);
      expect(reply.json().payload.user.email).toBe(email);
    }
  });

  it('refuses a signed-out token on the very next request, amid concurrent ones', async () => {
    const token = await t.login(demo.ungAdmin);
    const others = await t.login(demo.noc);
    expect((await t.call({ method: 'GET', url: '/api/user/me', as: token })).statusCode).toBe(200);
    const logout = await t.call({ method: 'POST', url: '/api/logout', as: token });
    expect(logout.statusCode).toBeLessThan(300);
    const [mine, ...theirs] = await Promise.all([
      t.call({ method: 'GET', url: '/api/user/me', as: token }),
      ...Array.from({ length: 10 }, () => t.call({ method: 'GET', url: '/api/user/me', as: others })),
    ]);
    expect(mine!.statusCode).toBe(401);
    for (const reply of theirs) expect(reply.statusCode).toBe(200);
  });
});
