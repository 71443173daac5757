import { siteMessages } from '@lightpath/domain/sites';
import { expect, test } from '@playwright/test';
import { accounts, api, apiToken, screenshot, signIn } from './fixtures';

type SiteRow = { siteid: number; sitename: string; sitenumber: string; customercode: string };

test.describe('sites', () => {
  test('the NOC creates a site through Create New Site, seeing each validation message first', async ({
    page,
  }) => {
    await signIn(page, accounts.noc.email);
    await page.goto('/sites?action=new-site');
    const dialog = page.getByRole('dialog', { name: 'Create New Site' });
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Create site' }).click();
    for (const message of [
      siteMessages.customerRequired,
      siteMessages.numberInvalid,
      siteMessages.nameRequired,
    ]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }

    await dialog.getByRole('combobox', { name: 'Customer' }).fill('Northgate');
    await page.getByRole('option', { name: /University of Northgate/ }).click();
    await dialog.getByRole('textbox', { name: 'Site number' }).fill('12a');
    await dialog.getByRole('textbox', { name: 'Site name', exact: true }).fill('Northgate Boathouse');
    await dialog.getByRole('button', { name: 'Create site' }).click();
    await expect(dialog.getByText(siteMessages.numberInvalid)).toBeVisible();
    // A physical site needs its address.
    for (const message of [
      siteMessages.streetRequired,
      siteMessages.suburbRequired,
      siteMessages.postcodeRequired,
    ]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await screenshot(page, 'site-create-validation');

    await dialog.getByRole('textbox', { name: 'Site number' }).fill('0777');
    await dialog.getByRole('textbox', { name: 'Street' }).fill('3 River Road');
    await dialog.getByRole('textbox', { name: 'Suburb' }).fill('Northgate');
    await dialog.getByRole('textbox', { name: 'Postcode' }).fill('4001');
    await dialog.getByRole('button', { name: 'Create site' }).click();

    await expect(page.getByText(siteMessages.created)).toBeVisible();
    await expect(page).toHaveURL(/\/site\/\d+$/);
    await expect(page.getByRole('heading', { name: /Northgate Boathouse/ })).toBeVisible();
    await expect(page.getByText('S0777').first()).toBeVisible();
    await expect(page).toHaveTitle(/Northgate Boathouse/);

    // The same number again for the same customer is refused by the server with its message.
    await page.goto('/sites?action=new-site');
    await dialog.getByRole('combobox', { name: 'Customer' }).fill('Northgate');
    await page.getByRole('option', { name: /University of Northgate/ }).click();
    await dialog.getByRole('textbox', { name: 'Site number' }).fill('0777');
    await dialog.getByRole('textbox', { name: 'Site name', exact: true }).fill('Duplicate');
    await dialog.getByRole('textbox', { name: 'Street' }).fill('3 River Road');
    await dialog.getByRole('textbox', { name: 'Suburb' }).fill('Northgate');
    await dialog.getByRole('textbox', { name: 'Postcode' }).fill('4001');
    await dialog.getByRole('button', { name: 'Create site' }).click();
    await expect(dialog.getByText(siteMessages.numberInUse)).toBeVisible();
  });

  test('a VPLS site needs no address and gets the default MAC limit', async ({ page }) => {
    await signIn(page, accounts.noc.email);
    await page.goto('/sites?action=new-site');
    const dialog = page.getByRole('dialog', { name: 'Create New Site' });
    await dialog.getByRole('combobox', { name: 'Customer' }).fill('Eastbrook');
    await page.getByRole('option', { name: /Eastbrook Health/ }).click();
    await dialog.getByRole('combobox', { name: 'Site type' }).click();
    await page.getByRole('option', { name: /VPLS/ }).click();
    await expect(dialog.getByRole('textbox', { name: 'MAC limit' })).toHaveValue('1024');
    await dialog.getByRole('textbox', { name: 'Site number' }).fill('0801');
    await dialog.getByRole('textbox', { name: 'Site name', exact: true }).fill('EBH Clinical VPLS');
    await dialog.getByRole('button', { name: 'Create site' }).click();
    await expect(page.getByText(siteMessages.created)).toBeVisible();
    await expect(page.getByText('1024').first()).toBeVisible();
  });

  test("a customer admin sees only its own sites and never another customer's", async ({ page, request }) => {
    const noc = await apiToken(request, accounts.noc.email);
    const ebh = await api<{ results: SiteRow[] }>(request, noc, 'GET', '/api/sites?limit=100&q=Eastbrook');
    const ebhSite = ebh.body.payload.results.find((s) => s.customercode === 'EBH')!;
    expect(ebhSite).toBeTruthy();

    await signIn(page, accounts.ungAdmin.email);
    await page.goto('/sites');
    const table = page.getByRole('table');
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(table.getByText('EBH')).toHaveCount(0);
    await expect(table.getByText(ebhSite.sitename)).toHaveCount(0);
    await screenshot(page, 'sites-customer-admin');

    await page.goto(`/site/${ebhSite.siteid}`);
    await expect(page.getByText(/not found/i).first()).toBeVisible();
    await expect(page.getByText(ebhSite.sitename)).toHaveCount(0);
  });
});
