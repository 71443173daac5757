import { afterEach, describe, expect, it } from 'vitest';
import { takeEarlyReply } from './early-requests';

const reply = (body: string) => Promise.resolve(new Response(body));

afterEach(() => {
  delete window.__lightpathEarlyRequests;
});

describe('early replies', () => {
  it('are taken once, for the same path and token', async () => {
    window.__lightpathEarlyRequests = { 'user/me': { token: 'abc', reply: reply('me') } };
    const taken = takeEarlyReply('user/me', 'abc');
    expect(await (await taken!).text()).toBe('me');
    expect(takeEarlyReply('user/me', 'abc')).toBeUndefined();
  });

  it('are dropped when the token changed since they were started', () => {
    window.__lightpathEarlyRequests = { 'user/me': { token: 'old', reply: reply('me') } };
    expect(takeEarlyReply('user/me', 'new')).toBeUndefined();
    // And not offered again to the next ask with the old token.
    expect(takeEarlyReply('user/me', 'old')).toBeUndefined();
  });

  it('are not there for paths nobody started, or when the script did not run', () => {
    expect(takeEarlyReply('user/me', 'abc')).toBeUndefined();
    window.__lightpathEarlyRequests = { portal: { token: null, reply: reply('portal') } };
    expect(takeEarlyReply('customer/me', 'abc')).toBeUndefined();
    expect(takeEarlyReply('portal', null)).toBeDefined();
  });
});
