import { authMessages } from '@lightpath/domain/auth';
import { signInLockMessages } from '@lightpath/domain/sign-in-throttling';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loginAttempts } from '../../db/schema/auth';
import { auditLog, outbox, serverSecrets } from '../../db/schema/platform';
import { buildTestApp, demo, type TestApp } from '../../test/helper';

// Sign-in throttling with the default limits (docs/decisions/014): 10 failures per account and 300
// per address from unknown browsers, 10 per known browser, in 15 minutes.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(loginAttempts);
});

const password = 'lightpath-demo';
const campus = '203.0.113.10';
const attacker = '198.51.100.66';

type Browser = { ip: string; cookie?: string };

function signIn(email: string, pw: string, browser: Browser, app = t.app) {
  return app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: pw },
    remoteAddress: browser.ip,
    headers: browser.cookie ? { cookie: browser.cookie } : {},
  });
}

function setCookieOf(reply: LightMyRequestResponse): string {
  const header = reply.headers['set-cookie'];
  if (typeof header !== 'string') throw new Error(`no single device cookie in ${JSON.stringify(header)}`);
  return header;
}

// The browser after a successful sign-in: it sends back the cookie's name=value.
async function knownBrowser(email: string, ip: string, app = t.app): Promise<Browser> {
  const reply = await signIn(email, password, { ip }, app);
  expect(reply.statusCode).toBe(200);
  return { ip, cookie: setCookieOf(reply).split(';')[0] };
}

async function failTimes(times: number, email: string, browser: Browser) {
  const statuses = [];
  for (let i = 0; i < times; i += 1)
    statuses.push((await signIn(email, 'wrong-password', browser)).statusCode);
  return statuses;
}

async function userIdOf(email: string) {
  const list = await t.call({ method: 'GET', url: `/api/users?q=${email}`, as: demo.noc });
  return list.json().payload.results.find((u: { email: string }) => u.email === email).userid as number;
}

async function failuresRecorded(email: string) {
  const rows = await t.database.db
    .select()
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false)));
  return rows.length;
}

describe('the device cookie', () => {
  it('is given on a successful sign-in only: signed, HttpOnly, SameSite=Strict, for a year, on the sign-in path', async () => {
    const failed = await signIn(demo.ungUser, 'wrong-password', { ip: campus });
    expect(failed.headers['set-cookie']).toBeUndefined();
    const reply = await signIn(demo.ungUser, password, { ip: campus });
    const cookie = setCookieOf(reply);
    const userId = await userIdOf(demo.ungUser);
    expect(cookie).toMatch(new RegExp(`^lightpath_device_${userId}=[\\w-]{22}\\.\\d+\\.[\\w-]{43};`));
    expect(cookie).toContain('; HttpOnly');
    expect(cookie).toContain('; SameSite=Strict');
    expect(cookie).toContain('; Path=/api/login');
    expect(cookie).toContain(`; Max-Age=${365 * 86_400}`);
    // The portal is served over plain HTTP here, where a Secure cookie would never come back.
    expect(cookie).not.toContain('Secure');
  });

  it('keeps its device id when the known browser signs in again', async () => {
    const browser = await knownBrowser(demo.ungUser, campus);
    const again = setCookieOf(await signIn(demo.ungUser, password, browser));
    const idOf = (cookie: string) => cookie.split('=')[1]!.split('.')[0];
    expect(idOf(again)).toBe(idOf(browser.cookie!));
  });
});

