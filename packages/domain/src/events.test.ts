import { describe, expect, it } from 'vitest';
import { controlCharacterMessage } from './api';
import {
  type EventDraft,
  eventDraftProblem,
  eventMessages,
  eventSearchDetail,
  eventSendsSms,
  eventTemplates,
  eventTiming,
  eventWriteSchema,
  formatPortalTime,
  isCurrentEvent,
  isOngoingOutage,
  isRecentEvent,
  normaliseEventType,
  notificationHtml,
  notificationSubject,
  prefillFromTicket,
  recentEventSeconds,
  smsMessage,
  suburbPlaceholder,
} from './events';

describe('normaliseEventType', () => {
  it.each([
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 1],
    [5, 2],
    [6, 3],
    [0, null],
    [7, null],
    [-1, null],
  ])('%i becomes %j', (input, expected) => {
    expect(normaliseEventType(input)).toBe(expected);
  });
});

describe('event timing', () => {
  const now = 1_800_000_000;
  it('an outage is ongoing only while type 3 without an end', () => {
    expect(isOngoingOutage({ type: 3, starttime: now, endtime: null })).toBe(true);
    expect(isOngoingOutage({ type: 3, starttime: now, endtime: 0 })).toBe(true);
    expect(isOngoingOutage({ type: 3, starttime: now, endtime: now + 1 })).toBe(false);
    expect(isOngoingOutage({ type: 1, starttime: now, endtime: null })).toBe(false);
  });

  it('a current event has started and not ended', () => {
    expect(isCurrentEvent({ type: 1, starttime: now, endtime: now + 1 }, now)).toBe(true);
    expect(isCurrentEvent({ type: 1, starttime: now + 1, endtime: now + 2 }, now)).toBe(false);
    expect(isCurrentEvent({ type: 1, starttime: now - 2, endtime: now }, now)).toBe(false);
  });

  it('a recent event ended within the last seven days', () => {
    expect(isRecentEvent({ type: 1, starttime: 0, endtime: now - 60 }, now)).toBe(true);
    expect(isRecentEvent({ type: 1, starttime: 0, endtime: now - recentEventSeconds }, now)).toBe(false);
    expect(isRecentEvent({ type: 1, starttime: 0, endtime: now + 60 }, now)).toBe(false);
    expect(isRecentEvent({ type: 3, starttime: 0, endtime: null }, now)).toBe(false);
  });
});

describe('eventTiming', () => {
  const now = 1_800_000_000;
  it.each([
    [{ type: 3 as const, starttime: now - 60, endtime: null }, 'ongoing'],
    [{ type: 1 as const, starttime: now + 60, endtime: now + 3600 }, 'upcoming'],
    [{ type: 3 as const, starttime: now + 60, endtime: null }, 'upcoming'],
    [{ type: 2 as const, starttime: now - 60, endtime: now + 60 }, 'current'],
    [{ type: 1 as const, starttime: now - 3600, endtime: now - 60 }, 'ended'],
  ])('%j is %s', (event, timing) => {
    expect(eventTiming(event, now)).toBe(timing);
  });
});

describe('eventSearchDetail', () => {
  // 1 July 2026, 8:30 am in Sydney (AEST, UTC+10).
  const start = Date.UTC(2026, 5, 30, 22, 30) / 1000;
  const hour = 3600;

  // Issue 12: an ended outage read 'Ongoing Network Outage' with its time in UTC.
  it('says an outage has ended, in the reader zone', () => {
    const ended = { number: 10042, type: 3 as const, starttime: start, endtime: start + 2 * hour };
    expect(eventSearchDetail(ended, start + 3 * hour, 'Australia/Sydney')).toBe(
      '#10042 · Unplanned Outage · Ended · 1 July 2026, 8:30 am AEST to 1 July 2026, 10:30 am AEST',
    );
    expect(eventSearchDetail(ended, start + 3 * hour, 'UTC')).toContain('30 June 2026, 10:30 pm UTC');
  });

  it('says an outage without an end is ongoing, and works ahead are upcoming', () => {
    const ongoing = { number: 10043, type: 3 as const, starttime: start, endtime: null };
    expect(eventSearchDetail(ongoing, start + hour, 'Australia/Sydney')).toBe(
      '#10043 · Unplanned Outage · Ongoing · from 1 July 2026, 8:30 am AEST',
    );
    const works = { number: 10044, type: 1 as const, starttime: start, endtime: start + hour };
    expect(eventSearchDetail(works, start - hour, 'Australia/Sydney')).toMatch(
      /^#10044 · Scheduled Works · Upcoming · 1 July 2026, 8:30 am AEST to /,
    );
  });
});

