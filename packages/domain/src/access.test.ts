import { describe, expect, it } from 'vitest';
import {
  type AccessStepOne,
  accessMessages,
  accessReasonDetails,
  accessReasons,
  accessRequestHtml,
  accessRequestSchema,
  accessStepOneProblem,
  accessSubject,
  accessTypeLabel,
  accessTypeRefusal,
  accessUploadRules,
  fileNameProblem,
  formatBytes,
  prefillDetails,
  uploadBatchProblem,
  uploadContentProblem,
  uploadKindOf,
  uploadMessages,
  uploadProblem,
} from './access';

// 2026-07-01 08:00 in Sydney (AEST, +10).
const julyFirst = 1_782_856_800;

const complete: AccessStepOne = {
  accesstype: 1,
  datetime: julyFirst,
  technician: 'Terry Tech',
  details: 'Replace a fan tray',
  number: null,
  files: 0,
};

describe('access types', () => {
  it.each([
    [0, 'No Notification Required'],
    [1, 'Mandatory Email Notification'],
    [2, 'Courtesy Email Notification'],
    [3, 'External Means'],
    [4, 'Access Form Required'],
    [5, 'Other'],
  ])('type %i reads %s', (type, label) => {
    expect(accessTypeLabel(type)).toBe(label);
  });

  it.each([
    [0, 'A Site Access Request is not required for this site'],
    [1, null],
    [2, null],
    [3, 'Site Access is to be requested via customer system'],
    [4, null],
    [5, 'Site Access is to be requested via other means'],
  ])('type %i is refused with %s', (type, message) => {
    expect(accessTypeRefusal(type)).toBe(message);
  });
});

describe('step one (spec 5)', () => {
  it('passes a complete request for each type the portal takes', () => {
    expect(accessStepOneProblem(complete)).toBeNull();
    expect(accessStepOneProblem({ ...complete, accesstype: 2, details: '' })).toBeNull();
    expect(accessStepOneProblem({ ...complete, accesstype: 4, files: 1 })).toBeNull();
    expect(accessStepOneProblem({ ...complete, number: 0 })).toBeNull();
    expect(accessStepOneProblem({ ...complete, number: 9999 })).toBeNull();
    // A portal ticket (numbered from 10,000) or a Zendesk id: up to nine digits.
    expect(accessStepOneProblem({ ...complete, number: 10_000 })).toBeNull();
    expect(accessStepOneProblem({ ...complete, number: 999_999_999 })).toBeNull();
  });

  it.each<[string, Partial<AccessStepOne>, string, string]>([
    ['no site', { accesstype: null }, 'site', 'Site Access Form is Incomplete!'],
    ['type 0', { accesstype: 0 }, 'site', 'A Site Access Request is not required for this site'],
    ['type 3', { accesstype: 3 }, 'site', 'Site Access is to be requested via customer system'],
    ['type 5', { accesstype: 5 }, 'site', 'Site Access is to be requested via other means'],
    [
      'type 5 with nothing else filled',
      { accesstype: 5, datetime: null, details: '' },
      'site',
      accessMessages.otherMeans,
    ],
    ['an unknown type', { accesstype: 9 }, 'site', accessMessages.incomplete],
    ['type 4 without a file', { accesstype: 4, files: 0 }, 'files', 'Site Access Form must be provided!'],
    [
      'type 4 without a file or a date',
      { accesstype: 4, datetime: null },
      'files',
      accessMessages.formRequired,
    ],
    ['no date or time', { datetime: null }, 'datetime', 'Site Access Form is Incomplete!'],
    ['an unreadable date', { datetime: -1 }, 'datetime', accessMessages.incomplete],
    ['a time in milliseconds', { datetime: julyFirst * 1000 }, 'datetime', accessMessages.incomplete],
    ['no technician', { technician: '  ' }, 'technician', accessMessages.incomplete],
    ['empty details for type 1', { details: ' \n ' }, 'details', 'Site Access Form is Incomplete!'],
    [
      'empty details for type 4',
      { accesstype: 4, files: 1, details: '' },
      'details',
      accessMessages.incomplete,
    ],
    [
      'ticket number 1,000,000,000',
      { number: 1_000_000_000 },
      'number',
      'Ticket number must be between 0 and 999,999,999!',
    ],
    ['a negative ticket number', { number: -1 }, 'number', accessMessages.ticketRange],
    ['a fractional ticket number', { number: 1.5 }, 'number', accessMessages.ticketRange],
    ['six files', { accesstype: 4, files: 6 }, 'files', 'At most 5 files can go with an access request'],
  ])('%s', (_, change, path, message) => {
    expect(accessStepOneProblem({ ...complete, ...change })).toEqual({ path, message });
  });
});

