import { describe, expect, it } from 'vitest';
import { controlCharacterMessage } from './api';
import {
  buildTicketSubject,
  canReadTickets,
  formatTicketTime,
  issueIsWorks,
  issueNeedsServices,
  issueNeedsStart,
  jobTicketSchema,
  type TicketIssueType,
  type TicketWizardStep,
  type TicketWizardValues,
  ticketCommentSchema,
  ticketCreateSchema,
  ticketInScope,
  ticketIssueDescriptions,
  ticketIssueLabels,
  ticketIssueTypes,
  ticketListQuerySchema,
  ticketMessages,
  ticketRequestProblem,
  ticketScopeOf,
  ticketServiceWarnings,
  ticketStatuses,
  ticketStatusesFor,
  ticketStatusSchema,
  ticketStepProblem,
  ticketSubjectPrefixes,
  ticketTypeForIssue,
} from './tickets';

const zone = 'Australia/Sydney';
// 2024-03-05 09:30 in Sydney (AEDT, UTC+11) = 2024-03-04 22:30 UTC.
const at = Date.UTC(2024, 2, 4, 22, 30) / 1000;

const blank: TicketWizardValues = {
  issuetype: null,
  services: [],
  starttime: null,
  endtime: null,
  siteid: null,
  subject: '',
  description: '',
};
const outage: TicketWizardValues = {
  ...blank,
  issuetype: 'outage',
  services: ['UNG0001000201A'],
  starttime: at,
  subject: '[OUTAGE] 05/03/24 - UNG0001000201A',
  description: 'Link is down',
};
const works: TicketWizardValues = {
  ...blank,
  issuetype: 'worksnotify',
  siteid: 12,
  starttime: at,
  endtime: at + 3600,
  subject: '[CUSTOMER WORKS] 05/03/24 - Main campus',
  description: 'Power works in the comms room',
};
const query: TicketWizardValues = { ...blank, issuetype: 'query', subject: 'Question', description: 'How?' };

describe('issue types', () => {
  it('labels, describes and prefixes every issue type', () => {
    for (const issue of ticketIssueTypes) {
      expect(ticketIssueLabels[issue]).toBeTruthy();
      expect(ticketIssueDescriptions[issue]).toMatch(/\.$/);
      expect(ticketSubjectPrefixes[issue]).toMatch(/^\[[A-Z ]+\]$/);
    }
  });

  it.each<[TicketIssueType, string, boolean, boolean]>([
    ['outage', 'incident', true, false],
    ['flapping', 'incident', true, false],
    ['speed', 'incident', true, false],
    ['packetloss', 'incident', true, false],
    ['portal', 'question', false, false],
    ['query', 'question', false, false],
    ['worksnotify', 'task', false, true],
  ])('%s is a %s; needs services and start: %s; works: %s', (issue, type, fault, isWorks) => {
    expect(ticketTypeForIssue[issue]).toBe(type);
    expect(issueNeedsServices(issue)).toBe(fault);
    expect(issueNeedsStart(issue)).toBe(fault);
    expect(issueIsWorks(issue)).toBe(isWorks);
  });

  it('no issue type needs nothing', () => {
    expect(issueNeedsServices(null)).toBe(false);
    expect(issueIsWorks(null)).toBe(false);
  });
});

describe('ticket subjects (spec 9)', () => {
  it.each<[string, Parameters<typeof buildTicketSubject>[0], string]>([
    ['one service', { issuetype: 'outage', services: ['A1'], at, timeZone: zone }, '[OUTAGE] 05/03/24 - A1'],
    [
      'three services',
      { issuetype: 'flapping', services: ['A1', 'A2', 'A3'], at, timeZone: zone },
      '[FLAPPING] 05/03/24 - A1, A2, A3',
    ],
    [
      'more than three services',
      { issuetype: 'speed', services: ['A1', 'A2', 'A3', 'A4'], at, timeZone: zone },
      '[SPEED ISSUE] 05/03/24 - 4 services',
    ],
    [
      'packet loss',
      { issuetype: 'packetloss', services: ['A1'], at, timeZone: zone },
      '[PACKET LOSS] 05/03/24 - A1',
    ],
    ['a portal issue', { issuetype: 'portal', services: [], at, timeZone: zone }, '[PORTAL] 05/03/24'],
    ['a query', { issuetype: 'query', services: [], at, timeZone: zone }, '[QUERY] 05/03/24'],
    [
      'a query naming a service',
      { issuetype: 'query', services: ['A1'], at, timeZone: zone },
      '[QUERY] 05/03/24 - A1',
    ],
    [
      'works at a site',
      { issuetype: 'worksnotify', services: ['A1'], sitename: 'Main campus', at, timeZone: zone },
      '[CUSTOMER WORKS] 05/03/24 - Main campus',
    ],
    [
      'works with no site yet',
      { issuetype: 'worksnotify', services: [], at, timeZone: zone },
      '[CUSTOMER WORKS] 05/03/24',
    ],
    ['the date in UTC', { issuetype: 'query', services: [], at, timeZone: 'UTC' }, '[QUERY] 04/03/24'],
  ])('%s', (_label, input, subject) => {
    expect(buildTicketSubject(input)).toBe(subject);
  });

  it('formats ticket times as dddd, MMMM Do YYYY, h:mm a and the zone', () => {
    expect(formatTicketTime(at, zone)).toBe('Tuesday, March 5th 2024, 9:30 am AEDT');
  });
});

