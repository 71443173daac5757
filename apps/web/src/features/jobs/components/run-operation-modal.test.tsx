import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RecordedCall } from '../../../test/fetch-mock';
import { job } from '../../../test/jobs-test-fixtures';
import { ok, renderSignedIn, sessionFor } from '../../../test/page-fixtures';
import { RunOperationModal } from './run-operation-modal';

vi.setConfig({ testTimeout: 20_000 });

const shelves = [
  { equipmentid: 2, equipmentname: 'S0003pe' },
  { equipmentid: 9, equipmentname: 'S0021ntu' },
];
const port = (name: string) => ({
  portid: name,
  uuid: `u-${name}`,
  name,
  slot: 1,
  state: 'up' as const,
  handoff: false,
  service: null,
});

function render(operation: 'run/bounceport' | 'show/uptime', routes: Parameters<typeof renderSignedIn>[3]) {
  const onClose = vi.fn();
  const view = renderSignedIn(
    sessionFor(1),
    [
      {
        path: '/equipment',
        element: <RunOperationModal shelves={shelves} operation={operation} onClose={onClose} />,
      },
    ],
    '/equipment',
    {
      'GET /api/equipment/2/ports': ok([port('ge-0/0/1'), port('ge-0/0/2')]),
      'GET /api/equipment/9/ports': ok([port('1/1'), port('1/2')]),
      'POST /api/awx/watch': (call) => ok({ jobs: [job((call.body as { jobid: number }).jobid)] }),
      ...routes,
    },
  );
  return { ...view, onClose };
}

async function choose(label: RegExp, option: RegExp) {
  const input = screen.getByRole('combobox', { name: label });
  fireEvent.click(input);
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
  if (!listbox) throw new Error(`no listbox for ${label}`);
  fireEvent.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
}

const launches = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.url.startsWith('/api/awx/run/'));

describe('RunOperationModal', () => {
  it('bounces a port per device only after a confirmation naming each device and port', async () => {
    const { calls, onClose } = render('run/bounceport', {
      'POST /api/awx/run/bounceport': ok(
        job(31, 'pending', { name: 'Bounce port' }),
        'Bounce port started on 2 devices',
      ),
    });
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Name the port on S0003pe this operation acts on')).toBeTruthy();
    await choose(/Port on S0003pe/, /^ge-0\/0\/2/);
    await choose(/Port on S0021ntu/, /^1\/1/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const targets = await within(dialog).findByTestId('operation-targets');
    expect(targets.textContent).toContain('S0003pe, port ge-0/0/2');
    expect(targets.textContent).toContain('S0021ntu, port 1/1');
    expect(launches(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bounce port on 2 devices' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [launch] = launches(calls);
    expect(launch?.body).toEqual({
      equipmentarray: [
        { equipmentid: 2, port: 'ge-0/0/2' },
        { equipmentid: 9, port: '1/1' },
      ],
      confirmed: true,
    });
    expect(launch?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    // The job is watched at once, and the toast links to it.
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/awx/watch')?.body).toEqual({ jobid: 31 });
    expect((await screen.findByRole('link', { name: 'Open job 31' })).getAttribute('href')).toBe('/jobs/31');
  });

  it("says AWX's refusal in the dialog, and a retry of the same launch sends the same key", async () => {
    let refuse = true;
    const { calls } = render('show/uptime', {
      'POST /api/awx/show/uptime': () =>
        refuse
          ? { status: 502, body: { result: 'Failure', message: 'AWX refused the job: template missing' } }
          : ok(job(32, 'pending')),
    });
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show Uptime on 2 devices' }));
    expect(await within(dialog).findByText('AWX refused the job: template missing')).toBeTruthy();
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show Uptime on 2 devices' }));
    await waitFor(() => expect(launches(calls.filter((c) => c.url.includes('show'))).length).toBe(0));
    const sent = calls.filter((c) => c.method === 'POST' && c.url === '/api/awx/show/uptime');
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/awx/show/uptime')).toHaveLength(2));
    expect(sent[0]?.headers['Idempotency-Key']).toBeTruthy();
    const keys = calls
      .filter((c) => c.url === '/api/awx/show/uptime')
      .map((c) => c.headers['Idempotency-Key']);
    expect(keys[0]).toBe(keys[1]);
    expect(calls.find((c) => c.url === '/api/awx/show/uptime')?.body).toEqual({
      equipmentarray: [{ equipmentid: 2 }, { equipmentid: 9 }],
    });
  });
});
