import { z } from 'zod';
import { idSchema, listQuerySchema, recordIdSchema } from './api';
import { type CsvColumn, csvDateTime, csvTimeHeader } from './csv';
import type { UserType } from './user-types';

// Site check-in and check-out (spec 3, 4, 6, 8): who is standing in which site right now. A check-in is
// open while it has no check-out time; a user has at most one open check-in per site.

export const checkinMessages = {
  // Spec 8: the success toasts.
  checkedIn: (sitename: string) => `Checked into ${sitename}`,
  checkedOut: (sitename: string) => `Checked out from ${sitename}`,
  // Spec 8: a failure without a server message reads 'Check-out' (sic). The server always sends one of
  // the messages below, so this only shows when the server could not answer at all.
  failed: 'Check-out',
  loadFailed: 'An error occurred retrieving check-ins',
  alreadyCheckedIn: 'You are already checked in at this site. Check out before checking in again',
  notCheckedIn: 'You have no open check-in at this site to check out of',
  siteNotPhysical: 'Only physical sites take check-ins',
  siteDisabled: 'This site is disabled. Only field technicians can check in at disabled sites',
  siteRequired: 'Site is required',
  siteMismatch: 'The site in the request does not match the site in the address',
  timeInvalid: 'Time must be a whole number of seconds since 1970',
  checkinInFuture: 'Check-in time cannot be in the future',
  checkoutInFuture: 'Check-out time cannot be in the future',
  checkoutBeforeCheckin: 'Check-out time cannot be before the check-in time',
  userNotFound: 'User not found',
  othersForbidden: 'You can only see your own active check-ins',
} as const;

// A phone's clock may run a little ahead of the server's: a time up to this far in the future is
// taken as "now", anything further is refused.
export const checkinClockSkewSeconds = 300;

// Year 9999: far beyond any real time, but still a valid date wherever it is turned into one.
const maxUnixSeconds = 253_402_300_799;

const unixSeconds = z
  .number({ error: checkinMessages.timeInvalid })
  .int(checkinMessages.timeInvalid)
  .min(0, checkinMessages.timeInvalid)
  .max(maxUnixSeconds, checkinMessages.timeInvalid);

// Spec 7.4: POST site/{siteid}/checkin (siteid, checkintime). The time defaults to now.
export const checkinBodySchema = z.strictObject({
  siteid: recordIdSchema(checkinMessages.siteRequired),
  checkintime: unixSeconds.optional(),
});
export type CheckinBody = z.infer<typeof checkinBodySchema>;

