import { readFileSync } from 'node:fs';
import { accessMessages } from '@lightpath/domain/access';
import { checkinMessages } from '@lightpath/domain/checkins';
import { ticketMessages } from '@lightpath/domain/tickets';
import { expect, test } from '@playwright/test';
import { accounts, api, apiToken, screenshot, signIn } from './fixtures';

type Page<T> = { count: number; results: T[] };
type ServiceRow = { serviceid: string; customercode: string };
type SiteRow = {
  siteid: number;
  sitenumber: string;
  sitename: string;
  accesstype: number;
  sitetype: number;
  status: number;
};

// Local date and time inputs (yyyy-mm-dd, hh:mm) for a moment `offsetHours` from now.
function dateAndTime(offsetHours: number) {
  const at = new Date(Date.now() + offsetHours * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}

test.describe('support and field operations', () => {
  test('a customer user raises a flapping ticket through the wizard and finds it in the list', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, accounts.ungUser.email);
    const services = await api<Page<ServiceRow>>(
      request,
      token,
      'GET',
      '/api/services?limit=1&sort=serviceid',
    );
    const serviceid = services.body.payload.results[0]!.serviceid;

    await signIn(page, accounts.ungUser.email);
    await page.goto('/tickets');
    await expect(page).toHaveTitle(/Tickets/);
    await page.getByRole('button', { name: 'New ticket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Ticket' });
    await expect(dialog).toBeVisible();

    // Each step refuses to go on with its message until it is complete.
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText(ticketMessages.issueRequired)).toBeVisible();
    await dialog.getByRole('radio', { name: /^Flapping service/ }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();

    // Step two opens in the services box with the customer's services listed; Tab leaves it closed.
    await expect(dialog.getByRole('combobox', { name: /^Affected services/ })).toBeFocused();
    await page.keyboard.press('Tab');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText(ticketMessages.servicesRequired)).toBeVisible();
    await dialog.getByRole('combobox', { name: /^Affected services/ }).fill(serviceid);
    // The server's search answers after a pause; the list then holds just that service.
    await expect(page.getByRole('option')).toHaveCount(1);
    await page.getByRole('option', { name: new RegExp(serviceid) }).click();
    // The list stays open for more services; Tab moves on to the start date and closes it.
    await page.keyboard.press('Tab');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText(ticketMessages.startRequired).first()).toBeVisible();
    const started = dateAndTime(-2);
    await dialog.getByLabel(/^Start date/).fill(started.date);
    await dialog.getByLabel(/^Start time/).fill(started.time);
    await screenshot(page, 'ticket-wizard-details');
    await dialog.getByRole('button', { name: 'Next' }).click();

    // Spec 9: the subject is filled in with the prefix, today's date and the service.
    const subject = dialog.getByRole('textbox', { name: /^Subject/ });
    await expect(subject).toHaveValue(new RegExp(`^\\[FLAPPING\\] \\d\\d/\\d\\d/\\d\\d - ${serviceid}$`));
    const subjectText = await subject.inputValue();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText(ticketMessages.descriptionRequired).first()).toBeVisible();
    await dialog
      .getByRole('textbox', { name: /^Description/ })
      .fill('The link has dropped and come back six times since this morning.');
    await dialog.getByRole('button', { name: 'Submit' }).click();

    await expect(page.getByText(/^Ticket #\d+ created!$/)).toBeVisible();
    await expect(page).toHaveURL(/\/ticket\/\d+$/);
    const ticketid = Number(page.url().split('/').at(-1));
    await expect(page.getByText(ticketMessages.created(ticketid))).toBeVisible();
    await expect(page.getByRole('heading', { name: `Ticket #${ticketid}` })).toBeVisible();
    await expect(page.getByText(subjectText, { exact: true }).first()).toBeVisible();
    await expect(page.getByText('The link has dropped and come back six times').first()).toBeVisible();
    await screenshot(page, 'ticket-page-customer');

    await page.goto('/tickets');
    const row = page.getByRole('row', { name: new RegExp(`#${ticketid}`) });
    await expect(row).toBeVisible();
    await expect(row.getByRole('link', { name: subjectText })).toBeVisible();
    await screenshot(page, 'tickets-customer');

    // Another customer cannot open it.
    const other = await apiToken(request, accounts.ebhAdmin.email);
    expect((await api(request, other, 'GET', `/api/ticket/${ticketid}`)).status).toBe(404);
  });

  test('the NOC requests access to a type 4 site, sending its access form', async ({ page, request }) => {
    const token = await apiToken(request, accounts.noc.email);
    const sites = await api<Page<SiteRow>>(request, token, 'GET', '/api/sites?limit=200&sitetype=1');
    const site = sites.body.payload.results.find((s) => s.accesstype === 4 && s.status === 1)!;
    expect(site).toBeDefined();

    await signIn(page, accounts.noc.email);
    await page.goto(`/site/${site.siteid}`);
    await page.getByRole('button', { name: 'Request access' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Site Access' });
    await expect(dialog.getByText('Access Form Required')).toBeVisible();

    // Spec 5's order: a type 4 site needs its form first, then the date, time and details.
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText(accessMessages.formRequired).first()).toBeVisible();
    const files = dialog.getByLabel('Choose Site Access Form files');
    await files.setInputFiles({
      name: 'site-access-form.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n'),
    });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText(accessMessages.incomplete).first()).toBeVisible();
    const visit = dateAndTime(24);
    await dialog.getByLabel(/^Date/).fill(visit.date);
    await dialog.getByLabel(/^Time/).fill('09:00');
    await dialog.getByRole('textbox', { name: /^Details/ }).fill('Replace the fan tray in the core router.');

    // A file of a forbidden type is refused before anything is sent.
    await files.setInputFiles({
      name: 'setup.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ not a form'),
    });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText(/setup\.exe is not an allowed file type/).first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Remove setup.exe' }).click();
    await screenshot(page, 'access-wizard-description');
    await dialog.getByRole('button', { name: 'Next' }).click();

    await expect(dialog.getByRole('heading', { name: 'Preflight Confirmation' })).toBeVisible();
    await expect(dialog.getByText('site-access-form.pdf')).toBeVisible();
    await screenshot(page, 'access-wizard-preflight');
    await dialog.getByRole('button', { name: 'Send request' }).click();

    const created = page.getByText(/^Ticket #\d+ created!$/).first();
    await expect(created).toBeVisible();
    const ticketid = Number((await created.textContent())?.match(/\d+/)?.[0]);
    await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
    await screenshot(page, 'access-wizard-summary');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    // The request is on the site's page and in the tickets list, with the form attached.
    await page
      .getByRole('region', { name: 'Site access requests' })
      .getByRole('link', { name: `Ticket #${ticketid}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/ticket/${ticketid}$`));
    await expect(page.getByRole('heading', { name: `Ticket #${ticketid}` })).toBeVisible();
    await expect(
      page.getByText(`[SITE ACCESS] ${site.sitenumber} ${site.sitename} - `, { exact: false }).first(),
    ).toBeVisible();
    await expect(page.getByText('site-access-form.pdf', { exact: true })).toBeVisible();
    await screenshot(page, 'access-ticket-noc');
    // The NOC opens the form from the ticket.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download site-access-form.pdf' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('site-access-form.pdf');
    expect(readFileSync(await download.path()).toString('latin1')).toMatch(/^%PDF-1\.7/);
    const requests = await api<Page<{ ticketid: number }>>(
      request,
      token,
      'GET',
      `/api/site/${site.siteid}/access`,
    );
    expect(requests.body.payload.results.map((r) => r.ticketid)).toContain(ticketid);
    const ticket = await api<{ attachments: { filename: string }[] }>(
      request,
      token,
      'GET',
      `/api/ticket/${ticketid}`,
    );
    expect(ticket.body.payload.attachments.map((a) => a.filename)).toContain('site-access-form.pdf');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test('the technician checks in at a PoP and out again', async ({ page, request }) => {
      const token = await apiToken(request, accounts.tech.email);
      const active = await api<Page<{ siteid: number }>>(request, token, 'GET', '/api/checkins?active=true');
      const busy = new Set(active.body.payload.results.map((c) => c.siteid));
      const sites = await api<Page<SiteRow>>(request, token, 'GET', '/api/sites?limit=100&sitetype=1');
      const site = sites.body.payload.results.find((s) => s.status === 1 && !busy.has(s.siteid))!;

      await signIn(page, accounts.tech.email);
      await page.goto('/checkins');
      await expect(page).toHaveTitle(/Site Check-Ins/);
      await page.getByRole('button', { name: 'Check in / Check out' }).click();
      const dialog = page.getByRole('dialog', { name: 'Site Check-In / Check-Out' });
      await dialog.getByRole('combobox', { name: /^Site/ }).fill(site.sitename);
      await page
        .getByRole('option', { name: new RegExp(site.sitename) })
        .first()
        .click();
      await screenshot(page, 'checkin-modal-phone');
      await dialog.getByRole('button', { name: 'Check in', exact: true }).click();
      await expect(page.getByText(checkinMessages.checkedIn(site.sitename))).toBeVisible();
      const onSite = page.getByRole('region', { name: 'On site now' });
      await expect(onSite.getByRole('link', { name: new RegExp(site.sitename) })).toBeVisible();
      await screenshot(page, 'checkins-phone');

      // The same site again is a check-out now.
      await page.getByRole('button', { name: 'Check in / Check out' }).click();
      await dialog.getByRole('combobox', { name: /^Site/ }).fill(site.sitename);
      await page
        .getByRole('option', { name: new RegExp(site.sitename) })
        .first()
        .click();
      await expect(dialog.getByText('You are checked in here')).toBeVisible();
      await dialog.getByRole('button', { name: 'Check out', exact: true }).click();
      await expect(page.getByText(checkinMessages.checkedOut(site.sitename))).toBeVisible();
      await expect(onSite.getByRole('link', { name: new RegExp(site.sitename) })).toHaveCount(0);

      // No horizontal scrolling on a phone.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
});
