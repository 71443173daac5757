import {
  eventMessages,
  eventTemplates,
  type NotificationEvent,
  notificationHtml,
  notificationSubject,
  notificationWarnings,
  type PreflightCustomer,
  smsMessage,
  subscriberFooter,
} from '@lightpath/domain/events';
import { and, eq, like, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { eventNotifications } from '../../db/schema/events';
import { contacts, events, services, siteContacts, sites } from '../../db/schema/inventory';
import { outbox } from '../../db/schema/platform';
import { ticketComments, tickets } from '../../db/schema/tickets';
import { users } from '../../db/schema/users';
import { builtInTickets, htmlToText } from '../../integrations/tickets/built-in';
import type { TicketSystem } from '../../integrations/tickets/ticket-system';
import { buildTestApp, demo, type TestApp } from '../../test/helper';
import { claimNotifications } from './repository';
import {
  dispatchNotifications,
  notificationStatuses,
  planNotifications,
  queueNotifications,
  sendClaimedNotification,
  startNotificationDispatcher,
} from './service';

let t: TestApp;
const log = pino({ level: 'silent' });
const context = { providerName: 'Meridian Research Network', timeZone: 'Australia/Sydney' };
let ticketSystem: TicketSystem;
let ids: { ung: number; ebh: number };

// The test's own corner of the network: UNG sites and services with hand-placed contacts, and an EBH
// service whose site has nobody to tell.
const svc = {
  linked: 'UNG9101910401B', // A1 - B1, in service
  single: 'UNG9102910201H', // A2 only, in service
  planning: 'UNG9103910301B', // A3, in planning
  disabled: 'UNG9103910302B', // A3, disabled
  fallback: 'UNG9105910501B', // A5, only a secondary with an e-mail
  ebh: 'EBH9201920101B', // EBH, no contacts
};
const person = {
  pat: 'pat.primary@northgate.example',
  quinn: 'Quinn.Primary@northgate.example',
  alex: 'alex.tie@northgate.example',
  sam: 'sam.secondary@northgate.example',
  sky: 'sky.secondary@northgate.example',
  zed: 'zed.planning@northgate.example',
  foreign: 'foreign@eastbrook.example',
};
const erinMobile = '0400 111 222';

const baseEvent: NotificationEvent = {
  eventid: null,
  number: 4300,
  title: 'Fibre cut on the Northgate ring',
  description: 'A contractor cut the fibre & crews are on site.',
  type: 3,
  priority: 2,
  starttime: 1_767_225_600, // 2026-01-01 00:00 UTC
  endtime: null,
};
const allServices = Object.values(svc);

async function insertSite(customerId: number, number: string, name: string) {
  const [row] = await t.database.db
    .insert(sites)
    .values({ siteNumber: number, siteName: name, siteType: 1, customerId, street: '1 Test St' })
    .returning({ siteId: sites.siteId });
  return row!.siteId;
}

async function insertContact(customerId: number, contactName: string, email: string | null, mobile?: string) {
  const [row] = await t.database.db
    .insert(contacts)
    .values({ customerId, contactName, email, mobile: mobile ?? null })
    .returning({ contactId: contacts.contactId });
  return row!.contactId;
}

async function siteOf(siteNumber: string) {
  const [row] = await t.database.db.select().from(sites).where(eq(sites.siteNumber, siteNumber));
  return row!.siteId;
}

async function assign(contactId: number, contactType: 1 | 2 | 3, ...siteIds: number[]) {
  await t.database.db
    .insert(siteContacts)
    .values(siteIds.map((siteId) => ({ siteId, contactId, contactType })));
}

async function insertEvent(overrides: Partial<typeof events.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(events)
    .values({
      number: baseEvent.number,
      title: baseEvent.title,
      description: baseEvent.description,
      type: baseEvent.type,
      priority: baseEvent.priority,
      startTime: new Date(baseEvent.starttime * 1000),
      endTime: null,
      initiator: 'Test NOC',
      approver: 'Meridian Research Network NOC',
      ...overrides,
    })
    .returning({ eventId: events.eventId });
  return row!.eventId;
}

const plan = (event: Partial<NotificationEvent> = {}, serviceIds = allServices, updateexisting = false) =>
  planNotifications(t.database.query, { ...baseEvent, ...event }, serviceIds, { updateexisting }, context);

const byCode = (customers: PreflightCustomer[], code: string) => customers.find((c) => c.code === code)!;

async function count(
  table: typeof tickets | typeof outbox | typeof ticketComments,
  where?: ReturnType<typeof eq>,
) {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  return row!.n;
}

const smsRowsOf = (eventId: number) =>
  count(outbox, and(eq(outbox.channel, 'sms'), like(outbox.dedupeKey, `event:${eventId}:%`)));
const emailRowsOf = (eventId: number) =>
  count(outbox, and(eq(outbox.channel, 'email'), like(outbox.dedupeKey, `event:${eventId}:%`)));
const ticketsWithSubject = (subject: string) => count(tickets, eq(tickets.subject, subject));

async function noticesOf(eventId: number) {
  return t.database.db
    .select()
    .from(eventNotifications)
    .where(eq(eventNotifications.eventId, eventId))
    .orderBy(eventNotifications.notificationId);
}

beforeAll(async () => {
  t = await buildTestApp();
  ticketSystem = builtInTickets({ log });
  const rows = await t.database.db.select().from(customers);
  const idOf = (code: string) => rows.find((c) => c.customerCode === code)!.customerId;
  ids = { ung: idOf('UNG'), ebh: idOf('EBH') };

  const a1 = await insertSite(ids.ung, 'S9101', 'Northgate Observatory');
  const a2 = await insertSite(ids.ung, 'S9102', 'Northgate Library');
  const a3 = await insertSite(ids.ung, 'S9103', 'Northgate Farm');
  const b1 = await insertSite(ids.ung, 'S9104', 'Northgate Data Centre');
  const a5 = await insertSite(ids.ung, 'S9105', 'Northgate Boathouse');
  const e1 = await insertSite(ids.ebh, 'S9201', 'Eastbrook Clinic');
  const service = (serviceId: string, customerId: number, a: number, b: number | null, status = 1) => ({
    serviceId,
    typeLetter: serviceId.slice(-1),
    description: `Test service ${serviceId}`,
    status,
    customerId,
    aEndSiteId: a,
    bEndSiteId: b,
  });
  await t.database.db
    .insert(services)
    .values([
      service(svc.linked, ids.ung, a1, b1),
      service(svc.single, ids.ung, a2, null),
      service(svc.planning, ids.ung, a3, null, 2),
      service(svc.disabled, ids.ung, a3, null, 0),
      service(svc.fallback, ids.ung, a5, null),
      service(svc.ebh, ids.ebh, e1, null),
    ]);

  // Inserted in this order, so contact ids rise down the list (the requester tie-break).
  await assign(await insertContact(ids.ung, 'Pat Primary', person.pat), 1, a1, b1);
  await assign(await insertContact(ids.ung, 'Quinn Primary', person.quinn), 1, a2);
  await assign(await insertContact(ids.ung, 'Alex Tie', person.alex), 1, a2);
  // On more affected sites than anyone, but without an e-mail: never the requester.
  await assign(await insertContact(ids.ung, 'Nobody Mail', null, '0400 999 000'), 1, a1, a2, b1);
  await assign(await insertContact(ids.ung, 'Sam Secondary', person.sam), 2, a1);
  // Quinn again under another spelling: copied in once.
  await assign(await insertContact(ids.ung, 'Quinn Again', person.quinn.toLowerCase()), 2, a2);
  await assign(await insertContact(ids.ung, 'Erin Emergency', null, erinMobile), 3, a1, a2);
  await assign(await insertContact(ids.ung, 'Eli No Mobile', 'eli.emergency@northgate.example'), 3, a1);
  // Only on the site of services that notify nobody.
  await assign(await insertContact(ids.ung, 'Zed Planning', person.zed, '0400 333 444'), 1, a3);
  await assign(await insertContact(ids.ung, 'Zed Emergency', null, '0400 333 555'), 3, a3);
  // Another customer's contact wrongly linked to UNG sites must never hear of UNG's services.
  await assign(
    await insertContact(ids.ebh, 'Foreign Contact', person.foreign, '0400 777 888'),
    1,
    a1,
    a2,
    b1,
  );
  await assign(await insertContact(ids.ebh, 'Foreign Emergency', null, '0400 777 999'), 3, a1);
  // The fallback site: a primary without an e-mail and a secondary with one.
  await assign(await insertContact(ids.ung, 'Pia No Mail', null), 1, a5);
  await assign(await insertContact(ids.ung, 'Sky Secondary', person.sky), 2, a5);
});
afterAll(() => t.close());

describe('planning notifications', () => {
  it('tells each affected customer about its own services, through its own contacts', async () => {
    const customers = await plan();
    expect(customers.map((c) => c.code)).toEqual(['EBH', 'UNG']);

    const ung = byCode(customers, 'UNG');
    expect(ung.customerid).toBe(ids.ung);
    expect(ung.customername).toBe('University of Northgate');
    expect(ung.services).toEqual([svc.linked, svc.single, svc.fallback].sort());
    expect(ung.skippedservices).toEqual([svc.planning, svc.disabled].sort());
    expect(ung.warnings).toEqual([]);
    expect(ung.tickets).toHaveLength(1);
    const [ticket] = ung.tickets;
    // Pat is primary on two affected sites; the contact on three has no e-mail.
    expect(ticket!.requester).toBe(person.pat);
    expect(ticket!.ccs).toEqual([person.alex, person.quinn, person.sam, person.sky].sort());
    expect(ticket!.ticketid).toBeNull();
    expect(ticket!.subject).toBe(notificationSubject(baseEvent, false));
    expect(ticket!.htmlcomment).toBe(
      notificationHtml(
        baseEvent,
        [
          {
            serviceid: svc.linked,
            description: `Test service ${svc.linked}`,
            sitename: 'Northgate Observatory - Northgate Data Centre',
          },
          { serviceid: svc.single, description: `Test service ${svc.single}`, sitename: 'Northgate Library' },
          {
            serviceid: svc.fallback,
            description: `Test service ${svc.fallback}`,
            sitename: 'Northgate Boathouse',
          },
        ],
        context,
      ),
    );
    // Nothing about the services that notify nobody, nor anyone only on their site.
    expect(ticket!.htmlcomment).not.toContain(svc.planning);
    expect(JSON.stringify(ung)).not.toContain('zed');
    expect(JSON.stringify(ung)).not.toContain('0400 333');
    expect(JSON.stringify(ung)).not.toContain('foreign');
    expect(JSON.stringify(ung)).not.toContain('0400 777');

    // An outage texts the emergency contacts with a mobile, naming their own affected services.
    expect(ung.sms).toEqual([
      {
        recipient: 'Erin Emergency',
        smsto: erinMobile,
        serviceid: [svc.linked, svc.single],
        message: smsMessage(baseEvent, [svc.linked, svc.single], context),
      },
    ]);

    const ebh = byCode(customers, 'EBH');
    expect(ebh.services).toEqual([svc.ebh]);
    expect(ebh.skippedservices).toEqual([]);
    expect(ebh.tickets).toEqual([]);
    expect(ebh.sms).toEqual([]);
    expect(ebh.warnings).toEqual([notificationWarnings.noContact, notificationWarnings.noMobile]);
  });

  it('breaks a tie for requester on the lowest contact id, and falls back to a secondary', async () => {
    // Only the library: Quinn and Alex are primary on one site each; Quinn was added first.
    const [library] = await plan({}, [svc.single]);
    expect(library!.tickets[0]!.requester).toBe(person.quinn);
    expect(library!.tickets[0]!.ccs).toEqual([person.alex]);

    // Only the boathouse: its primary has no e-mail, so its secondary asks.
    const [boathouse] = await plan({}, [svc.fallback]);
    expect(boathouse!.tickets[0]!.requester).toBe(person.sky);
    expect(boathouse!.tickets[0]!.ccs).toEqual([]);
    expect(boathouse!.warnings).toEqual([notificationWarnings.noMobile]);
  });

  it('lists a customer whose services are all in planning or disabled, telling it nothing', async () => {
    const [ung] = await plan({}, [svc.planning, svc.disabled]);
    expect(ung).toEqual({
      customerid: ids.ung,
      code: 'UNG',
      customername: 'University of Northgate',
      services: [],
      skippedservices: [svc.planning, svc.disabled].sort(),
      tickets: [],
      sms: [],
      subscribers: [],
      subscribernotice: null,
      warnings: [],
    });
    expect(await plan({}, [])).toEqual([]);
    expect(await plan({}, ['XXX0000000000Z'])).toEqual([]);
  });

  it('texts only for outages and critical events', async () => {
    const works = await plan({ type: 1, priority: 3, endtime: baseEvent.starttime + 3600 });
    expect(byCode(works, 'UNG').sms).toEqual([]);
    expect(byCode(works, 'EBH').warnings).toEqual([notificationWarnings.noContact]);

    const hazard = await plan({ type: 2, priority: 2, endtime: baseEvent.starttime + 3600 });
    expect(byCode(hazard, 'UNG').sms).toEqual([]);

    const criticalWorks = await plan({ type: 1, priority: 1, endtime: baseEvent.starttime + 3600 });
    expect(byCode(criticalWorks, 'UNG').sms.map((s) => s.smsto)).toEqual([erinMobile]);
    expect(byCode(criticalWorks, 'EBH').warnings).toContain(notificationWarnings.noMobile);
  });

  it('escapes the event text in the ticket comment', async () => {
    const title = 'Fibre cut <script>alert("x")</script>';
    const [, ung] = await plan({ title, description: 'Crews <b>on</b> site & busy' });
    const html = ung!.tickets[0]!.htmlcomment;
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>on</b>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('Crews &lt;b&gt;on&lt;/b&gt; site &amp; busy');
    // The subject is plain text (an e-mail subject line), so it carries the title as typed.
    expect(ung!.tickets[0]!.subject).toContain(title);
  });

  it('updates the ticket of the latest notice sent for the same ticket number', async () => {
    const number = 4400;
    const older = await insertEvent({ number });
    const newer = await insertEvent({ number });
    const otherNumber = await insertEvent({ number: 4401 });
    const notice = (eventId: number, ticketId: number, status: string, sentAt: Date | null) => ({
      eventId,
      revision: 1,
      customerId: ids.ung,
      plan: {},
      status,
      ticketId,
      sentAt,
    });
    await t.database.db.insert(eventNotifications).values([
      notice(older, 501, 'sent', new Date('2026-01-01T00:00:00Z')),
      notice(newer, 502, 'sent', new Date('2026-01-02T00:00:00Z')),
      // A notice that never went out does not count, whatever it holds.
      { ...notice(newer, 503, 'failed', null), revision: 2 },
      notice(otherNumber, 999, 'sent', new Date('2026-01-03T00:00:00Z')),
    ]);

    const updating = byCode(await plan({ number }, allServices, true), 'UNG');
    expect(updating.tickets[0]!.ticketid).toBe(502);
    expect(updating.tickets[0]!.subject).toBe(notificationSubject({ ...baseEvent, number }, true));
    expect(updating.tickets[0]!.subject.startsWith('[UPDATE] ')).toBe(true);

    const fresh = byCode(await plan({ number }, allServices, false), 'UNG');
    expect(fresh.tickets[0]!.ticketid).toBeNull();
    expect(fresh.tickets[0]!.subject.startsWith('[UPDATE]')).toBe(false);

    const noEarlier = byCode(await plan({ number: 4402 }, allServices, true), 'UNG');
    expect(noEarlier.tickets[0]!.ticketid).toBeNull();
  });
});

describe('queueing and sending notifications', () => {
  it('queues a notice per customer once per revision', async () => {
    const eventId = await insertEvent({ number: 4500 });
    const customers = await plan({ eventid: eventId, number: 4500 });
    await queueNotifications(t.database.db, eventId, 1, customers);
    await queueNotifications(t.database.db, eventId, 1, customers);
    const rows = await noticesOf(eventId);
    expect(rows.map((r) => [r.customerId, r.revision, r.status, r.attempts])).toEqual([
      [ids.ebh, 1, 'pending', 0],
      [ids.ung, 1, 'pending', 0],
    ]);
    expect(rows[1]!.plan).toEqual(byCode(customers, 'UNG'));
    // A new revision is a new notice.
    await queueNotifications(t.database.db, eventId, 2, customers);
    expect(await noticesOf(eventId)).toHaveLength(4);
  });

  it('sends each notice once, with two dispatchers racing, and nothing more when run again', async () => {
    const eventId = await insertEvent({ number: 4600, title: 'Race test outage' });
    const customers = await plan({ eventid: eventId, number: 4600, title: 'Race test outage' });
    const ungPlan = byCode(customers, 'UNG');
    const subject = ungPlan.tickets[0]!.subject;
    await queueNotifications(t.database.db, eventId, 1, customers);

    const deps = { db: t.database.db, tickets: ticketSystem, log };
    const results = await Promise.all([
      dispatchNotifications(deps, { eventId }),
      dispatchNotifications(deps, { eventId }),
    ]);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(2);
    expect(results.reduce((sum, r) => sum + r.failed, 0)).toBe(0);

    expect(await ticketsWithSubject(subject)).toBe(1);
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.subject, subject));
    expect(ticket).toMatchObject({
      customerId: ids.ung,
      requester: person.pat,
      ccs: ungPlan.tickets[0]!.ccs,
      ticketType: 'problem',
      status: 'open',
      services: ungPlan.services,
    });
    expect(ticket!.startTime?.getTime()).toBe(baseEvent.starttime * 1000);
    expect(await count(ticketComments, eq(ticketComments.ticketId, ticket!.ticketId))).toBe(1);
    // One e-mail to the requester and one to each cc; one SMS to the emergency contact.
    expect(await emailRowsOf(eventId)).toBe(1 + ungPlan.tickets[0]!.ccs.length);
    expect(await smsRowsOf(eventId)).toBe(1);
    const [sms] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'sms'), like(outbox.dedupeKey, `event:${eventId}:%`)));
    expect(sms).toMatchObject({
      recipient: erinMobile,
      body: ungPlan.sms[0]!.message,
      dedupeKey: `event:${eventId}:r1:c${ids.ung}:sms:${erinMobile}`,
    });

    const rows = await noticesOf(eventId);
    expect(rows.map((r) => [r.customerId, r.status, r.ticketId, r.attempts])).toEqual([
      // EBH has nobody to tell: its notice is simply done.
      [ids.ebh, 'sent', null, 1],
      [ids.ung, 'sent', ticket!.ticketId, 1],
    ]);
    expect(rows.every((r) => r.sentAt !== null && r.lastError === null)).toBe(true);

    expect(await dispatchNotifications(deps, { eventId })).toEqual({ sent: 0, failed: 0 });
    expect(await ticketsWithSubject(subject)).toBe(1);
    expect(await emailRowsOf(eventId)).toBe(1 + ungPlan.tickets[0]!.ccs.length);
    expect(await smsRowsOf(eventId)).toBe(1);

    const statuses = await notificationStatuses(t.database.query, eventId);
    expect(statuses).toEqual([
      expect.objectContaining({ code: 'EBH', revision: 1, status: 'sent', ticketid: null, lasterror: null }),
      expect.objectContaining({ code: 'UNG', revision: 1, status: 'sent', ticketid: ticket!.ticketId }),
    ]);
    expect(Math.abs(statuses[0]!.sentat! - Date.now() / 1000)).toBeLessThan(120);

    // A later event under the same number, with updateexisting, comments on that ticket instead.
    const updateId = await insertEvent({ number: 4600, title: 'Race test outage' });
    const update = await plan(
      { eventid: updateId, number: 4600, title: 'Race test outage' },
      allServices,
      true,
    );
    expect(byCode(update, 'UNG').tickets[0]!.ticketid).toBe(ticket!.ticketId);
    await queueNotifications(t.database.db, updateId, 1, update);
    expect(await dispatchNotifications(deps, { eventId: updateId })).toEqual({ sent: 2, failed: 0 });
    expect(await ticketsWithSubject(subject)).toBe(1);
    expect(await count(ticketComments, eq(ticketComments.ticketId, ticket!.ticketId))).toBe(2);
    const [updated] = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.ticketId, ticket!.ticketId));
    expect(updated!.updatedAt.getTime()).toBeGreaterThan(ticket!.updatedAt.getTime());
    const updateMail = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'email'), like(outbox.dedupeKey, `event:${updateId}:%`)));
    expect(updateMail.map((m) => m.recipient).sort()).toEqual(
      [person.pat, ...ungPlan.tickets[0]!.ccs].sort(),
    );
    expect(updateMail[0]!.subject).toBe(`Re: [Ticket #${ticket!.ticketId}] ${subject}`);
    const ungNotice = (await noticesOf(updateId)).find((r) => r.customerId === ids.ung);
    expect(ungNotice!.ticketId).toBe(ticket!.ticketId);
  });

  it('sends a notice once when its lease runs out and another dispatcher takes it over', async () => {
    const deps = { db: t.database.db, tickets: ticketSystem, log };
    const title = 'Stalled dispatcher outage';
    const eventId = await insertEvent({ number: 4650, title });
    const customers = await plan({ eventid: eventId, number: 4650, title }, [svc.linked]);
    await queueNotifications(t.database.db, eventId, 1, customers);
    // Dispatcher A claims the notice, then stalls past its lease; B claims it again and sends it.
    const [stalled] = await claimNotifications(t.database.db, 10, eventId);
    await t.database.db
      .update(eventNotifications)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(eventNotifications.eventId, eventId));
    expect(await dispatchNotifications(deps, { eventId })).toEqual({ sent: 1, failed: 0 });
    // A wakes up and finds the notice sent.
    expect(await sendClaimedNotification(deps, stalled!.id)).toBe(false);
    expect(await ticketsWithSubject(customers[0]!.tickets[0]!.subject)).toBe(1);
    expect(await smsRowsOf(eventId)).toBe(1);
    expect((await noticesOf(eventId))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it("texts a number two customers list once for each customer's services", async () => {
    const clinic = await insertSite(ids.ebh, 'S9202', 'Eastbrook Annex');
    const annexService = 'EBH9202920201B';
    await t.database.db.insert(services).values({
      serviceId: annexService,
      typeLetter: 'B',
      description: 'Annex link',
      customerId: ids.ebh,
      aEndSiteId: clinic,
    });
    await assign(await insertContact(ids.ebh, 'Erin At Eastbrook', null, erinMobile), 3, clinic);
    const eventId = await insertEvent({ number: 4660 });
    const customers = await plan({ eventid: eventId, number: 4660 }, [svc.linked, annexService]);
    expect(customers.map((c) => c.sms.map((m) => [m.smsto, m.serviceid]))).toEqual([
      [[erinMobile, [annexService]]],
      [[erinMobile, [svc.linked]]],
    ]);
    await queueNotifications(t.database.db, eventId, 1, customers);
    await dispatchNotifications({ db: t.database.db, tickets: ticketSystem, log }, { eventId });
    const texts = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'sms'), like(outbox.dedupeKey, `event:${eventId}:%`)));
    expect(texts.map((m) => [m.recipient, m.body]).sort()).toEqual(
      customers.map((c) => [erinMobile, c.sms[0]!.message]).sort(),
    );
  });

  it('rolls a failed send back whole, retries after the lease, and gives up after five attempts', async () => {
    const deps = (tickets: TicketSystem) => ({ db: t.database.db, tickets, log });
    // Fails after the real store has written its ticket, comment and e-mails in the transaction.
    const failing: TicketSystem = {
      ...ticketSystem,
      createTicket: async (db, ticket, key) => {
        await ticketSystem.createTicket(db, ticket, key);
        throw new Error('ticket system down');
      },
    };
    const title = 'Failing ticket system outage';
    const eventId = await insertEvent({ number: 4700, title });
    const customers = await plan({ eventid: eventId, number: 4700, title }, [svc.linked]);
    const subject = customers[0]!.tickets[0]!.subject;
    await queueNotifications(t.database.db, eventId, 1, customers);

    expect(await dispatchNotifications(deps(failing), { eventId })).toEqual({ sent: 0, failed: 1 });
    const [failed] = await noticesOf(eventId);
    expect(failed).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'ticket system down',
      ticketId: null,
      sentAt: null,
    });
    expect(await ticketsWithSubject(subject)).toBe(0);
    expect(await emailRowsOf(eventId)).toBe(0);
    expect(await smsRowsOf(eventId)).toBe(0);

    // The lease holds the notice back for a while, even from a working ticket system.
    expect(await dispatchNotifications(deps(ticketSystem), { eventId })).toEqual({ sent: 0, failed: 0 });
    await t.database.db
      .update(eventNotifications)
      .set({ claimedUntil: null })
      .where(eq(eventNotifications.eventId, eventId));
    expect(await dispatchNotifications(deps(ticketSystem), { eventId })).toEqual({ sent: 1, failed: 0 });
    expect(await ticketsWithSubject(subject)).toBe(1);
    expect(await smsRowsOf(eventId)).toBe(1);
    expect((await noticesOf(eventId))[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null });

    // Another notice that never gets through.
    const doomedId = await insertEvent({ number: 4701, title });
    await queueNotifications(
      t.database.db,
      doomedId,
      1,
      await plan({ eventid: doomedId, number: 4701, title }, [svc.linked]),
    );
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(await dispatchNotifications(deps(failing), { eventId: doomedId })).toEqual({
        sent: 0,
        failed: 1,
      });
      const [row] = await noticesOf(doomedId);
      expect(row).toMatchObject({ attempts: attempt, status: attempt < 5 ? 'pending' : 'failed' });
      await t.database.db
        .update(eventNotifications)
        .set({ claimedUntil: null })
        .where(eq(eventNotifications.eventId, doomedId));
    }
    expect(await dispatchNotifications(deps(ticketSystem), { eventId: doomedId })).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(await smsRowsOf(doomedId)).toBe(0);
    expect(await notificationStatuses(t.database.query, doomedId)).toEqual([
      {
        customerid: ids.ung,
        code: 'UNG',
        revision: 1,
        status: 'failed',
        ticketid: null,
        sentat: null,
        lasterror: 'ticket system down',
      },
    ]);
  });

  it('sends queued notices from the background dispatcher', async () => {
    const eventId = await insertEvent({ number: 4800 });
    await queueNotifications(t.database.db, eventId, 1, await plan({ eventid: eventId, number: 4800 }));
    const stop = startNotificationDispatcher(
      { db: t.database.db, tickets: ticketSystem, log },
      { intervalMs: 20 },
    );
    try {
      const deadline = Date.now() + 10_000;
      while ((await noticesOf(eventId)).some((r) => r.status !== 'sent') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await stop();
    }
    expect((await noticesOf(eventId)).map((r) => r.status)).toEqual(['sent', 'sent']);
  });

  it('on a graceful stop finishes the notice in hand and gives the rest back, untried and unclaimed', async () => {
    const eventId = await insertEvent({ number: 4810 });
    // UNG's notice (which opens a ticket) queued first, then EBH's (which has no contact to open one for).
    const customers = (await plan({ eventid: eventId, number: 4810 })).reverse();
    expect(customers.map((c) => [c.code, c.tickets.length])).toEqual([
      ['UNG', 1],
      ['EBH', 0],
    ]);
    await queueNotifications(t.database.db, eventId, 1, customers);
    const stopping = new AbortController();
    // The stop comes while the first notice's ticket is being written.
    const stoppedMidSend: TicketSystem = {
      ...ticketSystem,
      createTicket: async (db, ticket, key) => {
        stopping.abort();
        return ticketSystem.createTicket(db, ticket, key);
      },
    };
    const outcome = await dispatchNotifications(
      { db: t.database.db, tickets: stoppedMidSend, log },
      { eventId },
      stopping.signal,
    );
    expect(outcome).toEqual({ sent: 1, failed: 0 });
    const [first, second] = await noticesOf(eventId);
    expect(first).toMatchObject({ status: 'sent', attempts: 1 });
    expect(second).toMatchObject({ status: 'pending', attempts: 0, claimedUntil: null });
    // Free at once for the next dispatcher, with no lease to wait out.
    expect(
      await dispatchNotifications({ db: t.database.db, tickets: ticketSystem, log }, { eventId }),
    ).toEqual({
      sent: 1,
      failed: 0,
    });
  });
});