describe('reasons (spec 9)', () => {
  it('lists the five reasons, each with details to prefill', () => {
    expect(accessReasons).toEqual([
      'Preventative Maintenance',
      'Maintenance Works',
      'Scheduled Works Access',
      'Outage Investigation',
      'Outage Restoration Works',
    ]);
    for (const reason of accessReasons) expect(accessReasonDetails[reason].length).toBeGreaterThan(20);
  });

  it.each([0, 1, 3, 4, 5, null])('prefills the details for access type %s', (type) => {
    expect(prefillDetails('Outage Investigation', type)).toBe(accessReasonDetails['Outage Investigation']);
  });

  it('leaves the details alone for courtesy notifications (type 2)', () => {
    expect(prefillDetails('Maintenance Works', 2)).toBeNull();
  });
});

describe('the request body', () => {
  const body = {
    siteID: 12,
    technician: 'Terry Tech',
    datetime: julyFirst,
    preflight: true,
    additionaldetails: 'Replace a fan tray',
  };

  it('takes the minimum and fills the defaults', () => {
    expect(accessRequestSchema.parse(body)).toEqual({
      ...body,
      addccs: false,
      emergency: false,
      truncatename: false,
      serviceaffecting: false,
      attachments: [],
    });
  });

  it('takes every field the wizard sends', () => {
    const full = {
      ...body,
      number: 42,
      addccs: true,
      emergency: true,
      truncatename: true,
      serviceaffecting: true,
      reason: 'Maintenance Works',
      attachments: ['abcdefghijklmnopqrstuvwx'],
    };
    expect(accessRequestSchema.parse(full)).toEqual(full);
  });

  const messageOf = (input: unknown) => {
    const result = accessRequestSchema.safeParse(input);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it.each<[string, Record<string, unknown>, string]>([
    ['no site', { siteID: undefined }, accessMessages.incomplete],
    ['no date', { datetime: undefined }, accessMessages.incomplete],
    ['a date in milliseconds', { datetime: julyFirst * 1000 }, accessMessages.incomplete],
    ['ticket number 1,000,000,000', { number: 1_000_000_000 }, accessMessages.ticketRange],
    ['ticket number as text', { number: '42' }, accessMessages.ticketRange],
    ['an unknown reason', { reason: 'Coffee' }, accessMessages.reasonInvalid],
    [
      'six attachments',
      { attachments: Array(6).fill('abcdefghijklmnopqrstuvwx') },
      accessMessages.attachmentsTooMany,
    ],
    ['an attachment that is no token', { attachments: ['../etc/passwd'] }, accessMessages.attachmentUnknown],
    [
      'a technician with a line break',
      { technician: 'Terry\nTech' },
      'Must not contain line breaks or control characters',
    ],
  ])('refuses %s', (_, change, message) => {
    expect(messageOf({ ...body, ...change })).toBe(message);
  });

  it('refuses unknown fields', () => {
    expect(accessRequestSchema.safeParse({ ...body, htmlcomment: '<script>' }).success).toBe(false);
  });
});

describe('uploads', () => {
  const max = 1024;

  it.each([
    ['form.pdf', 'pdf'],
    ['Scan.JPG', 'jpeg'],
    ['photo.jpeg', 'jpeg'],
    ['plan.png', 'png'],
    ['form.docx', 'docx'],
    ['roster.xlsx', 'xlsx'],
    ['form.doc', null],
    ['setup.exe', null],
    ['pdf', null],
    ['form.pdf.exe', null],
  ])('%s is of kind %s', (name, kind) => {
    expect(uploadKindOf(name)).toBe(kind);
  });

  it.each<[string, { name: string; size: number }, number, string]>([
    ['a path with /', { name: 'a/b.pdf', size: 10 }, 400, uploadMessages.nameInvalid],
    ['a Windows path', { name: 'C:\\forms\\b.pdf', size: 10 }, 400, uploadMessages.nameInvalid],
    ['..', { name: '../x.pdf', size: 10 }, 400, uploadMessages.nameInvalid],
    ['a control character', { name: 'form\u0000.pdf', size: 10 }, 400, uploadMessages.nameInvalid],
    ['a bidi override', { name: 'form\u202Efdp.exe', size: 10 }, 400, uploadMessages.nameInvalid],
    ['an empty name', { name: ' ', size: 10 }, 400, uploadMessages.nameInvalid],
    ['a long name', { name: `${'a'.repeat(200)}.pdf`, size: 10 }, 400, uploadMessages.nameTooLong],
    [
      'an .exe',
      { name: 'setup.exe', size: 10 },
      415,
      'setup.exe is not an allowed file type (PDF, PNG, JPEG, Word (.docx), Excel (.xlsx))',
    ],
    ['a legacy .doc', { name: 'form.doc', size: 10 }, 415, uploadMessages.typeNotAllowed('form.doc')],
    ['an empty file', { name: 'form.pdf', size: 0 }, 400, 'form.pdf is empty'],
    ['a file over the limit', { name: 'form.pdf', size: max + 1 }, 413, 'form.pdf is larger than 1 KiB'],
  ])('refuses %s', (_, file, status, message) => {
    expect(uploadProblem(file, max)).toEqual({ status, message });
  });

  it('takes a file of exactly the limit', () => {
    expect(uploadProblem({ name: 'form.pdf', size: max }, max)).toBeNull();
    expect(fileNameProblem('Access form (v2) – signed.pdf')).toBeNull();
  });

  it('judges a batch: none, too many, each file, names twice', () => {
    const file = (name: string) => ({ name, size: 10 });
    expect(uploadBatchProblem([], max)).toEqual({ status: 400, message: uploadMessages.none });
    expect(
      uploadBatchProblem(
        ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => file(`${n}.pdf`)),
        max,
      ),
    ).toEqual({
      status: 400,
      message: 'At most 5 files can be uploaded at once',
    });
    expect(uploadBatchProblem([file('a.pdf'), file('b.exe')], max)?.status).toBe(415);
    expect(uploadBatchProblem([file('a.pdf'), file('A.PDF')], max)).toEqual({
      status: 400,
      message: 'A.PDF is chosen twice',
    });
    expect(uploadBatchProblem([file('a.pdf'), file('b.png')], max)).toBeNull();
    expect(accessUploadRules.maxFiles).toBe(5);
  });

  const ascii = (text: string) => new TextEncoder().encode(text);

  it('refuses content that is not what the name says, with 415', () => {
    expect(uploadContentProblem({ name: 'form.pdf', bytes: ascii('MZ not a pdf') }, max)).toEqual({
      status: 415,
      message: 'form.pdf is not a valid PDF file',
    });
    expect(uploadContentProblem({ name: 'f.docx', bytes: ascii('nope') }, max)?.message).toBe(
      'f.docx is not a valid Word (.docx) file',
    );
    expect(uploadContentProblem({ name: 'form.pdf', bytes: ascii('%PDF-1.4') }, max)).toBeNull();
    expect(uploadContentProblem({ name: 'form.pdf', bytes: new Uint8Array() }, max)?.message).toBe(
      uploadMessages.empty('form.pdf'),
    );
  });

  it('writes sizes people read', () => {
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(12)).toBe('12 bytes');
  });
});

