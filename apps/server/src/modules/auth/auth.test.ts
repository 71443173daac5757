import { authMessages } from '@lightpath/domain/auth';
import { impersonationMessages } from '@lightpath/domain/impersonation';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/auth';
import { auditLog, outbox } from '../../db/schema/platform';
import { hashToken } from '../../platform/tokens';
import { buildTestApp, demo, type TestApp } from '../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const password = 'lightpath-demo';
const login = (email: string, pw = password, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: pw, ...extra } });

async function latestResetToken(email: string) {
  const rows = await t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, email))
    .orderBy(desc(outbox.id))
    .limit(1);
  const match = rows[0]?.body.match(/#token=([\w-]+)/);
  if (!match?.[1]) throw new Error(`no reset link for ${email}`);
  return match[1];
}

describe('login', () => {
  it('returns a token that works in the X-AUTH-TOKEN header', async () => {
    const reply = await login(demo.noc);
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.result).toBe('Success');
    expect(body.payload.token).toMatch(/^[\w-]{40,}$/);
    const me = await t.call({ method: 'GET', url: '/api/user/me', as: body.payload.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().payload.user.email).toBe(demo.noc);
    expect(me.json().payload.session).toMatchObject({ type: 1, impersonating: false, chameleon: 1 });
  });

  it('stores only a hash of the token', async () => {
    const token = (await login(demo.eng)).json().payload.token as string;
    const stored = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(stored).toHaveLength(1);
    const raw = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, token));
    expect(raw).toHaveLength(0);
  });

  it('accepts the e-mail in any case and with spaces around it', async () => {
    expect((await login('  NOC@Meridian.Example ')).statusCode).toBe(200);
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const unknown = await login('nobody@nowhere.example', 'whatever-password');
    const wrong = await login(demo.ungUser, 'not-the-password');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({ result: 'Failure', message: authMessages.invalidCredentials });
  });

  it('remembers for a month when asked, else for a working day', async () => {
    const now = Date.now() / 1000;
    const remembered = (await login(demo.tech, password, { remember: true })).json().payload.expiresat;
    const session = (await login(demo.tech)).json().payload.expiresat;
    expect(remembered - now).toBeGreaterThan(29 * 86400);
    expect(session - now).toBeLessThan(13 * 3600);
    expect(session - now).toBeGreaterThan(11 * 3600);
  });

  it('refuses bad input with a 400 and the first problem', async () => {
    const cases = [
      { payload: { email: 'not-an-email', password: 'x' }, message: /valid email/ },
      { payload: { email: demo.noc }, message: /password/i },
      { payload: { email: demo.noc, password: 'x', admin: true }, message: /Unrecognized key/ },
      { payload: { email: demo.noc, password: 12345 }, message: /password/i },
      { payload: { email: demo.noc, password: 'x', remember: 'yes' }, message: /remember/ },
    ];
    for (const c of cases) {
      const reply = await t.app.inject({ method: 'POST', url: '/api/login', payload: c.payload });
      expect(reply.statusCode, JSON.stringify(c.payload)).toBe(400);
      expect(reply.json().result).toBe('Failure');
      expect(reply.json().message).toMatch(c.message);
      expect(reply.json().payload.errors.length).toBeGreaterThan(0);
    }
  });
});

// Sign-in throttling has its own file: sign-in-throttle.test.ts.

describe('tokens', () => {
  it('refuses a missing, forged, revoked or expired token with 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me' })).statusCode).toBe(401);
    const forged = await t.call({ method: 'GET', url: '/api/user/me', as: 'x'.repeat(43) });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ result: 'Failure', message: authMessages.loggedOut });

    const token = await t.login(demo.ungUser);
    const loggedOut = await t.call({ method: 'POST', url: '/api/logout', as: token });
    expect(loggedOut.statusCode).toBe(200);
    expect(loggedOut.headers['clear-site-data']).toBe('"cache"');
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.actorEmail, demo.ungUser));
    expect(trail.map((row) => row.action)).toEqual(
      expect.arrayContaining(['session.login', 'session.logout']),
    );
    expect((await t.call({ method: 'GET', url: '/api/user/me', as: token })).statusCode).toBe(401);

    const expiring = await t.login(demo.ungUser);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(expiring)));
    expect((await t.call({ method: 'GET', url: '/api/user/me', as: expiring })).statusCode).toBe(401);
  });
});