describe('the built-in ticket store', () => {
  it('opens a ticket with its first comment and e-mails, finds it, and refuses comments on no ticket', async () => {
    const html = notificationHtml(
      { ...baseEvent, title: 'Tom & Jerry "works"', endtime: baseEvent.starttime + 7200 },
      [{ serviceid: svc.linked, description: 'Observatory link', sitename: 'Northgate Observatory' }],
      context,
    );
    const { ticketid } = await t.database.db.transaction((tx) =>
      ticketSystem.createTicket(
        tx,
        {
          customerId: ids.ung,
          requester: person.pat,
          ccs: [person.sam, person.pat],
          subject: 'Store test',
          htmlcomment: html,
          tickettype: 'task',
          services: [svc.linked],
          starttime: baseEvent.starttime,
          endtime: baseEvent.starttime + 7200,
          createdBy: null,
        },
        'store-test',
      ),
    );
    expect(await ticketSystem.findTicket(t.database.db, ticketid)).toEqual({
      ticketid,
      customerid: ids.ung,
      subject: 'Store test',
      tickettype: 'task',
      status: 'open',
      starttime: baseEvent.starttime,
      endtime: baseEvent.starttime + 7200,
      services: [svc.linked],
    });
    expect(await ticketSystem.findTicket(t.database.db, 987_654)).toBeNull();
    const [comment] = await t.database.db
      .select()
      .from(ticketComments)
      .where(eq(ticketComments.ticketId, ticketid));
    expect(comment).toMatchObject({ author: 'NOC', htmlBody: html });
    const mail = await t.database.db.select().from(outbox).where(like(outbox.dedupeKey, 'store-test:%'));
    // The requester named again among the ccs gets one e-mail.
    expect(mail.map((m) => m.recipient).sort()).toEqual([person.pat, person.sam]);
    expect(mail[0]!.subject).toBe(`[Ticket #${ticketid}] Store test`);
    expect(mail[0]!.body).toContain('Unplanned Outage: Tom & Jerry "works"');
    expect(mail[0]!.body).toContain(`${svc.linked} | Observatory link | Northgate Observatory`);
    expect(mail[0]!.body).not.toMatch(/<\/?(p|br|strong|table|tr|td|th)\b|&amp;|&quot;/);
    expect(mail[0]!.body.endsWith(`Ticket #${ticketid}`)).toBe(true);

    await expect(
      ticketSystem.addComment(
        t.database.db,
        987_654,
        { author: 'NOC', authorUserId: null, htmlcomment: '<p>hi</p>' },
        'nowhere',
      ),
    ).rejects.toThrow('Ticket #987654 does not exist');
  });

  it('turns the notification HTML into readable text', () => {
    expect(
      htmlToText(
        '<p>Scheduled Works: <strong>A &amp; B</strong></p>\n<p>Start: Monday<br>End: Tuesday</p>' +
          '<table><thead><tr><th>Service</th><th>Site</th></tr></thead>' +
          '<tbody><tr><td>UNG1</td><td>Library &#39;East&#39; &#x2014; &lt;main&gt;</td></tr></tbody></table>' +
          '<p>Call   us&nbsp;now</p><script>alert(1)</script>',
      ),
    ).toBe(
      "Scheduled Works: A & B\n\nStart: Monday\nEnd: Tuesday\n\nService | Site\nUNG1 | Library 'East' — <main>\n\nCall us now",
    );
  });
});

