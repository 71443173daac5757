import { awxMessages } from '@lightpath/domain/awx';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { job, jobDetail } from '../../../test/jobs-test-fixtures';
import { ok, renderSignedIn, sessionFor } from '../../../test/page-fixtures';
import { JobPage } from './job-page';

vi.setConfig({ testTimeout: 20_000 });

function render(routes: Parameters<typeof renderSignedIn>[3], type: 1 | 3 | 4 = 3) {
  return renderSignedIn(sessionFor(type), [{ path: '/jobs/:jobid', element: <JobPage /> }], '/jobs/12', {
    'GET /api/awx/watch': ok({ jobs: [] }),
    ...routes,
  });
}

describe('JobPage', () => {
  it("shows 'Retrieving Job {id}' while the job loads", async () => {
    render({ 'GET /api/awx/jobs/12': () => new Promise(() => undefined) as never });
    expect(await screen.findByText(awxMessages.retrieving(12))).toBeTruthy();
  });

  it('shows a finished job: facts, host summaries, the result as a table and the output', async () => {
    render({
      'GET /api/awx/jobs/12': ok(
        jobDetail(12, 'successful', {
          name: 'MAC table',
          operation: 'show/mactable',
          hostsummaries: [
            { host: 'S0003pe', ok: 4, changed: 0, failures: 0, unreachable: 0, skipped: 1 },
            { host: 'S0004pe', ok: 1, changed: 0, failures: 0, unreachable: 2, skipped: 0 },
          ],
          result: {
            kind: 'mactable',
            columns: ['device', 'vlan', 'mac', 'port'],
            rows: [{ device: 'S0003pe', vlan: 210, mac: '00:1b:21:aa:00:01', port: 'ge-0/0/1' }],
            text: null,
          },
          lines: 2,
        }),
      ),
      'GET /api/awx/jobs/12/output': ok({
        lines: ['PLAY [show mactable]', 'ok: [S0003pe]'],
        next: 2,
        ended: true,
      }),
    });
    expect(await screen.findByRole('heading', { name: /Job 12: MAC table/ })).toBeTruthy();
    const table = await screen.findByTestId('job-result-table');
    expect(within(table).getByText('00:1b:21:aa:00:01')).toBeTruthy();
    expect(within(table).getByText('MAC table: 1 row')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'MAC' })).toBeTruthy();
    // Each host's counts that are not zero, in words: the table fits a phone and the side column.
    const hosts = screen.getByTestId('host-summaries');
    expect(within(hosts).getByRole('row', { name: /S0003pe/ }).textContent).toBe('S0003pe4 ok1 skipped');
    expect(within(hosts).getByRole('row', { name: /S0004pe/ }).textContent).toBe('S0004pe2 unreachable1 ok');
    await waitFor(() => expect(screen.getByTestId('job-output').textContent).toContain('ok: [S0003pe]'));
    // Ended: no Cancel.
    expect(screen.queryByRole('button', { name: 'Cancel job' })).toBeNull();
  });

  it("shows AWX's explanation for a failed job", async () => {
    render({
      'GET /api/awx/jobs/12': ok(jobDetail(12, 'failed', { explanation: 'Host S0003pe unreachable' })),
      'GET /api/awx/jobs/12/output': ok({ lines: [], next: 0, ended: true }),
    });
    expect(await screen.findByText('Host S0003pe unreachable')).toBeTruthy();
  });

  it('asks for new output lines only after the ones it has, and cancels a running job after a confirmation', async () => {
    let detail = jobDetail(12, 'running');
    const { calls } = render({
      'GET /api/awx/jobs/12': () => ok(detail),
      'GET /api/awx/jobs/12/output': (call) =>
        call.url.includes('after=0')
          ? ok({ lines: ['PLAY [uptime]'], next: 1, ended: false })
          : ok({ lines: ['TASK [uptime]'], next: 2, ended: false }),
      'POST /api/awx/jobs/12/cancel': () => {
        detail = jobDetail(12, 'canceled');
        return ok(job(12, 'canceled'), 'Job 12 cancelled');
      },
    });
    await waitFor(() => expect(screen.getByTestId('job-output').textContent).toBe('PLAY [uptime]'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel job' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Cancel job 12/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel job' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/awx/jobs/12/cancel')).toBe(true),
    );
    // The cancel refreshes the job and fetches the lines after the first one, not the whole output again.
    await waitFor(() =>
      expect(screen.getByTestId('job-output').textContent).toBe('PLAY [uptime]\nTASK [uptime]'),
    );
    expect(calls.filter((c) => c.url.startsWith('/api/awx/jobs/12/output')).map((c) => c.url)).toEqual([
      '/api/awx/jobs/12/output?after=0',
      '/api/awx/jobs/12/output?after=1',
    ]);
  });

  it('refuses customers and calls nothing', async () => {
    const { calls } = render({}, 4);
    expect(await screen.findByText('Not available to your role')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
