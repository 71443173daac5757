import { z } from 'zod';
import { listQuerySchema, text } from './api';
import type { CsvColumn } from './csv';
import { type UserType, userTypeNames } from './user-types';

// Spec 2.2 and issue 17: the API logs (type 1 only, permission apilogs.view). Every call to /api/*
// (the health check and the API reference's own pages excepted) is kept for API_LOG_RETENTION_DAYS
// with who made it, when, the method, the route and path, the status, how long it took and where it
// came from. Never a body, never a query string: both can hold secrets (docs/decisions/034).

// A period is read over at most this many days: the list and its export stay one index range of a
// month, whatever the retention setting.
export const apiLogMaxSpanDays = 31;
const daySeconds = 86_400;
// With no period given, the page and the API read the last day.
export const apiLogDefaultSpanSeconds = daySeconds;

export const apiLogMessages = {
  periodInvalid: 'From and to must be times (unix seconds)',
  periodReversed: 'The end of the period must not be before its start',
  periodTooLong: `The period must be at most ${apiLogMaxSpanDays} days`,
  methodInvalid: 'Method must be one of GET, POST, PUT, PATCH, DELETE',
  statusInvalid: 'Status must be a code such as 404 or a class such as 4xx',
  addressInvalid: 'Address may hold only the characters of an IPv4 or IPv6 address',
  loadFailed: 'An error occurred retrieving the API logs',
} as const;

export const apiLogMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type ApiLogMethod = (typeof apiLogMethods)[number];

export const apiLogStatusClasses = ['2xx', '3xx', '4xx', '5xx'] as const;

// '404' is that code, '4xx' every code from 400 to 499.
export function statusRange(status: string): { min: number; max: number } {
  if (status.endsWith('xx')) {
    const hundreds = Number(status[0]) * 100;
    return { min: hundreds, max: hundreds + 99 };
  }
  const code = Number(status);
  return { min: code, max: code };
}

export type StatusTone = 'success' | 'redirect' | 'client' | 'server';
export function statusTone(status: number): StatusTone {
  if (status >= 500) return 'server';
  if (status >= 400) return 'client';
  if (status >= 300) return 'redirect';
  return 'success';
}

export const apiLogSortFields = ['time', 'duration'] as const;

const maxUnixSeconds = 253_402_300_799;
const unixSeconds = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : value),
  z
    .number({ error: apiLogMessages.periodInvalid })
    .int(apiLogMessages.periodInvalid)
    .min(0, apiLogMessages.periodInvalid)
    .max(maxUnixSeconds, apiLogMessages.periodInvalid),
);

const apiLogFilterFields = {
  from: unixSeconds.optional(),
  to: unixSeconds.optional(),
  method: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(apiLogMethods, { error: apiLogMessages.methodInvalid }))
    .optional(),
  status: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[1-5](?:xx|\d\d)$/, apiLogMessages.statusInvalid)
    .optional(),
  // Part of the caller's e-mail.
  user: text(200).optional(),
  // Part of the route pattern (/api/site/:siteid) or of the path as called (/api/site/42).
  route: text(200).optional(),
  // The start of a client address: '10.1.' finds every 10.1.x.x.
  address: z
    .string()
    .trim()
    .max(45, apiLogMessages.addressInvalid)
    .regex(/^[0-9a-fA-F.:]*$/, apiLogMessages.addressInvalid)
    .optional(),
};

// The period's rules, for the list and its export alike, on the period as it will be read (a missing
// end is now, a missing start a day before the end): an end before the start, or a span over the
// maximum, is a 400 on `to`, the field a person would change.
function periodProblem(
  input: { from?: number | undefined; to?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  const { from, to } = resolvePeriod(input, Math.floor(Date.now() / 1000));
  if (to < from) ctx.addIssue({ code: 'custom', path: ['to'], message: apiLogMessages.periodReversed });
  else if (to - from > apiLogMaxSpanDays * daySeconds)
    ctx.addIssue({ code: 'custom', path: ['to'], message: apiLogMessages.periodTooLong });
}

const apiLogListQueryFields = listQuerySchema.extend(apiLogFilterFields);
export const apiLogListQuerySchema = apiLogListQueryFields.superRefine(periodProblem);
export const apiLogExportQuerySchema = apiLogListQueryFields
  .omit({ limit: true, offset: true })
  .superRefine(periodProblem);
export type ApiLogFilter = Omit<z.infer<typeof apiLogExportQuerySchema>, 'sort'>;

// The period as read: [from, to] in unix seconds, from the query's own values or the defaults.
export function resolvePeriod(
  input: { from?: number | undefined; to?: number | undefined },
  nowSeconds: number,
): { from: number; to: number } {
  const to = input.to ?? nowSeconds;
  return { from: input.from ?? to - apiLogDefaultSpanSeconds, to };
}

export const apiLogSchema = z.object({
  id: z.number(),
  // Unix seconds with milliseconds (a fraction): calls in the same second stay in order on screen.
  time: z.number(),
  userid: z.number().nullable(),
  email: z.string().nullable(),
  // The effective customer and role: while the NOC impersonates, the customer and role it acts as.
  customerid: z.number().nullable(),
  customercode: z.string().nullable(),
  actingtype: z.number().nullable(),
  method: z.string(),
  // The route's pattern (/api/site/:siteid); null when no route matched (a 404 or 405).
  route: z.string().nullable(),
  path: z.string(),
  status: z.number(),
  // Identical calls in one second (same caller, path, status, address and agent) are one record:
  // how many, their mean duration and the longest.
  calls: z.number(),
  durationms: z.number(),
  maxdurationms: z.number().nullable(),
  address: z.string().nullable(),
  useragent: z.string().nullable(),
  requestid: z.string().nullable(),
});
export type ApiLog = z.output<typeof apiLogSchema>;

// The longest user agent kept: enough to tell a browser, a script and its version apart.
export const apiLogUserAgentMax = 200;

export function actingAs(log: Pick<ApiLog, 'actingtype' | 'customercode'>): string | null {
  if (log.actingtype === null) return null;
  const role = userTypeNames[log.actingtype as UserType] ?? `type ${log.actingtype}`;
  return log.customercode ? `${role}, ${log.customercode}` : role;
}

// The API logs as a CSV file (GET /api/export/apilogs). The time is written as ISO 8601 in UTC (a
// spreadsheet sorts it, and its zone is in the text) beside the unix seconds.
export const apiLogCsvColumns: readonly CsvColumn<ApiLog>[] = [
  { header: 'Time (UTC)', value: (log) => new Date(log.time * 1000).toISOString() },
  { header: 'User', value: (log) => log.email },
  { header: 'User id', value: (log) => log.userid },
  { header: 'Customer', value: (log) => log.customercode },
  { header: 'Acting as', value: (log) => actingAs(log) },
  { header: 'Method', value: (log) => log.method },
  { header: 'Route', value: (log) => log.route },
  { header: 'Path', value: (log) => log.path },
  { header: 'Status', value: (log) => log.status },
  { header: 'Calls', value: (log) => log.calls },
  { header: 'Duration (ms)', value: (log) => log.durationms },
  { header: 'Longest (ms)', value: (log) => log.maxdurationms ?? log.durationms },
  { header: 'Address', value: (log) => log.address },
  { header: 'User agent', value: (log) => log.useragent },
  { header: 'Request id', value: (log) => log.requestid },
];
