import { type AccessTicketPlan, accessMessages, accessReasonDetails } from '@lightpath/domain/access';
import type { Site } from '@lightpath/domain/sites';
import type { UserType } from '@lightpath/domain/user-types';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type RecordedCall, type Route } from '../../../test/fetch-mock';
import { ok, page, sessionFor, signedIn } from '../../../test/page-fixtures';
import { renderRoutes } from '../../../test/render';
import { portalWallTime } from '../../../test/wall-time';
import { RequestSiteAccessWizard } from './request-site-access-wizard';

// These render the whole Mantine tree: seconds on a busy shared machine.
const slow = 30_000;

function siteOf(siteid: number, accesstype: number, sitename: string): Site {
  return {
    siteid,
    sitenumber: `S00${siteid}`,
    sitename,
    sitetype: 1,
    status: 1,
    customerid: 7,
    customercode: 'UNG',
    customername: 'University of Northgate',
    parentsite: null,
    latitude: null,
    longitude: null,
    building: null,
    street: '1 College Road',
    suburb: 'Northgate',
    postcode: '2600',
    accesshours: 'Business hours',
    accessnotes: 'Call security on arrival.',
    sitenotes: null,
    accesstype: accesstype as Site['accesstype'],
    vplsname: null,
    maclimit: null,
    macflush: null,
    allowedvlans: null,
    servicecount: 2,
    condition: 0,
  };
}

const sites = {
  mandatory: siteOf(11, 1, 'Library'),
  courtesy: siteOf(12, 2, 'Boathouse'),
  external: siteOf(13, 3, 'Hospital Wing'),
  form: siteOf(14, 4, 'Data Centre'),
  none: siteOf(15, 0, 'Car Park'),
  other: siteOf(16, 5, 'Observatory'),
};

const plan = (attachments: string[]): AccessTicketPlan => ({
  requester: 'test@example.org',
  ccs: ['robin.hart@northgate.example'],
  attachments,
  htmlcomment:
    '<p>Site Access Request for <strong>S0014 Data Centre</strong></p><script>parent.hacked = true</script>',
  id: null,
});

type Routes = Record<string, Route | ((call: RecordedCall) => Route)>;

function accessRoute(siteid: number, attachments: string[] = []): Routes {
  return {
    [`POST /api/site/${siteid}/access`]: (call) =>
      (call.body as { preflight: boolean }).preflight
        ? ok({ ticket: { create: plan(attachments) } })
        : {
            status: 201,
            body: {
              result: 'Success',
              message: 'Ticket #10001 created!',
              payload: { ticket: { create: { ...plan(attachments), id: 10_001 } } },
            },
          },
  };
}

function renderWizard(options: { type?: UserType; site?: Site; routes?: Routes } = {}) {
  const onClose = vi.fn();
  const { calls, fetchMock } = mockFetch({
    'GET /api/sites': page(Object.values(sites)),
    ...accessRoute(sites.mandatory.siteid),
    ...accessRoute(sites.courtesy.siteid),
    ...accessRoute(sites.form.siteid, ['form.pdf']),
    [`POST /api/site/${sites.form.siteid}/access/form`]: {
      status: 201,
      body: {
        result: 'Success',
        payload: {
          attachments: [
            {
              token: 'tok-form-0123456789abcdef',
              filename: 'form.pdf',
              size: 8,
              contenttype: 'application/pdf',
            },
          ],
        },
      },
    },
    ...options.routes,
  });
  const view = renderRoutes(
    [
      {
        element: signedIn(sessionFor(options.type ?? 4)),
        children: [
          {
            path: '/sites',
            element: <RequestSiteAccessWizard opened onClose={onClose} site={options.site} />,
          },
          { path: '/ticket/:ticketid', element: <p>Ticket page</p> },
        ],
      },
    ],
    '/sites',
  );
  return { ...view, calls, fetchMock, onClose };
}

