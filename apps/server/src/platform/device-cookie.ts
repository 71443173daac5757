import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Device cookies (docs/decisions/014): proof that this browser signed in to this account before, so
// its sign-ins are not refused when strangers have been guessing the account's password. The value is
// `<device id>.<issued at, unix seconds>.<HMAC of account, device id and issued at>`; nothing else is
// stored, so any instance that holds the key can check it.

const namePrefix = 'lightpath_device_';
const lifetimeSeconds = 365 * 86_400;
const deviceIdPattern = /^[\w-]{22}$/;
const issuedAtPattern = /^\d{1,12}$/;

// One cookie per account, so a browser that several people use (a NOC console, a lab PC) stays known
// to each of them.
function cookieName(userId: number) {
  return `${namePrefix}${userId}`;
}

function signature(key: Buffer, userId: number, deviceId: string, issuedAt: number) {
  return createHmac('sha256', key).update(`${userId}.${deviceId}.${issuedAt}`).digest('base64url');
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

export function newDeviceId(): string {
  return randomBytes(16).toString('base64url');
}

// The Set-Cookie header for a browser that just signed in. HttpOnly: scripts never see it.
// SameSite=Strict and a path of /api/login: it travels with the portal's own sign-in request only.
export function deviceCookieHeader(
  key: Buffer,
  userId: number,
  deviceId: string,
  options: { secure: boolean; now?: number },
): string {
  const issuedAt = Math.floor((options.now ?? Date.now()) / 1000);
  return [
    `${cookieName(userId)}=${deviceId}.${issuedAt}.${signature(key, userId, deviceId, issuedAt)}`,
    `Max-Age=${lifetimeSeconds}`,
    'Path=/api/login',
    'HttpOnly',
    'SameSite=Strict',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

// The device id of a valid cookie for this account, or null for an unknown browser: no cookie, a
// forged or altered one, another account's, or one past its lifetime.
export function knownDeviceId(
  key: Buffer,
  cookieHeader: string | undefined,
  userId: number,
  now = Date.now(),
): string | null {
  const value = cookieValue(cookieHeader, cookieName(userId));
  const [deviceId, issued, given, ...extra] = value?.split('.') ?? [];
  if (!deviceId || !issued || !given || extra.length > 0) return null;
  if (!deviceIdPattern.test(deviceId) || !issuedAtPattern.test(issued)) return null;
  const age = now / 1000 - Number(issued);
  if (age > lifetimeSeconds || age < -300) return null;
  const expected = Buffer.from(signature(key, userId, deviceId, Number(issued)));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? deviceId : null;
}
