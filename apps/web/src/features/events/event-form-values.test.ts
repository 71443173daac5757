import {
  type EventDetail,
  eventDraftProblem,
  eventMessages,
  eventTemplates,
  eventWriteSchema,
  suburbPlaceholder,
} from '@lightpath/domain/events';
import { describe, expect, it } from 'vitest';
import { portalWallTime } from '../../test/wall-time';
import {
  blankEventValues,
  type EventFormValues,
  formFieldOf,
  looksLikeServiceId,
  mergeServiceIds,
  parseServiceIds,
  toEventDraft,
  toEventWrite,
  valuesFromEvent,
  withPrefill,
  withTemplate,
} from './event-form-values';

const defaults = { initiator: 'Ada Admin', providerName: 'Meridian' };

// A page one that passes: works in Northgate on two services, 08:00 to 12:00 on 1 July 2026.
const filled: EventFormValues = {
  ...blankEventValues(defaults),
  type: '1',
  services: ['UNG0012004701B', 'UNG0012004702B'],
  startdate: '2026-07-01',
  starttime: '08:00',
  enddate: '2026-07-01',
  endtime: '12:00',
  title: 'Scheduled fibre works in Northgate',
  description: 'Fibre is re-spliced in Northgate.',
  number: 42,
};

describe('blankEventValues', () => {
  it('starts from the first template, priority Medium, SLA Scheduled Outage, the user and the NOC', () => {
    const values = blankEventValues(defaults);
    expect(values.title).toBe(eventTemplates[0]?.title);
    expect(values.description).toBe(eventTemplates[0]?.description);
    expect(values.title).toContain(suburbPlaceholder);
    expect(values.template).toBe('0');
    expect(values.priority).toBe('3');
    expect(values.slatype).toBe('1');
    expect(values.initiator).toBe('Ada Admin');
    expect(values.approver).toBe('Meridian NOC');
    expect(values.sendnotification).toBe(true);
    expect(values.updateexisting).toBe(false);
    expect(values.type).toBe('');
  });

  it('leaves the approver empty until the provider is known', () => {
    expect(blankEventValues({ initiator: 'A', providerName: null }).approver).toBe('');
  });

  it('is refused by page one until [SUBURB] is replaced', () => {
    const problem = eventDraftProblem(toEventDraft({ ...filled, ...withTemplate(0) }));
    expect(problem).toEqual({ path: 'title', message: eventMessages.suburbTemplate });
  });
});

describe('withTemplate', () => {
  it('replaces title and description with the chosen template', () => {
    const eleventh = eventTemplates[10];
    expect(withTemplate(10)).toEqual({
      template: '10',
      title: eleventh?.title,
      description: eleventh?.description,
    });
  });

  it('refuses a template that does not exist', () => {
    expect(() => withTemplate(11)).toThrow();
  });
});

describe('toEventDraft', () => {
  it('gives page one what it checks', () => {
    const draft = toEventDraft(filled);
    expect(draft).toEqual({
      type: 1,
      services: filled.services,
      starttime: portalWallTime(2026, 7, 1, 8, 0),
      endtime: portalWallTime(2026, 7, 1, 12, 0),
      title: filled.title,
      description: filled.description,
      number: 42,
      initiator: 'Ada Admin',
    });
    expect(eventDraftProblem(draft)).toBeNull();
  });

  it('reads empty fields as missing', () => {
    const draft = toEventDraft({ ...filled, type: '', number: '' });
    expect(draft.type).toBeNull();
    expect(draft.number).toBeNull();
    expect(eventDraftProblem(draft)?.message).toBe(eventMessages.fieldsMissing);
  });

  it('lets an outage go without an end, but not works', () => {
    const noEnd = { ...filled, enddate: '', endtime: '' };
    expect(eventDraftProblem(toEventDraft({ ...noEnd, type: '3' }))).toBeNull();
    expect(eventDraftProblem(toEventDraft(noEnd))).toEqual({ path: 'endtime', message: eventMessages.dates });
  });

  it('does not let a half-filled end pass as no end on an outage', () => {
    const halfEnd = { ...filled, type: '3', endtime: '' };
    expect(eventDraftProblem(toEventDraft(halfEnd))?.message).toBe(eventMessages.dates);
  });

  it('puts time problems on the date inputs', () => {
    expect(formFieldOf('starttime')).toBe('startdate');
    expect(formFieldOf('endtime')).toBe('enddate');
    expect(formFieldOf('title')).toBe('title');
  });
});

