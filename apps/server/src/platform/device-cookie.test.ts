import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deviceCookieHeader, knownDeviceId, newDeviceId } from './device-cookie';

const key = randomBytes(32);
const issuedAt = Date.UTC(2026, 0, 1);
const day = 86_400_000;

// The name=value part a browser sends back.
function sent(userId: number, deviceId: string, options: { secure?: boolean; now?: number } = {}) {
  return deviceCookieHeader(key, userId, deviceId, {
    secure: options.secure ?? false,
    now: options.now ?? issuedAt,
  }).split(';')[0]!;
}

describe('device cookies', () => {
  it('name the device for the account they were issued to', () => {
    const device = newDeviceId();
    expect(knownDeviceId(key, sent(7, device), 7, issuedAt + day)).toBe(device);
    expect(knownDeviceId(key, `theme=dark; ${sent(7, device)}; other=1`, 7, issuedAt + day)).toBe(device);
  });

  it('are unknown for another account, another key, or past their year', () => {
    const device = newDeviceId();
    expect(knownDeviceId(key, sent(7, device), 8, issuedAt + day)).toBeNull();
    expect(knownDeviceId(key, sent(7, device).replace('_7=', '_8='), 8, issuedAt + day)).toBeNull();
    expect(knownDeviceId(randomBytes(32), sent(7, device), 7, issuedAt + day)).toBeNull();
    expect(knownDeviceId(key, sent(7, device), 7, issuedAt + 364 * day)).toBe(device);
    expect(knownDeviceId(key, sent(7, device), 7, issuedAt + 366 * day)).toBeNull();
    // Issued in the future (beyond clock skew between instances): not trusted either.
    expect(knownDeviceId(key, sent(7, device, { now: issuedAt + day }), 7, issuedAt)).toBeNull();
  });

  it('are unknown when missing or malformed', () => {
    for (const header of [
      undefined,
      '',
      'lightpath_device_7=',
      'lightpath_device_7=a.b.c',
      'lightpath_device_7=x.1.y.z',
    ]) {
      expect(knownDeviceId(key, header, 7, issuedAt), String(header)).toBeNull();
    }
  });

  it('are Secure when the portal is served over HTTPS', () => {
    expect(deviceCookieHeader(key, 7, newDeviceId(), { secure: true })).toMatch(/; Secure$/);
  });
});