describe('failures from unknown browsers', () => {
  it('no longer lock the account after five wrong passwords', async () => {
    expect(await failTimes(5, demo.ungAdmin, { ip: attacker })).toEqual(Array(5).fill(401));
    expect((await signIn(demo.ungAdmin, password, { ip: campus })).statusCode).toBe(200);
  });

  it('are refused past the limit with 429, Retry-After and the envelope, and the refusal is not counted', async () => {
    expect(await failTimes(10, demo.ungAdmin, { ip: attacker })).toEqual(Array(10).fill(401));
    const refused = await signIn(demo.ungAdmin, password, { ip: campus });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ result: 'Failure', message: authMessages.tooManyAttempts(15) });
    const retryAfter = Number(refused.headers['retry-after']);
    // Until the oldest of the ten failures leaves the 15-minute window.
    expect(retryAfter).toBeGreaterThan(890);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect((await signIn(demo.ungAdmin, 'wrong-password', { ip: attacker })).statusCode).toBe(429);
    expect(await failuresRecorded(demo.ungAdmin)).toBe(10);
    // Other accounts are not affected.
    expect((await signIn(demo.ebhAdmin, password, { ip: attacker })).statusCode).toBe(200);
  });

  it('are counted before the password is checked, so a burst of parallel guesses gets no more than the limit', async () => {
    const burst = await Promise.all(
      Array.from({ length: 16 }, (_, i) => signIn(demo.ungAdmin, `parallel-guess-${i}`, { ip: attacker })),
    );
    const statuses = burst.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
    expect(await failuresRecorded(demo.ungAdmin)).toBe(10);
  });

  it('lift the lock when the failures leave the window', async () => {
    await failTimes(10, demo.ungAdmin, { ip: attacker });
    expect((await signIn(demo.ungAdmin, password, { ip: campus })).statusCode).toBe(429);
    await t.database.db
      .update(loginAttempts)
      .set({ at: sql`now() - interval '16 minutes'` })
      .where(eq(loginAttempts.email, demo.ungAdmin));
    expect((await signIn(demo.ungAdmin, password, { ip: campus })).statusCode).toBe(200);
  });
});

describe('a browser holding the account’s device cookie', () => {
  it('still signs in with the right password while strangers have locked the account', async () => {
    const owner = await knownBrowser(demo.ungUser, campus);
    expect(await failTimes(12, demo.ungUser, { ip: attacker })).toEqual([...Array(10).fill(401), 429, 429]);
    expect((await signIn(demo.ungUser, password, { ip: campus })).statusCode).toBe(429);
    const reply = await signIn(demo.ungUser, password, owner);
    expect(reply.statusCode).toBe(200);
    const me = await t.call({ method: 'GET', url: '/api/user/me', as: reply.json().payload.token });
    expect(me.json().payload.user.email).toBe(demo.ungUser);
    // ... also from another address: the cookie, not the address, makes the browser known.
    expect((await signIn(demo.ungUser, password, { ...owner, ip: attacker })).statusCode).toBe(200);
  });

  it('has its own failures limited per device, apart from the account', async () => {
    const laptop = await knownBrowser(demo.ungUser, campus);
    const desktop = await knownBrowser(demo.ungUser, campus);
    expect(await failTimes(11, demo.ungUser, laptop)).toEqual([...Array(10).fill(401), 429]);
    expect((await signIn(demo.ungUser, password, laptop)).statusCode).toBe(429);
    // The other browser of the same person, and unknown browsers, are not held back by the laptop.
    expect((await signIn(demo.ungUser, password, desktop)).statusCode).toBe(200);
    expect((await signIn(demo.ungUser, password, { ip: campus })).statusCode).toBe(200);
  });

  it('counts as unknown when forged, altered, or issued to another account', async () => {
    const userId = await userIdOf(demo.ungUser);
    const own = (await knownBrowser(demo.ungUser, campus)).cookie!;
    const [name, value] = own.split('=') as [string, string];
    const [deviceId, issued, signature] = value.split('.') as [string, string, string];
    const otherAccount = (await knownBrowser(demo.ungAdmin, campus)).cookie!;
    const otherValue = otherAccount.split('=')[1]!;
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    const forgeries = {
      'no signature': `${name}=${deviceId}.${issued}`,
      'altered signature': `${name}=${deviceId}.${issued}.${flipped}`,
      'altered device id': `${name}=${'x'.repeat(22)}.${issued}.${signature}`,
      'altered issue time': `${name}=${deviceId}.${Number(issued) + 1}.${signature}`,
      "another account's cookie": otherAccount,
      "another account's cookie under this account's name": `lightpath_device_${userId}=${otherValue}`,
    };
    await failTimes(10, demo.ungUser, { ip: attacker });
    for (const [what, cookie] of Object.entries(forgeries)) {
      const reply = await signIn(demo.ungUser, password, { ip: campus, cookie });
      expect(reply.statusCode, what).toBe(429);
    }
    expect((await signIn(demo.ungUser, password, { ip: campus, cookie: own })).statusCode).toBe(200);
  });
});

