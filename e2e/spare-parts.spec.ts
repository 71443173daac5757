import { readFile } from 'node:fs/promises';
import { sparePartMessages } from '@lightpath/domain/spare-parts';
import { expect, type Page, test } from '@playwright/test';
import { accounts, api, apiToken, openSidebarLink, screenshot, signIn } from './fixtures';

// Issue 14 item 5: the spare parts at the depots. The NOC and engineers keep the stock; a technician
// records a part taken or returned, on a phone at the depot; customers never see any of it.

const inStock = (page: Page) => page.getByText(/^\d+ in stock$/).first();

test.describe('spare parts', () => {
  test('an engineer adds a part, corrects it and deletes it after confirming', async ({ page }) => {
    const partnumber = `E2E-${Date.now()}`;
    await signIn(page, accounts.eng.email);
    await openSidebarLink(page, 'Equipment', 'Spare Parts Inventory');
    await expect(page).toHaveURL(/\/equipment\/inventory$/);
    await expect(page).toHaveTitle(/Spare Parts Inventory/);
    await expect(page.getByRole('table')).toBeVisible();
    await screenshot(page, 'spare-parts-engineer');

    await page.getByRole('button', { name: 'Add spare part' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add spare part' });
    await dialog.getByRole('textbox', { name: 'Part number' }).fill(partnumber);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('QSFP28 100G ER4 optic, 40 km');
    await dialog.getByRole('combobox', { name: /^Depot/ }).click();
    await page
      .getByRole('option', { name: /Exchange/ })
      .first()
      .click();
    await dialog.getByRole('textbox', { name: 'Quantity' }).fill('4');
    await screenshot(page, 'spare-parts-add');
    await dialog.getByRole('button', { name: 'Add part' }).click();
    await expect(page.getByText(`${sparePartMessages.created}: ${partnumber}`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/equipment\/inventory$/);

    await page.getByRole('searchbox', { name: 'Search spare parts' }).fill(partnumber);
    const row = page.getByRole('row', { name: new RegExp(partnumber) });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell', { name: '4', exact: true })).toBeVisible();

    await row.getByRole('button', { name: `More actions for ${partnumber}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${partnumber}` });
    await edit.getByRole('combobox', { name: /^State/ }).click();
    await page.getByRole('option', { name: 'Faulty' }).click();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(sparePartMessages.updated)).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(row.getByText('Faulty')).toBeVisible();

    await row.getByRole('button', { name: `More actions for ${partnumber}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete spare part' });
    await expect(confirm).toContainText(partnumber);
    await confirm.getByRole('button', { name: 'Delete part' }).click();
    await expect(page.getByText(`${sparePartMessages.deleted}: ${partnumber}`)).toBeVisible();
    await expect(page.getByText('No spare parts match these filters')).toBeVisible();
  });

  test('the NOC exports the filtered list as CSV', async ({ page }) => {
    await signIn(page, accounts.noc.email);
    await page.goto('/equipment/inventory?q=SFP');
    await expect(page.getByRole('table')).toBeVisible();
    const shown = await page.getByRole('row').count();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('spare-parts.csv');
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(
      /^Part number,Description,Serial,Depot,Depot site,Quantity,State,Last change \([\w/+-]+\)/,
    );
    // Every part that matches, not only the page on screen (which has a header row of its own).
    expect(lines.length - 1).toBeGreaterThanOrEqual(shown - 1);
    expect(lines.slice(1).every((line) => /SFP/i.test(line))).toBe(true);
  });

  test('a customer admin has no Equipment menu and is refused spare parts', async ({ page, request }) => {
    await signIn(page, accounts.ungAdmin.email);
    await expect(
      page.getByRole('navigation').getByRole('button', { name: 'Equipment', exact: true }),
    ).toHaveCount(0);
    await page.goto('/equipment/inventory');
    await expect(page.getByText('Not available to your role')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const token = await apiToken(request, accounts.ungAdmin.email);
    expect((await api(request, token, 'GET', '/api/inventory')).status).toBe(403);
  });
});

test.describe('spare parts on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

  test('a technician takes a part at the depot and returns it', async ({ page, request }) => {
    // A part of this test's own, so the stock it starts from is known.
    const partnumber = `E2E-SFP-${Date.now()}`;
    const noc = await apiToken(request, accounts.noc.email);
    const sites = await api<{ results: { siteid: number; sitename: string }[] }>(
      request,
      noc,
      'GET',
      '/api/sites?q=PoP&limit=1',
    );
    const created = await api(request, noc, 'POST', '/api/inventory', {
      partnumber,
      description: '10GBASE-LR SFP+ optic, 10 km',
      depotsiteid: sites.body.payload.results[0]!.siteid,
      quantity: 3,
    });
    expect(created.status).toBe(201);

    await signIn(page, accounts.tech.email);
    await page.goto(`/equipment/inventory?q=${partnumber}`);
    await expect(inStock(page)).toHaveText('3 in stock');
    // A technician records movements but does not edit the stock.
    await expect(page.getByRole('button', { name: 'Add spare part' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^More actions/ })).toHaveCount(0);
    await screenshot(page, 'spare-parts-technician-phone');

    // Taking more than the depot holds is refused on the quantity, and nothing changes.
    const moveButton = page.getByRole('button', { name: `Take / return ${partnumber}` });
    await moveButton.tap();
    const dialog = page.getByRole('dialog', { name: 'Take or return a part' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Quantity' }).fill('4');
    await dialog.getByRole('button', { name: 'Record' }).tap();
    await expect(dialog.getByText('Only 3 of this part in stock')).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Quantity' }).fill('2');
    await dialog.getByRole('textbox', { name: 'Job reference' }).fill('JOB-E2E-1');
    await screenshot(page, 'spare-parts-take-phone');
    await dialog.getByRole('button', { name: 'Record' }).tap();
    await expect(page.getByText(`2 × ${partnumber} taken from the depot`)).toBeVisible();
    await expect(inStock(page)).toHaveText('1 in stock');
    await expect(page.getByText(/Taken 2 by Tom Hale/)).toBeVisible();

    await moveButton.tap();
    await dialog.getByText('Return', { exact: true }).tap();
    await dialog.getByRole('button', { name: 'Record' }).tap();
    await expect(page.getByText(`1 × ${partnumber} returned to the depot`)).toBeVisible();
    await expect(inStock(page)).toHaveText('2 in stock');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });
});
