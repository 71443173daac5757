import { z } from 'zod';
import { listQuerySchema, recordIdSchema, text } from './api';
import { escapeHtml, formatPortalTime } from './events';
import { type AccessType, accessTypes, siteAddress } from './sites';
import { isTicketNumberInRange, ticketNumberMax, ticketNumberMessages } from './ticket-numbers';
import { hasSignature, uploadNameMaxLength, uploadNameMessages, uploadNameProblem } from './uploaded-files';

// Site access requests (spec 2.6, 3, 4, 5, 7.4, 8, 9): the Request Site Access wizard's rules and
// messages, the request body, the access form uploads and the ticket an access request becomes.

// Spec 3: the access types belong to the site record; they are defined with it.
export { type AccessType, accessTypes };

export function accessTypeLabel(accessType: number): string {
  return accessTypes[accessType as AccessType] ?? `Access type ${accessType}`;
}

// Spec 5 and 8, word for word where the spec gives the wording.
export const accessMessages = {
  notRequired: 'A Site Access Request is not required for this site',
  customerSystem: 'Site Access is to be requested via customer system',
  otherMeans: 'Site Access is to be requested via other means',
  formRequired: 'Site Access Form must be provided!',
  incomplete: 'Site Access Form is Incomplete!',
  submitFailed: 'An error occurred while submitting this access request!',
  preflightFailed: 'An error occurred while submitting this event for preflight. Please try again.',
  // Spec 5 gives no wording for these; they follow its style.
  ticketRange: ticketNumberMessages.accessRange,
  reasonInvalid: 'Reason must be one of the listed access reasons',
  siteDisabled: 'Site Access cannot be requested for a disabled site',
  siteMismatch: 'siteID must be the site the request is sent to',
  attachmentsTooMany: 'At most 5 files can go with an access request',
  attachmentUnknown: 'An attached file was not uploaded for this site, or is already used by another request',
  requestKeyReused: 'This Idempotency-Key belongs to an access request for another site',
  created: (ticketid: number) => `Ticket #${ticketid} created!`,
  loadFailed: 'An error occurred retrieving site access requests',
  uploadFailed: 'An error occurred while uploading the Site Access Form!',
} as const;

// The access types a request is refused for, with the message that says where to go instead.
const refusedTypes: Partial<Record<number, string>> = {
  0: accessMessages.notRequired,
  3: accessMessages.customerSystem,
  5: accessMessages.otherMeans,
};

// Spec 5: 1, 2 and 4 are requested through the portal; 4 needs the site's access form with it.
export function accessTypeRefusal(accessType: number): string | null {
  return refusedTypes[accessType] ?? null;
}
export function accessTypeNeedsForm(accessType: number): boolean {
  return accessType === 4;
}
// Courtesy notifications (2) are only a heads-up: the details may stay empty.
export function accessTypeNeedsDetails(accessType: number): boolean {
  return accessType === 1 || accessType === 4;
}

// Spec 9: the reasons offered, each with the details text that choosing it fills in.
export const accessReasons = [
  'Preventative Maintenance',
  'Maintenance Works',
  'Scheduled Works Access',
  'Outage Investigation',
  'Outage Restoration Works',
] as const;
export type AccessReason = (typeof accessReasons)[number];

export const accessReasonDetails: Record<AccessReason, string> = {
  'Preventative Maintenance':
    'Routine preventative maintenance of network equipment at this site: visual inspection, cleaning of filters and fans, and checks of power and alarms. No interruption to services is expected.',
  'Maintenance Works':
    'Maintenance works on network equipment at this site, such as replacing a faulty card, optic or power module.',
  'Scheduled Works Access':
    'Access for scheduled works already notified for this site. See the ticket number for the works notification.',
  'Outage Investigation':
    'Investigation of a network outage affecting services at this site. The technician needs access to the equipment to find the fault.',
  'Outage Restoration Works':
    'Works to restore services after a network outage at this site, such as repairing or replacing failed equipment or cabling.',
};

export function isAccessReason(value: unknown): value is AccessReason {
  return typeof value === 'string' && (accessReasons as readonly string[]).includes(value);
}

// Spec 5: choosing a reason prefills the details, except for courtesy notifications (type 2), whose
// details are the requester's own. Null: leave the details as they are.
export function prefillDetails(reason: AccessReason, accessType: number | null): string | null {
  if (accessType === 2) return null;
  return accessReasonDetails[reason];
}

export const accessDetailsMax = 5000;
export const accessTechnicianMax = 100;

// Unix seconds between 2000 and 2100: anything else is a typing slip or a millisecond value.
const earliestTime = 946_684_800;
const latestTime = 4_102_444_800;
function validTime(value: number | null): value is number {
  return value !== null && Number.isInteger(value) && value >= earliestTime && value <= latestTime;
}

