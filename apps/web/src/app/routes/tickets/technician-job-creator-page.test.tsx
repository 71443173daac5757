import { ticketMessages } from '@lightpath/domain/tickets';
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Technician } from '../../../features/tickets/api/list-technicians';
import { carlton, library, site } from '../../../test/checkins-test-fixtures';
import type { mockFetch, RecordedCall } from '../../../test/fetch-mock';
import { ok, page, renderSignedIn, sessionFor } from '../../../test/tickets-test-fixtures';
import { portalWallTime } from '../../../test/wall-time';
import { TechnicianJobCreatorPage } from './technician-job-creator-page';

vi.setConfig({ testTimeout: 20_000 });

type Routes = Parameters<typeof mockFetch>[0];

// A site no longer in use: never offered for a job (spec 5).
const oldExchange = site(15, 'S0015', 'Old Exchange', { status: 0 });
const kai: Technician = { userid: 8, firstname: 'Kai', surname: 'Fielder', email: 'kai@fieldcrew.example' };
const mia: Technician = { userid: 9, firstname: 'Mia', surname: 'Rowe', email: 'mia@fieldcrew.example' };
const created = (ticketid: number) => ({
  status: 201,
  body: { result: 'Success', message: ticketMessages.created(ticketid), payload: { ticketid } },
});

function render(session: ReturnType<typeof sessionFor>, routes: Routes) {
  return renderSignedIn(
    session,
    [
      { path: '/', element: <p>Job tickets</p> },
      { path: '/technician-job-creator', element: <TechnicianJobCreatorPage /> },
    ],
    '/technician-job-creator',
    { 'GET /api/sites': page([carlton, oldExchange, library]), ...routes },
  );
}

const where = () => screen.getByTestId('where').textContent;
const writes = (calls: RecordedCall[]) => calls.filter((c) => c.method !== 'GET');
const paths = (calls: RecordedCall[]) => calls.map((c) => `${c.method} ${c.url.split('?')[0]}`);
const seconds = portalWallTime;

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const createJob = () => fireEvent.click(screen.getByRole('button', { name: 'Create job' }));

// Mantine keeps each select's options in its own listbox, so they are looked up there once the
// options have loaded.
async function openOptions(label: RegExp, first: string) {
  const input = screen.getByRole('combobox', { name: label }) as HTMLInputElement;
  const listbox = await waitFor(() => {
    fireEvent.click(input);
    const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!found) throw new Error(`no listbox for ${label}`);
    within(found).getByRole('option', { name: first, hidden: true });
    return found;
  });
  return { input, listbox };
}

async function optionsOf(label: RegExp, first: string) {
  const { listbox } = await openOptions(label, first);
  return within(listbox)
    .getAllByRole('option', { hidden: true })
    .map((option) => option.textContent);
}

async function choose(label: RegExp, option: string) {
  const { input, listbox } = await openOptions(label, option);
  fireEvent.click(within(listbox).getByRole('option', { name: option, hidden: true }));
  await waitFor(() => expect(input.value).toBe(option));
}

async function fillJob() {
  await choose(/^Site/, 'S0012 Carlton PoP · MRN');
  type(/^Subject/, 'Replace the optics in rack 4');
  type(/^Description/, 'Bring two LR4 optics; the key is at reception.');
}

afterEach(() => {
  // The toast store outlives each render; leftovers would queue behind Mantine's limit of five.
});

