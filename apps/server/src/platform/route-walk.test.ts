import { actorFrom } from '@lightpath/domain/actor';
import { can } from '@lightpath/domain/permissions';
import type { ChameleonLevel, UserType } from '@lightpath/domain/user-types';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../db/schema/customers';
import { services, siteContacts, sites } from '../db/schema/inventory';
import { users } from '../db/schema/users';
import { allDemoAccounts, buildTestApp, demo, type TestApp } from '../test/helper';

// Walks every API route with every demo role: a route is refused with 403 exactly when the permission
// table says so, and a customer user who names another customer's record gets 404. A route with a path
// parameter not listed in `foreignIds` fails this test, so a new resource cannot skip the check.
let t: TestApp;
let foreignTo: Record<'UNG' | 'EBH', Record<string, string>>;

// Records of one customer, for the other customer's accounts. The user is never a demo account,
// because the NOC's turn at DELETE /api/user/:userid really deletes it.
async function recordsOf(code: string) {
  const customer = (await t.database.db.select().from(customers).where(eq(customers.customerCode, code)))[0]!;
  const user = (
    await t.database.db.select().from(users).where(eq(users.customerId, customer.customerId))
  ).find((u) => !(allDemoAccounts as readonly string[]).includes(u.email))!;
  // A site with an assigned contact (so the NOC's unassign is real) and a service of the customer.
  const [siteContact] = await t.database.db
    .select({ siteId: siteContacts.siteId, contactId: siteContacts.contactId })
    .from(siteContacts)
    .innerJoin(sites, eq(sites.siteId, siteContacts.siteId))
    .where(eq(sites.customerId, customer.customerId))
    .limit(1);
  const [service] = await t.database.db
    .select({ serviceId: services.serviceId })
    .from(services)
    .where(eq(services.customerId, customer.customerId))
    .limit(1);
  // An event that names only this customer's services (the seed has one for UNG and for EBH).
  const [event] = await t.database.query<{ eventid: number }>(
    'route_walk_event',
    `select es.event_id as eventid from event_services es join services sv on sv.service_id = es.service_id
     group by es.event_id having bool_and(sv.customer_id = $1) order by es.event_id limit 1`,
    [customer.customerId],
  );
  // A subscription of one of this customer's users to one of its services.
  const [subscription] = await t.database.query<{ notificationid: number }>(
    'route_walk_subscription',
    `select n.notification_id as notificationid from service_notifications n
     join services sv on sv.service_id = n.service_id join users u on u.user_id = n.user_id
     where sv.customer_id = $1 and u.customer_id = $1 order by n.notification_id limit 1`,
    [customer.customerId],
  );
  const [ticket] = await t.database.query<{ ticketid: number }>(
    'route_walk_ticket',
    `select ticket_id as ticketid from tickets where customer_id = $1 and kind = 'support'
     order by ticket_id limit 1`,
    [customer.customerId],
  );
  const [sparePart] = await t.database.query<{ uuid: string }>(
    'route_walk_spare_part',
    'select uuid::text as uuid from spare_parts order by uuid limit 1',
    [],
  );
  // A rack space and a cross-connect of this customer (the demo seed gives UNG and EBH both).
  const [rack] = await t.database.query<{ rack_id: string }>(
    'route_walk_rack_space',
    'select rack_id from rack_spaces where customer_id = $1 order by rack_id limit 1',
    [customer.customerId],
  );
  const [crossConnect] = await t.database.query<{ cross_connect_id: number }>(
    'route_walk_cross_connect',
    'select cross_connect_id from cross_connects where customer_id = $1 order by cross_connect_id limit 1',
    [customer.customerId],
  );
  const [invoice] = await t.database.query<{ uuid: string }>(
    'route_walk_invoice',
    'select uuid::text as uuid from invoices where customer_id = $1 order by issued_at limit 1',
    [customer.customerId],
  );
  return {
    customerid: String(customer.customerId),
    userid: String(user.userId),
    siteid: String(siteContact!.siteId),
    contactid: String(siteContact!.contactId),
    serviceid: service!.serviceId,
    // Telemetry and NetBox: a customer reads telemetry only through its own services (the foreign
    // serviceid gives 404) and is refused ports and third-party circuits (403) whatever the id.
    timespan: '6',
    end: '0',
    portid: 'ge-0%2F0%2F1',
    id: '1',
    eventid: String(event!.eventid),
    notificationid: String(subscription!.notificationid),
    // The past-events range names no record: a customer gets its own (empty of foreign) list.
    startdate: '0',
    enddate: '4102444800',
    // A support ticket of this customer: the other customer gets 404 for it. 'Prefill Event' reads a
    // ticket by number too, but only the NOC may, so customers get 403 there whatever it is.
    ticketid: String(ticket!.ticketid),
    // Under the foreign ticket the ticket's scope answers 404 first, whatever the attachment.
    attachmentid: '1',
    // FAQ articles are the provider's, read by everyone: any id works (the NOC's turn deletes it).
    faqid: '1',
    // Spare parts are the provider's: customers are refused them (403) whatever the part.
    uuid: sparePart!.uuid,
    // Equipment is the provider's: customers are refused it (403) whatever the shelf.
    equipmentid: '1',
    format: 'csv',
    // AWX jobs are the provider's: customers are refused them (403) whatever the job.
    jobid: '1',
    originalRackID: rack!.rack_id,
    crossconnectid: String(crossConnect!.cross_connect_id),
    invoiceuuid: invoice!.uuid,
  };
}

