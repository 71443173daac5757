import { readFile } from 'node:fs/promises';
import { reportDownloadMessages, reportPreset } from '@lightpath/domain/report-period';
import { type SlaReport, slaDefinitions, slaPdfBreachesOnlyNote } from '@lightpath/domain/sla-reports';
import { defaultPortalTimeZone } from '@lightpath/domain/time';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { accounts, api, apiToken, csvFirstColumn, screenshot, signIn } from './fixtures';

const lastQuarter = reportPreset('last-quarter', Math.floor(Date.now() / 1000), defaultPortalTimeZone);
const phone = { width: 412, height: 915 };

async function reportOf(request: Parameters<typeof apiToken>[0], email: string, query: string) {
  const token = await apiToken(request, email);
  const reply = await api<SlaReport>(request, token, 'GET', `/api/reports/sla?${query}`);
  expect(reply.status).toBe(200);
  return reply.body.payload;
}

async function phonePage(browser: Browser, email: string, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({
    viewport: phone,
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
    colorScheme,
  });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

async function opened(page: Page) {
  await expect(page.getByRole('heading', { name: 'SLA Reports', level: 1 })).toBeVisible();
  await expect(page.getByText('Services measured')).toBeVisible();
}

test.describe('SLA reports', () => {
  test('a customer admin opens last quarter’s SLA report and exports it as PDF and CSV', async ({
    page,
    request,
  }) => {
    await signIn(page, accounts.ungAdmin.email);
    await page.goto('/documentation/sla-reports');
    await opened(page);
    await expect(page).toHaveTitle(/SLA Reports/);
    // The default period is last quarter, named in the URL-free page's heading.
    await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('Last quarter');
    await expect(page.getByRole('heading', { name: /^University of Northgate · / })).toBeVisible();
    await expect(page.getByText(slaDefinitions.classes)).toBeVisible();
    // A customer sees no customer column or filter: every service is its own.
    await expect(page.getByRole('columnheader', { name: 'Customer' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Filter by customer' })).toHaveCount(0);
    const report = await reportOf(
      request,
      accounts.ungAdmin.email,
      `from=${lastQuarter.from}&to=${lastQuarter.to}&limit=1000`,
    );
    expect(report.count).toBeGreaterThan(0);
    expect(report.results.every((r) => r.customercode === 'UNG')).toBe(true);
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('link', { name: report.results[0]!.serviceid })).toBeVisible();
    await screenshot(page, 'sla-reports-customer-admin');

    const name = `SLA report UNG ${lastQuarter.from} to ${lastQuarter.to}`;
    const [pdf, response] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForResponse((r) => r.url().includes('/api/reports/sla/pdf')),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(pdf.suggestedFilename()).toBe(`${name}.pdf`);
    const bytes = await readFile((await pdf.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await expect(page.getByText(reportDownloadMessages.generated).first()).toBeVisible();

    const [csvFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(csvFile.suggestedFilename()).toBe(`${name}.csv`);
    const csv = await readFile((await csvFile.path())!, 'utf8');
    expect(csv.startsWith('\uFEFFService,Description,')).toBe(true);
    const exported = csvFirstColumn(csv);
    expect(exported).toEqual(report.results.map((r) => r.serviceid));

    // Breached only, kept in the URL: the back button returns to every service.
    await page.getByRole('combobox', { name: 'Met or breached' }).click();
    await page.getByRole('option', { name: 'Breached target' }).click();
    await expect(page).toHaveURL(/breached=true/);
    const breached = report.results.filter((r) => !r.met).length;
    if (breached > 0)
      await expect(page.getByRole('table').getByRole('row')).toHaveCount(Math.min(breached, 25) + 1);
    else await expect(page.getByText('No services match these filters')).toBeVisible();
    await page.goBack();
    await expect(page).not.toHaveURL(/breached=/);
  });

  test('the NOC opens every customer’s report, narrows it to one customer, in both themes', async ({
    page,
    request,
  }) => {
    await signIn(page, accounts.noc.email);
    await page.goto('/documentation/sla-reports');
    await opened(page);
    await expect(page.getByRole('heading', { name: /^All customers · / })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Customer' })).toBeVisible();
    await expect(page.getByText(slaPdfBreachesOnlyNote)).toBeVisible();
    await expect(
      page.getByRole('figure', { name: 'Services that breached their target, by month' }),
    ).toBeVisible();
    await screenshot(page, 'sla-reports-noc');

    await page.getByRole('combobox', { name: 'Filter by customer' }).click();
    await page.getByRole('option', { name: /Eastbrook Health/ }).click();
    await expect(page.getByRole('heading', { name: /^Eastbrook Health · / })).toBeVisible();
    await expect(page.getByText(slaPdfBreachesOnlyNote)).toHaveCount(0);
    const ebh = await reportOf(
      request,
      accounts.noc.email,
      `from=${lastQuarter.from}&to=${lastQuarter.to}&customerid=${new URL(page.url()).searchParams.get('customerid')}`,
    );
    await expect(
      page.getByText(new RegExp(`of ${ebh.count.toLocaleString('en-AU')} services$`)),
    ).toBeVisible();

    // A year, sorted by downtime, worst first.
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Last 12 months' }).click();
    // Each click turns the order from what the page shows: the second waits until the first has
    // landed (clicked back to back on a loaded machine, both read the same order and agreed).
    await page.getByRole('button', { name: /Downtime \(min\)/ }).click();
    await expect(page).toHaveURL(/sort=downtime/);
    await page.getByRole('button', { name: /Downtime \(min\)/ }).click();
    await expect(page).toHaveURL(/sort=-downtime/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await screenshot(page, 'sla-reports-noc-dark');
  });

  test('on a phone each service is a card, in light and dark', async ({ browser }) => {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await phonePage(browser, accounts.ungAdmin.email, scheme);
      await page.goto('/documentation/sla-reports');
      await opened(page);
      await expect(page.getByRole('table')).toHaveCount(0);
      await expect(page.getByText(/target \d+\.\d{3}%/).first()).toBeVisible();
      await screenshot(page, `sla-reports-phone-${scheme}`);
      await page.context().close();
    }
  });

  test('a technician has no SLA reports', async ({ page }) => {
    await signIn(page, accounts.tech.email);
    await page.goto('/documentation/sla-reports');
    await expect(page.getByText('Not available to your role')).toBeVisible();
  });
});