describe('TechnicianJobCreatorPage', () => {
  it("fixes a technician's job to themself, offers enabled physical sites with their customer, and sends nothing invalid", async () => {
    const { calls } = render(sessionFor(2), { 'POST /api/ticket/ventia': created(10_002) });
    expect(await screen.findByRole('heading', { name: 'Technician Job Creator' })).toBeTruthy();
    expect(document.title).toContain('Technician Job Creator');

    const technician = screen.getByRole('combobox', { name: /^Technician/ }) as HTMLInputElement;
    expect(technician.value).toBe('Test User');
    expect(technician.readOnly).toBe(true);
    expect(screen.getByText('Technicians create jobs for themselves')).toBeTruthy();

    // Every customer's sites, in use only, each named with its customer (site numbers repeat).
    expect(await optionsOf(/^Site/, 'S0012 Carlton PoP · MRN')).toEqual([
      'S0012 Carlton PoP · MRN',
      'S0031 Northgate Library · UNG',
    ]);
    const sites = calls.find((c) => c.url.startsWith('/api/sites?'));
    expect(Object.fromEntries(new URL(sites?.url ?? '', 'http://x').searchParams)).toEqual({
      sitetype: '1',
      limit: '1000',
      offset: '0',
      sort: 'sitenumber',
    });
    // A technician picks no one, so the technician list is never asked for.
    expect(paths(calls)).toEqual(['GET /api/sites']);

    createJob();
    expect(await screen.findByText(ticketMessages.siteRequired)).toBeTruthy();
    expect(screen.getByText(ticketMessages.subjectRequired)).toBeTruthy();
    expect(screen.getByText(ticketMessages.descriptionRequired)).toBeTruthy();
    expect(screen.queryByText(ticketMessages.technicianRequired)).toBeNull();

    // Half a schedule is no schedule: it is refused under the date.
    await fillJob();
    type(/^Scheduled date/, '2026-07-03');
    createJob();
    expect(await screen.findByText(ticketMessages.scheduledTimeInvalid)).toBeTruthy();
    expect(screen.queryByText(ticketMessages.siteRequired)).toBeNull();
    expect(writes(calls)).toEqual([]);
    expect(where()).toBe('/technician-job-creator');
  });

  it("posts the job with an Idempotency-Key, toasts 'Ticket #N created!' and goes to the job tickets", async () => {
    const { calls } = render(sessionFor(2), { 'POST /api/ticket/ventia': created(10_002) });
    await fillJob();
    type(/^Scheduled date/, '2026-07-03');
    type(/^Scheduled time/, '07:30');
    createJob();

    expect(await screen.findByText('Ticket #10002 created!')).toBeTruthy();
    await waitFor(() => expect(where()).toBe('/'));
    expect(screen.getByText('Job tickets')).toBeTruthy();
    const posts = writes(calls);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ url: '/api/ticket/ventia', method: 'POST' });
    expect(posts[0]?.body).toEqual({
      siteid: 12,
      technicianid: 5,
      subject: 'Replace the optics in rack 4',
      description: 'Bring two LR4 optics; the key is at reception.',
      // Read in the user's zone, as the event wizard reads its times.
      scheduledtime: seconds(2026, 7, 3, 7, 30),
    });
    expect(posts[0]?.headers).toMatchObject({
      'Idempotency-Key': expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      ),
      'Content-Type': 'application/json',
      'X-AUTH-TOKEN': 'token',
    });
  });

  it('sends a retry after a failure with the same Idempotency-Key, and a new visit with a new one', async () => {
    let fail = true;
    const first = render(sessionFor(2), {
      'POST /api/ticket/ventia': () =>
        fail
          ? { status: 502, body: { result: 'Failure', message: 'Zendesk is unavailable' } }
          : created(10_003),
    });
    await fillJob();
    createJob();
    expect(await screen.findByText('Zendesk is unavailable')).toBeTruthy();
    // The form stays as it was, to be sent again.
    expect(where()).toBe('/technician-job-creator');
    expect(field(/^Subject/).value).toBe('Replace the optics in rack 4');

    fail = false;
    createJob();
    expect(await screen.findByText('Ticket #10003 created!')).toBeTruthy();
    const posts = writes(first.calls);
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body).toEqual(posts[0]?.body);
    expect(posts[0]?.body).toMatchObject({ siteid: 12, technicianid: 5, scheduledtime: null });
    const key = posts[0]?.headers['Idempotency-Key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[1]?.headers['Idempotency-Key']).toBe(key);

    cleanup();
    notifications.clean();
    const second = render(sessionFor(2), { 'POST /api/ticket/ventia': created(10_004) });
    await fillJob();
    createJob();
    expect(await screen.findByText('Ticket #10004 created!')).toBeTruthy();
    const next = writes(second.calls)[0]?.headers['Idempotency-Key'];
    expect(next).toMatch(/^[0-9a-f-]{36}$/);
    expect(next).not.toBe(key);
  });

  it("puts the server's field error on its field rather than in a toast", async () => {
    const { calls } = render(sessionFor(2), {
      'POST /api/ticket/ventia': {
        status: 400,
        body: {
          result: 'Failure',
          message: ticketMessages.siteUnknown,
          payload: { errors: [{ path: 'siteid', message: ticketMessages.siteUnknown }] },
        },
      },
    });
    await fillJob();
    createJob();
    const site = screen.getByRole('combobox', { name: /^Site/ });
    await waitFor(() => expect(site.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(ticketMessages.siteUnknown)).toHaveLength(1);
    expect(screen.queryByText(ticketMessages.createFailed)).toBeNull();
    expect(writes(calls)).toHaveLength(1);
    expect(where()).toBe('/technician-job-creator');
  });

  it("puts the server's refusal of the scheduled time on the date field the user filled in", async () => {
    render(sessionFor(2), {
      'POST /api/ticket/ventia': {
        status: 400,
        body: {
          result: 'Failure',
          message: ticketMessages.scheduledTimeInvalid,
          payload: { errors: [{ path: 'scheduledtime', message: ticketMessages.scheduledTimeInvalid }] },
        },
      },
    });
    await fillJob();
    createJob();
    const date = screen.getByLabelText(/^Scheduled date/);
    await waitFor(() => expect(date.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(ticketMessages.scheduledTimeInvalid)).toHaveLength(1);
  });

  it('lets the NOC choose the technician from the field services users', async () => {
    const { calls } = render(sessionFor(1), {
      'GET /api/tickets/technicians': ok([kai, mia]),
      'POST /api/ticket/ventia': created(10_005),
    });
    const technician = (await screen.findByRole('combobox', { name: /^Technician/ })) as HTMLInputElement;
    expect(technician.readOnly).toBe(false);
    expect(technician.value).toBe('');
    expect(screen.queryByText('Technicians create jobs for themselves')).toBeNull();

    createJob();
    expect(await screen.findByText(ticketMessages.technicianRequired)).toBeTruthy();
    expect(screen.getByText(ticketMessages.siteRequired)).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    expect(await optionsOf(/^Technician/, 'Kai Fielder (kai@fieldcrew.example)')).toEqual([
      'Kai Fielder (kai@fieldcrew.example)',
      'Mia Rowe (mia@fieldcrew.example)',
    ]);
    await choose(/^Technician/, 'Mia Rowe (mia@fieldcrew.example)');
    await choose(/^Site/, 'S0031 Northgate Library · UNG');
    type(/^Subject/, 'Patch the library uplink');
    type(/^Description/, 'Ask for Sam at the front desk.');
    createJob();

    expect(await screen.findByText('Ticket #10005 created!')).toBeTruthy();
    await waitFor(() => expect(where()).toBe('/'));
    const posts = writes(calls);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ url: '/api/ticket/ventia', method: 'POST' });
    expect(posts[0]?.body).toEqual({
      siteid: 31,
      technicianid: 9,
      subject: 'Patch the library uplink',
      description: 'Ask for Sam at the front desk.',
      scheduledtime: null,
    });
    expect(posts[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    // The list was asked for once before the job went (the create's invalidation may refetch it).
    const beforePost = paths(calls).slice(0, paths(calls).indexOf('POST /api/ticket/ventia'));
    expect(beforePost.filter((p) => p === 'GET /api/tickets/technicians')).toHaveLength(1);
  });

  it.each([
    { who: 'a customer', userType: 4 },
    { who: 'engineering', userType: 3 },
  ] as const)('shows $who (type $userType) no form and asks nothing of the API', async ({ userType }) => {
    const { calls } = render(sessionFor(userType), { 'POST /api/ticket/ventia': created(10_006) });
    expect(await screen.findByText('Not available to your role')).toBeTruthy();
    expect(screen.getByText(/does not include technician job tickets/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create job' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /^Site/ })).toBeNull();
    expect(calls).toEqual([]);
  });
});
