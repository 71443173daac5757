import { expect, type Page, test } from '@playwright/test';
import { accounts, api, apiToken, openSidebarLink, screenshot, signIn } from './fixtures';

// Issue 14 items 1-3: an engineer opens a PoP's shelf from the equipment list, opens a port's light
// history, and checks a shelf with Update Shelf; the service page's port leads to the same port
// view; a customer admin is refused. The seed's Ashgrove PoP router S0006pe carries services on its
// ports; port telemetry and the device check come from the built-in simulators.

const shelfName = 'S0006pe';
const servicePort = 'xe-1-0-5';

async function openEquipmentFromMenu(page: Page) {
  await openSidebarLink(page, 'Equipment', 'Equipment');
  await expect(page).toHaveURL(/\/equipment$/);
}

test.describe('equipment', () => {
  test("an engineer opens a PoP's shelf from the list, a port's light history, and checks the shelf", async ({
    page,
  }) => {
    await signIn(page, accounts.eng.email);
    await openEquipmentFromMenu(page);
    await expect(page).toHaveTitle(/Equipment/);
    await expect(page.getByRole('table')).toBeVisible();
    // Sorted by alarms, worst first: the first row has an alarm badge.
    // The second click reverses the first sort, so it waits for that sort to be in the URL.
    await page.getByRole('button', { name: /^Alarms/ }).click();
    await expect(page).toHaveURL(/sort=alarms(&|$)/);
    await page.getByRole('button', { name: /^Alarms/ }).click();
    await expect(page).toHaveURL(/sort=-alarms/);
    await expect(
      page
        .getByRole('row')
        .nth(1)
        .getByText(/^\d+ (Critical|Major|Minor|Warning)$/)
        .first(),
    ).toBeVisible();
    await screenshot(page, 'equipment-list');

    await page.getByRole('searchbox', { name: 'Search equipment' }).fill(shelfName);
    const row = page.getByRole('row', { name: new RegExp(shelfName) });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('link', { name: 'Ashgrove PoP' })).toBeVisible();
    await row.getByRole('link', { name: shelfName }).click();

    await expect(page).toHaveURL(/\/equipment\/shelf\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: shelfName })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(shelfName));
    const chassis = page.getByRole('region', { name: 'Chassis' });
    await expect(chassis.getByRole('listitem').first()).toContainText('Slot 0');
    await expect(page.getByText(/^(Recommended release|Upgrade to .+)$/)).toBeVisible();
    // Zabbix's simulator decides which problems are open; the panel lists them, or says there are none.
    await expect(
      page
        .getByRole('region', { name: 'Alarms' })
        .getByText(/^(Raised .+|No active alarms)$/)
        .first(),
    ).toBeVisible();
    // The router's power supplies and fan trays, which are not cards, with their serials.
    const parts = page.getByRole('region', { name: 'Parts' });
    await expect(parts.getByRole('row', { name: /^PEM 0 PWR-MX\d+-\d+-AC-S JN\d{8}$/ })).toBeVisible();
    await expect(parts.getByRole('row', { name: /^Fan tray 0 / })).toBeVisible();
    await screenshot(page, 'equipment-shelf');

    const ports = page.getByRole('region', { name: 'Ports' });
    const portRow = ports.getByRole('row', { name: new RegExp(`${servicePort}\\b`) });
    await expect(portRow.getByRole('link', { name: /^AGL\d+/ })).toBeVisible();
    await portRow.getByRole('button', { name: `Open port ${servicePort}` }).click();
    await expect(page).toHaveURL(new RegExp(`\\?port=${shelfName}-${servicePort}$`));
    const drawer = page.getByRole('dialog', { name: `Port ${servicePort}` });
    await expect(drawer.getByText(/^-?\d+\.\d\d dBm$/).first()).toBeVisible();
    const lightHistory = drawer.getByRole('region', { name: 'Light history' });
    await expect(lightHistory.getByText(/^Receive/)).toBeVisible();
    await expect(lightHistory.locator('.recharts-surface')).toBeVisible();
    await expect(drawer.getByRole('region', { name: 'Traffic history' }).getByText(/^In/)).toBeVisible();
    await screenshot(page, 'equipment-port');
    // Back closes the port view and stays on the shelf.
    await page.goBack();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/equipment\/shelf\/\d+$/);

    await page.getByRole('button', { name: 'Update Shelf' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Shelf' });
    await expect(dialog.getByTestId('update-state')).toHaveText('0 · Not checked');
    await expect(
      dialog.getByText(
        "Update writes the device's software release, serial number, cards and parts (power supplies, fans, optics) into the portal.",
        { exact: false },
      ),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Check' }).click();
    await expect(
      dialog.getByText(
        new RegExp(
          `^${shelfName} (is up-to-date|needs to be updated, see the email sent to the NOC inbox|could not be checked)$`,
        ),
      ),
    ).toBeVisible();
    await expect(dialog.getByTestId('update-state')).toHaveText(/^(0 · Not checked|2 · Checked)$/);
    await screenshot(page, 'equipment-update-shelf');
  });

  test("the sidebar's Update Equipment picks a shelf and checks it", async ({ page }) => {
    await signIn(page, accounts.noc.email);
    await openSidebarLink(page, 'Equipment', 'Update Equipment');
    await expect(page).toHaveURL(/\/equipment\?action=update-equipment$/);
    const dialog = page.getByRole('dialog', { name: 'Update Shelf' });
    await dialog.getByRole('combobox', { name: /^Shelf/ }).fill('S0017');
    await page.getByRole('option', { name: /^S0017pe/ }).click();
    await dialog.getByRole('button', { name: 'Check' }).click();
    await expect(
      dialog.getByText(/^S0017pe (is up-to-date|needs to be updated|could not be checked)/),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page).toHaveURL(/\/equipment$/);
  });

  test("the service page's B end port opens the port on its shelf", async ({ page }) => {
    await signIn(page, accounts.eng.email);
    await page.goto('/service/AGL0001000601A');
    await page
      .getByRole('region', { name: 'B end' })
      .getByRole('link', { name: `${shelfName}-${servicePort}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/equipment/shelf/\\d+\\?port=${shelfName}-${servicePort}$`));
    await expect(page.getByRole('dialog', { name: `Port ${servicePort}` })).toBeVisible();
  });

  test('on a phone the list and the shelf read as cards', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, accounts.tech.email);
    await page.goto(`/equipment?q=${shelfName}`);
    await expect(page.getByRole('link', { name: shelfName })).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await screenshot(page, 'equipment-list-phone');
    await page.getByRole('link', { name: shelfName }).click();
    await expect(page.getByRole('heading', { level: 1, name: shelfName })).toBeVisible();
    await expect(page.getByRole('button', { name: `Open port ${servicePort}` })).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await screenshot(page, 'equipment-shelf-phone');
  });

  test('a customer admin has no equipment menu and is refused', async ({ page, request }) => {
    await signIn(page, accounts.ungAdmin.email);
    await expect(
      page.getByRole('navigation').getByRole('button', { name: 'Equipment', exact: true }),
    ).toHaveCount(0);
    await page.goto('/equipment');
    await expect(page.getByText('Not available to your role')).toBeVisible();
    const token = await apiToken(request, accounts.ungAdmin.email);
    expect((await api(request, token, 'GET', '/api/shelves')).status).toBe(403);
  });
});
