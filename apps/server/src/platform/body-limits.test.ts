import { faqBodyMax } from '@lightpath/domain/faq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demo, type TestApp } from '../test/helper';
import { bodyLimits } from './body-limits';

// docs/decisions/044. An upload over its limit is tested where uploads are (access.test.ts, a file
// over UPLOAD_MAX_BYTES: 413 and nothing stored; invoices.test.ts the same for an invoice's PDF).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const tooLarge = { result: 'Failure', message: 'Request body is too large' };

function post(url: string, payload: string) {
  return t.call({
    method: 'POST',
    url,
    as: demo.noc,
    payload,
    headers: { 'content-type': 'application/json' },
  });
}

describe('request body limits', () => {
  it('refuses a JSON body over the default 64 KiB with 413 in the envelope, writing nothing', async () => {
    expect(t.config.bodyLimitBytes).toBe(64 * 1024);
    const before = await t.auditCount('contact.create');
    const body = JSON.stringify({
      contactname: 'Padding',
      email: 'pad@example.org',
      notes: 'x'.repeat(70_000),
    });
    const reply = await post('/api/contact', body);
    expect(reply.statusCode).toBe(413);
    expect(reply.json()).toEqual(tooLarge);
    expect(await t.auditCount('contact.create')).toBe(before);
  });

  it('takes a route’s own larger limit where its valid bodies need it, and refuses beyond that', async () => {
    // The longest FAQ article, each character written as a JSON escape: about 120 KB, valid.
    const longest = `{"title":"Body limits","body":"${'\\u20ac'.repeat(faqBodyMax)}"}`;
    expect(longest.length).toBeGreaterThan(t.config.bodyLimitBytes);
    expect(longest.length).toBeLessThan(bodyLimits.longText);
    const made = await post('/api/faq', longest);
    expect(made.statusCode, made.body.slice(0, 200)).toBe(201);

    const before = await t.auditCount('faq.create');
    const beyond = `{"title":"Too long","body":"${'x'.repeat(bodyLimits.longText)}"}`;
    const refused = await post('/api/faq', beyond);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual(tooLarge);
    expect(await t.auditCount('faq.create')).toBe(before);
  });
});
