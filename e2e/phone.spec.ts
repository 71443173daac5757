import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { accounts, api, apiToken, signIn } from './fixtures';

// Issue 12: on a phone the Select drop-downs inside full-screen modals rendered past the right edge,
// widened the page and toggled open and shut every 100-200 ms, so no option could be tapped. Every
// check here taps (touch events, not mouse clicks) in an emulated phone.
const phone = { width: 375, height: 812 };
const shots = process.env.PHONE_SHOTS ?? '/tmp/phone-shots';
mkdirSync(shots, { recursive: true });

test.use({ viewport: phone, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

// The page must not be wider than the screen, or the phone zooms out and the drop-down jumps.
async function pageOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

// Parts of the page that scroll sideways inside it (a table wider than its panel): the page itself
// does not overflow, but the reader must swipe each of them to see their last columns.
async function sidewaysScrollers(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('main *'))
      .filter((node) => {
        const overflow = getComputedStyle(node).overflowX;
        return (overflow === 'auto' || overflow === 'scroll') && node.scrollWidth > node.clientWidth + 1;
      })
      .map((node) => {
        const panel = node.closest('section, [data-testid]');
        const where =
          panel?.getAttribute('aria-label') ?? panel?.getAttribute('data-testid') ?? node.className;
        return `${where}: ${node.scrollWidth} px wide in ${node.clientWidth} px`;
      }),
  );
}

