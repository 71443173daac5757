import { readFile } from 'node:fs/promises';
import { csvMessages } from '@lightpath/domain/csv';
import { expect, test } from '@playwright/test';
import { accounts, openSidebarLink, screenshot, signIn, signOut } from './fixtures';

// Issue 17: the NOC opens the API logs and finds its own calls; nobody else may.
test.describe('API logs', () => {
  test('the NOC finds its own call, filters and exports; a customer admin is refused', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, accounts.noc.email);
    await openSidebarLink(page, 'Reports', 'API Logs');
    await expect(page).toHaveURL(/\/documentation\/logs$/);
    await expect(page).toHaveTitle(/API Logs/);
    await expect(page.getByRole('heading', { name: 'API Logs', level: 1 })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();

    // Signing in called GET /api/user/me as the NOC; its record is written within a second or two.
    await page.getByRole('searchbox', { name: 'User' }).fill(accounts.noc.email);
    await page.getByRole('searchbox', { name: 'Route' }).fill('/api/user/me');
    const own = page
      .getByRole('row')
      .filter({ hasText: accounts.noc.email })
      .filter({ hasText: '/api/user/me' });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(own.first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(own.first().getByText('200')).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /^Time \(/ })).toBeVisible();
    await screenshot(page, 'api-logs-noc');

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: '4xx (any)' }).click();
    await expect(page).toHaveURL(/status=4xx/);

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: '2xx (any)' }).click();
    await expect(own.first()).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('api-logs.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFFTime (UTC),User,')).toBe(true);
    expect(csv).toContain(accounts.noc.email);
    await expect(page.getByText(csvMessages.generated)).toBeVisible();

    await signOut(page);
    await signIn(page, accounts.ungAdmin.email);
    await page.goto('/documentation/logs');
    await expect(page.getByText('Not available to your role')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });
});
