import {
  type EventDetail,
  type EventWriteReply,
  eventMessages,
  eventTemplates,
  type PreflightCustomer,
} from '@lightpath/domain/events';
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actorFromSession, type Session, SessionContext } from '../../../../lib/session';
import { campusUplink, detail } from '../../../../test/events-test-fixtures';
import { mockFetch, type RecordedCall, type Route } from '../../../../test/fetch-mock';
import { ok, portal } from '../../../../test/page-fixtures';
import { renderRoutes } from '../../../../test/render';
import { serviceSummary } from '../../../../test/services-test-fixtures';
import { portalWallTime } from '../../../../test/wall-time';
import { EventWizard } from './event-wizard';

// These render the whole Mantine tree: seconds on a busy shared machine.
const slow = 30_000;

function nocSession(): Session {
  const info = {
    type: 1 as const,
    customerid: 1,
    companyAdmin: false,
    chameleon: 0 as const,
    impersonating: false,
    realtype: 1 as const,
    realcustomerid: 1,
    expiresat: 0,
  };
  const user = { userid: 5, firstname: 'Nina', surname: 'Noc', type: 1, customerid: 1 };
  return {
    user,
    session: info,
    customer: { customerid: 1, customername: 'Meridian Research Network', code: 'MRN' },
    actor: actorFromSession(user, info),
  } as unknown as Session;
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

const services = ['UNG0012004701B', 'UNG0012004702B'];

const plan: PreflightCustomer[] = [
  {
    customerid: 7,
    code: 'UNG',
    customername: 'University of Northgate',
    services,
    skippedservices: [],
    tickets: [
      {
        requester: 'admin@northgate.example',
        ccs: ['noc@northgate.example'],
        subject: '[SCHEDULED WORKS] Scheduled fibre works in Northgate (ref #42)',
        htmlcomment: '<p>Works in <strong>Northgate</strong></p><script>parent.hacked = true</script>',
        ticketid: null,
      },
    ],
    sms: [],
    subscribers: [
      {
        userid: 31,
        name: 'Uma User',
        email: 'user@northgate.example',
        services: ['UNG0012004701B'],
        delivery: 'email',
      },
      {
        userid: 30,
        name: 'Nick Northgate',
        email: 'NOC@northgate.example',
        services: services,
        delivery: 'ticket',
      },
    ],
    subscribernotice: {
      subject: '[SCHEDULED WORKS] Scheduled fibre works in Northgate (ref #42)',
      htmlcomment: '<p>Works in <strong>Northgate</strong></p>',
    },
    warnings: ['No emergency contact with a mobile number: no SMS will be sent'],
  },
];

const sent = {
  customers: plan,
  eventid: 4300,
  notifications: [
    {
      customerid: 7,
      code: 'UNG',
      revision: 1,
      status: 'pending',
      ticketid: null,
      sentat: null,
      lasterror: null,
    },
  ],
} satisfies EventWriteReply;

type Routes = Record<string, Route | ((call: RecordedCall) => Route)>;

function renderWizard(options: { event?: EventDetail; routes?: Routes } = {}) {
  const onClose = vi.fn();
  const { calls } = mockFetch({
    'GET /api/portal': ok(portal('Meridian')),
    'POST /api/event': (call) =>
      (call.body as { preflight: boolean }).preflight
        ? ok({ customers: plan })
        : { status: 201, body: { result: 'Success', message: 'Event #4300 created!', payload: sent } },
    ...options.routes,
  });
  const view = renderRoutes(
    [
      {
        element: (
          <SessionContext value={nocSession()}>
            <Outlet />
            <Where />
          </SessionContext>
        ),
        children: [
          { path: '/events', element: <EventWizard opened onClose={onClose} event={options.event} /> },
          { path: '/event/:eventid', element: <p>Event page</p> },
        ],
      },
    ],
    '/events',
  );
  return { ...view, calls, onClose };
}

const writes = (calls: RecordedCall[]) => calls.filter((c) => c.method !== 'GET');

async function openWizard(title = 'New Event') {
  const dialog = await screen.findByRole('dialog', { name: title });
  const inDialog = within(dialog);

  // Mantine keeps each select's options in its own listbox, so they are looked up there.
  const choose = async (label: RegExp, option: string) => {
    const input = inDialog.getByRole('combobox', { name: label });
    fireEvent.click(input);
    const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!listbox) throw new Error(`no listbox for ${label}`);
    fireEvent.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
  };
  const type = (label: RegExp, value: string) =>
    fireEvent.change(inDialog.getByLabelText(label), { target: { value } });
  const paste = (label: RegExp, text: string) =>
    fireEvent.paste(inDialog.getByLabelText(label), { clipboardData: { getData: () => text } });
  const next = () => fireEvent.click(inDialog.getByRole('button', { name: 'Next' }));

  // Everything page one needs, with the template's '[SUBURB]' still in place.
  const fillAllButText = async (overrides: { type?: string } = {}) => {
    await choose(/^Event type/, overrides.type ?? 'Scheduled Works');
    paste(/^Services/, services.join('\n'));
    type(/^Start date/, '2026-07-01');
    type(/^Start time/, '08:00');
    type(/^End date/, '2026-07-01');
    type(/^End time/, '12:00');
    type(/^Ticket number/, '42');
  };
  const replaceSuburb = () => {
    type(/^Title/, 'Scheduled fibre works in Northgate');
    type(/^Description/, 'Fibre on the Northgate route is re-spliced.');
  };
  return { dialog, inDialog, choose, type, paste, next, fillAllButText, replaceSuburb };
}

