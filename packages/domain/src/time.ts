// Time zones (decisions.md): every time a person reads or types is in the portal's zone
// (PORTAL_TIMEZONE, default Australia/Sydney), or in the zone a user chose in their profile, and is
// labelled with its abbreviation ('9:30 am AEDT'). The wire stays in unix seconds.

export const defaultPortalTimeZone = 'Australia/Sydney';

export const timeZoneMessages = {
  invalid: 'Choose a time zone from the list',
} as const;

// Zone names come from the IANA database as the runtime knows it; anything Intl refuses is not one.
export function isTimeZone(zone: string): boolean {
  if (zone.trim() === '' || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// Building an Intl.DateTimeFormat costs far more than using one: one per zone and purpose, kept.
const formats = new Map<string, Intl.DateTimeFormat>();
function cachedFormat(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

export type WallTime = { year: number; month: number; day: number; hour: number; minute: number };

// What a wall clock in the zone reads at that moment.
export function wallTimeIn(seconds: number, zone: string): WallTime {
  const format = cachedFormat(
    `parts:${zone}`,
    () =>
      new Intl.DateTimeFormat('en-AU', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      }),
  );
  const parts = Object.fromEntries(
    format.formatToParts(new Date(seconds * 1000)).map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
  };
}

const wallTimeAsUtcSeconds = (wall: WallTime) =>
  Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) / 1000;

// The moment a wall clock in the zone reads this time. Null when it never does (the date does not
// exist, or the clock skips it when summer time starts). When the clock reads it twice (summer time
// ends), the earlier moment.
export function secondsAtWallTime(wall: WallTime, zone: string): number | null {
  const asUtc = wallTimeAsUtcSeconds(wall);
  const check = new Date(asUtc * 1000);
  if (
    check.getUTCFullYear() !== wall.year ||
    check.getUTCMonth() !== wall.month - 1 ||
    check.getUTCDate() !== wall.day ||
    wall.hour > 23 ||
    wall.minute > 59
  )
    return null;
  // The zone's offset is at most a day either way: try the offsets in force a day before and after.
  const offsetAt = (seconds: number) => wallTimeAsUtcSeconds(wallTimeIn(seconds, zone)) - seconds;
  const candidates = [...new Set([offsetAt(asUtc - 86_400), offsetAt(asUtc), offsetAt(asUtc + 86_400)])]
    .map((offset) => asUtc - offset)
    .filter((seconds) => wallTimeAsUtcSeconds(wallTimeIn(seconds, zone)) === asUtc)
    .sort((a, b) => a - b);
  return candidates[0] ?? null;
}

// 'AEDT', 'AEST', 'UTC', or 'GMT+5:30' where the zone has no common abbreviation.
export function zoneAbbreviation(seconds: number, zone: string): string {
  const format = cachedFormat(
    `abbr:${zone}`,
    () => new Intl.DateTimeFormat('en-AU', { timeZone: zone, timeZoneName: 'short' }),
  );
  return (
    format.formatToParts(new Date(seconds * 1000)).find((part) => part.type === 'timeZoneName')?.value ?? zone
  );
}

// '25 Nov 2026, 9:30 am AEDT': the portal's everyday date and time, labelled with its zone.
export function formatZonedDateTime(seconds: number, zone: string): string {
  const format = cachedFormat(
    `datetime:${zone}`,
    () =>
      new Intl.DateTimeFormat('en-AU', {
        timeZone: zone,
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        hour12: true,
      }),
  );
  return `${format.format(new Date(seconds * 1000))} ${zoneAbbreviation(seconds, zone)}`;
}

// '9:30 am AEDT'.
export function formatZonedTime(seconds: number, zone: string): string {
  const format = cachedFormat(
    `time:${zone}`,
    () =>
      new Intl.DateTimeFormat('en-AU', { timeZone: zone, hour: 'numeric', minute: '2-digit', hour12: true }),
  );
  return `${format.format(new Date(seconds * 1000))} ${zoneAbbreviation(seconds, zone)}`;
}

// 'YYYY-MM-DD' and 'HH:MM', as <input type="date"> and <input type="time"> speak them, in the zone.
export function dateAndTimeInputsIn(seconds: number, zone: string): { date: string; time: string } {
  const wall = wallTimeIn(seconds, zone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`,
    time: `${pad(wall.hour)}:${pad(wall.minute)}`,
  };
}

// Reads 'YYYY-MM-DD' (and 'HH:MM', midnight when absent) as a wall time in the zone. Null when either
// is unreadable or the moment does not exist there.
export function secondsFromDateAndTimeInputs(date: string, time: string, zone: string): number | null {
  const dayMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  const clockMatch = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(time.trim() || '00:00');
  if (!dayMatch || !clockMatch) return null;
  const [year, month, day] = dayMatch.slice(1, 4).map(Number) as [number, number, number];
  const [hour, minute] = clockMatch.slice(1, 3).map(Number) as [number, number];
  return secondsAtWallTime({ year, month, day, hour, minute }, zone);
}
