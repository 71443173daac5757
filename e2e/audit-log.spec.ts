import { readFile } from 'node:fs/promises';
import { csvMessages } from '@lightpath/domain/csv';
import { expect, type Page, test } from '@playwright/test';
import { accounts, api, apiToken, openSidebarLink, screenshot, signIn } from './fixtures';

const marker = `Audit e2e ${Date.now()}`;

// Issue 19 item 6: the NOC finds who impersonated a customer and who deleted a record; nobody else may.
test.describe('audit log', () => {
  test.beforeAll(async ({ request }) => {
    const token = await apiToken(request, accounts.noc.email);
    const made = await api<{ faqid: number }>(request, token, 'POST', '/api/faq', {
      title: marker,
      body: 'Written and deleted by the audit log test.',
    });
    expect(made.status, made.body.message).toBe(201);
    const deleted = await api(request, token, 'DELETE', `/api/faq/${made.body.payload.faqid}`);
    expect(deleted.status, deleted.body.message).toBe(200);
    const customers = await api<{ results: { customerid: number; customercode: string }[] }>(
      request,
      token,
      'GET',
      '/api/user/impersonate/customers',
    );
    const ung = customers.body.payload.results.find((c) => c.customercode === 'UNG')!;
    const switched = await api(request, token, 'POST', '/api/user/impersonate', {
      customerid: ung.customerid,
      usertype: 4,
    });
    expect(switched.status, switched.body.message).toBe(200);
  });

  async function openFromSidebar(page: Page) {
    await openSidebarLink(page, 'Administration', 'Audit Log');
    await expect(page).toHaveURL(/\/audit-log$/);
    await expect(page).toHaveTitle(/Audit Log/);
    await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
  }

  test('the NOC finds an impersonation and a deletion, reads what was deleted and exports CSV', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, accounts.noc.email);
    await openFromSidebar(page);
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Time' })).toHaveAttribute('aria-sort', 'descending');
    // Newest first: the impersonation made last in beforeAll is above the deletion.
    const rows = page.getByRole('row');
    const impersonation = rows.filter({ hasText: 'session.impersonate' }).first();
    await expect(impersonation).toContainText(accounts.noc.email);
    await expect(impersonation).toContainText(/acting as .*UNG/);
    await expect(impersonation).toContainText(/\d{1,2}:\d{2} [ap]m [A-Z]{3,5}/);
    await screenshot(page, 'audit-log-noc');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'audit-log-noc-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/action=faq/);
    await page.getByRole('searchbox', { name: 'Search' }).fill(marker);
    const deletion = rows.filter({ hasText: 'faq.delete' });
    await expect(deletion).toHaveCount(1);
    await expect(rows.filter({ hasText: 'faq.create' })).toHaveCount(1);
    await deletion.getByRole('button', { name: /^Details of faq\.delete/ }).click();
    const dialog = page.getByRole('dialog', { name: /^faq\.delete on faq \d+/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('row', { name: /Who/ })).toContainText(accounts.noc.email);
    await expect(dialog).toContainText(marker);
    await screenshot(page, 'audit-log-entry');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('audit-log.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFFTime (')).toBe(true);
    const lines = csv.trim().split('\r\n').slice(1);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('faq.delete');
    expect(lines[1]).toContain('faq.create');
    await expect(page.getByText(csvMessages.generated)).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search' }).fill(`${marker} nothing like it`);
    await expect(page.getByText('No entries match these filters')).toBeVisible();
  });

  test('a customer admin has no entry in the menu and is refused the page', async ({ page }) => {
    await signIn(page, accounts.ungAdmin.email);
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Audit Log' })).toHaveCount(0);
    await page.goto('/audit-log');
    await expect(page.getByText('Not available to your role')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });
});

test.describe('audit log on a phone', () => {
  test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

  test('shows each entry as a card whose details open full screen', async ({ page }) => {
    await signIn(page, accounts.noc.email);
    await page.goto('/audit-log?action=session');
    await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const details = page.getByRole('button', { name: /^Details of session\./ }).first();
    await expect(details).toBeVisible();
    await screenshot(page, 'audit-log-phone');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'audit-log-phone-dark');
    await details.tap();
    // The full-screen modal fades in; the picture is of it, not of the fade.
    await expect(page.getByRole('dialog')).toHaveCSS('opacity', '1');
    await screenshot(page, 'audit-log-phone-entry-dark');
  });
});