describe('toEventWrite', () => {
  it('is a body the server schema accepts, with no end for an ongoing outage', () => {
    const body = toEventWrite({
      ...filled,
      type: '3',
      enddate: '',
      endtime: '',
      priority: '1',
      slatype: '3',
    });
    expect(body).toMatchObject({ type: 3, endtime: null, number: 42, priority: 1, slatype: 3 });
    const parsed = eventWriteSchema.safeParse({ ...body, preflight: true });
    expect(parsed.success).toBe(true);
  });

  it('trims the text and drops an empty approver', () => {
    const body = toEventWrite({ ...filled, title: '  Works  ', approver: '  ' });
    expect(body.title).toBe('Works');
    expect('approver' in body).toBe(false);
    expect(toEventWrite(filled).approver).toBe('Meridian NOC');
  });
});

describe('withPrefill', () => {
  const start = portalWallTime(2026, 8, 3, 22, 0);
  const end = portalWallTime(2026, 8, 4, 4, 0);

  it('takes the ticket type, SLA, template text, priority, times, number and adds its services', () => {
    const next = withPrefill({ ...filled, services: ['UNG0012004701B'] }, 17, {
      type: 2,
      slatype: 1,
      title: eventTemplates[1]?.title,
      description: eventTemplates[1]?.description,
      priority: 1,
      starttime: start,
      endtime: end,
      services: ['UNG0012004701B', 'EBH0003000401A'],
      messages: [],
    });
    expect(next).toMatchObject({
      type: '2',
      slatype: '1',
      template: '1',
      title: eventTemplates[1]?.title,
      description: eventTemplates[1]?.description,
      priority: '1',
      number: 17,
      startdate: '2026-08-03',
      starttime: '22:00',
      enddate: '2026-08-04',
      endtime: '04:00',
      services: ['UNG0012004701B', 'EBH0003000401A'],
    });
  });

  it('keeps what the ticket does not give', () => {
    const next = withPrefill(filled, 9, { priority: 1, services: [], messages: ['X is disabled!'] });
    expect(next).toEqual({ ...filled, number: 9, priority: '1' });
  });
});

describe('valuesFromEvent', () => {
  it('fills the form from the event, answering on existing tickets by default', () => {
    const start = portalWallTime(2026, 7, 1, 8, 0);
    const event = {
      eventid: 4211,
      number: 77,
      title: 'Outage',
      description: 'Cut fibre',
      type: 3,
      starttime: start,
      endtime: null,
      priority: 1,
      slatype: 3,
      initiator: 'Ada',
      approver: 'Meridian NOC',
      services: [{ serviceid: 'UNG0012004701B' }, { serviceid: 'UNG0012004702B' }],
    } as unknown as EventDetail;
    expect(valuesFromEvent(event)).toMatchObject({
      type: '3',
      template: '',
      services: ['UNG0012004701B', 'UNG0012004702B'],
      startdate: '2026-07-01',
      starttime: '08:00',
      enddate: '',
      endtime: '',
      number: 77,
      priority: '1',
      slatype: '3',
      sendnotification: true,
      updateexisting: true,
    });
  });
});

describe('service ids', () => {
  it('splits pasted lists on spaces, commas, semicolons and new lines', () => {
    expect(parseServiceIds(' ung0012004701b, UNG0012004702B\nEBH0003000401A;\tEBH0003000402A  ')).toEqual([
      'UNG0012004701B',
      'UNG0012004702B',
      'EBH0003000401A',
      'EBH0003000402A',
    ]);
  });

  it('merges without repeats, keeping the order', () => {
    expect(mergeServiceIds(['A', 'B'], ['B', 'C', 'A'])).toEqual(['A', 'B', 'C']);
  });

  it('tells a service id from a search word', () => {
    expect(looksLikeServiceId('UNG0012004701B')).toBe(true);
    expect(looksLikeServiceId('NORTHGATE')).toBe(false);
  });
});
