import { readFile } from 'node:fs/promises';
import { reportDownloadMessages, reportPreset } from '@lightpath/domain/report-period';
import type { SlaReport } from '@lightpath/domain/sla-reports';
import { defaultPortalTimeZone } from '@lightpath/domain/time';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { accounts, api, apiToken, expectAccessible, screenshot, signIn, signOut } from './fixtures';

const year = reportPreset('last-12-months', Math.floor(Date.now() / 1000), defaultPortalTimeZone);

// The University of Northgate service that lost most counted time over the last 12 months (the demo
// seed puts outages and works on its services): a report with events in it.
async function worstServiceOf(request: APIRequestContext, email: string) {
  const token = await apiToken(request, email);
  const reply = await api<SlaReport>(
    request,
    token,
    'GET',
    `/api/reports/sla?from=${year.from}&to=${year.to}&sort=-downtime&limit=1`,
  );
  expect(reply.status).toBe(200);
  const row = reply.body.payload.results[0]!;
  expect(row.downtime).toBeGreaterThan(0);
  return row;
}

async function reportShown(page: Page, serviceid: string) {
  await expect(page.getByRole('heading', { name: 'Service Report', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: new RegExp(`^${serviceid} · `) })).toBeVisible();
  await expect(page.getByText('Counted downtime', { exact: true })).toBeVisible();
}

async function chooseLastYear(page: Page) {
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Last 12 months' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${year.from}&to=${year.to}`));
}

async function phonePage(browser: Browser, email: string, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
    colorScheme,
  });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

test.describe('service report', () => {
  test('a customer admin opens its service’s report from the service page and downloads the PDF and CSV', async ({
    page,
    request,
  }) => {
    const worst = await worstServiceOf(request, accounts.ungAdmin.email);
    await signIn(page, accounts.ungAdmin.email);
    await page.goto(`/service/${worst.serviceid}`);
    await page.getByRole('link', { name: 'Service report' }).click();
    await expect(page).toHaveURL(new RegExp(`/documentation/service-report\\?service=${worst.serviceid}`));
    await reportShown(page, worst.serviceid);
    await expect(page).toHaveTitle(new RegExp(`Service Report · ${worst.serviceid}`));
    // The default period is last quarter; the year holds the outages the SLA report counted.
    await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('Last quarter');
    await chooseLastYear(page);
    await expect(page.getByText(`${worst.availability.toFixed(3)}%`, { exact: true })).toBeVisible();
    await expect(page.getByText(worst.met ? 'Target met' : 'Target breached')).toBeVisible();
    const events = page
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: 'SLA class' }) });
    await expect(events.getByText('Counts against availability').first()).toBeVisible();
    await expect(page.getByText('Monthly 95th percentile utilisation, % of the line rate')).toBeVisible();
    await screenshot(page, 'service-report-customer');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await screenshot(page, 'service-report-customer-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    const name = `Service report ${worst.serviceid} ${year.from} to ${year.to}`;
    const [pdfFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(pdfFile.suggestedFilename()).toBe(`${name}.pdf`);
    await expect(page.getByText(reportDownloadMessages.generated).first()).toBeVisible();
    const pdf = await readFile((await pdfFile.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const [csvFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(csvFile.suggestedFilename()).toBe(`${name}.csv`);
    const lines = (await readFile((await csvFile.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.slice(0, 3)).toEqual(['Service', 'Field,Value', `Service,${worst.serviceid}`]);
    expect(lines).toContain(`Availability (%),${worst.availability.toFixed(3)}`);
    for (const section of ['Months', 'Events', 'Tickets']) expect(lines).toContain(section);

    // The report with a service chosen, which the accessibility spec's sidebar visit shows empty.
    await expectAccessible(page);
  });

  test('the NOC picks a service with the picker, and the back button returns to the empty page', async ({
    page,
    request,
  }) => {
    const worst = await worstServiceOf(request, accounts.noc.email);
    await signIn(page, accounts.noc.email);
    await page.goto('/documentation/service-report');
    await expect(page.getByText('Choose a service')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download PDF' })).toBeDisabled();
    const picker = page.getByRole('combobox', { name: 'Service' });
    await picker.click();
    await picker.fill(worst.serviceid.slice(0, 12));
    await page.getByRole('option', { name: new RegExp(`^${worst.serviceid} · `) }).click();
    await expect(page).toHaveURL(new RegExp(`service=${worst.serviceid}`));
    await reportShown(page, worst.serviceid);
    await chooseLastYear(page);
    await expect(page.getByText(worst.customername).first()).toBeVisible();
    await screenshot(page, 'service-report-noc');
    await page.goBack();
    await page.goBack();
    await expect(page.getByText('Choose a service')).toBeVisible();
  });

  test('on a phone (touch) the events and tickets are cards, in light and dark', async ({
    browser,
    request,
  }) => {
    const worst = await worstServiceOf(request, accounts.ungAdmin.email);
    for (const scheme of ['light', 'dark'] as const) {
      const page = await phonePage(browser, accounts.ungAdmin.email, scheme);
      await page.goto(
        `/documentation/service-report?service=${worst.serviceid}&from=${year.from}&to=${year.to}`,
      );
      await reportShown(page, worst.serviceid);
      await expect(page.getByRole('columnheader', { name: 'SLA class' })).toHaveCount(0);
      await expect(page.getByText('Counts against availability').first()).toBeVisible();
      await screenshot(page, `service-report-phone-${scheme}`);
      await page.getByRole('heading', { name: 'Events' }).scrollIntoViewIfNeeded();
      await screenshot(page, `service-report-phone-${scheme}-events`);
      await page.context().close();
    }
  });

  test('another customer’s service is not found, and a technician has no service report', async ({
    page,
  }) => {
    await signIn(page, accounts.ebhAdmin.email);
    await page.goto('/documentation/service-report?service=UNG0012004701B');
    await expect(page.getByText('Not found')).toBeVisible();
    await signOut(page);
    await signIn(page, accounts.tech.email);
    await page.goto('/documentation/service-report');
    await expect(page.getByText('Not available to your role')).toBeVisible();
  });
});