describe('GET /api/events/prefill/{ticketid}', () => {
  it('fills the wizard from a ticket and names the event already filed under its number', async () => {
    // Above the spec's old 9,999: the portal's own store numbers from 10,000 and Zendesk ids run
    // higher; decisions.md lets an event name any ticket number up to nine digits.
    const ticketid = 123_456;
    await t.database.db.insert(tickets).values({
      ticketId: ticketid,
      customerId: ids.ung,
      requester: person.pat,
      subject: 'Hazard ticket',
      description: 'Digging nearby',
      ticketType: 'hazard',
      status: 'open',
      services: [svc.linked, svc.disabled, 'UNG0000000000Z', svc.planning, svc.linked],
      startTime: new Date(baseEvent.starttime * 1000),
      endTime: new Date((baseEvent.starttime + 3600) * 1000),
    });
    const url = `/api/events/prefill/${ticketid}`;

    const before = await t.call({ method: 'GET', url, as: demo.noc });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().payload.existingeventid).toBeNull();

    // Newest by when it was filed, not by id.
    const newest = await insertEvent({ number: ticketid });
    await insertEvent({ number: ticketid, createdAt: new Date('2025-01-01T00:00:00Z') });
    const reply = await t.call({ method: 'GET', url, as: demo.noc });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      result: 'Success',
      payload: {
        ticketid,
        existingeventid: newest,
        prefill: {
          type: 2,
          slatype: 1,
          title: eventTemplates[1]!.title,
          description: eventTemplates[1]!.description,
          priority: 1,
          starttime: baseEvent.starttime,
          endtime: baseEvent.starttime + 3600,
          services: [svc.linked, svc.planning],
          messages: [
            eventMessages.serviceDisabled(svc.disabled),
            eventMessages.serviceMissing('UNG0000000000Z'),
          ],
        },
      },
    });
  });

  it('answers 404 for an unknown ticket and 400 outside 1 to 999,999,999', async () => {
    const unknown = await t.call({ method: 'GET', url: '/api/events/prefill/999999999', as: demo.noc });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      result: 'Failure',
      message: eventMessages.ticketServicesFailed(999_999_999),
    });
    for (const bad of ['0', '1000000000', '-3', 'abc', '1.5', '0x10']) {
      const reply = await t.call({ method: 'GET', url: `/api/events/prefill/${bad}`, as: demo.noc });
      expect(reply.statusCode, bad).toBe(400);
      expect(reply.json(), bad).toEqual({
        result: 'Failure',
        message: eventMessages.ticketRange,
        payload: { errors: [{ path: 'ticketid', message: eventMessages.ticketRange }] },
      });
    }
  });

  it('is documented in the OpenAPI description', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(reply.statusCode).toBe(200);
    const operation = reply.json().paths['/api/events/prefill/{ticketid}'].get;
    expect(operation.parameters).toEqual([
      expect.objectContaining({ name: 'ticketid', in: 'path', required: true }),
    ]);
  });

  it('is for the NOC only', async () => {
    for (const who of [demo.eng, demo.tech, demo.ungAdmin, demo.ungUser]) {
      const reply = await t.call({ method: 'GET', url: '/api/events/prefill/1', as: who });
      expect(reply.statusCode, who).toBe(403);
    }
  });
});