// The message appears on the field and as a toast; either way the user sees it.
async function expectProblem(message: string) {
  await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(2));
}

afterEach(() => {
  // The toast store outlives each render; leftovers would queue behind Mantine's limit of five.
  notifications.clean();
  cleanup();
  vi.unstubAllGlobals();
});

describe('EventWizard page one', () => {
  it(
    'starts from the first template, the signed-in user and the NOC, Medium and Scheduled Outage',
    async () => {
      renderWizard();
      const { inDialog } = await openWizard();
      expect(inDialog.getByRole('heading', { name: 'Event Description' })).toBeTruthy();
      expect((inDialog.getByLabelText(/^Title/) as HTMLInputElement).value).toBe(eventTemplates[0]?.title);
      expect((inDialog.getByLabelText(/^Initiator/) as HTMLInputElement).value).toBe('Nina Noc');
      await waitFor(() =>
        expect((inDialog.getByLabelText(/^Approver/) as HTMLInputElement).value).toBe('Meridian NOC'),
      );
      expect((inDialog.getByRole('combobox', { name: /^Priority/ }) as HTMLInputElement).value).toBe(
        'Medium',
      );
      expect(
        (inDialog.getByRole('combobox', { name: /^SLA classification/ }) as HTMLInputElement).value,
      ).toBe('Scheduled Outage');
    },
    slow,
  );

  it(
    'finds services by search, takes pasted lists and refuses words that are not service ids',
    async () => {
      const { calls } = renderWizard({
        routes: {
          'GET /api/services': ok({
            count: 1,
            limit: 50,
            offset: 0,
            results: [serviceSummary('UNG0012004703B', 'Library uplink')],
          }),
        },
      });
      const { inDialog, paste, type } = await openWizard();
      paste(/^Services/, 'UNG0012004701B, UNG0012004702B\nUNG0012004701B');
      expect(inDialog.getByText('2 services chosen')).toBeTruthy();

      // Mantine ignores changes to an input that is not focused (autofill), so focus it as a user would.
      const input = inDialog.getByLabelText(/^Services/) as HTMLInputElement;
      input.focus();
      type(/^Services/, 'library');
      await waitFor(() => {
        const search = calls.find((c) => c.url.startsWith('/api/services?'));
        expect(search && new URL(search.url, 'http://x').searchParams.get('q')).toBe('library');
      });
      const search = calls.find((c) => c.url.startsWith('/api/services?'));
      expect(new URL(search?.url ?? '', 'http://x').searchParams.get('limit')).toBe('50');
      const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
      if (!listbox) throw new Error('no listbox for Services');
      fireEvent.click(await within(listbox).findByRole('option', { name: /UNG0012004703B/, hidden: true }));
      expect(inDialog.getByText('3 services chosen')).toBeTruthy();

      // A word typed and entered while nothing matches is not kept as a bogus id.
      type(/^Services/, 'northgate');
      fireEvent.keyDown(input, { key: 'Enter' });
      expect(await screen.findByText('NORTHGATE is not a service id')).toBeTruthy();
      expect(inDialog.getByText('3 services chosen')).toBeTruthy();
      // Enter in an input never submits page one.
      fireEvent.keyDown(inDialog.getByLabelText(/^Title/), { key: 'Enter' });
      expect(writes(calls)).toEqual([]);
    },
    slow,
  );

  it(
    "says 'Event Fields are Missing!' and sends nothing for an empty page",
    async () => {
      const { calls } = renderWizard();
      const { next } = await openWizard();
      next();
      await expectProblem(eventMessages.fieldsMissing);
      expect(writes(calls)).toEqual([]);
    },
    slow,
  );

  it(
    'refuses an end before the start for works, but lets an ongoing outage go without an end',
    async () => {
      const { calls } = renderWizard();
      const { fillAllButText, type, choose, next, inDialog } = await openWizard();
      await fillAllButText();
      type(/^End time/, '07:00');
      next();
      await expectProblem(eventMessages.dates);
      expect(writes(calls)).toEqual([]);

      await choose(/^Event type/, 'Unplanned Outage');
      expect(inDialog.getByLabelText(/optional for ongoing outages/)).toBeTruthy();
      type(/optional for ongoing outages/, '');
      type(/^End time/, '');
      next();
      // The dates now pass; the next rule up is the template's placeholder.
      await expectProblem(eventMessages.suburbTemplate);
      expect(inDialog.queryAllByText(eventMessages.dates)).toEqual([]);
      expect(writes(calls)).toEqual([]);
    },
    slow,
  );

  it(
    "refuses the default template's '[SUBURB]', square brackets and ticket 1,000,000,000",
    async () => {
      const { calls } = renderWizard();
      const { fillAllButText, type, next } = await openWizard();
      await fillAllButText();
      next();
      await expectProblem(eventMessages.suburbTemplate);

      type(/^Title/, 'Works in Northgate [north side]');
      type(/^Description/, 'Fibre is re-spliced.');
      next();
      await expectProblem(eventMessages.brackets);

      type(/^Title/, 'Works in Northgate');
      type(/^Ticket number/, '1000000000');
      next();
      await expectProblem(eventMessages.ticketRange);
      expect(writes(calls)).toEqual([]);
    },
    slow,
  );
});

