import { type Subscription, subscriptionMessages } from '@lightpath/domain/subscriptions';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { serviceNotifications, services } from '../../db/schema/inventory';
import { auditLog } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import { buildTestApp, demo, type TestApp } from '../../test/helper';

let t: TestApp;
let ids: { ung: number; ebh: number };
let who: Record<keyof typeof demo, number>;
// Another enabled UNG user (not a demo account) and an EBH one.
let ungOther: number;
let ebhOther: number;
// Services in use of UNG and EBH.
let ungServices: string[];
let ebhServices: string[];

type Page = { count: number; limit: number; offset: number; results: Subscription[] };

async function list(url: string, as: string = demo.noc): Promise<Page> {
  const reply = await t.call({ method: 'GET', url, as });
  expect(reply.statusCode, `${url}: ${reply.body.slice(0, 200)}`).toBe(200);
  return reply.json().payload;
}

async function rowCount() {
  const rows = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(serviceNotifications);
  return rows[0]!.n;
}

async function subscriptionsOf(serviceId: string) {
  return t.database.db
    .select()
    .from(serviceNotifications)
    .where(eq(serviceNotifications.serviceId, serviceId));
}

// A service of the list that `userId` does not follow yet.
async function unfollowed(serviceIds: string[], userId: number, skip = 0) {
  const followed = new Set(
    (
      await t.database.db
        .select({ serviceId: serviceNotifications.serviceId })
        .from(serviceNotifications)
        .where(eq(serviceNotifications.userId, userId))
    ).map((r) => r.serviceId),
  );
  return serviceIds.filter((id) => !followed.has(id))[skip]!;
}

async function subscribe(as: string, payload: unknown) {
  return t.call({ method: 'POST', url: '/api/notification', as, payload: payload as object });
}

// Runs a write that must be refused, and checks that nothing was written.
async function refused(
  send: () => Promise<{ statusCode: number; json: () => { message: string } }>,
  status: number,
  message?: string,
) {
  const before = { rows: await rowCount(), audits: await t.database.db.$count(auditLog) };
  const reply = await send();
  expect(reply.statusCode, JSON.stringify(reply.json())).toBe(status);
  // Schema failures name the field first ('serviceid: Service is required').
  if (message) expect(reply.json().message.replace(/^\w+: /, '')).toBe(message);
  expect(await rowCount()).toBe(before.rows);
  expect(await t.database.db.$count(auditLog)).toBe(before.audits);
}

beforeAll(async () => {
  t = await buildTestApp();
  const rows = await t.database.db.select().from(customers);
  const code = (c: string) => rows.find((r) => r.customerCode === c)!.customerId;
  ids = { ung: code('UNG'), ebh: code('EBH') };
  const everyone = await t.database.db.select().from(users);
  who = Object.fromEntries(
    Object.entries(demo).map(([key, email]) => [key, everyone.find((u) => u.email === email)!.userId]),
  ) as typeof who;
  const demoEmails = Object.values(demo) as string[];
  ungOther = everyone.find(
    (u) => u.customerId === ids.ung && u.enabled && !demoEmails.includes(u.email),
  )!.userId;
  ebhOther = everyone.find(
    (u) => u.customerId === ids.ebh && u.enabled && !demoEmails.includes(u.email),
  )!.userId;
  const inUse = async (customerId: number) =>
    (
      await t.database.db
        .select({ serviceId: services.serviceId })
        .from(services)
        .where(and(eq(services.customerId, customerId), ne(services.status, 0)))
        .orderBy(services.serviceId)
    ).map((r) => r.serviceId);
  ungServices = await inUse(ids.ung);
  ebhServices = await inUse(ids.ebh);
});
afterAll(() => t.close());

