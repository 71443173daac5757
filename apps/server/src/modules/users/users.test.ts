import { timeZoneMessages } from '@lightpath/domain/time';
import { userMessages } from '@lightpath/domain/users';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import { buildTestApp, demo, type TestApp } from '../../test/helper';

let t: TestApp;
let ids: {
  ung: number;
  ebh: number;
  mrn: number;
  ebhAdmin: number;
  ungUser: number;
  ungAdmin: number;
  noc: number;
};

async function userCount() {
  const rows = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return rows[0]!.n;
}

beforeAll(async () => {
  t = await buildTestApp();
  const list = await t.call({ method: 'GET', url: '/api/customers?limit=1000', as: demo.noc });
  const byCode = new Map(
    list.json().payload.results.map((c: { code: string; customerid: number }) => [c.code, c.customerid]),
  );
  const byEmail = async (email: string) => {
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    return rows[0]!.userId;
  };
  ids = {
    ung: byCode.get('UNG') as number,
    ebh: byCode.get('EBH') as number,
    mrn: byCode.get('MRN') as number,
    ebhAdmin: await byEmail(demo.ebhAdmin),
    ungUser: await byEmail(demo.ungUser),
    ungAdmin: await byEmail(demo.ungAdmin),
    noc: await byEmail(demo.noc),
  };
});
afterAll(() => t.close());

const newUser = (overrides: Record<string, unknown> = {}) => ({
  firstname: 'Robin',
  surname: 'Fairweather',
  email: `robin.${Math.random().toString(36).slice(2, 8)}@northgate.example`,
  type: 5,
  customerid: ids.ung,
  ...overrides,
});

describe('listing users', () => {
  it('shows the NOC every customer and a customer only its own, in SQL', async () => {
    const all = await t.call({ method: 'GET', url: '/api/users?limit=1000', as: demo.noc });
    const customersSeen = new Set(
      all.json().payload.results.map((u: { customerid: number }) => u.customerid),
    );
    expect(customersSeen.size).toBeGreaterThan(5);
    expect(all.json().payload.count).toBe(await userCount());

    for (const who of [demo.ungAdmin, demo.ungUser]) {
      const own = await t.call({ method: 'GET', url: '/api/users?limit=1000', as: who });
      const results = own.json().payload.results as { customerid: number }[];
      expect(results.length).toBeGreaterThan(1);
      expect(results.every((u) => u.customerid === ids.ung)).toBe(true);
      expect(own.json().payload.count).toBe(results.length);
      // Asking for another customer's users by filter finds nothing rather than leaking them.
      const foreign = await t.call({ method: 'GET', url: `/api/users?customerid=${ids.ebh}`, as: who });
      expect(foreign.json().payload.count).toBe(0);
    }
  });

  it('pages, searches and sorts', async () => {
    const page = await t.call({
      method: 'GET',
      url: '/api/users?limit=5&offset=5&sort=-email',
      as: demo.noc,
    });
    const body = page.json().payload;
    expect(body).toMatchObject({ limit: 5, offset: 5 });
    expect(body.results).toHaveLength(5);
    const emails = body.results.map((u: { email: string }) => u.email);
    expect([...emails].sort().reverse()).toEqual(emails);
    const search = await t.call({ method: 'GET', url: '/api/users?q=alex%20morgan', as: demo.noc });
    expect(search.json().payload.results.map((u: { email: string }) => u.email)).toEqual([demo.ungAdmin]);
    // Wildcards in the search text are matched literally.
    const wildcard = await t.call({ method: 'GET', url: '/api/users?q=%25', as: demo.noc });
    expect(wildcard.json().payload.count).toBe(0);
  });

  it('refuses technicians and engineers, who have no user list', async () => {
    for (const who of [demo.tech, demo.eng]) {
      expect((await t.call({ method: 'GET', url: '/api/users', as: who })).statusCode).toBe(403);
    }
  });

  it('refuses bad list parameters with a 400', async () => {
    for (const query of [
      'limit=0',
      'limit=1001',
      'q=a%00b',
      'offset=-1',
      'type=9',
      'sort=drop%20table',
      'customerid=abc',
    ]) {
      const reply = await t.call({ method: 'GET', url: `/api/users?${query}`, as: demo.noc });
      expect(reply.statusCode, query).toBe(400);
    }
  });
});

describe('reading one user', () => {
  it("answers 404 for another customer's user, as if it did not exist", async () => {
    const reply = await t.call({ method: 'GET', url: `/api/user/${ids.ebhAdmin}`, as: demo.ungAdmin });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ result: 'Failure', message: userMessages.notFound });
    const missing = await t.call({ method: 'GET', url: '/api/user/99999', as: demo.ungAdmin });
    expect(missing.json()).toEqual(reply.json());
  });

  it('lets anyone read their own record and never returns the password hash', async () => {
    const reply = await t.call({ method: 'GET', url: `/api/user/${ids.ungUser}`, as: demo.ungUser });
    expect(reply.statusCode).toBe(200);
    expect(reply.body).not.toMatch(/argon2|passwordHash|password_hash/);
  });
});

