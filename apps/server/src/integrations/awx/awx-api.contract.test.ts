import { awxOngoingStatuses } from '@lightpath/domain/awx';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AwxError, type AwxJobInfo, parseAwxResult } from './awx';
import { awxApi, linesOfEvent } from './awx-api';
import { type FakeAwx, type FakePlay, type FakeTemplate, startFakeAwx } from './fake';

// The AWX client against a fake AWX on loopback (fake.ts) that speaks API v2's shapes: real HTTP, real
// timing (short), jobs moving through AWX's states on their own.

// Each state lasts long enough for a poll to see it even on a busy machine.
const timing = { pendingMs: 200, waitingMs: 200, eventMs: 15, processingMs: 40 };

const showPlay = (devices: string[]): FakePlay => ({
  name: 'Lightpath show',
  hosts: devices,
  tasks: [
    { name: 'Read the MAC table', results: devices.map((host) => ({ host, status: 'ok' as const })) },
    {
      name: 'Report',
      results: devices.map((host) => ({
        host,
        status: 'ok' as const,
        lines: [
          `"msg": "LIGHTPATH_RESULT {\\"operation\\":\\"mactable\\",\\"devices\\":{\\"${host}\\":[]}}"`,
        ],
      })),
    },
  ],
});

function templates(): FakeTemplate[] {
  return [
    {
      name: 'lightpath-show',
      askVariablesOnLaunch: true,
      askLimitOnLaunch: true,
      playbook: ({ extraVars }) => showPlay(extraVars.lightpath_devices as string[]),
    },
    {
      name: 'lightpath-run-bounceport',
      askVariablesOnLaunch: true,
      askLimitOnLaunch: true,
      // A long play, to be canceled while it runs.
      playbook: ({ extraVars }) => ({
        name: 'Bounce port',
        hosts: extraVars.lightpath_devices as string[],
        tasks: Array.from({ length: 40 }, (_, i) => ({
          name: `Step ${i + 1}`,
          results: (extraVars.lightpath_devices as string[]).map((host) => ({
            host,
            status: 'changed' as const,
          })),
        })),
      }),
    },
    {
      // Someone turned off Prompt on launch for variables: AWX would run it on every host without them.
      name: 'lightpath-get',
      askVariablesOnLaunch: false,
      askLimitOnLaunch: true,
      playbook: () => ({ name: 'Get', hosts: ['every-host'], tasks: [] }),
    },
    {
      name: 'lightpath-run-clearmactable',
      askVariablesOnLaunch: true,
      askLimitOnLaunch: true,
      playbook: ({ extraVars }) => ({
        name: 'Clear MAC table',
        hosts: extraVars.lightpath_devices as string[],
        tasks: [
          {
            name: 'Clear',
            results: (extraVars.lightpath_devices as string[]).map((host, i) =>
              i === 0
                ? { host, status: 'failed' as const, lines: ['{"changed": false, "msg": "command timeout"}'] }
                : { host, status: 'changed' as const },
            ),
          },
        ],
      }),
    },
    {
      name: 'lightpath-run-resetipsec',
      askVariablesOnLaunch: true,
      askLimitOnLaunch: true,
      errorExplanation: 'Job terminated due to error',
      playbook: () => ({ name: 'Reset IPsec', hosts: [], tasks: [] }),
    },
    {
      name: 'lightpath-run-rollbackcompare',
      askVariablesOnLaunch: true,
      askLimitOnLaunch: true,
      project: null,
      playbook: () => ({ name: 'Rollback compare', hosts: [], tasks: [] }),
    },
  ];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the AWX client against a fake AWX API v2 on loopback', () => {
  let awx: FakeAwx;
  const client = (options: Partial<Parameters<typeof awxApi>[0]> = {}) =>
    awxApi({ url: awx.url, token: awx.token, timeoutMs: 2000, ...options });

  beforeAll(async () => {
    awx = await startFakeAwx({ templates: templates(), timing });
  });
  afterAll(async () => {
    await awx.close();
  });
  afterEach(() => {
    awx.stallMs = 0;
  });

  async function untilDone(jobId: number, api = client()) {
    const seen: string[] = [];
    let job: AwxJobInfo;
    const output: string[] = [];
    let line = 0;
    let reads = 0;
    for (;;) {
      job = await api.job(jobId);
      if (seen.at(-1) !== job.status) seen.push(job.status);
      const chunk = await api.output(jobId, line);
      output.push(...chunk.lines);
      line = chunk.nextLine;
      reads += chunk.lines.length > 0 ? 1 : 0;
      if (!awxOngoingStatuses.includes(job.status) && job.outputComplete) break;
      await sleep(10);
    }
    return { job, seen, output, line, reads };
  }

  it('finds a template by name and keeps it for a while', async () => {
    const api = client();
    const before = awx.requests.length;
    const template = await api.findTemplate('lightpath-show');
    expect(template).toMatchObject({
      name: 'lightpath-show',
      askVariablesOnLaunch: true,
      askLimitOnLaunch: true,
    });
    expect(await api.findTemplate('lightpath-show')).toEqual(template);
    expect(awx.requests.length - before).toBe(1);
    expect(await api.findTemplate('no-such-template')).toBeNull();
  });

  it('launches, follows the job to the end reading only new lines, and reads its host summaries', async () => {
    const api = client();
    const launched = await api.launch({ operation: 'show/mactable', devices: ['S0002pe', 'S0003pe'] });
    expect(launched.status).toBe('pending');
    expect(launched.template.name).toBe('lightpath-show');
    const { job, seen, output, line, reads } = await untilDone(launched.jobId, api);
    expect(seen).toEqual(['pending', 'waiting', 'running', 'successful']);
    expect(job).toMatchObject({
      failed: false,
      explanation: '',
      limit: 'S0002pe,S0003pe',
      outputComplete: true,
    });
    expect(job.started).not.toBeNull();
    expect(new Date(job.finished!).getTime()).toBeGreaterThan(new Date(job.started!).getTime());
    expect(job.elapsed).toBeGreaterThan(0);
    // The output arrived over several reads, each with only what was new, and adds up to the whole.
    expect(reads).toBeGreaterThan(2);
    expect(output.length).toBe(line);
    const whole = await api.output(launched.jobId, 0);
    expect(whole.lines).toEqual(output);
    expect(output).toContain('ok: [S0002pe]');
    expect(output.some((l) => l.startsWith('PLAY RECAP'))).toBe(true);
    expect(output.at(-1)).toMatch(/^S0003pe\s+: ok=2 +changed=0 +unreachable=0 +failed=0/);
    expect(parseAwxResult(output)).toEqual({ operation: 'mactable', devices: { S0003pe: [] } });
    // The middle of the output from any line on.
    expect((await api.output(launched.jobId, 5)).lines).toEqual(output.slice(5));
    const clean = {
      ok: 2,
      changed: 0,
      failures: 0,
      dark: 0,
      skipped: 0,
      ignored: 0,
      rescued: 0,
      failed: false,
    };
    expect(await api.hostSummaries(launched.jobId)).toEqual(
      ['S0002pe', 'S0003pe'].map((host) => ({ host, ...clean })),
    );
    // What went over the wire: the portal's variables and the limit, slash-ended paths, a Bearer token.
    const launchRequest = awx.requests.find((r) => r.path.endsWith('/launch/'));
    expect(launchRequest?.method).toBe('POST');
    expect(awx.requests.every((r) => r.path.endsWith('/'))).toBe(true);
    const events = awx.requests.filter((r) => r.path.endsWith('/job_events/'));
    expect(events.at(-1)?.search).toContain('order_by=start_line');
  });

  it('passes the devices, ports and operation as extra_vars and the devices as the limit', async () => {
    const api = client();
    const launched = await api.launch({
      operation: 'run/bounceport',
      devices: ['S0002pe'],
      ports: { S0002pe: ['xe-0/0/5'] },
      filter: 'LOS',
      vars: { reason: 'flapping' },
    });
    const job = await api.job(launched.jobId);
    expect(job.limit).toBe('S0002pe');
    const detail = (await (
      await fetch(`${awx.url}/api/v2/jobs/${launched.jobId}/`, {
        headers: { authorization: `Bearer ${awx.token}` },
      })
    ).json()) as { extra_vars: string };
    expect(JSON.parse(detail.extra_vars)).toEqual({
      reason: 'flapping',
      lightpath_operation: 'bounceport',
      lightpath_devices: ['S0002pe'],
      lightpath_ports: { S0002pe: ['xe-0/0/5'] },
      lightpath_filter: 'LOS',
    });
    expect(await api.cancel(launched.jobId)).toBe(true);
  });

  it('cancels a running job, which then reads canceled; a finished job cannot be canceled', async () => {
    const api = client();
    const launched = await api.launch({ operation: 'run/bounceport', devices: ['S0002pe'] });
    for (
      let job = await api.job(launched.jobId);
      job.status !== 'running';
      job = await api.job(launched.jobId)
    ) {
      await sleep(10);
    }
    expect(await api.cancel(launched.jobId)).toBe(true);
    const { job, output } = await untilDone(launched.jobId, api);
    expect(job.status).toBe('canceled');
    expect(job.failed).toBe(true);
    expect(output.some((l) => l.startsWith('PLAY RECAP'))).toBe(false);
    expect(await api.cancel(launched.jobId)).toBe(false);
  });

  it('cancels a pending job at once', async () => {
    const api = client();
    const launched = await api.launch({ operation: 'run/bounceport', devices: ['S0004pe'] });
    expect(await api.cancel(launched.jobId)).toBe(true);
    const job = await api.job(launched.jobId);
    expect(job.status).toBe('canceled');
    expect(job.started).toBeNull();
  });

  it('reports a failed host and a job that ended in error with AWX own explanation', async () => {
    const api = client();
    const failed = await api.launch({ operation: 'run/clearmactable', devices: ['S0002pe', 'S0003pe'] });
    const done = await untilDone(failed.jobId, api);
    expect(done.job).toMatchObject({ status: 'failed', failed: true });
    expect(done.output).toContain(
      'fatal: [S0002pe]: FAILED! => {"changed": false, "msg": "command timeout"}',
    );
    const summaries = await api.hostSummaries(failed.jobId);
    expect(summaries.find((s) => s.host === 'S0002pe')).toMatchObject({ failures: 1, failed: true });
    expect(summaries.find((s) => s.host === 'S0003pe')).toMatchObject({ changed: 1, failed: false });

    const errored = await api.launch({ operation: 'run/resetipsec', devices: ['S0002pe'] });
    const ended = await untilDone(errored.jobId, api);
    expect(ended.job).toMatchObject({
      status: 'error',
      failed: true,
      explanation: 'Job terminated due to error',
    });
  });

  it('refuses a template that does not ask for variables on launch, before anything runs', async () => {
    const api = client();
    const launchesBefore = awx.requests.filter((r) => r.path.endsWith('/launch/')).length;
    const error = await api
      .launch({ operation: 'get/config', devices: ['S0002pe'] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AwxError);
    expect(error).toMatchObject({ kind: 'refused' });
    expect((error as AwxError).detail).toContain('lightpath-get does not ask for variables');
    expect(awx.requests.filter((r) => r.path.endsWith('/launch/')).length).toBe(launchesBefore);
  });

  it('cancels and refuses a launch whose variables AWX reports in ignored_fields', async () => {
    // The template was looked up when it still asked for variables (a stale cache): AWX drops them,
    // names them in ignored_fields and starts the job anyway.
    const stale = awxApi({
      url: awx.url,
      token: awx.token,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        const url = new URL(String(input instanceof Request ? input.url : input));
        if (url.pathname !== '/api/v2/job_templates/') return response;
        const body = (await response.json()) as { results: { ask_variables_on_launch: boolean }[] };
        for (const row of body.results) row.ask_variables_on_launch = true;
        return new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    const error = (await stale
      .launch({ operation: 'get/config', devices: ['S0002pe'] })
      .catch((e: unknown) => e)) as AwxError;
    expect(error).toBeInstanceOf(AwxError);
    expect(error.kind).toBe('refused');
    expect(error.detail).toMatch(/lightpath-get ignored extra_vars .*job \d+ was canceled/);
    const jobId = Number(/job (\d+) was canceled/.exec(error.detail)![1]);
    expect((await client().job(jobId)).status).toBe('canceled');
  });

  it("shows AWX's own reason for a launch it refuses (400 with field errors)", async () => {
    const error = (await client()
      .launch({ operation: 'run/rollbackcompare', devices: ['S0002pe'] })
      .catch((e: unknown) => e)) as AwxError;
    expect(error).toMatchObject({
      kind: 'refused',
      status: 400,
      detail: 'project: A project is required to run a job.',
    });
  });

  it('says which template is missing', async () => {
    const error = (await client()
      .launch({ operation: 'run/cienainventory', devices: ['S0002pe'] })
      .catch((e: unknown) => e)) as AwxError;
    expect(error).toMatchObject({
      kind: 'refused',
      detail: 'AWX has no job template named lightpath-run-cienainventory',
    });
  });

  it("refuses a bad token with AWX's 401 detail", async () => {
    const error = (await client({ token: 'wrong' })
      .findTemplate('lightpath-show')
      .catch((e: unknown) => e)) as AwxError;
    expect(error).toBeInstanceOf(AwxError);
    expect(error).toMatchObject({ kind: 'refused', status: 401 });
    expect(error.detail).toMatch(/^Authentication credentials were not provided/);
  });

  it('answers 404 for a job AWX does not know', async () => {
    const error = (await client()
      .job(999999)
      .catch((e: unknown) => e)) as AwxError;
    expect(error).toMatchObject({ kind: 'refused', status: 404, detail: 'Not found.' });
  });

  it('gives up on a call that takes longer than its timeout, as unavailable', async () => {
    awx.stallMs = 1500;
    const started = Date.now();
    const error = (await client({ timeoutMs: 200 })
      .job(101)
      .catch((e: unknown) => e)) as AwxError;
    expect(error).toMatchObject({ kind: 'unavailable', detail: 'AWX did not answer within 200 ms' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('reports an AWX that is down as unavailable, and records it for the Integrations page', async () => {
    const down = await startFakeAwx({ templates: templates(), timing });
    await down.close();
    const failures: string[] = [];
    const api = awxApi({
      url: down.url,
      token: down.token,
      health: { succeeded: () => undefined, failed: (reason) => failures.push(reason) },
    });
    const error = (await api
      .launch({ operation: 'show/uptime', devices: ['S0002pe'] })
      .catch((e: unknown) => e)) as AwxError;
    expect(error).toMatchObject({ kind: 'unavailable', detail: 'AWX is unreachable' });
    expect(failures[0]).toMatch(/AWX did not answer GET \/api\/v2\/job_templates\//);
  });
});

describe('reading output safely', () => {
  it('counts lines as ansible-runner does', () => {
    expect(linesOfEvent({ counter: 1, stdout: '', start_line: 0, end_line: 0 })).toEqual([]);
    expect(linesOfEvent({ counter: 2, stdout: '', start_line: 0, end_line: 1 })).toEqual(['']);
    expect(
      linesOfEvent({
        counter: 3,
        stdout: '\r\n\u001b[0;32mTASK [x] ***\u001b[0m',
        start_line: 1,
        end_line: 3,
      }),
    ).toEqual(['', 'TASK [x] ***']);
  });

  it('stops at an event AWX has not saved yet, and reads it next time', async () => {
    const saved = [
      { counter: 1, stdout: 'a', start_line: 0, end_line: 1 },
      // counter 2 (line 1) is not saved yet; 3 is
      { counter: 3, stdout: 'c', start_line: 2, end_line: 3 },
    ];
    const api = awxApi({
      url: 'http://awx.invalid',
      token: 't',
      fetch: async () =>
        new Response(JSON.stringify({ count: saved.length, next: null, previous: null, results: saved }), {
          status: 200,
        }),
    });
    expect(await api.output(7, 0)).toEqual({ lines: ['a'], nextLine: 1 });
    saved.splice(1, 0, { counter: 2, stdout: 'b', start_line: 1, end_line: 2 });
    saved.shift();
    expect(await api.output(7, 1)).toEqual({ lines: ['b', 'c'], nextLine: 3 });
  });
});
