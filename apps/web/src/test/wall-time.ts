import { defaultPortalTimeZone, secondsAtWallTime } from '@lightpath/domain/time';

// The unix seconds at which the portal's default zone (the one tests run the app in) reads this wall
// time. Month from 1. Tests must not depend on the machine's own zone, as the app does not.
export function portalWallTime(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
): number {
  const seconds = secondsAtWallTime({ year, month, day, hour, minute }, defaultPortalTimeZone);
  if (seconds === null) throw new Error('That wall time does not exist in the portal zone');
  return seconds;
}
