import { zabbixTriggerMessages } from '@lightpath/domain/zabbix-triggers';
import { expect, test } from '@playwright/test';
import { accounts, api, apiToken, screenshot, signIn } from './fixtures';

// Issue 14 item 6: an engineer mutes a flapping alarm for the night with a reason and unmutes it; a
// customer admin is refused. Zabbix is the built-in simulator, behind the same client as a real one.

test.describe('muted Zabbix notifications', () => {
  test('an engineer finds a trigger, mutes it overnight with a reason, sees it listed and unmutes it', async ({
    page,
  }) => {
    await signIn(page, accounts.eng.email);
    await page.getByRole('navigation').getByRole('button', { name: 'Equipment', exact: true }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Muted Zabbix Notifications' }).click();
    await expect(page).toHaveURL(/\/equipment\/zabbix-triggers$/);
    await expect(page).toHaveTitle(/Muted Zabbix Notifications/);

    await page.getByRole('searchbox', { name: 'Search triggers' }).fill('Eastbrook PoP');
    const mute = page.getByRole('button', { name: /^Mute Power supply 2 failed on Eastbrook PoP/ });
    await expect(mute).toBeVisible();
    await screenshot(page, 'zabbix-triggers-search');
    const description = ((await mute.getAttribute('aria-label')) ?? '').replace(/^Mute /, '');
    await mute.click();

    const dialog = page.getByRole('dialog', { name: 'Mute trigger' });
    await expect(dialog.getByText(/^Until .+ [A-Z]{3,4}, then Zabbix alerts on it again$/)).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Flapping PSU, replaced in the morning');
    await screenshot(page, 'zabbix-triggers-mute');
    await dialog.getByRole('button', { name: 'Mute', exact: true }).click();
    await expect(page.getByText(`${zabbixTriggerMessages.muted}: ${description}`)).toBeVisible();
    await expect(dialog).toBeHidden();

    const mutedRow = page.getByRole('row', { name: new RegExp(description) }).first();
    await expect(mutedRow.getByText('Priya Raman')).toBeVisible();
    await expect(mutedRow.getByText('Flapping PSU, replaced in the morning')).toBeVisible();
    await screenshot(page, 'zabbix-triggers-muted');

    await mutedRow.getByRole('button', { name: `Unmute ${description}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Unmute trigger' });
    await confirm.getByRole('button', { name: 'Unmute' }).click();
    await expect(page.getByText(`${zabbixTriggerMessages.unmuted}: ${description}`)).toBeVisible();
    await expect(page.getByRole('button', { name: `Unmute ${description}` })).toHaveCount(0);
  });

  test('a customer admin has no entry and is refused', async ({ page, request }) => {
    await signIn(page, accounts.ungAdmin.email);
    await page.goto('/equipment/zabbix-triggers');
    await expect(page.getByText('Not available to your role')).toBeVisible();
    const token = await apiToken(request, accounts.ungAdmin.email);
    expect((await api(request, token, 'GET', '/api/zabbix/trigger/muted')).status).toBe(403);
  });
});