// Taps the Select, then watches the open list for a second: it must stay open the whole time (it
// used to close and reopen several times a second), inside the screen, without widening the page.
async function tapOpen(page: Page, select: Locator, shot: string) {
  await select.tap();
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  const seen: boolean[] = [];
  for (let i = 0; i < 20; i += 1) {
    seen.push(await listbox.isVisible());
    await page.waitForTimeout(50);
  }
  expect(seen.filter((open) => !open)).toHaveLength(0);
  const box = await listbox.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(phone.width);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(phone.height);
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${shots}/${shot}.png` });
  return listbox;
}

// Taps the first option matching `name` and checks the list closed with it chosen.
async function tapOption(page: Page, listbox: Locator, name: RegExp) {
  const option = listbox.getByRole('option', { name }).first();
  const label = (await option.textContent()) ?? '';
  await option.tap();
  await expect(listbox).toBeHidden();
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  return label;
}

test.describe('Select drop-downs in full-screen modals on a phone', () => {
  test("the check-in modal's site picker", async ({ page }) => {
    await signIn(page, accounts.tech.email);
    await page.goto('/checkins');
    await page.getByRole('button', { name: 'Check in / Check out' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Site Check-In / Check-Out' });
    await expect(dialog).toBeVisible();
    const site = dialog.getByRole('combobox', { name: /^Site/ });
    const listbox = await tapOpen(page, site, 'checkin-site-open');
    // The list fills in from the server's search; take the first site offered.
    await expect(listbox.getByRole('option').first()).toBeVisible();
    const label = await tapOption(page, listbox, /./);
    await expect(site).toHaveValue(label.trim());
    await expect(dialog.getByRole('button', { name: /^Check (in|out)$/ })).toBeEnabled();
    await page.screenshot({ path: `${shots}/checkin-site-chosen.png` });
  });

  test("the access wizard's site picker", async ({ page }) => {
    await signIn(page, accounts.noc.email);
    await page.goto('/sites?action=site-access');
    const dialog = page.getByRole('dialog', { name: 'Request Site Access' });
    await expect(dialog).toBeVisible();
    const site = dialog.getByRole('combobox', { name: /^Site/ });
    const listbox = await tapOpen(page, site, 'access-site-open');
    await expect(listbox.getByRole('option').first()).toBeVisible();
    const option = listbox.getByRole('option').first();
    // Each option shows the site's label and, dimmed, its access type; the box shows the label.
    const label = (await option.locator('p').first().textContent()) ?? '';
    await option.tap();
    await expect(listbox).toBeHidden();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await expect(site).toHaveValue(label.trim());
    await page.screenshot({ path: `${shots}/access-site-chosen.png` });
  });

  test("New Event's type", async ({ page }) => {
    await signIn(page, accounts.noc.email);
    await page.goto('/events?action=new-event');
    const dialog = page.getByRole('dialog', { name: 'New Event' });
    await expect(dialog).toBeVisible();
    const type = dialog.getByRole('combobox', { name: /^Event type/ });
    const listbox = await tapOpen(page, type, 'event-type-open');
    await tapOption(page, listbox, /^Scheduled Works$/);
    await expect(type).toHaveValue('Scheduled Works');
    await page.screenshot({ path: `${shots}/event-type-chosen.png` });
  });

  test("Add spare part's depot", async ({ page }) => {
    await signIn(page, accounts.eng.email);
    await page.goto('/equipment/inventory?action=new-part');
    const dialog = page.getByRole('dialog', { name: 'Add spare part' });
    await expect(dialog).toBeVisible();
    const depot = dialog.getByRole('combobox', { name: /^Depot/ });
    const listbox = await tapOpen(page, depot, 'spare-part-depot-open');
    await expect(listbox.getByRole('option').first()).toBeVisible();
    const label = await tapOption(page, listbox, /PoP/);
    await expect(depot).toHaveValue(label.trim());
    await page.screenshot({ path: `${shots}/spare-part-depot-chosen.png` });
  });

  test("Subscribe's service and subscriber", async ({ page }) => {
    await signIn(page, accounts.ungAdmin.email);
    await page.goto('/services/service-notifications');
    await page.getByRole('button', { name: 'Subscribe', exact: true }).tap();
    const dialog = page.getByRole('dialog', { name: 'Subscribe to service notifications' });
    await expect(dialog).toBeVisible();
    // The service list fills from the server's search as the user types.
    const service = dialog.getByRole('combobox', { name: 'Service', exact: true });
    await service.tap();
    await service.fill('UNG');
    const services = page.getByRole('listbox');
    await expect(services.getByRole('option').first()).toBeVisible();
    const box = await services.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(phone.width);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${shots}/subscribe-service-open.png` });
    const chosen = await tapOption(page, services, /^UNG/);
    await expect(service).toHaveValue(chosen.trim());

    const subscriber = dialog.getByRole('combobox', { name: 'Subscriber' });
    const users = await tapOpen(page, subscriber, 'subscribe-subscriber-open');
    await expect(users.getByRole('option').first()).toBeVisible();
    const person = await tapOption(page, users, /./);
    await expect(subscriber).toHaveValue(person.trim());
    await page.screenshot({ path: `${shots}/subscribe-chosen.png` });
  });

  test("Add shelf's site and vendor, and saving", async ({ page, request }) => {
    // A name no other run has used, removed again at the end whatever happens in between.
    const name = `P${Date.now().toString(36)}pe`;
    try {
      await signIn(page, accounts.noc.email);
      await page.goto('/equipment');
      await page.getByRole('button', { name: 'Add shelf' }).tap();
      const dialog = page.getByRole('dialog', { name: 'Add shelf' });
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(/action=new-shelf/);
      // Full screen on a phone: exactly as wide as the screen, with nothing wider inside it.
      const frame = await dialog.boundingBox();
      expect(frame!.x).toBeGreaterThanOrEqual(0);
      expect(frame!.x + frame!.width).toBeLessThanOrEqual(phone.width);
      expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${shots}/add-shelf-open.png` });

      await dialog.getByRole('textbox', { name: /^Shelf name/ }).fill(name);
      const site = dialog.getByRole('combobox', { name: /^Site/ });
      const sites = await tapOpen(page, site, 'add-shelf-site-open');
      await expect(sites.getByRole('option').first()).toBeVisible();
      const siteLabel = await tapOption(page, sites, /PoP/);
      await expect(site).toHaveValue(siteLabel.trim());

      const vendor = dialog.getByRole('combobox', { name: /^Vendor/ });
      const vendors = await tapOpen(page, vendor, 'add-shelf-vendor-open');
      await tapOption(page, vendors, /^Juniper$/);
      await expect(vendor).toHaveValue('Juniper');
      await dialog.getByRole('textbox', { name: /^Model/ }).fill('MX204');
      await page.screenshot({ path: `${shots}/add-shelf-filled.png` });

      // Both buttons can be brought into view and tapped inside the screen.
      const cancel = dialog.getByRole('button', { name: 'Cancel' });
      const save = dialog.getByRole('button', { name: 'Add shelf' });
      for (const button of [cancel, save]) {
        await button.scrollIntoViewIfNeeded();
        const box = await button.boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(phone.width);
        expect(box!.y).toBeGreaterThanOrEqual(0);
        expect(box!.y + box!.height).toBeLessThanOrEqual(phone.height);
      }
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${shots}/add-shelf-buttons.png` });
      await save.tap();
      await expect(dialog).toBeHidden();
      await expect(page).not.toHaveURL(/action=new-shelf/);
      await expect(page.getByText(`${name} added`)).toBeVisible();

      await page.getByRole('searchbox', { name: 'Search equipment' }).fill(name);
      // A phone lists each shelf as a card: the one found is the new shelf, at its site.
      await expect(page.getByRole('link', { name, exact: true })).toHaveCount(1);
      await expect(page.getByText('Juniper MX204', { exact: true })).toBeVisible();
      await expect(page.getByText(/^Showing 1–1 of 1 shelves$/)).toBeVisible();
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${shots}/add-shelf-saved.png` });
    } finally {
      const token = await apiToken(request, accounts.noc.email);
      const found = await api<{ results: { equipmentid: number; equipmentname: string }[] }>(
        request,
        token,
        'GET',
        `/api/shelves?q=${name}`,
      );
      for (const shelf of found.body.payload.results.filter((s) => s.equipmentname === name)) {
        expect((await api(request, token, 'DELETE', `/api/equipment/${shelf.equipmentid}`)).status).toBe(200);
      }
    }
  });
  test("Run operation's operation, then the job's page", async ({ page }) => {
    await signIn(page, accounts.eng.email);
    await page.goto('/equipment');
    await page
      .getByRole('checkbox', { name: /^Select (?!every shelf)/ })
      .first()
      .tap();
    await page.getByRole('button', { name: 'Run operation (1)' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Run operation' });
    const listbox = await tapOpen(page, dialog.getByRole('combobox', { name: 'Operation' }), 'run-operation');
    await tapOption(page, listbox, /^Uptime$/);
    await dialog.getByRole('button', { name: 'Show Uptime on 1 device' }).tap();
    await page.getByRole('link', { name: /^Open job \d+$/ }).tap();
    await expect(page.getByRole('heading', { name: /^Job \d+: Uptime/ })).toBeVisible();
    const result = page.getByTestId('job-result-table');
    await expect(result).toBeVisible({ timeout: 20_000 });
    // AWX's tally of the one host: a heading row and the host's.
    await expect(page.getByRole('region', { name: 'Hosts' }).getByRole('row')).toHaveCount(2);
    // Issue 15: the Hosts table and the result scrolled sideways on a phone, and uptime's since was ISO
    // text; now every part fits and the moment is in the reader's zone, labelled.
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    expect(await sidewaysScrollers(page)).toEqual([]);
    await expect(result).toContainText(/Up since\s*\d{1,2} \w{3,4} \d{4}, \d{1,2}:\d{2} [ap]m [A-Z]{3,5}/);
    await expect(result).not.toContainText(/\d{4}-\d{2}-\d{2}T/);
    await page.screenshot({ path: `${shots}/job-page.png`, fullPage: true });
  });
});