describe('EventWizard preflight and send', () => {
  it(
    'sends one preflight, shows the plan per customer, then sends for real with an Idempotency-Key',
    async () => {
      const { calls, onClose, router } = renderWizard();
      const { fillAllButText, replaceSuburb, next, inDialog } = await openWizard();
      await fillAllButText();
      replaceSuburb();
      next();

      expect(await inDialog.findByRole('heading', { name: 'Preflight Confirmation' })).toBeTruthy();
      await waitFor(() => expect(document.activeElement?.textContent).toBe('Preflight Confirmation'));
      const [preflight, ...others] = writes(calls);
      expect(others).toEqual([]);
      expect(preflight).toMatchObject({
        method: 'POST',
        url: '/api/event',
        body: {
          preflight: true,
          type: 1,
          services,
          number: 42,
          priority: 3,
          slatype: 1,
          initiator: 'Nina Noc',
          approver: 'Meridian NOC',
          title: 'Scheduled fibre works in Northgate',
          sendnotification: true,
          updateexisting: false,
        },
      });

      const customer = inDialog.getByRole('region', { name: 'UNG University of Northgate' });
      expect(within(customer).getByText('admin@northgate.example')).toBeTruthy();
      expect(within(customer).getByText(plan[0]?.warnings[0] as string)).toBeTruthy();
      expect(within(customer).getByText('New ticket')).toBeTruthy();
      // Subscribers are listed with how each is told: once, by the ticket when they are also a contact.
      const subscribers = within(customer).getByRole('table', { name: 'Subscribers of UNG' });
      const rowOf = (email: string) => within(subscribers).getByText(email).closest('tr') as HTMLElement;
      expect(within(rowOf('user@northgate.example')).getByText('Own e-mail')).toBeTruthy();
      expect(within(rowOf('NOC@northgate.example')).getByText('The ticket (a contact)')).toBeTruthy();
      expect(within(customer).getByText('2 subscribers')).toBeTruthy();
      const totals = inDialog.getByLabelText('Totals');
      expect(totals.textContent).toBe('1customer1ticket0SMS2services');
      // The message is only ever shown in a sandboxed frame, never as the page's own HTML.
      fireEvent.click(within(customer).getByRole('button', { name: 'View message' }));
      const frame = await within(customer).findByTitle('Message to UNG');
      expect(frame.getAttribute('sandbox')).toBe('');
      expect(frame.getAttribute('srcdoc')).toContain('<strong>Northgate</strong>');
      expect(document.querySelector('script')).toBeNull();
      fireEvent.click(within(customer).getByRole('button', { name: 'Services (2)' }));
      expect(await within(customer).findByText('UNG0012004702B')).toBeTruthy();

      fireEvent.click(inDialog.getByRole('button', { name: 'Send' }));
      expect(await inDialog.findByRole('heading', { name: 'Summary' })).toBeTruthy();
      const real = writes(calls).slice(1);
      expect(real).toHaveLength(1);
      expect(real[0]).toMatchObject({ method: 'POST', url: '/api/event', body: { preflight: false } });
      expect(real[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
      expect(await screen.findByText('Event #4300 created!')).toBeTruthy();
      // Saved: every step of the stepper is ticked, the summary's too (issue 12 item 16).
      const steps = [...document.querySelectorAll('.mantine-Stepper-step')];
      expect(steps).toHaveLength(3);
      expect(steps.map((step) => step.hasAttribute('data-completed'))).toEqual([true, true, true]);

      const notices = inDialog.getByRole('table', { name: 'Notifications' });
      expect(within(notices).getByText('UNG')).toBeTruthy();
      expect(within(notices).getByText('Queued')).toBeTruthy();
      const link = inDialog.getByRole('link', { name: 'Event #4300' });
      expect(link.getAttribute('href')).toBe('/event/4300');

      fireEvent.click(inDialog.getByRole('button', { name: 'Close' }));
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(router.state.location.pathname).toBe('/events');
    },
    slow,
  );

  it(
    'keeps the values on Back and shows the server message when the preflight fails',
    async () => {
      let attempt = 0;
      const { calls } = renderWizard({
        routes: {
          'POST /api/event': () => {
            attempt += 1;
            return attempt === 1
              ? { status: 400, body: { result: 'Failure', message: 'UNG0012004702B is disabled!' } }
              : ok({ customers: plan });
          },
        },
      });
      const { fillAllButText, replaceSuburb, next, inDialog } = await openWizard();
      await fillAllButText();
      replaceSuburb();
      next();
      expect(await screen.findByText('UNG0012004702B is disabled!')).toBeTruthy();
      expect(inDialog.getByRole('heading', { name: 'Event Description' })).toBeTruthy();

      next();
      expect(await inDialog.findByRole('heading', { name: 'Preflight Confirmation' })).toBeTruthy();
      fireEvent.click(inDialog.getByRole('button', { name: 'Back' }));
      expect(await inDialog.findByRole('heading', { name: 'Event Description' })).toBeTruthy();
      expect((inDialog.getByLabelText(/^Title/) as HTMLInputElement).value).toBe(
        'Scheduled fibre works in Northgate',
      );
      expect(inDialog.getByText('2 services chosen')).toBeTruthy();
      expect(writes(calls)).toHaveLength(2);
    },
    slow,
  );

  it(
    'shows the preflight fallback when the server gives no message',
    async () => {
      renderWizard({ routes: { 'POST /api/event': { status: 500, body: { result: 'Failure' } } } });
      const { fillAllButText, replaceSuburb, next } = await openWizard();
      await fillAllButText();
      replaceSuburb();
      next();
      expect(await screen.findByText(eventMessages.preflightFailed)).toBeTruthy();
    },
    slow,
  );
});

describe('EventWizard prefill', () => {
  it(
    'fills the form from a ticket and warns about each service it cannot use',
    async () => {
      const { calls } = renderWizard({
        routes: {
          'GET /api/events/prefill/17': ok({
            ticketid: 17,
            existingeventid: null,
            prefill: {
              type: 2,
              slatype: 1,
              title: eventTemplates[1]?.title,
              description: eventTemplates[1]?.description,
              priority: 1,
              starttime: portalWallTime(2026, 8, 3, 22, 0),
              endtime: portalWallTime(2026, 8, 4, 4, 0),
              services: ['UNG0012004701B'],
              messages: ['UNG0012004709B is disabled!', 'XYZ0001000201A does not exist in Database!'],
            },
          }),
        },
      });
      const { inDialog, type } = await openWizard();
      type(/^Prefill from ticket/, '17');
      fireEvent.click(inDialog.getByRole('button', { name: 'Prefill Event' }));

      expect(await screen.findByText('UNG0012004709B is disabled!')).toBeTruthy();
      expect(screen.getByText('XYZ0001000201A does not exist in Database!')).toBeTruthy();
      const value = (label: RegExp) => (inDialog.getByLabelText(label) as HTMLInputElement).value;
      expect((inDialog.getByRole('combobox', { name: /^Event type/ }) as HTMLInputElement).value).toBe(
        'Planned Hazard Window',
      );
      expect(value(/^Title/)).toBe(eventTemplates[1]?.title);
      expect(value(/^Start date/)).toBe('2026-08-03');
      expect(value(/^Start time/)).toBe('22:00');
      expect(value(/^End date/)).toBe('2026-08-04');
      expect(value(/^Ticket number/)).toBe('17');
      expect((inDialog.getByRole('combobox', { name: /^Priority/ }) as HTMLInputElement).value).toBe(
        'Critical',
      );
      expect(inDialog.getByText('1 service chosen')).toBeTruthy();
      expect(calls.filter((c) => c.url.startsWith('/api/events/prefill/'))).toHaveLength(1);
    },
    slow,
  );

  it(
    'goes to the event that already carries the ticket number',
    async () => {
      const { onClose, router } = renderWizard({
        routes: {
          'GET /api/events/prefill/23': ok({
            ticketid: 23,
            existingeventid: 4211,
            prefill: { priority: 1, services: [], messages: [] },
          }),
        },
      });
      const { inDialog, type } = await openWizard();
      type(/^Prefill from ticket/, '23');
      fireEvent.click(inDialog.getByRole('button', { name: 'Prefill Event' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/event/4211'));
      expect(onClose).toHaveBeenCalled();
    },
    slow,
  );

  it(
    'says which ticket it could not read',
    async () => {
      renderWizard({
        routes: {
          'GET /api/events/prefill/99': {
            status: 404,
            body: { result: 'Failure', message: eventMessages.ticketServicesFailed(99) },
          },
        },
      });
      const { inDialog, type } = await openWizard();
      type(/^Prefill from ticket/, '99');
      fireEvent.click(inDialog.getByRole('button', { name: 'Prefill Event' }));
      expect(await screen.findByText(eventMessages.ticketServicesFailed(99))).toBeTruthy();
    },
    slow,
  );
});

describe('EventWizard closing and editing', () => {
  it(
    'asks before Escape throws away what was typed',
    async () => {
      const { onClose } = renderWizard();
      const { type, dialog } = await openWizard();
      type(/^Title/, 'Half-written');
      fireEvent.keyDown(dialog, { key: 'Escape' });
      const confirm = await screen.findByRole('dialog', { name: 'Discard this event?' });
      fireEvent.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
      expect(onClose).not.toHaveBeenCalled();

      fireEvent.keyDown(dialog, { key: 'Escape' });
      fireEvent.click(
        within(await screen.findByRole('dialog', { name: 'Discard this event?' })).getByRole('button', {
          name: 'Discard',
        }),
      );
      expect(onClose).toHaveBeenCalledTimes(1);
    },
    slow,
  );

  it(
    'closes at once on Escape when nothing was typed',
    async () => {
      const { onClose } = renderWizard();
      const { dialog } = await openWizard();
      fireEvent.keyDown(dialog, { key: 'Escape' });
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('dialog', { name: 'Discard this event?' })).toBeNull();
    },
    slow,
  );

  it(
    'edits an event: its values, PUT for the preflight and the save, existing tickets answered',
    async () => {
      const start = portalWallTime(2026, 7, 1, 8, 0);
      const event: EventDetail = {
        ...detail,
        eventid: 4211,
        number: 77,
        title: 'Fibre cut in Northgate',
        description: 'A fibre cut is being repaired.',
        type: 3,
        starttime: start,
        endtime: null,
        priority: 1,
        slatype: 3,
        initiator: 'Ada Admin',
        approver: 'Meridian NOC',
        services: services.map((serviceid) => ({ ...campusUplink, serviceid })),
      };
      const { calls } = renderWizard({
        event,
        routes: {
          'PUT /api/event/4211': (call) =>
            (call.body as { preflight: boolean }).preflight
              ? ok({ customers: plan })
              : ok(
                  {
                    ...sent,
                    eventid: 4211,
                    event: { ...event, revision: 2 },
                    // UNG was told by the first save and again by this one.
                    notifications: [
                      { ...sent.notifications[0], revision: 2, ticketid: 10071, status: 'sent' },
                      { ...sent.notifications[0], revision: 1, ticketid: 10071, status: 'sent' },
                    ],
                  },
                  eventMessages.updated,
                ),
        },
      });
      const { inDialog, next } = await openWizard('Edit Event #4211');
      expect(inDialog.queryByRole('button', { name: 'Prefill Event' })).toBeNull();
      expect((inDialog.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Fibre cut in Northgate');
      expect(inDialog.getByText('2 services chosen')).toBeTruthy();
      next();
      expect(await inDialog.findByRole('heading', { name: 'Preflight Confirmation' })).toBeTruthy();
      expect(
        (inDialog.getByRole('checkbox', { name: /Update existing tickets/ }) as HTMLInputElement).checked,
      ).toBe(true);
      fireEvent.click(inDialog.getByRole('button', { name: 'Save' }));
      expect(await inDialog.findByRole('heading', { name: 'Summary' })).toBeTruthy();
      expect(await screen.findByText(eventMessages.updated)).toBeTruthy();
      // UNG is listed once per save that told it, each block captioned with its revision.
      const thisSave = inDialog.getByRole('table', { name: 'Notifications' });
      expect(within(thisSave).getByText('Revision 2: this save')).toBeTruthy();
      expect(within(thisSave).getAllByText('UNG')).toHaveLength(1);
      const earlier = inDialog.getByRole('table', { name: 'Notifications of revision 1' });
      expect(
        within(earlier).getByText('Revision 1: an earlier save (already sent, not sent again)'),
      ).toBeTruthy();
      expect(within(earlier).getAllByText('UNG')).toHaveLength(1);
      expect(
        writes(calls).map((c) => [c.method, c.url, (c.body as { preflight: boolean }).preflight]),
      ).toEqual([
        ['PUT', '/api/event/4211', true],
        ['PUT', '/api/event/4211', false],
      ]);
      expect(writes(calls)[1]?.body).toMatchObject({
        type: 3,
        endtime: null,
        updateexisting: true,
        number: 77,
      });
      // A retried save must not make a second revision: the save carries the session's key too.
      expect(writes(calls)[1]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    },
    slow,
  );
});