// Step one of the wizard (spec 5), checked in the browser before the preflight and again on the
// server with the site's stored access type. `accesstype` null: no site chosen yet. `files`: how
// many access form files go with the request (chosen, or already uploaded tokens).
export type AccessStepOne = {
  accesstype: number | null;
  datetime: number | null;
  technician: string;
  details: string;
  number: number | null;
  files: number;
};

export type AccessProblem = {
  path: 'site' | 'datetime' | 'technician' | 'details' | 'number' | 'files';
  message: string;
};

// The first problem, in the order spec 5 lists them: what the site's access type says, the access
// form, then anything missing. The technician is required too, since the request names who comes.
export function accessStepOneProblem(values: AccessStepOne): AccessProblem | null {
  if (values.accesstype === null) return { path: 'site', message: accessMessages.incomplete };
  const refusal = accessTypeRefusal(values.accesstype);
  if (refusal) return { path: 'site', message: refusal };
  if (!(values.accesstype in accessTypes)) return { path: 'site', message: accessMessages.incomplete };
  if (accessTypeNeedsForm(values.accesstype) && values.files === 0)
    return { path: 'files', message: accessMessages.formRequired };
  if (!validTime(values.datetime)) return { path: 'datetime', message: accessMessages.incomplete };
  if (values.technician.trim() === '') return { path: 'technician', message: accessMessages.incomplete };
  if (accessTypeNeedsDetails(values.accesstype) && values.details.trim() === '')
    return { path: 'details', message: accessMessages.incomplete };
  if (values.number !== null && !isTicketNumberInRange(values.number, 0))
    return { path: 'number', message: accessMessages.ticketRange };
  if (values.files > accessUploadRules.maxFiles)
    return { path: 'files', message: accessMessages.attachmentsTooMany };
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Access form uploads (spec 7.4: POST site/{id}/access/form, multipart, each file under its own name).
//
// Allowed: PDF, PNG, JPEG, Word .docx and Excel .xlsx. Access forms are filled-in PDFs or Word and
// Excel templates, or a photo or scan of a signed paper form. The legacy binary Office formats (.doc,
// .xls) are refused: they carry macros and cannot be told apart from any other OLE file by a quick
// look, whereas every allowed type is checked by its first bytes (and the Office files by their
// parts) before it is stored. The browser's content type is never trusted; the server sets it from
// the checked type.

export type UploadKind = 'pdf' | 'png' | 'jpeg' | 'docx' | 'xlsx';

export const uploadKinds: Record<
  UploadKind,
  { extensions: readonly string[]; contentType: string; label: string }
> = {
  pdf: { extensions: ['pdf'], contentType: 'application/pdf', label: 'PDF' },
  png: { extensions: ['png'], contentType: 'image/png', label: 'PNG' },
  jpeg: { extensions: ['jpg', 'jpeg'], contentType: 'image/jpeg', label: 'JPEG' },
  docx: {
    extensions: ['docx'],
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    label: 'Word (.docx)',
  },
  xlsx: {
    extensions: ['xlsx'],
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    label: 'Excel (.xlsx)',
  },
};

export const defaultUploadMaxBytes = 10 * 1024 * 1024;

export const accessUploadRules = {
  maxFiles: 5,
  maxNameLength: uploadNameMaxLength,
  // For <input type="file" accept>: a hint for the browser's picker, not a check.
  accept: Object.values(uploadKinds)
    .flatMap((kind) => [...kind.extensions.map((e) => `.${e}`), kind.contentType])
    .join(','),
} as const;

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}

const allowedList = Object.values(uploadKinds)
  .map((kind) => kind.label)
  .join(', ');

export const uploadMessages = {
  none: 'Choose at least one file to upload',
  tooMany: `At most ${accessUploadRules.maxFiles} files can be uploaded at once`,
  notMultipart: 'Send the files as multipart/form-data',
  fieldsNotAllowed: 'Send only files, each under its own field name',
  nameInvalid: uploadNameMessages.invalid,
  nameTooLong: uploadNameMessages.tooLong,
  empty: (name: string) => `${name} is empty`,
  tooLarge: (name: string, maxBytes: number) => `${name} is larger than ${formatBytes(maxBytes)}`,
  typeNotAllowed: (name: string) => `${name} is not an allowed file type (${allowedList})`,
  contentMismatch: (name: string) => {
    const kind = uploadKindOf(name);
    return `${name} is not a valid ${kind ? uploadKinds[kind].label : ''} file`.replace('  ', ' ');
  },
  duplicateName: (name: string) => `${name} is chosen twice`,
} as const;

// Status codes of the refusals: 413 for size (decisions.md), 415 when the file is not one of the
// allowed types or its content is not what its name says, 400 for everything else.
export type UploadRefusal = { status: 400 | 413 | 415; message: string };

