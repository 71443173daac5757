import { zabbixTriggerMessages } from '@lightpath/domain/zabbix-triggers';
import { expect, test } from '@playwright/test';
import { accounts, api, apiToken, openSidebarLink, screenshot, signIn } from './fixtures';

// Issue 14 item 6: an engineer mutes a flapping alarm for the night with a reason and unmutes it; a
// customer admin is refused. Zabbix is the built-in simulator, behind the same client as a real one.

test.describe('muted Zabbix notifications', () => {
  test('an engineer finds a trigger, mutes it overnight with a reason, sees it listed and unmutes it', async ({
    page,
  }) => {
    await signIn(page, accounts.eng.email);
    await openSidebarLink(page, 'Equipment', 'Muted Zabbix Notifications');
    await expect(page).toHaveURL(/\/equipment\/zabbix-triggers$/);
    await expect(page).toHaveTitle(/Muted Zabbix Notifications/);

    await page.getByRole('searchbox', { name: 'Search triggers' }).fill('Eastbrook PoP');
    // Eastbrook PoP has more than one shelf, each with its power supply trigger: the first will do.
    const mute = page.getByRole('button', { name: /^Mute Power supply 2 failed on Eastbrook PoP/ }).first();
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

    // By its text, not a pattern: the host's visible name carries the model in brackets.
    const mutedRow = page.getByRole('row').filter({ hasText: description }).first();
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

// The NOC mutes from a phone at night: both lists are cards there, each button wide enough to tap, and the
// page never wider than the screen.
test.describe('muted Zabbix notifications on a phone', () => {
  const phone = { width: 375, height: 812 };
  test.use({ viewport: phone, hasTouch: true, isMobile: true });

  test('an engineer mutes and unmutes a trigger from cards, tapping', async ({ page }) => {
    await signIn(page, accounts.eng.email);
    await page.goto('/equipment/zabbix-triggers?q=Eastbrook%20PoP');
    const mute = page.getByRole('button', { name: /^Mute Fan tray 1 failed on Eastbrook PoP/ }).first();
    await expect(mute).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const description = ((await mute.getAttribute('aria-label')) ?? '').replace(/^Mute /, '');
    // The found trigger's card, not the muted list's card of the same trigger.
    const card = page.getByRole('article', { name: description }).filter({ hasNotText: 'Muted by' });
    expect((await mute.boundingBox())!.height).toBeGreaterThanOrEqual(36);
    await mute.tap();

    const dialog = page.getByRole('dialog', { name: 'Mute trigger' });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Optic flapping, crew at 07:00');
    await dialog.getByRole('button', { name: 'Mute', exact: true }).tap();
    await expect(dialog).toBeHidden();
    await expect(card.getByText(/^Muted until/)).toBeVisible();

    const muted = page.getByRole('article', { name: description }).filter({ hasText: 'Priya Raman' });
    await expect(muted.getByText('Optic flapping, crew at 07:00')).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await screenshot(page, 'zabbix-triggers-phone');

    await muted.getByRole('button', { name: `Unmute ${description}` }).tap();
    await page.getByRole('dialog', { name: 'Unmute trigger' }).getByRole('button', { name: 'Unmute' }).tap();
    await expect(page.getByText(`${zabbixTriggerMessages.unmuted}: ${description}`)).toBeVisible();
    await expect(page.getByRole('button', { name: `Unmute ${description}` })).toHaveCount(0);
  });
});
