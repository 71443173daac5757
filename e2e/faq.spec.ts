import { expect, test } from '@playwright/test';
import { accounts, screenshot, signIn, signOut } from './fixtures';

test.describe('faq', () => {
  test('a customer user reads an article; the NOC sees the FAQ admin', async ({ page }) => {
    await signIn(page, accounts.ungUser.email);
    await page.goto('/customer-faq');
    await expect(page.getByRole('heading', { name: 'FAQ & Knowledge Base' })).toBeVisible();
    const card = page.getByRole('article').first();
    await expect(card).toBeVisible();
    const title = (await card.getAttribute('aria-label')) ?? '';
    expect(title).not.toBe('');
    await expect(page.getByRole('button', { name: 'New article' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: `Edit ${title}` })).toHaveCount(0);
    await screenshot(page, 'faq-customer-user');

    await card.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/customer-faq\/\d+$/);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await screenshot(page, 'faq-article');

    await signOut(page);
    await signIn(page, accounts.noc.email);
    await page.goto('/customer-faq');
    await expect(page.getByRole('button', { name: 'New article' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Edit ${title}` })).toBeVisible();
  });
});