const writes = (calls: RecordedCall[]) => calls.filter((c) => c.method !== 'GET');

async function openWizard() {
  const dialog = await screen.findByRole('dialog', { name: 'Request Site Access' });
  const inDialog = within(dialog);
  // Mantine keeps each select's options in its own listbox, so they are looked up there.
  const choose = async (label: RegExp, option: string | RegExp) => {
    const input = inDialog.getByRole('combobox', { name: label });
    fireEvent.click(input);
    const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!listbox) throw new Error(`no listbox for ${label}`);
    fireEvent.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
  };
  const chooseSite = (site: Site) => choose(/^Site/, new RegExp(`^${site.sitenumber} ${site.sitename}`));
  const type = (label: RegExp, value: string) =>
    fireEvent.change(inDialog.getByLabelText(label), { target: { value } });
  const fillWhen = () => {
    type(/^Date/, '2026-07-01');
    type(/^Time/, '08:00');
  };
  const addFiles = (...files: File[]) =>
    fireEvent.change(inDialog.getByLabelText('Choose Site Access Form files'), { target: { files } });
  const next = () => fireEvent.click(inDialog.getByRole('button', { name: 'Next' }));
  return { dialog, inDialog, choose, chooseSite, type, fillWhen, addFiles, next };
}

// The message appears on the field and as a toast; either way the user sees it.
async function expectProblem(message: string) {
  await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(2));
}

const pdf = (name = 'form.pdf') => new File(['%PDF-1.7 form'], name, { type: 'application/pdf' });

afterEach(() => {
  // The toast store outlives each render; leftovers would queue behind Mantine's limit of five.
});

