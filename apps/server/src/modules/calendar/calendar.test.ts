import { Writable } from 'node:stream';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { calendarFeeds } from '../../db/schema/events';
import { eventServices, events, services } from '../../db/schema/inventory';
import { auditLog } from '../../db/schema/platform';
import { buildTestApp, demo, type TestApp } from '../../test/helper';
import { contentLine, escapeText, foldLine, serializeIcal, textList, utcDateTime } from './ical';
import {
  calendarMessages,
  feedSequence,
  maintnoteImpacts,
  maintnoteStatus,
  organizerAddress,
} from './service';

// ---------------------------------------------------------------------------------------------------
// A strict reader for what the feed writes: unfold (RFC 5545 3.1), then every content line must be
// NAME[;PARAM=VALUE[,VALUE]]*:VALUE with the grammar's characters only.

const contentLinePattern =
  /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"\p{Cc}]*"|[^";:,\p{Cc}]*)(?:,(?:"[^"\p{Cc}]*"|[^";:,\p{Cc}]*))*)*):([^\p{Cc}]|\t)*$/u;

type Property = { name: string; params: Record<string, string>; value: string };

function unfold(text: string): string[] {
  expect(text.endsWith('\r\n'), 'the last line ends with CRLF').toBe(true);
  expect(/\r(?!\n)|(?<!\r)\n/.test(text), 'no bare CR or LF').toBe(false);
  return text
    .slice(0, -2)
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n');
}

function parseLine(line: string): Property {
  const match = contentLinePattern.exec(line);
  expect(match, `not a content line: ${JSON.stringify(line)}`).not.toBeNull();
  const params: Record<string, string> = {};
  for (const param of (match![2] ?? '').matchAll(/;([A-Za-z0-9-]+)=("[^"]*"|[^;]*)/g)) {
    params[param[1]!] = param[2]!.replace(/^"(.*)"$/, '$1');
  }
  const value = line.slice(line.indexOf(':', match![1]!.length + match![2]!.length));
  return { name: match![1]!, params, value: value.slice(1) };
}

function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

type CalendarEvent = { props: Property[]; one: (name: string) => string; all: (name: string) => Property[] };

function readCalendar(text: string) {
  const lines = text.slice(0, -2).split('\r\n');
  for (const line of lines) expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
  const props = unfold(text).map(parseLine);
  expect(props[0]).toMatchObject({ name: 'BEGIN', value: 'VCALENDAR' });
  expect(props.at(-1)).toMatchObject({ name: 'END', value: 'VCALENDAR' });
  const eventsFound: CalendarEvent[] = [];
  let current: Property[] | null = null;
  const header: Property[] = [];
  for (const prop of props.slice(1, -1)) {
    if (prop.name === 'BEGIN' && prop.value === 'VEVENT') current = [];
    else if (prop.name === 'END' && prop.value === 'VEVENT') {
      const own = current!;
      eventsFound.push({
        props: own,
        all: (name) => own.filter((p) => p.name === name),
        one: (name) => {
          const found = own.filter((p) => p.name === name);
          expect(found, `${name} once`).toHaveLength(1);
          return found[0]!.value;
        },
      });
      current = null;
    } else (current ?? header).push(prop);
  }
  const headerValue = (name: string) => header.find((p) => p.name === name)?.value;
  const byUid = new Map(eventsFound.map((e) => [e.one('UID'), e]));
  return { header, headerValue, events: eventsFound, byUid };
}

// ---------------------------------------------------------------------------------------------------

describe('the iCalendar writer', () => {
  it('escapes TEXT: backslash, semicolon, comma and line breaks, and drops control characters', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(escapeText('bell\u0007 and tab\t')).toBe('bell and tab\t');
    expect(textList(['Works, east', 'Hazard;west'])).toBe('Works\\, east,Hazard\\;west');
    expect(unescapeText(escapeText('x\\;y,\nz'))).toBe('x\\;y,\nz');
  });

  it('writes UTC date-times', () => {
    expect(utcDateTime(0)).toBe('19700101T000000Z');
    expect(utcDateTime(1_735_720_245)).toBe('20250101T083045Z');
  });

  it('quotes parameter values that need it, and never leaves a double quote inside one', () => {
    expect(
      contentLine({ name: 'ORGANIZER', params: { CN: 'Meridian, NOC' }, value: 'mailto:a@b.example' }),
    ).toBe('ORGANIZER;CN="Meridian, NOC":mailto:a@b.example');
    expect(contentLine({ name: 'X', params: { CN: 'Say "hi"' }, value: 'v' })).toBe("X;CN=Say 'hi':v");
    expect(contentLine({ name: 'REFRESH-INTERVAL', params: { VALUE: 'DURATION' }, value: 'PT1H' })).toBe(
      'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    );
    expect(
      contentLine({ name: 'X-MAINTNOTE-OBJECT-ID', params: { ALTREP: 'https://x/s/1' }, value: '1' }),
    ).toBe('X-MAINTNOTE-OBJECT-ID;ALTREP="https://x/s/1":1');
  });

  it('folds at 75 octets without splitting a UTF-8 character, and unfolds to the original', () => {
    // 200 characters of one-, two-, three- and four-octet characters (the last a surrogate pair in JS).
    const summary = Array.from({ length: 200 }, (_, i) => ['a', 'é', '日', '🛠'][i % 4]).join('');
    expect([...summary]).toHaveLength(200);
    const line = `SUMMARY:${escapeText(summary)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(6);
    physical.forEach((piece, i) => {
      expect(Buffer.byteLength(piece, 'utf8')).toBeLessThanOrEqual(75);
      if (i > 0) expect(piece.startsWith(' ') && !piece.startsWith('  ')).toBe(true);
      // Each physical line on its own is valid UTF-8: a strict decoder accepts its octets.
      const octets = Buffer.from(piece, 'utf8');
      expect(new TextDecoder('utf-8', { fatal: true }).decode(octets)).toBe(piece);
      expect(/[\uD800-\uDBFF]$/.test(piece)).toBe(false);
    });
    // Lines are filled: only the last is shorter than the limit by more than one character's octets.
    for (const piece of physical.slice(0, -1)) expect(Buffer.byteLength(piece, 'utf8')).toBeGreaterThan(71);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('ends every line with CRLF, and every line it writes reads back as NAME[;params]:value', () => {
    const text = serializeIcal([
      { name: 'BEGIN', value: 'VCALENDAR' },
      { name: 'SUMMARY', value: escapeText(`Works; east, "north"\n${'ü'.repeat(120)}`) },
      { name: 'ORGANIZER', params: { CN: 'A; B' }, value: 'mailto:noc@example.org' },
      { name: 'END', value: 'VCALENDAR' },
    ]);
    expect(text.split('\r\n').at(-1)).toBe('');
    const { header } = readCalendar(text);
    expect(unescapeText(header.find((p) => p.name === 'SUMMARY')!.value)).toBe(
      `Works; east, "north"\n${'ü'.repeat(120)}`,
    );
    expect(header.find((p) => p.name === 'ORGANIZER')!.params.CN).toBe('A; B');
  });
});

describe('the maintenance mapping', () => {
  const hour = 3600;
  const now = 1_800_000_000;
  it('reads works as an outage and a hazard window as reduced redundancy', () => {
    expect(maintnoteImpacts[1]).toBe('OUTAGE');
    expect(maintnoteImpacts[2]).toBe('REDUCED-REDUNDANCY');
  });
  it('takes the status from the clock', () => {
    const window = (start: number, end: number | null) => ({
      type: 1 as const,
      starttime: start,
      endtime: end,
    });
    expect(maintnoteStatus(window(now + hour, now + 2 * hour), now)).toBe('CONFIRMED');
    expect(maintnoteStatus(window(now - hour, now + hour), now)).toBe('IN-PROCESS');
    expect(maintnoteStatus(window(now, now + hour), now)).toBe('IN-PROCESS');
    expect(maintnoteStatus(window(now - 2 * hour, now - hour), now)).toBe('COMPLETED');
    expect(maintnoteStatus(window(now - 2 * hour, now), now)).toBe('COMPLETED');
    expect(maintnoteStatus(window(now - hour, null), now)).toBe('IN-PROCESS');
  });
  it('raises SEQUENCE as the status moves on and with every edit', () => {
    const works = (revision: number) => ({ type: 1 as const, starttime: now, endtime: now + hour, revision });
    const phases = [now - 1, now + 1, now + hour + 1].map((at) => feedSequence(works(2), at));
    expect(phases).toEqual([6, 7, 8]);
    // An edit of an event already over still counts as newer than its last phase.
    expect(feedSequence(works(3), now - 1)).toBeGreaterThan(feedSequence(works(2), now + hour + 1));
  });
  it('takes the organizer from the notification sender', () => {
    expect(organizerAddress('Lightpath <noc@meridian.example>')).toBe('noc@meridian.example');
    expect(organizerAddress('noc@meridian.example')).toBe('noc@meridian.example');
    expect(organizerAddress('Lightpath')).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------------
// The API, against the demo data plus events made here.

let t: TestApp;
let ids: { ung: number; ebh: number };
let ungServices: string[];
let ebhServices: string[];
let ungAllServices: Set<string>;
const made: Record<'shared' | 'hazard' | 'ended' | 'old' | 'outage' | 'ebhOnly', number> = {
  shared: 0,
  hazard: 0,
  ended: 0,
  old: 0,
  outage: 0,
  ebhOnly: 0,
};
const sharedTitle = 'Works; north, east \\ west';
const hours = (h: number) => new Date(Date.now() + h * 3_600_000);
let ebhSeedEventId: number;

async function addEvent(
  values: { type: number; start: Date; end: Date | null; title?: string; revision?: number },
  serviceIds: string[],
) {
  const [row] = await t.database.db
    .insert(events)
    .values({
      number: 777,
      title: values.title ?? `Calendar test event type ${values.type}`,
      description: 'Line one.\nLine two, with a comma; and a semicolon.',
      type: values.type,
      startTime: values.start,
      endTime: values.end,
      initiator: 'NOC',
      approver: 'NOC',
      priority: 3,
      slaType: 1,
      revision: values.revision ?? 1,
    })
    .returning({ id: events.eventId });
  await t.database.db
    .insert(eventServices)
    .values(serviceIds.map((serviceId) => ({ eventId: row!.id, serviceId })));
  return row!.id;
}

async function servicesOf(customerId: number) {
  const rows = await t.database.db
    .select({ id: services.serviceId })
    .from(services)
    .where(and(eq(services.customerId, customerId), eq(services.status, 1)))
    .orderBy(asc(services.serviceId));
  return rows.map((r) => r.id);
}

const feedPath = (url: string) => new URL(url).pathname;

async function fetchFeed(url: string) {
  return t.app.inject({ method: 'GET', url: feedPath(url) });
}

async function createFeed(as: string, customerid?: number) {
  const reply = await t.call({
    method: 'POST',
    url: '/api/calendar/feed',
    as,
    payload: customerid === undefined ? {} : { customerid },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().payload as {
    url: string;
    feed: {
      feedid: number;
      customerid: number;
      tokenhint: string;
      createdat: number;
      createdby: string | null;
    };
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  const customers = await t.call({ method: 'GET', url: '/api/customers?limit=1000', as: demo.noc });
  const byCode = new Map<string, number>(
    customers.json().payload.results.map((c: { code: string; customerid: number }) => [c.code, c.customerid]),
  );
  ids = { ung: byCode.get('UNG')!, ebh: byCode.get('EBH')! };
  const ung = await servicesOf(ids.ung);
  const ebh = await servicesOf(ids.ebh);
  ungAllServices = new Set(
    (
      await t.database.db
        .select({ id: services.serviceId })
        .from(services)
        .where(eq(services.customerId, ids.ung))
    ).map((r) => r.id),
  );
  ungServices = ung.slice(-2);
  ebhServices = ebh.slice(-2);
  made.shared = await addEvent(
    { type: 1, start: hours(48), end: hours(50), title: sharedTitle, revision: 3 },
    [...ungServices, ebhServices[0]!],
  );
  made.hazard = await addEvent({ type: 2, start: hours(-1), end: hours(2) }, [ungServices[0]!]);
  made.ended = await addEvent({ type: 1, start: hours(-24 * 10 - 2), end: hours(-24 * 10) }, [
    ungServices[1]!,
  ]);
  made.old = await addEvent({ type: 1, start: hours(-24 * 100 - 2), end: hours(-24 * 100) }, [
    ungServices[0]!,
  ]);
  made.outage = await addEvent({ type: 3, start: hours(-3), end: null }, [ungServices[0]!]);
  made.ebhOnly = await addEvent({ type: 2, start: hours(24), end: hours(30) }, ebhServices);
  // The demo's works in progress at EBH (ticket 4198).
  const [seeded] = await t.database.db
    .select({ id: events.eventId })
    .from(events)
    .where(eq(events.number, 4198))
    .limit(1);
  ebhSeedEventId = seeded!.id;
});
afterAll(() => t.close());

const uid = (eventId: number) => `event-${eventId}@localhost`;

describe('who may manage a feed', () => {
  it('makes the NOC name the customer', async () => {
    for (const [method, payload] of [
      ['GET', undefined],
      ['POST', {}],
      ['DELETE', undefined],
    ] as const) {
      const reply = await t.call({ method, url: '/api/calendar/feed', as: demo.noc, payload });
      expect(reply.statusCode, method).toBe(400);
      expect(reply.json().message).toBe(calendarMessages.customerRequired);
    }
  });

  it('refuses customer users (type 5) and provider staff other than the NOC', async () => {
    for (const as of [demo.ungUser, demo.tech, demo.eng]) {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const reply = await t.call({
          method,
          url: '/api/calendar/feed',
          as,
          ...(method === 'POST' ? { payload: {} } : {}),
        });
        expect(reply.statusCode, `${as} ${method}`).toBe(403);
      }
    }
  });

  it("keeps another customer's admin away from UNG's feed", async () => {
    const before = await t.database.db.select().from(calendarFeeds);
    const get = await t.call({
      method: 'GET',
      url: `/api/calendar/feed?customerid=${ids.ung}`,
      as: demo.ebhAdmin,
    });
    expect(get.statusCode).toBe(404);
    const post = await t.call({
      method: 'POST',
      url: '/api/calendar/feed',
      as: demo.ebhAdmin,
      payload: { customerid: ids.ung },
    });
    expect(post.statusCode).toBe(404);
    const del = await t.call({
      method: 'DELETE',
      url: `/api/calendar/feed?customerid=${ids.ung}`,
      as: demo.ebhAdmin,
    });
    expect(del.statusCode).toBe(404);
    expect(await t.database.db.select().from(calendarFeeds)).toEqual(before);
  });

  it('refuses a bad customer id or an unknown field with a 400', async () => {
    const bad = await t.call({ method: 'GET', url: '/api/calendar/feed?customerid=abc', as: demo.noc });
    expect(bad.statusCode).toBe(400);
    const extra = await t.call({
      method: 'POST',
      url: '/api/calendar/feed',
      as: demo.noc,
      payload: { customerid: ids.ung, token: 'mine' },
    });
    expect(extra.statusCode).toBe(400);
    const missing = await t.call({
      method: 'GET',
      url: '/api/calendar/feed?customerid=999999',
      as: demo.noc,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe("a customer's feed", () => {
  let ungUrl: string;

  it('starts without a feed, and a company admin creates one for its own customer', async () => {
    const none = await t.call({ method: 'GET', url: '/api/calendar/feed', as: demo.ungAdmin });
    expect(none.statusCode).toBe(200);
    expect(none.json().payload).toEqual({ feed: null });

    const creates = await t.auditCount('calendar.feed.create');
    const reply = await t.call({ method: 'POST', url: '/api/calendar/feed', as: demo.ungAdmin, payload: {} });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().message).toBe(calendarMessages.created);
    const { url, feed } = reply.json().payload;
    expect(url).toMatch(new RegExp(`^${t.config.publicUrl}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    const token = url.split('/').at(-1).replace('.ics', '');
    expect(feed).toMatchObject({ customerid: ids.ung, tokenhint: token.slice(-4), createdby: 'Alex Morgan' });
    expect(Math.abs(feed.createdat - Date.now() / 1000)).toBeLessThan(60);
    expect(await t.auditCount('calendar.feed.create')).toBe(creates + 1);
    ungUrl = url;

    // Only the hash is stored; the token itself is nowhere in the database.
    const rows = await t.database.db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.customerId, ids.ung));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(JSON.stringify(await t.database.db.select().from(auditLog))).not.toContain(token);

    const shown = await t.call({ method: 'GET', url: '/api/calendar/feed', as: demo.ungAdmin });
    expect(shown.json().payload.feed).toEqual(feed);
    // The NOC sees the same feed when it names UNG, without the URL.
    const noc = await t.call({
      method: 'GET',
      url: `/api/calendar/feed?customerid=${ids.ung}`,
      as: demo.noc,
    });
    expect(noc.json().payload.feed).toEqual(feed);
    expect(noc.body).not.toContain(token);
  });

  it("serves UNG's scheduled events with UNG's services only, as maintenance notifications", async () => {
    const reply = await fetchFeed(ungUrl);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(reply.headers['cache-control']).toBe('private, max-age=300');
    const calendar = readCalendar(reply.body);
    expect(calendar.headerValue('VERSION')).toBe('2.0');
    expect(calendar.headerValue('METHOD')).toBe('PUBLISH');
    expect(calendar.headerValue('PRODID')).toBeTruthy();
    expect(unescapeText(calendar.headerValue('X-WR-CALNAME')!)).toContain('University of Northgate');
    expect(calendar.header.find((p) => p.name === 'REFRESH-INTERVAL')).toEqual({
      name: 'REFRESH-INTERVAL',
      params: { VALUE: 'DURATION' },
      value: 'PT1H',
    });
    expect(calendar.headerValue('X-PUBLISHED-TTL')).toBe('PT1H');

    // Works and hazards touching UNG, ended within 90 days or later; no outage, nothing older, and
    // none of EBH's events.
    expect(calendar.byUid.has(uid(made.shared))).toBe(true);
    expect(calendar.byUid.has(uid(made.hazard))).toBe(true);
    expect(calendar.byUid.has(uid(made.ended))).toBe(true);
    expect(calendar.byUid.has(uid(made.old))).toBe(false);
    expect(calendar.byUid.has(uid(made.outage))).toBe(false);
    expect(calendar.byUid.has(uid(made.ebhOnly))).toBe(false);
    expect(calendar.byUid.has(uid(ebhSeedEventId))).toBe(false);

    // Every service named anywhere in the feed is UNG's; the shared event lists UNG's two only.
    const objectIds = calendar.events.flatMap((e) => e.all('X-MAINTNOTE-OBJECT-ID').map((p) => p.value));
    expect(objectIds.length).toBeGreaterThan(0);
    for (const id of objectIds) expect(ungAllServices.has(id), id).toBe(true);
    expect(reply.body).not.toContain(ebhServices[0]!);
    expect(reply.body).not.toContain(ebhServices[1]!);

    const shared = calendar.byUid.get(uid(made.shared))!;
    expect(shared.all('X-MAINTNOTE-OBJECT-ID').map((p) => p.value)).toEqual(ungServices);
    expect(shared.all('X-MAINTNOTE-OBJECT-ID')[0]!.params.ALTREP).toBe(
      `${t.config.publicUrl}/service/${ungServices[0]}`,
    );
    expect(shared.one('X-MAINTNOTE-IMPACT')).toBe('OUTAGE');
    expect(shared.one('X-MAINTNOTE-STATUS')).toBe('CONFIRMED');
    expect(shared.one('X-MAINTNOTE-ACCOUNT')).toBe('UNG');
    expect(shared.one('X-MAINTNOTE-PROVIDER')).toBe(escapeText(t.config.provider.name));
    expect(shared.one('X-MAINTNOTE-MAINTENANCE-ID')).toBe(String(made.shared));
    // Revision 3, still upcoming (CONFIRMED): 3 × 3 + 0.
    expect(shared.one('SEQUENCE')).toBe('9');
    expect(unescapeText(shared.one('SUMMARY'))).toBe(sharedTitle);
    expect(shared.one('URL')).toBe(`${t.config.publicUrl}/event/${made.shared}`);
    const start = Math.floor(hours(48).getTime() / 1000);
    expect(shared.one('DTSTART')).toMatch(/^\d{8}T\d{6}Z$/);
    expect(
      Math.abs(
        Date.parse(
          shared.one('DTSTART').replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'),
        ) /
          1000 -
          start,
      ),
    ).toBeLessThan(120);
    const description = unescapeText(shared.one('DESCRIPTION'));
    expect(description).toContain('Line one.\nLine two, with a comma; and a semicolon.');
    expect(description).toContain(ungServices[0]!);
    expect(description).not.toContain(ebhServices[0]!);

    const hazard = calendar.byUid.get(uid(made.hazard))!;
    expect(hazard.one('X-MAINTNOTE-IMPACT')).toBe('REDUCED-REDUNDANCY');
    expect(hazard.one('X-MAINTNOTE-STATUS')).toBe('IN-PROCESS');
    expect(calendar.byUid.get(uid(made.ended))!.one('X-MAINTNOTE-STATUS')).toBe('COMPLETED');

    // The BCOP's required properties, once each (MAINTENANCE-ID and OBJECT-ID at least once).
    for (const event of calendar.events) {
      for (const name of [
        'DTSTAMP',
        'DTSTART',
        'DTEND',
        'UID',
        'SUMMARY',
        'ORGANIZER',
        'SEQUENCE',
        'X-MAINTNOTE-PROVIDER',
        'X-MAINTNOTE-ACCOUNT',
        'X-MAINTNOTE-IMPACT',
        'X-MAINTNOTE-STATUS',
      ])
        event.one(name);
      expect(event.all('X-MAINTNOTE-MAINTENANCE-ID')).toHaveLength(1);
      expect(event.all('X-MAINTNOTE-OBJECT-ID').length).toBeGreaterThan(0);
      expect(event.one('DTEND') > event.one('DTSTART')).toBe(true);
      expect(event.one('ORGANIZER')).toMatch(/^mailto:[^@\s]+@[^@\s]+$/);
    }
  });

  it("gives EBH a feed of its own, different from UNG's", async () => {
    const { url } = await createFeed(demo.noc, ids.ebh);
    const ung = readCalendar((await fetchFeed(ungUrl)).body);
    const reply = await fetchFeed(url);
    expect(reply.statusCode).toBe(200);
    const ebh = readCalendar(reply.body);
    expect(url).not.toBe(ungUrl);
    expect(ebh.byUid.has(uid(made.ebhOnly))).toBe(true);
    expect(ebh.byUid.has(uid(ebhSeedEventId))).toBe(true);
    expect(ebh.byUid.has(uid(made.hazard))).toBe(false);
    expect(ebh.byUid.has(uid(made.ended))).toBe(false);
    expect(
      ebh.byUid
        .get(uid(made.shared))!
        .all('X-MAINTNOTE-OBJECT-ID')
        .map((p) => p.value),
    ).toEqual([ebhServices[0]]);
    for (const event of ebh.events) expect(event.one('X-MAINTNOTE-ACCOUNT')).toBe('EBH');
    expect(ung.byUid.has(uid(made.ebhOnly))).toBe(false);
    for (const id of ungServices) expect(reply.body).not.toContain(id);
  });

  it('rotates: a new link revokes the old one', async () => {
    const revokes = await t.auditCount('calendar.feed.revoke');
    const before = (await t.call({ method: 'GET', url: '/api/calendar/feed', as: demo.ungAdmin })).json()
      .payload.feed;
    const { url, feed } = await createFeed(demo.ungAdmin);
    expect(url).not.toBe(ungUrl);
    expect(feed.feedid).not.toBe(before.feedid);
    expect((await fetchFeed(ungUrl)).statusCode).toBe(404);
    expect((await fetchFeed(url)).statusCode).toBe(200);
    expect(await t.auditCount('calendar.feed.revoke')).toBe(revokes + 1);
    const live = await t.database.db
      .select()
      .from(calendarFeeds)
      .where(and(eq(calendarFeeds.customerId, ids.ung), sql`${calendarFeeds.revokedAt} is null`));
    expect(live.map((f) => f.feedId)).toEqual([feed.feedid]);
    ungUrl = url;
  });

  it('revokes: the link answers 404 and the customer has no feed', async () => {
    const reply = await t.call({ method: 'DELETE', url: '/api/calendar/feed', as: demo.ungAdmin });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ result: 'Success', message: calendarMessages.revoked });
    const gone = await fetchFeed(ungUrl);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ result: 'Failure', message: calendarMessages.feedNotFound });
    const none = await t.call({ method: 'GET', url: '/api/calendar/feed', as: demo.ungAdmin });
    expect(none.json().payload.feed).toBeNull();
    const again = await t.call({ method: 'DELETE', url: '/api/calendar/feed', as: demo.ungAdmin });
    expect(again.statusCode).toBe(404);
    // EBH's feed is untouched.
    const ebh = await t.call({
      method: 'GET',
      url: `/api/calendar/feed?customerid=${ids.ebh}`,
      as: demo.noc,
    });
    expect(ebh.json().payload.feed).not.toBeNull();
  });

  it('answers 404 to anything that is not a live <token>.ics', async () => {
    const { url } = await createFeed(demo.ungAdmin);
    const token = url.split('/').at(-1)!.replace('.ics', '');
    for (const file of [
      'nothing.ics',
      `${token}.txt`,
      token,
      // The token with its last character changed (to another character, whatever it was).
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}.ics`,
      `${'A'.repeat(43)}.ics`,
      '..%2Fopenapi.json',
      `${'x'.repeat(90)}.ics`,
    ]) {
      const reply = await t.app.inject({ method: 'GET', url: `/api/calendar/${file}` });
      expect(reply.statusCode, file).toBe(404);
    }
    expect((await fetchFeed(url)).statusCode).toBe(200);
  });

  it('stops serving a disabled customer', async () => {
    const { url } = await createFeed(demo.noc, ids.ebh);
    expect((await fetchFeed(url)).statusCode).toBe(200);
    await t.database.db.execute(sql`update customers set enabled = false where customer_id = ${ids.ebh}`);
    try {
      expect((await fetchFeed(url)).statusCode).toBe(404);
    } finally {
      await t.database.db.execute(sql`update customers set enabled = true where customer_id = ${ids.ebh}`);
    }
  });

  it('keeps the token out of the request log', async () => {
    const { url } = await createFeed(demo.noc, ids.ebh);
    const token = url.split('/').at(-1)!.replace('.ics', '');
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const logged = await buildApp({ ...t.config, logLevel: 'trace' }, t.database, { logStream });
    try {
      await logged.ready();
      const served = await logged.inject({ method: 'GET', url: feedPath(url) });
      expect(served.statusCode).toBe(200);
      const missing = await logged.inject({ method: 'GET', url: `/api/calendar/${'B'.repeat(43)}.ics` });
      expect(missing.statusCode).toBe(404);
      // The log is working: other requests are there.
      await logged.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(lines.join('')).toContain('/api/openapi.json');
      expect(lines.join('')).not.toContain(token);
      expect(lines.join('')).not.toContain('B'.repeat(43));
      // The feed requests are logged, with the token replaced.
      expect(lines.join('')).toContain('/api/calendar/[redacted]');
    } finally {
      await logged.close();
    }
  });
});
