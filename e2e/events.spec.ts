import { readFile } from 'node:fs/promises';
import { csvMessages } from '@lightpath/domain/csv';
import { eventMessages } from '@lightpath/domain/events';
import { expect, type Page, test } from '@playwright/test';
import { accounts, api, apiToken, screenshot, signIn } from './fixtures';

type ServiceRow = { serviceid: string; status: number };

// A date and time in the browser's local zone, as the wizard's date and time inputs take them.
function localParts(date: Date) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`,
    time: `${pad(date.getHours())}:${pad(date.getMinutes())}`,
  };
}

async function createCalendarLink(page: Page): Promise<string> {
  await page.goto('/company-settings');
  await page.getByRole('button', { name: 'Create calendar link' }).click();
  const link = page.getByRole('textbox', { name: 'Calendar link' });
  await expect(link).toHaveValue(/\/api\/calendar\/.+\.ics$/);
  return link.inputValue();
}

test.describe('events', () => {
  test('the NOC plans works through the wizard; the affected customer sees them live, on its dashboard and in its calendar; another customer sees nothing', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const title = `Core router works in Carlton ${Date.now() % 100_000}`;
    const ungToken = await apiToken(request, accounts.ungAdmin.email);
    const ungServices = await api<{ results: ServiceRow[] }>(
      request,
      ungToken,
      'GET',
      '/api/services?limit=20&sort=serviceid',
    );
    const [first, second] = ungServices.body.payload.results.filter((s) => s.status === 1);

    // UNG's admin watches Scheduled Events in a browser of its own; EBH's admin has its calendar link.
    const ungContext = await browser.newContext();
    const ungPage = await ungContext.newPage();
    await signIn(ungPage, accounts.ungAdmin.email);
    const ungCalendar = await createCalendarLink(ungPage);
    await ungPage.goto('/events/scheduled-events');
    await expect(ungPage.getByRole('heading', { name: 'Scheduled Events' })).toBeVisible();

    const ebhContext = await browser.newContext();
    const ebhPage = await ebhContext.newPage();
    await signIn(ebhPage, accounts.ebhAdmin.email);
    const ebhCalendar = await createCalendarLink(ebhPage);

    // The NOC opens New Event from the sidebar's action.
    await signIn(page, accounts.noc.email);
    await page.goto('/events?action=new-event');
    const wizard = page.getByRole('dialog', { name: 'New Event' });
    await expect(wizard).toBeVisible();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(eventMessages.fieldsMissing).first()).toBeVisible();

    await wizard.getByRole('combobox', { name: 'Event type' }).click();
    await page.getByRole('option', { name: 'Scheduled Works' }).click();
    const servicesInput = wizard.getByRole('combobox', { name: 'Services' });
    for (const service of [first!, second!]) {
      await servicesInput.fill(service.serviceid);
      await page.getByRole('option', { name: new RegExp(`^${service.serviceid}`) }).click();
    }
    await expect(wizard.getByText('2 services chosen')).toBeVisible();
    const start = new Date(Date.now() + 26 * 3_600_000);
    const end = new Date(start.getTime() + 4 * 3_600_000);
    await wizard.getByLabel('Start date').fill(localParts(start).date);
    await wizard.getByLabel('Start time').fill(localParts(start).time);
    await wizard.getByLabel('End date').fill(localParts(end).date);
    await wizard.getByLabel('End time').fill(localParts(end).time);
    await wizard.getByLabel('Ticket number').fill('4400');
    // The default fibre-works text still holds its '[SUBURB]' placeholder.
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(eventMessages.suburbTemplate).first()).toBeVisible();
    await screenshot(page, 'event-wizard-description');

    await wizard.getByLabel('Title').fill(title);
    await wizard
      .getByLabel('Description')
      .fill('Software upgrade of the Carlton core router; two short interruptions.');
    await wizard.getByRole('button', { name: 'Next' }).click();

    // Preflight: who is told what, before anything is written.
    await expect(wizard.getByRole('heading', { name: 'Preflight Confirmation' })).toBeVisible();
    const ung = wizard.getByRole('region', { name: 'UNG University of Northgate' });
    await expect(ung).toBeVisible();
    await expect(wizard.getByRole('region', { name: /^EBH / })).toHaveCount(0);
    await screenshot(page, 'event-wizard-preflight');
    const before = await api<{ count: number }>(
      request,
      ungToken,
      'GET',
      `/api/events?view=scheduled&q=${encodeURIComponent(title)}`,
    );
    expect(before.body.payload.count).toBe(0);

    await wizard.getByRole('button', { name: 'Send' }).click();
    await expect(wizard.getByRole('heading', { name: 'Summary' })).toBeVisible();
    const eventLink = wizard.getByRole('link', { name: /^Event #\d+$/ });
    const eventid = Number((await eventLink.textContent())!.replace(/\D/g, ''));
    await expect(page.getByText(eventMessages.created(eventid))).toBeVisible();
    const sentAt = Date.now();

    // Live: UNG's open list shows the new event within 2 s, without a reload. The summary's screenshot
    // waits until after, so its own time (about a second on a busy machine) is not counted.
    await expect(ungPage.getByRole('link', { name: title })).toBeVisible({ timeout: 2_000 });
    expect(Date.now() - sentAt).toBeLessThan(2_000);
    await screenshot(page, 'event-wizard-summary');
    await screenshot(ungPage, 'events-scheduled-customer-admin');

    // UNG's dashboard lists it; its calendar feed carries it with the maintenance properties.
    await ungPage.goto('/');
    await expect(ungPage.getByRole('link', { name: title })).toBeVisible();
    await screenshot(ungPage, 'dashboard-customer-admin-events');
    const ungFeed = await (await request.get(ungCalendar)).text();
    expect(ungFeed).toContain(`SUMMARY:${title}`);
    expect(ungFeed).toContain(`X-MAINTNOTE-OBJECT-ID;ALTREP=`);
    expect(ungFeed).toContain(first!.serviceid);

    // EBH sees nothing of it: not on its dashboard, not by id, not in its feed.
    await ebhPage.goto('/');
    await expect(ebhPage.getByRole('heading', { name: 'Current and upcoming events' })).toBeVisible();
    await expect(ebhPage.getByText(title)).toHaveCount(0);
    await ebhPage.goto(`/event/${eventid}`);
    await expect(ebhPage.getByText(title)).toHaveCount(0);
    const ebhFeed = await (await request.get(ebhCalendar)).text();
    expect(ebhFeed).toContain('BEGIN:VCALENDAR');
    expect(ebhFeed).not.toContain(title);

    // The NOC's event page: services, the notice per customer, and a comment.
    await page.goto(`/event/${eventid}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: first!.serviceid })).toBeVisible();
    await screenshot(page, 'event-detail-noc');

    await ungContext.close();
    await ebhContext.close();
  });

  test('the NOC exports every past event of the chosen days, not only the page on screen', async ({
    page,
  }) => {
    await signIn(page, accounts.noc.email);
    await page.goto('/events/past-events?from=2021-01-01');
    const footer = page.getByText(/^Showing 1–25 of \d+ events$/);
    await expect(footer).toBeVisible();
    const listed = Number((await footer.textContent())!.match(/of (\d+) events/)![1]);
    const firstTicket = (await page.getByRole('row').nth(1).getByRole('cell').first().textContent())!.trim();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^past-outages-2021-01-01-to-\d{4}-\d\d-\d\d\.csv$/);
    await expect(page.getByText(csvMessages.generated)).toBeVisible();
    const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^\uFEFFTicket,Title,Type,Status,Start \([\w/+-]+\),End \([\w/+-]+\),Priority,/);
    expect(lines).toHaveLength(listed + 1);
    expect(listed).toBeGreaterThan(25);
    // The first row on screen is the file's first, with its end time as a spreadsheet reads one.
    expect(`#${lines[1]!.split(',')[0]}`).toBe(firstTicket);
    expect(lines[1]).toMatch(/,Ended,\d{4}-\d\d-\d\d \d\d:\d\d,\d{4}-\d\d-\d\d \d\d:\d\d,/);
  });
});
