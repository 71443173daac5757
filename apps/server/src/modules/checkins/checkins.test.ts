import { type CheckinRow, checkinClockSkewSeconds, checkinMessages } from '@lightpath/domain/checkins';
import { siteMessages } from '@lightpath/domain/sites';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../db/schema/inventory';
import { auditLog, changeLog } from '../../db/schema/platform';
import { siteCheckins } from '../../db/schema/tickets';
import { users } from '../../db/schema/users';
import { buildTestApp, demo, problemOf, type TestApp } from '../../test/helper';

let t: TestApp;
type Site = { siteId: number; siteName: string; siteNumber: string };
// Enabled physical sites (each test uses its own, so open check-ins do not leak between tests), a
// disabled physical site and a VPLS site.
let physical: Site[];
let disabled: Site;
let vpls: Site;
let userIds: { noc: number; tech: number; eng: number; ungUser: number };

type Page = { count: number; limit: number; offset: number; results: CheckinRow[] };

const now = () => Math.floor(Date.now() / 1000);
const customerAccounts = [demo.ungAdmin, demo.ungUser, demo.ebhAdmin];

async function counts() {
  const [checkins] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(siteCheckins);
  const [open] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(siteCheckins)
    .where(isNull(siteCheckins.checkoutTime));
  const [audits] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(eq(auditLog.entity, 'checkin'));
  const [changes] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(changeLog)
    .where(eq(changeLog.topic, 'checkins'));
  return { checkins: checkins!.n, open: open!.n, audits: audits!.n, changes: changes!.n };
}

async function openCheckinsOf(userId: number, siteId: number) {
  return t.database.db
    .select()
    .from(siteCheckins)
    .where(
      and(
        eq(siteCheckins.userId, userId),
        eq(siteCheckins.siteId, siteId),
        isNull(siteCheckins.checkoutTime),
      ),
    );
}

function checkin(site: number, as: string, payload: Record<string, unknown> = { siteid: site }) {
  return t.call({ method: 'POST', url: `/api/site/${site}/checkin`, as, payload });
}

function checkout(site: number, as: string, payload: Record<string, unknown> = { siteid: site }) {
  return t.call({ method: 'POST', url: `/api/site/${site}/checkout`, as, payload });
}

async function list(url: string, as: string = demo.noc): Promise<Page> {
  const reply = await t.call({ method: 'GET', url, as });
  expect(reply.statusCode, `${url}: ${reply.body.slice(0, 200)}`).toBe(200);
  return reply.json().payload;
}

beforeAll(async () => {
  t = await buildTestApp();
  const all = await t.database.db
    .select({
      siteId: sites.siteId,
      siteName: sites.siteName,
      siteNumber: sites.siteNumber,
      siteType: sites.siteType,
      status: sites.status,
    })
    .from(sites)
    .orderBy(sites.siteId);
  // Sites the demo seed has check-ins at are left out, so each test starts from an empty site.
  const visited = new Set(
    (await t.database.db.selectDistinct({ siteId: siteCheckins.siteId }).from(siteCheckins)).map(
      (row) => row.siteId,
    ),
  );
  physical = all.filter((s) => s.siteType === 1 && s.status === 1 && !visited.has(s.siteId)).slice(0, 12);
  expect(physical.length).toBe(12);
  vpls = all.find((s) => s.siteType === 2)!;
  // A physical site the test disables, so the rule does not depend on the seed's dice.
  disabled = all.filter((s) => s.siteType === 1 && s.status === 1).at(-1)!;
  await t.database.db.update(sites).set({ status: 0 }).where(eq(sites.siteId, disabled.siteId));
  const byEmail = async (email: string) =>
    (await t.database.db.select({ userId: users.userId }).from(users).where(eq(users.email, email)))[0]!
      .userId;
  userIds = {
    noc: await byEmail(demo.noc),
    tech: await byEmail(demo.tech),
    eng: await byEmail(demo.eng),
    ungUser: await byEmail(demo.ungUser),
  };
});
afterAll(() => t.close());