describe('creating users', () => {
  it('lets a company admin add a user to their own company and invites them by e-mail', async () => {
    const body = newUser();
    const reply = await t.call({ method: 'POST', url: '/api/users', as: demo.ungAdmin, payload: body });
    expect(reply.statusCode).toBe(201);
    const created = reply.json().payload.user;
    expect(created).toMatchObject({ email: body.email, type: 5, customerid: ids.ung, companyAdmin: false });
    const mail = await t.database.db.select().from(outbox).where(eq(outbox.recipient, body.email));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain('/passwordreset#token=');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'user.create'));
    expect(audit.at(-1)).toMatchObject({ actorEmail: demo.ungAdmin, entityId: String(created.userid) });
  });

  it('also answers on POST /api/user (spec 7.1)', async () => {
    const reply = await t.call({
      method: 'POST',
      url: '/api/user',
      as: demo.noc,
      payload: newUser({ password: 'long-enough-pass' }),
    });
    expect(reply.statusCode).toBe(201);
  });

  it('refuses what a company admin may not do, writing nothing', async () => {
    const before = await userCount();
    const attempts = [
      { body: newUser({ customerid: ids.ebh }), status: 400, message: 'Customer not found' },
      {
        body: newUser({ type: 1, customerid: ids.mrn }),
        status: 400,
        message: userMessages.typeNotAssignable,
      },
      { body: newUser({ type: 3 }), status: 400, message: userMessages.typeNotAssignable },
      { body: newUser({ chameleon: 2 }), status: 400, message: userMessages.chameleonNotAllowed },
    ];
    for (const attempt of attempts) {
      const reply = await t.call({
        method: 'POST',
        url: '/api/users',
        as: demo.ungAdmin,
        payload: attempt.body,
      });
      expect(reply.statusCode, JSON.stringify(attempt.body)).toBe(attempt.status);
      expect(reply.json().message).toBe(attempt.message);
    }
    // A standard user and an admin of another customer may not create UNG users at all.
    expect(
      (await t.call({ method: 'POST', url: '/api/users', as: demo.ungUser, payload: newUser() })).statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'POST', url: '/api/users', as: demo.ebhAdmin, payload: newUser() })).statusCode,
    ).toBe(400);
    expect(await userCount()).toBe(before);
  });

  it('keeps types with the right kind of customer and chameleon with the NOC', async () => {
    const before = await userCount();
    const attempts = [
      { body: newUser({ type: 2 }), message: userMessages.typeCustomerMismatch },
      { body: newUser({ type: 4, customerid: ids.mrn }), message: userMessages.typeCustomerMismatch },
      {
        body: newUser({ type: 3, customerid: ids.mrn, chameleon: 1 }),
        message: userMessages.chameleonNotAllowed,
      },
      { body: newUser({ type: 5, chameleon: 2 }), message: userMessages.chameleonNotAllowed },
    ];
    for (const attempt of attempts) {
      const reply = await t.call({ method: 'POST', url: '/api/users', as: demo.noc, payload: attempt.body });
      expect(reply.statusCode, JSON.stringify(attempt.body)).toBe(400);
      expect(reply.json().message).toBe(attempt.message);
    }
    expect(await userCount()).toBe(before);
  });

  it('refuses a taken e-mail with 409 and malformed bodies with 400', async () => {
    const before = await userCount();
    const taken = await t.call({
      method: 'POST',
      url: '/api/users',
      as: demo.noc,
      payload: newUser({ email: 'NOC@meridian.example' }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(userMessages.emailInUse);
    const bad = [
      {},
      newUser({ firstname: '' }),
      newUser({ email: 'nope' }),
      newUser({ type: '5' }),
      newUser({ isAdmin: true }),
      newUser({ firstname: 'x'.repeat(81) }),
      newUser({ mobile: '<script>' }),
      newUser({ password: 'short' }),
      newUser({ customerid: 99_999_999_999 }),
      newUser({ customerid: 0 }),
    ];
    for (const body of bad) {
      const reply = await t.call({ method: 'POST', url: '/api/users', as: demo.noc, payload: body });
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json().result).toBe('Failure');
    }
    expect(await userCount()).toBe(before);
  });

  it('stores SQL and HTML in names as plain text', async () => {
    const name = "Robert'); drop table users;--";
    const html = '<img src=x onerror=alert(1)>';
    const reply = await t.call({
      method: 'POST',
      url: '/api/users',
      as: demo.noc,
      payload: newUser({ firstname: name, surname: html }),
    });
    expect(reply.statusCode).toBe(201);
    const read = await t.call({
      method: 'GET',
      url: `/api/user/${reply.json().payload.user.userid}`,
      as: demo.noc,
    });
    expect(read.json().payload.user).toMatchObject({ firstname: name, surname: html });
    expect(await userCount()).toBeGreaterThan(0);
  });
});

