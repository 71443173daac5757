import {
  dateAndTimeInputsIn,
  defaultPortalTimeZone,
  formatZonedDateTime,
  formatZonedTime,
  secondsFromDateAndTimeInputs,
  wallTimeIn,
  zoneAbbreviation,
} from '@lightpath/domain/time';

// Every time a person reads or types is in one zone (decisions.md): the one they chose in their
// profile, else the portal's (PORTAL_TIMEZONE, from GET /api/portal), never the browser's. The
// signed-in guard sets both before any page renders; a module value rather than a context, because
// plain formatting helpers and form-value converters need it as much as components do.
let portalZone = defaultPortalTimeZone;
let displayZone = defaultPortalTimeZone;

export function setTimeZones(zones: { portal: string; user: string | null }) {
  portalZone = zones.portal;
  displayZone = zones.user ?? zones.portal;
}

// The zone shared documents are written in (ticket subjects and texts, as the server writes them).
export function portalTimeZone(): string {
  return portalZone;
}

// The zone this user reads and types times in.
export function displayTimeZone(): string {
  return displayZone;
}

// 'AEDT' now (or at the given moment): the label beside a time input.
export function displayZoneAbbreviation(atSeconds = Math.floor(Date.now() / 1000)): string {
  return zoneAbbreviation(atSeconds, displayZone);
}

// The hour of the day on the reader's clock (a greeting says good morning in their zone, not the browser's).
export function displayHour(atSeconds = Math.floor(Date.now() / 1000)): number {
  return wallTimeIn(atSeconds, displayZone).hour;
}

export function formatDisplayDateTime(seconds: number): string {
  return formatZonedDateTime(seconds, displayZone);
}

export function formatDisplayTime(seconds: number): string {
  return formatZonedTime(seconds, displayZone);
}

// A field that is only partly filled in, or holds no real moment, must not pass as empty: -1 is never
// a valid time, so the domain rules answer their own 'dates' message for it.
export const unreadableTime = -1;

// Unix seconds from <input type="date"> and <input type="time"> values, read in the display zone.
// Null when both are empty.
export function secondsFromInputs(date: string, time: string): number | null {
  if (date.trim() === '' && time.trim() === '') return null;
  if (time.trim() === '') return unreadableTime;
  return secondsFromDateAndTimeInputs(date, time, displayZone) ?? unreadableTime;
}

export function inputsFromSeconds(seconds: number | null): { date: string; time: string } {
  if (!seconds) return { date: '', time: '' };
  return dateAndTimeInputsIn(seconds, displayZone);
}

// From the start of the first day to the last second of the last day, in the display zone.
export function daySpanSeconds(from: string, to: string): { start: number; end: number } | null {
  const start = secondsFromDateAndTimeInputs(from, '', displayZone);
  const last = secondsFromDateAndTimeInputs(to, '', displayZone);
  if (start === null || last === null) return null;
  const [y, m, d] = to.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  const nextDay = `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, '0')}-${String(next.getUTCDate()).padStart(2, '0')}`;
  const end = secondsFromDateAndTimeInputs(nextDay, '', displayZone);
  return end === null ? null : { start, end: end - 1 };
}

// 'YYYY-MM-DD' of the day it is in the display zone at that moment, days added.
export function dayInputValue(atSeconds: number, addDays = 0): string {
  return dateAndTimeInputsIn(atSeconds + addDays * 86_400, displayZone).date;
}

// 'Start time (AEDT)': a time input says which zone it is read in.
export function labelWithZone(label: string): string {
  return `${label} (${displayZoneAbbreviation()})`;
}