describe('password change', () => {
  it('refuses a mismatch and a wrong current password, writing nothing', async () => {
    const token = await t.login(demo.eng);
    const mismatch = await t.call({
      method: 'PUT',
      url: '/api/user/me/password',
      as: token,
      payload: { currentpassword: password, password: 'a-brand-new-pass', confirmpassword: 'something-else' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().payload.errors).toContainEqual({
      path: 'confirmpassword',
      message: authMessages.passwordsDoNotMatch,
    });
    const wrong = await t.call({
      method: 'PUT',
      url: '/api/user/me/password',
      as: token,
      payload: {
        currentpassword: 'not-it',
        password: 'a-brand-new-pass',
        confirmpassword: 'a-brand-new-pass',
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(authMessages.wrongCurrentPassword);
    expect((await login(demo.eng)).statusCode).toBe(200);
  });

  it('changes the password, ends every session, and the new password signs in', async () => {
    const first = await t.login(demo.ungUser);
    const second = await t.login(demo.ungUser);
    const reply = await t.call({
      method: 'PUT',
      url: '/api/user/me/password',
      as: first,
      payload: {
        currentpassword: password,
        password: 'a-brand-new-pass',
        confirmpassword: 'a-brand-new-pass',
      },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().message).toBe(authMessages.passwordUpdated);
    for (const token of [first, second]) {
      expect((await t.call({ method: 'GET', url: '/api/user/me', as: token })).statusCode).toBe(401);
    }
    expect((await login(demo.ungUser)).statusCode).toBe(401);
    expect((await login(demo.ungUser, 'a-brand-new-pass')).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown addresses and mails only the known one', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/user/passwordreset/request',
      payload: { email: 'ghost@nowhere.example' },
    });
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/user/passwordreset/request',
      payload: { email: demo.tech },
    });
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().message).toBe(authMessages.resetRequested);
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    expect(after[0]!.n - before[0]!.n).toBe(1);
  });

  it('retires earlier links when the password changes, and hides links from the outbox API outside development', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/user/passwordreset/request',
      payload: { email: demo.eng },
    });
    const early = await latestResetToken(demo.eng);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/passwordreset/request',
      payload: { email: demo.eng },
    });
    const late = await latestResetToken(demo.eng);
    const submit = (token: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/passwordreset/submit',
        payload: { token, password, confirmpassword: password },
      });
    expect((await submit(late, 'eng-new-password')).statusCode).toBe(200);
    expect((await submit(early, 'eng-other-password')).statusCode).toBe(400);
    const outboxReply = await t.call({ method: 'GET', url: '/api/outbox', as: demo.noc });
    const bodies = outboxReply
      .json()
      .payload.results.map((m: { body: string }) => m.body)
      .join('\n');
    expect(bodies).toContain('#token=[hidden]');
    expect(bodies).not.toContain(early);
  });

  it('sends at most three reset e-mails per user per hour, answering the same every time', async () => {
    const countMail = async () =>
      (await t.database.db.select().from(outbox).where(eq(outbox.recipient, demo.ebhAdmin))).length;
    const before = await countMail();
    const replies = [];
    for (let i = 0; i < 5; i += 1) {
      replies.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/user/passwordreset/request',
          payload: { email: demo.ebhAdmin },
        }),
      );
    }
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect((await countMail()) - before).toBe(3);
  });

  it('sets the new password once with the mailed token and ends old sessions', async () => {
    const old = await t.login(demo.tech);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/passwordreset/request',
      payload: { email: demo.tech },
    });
    const token = await latestResetToken(demo.tech);
    const submit = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/passwordreset/submit',
        payload: { token, password: 'reset-password-1', confirmpassword: 'reset-password-1' },
      });
    const first = await submit();
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(authMessages.resetDone);
    expect((await t.call({ method: 'GET', url: '/api/user/me', as: old })).statusCode).toBe(401);
    expect((await login(demo.tech, 'reset-password-1')).statusCode).toBe(200);
    const again = await submit();
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(authMessages.resetInvalid);
  });
});