describe('wizard steps', () => {
  it.each<[string, TicketWizardStep, TicketWizardValues, string | null]>([
    ['no issue type', 'issue', blank, ticketMessages.issueRequired],
    ['an issue type', 'issue', { ...blank, issuetype: 'query' }, null],
    ['details without an issue type', 'details', blank, ticketMessages.issueRequired],
    ['an outage without services', 'details', { ...outage, services: [] }, ticketMessages.servicesRequired],
    [
      'flapping without services',
      'details',
      { ...outage, issuetype: 'flapping', services: [] },
      ticketMessages.servicesRequired,
    ],
    [
      'speed without a start',
      'details',
      { ...outage, issuetype: 'speed', starttime: null },
      ticketMessages.startRequired,
    ],
    [
      'packet loss without a start',
      'details',
      { ...outage, issuetype: 'packetloss', starttime: null },
      ticketMessages.startRequired,
    ],
    ['a complete outage', 'details', outage, null],
    ['works without a site', 'details', { ...works, siteid: null }, ticketMessages.siteRequired],
    ['works without a start', 'details', { ...works, starttime: null }, ticketMessages.worksStartRequired],
    ['works without an end', 'details', { ...works, endtime: null }, ticketMessages.worksEndRequired],
    [
      'works ending at the start',
      'details',
      { ...works, endtime: works.starttime },
      ticketMessages.worksEndBeforeStart,
    ],
    [
      'works ending before the start',
      'details',
      { ...works, endtime: at - 60 },
      ticketMessages.worksEndBeforeStart,
    ],
    ['complete works', 'details', works, null],
    ['a query needs no details', 'details', query, null],
    ['a blank subject', 'message', { ...query, subject: '  ' }, ticketMessages.subjectRequired],
    ['a blank description', 'message', { ...query, description: '\n ' }, ticketMessages.descriptionRequired],
    ['a complete message', 'message', query, null],
  ])('%s', (_label, step, values, problem) => {
    expect(ticketStepProblem(step, values)).toBe(problem);
  });

  it('checks every step for the whole request, first problem first', () => {
    expect(ticketRequestProblem(blank)).toBe(ticketMessages.issueRequired);
    expect(ticketRequestProblem({ ...outage, services: [], subject: '' })).toBe(
      ticketMessages.servicesRequired,
    );
    expect(ticketRequestProblem({ ...outage, subject: '' })).toBe(ticketMessages.subjectRequired);
    expect(ticketRequestProblem(outage)).toBeNull();
    expect(ticketRequestProblem(works)).toBeNull();
  });
});

describe('service warnings', () => {
  const services = [
    { serviceid: 'UP1', overallstatus: 'UP' as const },
    { serviceid: 'DOWN1', overallstatus: 'DOWN' as const },
    { serviceid: 'NONE1', overallstatus: null },
  ];
  it.each<[TicketIssueType | null, string[]]>([
    ['outage', ['UP1 looks up at the moment. Check it is really down before reporting an outage.']],
    ['flapping', ['DOWN1 looks down at the moment. Consider reporting an outage instead.']],
    ['speed', ['DOWN1 looks down at the moment. Consider reporting an outage instead.']],
    ['packetloss', []],
    ['query', []],
    [null, []],
  ])('%s', (issue, warnings) => {
    expect(ticketServiceWarnings(issue, services)).toEqual(warnings);
  });
});