// Spec 7.4: POST site/{siteid}/checkout (siteid, checkouttime). The time defaults to now.
export const checkoutBodySchema = z.strictObject({
  siteid: recordIdSchema(checkinMessages.siteRequired),
  checkouttime: unixSeconds.optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

// The body repeats the site of the path (spec 7.4 sends both); a body naming another site is a mistake
// the client must hear about rather than have one of the two silently win.
export function checkinSiteMismatch(pathSiteId: number, bodySiteId: number): string | null {
  return pathSiteId === bodySiteId ? null : checkinMessages.siteMismatch;
}

export type CheckinSiteFacts = { sitetype: number; status: number };

// Spec 6: non-technicians check in only at enabled physical sites; technicians (type 2) at any
// physical site, disabled ones included (a site being commissioned or decommissioned is still a place
// someone has to stand in).
export function checkinSiteProblem(site: CheckinSiteFacts, userType: UserType): string | null {
  if (site.sitetype !== 1) return checkinMessages.siteNotPhysical;
  if (userType !== 2 && site.status !== 1) return checkinMessages.siteDisabled;
  return null;
}

export function checkinSiteEligible(site: CheckinSiteFacts, userType: UserType): boolean {
  return checkinSiteProblem(site, userType) === null;
}

// The sites list filters that give exactly the eligible sites (GET /api/sites?sitetype=1[&status=1]).
export function checkinSiteFilter(userType: UserType): { sitetype: 1; status?: 1 } {
  return userType === 2 ? { sitetype: 1 } : { sitetype: 1, status: 1 };
}

export type CheckinMode = 'checkin' | 'checkout';

// Spec 4: with an open check-in at the chosen site the modal checks out, otherwise it checks in.
export function checkinModalMode(
  openCheckins: readonly { siteid: number; checkouttime?: number | null }[],
  siteid: number | null | undefined,
): CheckinMode {
  if (siteid === null || siteid === undefined) return 'checkin';
  return openCheckins.some((c) => c.siteid === siteid && (c.checkouttime ?? null) === null)
    ? 'checkout'
    : 'checkin';
}

export function checkinTimeProblem(checkintime: number, now: number): string | null {
  return checkintime > now + checkinClockSkewSeconds ? checkinMessages.checkinInFuture : null;
}

export function checkoutTimeProblem(checkouttime: number, checkintime: number, now: number): string | null {
  if (checkouttime > now + checkinClockSkewSeconds) return checkinMessages.checkoutInFuture;
  if (checkouttime < checkintime) return checkinMessages.checkoutBeforeCheckin;
  return null;
}

// A time a little in the future (within the skew) is stored as now, so no record ever starts or ends
// after the moment it was written.
export function effectiveCheckinTime(requested: number | undefined, now: number): number {
  return requested === undefined ? now : Math.min(requested, now);
}

export function checkinSuccessMessage(mode: CheckinMode, sitename: string): string {
  return mode === 'checkin' ? checkinMessages.checkedIn(sitename) : checkinMessages.checkedOut(sitename);
}

// Spec 8: the server's message when there is one, else 'Check-out'.
export function checkinFailureMessage(serverMessage: string | null | undefined): string {
  const message = serverMessage?.trim();
  return message ? message : checkinMessages.failed;
}

// GET /api/checkins, site/{siteid}/checkins and user/{id}/checkins/active: one check-in with who and
// where. `durationseconds` runs to the check-out, or to the time of the reply while still open.
export type CheckinRow = z.output<typeof checkinSchema>;

export const checkinSortFields = ['checkintime', 'checkouttime', 'sitename', 'username'] as const;
export type CheckinSortField = (typeof checkinSortFields)[number];

// Newest first unless asked otherwise: the check-ins that matter are the recent ones.
export const checkinDefaultSort = { field: 'checkintime', descending: true } as const;

export function checkinDurationSeconds(
  row: Pick<CheckinRow, 'checkintime' | 'checkouttime'>,
  now: number,
): number {
  return Math.max(0, (row.checkouttime ?? now) - row.checkintime);
}

// '45 min', '2 h 05 min', '3 d 4 h': long enough to spot someone who forgot to check out.
export function formatCheckinDuration(seconds: number): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

// The API contract (docs/decisions/023-one-api-contract.md): what the check-in routes take and answer.
export const checkinSchema = z.object({
  checkinid: z.number(),
  userid: z.number(),
  username: z.string(),
  siteid: z.number(),
  sitenumber: z.string(),
  sitename: z.string(),
  customercode: z.string(),
  checkintime: z.number(),
  checkouttime: z.number().nullable(),
  durationseconds: z.number().optional(),
});

const activeFilter = z
  .enum(['true', 'false'], { error: 'active must be true or false' })
  .transform((v) => v === 'true')
  .optional();

export const siteCheckinListQuerySchema = listQuerySchema.extend({
  active: activeFilter,
  userid: idSchema.optional(),
});
export const checkinListQuerySchema = siteCheckinListQuerySchema.extend({ siteid: idSchema.optional() });

// GET /api/export/checkins: the check-in history's filters and sort, without its paging.
export const checkinExportQuerySchema = checkinListQuerySchema.omit({ limit: true, offset: true });

// The check-in history as a CSV file: who was where and when, times on the reader's clock; someone
// still on site has no check-out and the time so far.
export function checkinCsvColumns(
  zone: string,
  now: number,
): readonly CsvColumn<z.output<typeof checkinSchema>>[] {
  return [
    { header: 'Person', value: (c) => c.username },
    { header: 'Site number', value: (c) => c.sitenumber },
    { header: 'Site', value: (c) => c.sitename },
    { header: 'Customer', value: (c) => c.customercode },
    { header: csvTimeHeader('Checked in', zone), value: (c) => csvDateTime(c.checkintime, zone) },
    { header: csvTimeHeader('Checked out', zone), value: (c) => csvDateTime(c.checkouttime, zone) },
    { header: 'Duration', value: (c) => formatCheckinDuration((c.checkouttime ?? now) - c.checkintime) },
  ];
}