describe('updating users', () => {
  it('lets a user edit their own profile fields but nothing else', async () => {
    const ok = await t.call({
      method: 'PUT',
      url: `/api/user/${ids.ungUser}`,
      as: demo.ungUser,
      payload: { title: 'Senior Network Analyst', mobile: '0400 000 111' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().payload.user).toMatchObject({ title: 'Senior Network Analyst', mobile: '0400 000 111' });
    for (const payload of [{ type: 4 }, { companyAdmin: true }, { email: 'me@else.example' }]) {
      const reply = await t.call({
        method: 'PUT',
        url: `/api/user/${ids.ungUser}`,
        as: demo.ungUser,
        payload,
      });
      expect(reply.statusCode, JSON.stringify(payload)).toBe(403);
    }
    const other = await t.call({
      method: 'PUT',
      url: `/api/user/${ids.ungAdmin}`,
      as: demo.ungUser,
      payload: { title: 'x' },
    });
    expect(other.statusCode).toBe(403);
  });

  it('lets a user choose their own time zone, or go back to the portal’s, and refuses a made-up one', async () => {
    const put = (payload: Record<string, unknown>) =>
      t.call({ method: 'PUT', url: `/api/user/${ids.ungUser}`, as: demo.ungUser, payload });
    const chosen = await put({ timezone: 'Europe/London' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().payload.user.timezone).toBe('Europe/London');
    const me = await t.call({ method: 'GET', url: '/api/user/me', as: demo.ungUser });
    expect(me.json().payload.user.timezone).toBe('Europe/London');

    const bad = await put({ timezone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().payload.errors).toEqual([{ path: 'timezone', message: timeZoneMessages.invalid }]);
    const [row] = await t.database.db.select().from(users).where(eq(users.userId, ids.ungUser));
    expect(row?.timeZone).toBe('Europe/London');

    const reset = await put({ timezone: null });
    expect(reset.json().payload.user.timezone).toBeNull();
  });

  it('lets a company admin promote a colleague, which ends that colleague’s sessions', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/users',
      as: demo.noc,
      payload: newUser({ password: 'colleague-pass-1' }),
    });
    const user = created.json().payload.user;
    const session = (
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: 'colleague-pass-1' },
      })
    ).json().payload.token;
    const promote = await t.call({
      method: 'PUT',
      url: `/api/user/${user.userid}`,
      as: demo.ungAdmin,
      payload: { type: 4, companyAdmin: true },
    });
    expect(promote.statusCode).toBe(200);
    expect(promote.json().payload.user).toMatchObject({ type: 4, companyAdmin: true });
    expect((await t.call({ method: 'GET', url: '/api/user/me', as: session })).statusCode).toBe(401);
  });

  it("answers 404 when a company admin edits another customer's user, and changes nothing", async () => {
    const reply = await t.call({
      method: 'PUT',
      url: `/api/user/${ids.ebhAdmin}`,
      as: demo.ungAdmin,
      payload: { title: 'Hacked' },
    });
    expect(reply.statusCode).toBe(404);
    // 404 before the body is validated, as for contacts: a 400 would be the same for a user that does
    // not exist, but one rule for every route keeps the answers alike.
    for (const payload of [{ title: 'x'.repeat(500) }, { colour: 'red' }, { type: 'admin' }]) {
      const invalid = await t.call({
        method: 'PUT',
        url: `/api/user/${ids.ebhAdmin}`,
        as: demo.ungAdmin,
        payload,
      });
      expect(invalid.statusCode, JSON.stringify(payload)).toBe(404);
      expect(invalid.json().message).toBe(userMessages.notFound);
    }
    const row = await t.database.db.select().from(users).where(eq(users.userId, ids.ebhAdmin));
    expect(row[0]!.title).not.toBe('Hacked');
  });

  it('refuses changing your own role or disabling yourself', async () => {
    const reply = await t.call({
      method: 'PUT',
      url: `/api/user/${ids.noc}`,
      as: demo.noc,
      payload: { enabled: false },
    });
    expect(reply.statusCode).toBe(403);
  });
});

describe('races', () => {
  it('answers 201 and 409 when two requests create the same e-mail at once', async () => {
    const body = newUser();
    const replies = await Promise.all([
      t.call({ method: 'POST', url: '/api/users', as: demo.noc, payload: body }),
      t.call({ method: 'POST', url: '/api/users', as: demo.noc, payload: body }),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('deleting users', () => {
  it('deletes within scope, refuses yourself and other customers', async () => {
    const created = await t.call({ method: 'POST', url: '/api/users', as: demo.noc, payload: newUser() });
    const id = created.json().payload.user.userid;
    expect((await t.call({ method: 'DELETE', url: `/api/user/${id}`, as: demo.ebhAdmin })).statusCode).toBe(
      404,
    );
    expect((await t.call({ method: 'DELETE', url: `/api/user/${id}`, as: demo.ungUser })).statusCode).toBe(
      403,
    );
    const self = await t.call({ method: 'DELETE', url: `/api/user/${ids.ungAdmin}`, as: demo.ungAdmin });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(userMessages.cannotDeleteSelf);
    const deleted = await t.call({ method: 'DELETE', url: `/api/user/${id}`, as: demo.ungAdmin });
    expect(deleted.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/user/${id}`, as: demo.noc })).statusCode).toBe(404);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'user.delete'));
    expect(audit.at(-1)).toMatchObject({ actorEmail: demo.ungAdmin, entityId: String(id) });
  });
});