describe('RequestSiteAccessWizard step one', () => {
  it(
    "shows the chosen site's access type, hours and notes, and the signed-in user as technician",
    async () => {
      renderWizard();
      const { inDialog, chooseSite } = await openWizard();
      expect(inDialog.getByRole('heading', { name: 'Site Access Description' })).toBeTruthy();
      expect((inDialog.getByLabelText(/^Technician/) as HTMLInputElement).value).toBe('Test User');
      await chooseSite(sites.form);
      expect(inDialog.getByText('Access Form Required')).toBeTruthy();
      expect(inDialog.getByText('Business hours')).toBeTruthy();
      expect(inDialog.getByText('Call security on arrival.')).toBeTruthy();
      expect(inDialog.getByRole('button', { name: 'Choose files' })).toBeTruthy();
    },
    slow,
  );

  it.each([
    ['none', 'A Site Access Request is not required for this site'],
    ['external', 'Site Access is to be requested via customer system'],
    ['other', 'Site Access is to be requested via other means'],
  ] as const)(
    'shows the %s access type message as an alert and blocks Next',
    async (key, message) => {
      const { calls } = renderWizard();
      const { inDialog, chooseSite } = await openWizard();
      await chooseSite(sites[key]);
      expect(within(inDialog.getByRole('alert')).getByText(message)).toBeTruthy();
      const next = inDialog.getByRole('button', { name: 'Next' });
      expect(next.hasAttribute('disabled') || next.getAttribute('data-disabled') === 'true').toBe(true);
      fireEvent.click(next);
      expect(writes(calls)).toEqual([]);
    },
    slow,
  );

  it(
    "says 'Site Access Form is Incomplete!' without a site, a time or details, and sends nothing",
    async () => {
      const { calls } = renderWizard();
      const { inDialog, chooseSite, type, fillWhen, next } = await openWizard();
      const invalid = (label: RegExp) => inDialog.getByLabelText(label).getAttribute('aria-invalid');
      next();
      await expectProblem(accessMessages.incomplete);
      expect(inDialog.getByRole('combobox', { name: /^Site/ }).getAttribute('aria-invalid')).toBe('true');
      await chooseSite(sites.mandatory);
      type(/^Date/, '2026-07-01');
      next();
      await waitFor(() => expect(invalid(/^Date/)).toBe('true'));
      fillWhen();
      type(/^Details/, '   ');
      next();
      await waitFor(() => expect(invalid(/^Details/)).toBe('true'));
      expect(invalid(/^Date/)).not.toBe('true');
      expect(screen.getAllByText(accessMessages.incomplete).length).toBeGreaterThanOrEqual(2);
      type(/^Details/, 'Fan tray');
      type(/^Ticket number/, '1000000000');
      next();
      await expectProblem(accessMessages.ticketRange);
      expect(writes(calls)).toEqual([]);
    },
    slow,
  );

  it(
    "says 'Site Access Form must be provided!' for a type 4 site without a file",
    async () => {
      const { calls } = renderWizard();
      const { chooseSite, fillWhen, type, next } = await openWizard();
      await chooseSite(sites.form);
      fillWhen();
      type(/^Details/, 'Fan tray');
      next();
      await expectProblem(accessMessages.formRequired);
      expect(writes(calls)).toEqual([]);
    },
    slow,
  );

  it(
    'refuses a file type the server would refuse before sending anything',
    async () => {
      const { calls } = renderWizard();
      const { chooseSite, fillWhen, type, addFiles, next } = await openWizard();
      await chooseSite(sites.form);
      fillWhen();
      type(/^Details/, 'Fan tray');
      addFiles(new File(['MZ'], 'setup.exe'));
      next();
      expect(
        (await screen.findAllByText(/setup\.exe is not an allowed file type/)).length,
      ).toBeGreaterThanOrEqual(1);
      expect(writes(calls)).toEqual([]);
    },
    slow,
  );

  it(
    'prefills the details from the reason, but not for a courtesy notification (type 2)',
    async () => {
      renderWizard();
      const { inDialog, choose, chooseSite, type } = await openWizard();
      await chooseSite(sites.mandatory);
      await choose(/^Reason/, 'Outage Investigation');
      expect((inDialog.getByLabelText(/^Details/) as HTMLTextAreaElement).value).toBe(
        accessReasonDetails['Outage Investigation'],
      );
      await chooseSite(sites.courtesy);
      type(/^Details/, 'Just letting you know');
      await choose(/^Reason/, 'Maintenance Works');
      expect((inDialog.getByLabelText(/^Details/) as HTMLTextAreaElement).value).toBe(
        'Just letting you know',
      );
    },
    slow,
  );
});

