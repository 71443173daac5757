import { readFile } from 'node:fs/promises';
import { csvMessages } from '@lightpath/domain/csv';
import { invoiceMessages } from '@lightpath/domain/invoices';
import { expect, test } from '@playwright/test';
import { accounts, api, apiToken, csvFirstColumn, screenshot, signIn, signOut } from './fixtures';

type InvoiceRow = { uuid: string; invoiceid: string; customercode: string };

test.describe('invoices', () => {
  test('a customer admin downloads last month’s invoice as a PDF and exports the list as CSV', async ({
    page,
    request,
  }) => {
    await signIn(page, accounts.ungAdmin.email);
    await page.goto('/documentation/invoices');
    await expect(page.getByRole('heading', { name: 'Invoices', exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/Invoices/);
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    // A customer sees no customer column: every row is its own.
    await expect(page.getByRole('columnheader', { name: 'Customer' })).toHaveCount(0);
    await screenshot(page, 'invoices-customer-admin');

    const token = await apiToken(request, accounts.ungAdmin.email);
    const listed = await api<{ count: number; results: InvoiceRow[] }>(
      request,
      token,
      'GET',
      '/api/invoices/json?limit=100',
    );
    const invoices = listed.body.payload.results;
    expect(invoices.length).toBe(24);
    expect(invoices.every((invoice) => invoice.customercode === 'UNG')).toBe(true);
    const latest = invoices[0]!;

    const [download, response] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForResponse((r) => r.url().includes(`/api/invoices/${latest.uuid}/pdf`)),
      page.getByRole('button', { name: `Download invoice ${latest.invoiceid} (PDF)` }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(download.suggestedFilename()).toBe(`Invoice ${latest.invoiceid}.pdf`);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const [csvFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(csvFile.suggestedFilename()).toBe('invoices.csv');
    await expect(page.getByText(csvMessages.generated)).toBeVisible();
    const csv = await readFile((await csvFile.path())!, 'utf8');
    expect(csv.startsWith('\uFEFFInvoice,Issued (')).toBe(true);
    const exported = csvFirstColumn(csv);
    expect(exported).toEqual(invoices.map((invoice) => invoice.invoiceid));
  });

  test('a customer user has no invoices page', async ({ page }) => {
    await signIn(page, accounts.ungUser.email);
    await page.goto('/documentation/invoices');
    await expect(page.getByText('Not available to your role')).toBeVisible();
  });

  test('the NOC adds an invoice with its PDF and finds it by its number', async ({ page }) => {
    await signIn(page, accounts.noc.email);
    await page.goto('/documentation/invoices');
    await expect(page.getByRole('columnheader', { name: 'Customer' })).toBeVisible();
    await screenshot(page, 'invoices-noc');
    await page.getByRole('button', { name: 'Add invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add invoice' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Add invoice' }).click();
    await expect(dialog.getByText(invoiceMessages.pdfRequired)).toBeVisible();

    await dialog.getByRole('combobox', { name: 'Customer' }).click();
    await page
      .getByRole('option', { name: /University of Northgate/ })
      .first()
      .click();
    await dialog.getByRole('textbox', { name: 'Invoice number' }).fill('E2E-2026-0001');
    await dialog.getByLabel(/^Issued/).fill('2026-11-01');
    await dialog.getByLabel('Period from').fill('2026-10-01');
    await dialog.getByLabel('Period to').fill('2026-10-31');
    await dialog.getByRole('textbox', { name: 'Amount (incl. GST)' }).fill('1,650.00');
    await dialog.getByRole('textbox', { name: 'Amount (incl. GST)' }).blur();
    await expect(dialog.getByRole('textbox', { name: 'GST', exact: true })).toHaveValue('150.00');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'october.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% an invoice\n%%EOF\n'),
    });
    await screenshot(page, 'invoices-add-invoice');
    // The confirmation is a toast that closes itself after 2 s: watched for from before the click, since
    // on a loaded machine the dialog's closing alone took longer than that.
    const added = page
      .getByText(`${invoiceMessages.created}: E2E-2026-0001`)
      .waitFor({ state: 'visible', timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Add invoice' }).click();
    await added;
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search invoices' }).fill('E2E-2026');
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('table').getByText('$1,650.00')).toBeVisible();
    await signOut(page);
  });
});
