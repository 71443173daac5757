import { describe, expect, it } from 'vitest';
import { ExternalSystemPaused, fetchPausedAfterFailure } from './failure-pause';

// A system under the test's control: each call takes the next outcome, and the calls are counted.
function system(outcomes: ('answer' | 'timeout' | 'refused' | 'hang')[]) {
  const calls: string[] = [];
  const pending: ((response: Response) => void)[] = [];
  const fetch = (async (input: string | URL | Request) => {
    calls.push(String(input));
    const outcome = outcomes.shift() ?? 'answer';
    if (outcome === 'answer') return new Response('{}', { status: 503 });
    if (outcome === 'timeout') throw new DOMException('The operation timed out.', 'TimeoutError');
    if (outcome === 'refused') throw new TypeError('fetch failed');
    return new Promise<Response>((done) => pending.push(done));
  }) as typeof globalThis.fetch;
  return { fetch, calls, answerPending: () => pending.shift()?.(new Response('{}')) };
}

describe('an external system that did not answer', () => {
  it('is not asked again until the pause is over, then one call finds out', async () => {
    let clock = 0;
    const target = system(['timeout', 'answer']);
    const paused = fetchPausedAfterFailure('Prometheus', 10_000, { fetch: target.fetch, now: () => clock });
    await expect(paused('http://prometheus/1')).rejects.toThrow('timed out');
    clock = 9_999;
    await expect(paused('http://prometheus/2')).rejects.toThrow(ExternalSystemPaused);
    await expect(paused('http://prometheus/2')).rejects.toThrow(
      'Prometheus did not answer 10 s ago, so it was not asked again yet',
    );
    expect(target.calls).toEqual(['http://prometheus/1']);
    clock = 10_000;
    // An answer of any status, even a 503, means the system is there.
    expect((await paused('http://prometheus/3')).status).toBe(503);
    expect((await paused('http://prometheus/4')).status).toBe(503);
    expect(target.calls).toEqual(['http://prometheus/1', 'http://prometheus/3', 'http://prometheus/4']);
  });

  it('lets one call through after the pause while the others still fail at once', async () => {
    let clock = 0;
    const target = system(['refused', 'hang']);
    const paused = fetchPausedAfterFailure('NetBox', 5_000, { fetch: target.fetch, now: () => clock });
    await expect(paused('http://netbox/a')).rejects.toThrow('fetch failed');
    clock = 6_000;
    const probe = paused('http://netbox/probe');
    await expect(paused('http://netbox/b')).rejects.toThrow(ExternalSystemPaused);
    target.answerPending();
    expect((await probe).status).toBe(200);
    await paused('http://netbox/c');
    expect(target.calls).toEqual(['http://netbox/a', 'http://netbox/probe', 'http://netbox/c']);
  });

  it('starts the pause again when the probe fails too', async () => {
    let clock = 0;
    const target = system(['timeout', 'timeout']);
    const paused = fetchPausedAfterFailure('Zabbix', 1_000, { fetch: target.fetch, now: () => clock });
    await expect(paused('http://zabbix/1')).rejects.toThrow('timed out');
    clock = 1_500;
    await expect(paused('http://zabbix/2')).rejects.toThrow('timed out');
    clock = 2_000;
    await expect(paused('http://zabbix/3')).rejects.toThrow(ExternalSystemPaused);
    expect(target.calls).toHaveLength(2);
  });

  it('does not count a caller giving up against the system', async () => {
    const target = {
      calls: 0,
      fetch: (async () => {
        target.calls += 1;
        if (target.calls === 1) throw new DOMException('The user aborted a request.', 'AbortError');
        return new Response('{}');
      }) as unknown as typeof fetch,
    };
    const paused = fetchPausedAfterFailure('AWX', 10_000, { fetch: target.fetch });
    await expect(paused('http://awx/1')).rejects.toThrow('aborted');
    expect((await paused('http://awx/2')).status).toBe(200);
  });

  it('asks every time when the pause is 0', async () => {
    const target = system(['timeout', 'timeout', 'answer']);
    const paused = fetchPausedAfterFailure('Zendesk', 0, { fetch: target.fetch });
    await expect(paused('http://zendesk/1')).rejects.toThrow('timed out');
    await expect(paused('http://zendesk/2')).rejects.toThrow('timed out');
    expect((await paused('http://zendesk/3')).status).toBe(503);
  });
});