describe('checking in', () => {
  it('checks each provider role in, with the spec 8 message, the row, an audit entry and a change', async () => {
    const site = physical[0]!;
    const before = await counts();
    for (const [who, userId, name] of [
      [demo.noc, userIds.noc, 'Nadia Ortiz'],
      [demo.tech, userIds.tech, 'Tom Hale'],
      [demo.eng, userIds.eng, 'Priya Raman'],
    ] as const) {
      const started = now();
      const reply = await checkin(site.siteId, who);
      expect(reply.statusCode, reply.body).toBe(201);
      expect(reply.json().message).toBe(`Checked into ${site.siteName}`);
      const row = reply.json().payload as CheckinRow;
      expect(row).toMatchObject({
        userid: userId,
        username: name,
        siteid: site.siteId,
        sitenumber: site.siteNumber,
        sitename: site.siteName,
        customercode: expect.stringMatching(/^[A-Z]{3}$/),
        checkouttime: null,
      });
      expect(row.checkintime).toBeGreaterThanOrEqual(started);
      expect(row.checkintime).toBeLessThanOrEqual(now());
      expect(row.durationseconds).toBeLessThan(5);
      expect(await openCheckinsOf(userId, site.siteId)).toHaveLength(1);
    }
    expect(await counts()).toEqual({
      checkins: before.checkins + 3,
      open: before.open + 3,
      audits: before.audits + 3,
      changes: before.changes + 3,
    });
  });

  it('takes a check-in time in the past, and one a little ahead as now', async () => {
    const site = physical[1]!;
    const earlier = now() - 3600;
    const reply = await checkin(site.siteId, demo.noc, { siteid: site.siteId, checkintime: earlier });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().payload).toMatchObject({ checkintime: earlier, checkouttime: null });
    expect(reply.json().payload.durationseconds).toBeGreaterThanOrEqual(3600);

    const ahead = now() + 120;
    const second = await checkin(site.siteId, demo.eng, { siteid: site.siteId, checkintime: ahead });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().payload.checkintime).toBeLessThanOrEqual(now());
  });

  it('refuses a second open check-in at the same site (409) and writes nothing', async () => {
    const site = physical[2]!;
    expect((await checkin(site.siteId, demo.tech)).statusCode).toBe(201);
    const before = await counts();
    const again = await checkin(site.siteId, demo.tech);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ result: 'Failure', message: checkinMessages.alreadyCheckedIn });
    expect(await counts()).toEqual(before);
    // Another site is fine: the rule is one open check-in per person and site.
    expect((await checkin(physical[3]!.siteId, demo.tech)).statusCode).toBe(201);
  });

  it('lets exactly one of two racing check-ins through', async () => {
    const site = physical[4]!;
    const before = await counts();
    const replies = await Promise.all([checkin(site.siteId, demo.eng), checkin(site.siteId, demo.eng)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = replies.find((r) => r.statusCode === 409)!;
    expect(refused.json().message).toBe(checkinMessages.alreadyCheckedIn);
    expect(await openCheckinsOf(userIds.eng, site.siteId)).toHaveLength(1);
    expect(await counts()).toEqual({
      checkins: before.checkins + 1,
      open: before.open + 1,
      audits: before.audits + 1,
      changes: before.changes + 1,
    });
  });

  it('refuses every bad request with its message and writes nothing', async () => {
    const site = physical[5]!;
    const cases: [string, number, Record<string, unknown>, string, string][] = [
      [
        'another site in the body',
        site.siteId,
        { siteid: physical[6]!.siteId },
        demo.noc,
        checkinMessages.siteMismatch,
      ],
      ['a VPLS site', vpls.siteId, { siteid: vpls.siteId }, demo.noc, checkinMessages.siteNotPhysical],
      [
        'a VPLS site, technician',
        vpls.siteId,
        { siteid: vpls.siteId },
        demo.tech,
        checkinMessages.siteNotPhysical,
      ],
      [
        'a disabled site, NOC',
        disabled.siteId,
        { siteid: disabled.siteId },
        demo.noc,
        checkinMessages.siteDisabled,
      ],
      [
        'a disabled site, engineering',
        disabled.siteId,
        { siteid: disabled.siteId },
        demo.eng,
        checkinMessages.siteDisabled,
      ],
      [
        'a time in the future',
        site.siteId,
        { siteid: site.siteId, checkintime: now() + checkinClockSkewSeconds + 60 },
        demo.noc,
        checkinMessages.checkinInFuture,
      ],
      [
        'a time as text',
        site.siteId,
        { siteid: site.siteId, checkintime: 'now' },
        demo.noc,
        checkinMessages.timeInvalid,
      ],
      [
        'a time in milliseconds',
        site.siteId,
        { siteid: site.siteId, checkintime: Date.now() * 1000 },
        demo.noc,
        checkinMessages.timeInvalid,
      ],
      ['no site in the body', site.siteId, {}, demo.noc, checkinMessages.siteRequired],
      [
        'an unknown field',
        site.siteId,
        { siteid: site.siteId, userid: 1 },
        demo.noc,
        'Unrecognized key: "userid"',
      ],
    ];
    const before = await counts();
    for (const [label, siteId, payload, who, message] of cases) {
      const reply = await checkin(siteId, who, payload);
      expect(reply.statusCode, label).toBe(400);
      expect(problemOf(reply), label).toBe(message);
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 404 for an unknown site whatever the body, and 400 for a bad site id', async () => {
    const before = await counts();
    for (const payload of [{ siteid: 999_999 }, { siteid: 1 }, {}, { bogus: true }]) {
      const reply = await checkin(999_999, demo.noc, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(404);
      expect(reply.json().message).toBe(siteMessages.notFound);
    }
    const bad = await t.call({
      method: 'POST',
      url: '/api/site/abc/checkin',
      as: demo.noc,
      payload: { siteid: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('lets a technician check in at a disabled physical site (spec 6)', async () => {
    const reply = await checkin(disabled.siteId, demo.tech);
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().message).toBe(checkinMessages.checkedIn(disabled.siteName));
    const out = await checkout(disabled.siteId, demo.tech);
    expect(out.statusCode, out.body).toBe(200);
  });

  it('is refused (403) to customers and 401 without a session, writing nothing', async () => {
    const site = physical[5]!;
    const before = await counts();
    for (const who of customerAccounts) {
      for (const reply of [await checkin(site.siteId, who), await checkout(site.siteId, who)]) {
        expect(reply.statusCode, who).toBe(403);
      }
    }
    const anonymous = await t.call({
      method: 'POST',
      url: `/api/site/${site.siteId}/checkin`,
      payload: { siteid: site.siteId },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });
});

describe('checking out', () => {
  it("closes the caller's open check-in there, with the spec 8 message", async () => {
    const site = physical[7]!;
    const checkedIn = now() - 1800;
    expect(
      (await checkin(site.siteId, demo.tech, { siteid: site.siteId, checkintime: checkedIn })).statusCode,
    ).toBe(201);
    // Someone else's open check-in at the same site stays open.
    expect((await checkin(site.siteId, demo.eng)).statusCode).toBe(201);
    const before = await counts();
    const reply = await checkout(site.siteId, demo.tech);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().message).toBe(`Checked out from ${site.siteName}`);
    const row = reply.json().payload as CheckinRow;
    expect(row).toMatchObject({ userid: userIds.tech, siteid: site.siteId, checkintime: checkedIn });
    expect(row.checkouttime).toBeGreaterThanOrEqual(checkedIn + 1800);
    expect(row.durationseconds).toBe(row.checkouttime! - checkedIn);
    expect(await openCheckinsOf(userIds.tech, site.siteId)).toHaveLength(0);
    expect(await openCheckinsOf(userIds.eng, site.siteId)).toHaveLength(1);
    expect(await counts()).toEqual({
      checkins: before.checkins,
      open: before.open - 1,
      audits: before.audits + 1,
      changes: before.changes + 1,
    });
    // Checked out, the user may check in there again.
    expect((await checkin(site.siteId, demo.tech)).statusCode).toBe(201);
  });

  it('takes a check-out time, not before the check-in and not in the future', async () => {
    const site = physical[8]!;
    const checkedIn = now() - 7200;
    expect(
      (await checkin(site.siteId, demo.noc, { siteid: site.siteId, checkintime: checkedIn })).statusCode,
    ).toBe(201);
    const before = await counts();
    for (const [payload, message] of [
      [{ siteid: site.siteId, checkouttime: checkedIn - 1 }, checkinMessages.checkoutBeforeCheckin],
      [{ siteid: site.siteId, checkouttime: now() + 3600 }, checkinMessages.checkoutInFuture],
      [{ siteid: physical[9]!.siteId }, checkinMessages.siteMismatch],
      [{ siteid: site.siteId, checkintime: checkedIn }, 'Unrecognized key: "checkintime"'],
    ] as const) {
      const reply = await checkout(site.siteId, demo.noc, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(problemOf(reply)).toBe(message);
    }
    expect(await counts()).toEqual(before);
    const reply = await checkout(site.siteId, demo.noc, {
      siteid: site.siteId,
      checkouttime: checkedIn + 3600,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().payload).toMatchObject({ checkouttime: checkedIn + 3600, durationseconds: 3600 });
  });

  it('answers 409 with a clear message when there is nothing to check out of', async () => {
    const site = physical[9]!;
    const before = await counts();
    const reply = await checkout(site.siteId, demo.eng);
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({ result: 'Failure', message: checkinMessages.notCheckedIn });
    // 404 for an unknown site, before anything else.
    expect((await checkout(999_999, demo.eng, { siteid: 999_999 })).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('lets exactly one of two racing check-outs through', async () => {
    const site = physical[10]!;
    expect((await checkin(site.siteId, demo.noc)).statusCode).toBe(201);
    const before = await counts();
    const replies = await Promise.all([checkout(site.siteId, demo.noc), checkout(site.siteId, demo.noc)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await counts()).toEqual({
      ...before,
      open: before.open - 1,
      audits: before.audits + 1,
      changes: before.changes + 1,
    });
  });

  it('still lets a user out of a site disabled since they checked in', async () => {
    const site = physical[11]!;
    expect((await checkin(site.siteId, demo.eng)).statusCode).toBe(201);
    await t.database.db.update(sites).set({ status: 0 }).where(eq(sites.siteId, site.siteId));
    const reply = await checkout(site.siteId, demo.eng);
    expect(reply.statusCode, reply.body).toBe(200);
    await t.database.db.update(sites).set({ status: 1 }).where(eq(sites.siteId, site.siteId));
  });
});

describe('listing check-ins', () => {
  it("shows every provider role everyone's check-ins, newest first", async () => {
    const [total] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(siteCheckins);
    for (const who of [demo.noc, demo.tech, demo.eng]) {
      const page = await list('/api/checkins?limit=1000', who);
      expect(page.count).toBe(total!.n);
      expect(page.results).toHaveLength(total!.n);
      expect(new Set(page.results.map((r) => r.userid))).toEqual(
        new Set([userIds.noc, userIds.tech, userIds.eng]),
      );
      const times = page.results.map((r) => r.checkintime);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      for (const row of page.results) {
        const expected = (row.checkouttime ?? now()) - row.checkintime;
        expect(Math.abs(row.durationseconds! - expected), String(row.checkinid)).toBeLessThanOrEqual(2);
      }
    }
  });

  it('filters by active, site, user and text, sorts and pages', async () => {
    const all = await list('/api/checkins?limit=1000');
    const active = await list('/api/checkins?active=true&limit=1000');
    const closed = await list('/api/checkins?active=false&limit=1000');
    expect(active.results.every((r) => r.checkouttime === null)).toBe(true);
    expect(closed.results.every((r) => r.checkouttime !== null)).toBe(true);
    expect(active.count + closed.count).toBe(all.count);
    expect(active.count).toBeGreaterThan(0);
    expect(closed.count).toBeGreaterThan(0);

    const site = physical[0]!;
    const atSite = await list(`/api/checkins?siteid=${site.siteId}`);
    expect(atSite.count).toBe(3);
    expect(atSite.results.every((r) => r.siteid === site.siteId)).toBe(true);

    const tech = await list(`/api/checkins?userid=${userIds.tech}&limit=1000`);
    expect(tech.count).toBe(all.results.filter((r) => r.userid === userIds.tech).length);
    expect(tech.results.every((r) => r.userid === userIds.tech)).toBe(true);

    const byName = await list('/api/checkins?q=tom%20hale&limit=1000');
    expect(byName.count).toBe(tech.count);
    const byNumber = await list(`/api/checkins?q=${site.siteNumber}`);
    // Site numbers are unique per customer only: every match carries the number, the site's own three among them.
    expect(byNumber.results.every((r) => r.sitenumber === site.siteNumber)).toBe(true);
    expect(byNumber.results.filter((r) => r.siteid === site.siteId)).toHaveLength(3);
    expect((await list('/api/checkins?q=%25')).count).toBe(0);

    const oldest = await list('/api/checkins?sort=checkintime&limit=1000');
    const times = oldest.results.map((r) => r.checkintime);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const names = (await list('/api/checkins?sort=sitename&limit=1000')).results.map((r) => r.sitename);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const first = await list('/api/checkins?limit=2');
    const second = await list('/api/checkins?limit=2&offset=2');
    expect(first).toMatchObject({ limit: 2, offset: 0, count: all.count });
    expect(second.results.map((r) => r.checkinid)).not.toContain(first.results[0]!.checkinid);
    expect(first.results.map((r) => r.checkinid)).toEqual(all.results.slice(0, 2).map((r) => r.checkinid));
    expect(await list('/api/checkins?offset=100000')).toMatchObject({ count: all.count, results: [] });
  });

  it('refuses bad parameters and customers', async () => {
    for (const url of ['/api/checkins?active=yes', '/api/checkins?siteid=x', '/api/checkins?limit=0']) {
      expect((await t.call({ method: 'GET', url, as: demo.noc })).statusCode, url).toBe(400);
    }
    for (const who of customerAccounts) {
      expect((await t.call({ method: 'GET', url: '/api/checkins', as: who })).statusCode, who).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: '/api/checkins' })).statusCode).toBe(401);
  });

  it("lists one site's check-ins; an unknown site is 404", async () => {
    const site = physical[0]!;
    const page = await list(`/api/site/${site.siteId}/checkins`, demo.tech);
    expect(page.count).toBe(3);
    expect(page.results.every((r) => r.siteid === site.siteId && r.sitename === site.siteName)).toBe(true);
    expect((await list(`/api/site/${site.siteId}/checkins?active=false`)).count).toBe(0);
    const missing = await t.call({ method: 'GET', url: '/api/site/999999/checkins', as: demo.noc });
    expect(missing.statusCode).toBe(404);
    for (const who of customerAccounts) {
      const reply = await t.call({ method: 'GET', url: `/api/site/${site.siteId}/checkins`, as: who });
      expect(reply.statusCode, who).toBe(403);
    }
  });
});

describe("a user's active check-ins", () => {
  it('gives everyone with check-ins their own open ones, oldest first', async () => {
    for (const [who, userId] of [
      [demo.tech, userIds.tech],
      [demo.eng, userIds.eng],
      [demo.noc, userIds.noc],
    ] as const) {
      const page = await list(`/api/user/${userId}/checkins/active`, who);
      const [expected] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(siteCheckins)
        .where(and(eq(siteCheckins.userId, userId), isNull(siteCheckins.checkoutTime)));
      expect(page.count).toBe(expected!.n);
      expect(page.count).toBeGreaterThan(0);
      expect(page.results.every((r) => r.userid === userId && r.checkouttime === null)).toBe(true);
      const times = page.results.map((r) => r.checkintime);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
  });

  it("gives the NOC and engineering anyone's, refuses a technician others' (403)", async () => {
    const techs = await list(`/api/user/${userIds.tech}/checkins/active`, demo.tech);
    expect((await list(`/api/user/${userIds.tech}/checkins/active`, demo.noc)).results).toEqual(
      techs.results.map((r) => ({ ...r, durationseconds: expect.any(Number) })),
    );
    expect((await list(`/api/user/${userIds.tech}/checkins/active`, demo.eng)).count).toBe(techs.count);
    // A customer user has none, and the NOC may still ask.
    expect((await list(`/api/user/${userIds.ungUser}/checkins/active`, demo.noc)).count).toBe(0);

    const refused = await t.call({
      method: 'GET',
      url: `/api/user/${userIds.noc}/checkins/active`,
      as: demo.tech,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(checkinMessages.othersForbidden);
    // Not even whether a user exists: the technician is refused before the lookup.
    const unknownToTech = await t.call({
      method: 'GET',
      url: '/api/user/999999/checkins/active',
      as: demo.tech,
    });
    expect(unknownToTech.statusCode).toBe(403);
  });

  it('answers 404 for an unknown user, 400 for a bad id and 403 to customers, even for themselves', async () => {
    const unknown = await t.call({ method: 'GET', url: '/api/user/999999/checkins/active', as: demo.noc });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(checkinMessages.userNotFound);
    expect(
      (await t.call({ method: 'GET', url: '/api/user/me/checkins/active', as: demo.noc })).statusCode,
    ).toBe(400);
    const own = await t.call({
      method: 'GET',
      url: `/api/user/${userIds.ungUser}/checkins/active`,
      as: demo.ungUser,
    });
    expect(own.statusCode).toBe(403);
    for (const who of customerAccounts) {
      const reply = await t.call({
        method: 'GET',
        url: `/api/user/${userIds.tech}/checkins/active`,
        as: who,
      });
      expect(reply.statusCode, who).toBe(403);
    }
  });
});