describe('eventDraftProblem (spec 5, event page one)', () => {
  const start = 1_800_000_000;
  const valid: EventDraft = {
    type: 1,
    services: ['UNG0012004701B'],
    starttime: start,
    endtime: start + 3600,
    title: 'Fibre works in Carlton',
    description: 'Splicing on the Carlton route',
    number: 4312,
    initiator: 'Alex NOC',
  };

  it('accepts a complete draft', () => {
    expect(eventDraftProblem(valid)).toBeNull();
  });

  it.each<[string, Partial<EventDraft>, keyof EventDraft, string]>([
    ['no type', { type: null }, 'type', eventMessages.fieldsMissing],
    ['an unknown type', { type: 9 }, 'type', eventMessages.fieldsMissing],
    ['no services', { services: [] }, 'services', eventMessages.fieldsMissing],
    ['a blank title', { title: '  ' }, 'title', eventMessages.fieldsMissing],
    ['no description', { description: '' }, 'description', eventMessages.fieldsMissing],
    ['no ticket number', { number: null }, 'number', eventMessages.fieldsMissing],
    ['ticket number 0', { number: 0 }, 'number', eventMessages.fieldsMissing],
    ['no initiator', { initiator: '' }, 'initiator', eventMessages.fieldsMissing],
    ['ticket number 1,000,000,000', { number: 1_000_000_000 }, 'number', eventMessages.ticketRange],
    ['a fractional ticket number', { number: 12.5 }, 'number', eventMessages.ticketRange],
    ['no start', { starttime: null }, 'starttime', eventMessages.dates],
    ['a start in milliseconds', { starttime: start * 1000 }, 'starttime', eventMessages.dates],
    ['works without an end', { endtime: null }, 'endtime', eventMessages.dates],
    ['an end before the start', { endtime: start - 1 }, 'endtime', eventMessages.dates],
    ['an outage ending before it starts', { type: 3, endtime: start - 1 }, 'endtime', eventMessages.dates],
    ['the template placeholder', { title: 'Works in [SUBURB]' }, 'title', eventMessages.suburbTemplate],
    [
      'the placeholder in the description',
      { description: 'Cable cut in [SUBURB]' },
      'description',
      eventMessages.suburbTemplate,
    ],
    ['other square brackets', { title: 'Works [draft]' }, 'title', eventMessages.brackets],
    ['a lone bracket', { description: 'see ]' }, 'description', eventMessages.brackets],
  ])('refuses %s', (_name, change, path, message) => {
    expect(eventDraftProblem({ ...valid, ...change })).toEqual({ path, message });
  });

  it('lets an outage (type 3) go without an end, and the end equal to the start', () => {
    expect(eventDraftProblem({ ...valid, type: 3, endtime: null })).toBeNull();
    expect(eventDraftProblem({ ...valid, endtime: start })).toBeNull();
    expect(eventDraftProblem({ ...valid, type: 6, endtime: null })).toBeNull();
  });

  it('names the missing fields before the dates', () => {
    expect(eventDraftProblem({ ...valid, title: '', starttime: null })?.message).toBe(
      eventMessages.fieldsMissing,
    );
  });
});

describe('eventWriteSchema', () => {
  const body = {
    number: 4312,
    title: 'Fibre works in Carlton',
    description: 'Splicing',
    starttime: 1_800_000_000,
    endtime: 1_800_003_600,
    type: 4,
    initiator: 'Alex',
    services: ['UNG0012004701B', 'UNG0012004701B'],
  };

  it('reads 4-6 as 1-3, removes repeated services and sets defaults', () => {
    const parsed = eventWriteSchema.parse(body);
    expect(parsed).toMatchObject({
      type: 1,
      priority: 3,
      slatype: 1,
      preflight: false,
      sendnotification: false,
    });
    expect(parsed.services).toEqual(['UNG0012004701B']);
  });

  it('reads an end of 0 as no end for an outage', () => {
    expect(eventWriteSchema.parse({ ...body, type: 3, endtime: 0 }).endtime).toBeNull();
  });

  it('refuses with the wizard message and unknown fields', () => {
    const result = eventWriteSchema.safeParse({ ...body, title: 'Works in [SUBURB]' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(eventMessages.suburbTemplate);
    expect(eventWriteSchema.safeParse({ ...body, colour: 'red' }).success).toBe(false);
    expect(eventWriteSchema.safeParse({ ...body, priority: 6 }).success).toBe(false);
  });

  it('refuses a line break in the title, which becomes the subject of e-mailed notices', () => {
    const result = eventWriteSchema.safeParse({ ...body, title: 'Works\r\nBcc: everyone@example.org' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['title', controlCharacterMessage],
    ]);
    // The description is many lines by design.
    expect(eventWriteSchema.safeParse({ ...body, description: 'One\r\nTwo' }).success).toBe(true);
  });

  it('refuses a control character (a NUL) inside a service id, naming the service', () => {
    const result = eventWriteSchema.safeParse({ ...body, services: ['UNG0012004701B', 'UNG\u0000001'] });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['services', 1], message: controlCharacterMessage }),
    ]);
  });
});