describe('listing subscriptions', () => {
  it('shows the NOC and engineering every subscription, with user and service', async () => {
    const all = await list('/api/notifications?limit=1000');
    expect(all.count).toBe(await rowCount());
    expect(all.count).toBeGreaterThan(0);
    const first = all.results[0]!;
    expect(first).toEqual({
      notificationid: expect.any(Number),
      userid: expect.any(Number),
      username: expect.stringMatching(/\S \S/),
      useremail: expect.stringContaining('@'),
      serviceid: expect.any(String),
      servicedescription: expect.any(String),
      customercode: expect.stringMatching(/^[A-Z0-9]{3}$/),
    });
    expect(new Set(all.results.map((s) => s.customercode)).size).toBeGreaterThan(2);
    expect((await list('/api/notifications?limit=1', demo.eng)).count).toBe(all.count);
  });

  it("shows a customer only its own users' subscriptions on its own services", async () => {
    // A NOC subscription on a UNG service: the provider's business, hidden from UNG.
    const service = await unfollowed(ungServices, who.noc);
    const created = await subscribe(demo.noc, { serviceid: service });
    expect(created.statusCode).toBe(201);
    const nocSubscription = created.json().payload as Subscription;

    const expected = (
      await t.database.query<{ n: number }>(
        'test_subscriptions_ung',
        `select count(*)::int as n from service_notifications n join services sv on sv.service_id = n.service_id
         join users u on u.user_id = n.user_id where sv.customer_id = $1 and u.customer_id = $1`,
        [ids.ung],
      )
    )[0]!.n;
    for (const as of [demo.ungAdmin, demo.ungUser]) {
      const own = await list('/api/notifications?limit=1000', as);
      expect(own.count).toBe(expected);
      expect(own.results.every((s) => s.customercode === 'UNG')).toBe(true);
      expect(own.results.map((s) => s.notificationid)).not.toContain(nocSubscription.notificationid);
      // Naming another customer's service only narrows the caller's own scope.
      expect(await list(`/api/notifications?serviceid=${ebhServices[0]}`, as)).toMatchObject({
        count: 0,
        results: [],
      });
    }
    const ebh = await list('/api/notifications?limit=1000', demo.ebhAdmin);
    expect(ebh.results.every((s) => s.customercode === 'EBH')).toBe(true);
    // ...and the hidden subscription cannot be touched by UNG.
    await refused(
      () =>
        t.call({
          method: 'DELETE',
          url: `/api/notification/${nocSubscription.notificationid}`,
          as: demo.ungAdmin,
        }),
      404,
      subscriptionMessages.notFound,
    );
  });

  it('filters by service, user and text, and pages', async () => {
    const all = await list('/api/notifications?limit=1000');
    const sample = all.results[0]!;
    const byService = await list(`/api/notifications?serviceid=${sample.serviceid.toLowerCase()}`);
    expect(byService.count).toBeGreaterThan(0);
    expect(byService.results.every((s) => s.serviceid === sample.serviceid)).toBe(true);
    const byUser = await list(`/api/notifications?userid=${sample.userid}&limit=1000`);
    expect(byUser.results.every((s) => s.userid === sample.userid)).toBe(true);
    expect(byUser.count).toBe(all.results.filter((s) => s.userid === sample.userid).length);
    const byEmail = await list(`/api/notifications?q=${encodeURIComponent(sample.useremail)}&limit=1000`);
    expect(byEmail.results.every((s) => s.useremail === sample.useremail)).toBe(true);
    expect(byEmail.count).toBe(byUser.count);
    expect((await list('/api/notifications?q=%25nothing%25like%25this')).count).toBe(0);

    const first = await list('/api/notifications?limit=2&sort=username');
    const second = await list('/api/notifications?limit=2&offset=2&sort=username');
    expect(first.count).toBe(all.count);
    expect(first.results.length).toBe(2);
    expect(second.results.map((s) => s.notificationid)).not.toContain(first.results[0]!.notificationid);
    const past = await list(`/api/notifications?offset=${all.count + 5}`);
    expect(past).toMatchObject({ count: all.count, results: [] });
    const descending = await list('/api/notifications?limit=1000&sort=-serviceid');
    expect(descending.results[0]!.serviceid >= descending.results.at(-1)!.serviceid).toBe(true);
  });

  it('refuses technicians and bad filters', async () => {
    expect((await t.call({ method: 'GET', url: '/api/notifications', as: demo.tech })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/notifications?userid=abc' })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: '/api/notifications?userid=abc', as: demo.noc })).statusCode,
    ).toBe(400);
  });
});

describe('subscribing', () => {
  it('subscribes the caller by default, audits it, and refuses the same pair again with 409', async () => {
    const service = await unfollowed(ungServices, who.ungUser);
    const audits = await t.auditCount('notification.create');
    const reply = await subscribe(demo.ungUser, { serviceid: service.toLowerCase() });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().message).toBe(subscriptionMessages.created);
    expect(reply.json().payload).toMatchObject({
      userid: who.ungUser,
      useremail: demo.ungUser,
      serviceid: service,
      customercode: 'UNG',
    });
    expect((await subscriptionsOf(service)).map((r) => r.userId)).toContain(who.ungUser);
    expect(await t.auditCount('notification.create')).toBe(audits + 1);

    await refused(() => subscribe(demo.ungUser, { serviceid: service }), 409, subscriptionMessages.duplicate);
    await refused(
      () => subscribe(demo.ungAdmin, { serviceid: service, userid: who.ungUser }),
      409,
      subscriptionMessages.duplicate,
    );
  });

  it("lets a customer admin subscribe its own customer's users, and staff the provider's", async () => {
    const service = await unfollowed(ungServices, ungOther);
    const reply = await subscribe(demo.ungAdmin, { serviceid: service, userid: ungOther });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().payload.userid).toBe(ungOther);
    // Engineering subscribes itself to a customer's service.
    const forEng = await unfollowed(ebhServices, who.eng);
    expect((await subscribe(demo.eng, { serviceid: forEng })).statusCode).toBe(201);
    // The NOC subscribes an EBH user to an EBH service.
    const forEbh = await unfollowed(ebhServices, ebhOther);
    expect((await subscribe(demo.noc, { serviceid: forEbh, userid: ebhOther })).statusCode).toBe(201);
  });

  it('refuses each bad subscription with nothing written', async () => {
    const ungService = await unfollowed(ungServices, who.ungAdmin);
    const [deprovisioned] = await t.database.db
      .select()
      .from(services)
      .where(eq(services.status, 0))
      .limit(1);
    expect(deprovisioned, 'the seed has a deprovisioned service').toBeDefined();
    const [disabled] = await t.database.db
      .insert(users)
      .values({
        email: 'gone@northgate.example',
        firstname: 'Gone',
        surname: 'Away',
        type: 5,
        customerId: ids.ung,
        enabled: false,
      })
      .returning();

    const cases: [string, unknown, number, string][] = [
      [demo.ungAdmin, {}, 400, subscriptionMessages.serviceRequired],
      [demo.ungAdmin, { serviceid: 'NOT-AN-ID' }, 400, 'Service ID is not valid or in use'],
      [demo.ungAdmin, { serviceid: ungService, extra: 1 }, 400, ''],
      [demo.ungAdmin, { serviceid: ungService, userid: 'me' }, 400, 'User is required'],
      [demo.ungAdmin, { serviceid: 'ZZZ9999999999Z' }, 400, subscriptionMessages.serviceNotFound],
      // Another customer's service or user is simply not found.
      [demo.ungAdmin, { serviceid: ebhServices[0] }, 400, subscriptionMessages.serviceNotFound],
      [demo.ungAdmin, { serviceid: ungService, userid: ebhOther }, 400, subscriptionMessages.userNotFound],
      [demo.ungAdmin, { serviceid: ungService, userid: 99_999_999 }, 400, subscriptionMessages.userNotFound],
      [
        demo.ungAdmin,
        { serviceid: ungService, userid: disabled!.userId },
        400,
        subscriptionMessages.userDisabled,
      ],
      // Staff see everything, but a customer's user follows only that customer's services.
      [demo.noc, { serviceid: ungService, userid: ebhOther }, 400, subscriptionMessages.userCustomerMismatch],
      // A customer user subscribes only itself.
      [demo.ungUser, { serviceid: ungService, userid: who.ungAdmin }, 403, subscriptionMessages.onlyYourself],
      [demo.ungUser, { serviceid: ungService, userid: ebhOther }, 403, subscriptionMessages.onlyYourself],
      [demo.tech, { serviceid: ungService }, 403, ''],
    ];
    cases.push([
      demo.noc,
      { serviceid: deprovisioned!.serviceId },
      400,
      subscriptionMessages.serviceDeprovisioned,
    ]);
    for (const [as, payload, status, message] of cases) {
      await refused(() => subscribe(as, payload), status, message || undefined);
    }
  });
});