describe('RequestSiteAccessWizard preflight and request', () => {
  it(
    'uploads the form first, then the preflight, then sends the same body for real with an Idempotency-Key',
    async () => {
      const { calls, fetchMock, onClose } = renderWizard();
      const { inDialog, chooseSite, fillWhen, type, addFiles, next, choose } = await openWizard();
      await chooseSite(sites.form);
      fillWhen();
      await choose(/^Reason/, 'Maintenance Works');
      type(/^Ticket number/, '42');
      fireEvent.click(inDialog.getByRole('switch', { name: 'Emergency' }));
      addFiles(pdf(), pdf('spare.pdf'));
      expect(inDialog.getByRole('list', { name: 'Chosen files' }).textContent).toContain('spare.pdf');
      fireEvent.click(inDialog.getByRole('button', { name: 'Remove spare.pdf' }));
      expect(inDialog.queryByText('spare.pdf')).toBeNull();
      next();

      expect(await inDialog.findByRole('heading', { name: 'Preflight Confirmation' })).toBeTruthy();
      await waitFor(() => expect(document.activeElement?.textContent).toBe('Preflight Confirmation'));
      const [uploadCall, preflight, ...others] = writes(calls);
      expect(others).toEqual([]);
      // The files go up first, as multipart, each under its own field name.
      expect(uploadCall).toMatchObject({ method: 'POST', url: '/api/site/14/access/form' });
      const sent = fetchMock.mock.calls.find(([url]) => String(url) === '/api/site/14/access/form')?.[1];
      if (!sent) throw new Error('no upload was sent');
      const form = sent.body as FormData;
      expect(form).toBeInstanceOf(FormData);
      expect([...form.keys()]).toEqual(['file1']);
      expect((form.get('file1') as File).name).toBe('form.pdf');
      expect((sent.headers as Record<string, string>)['Content-Type']).toBeUndefined();
      expect(preflight).toMatchObject({
        method: 'POST',
        url: '/api/site/14/access',
        body: {
          preflight: true,
          siteID: 14,
          technician: 'Test User',
          datetime: portalWallTime(2026, 7, 1, 8, 0),
          reason: 'Maintenance Works',
          additionaldetails: accessReasonDetails['Maintenance Works'],
          number: 42,
          emergency: true,
          serviceaffecting: false,
          addccs: true,
          truncatename: false,
          attachments: ['tok-form-0123456789abcdef'],
        },
      });

      // Step two: the ticket as the server will open it.
      const ticket = inDialog.getByRole('region', { name: 'The ticket to be opened' });
      expect(within(ticket).getByText('test@example.org')).toBeTruthy();
      expect(within(ticket).getByText('robin.hart@northgate.example')).toBeTruthy();
      expect(within(ticket).getByText('form.pdf')).toBeTruthy();
      // The message is only ever shown in a sandboxed frame, never as the page's own HTML.
      const frame = within(ticket).getByTitle('Ticket message');
      expect(frame.getAttribute('sandbox')).toBe('');
      expect(frame.getAttribute('srcdoc')).toContain('<strong>S0014 Data Centre</strong>');
      expect(document.querySelector('script')).toBeNull();

      fireEvent.click(inDialog.getByRole('button', { name: 'Send request' }));
      expect(await inDialog.findByRole('heading', { name: 'Summary' })).toBeTruthy();
      const real = writes(calls).slice(2);
      expect(real).toHaveLength(1);
      expect(real[0]).toMatchObject({ method: 'POST', url: '/api/site/14/access' });
      expect(real[0]?.body).toEqual({ ...(preflight?.body as object), preflight: false });
      expect(real[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
      expect(await screen.findByText('Ticket #10001 created!')).toBeTruthy();
      const link = inDialog.getByRole('link', { name: 'Ticket #10001' });
      expect(link.getAttribute('href')).toBe('/ticket/10001');

      fireEvent.click(inDialog.getByRole('button', { name: 'Close' }));
      expect(onClose).toHaveBeenCalledTimes(1);
    },
    slow,
  );

  it(
    'does not upload the same files twice when going back and on again',
    async () => {
      const { calls } = renderWizard();
      const { inDialog, chooseSite, fillWhen, type, addFiles, next } = await openWizard();
      await chooseSite(sites.form);
      fillWhen();
      type(/^Details/, 'Fan tray');
      addFiles(pdf());
      next();
      expect(await inDialog.findByRole('heading', { name: 'Preflight Confirmation' })).toBeTruthy();
      fireEvent.click(inDialog.getByRole('button', { name: 'Back' }));
      expect(await inDialog.findByRole('heading', { name: 'Site Access Description' })).toBeTruthy();
      expect(inDialog.getByText('form.pdf')).toBeTruthy();
      next();
      expect(await inDialog.findByRole('heading', { name: 'Preflight Confirmation' })).toBeTruthy();
      expect(writes(calls).map((c) => c.url)).toEqual([
        '/api/site/14/access/form',
        '/api/site/14/access',
        '/api/site/14/access',
      ]);
    },
    slow,
  );

  it(
    'starts from a site chosen beforehand and sends no upload for a type 1 site',
    async () => {
      const { calls } = renderWizard({ site: sites.mandatory, type: 1 });
      const { inDialog, fillWhen, type, next } = await openWizard();
      expect((inDialog.getByRole('combobox', { name: /^Site/ }) as HTMLInputElement).value).toBe(
        'S0011 Library · UNG',
      );
      fillWhen();
      type(/^Details/, 'Fan tray');
      next();
      expect(await inDialog.findByRole('heading', { name: 'Preflight Confirmation' })).toBeTruthy();
      expect(writes(calls).map((c) => c.url)).toEqual(['/api/site/11/access']);
      expect(writes(calls)[0]?.body).toMatchObject({ siteID: 11, attachments: [] });
    },
    slow,
  );

  it(
    'shows the server message when the upload is refused, and sends no preflight',
    async () => {
      const { calls } = renderWizard({
        routes: {
          'POST /api/site/14/access/form': {
            status: 415,
            body: { result: 'Failure', message: 'form.pdf is not a valid PDF file' },
          },
        },
      });
      const { inDialog, chooseSite, fillWhen, type, addFiles, next } = await openWizard();
      await chooseSite(sites.form);
      fillWhen();
      type(/^Details/, 'Fan tray');
      addFiles(pdf());
      next();
      expect(await screen.findByText('form.pdf is not a valid PDF file')).toBeTruthy();
      expect(inDialog.getByRole('heading', { name: 'Site Access Description' })).toBeTruthy();
      expect(writes(calls).map((c) => c.url)).toEqual(['/api/site/14/access/form']);
    },
    slow,
  );

  it(
    "shows spec 8's preflight default when the server gives no message",
    async () => {
      renderWizard({ routes: { 'POST /api/site/11/access': { status: 500, body: { result: 'Failure' } } } });
      const { chooseSite, fillWhen, type, next } = await openWizard();
      await chooseSite(sites.mandatory);
      fillWhen();
      type(/^Details/, 'Fan tray');
      next();
      expect(await screen.findByText(accessMessages.preflightFailed)).toBeTruthy();
    },
    slow,
  );

  it(
    "shows spec 8's access default when the real request fails without a message, and the server's with one",
    async () => {
      let attempt = 0;
      renderWizard({
        routes: {
          'POST /api/site/11/access': (call) => {
            if ((call.body as { preflight: boolean }).preflight) return ok({ ticket: { create: plan([]) } });
            attempt += 1;
            return attempt === 1
              ? { status: 500, body: { result: 'Failure' } }
              : {
                  status: 400,
                  body: { result: 'Failure', message: 'Site Access cannot be requested for a disabled site' },
                };
          },
        },
      });
      const { inDialog, chooseSite, fillWhen, type, next } = await openWizard();
      await chooseSite(sites.mandatory);
      fillWhen();
      type(/^Details/, 'Fan tray');
      next();
      expect(await inDialog.findByRole('heading', { name: 'Preflight Confirmation' })).toBeTruthy();
      fireEvent.click(inDialog.getByRole('button', { name: 'Send request' }));
      expect(await screen.findByText(accessMessages.submitFailed)).toBeTruthy();
      fireEvent.click(inDialog.getByRole('button', { name: 'Send request' }));
      expect(await screen.findByText('Site Access cannot be requested for a disabled site')).toBeTruthy();
      expect(inDialog.getByRole('heading', { name: 'Preflight Confirmation' })).toBeTruthy();
    },
    slow,
  );

  it(
    'asks before discarding what was entered',
    async () => {
      const { onClose } = renderWizard();
      const { inDialog, type } = await openWizard();
      type(/^Technician/, 'Someone Else');
      fireEvent.click(inDialog.getByRole('button', { name: 'Cancel' }));
      const confirm = await screen.findByRole('dialog', { name: 'Discard this request?' });
      expect(onClose).not.toHaveBeenCalled();
      fireEvent.click(within(confirm).getByRole('button', { name: 'Discard' }));
      expect(onClose).toHaveBeenCalledTimes(1);
    },
    slow,
  );
});