// Path parameters that name no customer's record (FAQ articles are everyone's): a route whose
// parameters are all of these is not expected to answer 404 to a customer.
const nonRecordParams = new Set(['faqid', 'startdate', 'enddate', 'format']);

beforeAll(async () => {
  t = await buildTestApp();
  foreignTo = { UNG: await recordsOf('EBH'), EBH: await recordsOf('UNG') };
});
afterAll(() => t.close());

async function actorOf(email: string) {
  const row = (await t.database.db.select().from(users).where(eq(users.email, email)))[0]!;
  return actorFrom(
    {
      userId: row.userId,
      type: row.type as UserType,
      customerId: row.customerId,
      companyAdmin: row.companyAdmin,
      chameleon: row.chameleon as ChameleonLevel,
    },
    { actingType: null, actingCustomerId: null },
  );
}

describe('every route, every role', () => {
  it('has routes to walk', () => {
    expect(t.app.apiRoutes.filter((r) => r.permission).length).toBeGreaterThan(10);
  });

  it('refuses exactly the roles the permission table refuses, and hides foreign records', async () => {
    const guarded = t.app.apiRoutes.filter((r) => r.permission);
    // Customer roles first, while the foreign records still exist.
    const accounts = [
      demo.ungAdmin,
      demo.ungUser,
      ...allDemoAccounts.filter((a) => a !== demo.ungAdmin && a !== demo.ungUser),
    ];
    for (const email of accounts) {
      const actor = await actorOf(email);
      const customerRole = actor.type >= 4;
      const foreignIds = email === demo.ebhAdmin ? foreignTo.EBH : foreignTo.UNG;
      let readToken: string | undefined;
      for (const route of guarded) {
        const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
        for (const param of params) expect(foreignIds, `no foreign id for :${param}`).toHaveProperty(param);
        const url = route.url.replace(/:(\w+)/g, (_, name: string) => foreignIds[name]!);
        // Reads share one session; a write gets a session of its own, because some (logout, password
        // change, customer switch) end or change the session they run in. Each login costs an argon2 hash.
        if (route.method === 'GET') readToken ??= await t.login(email);
        const token = route.method === 'GET' && readToken ? readToken : await t.login(email);
        const reply = await t.call({
          method: route.method as 'GET',
          url,
          as: token,
          // A body no route accepts (bodies are strict objects): a foreign record must be 404 before
          // the body is validated (platform/found-first.ts), so a 400 never confirms that it exists.
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: { walk: true } }),
        });
        const label = `${email} ${route.method} ${route.url}`;
        expect(reply.statusCode, label).not.toBe(401);
        expect(reply.statusCode, label).toBeLessThan(500);
        if (!can(actor, route.permission!)) {
          expect(reply.statusCode, label).toBe(403);
        } else if (customerRole && params.some((param) => !nonRecordParams.has(param))) {
          expect(reply.statusCode, label).toBe(404);
        }
      }
    }
    // Six roles times every route: well over the default 30 s on a loaded 2-core machine.
  }, 180_000);
});
