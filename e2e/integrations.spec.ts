import { expect, test } from '@playwright/test';
import { accounts, screenshot, signIn } from './fixtures';

// Administration → Integrations (decisions.md, External systems; docs/decisions/018). The suite's server
// has nothing configured, so every system is simulated or built in.
test.describe('integrations', () => {
  test('the NOC opens Integrations from the Administration menu and sees every system', async ({ page }) => {
    await signIn(page, accounts.noc.email);
    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    await sidebar.getByRole('button', { name: 'Administration' }).click();
    await sidebar.getByRole('link', { name: 'Integrations' }).click();
    await expect(page).toHaveURL(/\/integrations$/);
    await expect(page).toHaveTitle(/Integrations/);
    await expect(page.getByRole('heading', { name: 'Integrations', level: 1 }).first()).toBeVisible();

    const card = (name: RegExp) => page.getByRole('region', { name });
    await expect(card(/^Tickets/).getByText('Built-in', { exact: true })).toBeVisible();
    await expect(card(/^NetBox/).getByText('Simulated', { exact: true })).toBeVisible();
    await expect(card(/^Telemetry/).getByText('Simulated', { exact: true })).toBeVisible();
    await expect(card(/^Zabbix/).getByText('Simulated', { exact: true })).toBeVisible();
    await expect(card(/^E-mail/).getByText('Built-in', { exact: true })).toBeVisible();
    await expect(card(/^SMS/).getByText('Built-in', { exact: true })).toBeVisible();
    await screenshot(page, 'integrations-noc');
  });

  test('a customer user has no Integrations entry and is refused the page', async ({ page }) => {
    await signIn(page, accounts.ungUser.email);
    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    await sidebar.getByRole('button', { name: 'Administration' }).click();
    await expect(sidebar.getByRole('link', { name: 'Users' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Integrations' })).toHaveCount(0);
    await page.goto('/integrations');
    await expect(page.getByText('Not available to your role')).toBeVisible();
  });
});