function messagesOf(
  schema: { safeParse: (input: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  input: unknown,
) {
  const result = schema.safeParse(input);
  return result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);
}

describe('POST /api/ticket body', () => {
  const body = {
    issuetype: 'outage',
    subject: ' [OUTAGE] 05/03/24 - UNG0001000201A ',
    description: 'Down since 9',
    tickettype: 'incident',
    services: ['UNG0001000201A', 'UNG0001000201A'],
    starttime: at,
    endtime: null,
  };

  it('accepts the wizard request, trims it, drops duplicate services and derives the type', () => {
    expect(ticketCreateSchema.parse({ ...body, tickettype: 'question' })).toEqual({
      ...body,
      subject: '[OUTAGE] 05/03/24 - UNG0001000201A',
      services: ['UNG0001000201A'],
      tickettype: 'incident',
      siteid: null,
    });
  });

  it('reads zero times as none and fills leaving-out fields', () => {
    const parsed = ticketCreateSchema.parse({
      issuetype: 'query',
      subject: 'Q',
      description: 'D',
      starttime: 0,
    });
    expect(parsed).toMatchObject({
      services: [],
      starttime: null,
      endtime: null,
      siteid: null,
      tickettype: 'question',
    });
  });

  it.each([
    ['no issue type', { ...body, issuetype: null }, ticketMessages.issueRequired],
    ['a missing issue type', { ...body, issuetype: undefined }, ticketMessages.issueRequired],
    ['an unknown issue type', { ...body, issuetype: 'fire' }, ticketMessages.issueRequired],
    ['no services for an outage', { ...body, services: [] }, ticketMessages.servicesRequired],
    ['no start for an outage', { ...body, starttime: 0 }, ticketMessages.startRequired],
    [
      'works without a site',
      { ...body, issuetype: 'worksnotify', services: [], endtime: at + 60 },
      ticketMessages.siteRequired,
    ],
    [
      'works without a start',
      { ...body, issuetype: 'worksnotify', siteid: 3, starttime: null, endtime: at },
      ticketMessages.worksStartRequired,
    ],
    [
      'works without an end',
      { ...body, issuetype: 'worksnotify', siteid: 3 },
      ticketMessages.worksEndRequired,
    ],
    [
      'works ending first',
      { ...body, issuetype: 'worksnotify', siteid: 3, endtime: at - 1 },
      ticketMessages.worksEndBeforeStart,
    ],
    ['a blank subject', { ...body, subject: ' ' }, ticketMessages.subjectRequired],
    ['a missing subject', { ...body, subject: undefined }, ticketMessages.subjectRequired],
    ['a subject too long', { ...body, subject: 's'.repeat(201) }, ticketMessages.subjectTooLong],
    ['a blank description', { ...body, description: '' }, ticketMessages.descriptionRequired],
    [
      'a description too long',
      { ...body, description: 'd'.repeat(20_001) },
      ticketMessages.descriptionTooLong,
    ],
    [
      'too many services',
      { ...body, services: Array.from({ length: 201 }, (_, i) => `S${i}`) },
      ticketMessages.tooManyServices,
    ],
    ['a service id too long', { ...body, services: ['x'.repeat(41)] }, ticketMessages.serviceIdInvalid],
    ['a NUL inside a service id', { ...body, services: ['UNG\u00000012'] }, controlCharacterMessage],
    ['a fractional time', { ...body, starttime: 1.5 }, ticketMessages.timeInvalid],
    ['a site id of 0', { ...body, siteid: 0 }, ticketMessages.siteRequired],
    ['an unknown field', { ...body, priority: 1 }, 'Unrecognized key: "priority"'],
  ])('refuses %s with its message', (_label, input, message) => {
    expect(messagesOf(ticketCreateSchema, input)).toEqual([message]);
  });
});

describe('other ticket bodies', () => {
  it.each([
    ['a missing comment', {}, ticketMessages.commentRequired],
    ['a blank comment', { comment: '  ' }, ticketMessages.commentRequired],
    ['a comment too long', { comment: 'c'.repeat(20_001) }, ticketMessages.commentTooLong],
  ])('comment: refuses %s', (_label, input, message) => {
    expect(messagesOf(ticketCommentSchema, input)).toEqual([message]);
  });

  it('status: accepts a known status only', () => {
    expect(ticketStatusSchema.parse({ status: 'solved' })).toEqual({ status: 'solved' });
    expect(messagesOf(ticketStatusSchema, { status: 'closed' })).toEqual([ticketMessages.statusRequired]);
  });

  const job = { siteid: 4, technicianid: 9, subject: 'Replace SFP', description: 'Port 3', scheduledtime: 0 };
  it('job ticket: accepts a complete job and reads a zero time as none', () => {
    expect(jobTicketSchema.parse(job)).toEqual({ ...job, scheduledtime: null });
  });
  it.each([
    ['no site', { ...job, siteid: undefined }, ticketMessages.siteRequired],
    ['no technician', { ...job, technicianid: 0 }, ticketMessages.technicianRequired],
    ['no subject', { ...job, subject: '' }, ticketMessages.subjectRequired],
    ['no description', { ...job, description: ' ' }, ticketMessages.descriptionRequired],
    ['a bad time', { ...job, scheduledtime: 'soon' }, ticketMessages.scheduledTimeInvalid],
  ])('job ticket: refuses %s', (_label, input, message) => {
    expect(messagesOf(jobTicketSchema, input)).toEqual([message]);
  });

  it('list query: reads filters from the query string', () => {
    expect(ticketListQuerySchema.parse({ status: 'open', kind: 'job', siteid: '5' })).toMatchObject({
      status: 'open',
      kind: 'job',
      siteid: 5,
      limit: 100,
      offset: 0,
    });
    expect(ticketListQuerySchema.safeParse({ kind: 'other' }).success).toBe(false);
  });

  it('created, status and job messages name the ticket', () => {
    expect(ticketMessages.created(10001)).toBe('Ticket #10001 created!');
    expect(ticketMessages.statusChanged('hold')).toBe('Ticket status changed to On hold');
    expect(ticketMessages.serviceUnknown('X1')).toBe('Service X1 does not exist in Database!');
  });
});

describe('ticketStatusesFor', () => {
  const actor = (type: 1 | 2 | 3 | 4 | 5) => ({ type, companyAdmin: type === 4, chameleon: 0 as const });
  it('lets the NOC and engineering set any status, a technician close their job, customers none', () => {
    expect(ticketStatusesFor(actor(1), { kind: 'support' })).toEqual(ticketStatuses);
    expect(ticketStatusesFor(actor(3), { kind: 'job' })).toEqual(ticketStatuses);
    expect(ticketStatusesFor(actor(2), { kind: 'job' })).toEqual(['pending', 'solved']);
    expect(ticketStatusesFor(actor(2), { kind: 'support' })).toEqual([]);
    expect(ticketStatusesFor(actor(4), { kind: 'support' })).toEqual([]);
    expect(ticketStatusesFor(actor(5), { kind: 'access' })).toEqual([]);
  });
});

describe('who sees which tickets', () => {
  const person = (type: 1 | 2 | 3 | 4 | 5, chameleon: 0 | 1 | 2 = 0) => ({
    type,
    userId: 40,
    customerId: 7,
    companyAdmin: false,
    chameleon,
  });
  const support = { customerid: 7, kind: 'support' as const, assigneeuserid: null };
  const access = { customerid: 7, kind: 'access' as const, assigneeuserid: null };
  const foreign = { customerid: 8, kind: 'support' as const, assigneeuserid: null };
  const myJob = { customerid: 1, kind: 'job' as const, assigneeuserid: 40 };
  const ownCustomersJob = { customerid: 7, kind: 'job' as const, assigneeuserid: 41 };
  const otherJob = { customerid: 1, kind: 'job' as const, assigneeuserid: 41 };

  it.each([
    ['the NOC', person(1), [support, access, foreign, myJob, ownCustomersJob, otherJob], []],
    ['engineering', person(3), [support, access, foreign, myJob, otherJob], []],
    ['a technician', person(2), [myJob], [support, access, foreign, otherJob, ownCustomersJob]],
    ['a customer admin', person(4), [support, access], [foreign, myJob, ownCustomersJob]],
    ['a customer user', person(5), [support, access], [foreign, myJob, ownCustomersJob]],
  ])('%s', (_label, actor, seen, hidden) => {
    const scope = ticketScopeOf(actor);
    for (const ticket of seen) expect(ticketInScope(scope, ticket)).toBe(true);
    for (const ticket of hidden) expect(ticketInScope(scope, ticket)).toBe(false);
  });

  it('lets ticket users and technicians read tickets, not a customer whose flag hides them', () => {
    expect([1, 2, 3, 4, 5].map((type) => canReadTickets(person(type as 1)))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(canReadTickets(person(5, 2))).toBe(false);
    expect(canReadTickets(person(4, 2))).toBe(false);
  });
});
