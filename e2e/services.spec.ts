import { readFile } from 'node:fs/promises';
import { csvMessages } from '@lightpath/domain/csv';
import { searchPrompt } from '@lightpath/domain/search';
import { serviceMessages } from '@lightpath/domain/services';
import { expect, type Page, test } from '@playwright/test';
import { accounts, api, apiToken, csvFirstColumn, screenshot, signIn } from './fixtures';

type ServiceRow = { serviceid: string; customercode: string };

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: RegExp) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test.describe('services', () => {
  test('the NOC creates a service through New Service, seeing the spec 5 messages first', async ({
    page,
  }) => {
    await signIn(page, accounts.noc.email);
    await page.goto('/services?action=new-service');
    const dialog = page.getByRole('dialog', { name: 'New service' });
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Create service' }).click();
    for (const message of [
      serviceMessages.customerMissing,
      serviceMessages.diversityEmpty,
      serviceMessages.stateMissing,
      serviceMessages.provisionDateMissing,
    ]) {
      await expect(dialog.getByText(message).first()).toBeVisible();
    }

    await choose(page, dialog, 'Customer', /University of Northgate/);
    await choose(page, dialog, 'Site A', /Northgate Research Park/);
    await choose(page, dialog, 'Site B', /Northgate PoP/);
    await choose(page, dialog, 'Type', /^B · Managed 1G/);
    // Spec 5: type B prefills 1G.
    await expect(dialog.getByRole('combobox', { name: 'Speed' })).toHaveValue('1G');
    await dialog
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('Managed 1G for the boathouse');
    await choose(page, dialog, 'Diversity', /^None$/);
    await choose(page, dialog, 'Status', /^Active$/);
    await dialog.getByLabel('Provisioning date').fill('2026-11-20');
    await dialog.getByRole('button', { name: 'Create service' }).click();
    await expect(dialog.getByText(serviceMessages.diversityEmpty)).toBeVisible();
    await screenshot(page, 'service-create-validation');

    await choose(page, dialog, 'Diversity', /^Primary$/);
    const preview = dialog.getByText(/^UNG0003000\d{3}B$/).first();
    await expect(preview).toBeVisible();
    const serviceid = (await preview.textContent())!.trim();
    await dialog.getByRole('button', { name: 'Create service' }).click();

    await expect(page.getByText(serviceMessages.created(serviceid))).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/service/${serviceid}$`));
    await expect(page.getByRole('heading', { name: serviceid })).toBeVisible();
    await screenshot(page, 'service-detail');
  });

  test("a customer admin never sees another customer's service or search hit", async ({ page, request }) => {
    const noc = await apiToken(request, accounts.noc.email);
    const ebh = await api<{ results: ServiceRow[] }>(request, noc, 'GET', '/api/services?limit=5&q=EBH');
    const foreign = ebh.body.payload.results.find((s) => s.customercode === 'EBH')!;
    expect(foreign).toBeTruthy();

    await signIn(page, accounts.ungAdmin.email);
    await page.goto('/services');
    const table = page.getByRole('table');
    await expect(table.getByRole('link', { name: /^UNG\d{10}[A-Z]$/ }).first()).toBeVisible();
    await expect(table.getByRole('link', { name: /^EBH/ })).toHaveCount(0);

    await page.goto(`/service/${foreign.serviceid}`);
    await expect(page.getByText(/not found/i).first()).toBeVisible();

    // The header search finds the service for the NOC but nothing for another customer.
    const search = page.getByRole('combobox', { name: 'Search' }).first();
    await search.fill('E');
    await expect(page.getByText(searchPrompt)).toBeVisible();
    await search.fill(foreign.serviceid);
    await expect(page.getByText(/No results|Nothing found|No matches/i).first()).toBeVisible();
    await search.press('Enter');
    await expect(page).toHaveURL(/\/functions\/search-result\//);
    await expect(page.getByText(foreign.serviceid, { exact: true })).toHaveCount(0);
  });

  test('the NOC finds a site from the header search in a keystroke or two', async ({ page }) => {
    await signIn(page, accounts.noc.email);
    const search = page.getByRole('combobox', { name: 'Search' }).first();
    await search.fill('Northgate Cit');
    const hit = page.getByRole('option', { name: /Northgate City Campus/ }).first();
    await expect(hit).toBeVisible();
    await screenshot(page, 'header-search');
    await hit.click();
    await expect(page).toHaveURL(/\/site\/\d+$/);
    await expect(page.getByRole('heading', { name: /Northgate City Campus/ })).toBeVisible();
  });

  test('dashboard, map and lists render for each role that uses them', async ({ page }) => {
    for (const key of ['noc', 'ungAdmin', 'eng'] as const) {
      await signIn(page, accounts[key].email);
      // Signing in returns to the last page; the dashboard is what this checks.
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Services' }).getByText(/\d/).first()).toBeVisible();
      await screenshot(page, `dashboard-${key}`);
      await page.goto('/functions/state-map');
      await expect(page.locator('.leaflet-container')).toBeVisible();
      await screenshot(page, `map-${key}`);
      await page.goto('/sites');
      await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
      await page.getByRole('button', { name: 'Profile menu' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test('a customer admin exports its managed services as CSV: every one, its own only, Excel-ready', async ({
    page,
    request,
  }) => {
    await signIn(page, accounts.ungAdmin.email);
    await page.goto('/services/managed');
    await expect(page.getByRole('heading', { name: 'Managed Services' })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('managed-services.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFFService,Description,')).toBe(true);
    await expect(page.getByText(csvMessages.generated)).toBeVisible();
    const exported = csvFirstColumn(csv);
    const token = await apiToken(request, accounts.ungAdmin.email);
    const listed = await api<{ count: number; results: ServiceRow[] }>(
      request,
      token,
      'GET',
      '/api/services?group=managed&limit=1000',
    );
    const services = listed.body.payload.results;
    expect(services.length).toBeGreaterThan(0);
    expect(exported).toEqual(services.map((service) => service.serviceid));
    expect(services.every((service) => service.customercode === 'UNG')).toBe(true);
  });

  test("the NOC sets a service's contracted SLA target, and clears it back to its type's", async ({
    page,
    request,
  }) => {
    // One of the university's managed services with no contract of its own.
    const token = await apiToken(request, accounts.ungAdmin.email);
    const { body } = await api<{ results: { serviceid: string }[] }>(
      request,
      token,
      'GET',
      '/api/services?limit=100',
    );
    const candidates = body.payload.results.map((row) => row.serviceid).filter((id) => id.endsWith('B'));
    let serviceid = '';
    for (const id of candidates) {
      const detail = await api<{ slatarget: number | null }>(request, token, 'GET', `/api/service/${id}`);
      if (detail.body.payload.slatarget === null) {
        serviceid = id;
        break;
      }
    }
    expect(serviceid, 'a managed service with no contracted target').not.toBe('');
    await signIn(page, accounts.noc.email);
    await page.goto(`/service/${serviceid}`);
    const target = page.getByText(/^SLA target$/).locator('..');
    await expect(target).toContainText('99.9% (its type’s)');

    const edit = async () => {
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Edit ${serviceid}` });
      await expect(dialog).toBeVisible();
      return { dialog, field: dialog.getByRole('textbox', { name: 'SLA target (%)' }) };
    };
    const { dialog, field } = await edit();
    await expect(field).toHaveValue('');
    await expect(field).toHaveAttribute('placeholder', 'Standard: 99.9');
    await field.fill('89');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText(serviceMessages.slaTargetInvalid)).toBeVisible();
    await field.fill('99.95');
    await screenshot(page, 'service-edit-sla-target');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(target).toContainText('99.95% (contracted)');

    const again = await edit();
    await expect(again.field).toHaveValue('99.95');
    await again.field.fill('');
    await again.dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(again.dialog).toHaveCount(0);
    await expect(target).toContainText('99.9% (its type’s)');
  });
});