// The name rule every upload shares (uploaded-files.ts).
export function fileNameProblem(name: string): UploadRefusal | null {
  const problem = uploadNameProblem(name);
  return problem ? { status: 400, message: problem } : null;
}

export function uploadKindOf(name: string): UploadKind | null {
  const extension = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  if (!extension) return null;
  for (const [kind, rule] of Object.entries(uploadKinds))
    if (rule.extensions.includes(extension)) return kind as UploadKind;
  return null;
}

// What can be judged without the bytes: the name, the type by its extension and the size. The
// browser checks this before uploading; the server again, then looks at the content.
export function uploadProblem(file: { name: string; size: number }, maxBytes: number): UploadRefusal | null {
  const nameProblem = fileNameProblem(file.name);
  if (nameProblem) return nameProblem;
  if (uploadKindOf(file.name) === null)
    return { status: 415, message: uploadMessages.typeNotAllowed(file.name) };
  if (file.size === 0) return { status: 400, message: uploadMessages.empty(file.name) };
  if (file.size > maxBytes) return { status: 413, message: uploadMessages.tooLarge(file.name, maxBytes) };
  return null;
}

// The first problem of a whole upload: the number of files, then each file, then names chosen twice
// (the request would list two attachments nobody can tell apart).
export function uploadBatchProblem(
  files: readonly { name: string; size: number }[],
  maxBytes: number,
): UploadRefusal | null {
  if (files.length === 0) return { status: 400, message: uploadMessages.none };
  if (files.length > accessUploadRules.maxFiles) return { status: 400, message: uploadMessages.tooMany };
  for (const file of files) {
    const problem = uploadProblem(file, maxBytes);
    if (problem) return problem;
  }
  const seen = new Set<string>();
  for (const file of files) {
    const key = file.name.toLowerCase();
    if (seen.has(key)) return { status: 400, message: uploadMessages.duplicateName(file.name) };
    seen.add(key);
  }
  return null;
}

// Everything about one received file; null when it may be stored.
export function uploadContentProblem(
  file: { name: string; bytes: Uint8Array },
  maxBytes: number,
): UploadRefusal | null {
  const problem = uploadProblem({ name: file.name, size: file.bytes.length }, maxBytes);
  if (problem) return problem;
  const kind = uploadKindOf(file.name) as UploadKind;
  // Whether the content is what the name says, by its magic bytes.
  if (!hasSignature(kind, file.bytes))
    return { status: 415, message: uploadMessages.contentMismatch(file.name) };
  return null;
}

// One stored upload, as POST site/{id}/access/form answers it.
export type AccessAttachment = z.output<typeof accessAttachmentSchema>;

// ---------------------------------------------------------------------------------------------------
// The request (spec 7.4: POST site/{siteid}/access). Unknown fields are refused. The step-one rule
// needs the site's access type, so the server runs it once the site is read.

const incomplete = { error: accessMessages.incomplete };
export const attachmentTokenSchema = z
  .string({ error: accessMessages.attachmentUnknown })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, accessMessages.attachmentUnknown);

export const accessRequestSchema = z.strictObject({
  siteID: recordIdSchema(accessMessages.incomplete),
  number: z
    .number({ error: accessMessages.ticketRange })
    .int(accessMessages.ticketRange)
    .min(0, accessMessages.ticketRange)
    .max(ticketNumberMax, accessMessages.ticketRange)
    .nullable()
    .optional(),
  technician: text(accessTechnicianMax),
  datetime: z
    .number(incomplete)
    .int(accessMessages.incomplete)
    .min(earliestTime, accessMessages.incomplete)
    .max(latestTime, accessMessages.incomplete),
  addccs: z.boolean().default(false),
  emergency: z.boolean().default(false),
  truncatename: z.boolean().default(false),
  serviceaffecting: z.boolean().default(false),
  preflight: z.boolean().default(false),
  reason: z.enum(accessReasons, { error: accessMessages.reasonInvalid }).nullable().optional(),
  additionaldetails: z
    .string(incomplete)
    .trim()
    .max(accessDetailsMax, `Details must be at most ${accessDetailsMax} characters`)
    .default(''),
  attachments: z
    .array(attachmentTokenSchema, { error: accessMessages.attachmentUnknown })
    .max(accessUploadRules.maxFiles, accessMessages.attachmentsTooMany)
    .default([]),
});
export type AccessRequest = z.output<typeof accessRequestSchema>;
export type AccessRequestBody = z.input<typeof accessRequestSchema>;

// The ticket a request opens (or, with preflight, would open): spec 7.4's ticket.create.
export type AccessTicketPlan = AccessRequestReply['ticket']['create'];
export type AccessRequestReply = z.output<typeof accessRequestReplySchema>;