describe('moving and removing a subscription', () => {
  async function own(as: string, userId: number, serviceIds: string[], skip = 0) {
    const reply = await subscribe(as, {
      serviceid: await unfollowed(serviceIds, userId, skip),
      userid: userId,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json().payload as Subscription;
  }

  it('moves a subscription to another service or user, with the same rules as a new one', async () => {
    const subscription = await own(demo.ungAdmin, who.ungAdmin, ungServices);
    const next = await unfollowed(ungServices, who.ungAdmin, 1);
    const audits = await t.auditCount('notification.update');
    const moved = await t.call({
      method: 'POST',
      url: `/api/notification/${subscription.notificationid}`,
      as: demo.ungAdmin,
      payload: { serviceid: next },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      message: subscriptionMessages.updated,
      payload: { notificationid: subscription.notificationid, serviceid: next, userid: who.ungAdmin },
    });
    expect(await t.auditCount('notification.update')).toBe(audits + 1);

    // To a colleague, then back onto a pair that exists: 409.
    const toColleague = await t.call({
      method: 'POST',
      url: `/api/notification/${subscription.notificationid}`,
      as: demo.ungAdmin,
      payload: { userid: ungOther },
    });
    expect(toColleague.statusCode, toColleague.body).toBe(200);
    const taken = (await list(`/api/notifications?userid=${ungOther}`, demo.ungAdmin)).results.find(
      (s) => s.notificationid !== subscription.notificationid,
    )!;
    const update =
      (payload: unknown, as: string = demo.ungAdmin, id = subscription.notificationid) =>
      () =>
        t.call({ method: 'POST', url: `/api/notification/${id}`, as, payload: payload as object });
    await refused(update({ serviceid: taken.serviceid }), 409, subscriptionMessages.duplicate);
    await refused(update({}), 400, subscriptionMessages.nothingToChange);
    await refused(update({ serviceid: ebhServices[0] }), 400, subscriptionMessages.serviceNotFound);
    await refused(update({ userid: ebhOther }), 400, subscriptionMessages.userNotFound);
    // Another customer's subscription is 404 whatever the body says.
    await refused(update({}, demo.ebhAdmin), 404, subscriptionMessages.notFound);
    await refused(update({ userid: who.ebhAdmin }, demo.ebhAdmin), 404, subscriptionMessages.notFound);
    // A customer user sees its colleague's subscription but cannot change it.
    await refused(update({ userid: who.ungUser }, demo.ungUser), 403, subscriptionMessages.onlyYourOwn);
    await refused(update({ userid: who.ungUser }, demo.tech), 403);
    await refused(update({ serviceid: ungServices[0] }, demo.ungAdmin, 99_999_999), 404);
  });

  it('lets a customer user move its own subscription to another of its services, not to a colleague', async () => {
    const mine = await own(demo.ungUser, who.ungUser, ungServices);
    await refused(
      () =>
        t.call({
          method: 'POST',
          url: `/api/notification/${mine.notificationid}`,
          as: demo.ungUser,
          payload: { userid: who.ungAdmin },
        }),
      403,
      subscriptionMessages.onlyYourself,
    );
    const next = await unfollowed(ungServices, who.ungUser, 1);
    const moved = await t.call({
      method: 'POST',
      url: `/api/notification/${mine.notificationid}`,
      as: demo.ungUser,
      payload: { serviceid: next },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('unsubscribes within scope, audits it, and answers 404 once gone or out of scope', async () => {
    const colleague = await own(demo.ungAdmin, ungOther, ungServices);
    const mine = await own(demo.ungUser, who.ungUser, ungServices);
    const remove = (id: number, as: string) => () =>
      t.call({ method: 'DELETE', url: `/api/notification/${id}`, as });
    await refused(remove(mine.notificationid, demo.ebhAdmin), 404, subscriptionMessages.notFound);
    await refused(remove(colleague.notificationid, demo.ungUser), 403, subscriptionMessages.onlyYourOwn);
    await refused(remove(mine.notificationid, demo.tech), 403);
    await refused(remove(0, demo.noc), 400);

    const audits = await t.auditCount('notification.delete');
    const reply = await remove(mine.notificationid, demo.ungUser)();
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().message).toBe(subscriptionMessages.deleted);
    expect(
      await t.database.db.$count(
        serviceNotifications,
        eq(serviceNotifications.notificationId, mine.notificationid),
      ),
    ).toBe(0);
    expect(await t.auditCount('notification.delete')).toBe(audits + 1);
    await refused(remove(mine.notificationid, demo.ungUser), 404);
    // A customer admin removes its colleague's; the NOC removes anyone's.
    expect((await remove(colleague.notificationid, demo.ungAdmin)()).statusCode).toBe(200);
    const ebh = await own(demo.noc, ebhOther, ebhServices);
    expect((await remove(ebh.notificationid, demo.noc)()).statusCode).toBe(200);
  });
});
