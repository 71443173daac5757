import { colocationMessages } from '@lightpath/domain/colocation';
import { expect, type Page, test } from '@playwright/test';
import { accounts, openSidebarLink, screenshot, signIn, signOut } from './fixtures';

// Issue 16 item 1: co-location. The NOC records a customer's rack space at a PoP and the
// cross-connect from it to the PoP's meet-me rack; the customer's admin sees both, and another
// customer's admin sees neither.

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

function openFromSidebar(page: Page, label: 'Rack Spaces' | 'Cross-Connects') {
  return openSidebarLink(page, 'Co-location', label);
}

test.describe('co-location', () => {
  test('the NOC creates a rack space and a cross-connect; only that customer sees them', async ({ page }) => {
    const rackId = `E2E-${Date.now()}`;
    await page.setViewportSize(desktop);
    await signIn(page, accounts.noc.email);
    await openFromSidebar(page, 'Rack Spaces');
    await expect(page).toHaveURL(/\/colocation\/rackspaces$/);
    await expect(page).toHaveTitle(/Rack Spaces/);
    await expect(page.getByRole('table')).toBeVisible();
    await screenshot(page, 'colocation-rack-spaces-noc');

    await page.getByRole('button', { name: 'New rack space' }).click();
    const dialog = page.getByRole('dialog', { name: 'New rack space' });
    await dialog.getByRole('combobox', { name: /^Customer/ }).fill('Northgate');
    await page.getByRole('option', { name: 'University of Northgate (UNG)' }).click();
    await dialog.getByRole('combobox', { name: /^Site/ }).click();
    await page.getByRole('option', { name: /^Northgate PoP/ }).click();
    await dialog.getByRole('textbox', { name: /^Rack id/ }).fill(rackId.toLowerCase());
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Quarter rack for the e2e run');
    await screenshot(page, 'colocation-rack-space-new');
    await dialog.getByRole('button', { name: 'Create rack space' }).click();
    await expect(page.getByText(`${colocationMessages.rackSpaceCreated}: ${rackId}`)).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search rack spaces' }).fill(rackId);
    const rackRow = page.getByRole('row', { name: new RegExp(rackId) });
    await expect(rackRow).toBeVisible();
    await expect(rackRow.getByText('Active')).toBeVisible();

    await openFromSidebar(page, 'Cross-Connects');
    await expect(page).toHaveURL(/\/colocation\/crossconnects$/);
    await expect(page).toHaveTitle(/Cross-Connects/);
    await page.getByRole('button', { name: 'New cross-connect' }).click();
    const connect = page.getByRole('dialog', { name: 'New cross-connect' });
    await connect.getByRole('combobox', { name: /^A-end rack space/ }).fill(rackId);
    await page.getByRole('option', { name: new RegExp(`^${rackId}`) }).click();
    await connect.getByRole('textbox', { name: 'A-end patch panel' }).fill('PP1');
    await connect.getByRole('textbox', { name: 'A-end port' }).fill('01');
    // The B end is offered only what the A end may join: the meet-me racks at the same PoP.
    await connect.getByRole('combobox', { name: /^B-end rack space/ }).click();
    await page
      .getByRole('option', { name: /-MMR-01 · Northgate PoP/ })
      .first()
      .click();
    await connect.getByRole('textbox', { name: 'B-end port' }).fill('48');
    await screenshot(page, 'colocation-cross-connect-new');
    await connect.getByRole('button', { name: 'Create cross-connect' }).click();
    await expect(
      page.getByText(new RegExp(`^${colocationMessages.crossConnectCreated}: XC-\\d+$`)),
    ).toBeVisible();
    await expect(connect).toBeHidden();
    await page.getByRole('searchbox', { name: 'Search cross-connects' }).fill(rackId);
    const connectRow = page.getByRole('row', { name: new RegExp(rackId) });
    await expect(connectRow).toBeVisible();
    await expect(connectRow.getByText('PP1 · port 01')).toBeVisible();
    await screenshot(page, 'colocation-cross-connects-noc');

    // The university's admin sees its new rack space and cross-connect, and may not change them.
    await signOut(page);
    await signIn(page, accounts.ungAdmin.email);
    await openFromSidebar(page, 'Rack Spaces');
    await page.getByRole('searchbox', { name: 'Search rack spaces' }).fill(rackId);
    await expect(page.getByRole('row', { name: new RegExp(rackId) })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New rack space' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit rack space/ })).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search rack spaces' }).fill('');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await screenshot(page, 'colocation-rack-spaces-customer');
    await openFromSidebar(page, 'Cross-Connects');
    await page.getByRole('searchbox', { name: 'Search cross-connects' }).fill(rackId);
    await expect(page.getByRole('row', { name: new RegExp(rackId) })).toBeVisible();

    // Another customer's admin sees neither.
    await signOut(page);
    await signIn(page, accounts.ebhAdmin.email);
    await page.goto(`/colocation/rackspaces?q=${rackId}`);
    await expect(page.getByText('No rack spaces match these filters')).toBeVisible();
    await page.goto(`/colocation/crossconnects?q=${rackId}`);
    await expect(page.getByText('No cross-connects match these filters')).toBeVisible();
  });

  test('a customer reads its co-location on a phone', async ({ page }) => {
    await page.setViewportSize(phone);
    await signIn(page, accounts.ungAdmin.email);
    await page.goto('/colocation/rackspaces');
    await expect(page.getByText(/^\d+ cross-connects?$/).first()).toBeVisible();
    // Cards, not a table wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await screenshot(page, 'colocation-rack-spaces-phone');
    await page.goto('/colocation/crossconnects');
    await expect(page.getByText(/^XC-\d+$/).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await screenshot(page, 'colocation-cross-connects-phone');
  });

  test('the NOC edits a cross-connect on a phone in a full-screen dialog', async ({ page }) => {
    await page.setViewportSize(phone);
    await signIn(page, accounts.noc.email);
    await page.goto('/colocation/crossconnects');
    await page
      .getByRole('button', { name: /^Edit cross-connect XC-/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^Edit cross-connect XC-/ });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: 'B-end patch panel' }).fill('PP6');
    await screenshot(page, 'colocation-cross-connect-edit-phone');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(colocationMessages.crossConnectUpdated)).toBeVisible();
    await expect(dialog).toBeHidden();
  });
});