describe('templates and the ticket prefill (spec 4, 9)', () => {
  it('has eleven templates; the default is fibre works with the suburb placeholder', () => {
    expect(eventTemplates).toHaveLength(11);
    expect(eventTemplates[0]?.title).toContain('fibre works');
    expect(eventTemplates[0]?.title).toContain(suburbPlaceholder);
    expect(eventTemplates[0]?.description).toContain(suburbPlaceholder);
    for (const template of eventTemplates) expect(template.title.match(/[[\]]/g)).toEqual(['[', ']']);
  });

  const known = new Map([
    ['UNG0012004701B', { serviceid: 'UNG0012004701B', status: 1 }],
    ['UNG0012004702B', { serviceid: 'UNG0012004702B', status: 0 }],
  ]);

  it.each([
    ['task', 1, 1, 0],
    ['hazard', 2, 1, 1],
    ['problem', 3, undefined, 2],
  ] as const)(
    'a %s ticket becomes type %i with the matching template',
    (tickettype, type, slatype, template) => {
      const prefill = prefillFromTicket({ tickettype, starttime: 0, endtime: 0, services: [] }, known);
      expect(prefill.type).toBe(type);
      expect(prefill.slatype).toBe(slatype);
      expect(prefill.title).toBe(eventTemplates[template]?.title);
      expect(prefill.priority).toBe(1);
      expect(prefill.starttime).toBeUndefined();
    },
  );

  it('adds enabled services that exist and explains the others', () => {
    const prefill = prefillFromTicket(
      {
        tickettype: 'incident',
        starttime: 1_800_000_000,
        endtime: 1_800_003_600,
        services: ['UNG0012004701B', 'UNG0012004702B', 'ZZZ0001000101B', 'UNG0012004701B'],
      },
      known,
    );
    expect(prefill.type).toBeUndefined();
    expect(prefill.services).toEqual(['UNG0012004701B']);
    expect(prefill.messages).toEqual([
      'UNG0012004702B is disabled!',
      'ZZZ0001000101B does not exist in Database!',
    ]);
    expect(prefill).toMatchObject({ starttime: 1_800_000_000, endtime: 1_800_003_600, priority: 1 });
  });
});

describe('notification texts', () => {
  const event = {
    eventid: 7,
    number: 4312,
    title: 'Works <script>alert(1)</script>',
    description: 'Splicing & testing',
    type: 1 as const,
    priority: 3,
    starttime: Date.UTC(2026, 10, 21, 3, 0) / 1000,
    endtime: null,
  };
  const context = { providerName: 'Meridian Research Network', timeZone: 'Australia/Sydney' };

  it('writes spec 9 times in the portal zone, labelled with it', () => {
    expect(formatPortalTime(Date.UTC(2026, 10, 21, 3, 0) / 1000, 'Australia/Sydney')).toBe(
      'Saturday, November 21st 2026, 2:00 pm AEDT',
    );
    expect(formatPortalTime(Date.UTC(2026, 0, 11, 23, 5) / 1000, 'UTC')).toBe(
      'Sunday, January 11th 2026, 11:05 pm UTC',
    );
    expect(formatPortalTime(Date.UTC(2026, 0, 2, 0, 0) / 1000, 'UTC')).toBe(
      'Friday, January 2nd 2026, 12:00 am UTC',
    );
  });

  it('escapes what the NOC typed in the HTML comment', () => {
    const html = notificationHtml(
      event,
      [{ serviceid: 'UNG0012004701B', description: 'A & B', sitename: 'Main' }],
      context,
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('A &amp; B');
    expect(html).toContain('not yet known');
  });

  it('marks updates in the subject and keeps SMS short', () => {
    expect(notificationSubject(event, false)).toBe(
      '[SCHEDULED WORKS] Works <script>alert(1)</script> (ref #4312)',
    );
    expect(notificationSubject({ ...event, type: 3 }, true)).toMatch(/^\[UPDATE\] \[OUTAGE\]/);
    const sms = smsMessage(event, ['A1', 'A2', 'A3', 'A4', 'A5'], context);
    expect(sms).toContain('A1, A2, A3 +2 more');
    expect(sms).toContain('Ref #4312');
  });

  it('sends SMS for outages and critical events only', () => {
    expect(eventSendsSms({ type: 3, priority: 3 })).toBe(true);
    expect(eventSendsSms({ type: 1, priority: 1 })).toBe(true);
    expect(eventSendsSms({ type: 1, priority: 2 })).toBe(false);
    expect(eventSendsSms({ type: 5, priority: 5 })).toBe(false);
  });
});
