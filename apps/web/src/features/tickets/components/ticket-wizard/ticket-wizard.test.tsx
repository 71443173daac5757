import type { Site } from '@lightpath/domain/sites';
import { buildTicketSubject, ticketMessages } from '@lightpath/domain/tickets';
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../../lib/token-storage';
import { site as siteOf } from '../../../../test/checkins-test-fixtures';
import { mockFetch, type RecordedCall } from '../../../../test/fetch-mock';
import { ok, page, sessionFor, signedIn } from '../../../../test/page-fixtures';
import { renderRoutes } from '../../../../test/render';
import { serviceSummary } from '../../../../test/services-test-fixtures';
import { portalWallTime } from '../../../../test/wall-time';
import { TicketWizard } from './ticket-wizard';

// These render the whole Mantine tree: seconds on a busy shared machine.
vi.setConfig({ testTimeout: 30_000 });

type Routes = Parameters<typeof mockFetch>[0];

const uplink = 'UNG0012004701B';
const library = 'UNG0012004702B';
const site = (siteid: number, sitename: string, status: Site['status'], sitetype: Site['sitetype'] = 1) =>
  siteOf(siteid, `S00${siteid}`, sitename, {
    sitetype,
    status,
    customerid: 7,
    customercode: 'UNG',
    customername: 'University of Northgate',
  });
const linkUp = ok({ overallstatus: 'UP', aend: 'UP', bend: 'UP' });
const created = {
  status: 201,
  body: { result: 'Success', message: 'Ticket #10000 created!', payload: { ticketid: 10000 } },
};

function renderWizard(options: { routes?: Routes; initialServices?: string[] } = {}) {
  const onClose = vi.fn();
  const fetch = mockFetch({
    'GET /api/services': page([
      serviceSummary(uplink, 'Main campus uplink'),
      serviceSummary(library, 'Library uplink'),
    ]),
    [`GET /api/service/${uplink}/linkstatus`]: linkUp,
    [`GET /api/service/${library}/linkstatus`]: ok({ overallstatus: 'DOWN', aend: 'DOWN', bend: 'UP' }),
    'GET /api/sites': page([
      site(21, 'Main Campus', 1),
      site(22, 'Old Depot', 0),
      site(23, 'Campus VPLS', 1, 2),
      site(24, 'Research L3VPN', 1, 4),
    ]),
    'POST /api/ticket': created,
    ...options.routes,
  });
  const view = renderRoutes(
    [
      {
        element: signedIn(sessionFor(4)),
        children: [
          {
            path: '/tickets',
            element: <TicketWizard opened onClose={onClose} initialServices={options.initialServices} />,
          },
          { path: '/ticket/:ticketid', element: <p>Ticket page</p> },
        ],
      },
    ],
    '/tickets',
  );
  return { ...view, ...fetch, onClose };
}

async function openWizard() {
  const dialog = await screen.findByRole('dialog', { name: 'Create New Ticket' });
  const inDialog = within(dialog);
  const type = (label: RegExp, value: string) =>
    fireEvent.change(inDialog.getByLabelText(label), { target: { value } });
  const next = () => fireEvent.click(inDialog.getByRole('button', { name: 'Next' }));
  const submit = () => fireEvent.click(inDialog.getByRole('button', { name: 'Submit' }));
  const issue = (name: RegExp) => fireEvent.click(inDialog.getByRole('radio', { name }));
  // Mantine keeps each select's options in its own listbox, so they are looked up there.
  const choose = async (label: RegExp, option: RegExp) => {
    const input = inDialog.getByLabelText(label);
    fireEvent.click(input);
    const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!listbox) throw new Error(`no listbox for ${label}`);
    fireEvent.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
  };
  const heading = (name: string) => inDialog.findByRole('heading', { name });
  return { dialog, inDialog, type, next, submit, issue, choose, heading };
}

// The message appears on the field and as a toast; either way the user sees it.
async function expectProblem(message: string) {
  await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(2));
}

const writes = (calls: RecordedCall[]) => calls.filter((c) => c.method !== 'GET');
const seconds = portalWallTime;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setToken('token', false);
});

afterEach(() => {
  // The toast store outlives each render; leftovers would queue behind Mantine's limit of five.
  notifications.clean();
  cleanup();
  vi.unstubAllGlobals();
});