describe('the ticket', () => {
  const site = {
    sitenumber: 'S0012',
    sitename: 'Northgate Library and Learning Commons',
    building: 'Building 4',
    street: '12 College Road',
    suburb: 'Northgate',
    postcode: '2600',
    accesstype: 4,
    accesshours: 'Business hours',
  };

  it('is titled with the site and the DD/MM/YY date on the operator calendar', () => {
    const request = { datetime: julyFirst, truncatename: false, emergency: false };
    expect(accessSubject(site, request, 'Australia/Sydney')).toBe(
      '[SITE ACCESS] S0012 Northgate Library and Learning Commons - 01/07/26',
    );
    // 08:00 in Sydney is still 30 June in London.
    expect(accessSubject(site, request, 'Europe/London')).toMatch(/ - 30\/06\/26$/);
    expect(accessSubject(site, { ...request, truncatename: true }, 'Australia/Sydney')).toBe(
      '[SITE ACCESS] S0012 Northgate Library and L… - 01/07/26',
    );
    expect(
      accessSubject({ ...site, sitename: 'Short' }, { ...request, truncatename: true }, 'Australia/Sydney'),
    ).toBe('[SITE ACCESS] S0012 Short - 01/07/26');
    expect(accessSubject(site, { ...request, emergency: true }, 'Australia/Sydney')).toMatch(
      /^\[SITE ACCESS\] \[EMERGENCY\] S0012/,
    );
  });

  it('describes the request in HTML with every value escaped', () => {
    const html = accessRequestHtml(
      { ...site, sitename: 'Lab <b>1</b>' },
      {
        technician: 'Terry <script>alert(1)</script>',
        datetime: julyFirst,
        reason: 'Maintenance Works',
        emergency: true,
        serviceaffecting: false,
        number: 42,
        additionaldetails: 'Line one\nline two\n\nNew "paragraph" & more',
      },
      {
        requestedBy: 'Ada Admin <ada@northgate.example>',
        attachments: ['form<1>.pdf'],
        timeZone: 'Australia/Sydney',
      },
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>1</b>');
    expect(html).toContain('S0012 Lab &lt;b&gt;1&lt;/b&gt;');
    expect(html).toContain('Building 4, 12 College Road, Northgate 2600');
    expect(html).toContain('<th>Access type</th><td>Access Form Required</td>');
    expect(html).toContain('<th>Date and time</th><td>Wednesday, July 1st 2026, 8:00 am AEST</td>');
    expect(html).toContain('<th>Reason</th><td>Maintenance Works</td>');
    expect(html).toContain('<th>Emergency</th><td>Yes</td>');
    expect(html).toContain('<th>Service affecting</th><td>No</td>');
    expect(html).toContain('<th>Ticket number</th><td>#42</td>');
    expect(html).toContain('<p>Line one<br>line two</p><p>New &quot;paragraph&quot; &amp; more</p>');
    expect(html).toContain('Attached: form&lt;1&gt;.pdf');
  });

  it('says what is missing rather than leaving cells empty', () => {
    const html = accessRequestHtml(
      { ...site, building: null, street: null, suburb: null, postcode: null, accesshours: null },
      {
        technician: 'T',
        datetime: julyFirst,
        reason: null,
        emergency: false,
        serviceaffecting: true,
        number: null,
        additionaldetails: '',
      },
      { requestedBy: 'x', attachments: [], timeZone: 'Australia/Sydney' },
    );
    expect(html).toContain('<th>Address</th><td>Not recorded</td>');
    expect(html).toContain('<th>Reason</th><td>Not given</td>');
    expect(html).toContain('<th>Ticket number</th><td>None</td>');
    expect(html).not.toContain('Access hours');
    expect(html).not.toContain('Attached');
  });

  it('has the spec 8 failure texts', () => {
    expect(accessMessages.submitFailed).toBe('An error occurred while submitting this access request!');
    expect(accessMessages.preflightFailed).toBe(
      'An error occurred while submitting this event for preflight. Please try again.',
    );
  });
});
