import { describe, expect, it } from 'vitest';
import {
  integrationErrorMaxLength,
  integrationErrorText,
  integrationFailing,
  publicAddress,
} from './integrations';

describe('publicAddress', () => {
  it.each([
    ['https://meridian.zendesk.com', 'https://meridian.zendesk.com'],
    ['https://meridian.zendesk.com/', 'https://meridian.zendesk.com'],
    ['http://127.0.0.1:9090/prometheus/', 'http://127.0.0.1:9090/prometheus/'],
    ['smtp://portal:s3cret@mail.example.org:587', 'smtp://mail.example.org:587'],
    ['smtps://user@mail.example.org/?pool=true#x', 'smtps://mail.example.org'],
    ['https://netbox.example.org/?token=abc', 'https://netbox.example.org'],
    ['not a url', null],
    ['', null],
    [null, null],
  ])('%s → %s', (url, shown) => {
    expect(publicAddress(url)).toBe(shown);
  });
});

describe('integrationErrorText', () => {
  it('cuts credentials out of URLs and keeps one line', () => {
    expect(integrationErrorText('connect ECONNREFUSED\n  smtp://portal:s3cret@mail.example.org:587')).toBe(
      'connect ECONNREFUSED smtp://mail.example.org:587',
    );
  });

  it('bounds the length', () => {
    const text = integrationErrorText('x'.repeat(2000));
    expect(text).toHaveLength(integrationErrorMaxLength);
    expect(text.endsWith('…')).toBe(true);
  });
});

describe('integrationFailing', () => {
  it.each([
    [null, null, false],
    [100, null, false],
    [null, 100, true],
    [100, 200, true],
    [200, 100, false],
  ])('last success %s, last error %s → failing %s', (lastsuccess, lasterror, failing) => {
    expect(integrationFailing({ lastsuccess, lasterror })).toBe(failing);
  });
});