describe('TicketWizard', () => {
  it('refuses to leave each step until its rule passes, with the domain message, and sends nothing', async () => {
    const { calls } = renderWizard();
    const { inDialog, next, submit, issue, type, choose, heading } = await openWizard();
    expect(await heading('Issue')).toBeTruthy();
    // Every issue type is offered with what it is for.
    expect(inDialog.getByRole('radio', { name: /^Packet loss.*dropping packets/ })).toBeTruthy();
    expect(inDialog.getAllByRole('radio')).toHaveLength(7);

    next();
    await expectProblem(ticketMessages.issueRequired);

    issue(/^Outage/);
    next();
    expect(await heading('Details')).toBeTruthy();
    // The first field of the step has the focus.
    await waitFor(() => expect(document.activeElement).toBe(inDialog.getByLabelText(/^Affected services/)));
    // Issue 12: focus alone opened the services list over the Next button; it opens when asked.
    const services = inDialog.getByLabelText(/^Affected services/);
    expect(services.getAttribute('aria-expanded')).not.toBe('true');
    expect(screen.queryByRole('listbox')).toBeNull();
    next();
    await expectProblem(ticketMessages.servicesRequired);

    await choose(/^Affected services/, /UNG0012004701B/);
    next();
    await expectProblem(ticketMessages.startRequired);
    // Half a start is no start.
    type(/^Start date/, '2026-07-01');
    next();
    await expectProblem(ticketMessages.startRequired);
    type(/^Start time/, '08:00');
    next();

    expect(await heading('Message')).toBeTruthy();
    const subject = inDialog.getByRole('textbox', { name: /^Subject/ }) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(subject));
    expect(subject.value).toMatch(/^\[OUTAGE\] \d\d\/\d\d\/26 - UNG0012004701B$/);
    type(/^Subject/, '   ');
    submit();
    await expectProblem(ticketMessages.subjectRequired);
    type(/^Subject/, 'Campus uplink down');
    submit();
    await expectProblem(ticketMessages.descriptionRequired);
    expect(writes(calls)).toEqual([]);
  });

  it('reports a problem with a service chosen beforehand, warns when it looks up, and submits once with a key', async () => {
    const { calls, onClose, router } = renderWizard({ initialServices: [uplink] });
    const { inDialog, next, submit, issue, type, heading } = await openWizard();
    issue(/^Outage/);
    next();
    expect(await heading('Details')).toBeTruthy();
    expect(inDialog.getByText(uplink, { selector: '.mantine-Pill-label' })).toBeTruthy();
    // Spec 5: a hint, not a refusal.
    expect(
      await inDialog.findByText(
        `${uplink} looks up at the moment. Check it is really down before reporting an outage.`,
      ),
    ).toBeTruthy();
    type(/^Start date/, '2026-07-01');
    type(/^Start time/, '08:00');
    next();

    expect(await heading('Message')).toBeTruthy();
    const start = seconds(2026, 7, 1, 8, 0);
    const subject = buildTicketSubject({
      issuetype: 'outage',
      services: [uplink],
      at: start,
      timeZone: 'Australia/Sydney',
    });
    expect((inDialog.getByRole('textbox', { name: /^Subject/ }) as HTMLInputElement).value).toBe(subject);
    type(/^Description/, '  The uplink went dark at 8am.  ');
    submit();

    expect(await screen.findByText('Ticket #10000 created!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/ticket/10000'));
    expect(onClose).toHaveBeenCalled();
    const [post, ...others] = writes(calls);
    expect(others).toEqual([]);
    expect(post).toMatchObject({
      method: 'POST',
      url: '/api/ticket',
      body: {
        issuetype: 'outage',
        tickettype: 'incident',
        subject,
        description: 'The uplink went dark at 8am.',
        services: [uplink],
        starttime: start,
        endtime: null,
      },
    });
    expect(post?.body).not.toHaveProperty('siteid');
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('asks a works notice for an enabled site and a works window, and names the site in the subject', async () => {
    const { calls } = renderWizard({ initialServices: [uplink] });
    const { inDialog, next, submit, issue, type, choose, heading } = await openWizard();
    issue(/^Customer works notification/);
    next();
    expect(await heading('Details')).toBeTruthy();
    next();
    await expectProblem(ticketMessages.siteRequired);

    const siteInput = inDialog.getByLabelText(/^Site/);
    fireEvent.click(siteInput);
    const listbox = document.getElementById(siteInput.getAttribute('aria-controls') ?? '') as HTMLElement;
    await within(listbox).findByRole('option', { name: 'S0021 Main Campus', hidden: true });
    // Disabled sites are not offered (spec 5), nor networks that are no place (issue 12).
    expect(within(listbox).queryByRole('option', { name: /Old Depot/, hidden: true })).toBeNull();
    expect(within(listbox).queryByRole('option', { name: /VPLS|L3VPN/, hidden: true })).toBeNull();
    await choose(/^Site/, /Main Campus/);
    next();
    await expectProblem(ticketMessages.worksStartRequired);
    type(/^Works start date/, '2026-07-04');
    type(/^Works start time/, '22:00');
    next();
    await expectProblem(ticketMessages.worksEndRequired);
    type(/^Works end date/, '2026-07-04');
    type(/^Works end time/, '21:00');
    next();
    await expectProblem(ticketMessages.worksEndBeforeStart);
    type(/^Works end date/, '2026-07-05');
    type(/^Works end time/, '04:00');
    next();

    expect(await heading('Message')).toBeTruthy();
    const subject = (inDialog.getByRole('textbox', { name: /^Subject/ }) as HTMLInputElement).value;
    expect(subject).toMatch(/^\[CUSTOMER WORKS\] \d\d\/\d\d\/26 - Main Campus$/);
    type(/^Description/, 'Electricians on site.');
    submit();
    await screen.findByText('Ticket #10000 created!');
    expect(writes(calls)[0]?.body).toEqual({
      issuetype: 'worksnotify',
      tickettype: 'task',
      subject,
      description: 'Electricians on site.',
      // Services chosen before are not part of a works notice.
      services: [],
      starttime: seconds(2026, 7, 4, 22, 0),
      endtime: seconds(2026, 7, 5, 4, 0),
      siteid: 21,
    });
  });

  it("keeps the user's own subject, and warns of a flapping report for a service that looks down", async () => {
    renderWizard({ initialServices: [library] });
    const { inDialog, next, issue, type, heading } = await openWizard();
    issue(/^Flapping/);
    next();
    expect(
      await inDialog.findByText(`${library} looks down at the moment. Consider reporting an outage instead.`),
    ).toBeTruthy();
    type(/^Start date/, '2026-07-01');
    type(/^Start time/, '08:00');
    next();
    expect(await heading('Message')).toBeTruthy();
    type(/^Subject/, 'Library link keeps dropping');
    fireEvent.click(inDialog.getByRole('button', { name: 'Back' }));
    expect(await heading('Details')).toBeTruthy();
    next();
    expect(await heading('Message')).toBeTruthy();
    expect((inDialog.getByRole('textbox', { name: /^Subject/ }) as HTMLInputElement).value).toBe(
      'Library link keeps dropping',
    );
  });

  it("shows the server's refusal, falls back to the spec's words, and retries with the same key", async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: { result: 'Failure', message: ticketMessages.servicesOfTwoCustomers },
    };
    const { calls } = renderWizard({ routes: { 'POST /api/ticket': () => answer } });
    const { next, submit, issue, type, heading } = await openWizard();
    issue(/^General query/);
    next();
    expect(await heading('Details')).toBeTruthy();
    next();
    expect(await heading('Message')).toBeTruthy();
    type(/^Description/, 'Can we add a VLAN?');
    submit();
    expect(await screen.findByText(ticketMessages.servicesOfTwoCustomers)).toBeTruthy();

    answer = { status: 500, body: { result: 'Failure' } };
    submit();
    expect(await screen.findByText(ticketMessages.createFailed)).toBeTruthy();

    const posts = writes(calls);
    expect(posts).toHaveLength(2);
    expect(posts[0]?.body).toMatchObject({
      issuetype: 'query',
      tickettype: 'question',
      services: [],
      starttime: null,
    });
    expect(posts[1]?.headers['Idempotency-Key']).toBe(posts[0]?.headers['Idempotency-Key']);
  });
});
