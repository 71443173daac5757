import { readFile } from 'node:fs/promises';
import { reportDownloadMessages, reportPreset } from '@lightpath/domain/report-period';
import type { UsageReport } from '@lightpath/domain/usage-reports';
import { expect, test } from '@playwright/test';
import { accounts, api, apiToken, screenshot, signIn } from './fixtures';

test.describe('usage reports', () => {
  test('the NOC reads the last 12 months hottest first, filters to Nearing Capacity, and downloads the CSV and the PDF', async ({
    page,
  }) => {
    await signIn(page, accounts.noc.email);
    await page.goto('/documentation/usage-reports');
    await expect(page.getByRole('heading', { name: 'Usage Reports', exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/Usage Reports/);
    // The default period is the last twelve whole months.
    await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('Last 12 months');
    const chart = page.getByRole('img', { name: /Services by label per month/ });
    await expect(chart).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Customer' })).toBeVisible();
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    // Hottest first: the first row is At Capacity on the seeded demo history.
    await expect(rows.nth(1).getByText('At Capacity')).toBeVisible();
    await screenshot(page, 'usage-reports-noc');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'usage-reports-noc-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await page.getByRole('combobox', { name: 'Label' }).click();
    await page.getByRole('option', { name: 'Nearing Capacity' }).click();
    await expect(page).toHaveURL(/label=nearingcapacity/);
    await expect(rows.nth(1).getByText('Nearing Capacity')).toBeVisible();
    await expect(page.getByRole('table').getByText('At Capacity')).toHaveCount(0);

    const [csvFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(csvFile.suggestedFilename()).toMatch(/^Usage report \d{4}-\d{2}-01 to \d{4}-\d{2}-\d{2}\.csv$/);
    await expect(page.getByText(reportDownloadMessages.generated).first()).toBeVisible();
    const csv = await readFile((await csvFile.path())!, 'utf8');
    const lines = csv.slice(1).trim().split('\r\n');
    expect(lines[0]).toMatch(/^Service,Description,Customer code,Customer,Speed,Highest 95th A to B/);
    // The filter went with it: every service exported is Nearing Capacity.
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => line.includes(',Nearing Capacity,'))).toBe(true);

    const [pdfFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(pdfFile.suggestedFilename()).toMatch(/^Usage report .*\.pdf$/);
    const pdf = await readFile((await pdfFile.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('a customer sees only its own services', async ({ page, request }) => {
    await signIn(page, accounts.ungUser.email);
    await page.goto('/documentation/usage-reports');
    await expect(page.getByRole('heading', { name: 'Usage Reports', exact: true })).toBeVisible();
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Customer' })).toHaveCount(0);
    const shown = await page.getByRole('table').getByRole('link').allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((id) => id.startsWith('UNG'))).toBe(true);
    await screenshot(page, 'usage-reports-customer');

    const token = await apiToken(request, accounts.ungUser.email);
    // The page's default: the last twelve whole months in the portal's zone.
    const year = reportPreset('last-12-months', Math.floor(Date.now() / 1000), 'Australia/Sydney');
    const reply = await api<UsageReport>(
      request,
      token,
      'GET',
      `/api/reports/usage?from=${year.from}&to=${year.to}&limit=1000`,
    );
    expect(reply.status).toBe(200);
    const services = reply.body.payload.results;
    expect(services.length).toBeGreaterThan(0);
    expect(services.every((s) => s.customercode === 'UNG')).toBe(true);
  });
});

test.describe('usage reports on a phone', () => {
  test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

  test('shows each service as a card', async ({ page }) => {
    await signIn(page, accounts.ungAdmin.email);
    await page.goto('/documentation/usage-reports');
    await expect(page.getByRole('img', { name: /Services by label per month/ })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^UNG/ }).first()).toBeVisible();
    await screenshot(page, 'usage-reports-phone');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'usage-reports-phone-dark');
  });
});
