import { contactMessages } from '@lightpath/domain/contacts';
import { expect, test } from '@playwright/test';
import { accounts, screenshot, signIn, signOut } from './fixtures';

test.describe('contacts', () => {
  test('a customer admin adds a contact and sees it listed; another customer never sees it', async ({
    page,
  }) => {
    const name = `E2E Contact ${Date.now()}`;
    await signIn(page, accounts.ungAdmin.email);
    await page.goto('/contacts?action=new-contact');
    const dialog = page.getByRole('dialog', { name: 'New contact' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Email' }).fill('e2e.contact@northgate.example');
    await dialog.getByRole('button', { name: 'Create contact' }).click();
    await expect(page.getByText(contactMessages.created)).toBeVisible();
    await expect(page).toHaveURL(/\/contact\/\d+$/);

    await page.goto('/contacts');
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill(name);
    await expect(page.getByRole('table').getByText(name)).toBeVisible();
    await screenshot(page, 'contacts-customer-admin');

    await signOut(page);
    await signIn(page, accounts.ebhAdmin.email);
    await page.goto('/contacts');
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill(name);
    await expect(page.getByText('No contacts match these filters')).toBeVisible();
    await expect(page.getByText(name)).toHaveCount(0);
  });
});
