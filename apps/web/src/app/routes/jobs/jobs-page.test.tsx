import { awxMessages } from '@lightpath/domain/awx';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { job } from '../../../test/jobs-test-fixtures';
import { page, renderSignedIn, sessionFor } from '../../../test/page-fixtures';
import { JobsPage } from './jobs-page';

vi.setConfig({ testTimeout: 20_000 });

function render(
  type: Parameters<typeof sessionFor>[0],
  url: string,
  routes: Parameters<typeof renderSignedIn>[3],
) {
  return renderSignedIn(sessionFor(type), [{ path: '/jobs', element: <JobsPage /> }], url, routes);
}

const where = () => screen.getByTestId('where').textContent;

describe('JobsPage', () => {
  it('refuses customers and technicians and calls nothing', async () => {
    for (const type of [2, 4, 5] as const) {
      const { calls } = render(type, '/jobs', {});
      expect(await screen.findByText('Not available to your role')).toBeTruthy();
      expect(calls).toEqual([]);
      cleanup();
    }
  });

  it('lists jobs with their status, hosts and who launched them, the filters in the URL and the request', async () => {
    const { calls } = render(3, '/jobs?status=failed&ongoing=false&sort=-created', {
      'GET /api/awx/jobs': page([
        job(12, 'failed', { name: 'MAC table', hosts: ['S0003pe'] }),
        job(11, 'successful'),
      ]),
    });
    const link = await screen.findByRole('link', { name: 'MAC table' });
    expect(link.getAttribute('href')).toBe('/jobs/12');
    const row = screen.getByRole('row', { name: /MAC table/ });
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByText('S0003pe')).toBeTruthy();
    expect(within(row).getByText('Erin Engineer')).toBeTruthy();
    expect(within(row).getByText('30 s')).toBeTruthy();
    const asked = new URL(calls.find((c) => c.url.startsWith('/api/awx/jobs'))?.url ?? '', 'http://x');
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      status: 'failed',
      ongoing: 'false',
      sort: '-created',
      limit: '25',
      offset: '0',
    });
    // An engineer (type 3) is not told 'No jobs running' (spec 6: the NOC's only).
    expect(screen.queryByText(awxMessages.noJobsRunning)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(where()).toBe('/jobs?status=failed&ongoing=false&sort=name'));
  });

  it("tells the NOC 'No jobs running' when nothing is ongoing", async () => {
    render(1, '/jobs', {
      'GET /api/awx/jobs': (call) =>
        call.url.includes('ongoing=true') ? page([]) : page([job(11, 'successful')]),
    });
    expect(await screen.findByText(awxMessages.noJobsRunning)).toBeTruthy();
  });

  it("says spec 8's 'An error occurred retrieving AWX Jobs' when the list fails", async () => {
    render(3, '/jobs', {
      'GET /api/awx/jobs': { status: 500, body: { result: 'Failure', message: 'Database down' } },
    });
    expect(await screen.findByText(awxMessages.loadFailed)).toBeTruthy();
    expect(screen.getByText('Database down')).toBeTruthy();
  });
});
