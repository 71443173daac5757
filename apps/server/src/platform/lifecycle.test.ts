import { healthMessages } from '@lightpath/domain/portal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demo, type TestApp } from '../test/helper';
import { startBackgroundJob } from './background-job';
import { stopGracefully } from './lifecycle';

const silentLog = { error: () => undefined } as never;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('a graceful stop', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('says not ready at once while it still serves, every reply closing its connection', async () => {
    const before = await t.call({ method: 'GET', url: '/api/user/me', as: demo.noc });
    expect(before.headers.connection).not.toBe('close');

    t.app.lifecycle.drain();
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ result: 'Failure', message: healthMessages.shuttingDown });
    expect(ready.headers.connection).toBe('close');
    // Liveness is not readiness: the process is fine, only leaving.
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    const during = await t.call({ method: 'GET', url: '/api/user/me', as: demo.noc });
    expect(during.statusCode).toBe(200);
    expect(during.headers.connection).toBe('close');
  });

  it('closes the app, waits for the work in hand, then runs its last steps', async () => {
    const steps: string[] = [];
    const other = await buildTestApp();
    const outcome = await stopGracefully({
      app: other.app,
      drainMs: 0,
      timeoutMs: 5000,
      stopWork: async () => {
        await sleep(50);
        steps.push('work finished');
      },
      finally: async () => {
        steps.push('finally');
      },
    });
    expect(outcome).toBe('stopped');
    expect(steps).toEqual(['work finished', 'finally']);
    await other.close();
  });

  it('gives up after its timeout when work does not finish', async () => {
    const other = await buildTestApp();
    const started = Date.now();
    const outcome = await stopGracefully({
      app: other.app,
      drainMs: 0,
      timeoutMs: 200,
      stopWork: () => new Promise(() => undefined),
      finally: async () => undefined,
    });
    expect(outcome).toBe('timed out');
    expect(Date.now() - started).toBeLessThan(2000);
    await other.close();
  });
});

describe('a background job', () => {
  it('stops by waiting for its round in flight, which its signal told to stop, and starts no other', async () => {
    let rounds = 0;
    let finished = 0;
    let sawStop = false;
    const stop = startBackgroundJob(
      'test job',
      silentLog,
      async (signal) => {
        rounds += 1;
        while (!signal.aborted) await sleep(5);
        sawStop = true;
        await sleep(30);
        finished += 1;
      },
      10,
    );
    await sleep(50);
    await stop();
    expect(sawStop).toBe(true);
    expect(finished).toBe(1);
    await sleep(50);
    expect(rounds).toBe(1);
  });
});