describe('impersonation', () => {
  async function customerId(code: string, as: string) {
    const list = await t.call({ method: 'GET', url: `/api/customers?q=${code}`, as });
    return list.json().payload.results.find((c: { code: string }) => c.code === code).customerid as number;
  }

  it('lets the NOC act as a customer admin, scoped to that customer, and revert', async () => {
    const token = await t.login(demo.noc);
    const me0 = await t.call({ method: 'GET', url: '/api/user/me', as: token });
    const ung = await customerId('UNG', token);
    const switched = await t.call({
      method: 'POST',
      url: '/api/user/impersonate',
      as: token,
      payload: { customerid: ung, usertype: 4 },
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().message).toBe(impersonationMessages.switched);
    expect(switched.json().payload.session).toMatchObject({
      type: 4,
      customerid: ung,
      impersonating: true,
      realtype: 1,
      companyAdmin: true,
    });

    const customers = await t.call({ method: 'GET', url: '/api/customers', as: token });
    expect(customers.json().payload.results.map((c: { code: string }) => c.code)).toEqual(['UNG']);
    const users = await t.call({ method: 'GET', url: '/api/users?limit=1000', as: token });
    expect(users.json().payload.results.every((u: { customerid: number }) => u.customerid === ung)).toBe(
      true,
    );
    // While acting as a customer admin, provider-only routes are refused.
    expect((await t.call({ method: 'POST', url: '/api/customer', as: token, payload: {} })).statusCode).toBe(
      403,
    );
    // Your own record stays yours while acting for another customer.
    const ownId = me0.json().payload.user.userid as number;
    expect((await t.call({ method: 'GET', url: `/api/user/${ownId}`, as: token })).statusCode).toBe(200);
    const edited = await t.call({
      method: 'PUT',
      url: `/api/user/${ownId}`,
      as: token,
      payload: { title: 'NOC Lead' },
    });
    expect(edited.statusCode).toBe(200);
    // The profile is still the real user.
    const me = await t.call({ method: 'GET', url: '/api/user/me', as: token });
    expect(me.json().payload.user.email).toBe(demo.noc);
    expect(me.json().payload.customer.customercode).toBe('UNG');

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'session.impersonate'));
    expect(audit.at(-1)).toMatchObject({ actorEmail: demo.noc, entityId: String(ung) });

    const mrn = await customerId('MRN', token).catch(() => null);
    expect(mrn).toBeNull();
    const provider = me.json().payload.session.realcustomerid as number;
    const revert = await t.call({
      method: 'POST',
      url: '/api/user/impersonate',
      as: token,
      payload: { customerid: provider, usertype: 1 },
    });
    expect(revert.statusCode).toBe(200);
    expect(revert.json().payload.session).toMatchObject({
      type: 1,
      customerid: provider,
      impersonating: false,
    });
    const reverted = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'session.impersonate.revert'));
    expect(reverted).toHaveLength(1);
  });

  it('lists the customers to switch to by the real user, also while switched', async () => {
    const noc = await t.login(demo.noc);
    const list = async () =>
      (await t.call({ method: 'GET', url: '/api/user/impersonate/customers', as: noc })).json().payload
        .results as {
        customercode: string;
        customerid: number;
        enabled: boolean;
      }[];
    const before = await list();
    // Chameleon 1 lists only active customers: the disabled AGL is missing, the provider is there.
    expect(before.map((c) => c.customercode)).toContain('UNG');
    expect(before.map((c) => c.customercode)).toContain('MRN');
    expect(before.map((c) => c.customercode)).not.toContain('AGL');
    expect(before.every((c) => c.enabled)).toBe(true);
    const ung = before.find((c) => c.customercode === 'UNG')!.customerid;
    await t.call({
      method: 'POST',
      url: '/api/user/impersonate',
      as: noc,
      payload: { customerid: ung, usertype: 5 },
    });
    expect((await list()).map((c) => c.customercode)).toEqual(before.map((c) => c.customercode));
    const refused = await t.call({
      method: 'GET',
      url: '/api/user/impersonate/customers',
      as: demo.ungAdmin,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('enforces the chameleon rules', async () => {
    const noc = await t.login(demo.noc);
    const ung = await customerId('UNG', noc);
    const agl = await customerId('AGL', noc);
    const me = await t.call({ method: 'GET', url: '/api/user/me', as: noc });
    const provider = me.json().payload.session.realcustomerid as number;

    const tries = [
      {
        as: demo.ungAdmin,
        body: { customerid: ung, usertype: 5 },
        status: 403,
        message: impersonationMessages.notAllowed,
      },
      {
        as: noc,
        body: { customerid: ung, usertype: 2 },
        status: 403,
        message: impersonationMessages.roleCustomerMismatch,
      },
      {
        as: noc,
        body: { customerid: provider, usertype: 5 },
        status: 403,
        message: impersonationMessages.roleCustomerMismatch,
      },
      {
        as: noc,
        body: { customerid: agl, usertype: 4 },
        status: 403,
        message: impersonationMessages.customerInactive,
      },
      { as: noc, body: { customerid: 999999, usertype: 4 }, status: 404, message: 'Customer not found' },
      { as: noc, body: { customerid: ung, usertype: 9 }, status: 400, message: /User type/ },
      { as: noc, body: { customerid: 99_999_999_999, usertype: 4 }, status: 400, message: /out of range/ },
    ];
    for (const attempt of tries) {
      const reply = await t.call({
        method: 'POST',
        url: '/api/user/impersonate',
        as: attempt.as,
        payload: attempt.body,
      });
      expect(reply.statusCode, JSON.stringify(attempt.body)).toBe(attempt.status);
      expect(reply.json().message).toMatch(attempt.message);
    }
    // The NOC (chameleon 1) may take a provider role such as technician.
    const asTech = await t.call({
      method: 'POST',
      url: '/api/user/impersonate',
      as: noc,
      payload: { customerid: provider, usertype: 2 },
    });
    expect(asTech.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/users', as: noc })).statusCode).toBe(403);
  });
});