// One row of GET site/{siteid}/access.
export type AccessRequestRow = z.output<typeof accessRequestRowSchema>;

// ---------------------------------------------------------------------------------------------------
// The ticket: subject and opening comment.

export const truncatedNameLength = 24;

// Spec 9's ticket date, DD/MM/YY, on the operator's calendar.
function ticketDate(seconds: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-AU', { timeZone, day: '2-digit', month: '2-digit', year: '2-digit' })
      .formatToParts(new Date(seconds * 1000))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year}`;
}

// '[SITE ACCESS] S0012 Northgate Library - 01/07/26'. truncatename keeps long site names from pushing
// the date out of sight in narrow ticket lists.
export function accessSubject(
  site: { sitenumber: string; sitename: string },
  request: { datetime: number; truncatename: boolean; emergency: boolean },
  timeZone: string,
): string {
  const name =
    request.truncatename && site.sitename.length > truncatedNameLength
      ? `${site.sitename.slice(0, truncatedNameLength - 1).trimEnd()}…`
      : site.sitename;
  const prefix = request.emergency ? '[SITE ACCESS] [EMERGENCY]' : '[SITE ACCESS]';
  return `${prefix} ${site.sitenumber} ${name} - ${ticketDate(request.datetime, timeZone)}`;
}

export type AccessCommentSite = {
  sitenumber: string;
  sitename: string;
  building: string | null;
  street: string | null;
  suburb: string | null;
  postcode: string | null;
  accesstype: number;
  accesshours: string | null;
};

// The opening comment: every value escaped here, and the whole sanitised again by the server.
export function accessRequestHtml(
  site: AccessCommentSite,
  request: Pick<
    AccessRequest,
    'technician' | 'datetime' | 'reason' | 'emergency' | 'serviceaffecting' | 'number' | 'additionaldetails'
  >,
  context: { requestedBy: string; attachments: readonly string[]; timeZone: string },
): string {
  const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
  const rows: [string, string][] = [
    ['Site', `${site.sitenumber} ${site.sitename}`],
    ['Address', siteAddress(site) || 'Not recorded'],
    ['Access type', accessTypeLabel(site.accesstype)],
    ...(site.accesshours ? ([['Access hours', site.accesshours]] as [string, string][]) : []),
    ['Technician', request.technician],
    ['Date and time', formatPortalTime(request.datetime, context.timeZone)],
    ['Reason', request.reason ?? 'Not given'],
    ['Emergency', yesNo(request.emergency)],
    ['Service affecting', yesNo(request.serviceaffecting)],
    [
      'Ticket number',
      request.number === null || request.number === undefined ? 'None' : `#${request.number}`,
    ],
    ['Requested by', context.requestedBy],
  ];
  const table = rows
    .map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  const details = request.additionaldetails.trim();
  return [
    `<p>Site Access Request for <strong>${escapeHtml(`${site.sitenumber} ${site.sitename}`)}</strong></p>`,
    `<table><tbody>${table}</tbody></table>`,
    details
      ? `<p>${details
          .split(/\n{2,}/)
          .map((paragraph) => escapeHtml(paragraph).replace(/\n/g, '<br>'))
          .join('</p><p>')}</p>`
      : '',
    context.attachments.length > 0
      ? `<p>Attached: ${context.attachments.map((name) => escapeHtml(name)).join(', ')}</p>`
      : '',
  ]
    .filter(Boolean)
    .join('\n');
}

// The API contract (docs/decisions/023-one-api-contract.md): what the site access routes take and answer.
// An uploaded access form, named by the token that a request's attachments quote.
export const accessAttachmentSchema = z.object({
  token: z.string(),
  filename: z.string(),
  size: z.number(),
  contenttype: z.string(),
});
export const accessAttachmentsSchema = z.object({ attachments: z.array(accessAttachmentSchema) });

// A preflight answers the ticket that would be created (id null); a real request, the one it made.
export const accessRequestReplySchema = z.object({
  ticket: z.object({
    create: z.object({
      requester: z.string(),
      ccs: z.array(z.string()),
      attachments: z.array(z.string()),
      htmlcomment: z.string(),
      id: z.number().nullable(),
    }),
  }),
});

export const accessRequestListQuerySchema = listQuerySchema.pick({ limit: true, offset: true });

export const accessRequestRowSchema = z.object({
  requestid: z.number(),
  ticketid: z.number().nullable(),
  siteid: z.number(),
  accesstype: z.number(),
  technician: z.string(),
  datetime: z.number(),
  reason: z.string().nullable(),
  number: z.number().nullable(),
  emergency: z.boolean(),
  serviceaffecting: z.boolean(),
  details: z.string(),
  requestedby: z.string().nullable(),
  createdat: z.number(),
});