// Spec 3 and 7.6: POST /api/notification subscribes a user to a service, and the page promises they
// are told about every event on it. Runs last: it adds a contact at the Observatory (site A1).
describe('subscribers', () => {
  const subscribe = async (as: string, serviceid: string) => {
    const reply = await t.call({ method: 'POST', url: '/api/notification', as, payload: { serviceid } });
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json().payload.notificationid as number;
  };
  // One start for every request of a test: the preflight and the send must describe the same event,
  // and times taken apart once crossed a minute between the two (4:17 am in one, 4:18 in the other).
  const tomorrow = Math.floor(Date.now() / 1000) + 86_400;
  const eventBody = (number: number, extra: Record<string, unknown> = {}) => ({
    number,
    title: `Subscriber check ${number}`,
    description: 'Works on the ring.',
    starttime: tomorrow,
    endtime: tomorrow + 3_600,
    type: 1,
    initiator: 'Field Services',
    services: [svc.linked, svc.single, svc.ebh],
    ...extra,
  });
  // E-mails of one event to one address, whatever the channel queued them (ticket or subscription).
  const emailsTo = async (eventId: number, address: string) =>
    t.database.db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.channel, 'email'),
          like(outbox.dedupeKey, `event:${eventId}:%`),
          sql`lower(${outbox.recipient}) = ${address.toLowerCase()}`,
        ),
      );

  it('lists subscribers in the preflight and e-mails each exactly once, also when a contact, none after unsubscribing', async () => {
    const userSubscriptions = [
      await subscribe(demo.ungUser, svc.linked),
      await subscribe(demo.ungUser, svc.single),
    ];
    await subscribe(demo.ungAdmin, svc.linked);
    await subscribe(demo.noc, svc.ebh);
    // The customer admin is also a contact on the Observatory's ticket (another spelling of the address).
    await assign(
      await insertContact(ids.ung, 'Ada Contact', 'Admin@Northgate.example'),
      2,
      await siteOf('S9101'),
    );
    const name = async (email: string) => {
      const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
      return { userid: row!.userId, name: `${row!.firstname} ${row!.surname}`.trim() };
    };

    const preflight = await t.call({
      method: 'POST',
      url: '/api/event',
      as: demo.noc,
      payload: { ...eventBody(4401), preflight: true },
    });
    expect(preflight.statusCode, preflight.body.slice(0, 300)).toBe(200);
    const planned = preflight.json().payload.customers as PreflightCustomer[];
    const ung = byCode(planned, 'UNG');
    expect(ung.tickets[0]!.ccs).toContain('Admin@Northgate.example');
    expect(ung.subscribers).toEqual([
      { ...(await name(demo.ungAdmin)), email: demo.ungAdmin, services: [svc.linked], delivery: 'ticket' },
      {
        ...(await name(demo.ungUser)),
        email: demo.ungUser,
        services: [svc.linked, svc.single].sort(),
        delivery: 'email',
      },
    ]);
    expect(ung.subscribernotice).toEqual({
      subject: ung.tickets[0]!.subject,
      htmlcomment: ung.tickets[0]!.htmlcomment,
    });
    // EBH has no contact, so no ticket: the NOC's subscription still brings it the notice.
    const ebh = byCode(planned, 'EBH');
    expect(ebh.tickets).toEqual([]);
    expect(ebh.subscribers).toEqual([
      { ...(await name(demo.noc)), email: demo.noc, services: [svc.ebh], delivery: 'email' },
    ]);
    expect(ebh.subscribernotice?.subject).toBe(
      notificationSubject(
        { ...baseEvent, ...eventBody(4401), type: 1, priority: 3 } as NotificationEvent,
        false,
      ),
    );

    const sent = await t.call({
      method: 'POST',
      url: '/api/event',
      as: demo.noc,
      payload: { ...eventBody(4401), sendnotification: true },
    });
    expect(sent.statusCode, sent.body.slice(0, 300)).toBe(201);
    const eventId = sent.json().payload.eventid as number;
    await dispatchNotifications({ db: t.database.db, tickets: ticketSystem, log }, { eventId });
    // What went out is the plan the preflight showed.
    expect(byCode(sent.json().payload.customers, 'UNG').subscribers).toEqual(ung.subscribers);

    const toUser = await emailsTo(eventId, demo.ungUser);
    expect(toUser).toHaveLength(1);
    expect(toUser[0]!.subject).toBe(ung.subscribernotice!.subject);
    expect(toUser[0]!.body).toBe(
      `${htmlToText(ung.subscribernotice!.htmlcomment)}\n\n--\n${subscriberFooter([svc.linked, svc.single].sort())}`,
    );
    // Subscriber and contact: the ticket's e-mail only.
    const toAdmin = await emailsTo(eventId, demo.ungAdmin);
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0]!.subject).toMatch(/^\[Ticket #\d+\] /);
    expect(await emailsTo(eventId, demo.noc)).toHaveLength(1);

    // A retried send adds nothing.
    const [notice] = (await noticesOf(eventId)).filter((n) => n.customerId === ids.ung);
    await t.database.db
      .update(eventNotifications)
      .set({ status: 'pending', claimedUntil: null })
      .where(eq(eventNotifications.notificationId, notice!.notificationId));
    await sendClaimedNotification({ db: t.database.db, tickets: ticketSystem, log }, notice!.notificationId);
    expect(await emailsTo(eventId, demo.ungUser)).toHaveLength(1);

    // Unsubscribed: neither the preflight nor the send names them any more.
    for (const id of userSubscriptions) {
      const removed = await t.call({ method: 'DELETE', url: `/api/notification/${id}`, as: demo.ungUser });
      expect(removed.statusCode, removed.body).toBe(200);
    }
    const after = await t.call({
      method: 'POST',
      url: '/api/event',
      as: demo.noc,
      payload: { ...eventBody(4402), sendnotification: true },
    });
    expect(after.statusCode, after.body.slice(0, 300)).toBe(201);
    const afterId = after.json().payload.eventid as number;
    await dispatchNotifications({ db: t.database.db, tickets: ticketSystem, log }, { eventId: afterId });
    const ungAfter = byCode(after.json().payload.customers, 'UNG');
    expect(ungAfter.subscribers.map((s: { email: string }) => s.email)).toEqual([demo.ungAdmin]);
    expect(ungAfter.subscribernotice).toBeNull();
    expect(await emailsTo(afterId, demo.ungUser)).toHaveLength(0);
    expect(await emailsTo(afterId, demo.ungAdmin)).toHaveLength(1);
  });
});
