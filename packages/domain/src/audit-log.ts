import { z } from 'zod';
import { listQuerySchema, text } from './api';
import { actingAs } from './api-logs';
import { type CsvColumn, csvDateTime, csvTimeHeader } from './csv';

// Issue 19 item 6: the NOC's audit log screen (permission audit.view, type 1 only). Every write the
// portal makes is audited in the same transaction (apps/server/src/platform/audit.ts): who (the real
// user, and the customer and role acted as while impersonating), what (an action such as
// 'site.delete' on an entity and its id, with the fields that changed, secrets never kept), when and
// from which address. The screen reads it; nothing writes to it but the writes it records.

export const auditLogMessages = {
  periodInvalid: 'From and to must be times (unix seconds)',
  periodReversed: 'The end of the period must not be before its start',
  loadFailed: 'An error occurred retrieving the audit log',
} as const;

// Areas an action belongs to, for the page's filter: the text before the first dot of the action.
export const auditAreas = [
  'access',
  'awx',
  'calendar',
  'checkin',
  'contact',
  'crossconnect',
  'customer',
  'equipment',
  'event',
  'faq',
  'invoice',
  'notification',
  'rackspace',
  'service',
  'session',
  'site',
  'sparepart',
  'thirdparty',
  'ticket',
  'user',
  'zabbix',
] as const;

export type AuditArea = (typeof auditAreas)[number];

// The area's name on the page's Action filter.
export const auditAreaLabels: Record<AuditArea, string> = {
  access: 'Site access',
  awx: 'AWX jobs',
  calendar: 'Calendar feeds',
  checkin: 'Check-ins',
  contact: 'Contacts',
  crossconnect: 'Cross-connects',
  customer: 'Customers',
  equipment: 'Equipment',
  event: 'Events',
  faq: 'FAQ',
  invoice: 'Invoices',
  notification: 'Service notifications',
  rackspace: 'Rack spaces',
  service: 'Services',
  session: 'Sign-in and impersonation',
  site: 'Sites',
  sparepart: 'Spare parts',
  thirdparty: 'Third-party services',
  ticket: 'Tickets',
  user: 'Users',
  zabbix: 'Zabbix mutes',
};

export const auditLogSortFields = ['time'] as const;

const unixSeconds = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : value),
  z
    .number({ error: auditLogMessages.periodInvalid })
    .int(auditLogMessages.periodInvalid)
    .min(0, auditLogMessages.periodInvalid)
    .max(253_402_300_799, auditLogMessages.periodInvalid),
);

const auditLogQueryFields = listQuerySchema.extend({
  from: unixSeconds.optional(),
  to: unixSeconds.optional(),
  // Part of the real user's e-mail.
  user: text(200).optional(),
  // An action exactly ('site.delete') or an area ('site', every action on sites).
  action: text(100).optional(),
  // A record: the entity's id as written ('42', 'SVC-000123').
  entityid: text(100).optional(),
});

function periodProblem(input: { from?: number | undefined; to?: number | undefined }, ctx: z.RefinementCtx) {
  if (input.from !== undefined && input.to !== undefined && input.to < input.from)
    ctx.addIssue({ code: 'custom', path: ['to'], message: auditLogMessages.periodReversed });
}

export const auditLogListQuerySchema = auditLogQueryFields.superRefine(periodProblem);
export const auditLogExportQuerySchema = auditLogQueryFields
  .omit({ limit: true, offset: true })
  .superRefine(periodProblem);
export type AuditLogFilter = Omit<z.infer<typeof auditLogExportQuerySchema>, 'sort'>;

export const auditEntrySchema = z.object({
  id: z.number(),
  time: z.number(),
  userid: z.number().nullable(),
  email: z.string().nullable(),
  customerid: z.number().nullable(),
  customercode: z.string().nullable(),
  actingtype: z.number().nullable(),
  action: z.string(),
  entity: z.string(),
  entityid: z.string().nullable(),
  // The record's name as it reads now (a user's e-mail, a site's name); null where the id is the name
  // (a service), for kinds without one, and for a record deleted since.
  entityname: z.string().nullable(),
  // What the write changed or named, as its service recorded it; never a password or token.
  detail: z.record(z.string(), z.unknown()).nullable(),
  address: z.string().nullable(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

// 'name: Main Campus; status: 2', for a table cell and the CSV: the detail in one line.
export function auditDetailText(detail: AuditEntry['detail']): string {
  if (!detail) return '';
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('; ');
}

export function auditCsvColumns(zone: string): readonly CsvColumn<AuditEntry>[] {
  return [
    { header: csvTimeHeader('Time', zone), value: (entry) => csvDateTime(entry.time, zone) },
    { header: 'User', value: (entry) => entry.email },
    { header: 'Acting as', value: (entry) => actingAs(entry) },
    { header: 'Action', value: (entry) => entry.action },
    { header: 'Entity', value: (entry) => entry.entity },
    { header: 'Entity id', value: (entry) => entry.entityid },
    { header: 'Entity name', value: (entry) => entry.entityname },
    { header: 'Detail', value: (entry) => auditDetailText(entry.detail) },
    { header: 'Address', value: (entry) => entry.address },
  ];
}