describe('failures from one address', () => {
  it('far beyond the old fifty do not refuse other people behind the same address', async () => {
    for (let i = 0; i < 60; i += 1) {
      const reply = await signIn(`student${i}@northgate.example`, 'wrong-password', { ip: campus });
      expect(reply.statusCode).toBe(401);
    }
    expect((await signIn(demo.ungAdmin, password, { ip: campus })).statusCode).toBe(200);
  });

  it('over the per-address limit refuse unknown browsers there, but not a known browser of another account', async () => {
    const small = await buildTestApp({
      loginLimits: { windowMinutes: 15, perAccount: 10, perAddress: 20, perDevice: 10 },
    });
    try {
      const known = await knownBrowser(demo.ebhAdmin, campus, small.app);
      for (let i = 0; i < 20; i += 1) {
        await signIn(`guess${i}@eastbrook.example`, 'wrong-password', { ip: campus }, small.app);
      }
      const unknown = await signIn(demo.ebhAdmin, password, { ip: campus }, small.app);
      expect(unknown.statusCode).toBe(429);
      expect(unknown.headers['retry-after']).toBeDefined();
      expect((await signIn(demo.ebhAdmin, password, known, small.app)).statusCode).toBe(200);
      // The account itself is not locked: the same person elsewhere signs in from a new browser.
      expect((await signIn(demo.ebhAdmin, password, { ip: attacker }, small.app)).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('the device cookie key', () => {
  it('is generated once and shared through the database, so another instance accepts the cookie', async () => {
    const owner = await knownBrowser(demo.ungUser, campus);
    await failTimes(10, demo.ungUser, { ip: attacker });
    const second = await buildApp(t.config, t.database, { logger: false });
    try {
      expect((await signIn(demo.ungUser, password, { ip: campus }, second)).statusCode).toBe(429);
      expect((await signIn(demo.ungUser, password, owner, second)).statusCode).toBe(200);
    } finally {
      await second.close();
    }
    expect(await t.database.db.select().from(serverSecrets)).toHaveLength(1);
  });

  it('comes from SERVER_SECRET when set, and a cookie signed with another key counts as unknown', async () => {
    const configured = await buildApp({ ...t.config, serverSecret: 's'.repeat(40) }, t.database, {
      logger: false,
    });
    try {
      const signedByGenerated = await knownBrowser(demo.ungUser, campus);
      const signedByConfigured = await knownBrowser(demo.ungAdmin, campus, configured);
      await failTimes(10, demo.ungUser, { ip: attacker });
      await failTimes(10, demo.ungAdmin, { ip: attacker });
      expect((await signIn(demo.ungAdmin, password, signedByConfigured, configured)).statusCode).toBe(200);
      expect((await signIn(demo.ungUser, password, signedByGenerated, configured)).statusCode).toBe(429);
      expect((await signIn(demo.ungUser, password, signedByGenerated)).statusCode).toBe(200);
      expect((await signIn(demo.ungAdmin, password, signedByConfigured)).statusCode).toBe(429);
    } finally {
      await configured.close();
    }
  });
});

describe('GET and DELETE /api/user/{id}/signinlock', () => {
  it('show the NOC a locked account, with its failures, and clear it', async () => {
    const userId = await userIdOf(demo.ungUser);
    const url = `/api/user/${userId}/signinlock`;
    const calm = await t.call({ method: 'GET', url, as: demo.noc });
    expect(calm.statusCode).toBe(200);
    expect(calm.json().payload).toEqual({
      locked: false,
      lockeduntil: null,
      failures: 0,
      limit: 10,
      windowminutes: 15,
      lockeddevices: 0,
      lastfailureat: null,
      lastfailureaddress: null,
    });

    const laptop = await knownBrowser(demo.ungUser, campus);
    await failTimes(10, demo.ungUser, laptop);
    await failTimes(12, demo.ungUser, { ip: attacker });
    const locked = (await t.call({ method: 'GET', url, as: demo.noc })).json().payload;
    const now = Date.now() / 1000;
    expect(locked).toMatchObject({
      locked: true,
      failures: 10,
      limit: 10,
      lockeddevices: 1,
      lastfailureaddress: attacker,
    });
    expect(locked.lockeduntil).toBeGreaterThan(now + 890);
    expect(locked.lastfailureat).toBeGreaterThan(now - 60);

    const cleared = await t.call({ method: 'DELETE', url, as: demo.noc });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ result: 'Success', message: signInLockMessages.cleared });
    expect((await t.call({ method: 'GET', url, as: demo.noc })).json().payload).toMatchObject({
      locked: false,
      failures: 0,
      lockeddevices: 0,
    });
    expect((await signIn(demo.ungUser, password, { ip: attacker })).statusCode).toBe(200);
    expect((await signIn(demo.ungUser, password, laptop)).statusCode).toBe(200);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.signinlock.clear'));
    expect(audit.at(-1)).toMatchObject({ actorEmail: demo.noc, entityId: String(userId) });
    expect(audit.at(-1)?.detail).toEqual({ failures: 20 });
  });

  it('refuse everyone but the NOC with 403, and leave the lock alone', async () => {
    const own = await userIdOf(demo.ungUser);
    const foreign = await userIdOf(demo.ebhAdmin);
    const others = [demo.ungAdmin, demo.ungUser, demo.ebhAdmin, demo.tech, demo.eng];
    // Signed in before the account is locked (the helper keeps each account's token).
    for (const as of others) await t.call({ method: 'GET', url: '/api/user/me', as });
    await failTimes(10, demo.ungUser, { ip: attacker });
    for (const as of others) {
      for (const id of [own, foreign]) {
        for (const method of ['GET', 'DELETE'] as const) {
          const reply = await t.call({ method, url: `/api/user/${id}/signinlock`, as });
          expect(reply.statusCode, `${as} ${method} ${id}`).toBe(403);
          expect(reply.json().result).toBe('Failure');
        }
      }
    }
    expect(await failuresRecorded(demo.ungUser)).toBe(10);
    expect((await signIn(demo.ungUser, password, { ip: campus })).statusCode).toBe(429);
  });

  it('answer 404 for a user that does not exist and 400 for an id that is not one', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const missing = await t.call({ method, url: '/api/user/999999/signinlock', as: demo.noc });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ result: 'Failure', message: 'User not found' });
      const bad = await t.call({ method, url: '/api/user/abc/signinlock', as: demo.noc });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().result).toBe('Failure');
    }
  });
});

describe('a completed password reset', () => {
  it('forgets the failures against the account, so the owner signs in from a new browser at once', async () => {
    await failTimes(10, demo.eng, { ip: attacker });
    expect((await signIn(demo.eng, password, { ip: campus })).statusCode).toBe(429);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/passwordreset/request',
      payload: { email: demo.eng },
    });
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, demo.eng))
      .orderBy(desc(outbox.id))
      .limit(1);
    const token = mail?.body.match(/#token=([\w-]+)/)?.[1];
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/user/passwordreset/submit',
      payload: { token, password: 'a-new-eng-password', confirmpassword: 'a-new-eng-password' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(demo.eng, 'a-new-eng-password', { ip: campus })).statusCode).toBe(200);
  });
});
