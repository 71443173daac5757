import { readFile } from 'node:fs/promises';
import { reportDownloadMessages } from '@lightpath/domain/report-period';
import { devices, expect, test } from '@playwright/test';
import { accounts, screenshot, signIn } from './fixtures';

const path = '/documentation/changeman-reports';

test.describe('change management reports', () => {
  test('the NOC reads the last 12 months of works and hazards and narrows them to hazards', async ({
    page,
  }) => {
    await signIn(page, accounts.noc.email);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Change Management Reports', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/Change Management Reports/);
    // The default is this month, in the URL once a preset is chosen.
    await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('This month');
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Last 12 months' }).click();
    await expect(page).toHaveURL(/from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}/);
    const events = page.getByRole('region', { name: 'Events' });
    await expect(events.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('heading', { name: /^By month,/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'By customer' })).toContainText('(');
    await screenshot(page, 'change-reports-noc');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'change-reports-noc-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Planned Hazard Window' }).click();
    await expect(page).toHaveURL(/type=2/);
    // The previous rows stay, faded, until the hazards arrive: wait for them to go.
    await expect(
      events.getByRole('row').locator('td:nth-child(3)', { hasText: 'Scheduled Works' }),
    ).toHaveCount(0);
    await expect(events.getByRole('row').nth(1)).toBeVisible();
    const types = await events.getByRole('row').locator('td:nth-child(3)').allInnerTexts();
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['Planned Hazard Window']));
    // The event's page is one click away, and back returns to the same report.
    const first = events.getByRole('link').first();
    const title = (await first.textContent()) ?? '';
    await first.click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/type=2/);
    await expect(events.getByRole('link').first()).toHaveText(title);
  });

  test('a customer admin reads its own works and saves the report as CSV and PDF', async ({ page }) => {
    await signIn(page, accounts.ungAdmin.email);
    await page.goto(path);
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Last 12 months' }).click();
    // This month's rows stay, faded, until the year's arrive with its monthly chart.
    await expect(page.getByRole('heading', { name: /^By month,/ })).toBeVisible();
    const events = page.getByRole('region', { name: 'Events' });
    await expect(events.getByRole('row').nth(1)).toBeVisible();
    const customers = await events.getByRole('row').locator('td:nth-child(11)').allInnerTexts();
    expect(new Set(customers)).toEqual(new Set(['UNG']));
    await expect(page.getByRole('combobox', { name: 'Filter by customer' })).toHaveCount(0);

    const [csvFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(csvFile.suggestedFilename()).toMatch(
      /^Change management \d{4}-\d{2}-01 to \d{4}-\d{2}-\d{2}\.csv$/,
    );
    await expect(page.getByText(reportDownloadMessages.generated).first()).toBeVisible();
    const csv = await readFile((await csvFile.path())!, 'utf8');
    expect(csv.startsWith('\uFEFFNumber,Title,Type,Start (Australia/Sydney)')).toBe(true);
    const lines = csv.trim().split('\r\n').slice(1);
    expect(lines.length).toBe(customers.length);
    expect(csv).not.toMatch(/\bEBH\b/);

    const [pdfFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(pdfFile.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = await readFile((await pdfFile.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('the report reads on a phone', async ({ browser }) => {
    const { defaultBrowserType: _, ...pixel } = devices['Pixel 7'];
    const context = await browser.newContext({ ...pixel });
    const page = await context.newPage();
    await signIn(page, accounts.noc.email);
    await page.goto(`${path}?from=2025-11-01&to=2026-10-31`);
    await expect(page.getByRole('heading', { name: /^By month,/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Events' }).getByRole('link').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
    await screenshot(page, 'change-reports-phone');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'change-reports-phone-dark');
    await context.close();
  });
});
