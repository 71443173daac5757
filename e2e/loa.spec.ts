import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { loaMessages } from '@lightpath/domain/loa';
import { type Browser, devices, expect, type Page, test } from '@playwright/test';
import { accounts, screenshot, signIn } from './fixtures';

// Issue 16 item 2: a university's admin downloads the Letter of Authorisation for its cross-connect,
// and the contractor it hands the letter to checks it by its QR link, with no account.

const desktop = { width: 1440, height: 900 };

// The letter's link, from its clickable annotation (written uncompressed in the PDF).
async function linkInLetter(path: string) {
  const pdf = await readFile(path);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const link = /\/URI \((http[^)]+)\)/.exec(pdf.toString('latin1'))?.[1];
  expect(link).toMatch(/\/loa\/verify\/[A-Za-z0-9_-]{66}$/);
  return new URL(link!);
}

// A browser that has never signed in: no cookies, no stored session.
async function contractor(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ colorScheme: 'light', ...options });
  return context.newPage();
}

async function expectOnlyTheAnswer(page: Page, answer: 'Valid' | 'Expired' | 'Unknown') {
  await expect(page.getByRole('heading', { level: 1, name: loaMessages.title })).toBeVisible();
  await expect(page.getByTestId('loa-status')).toHaveText(answer);
  await expect(page).toHaveTitle(/Check a Letter of Authorisation/);
  // Outside the signed-in shell, and naming no customer, rack or cross-connect.
  await expect(page.getByRole('navigation')).toHaveCount(0);
  const text = await page.locator('body').textContent();
  expect(text).not.toMatch(/Northgate|XC-\d|MMR|S\d{4}-/);
}

test.describe('Letters of Authorisation', () => {
  test('a customer admin downloads a letter; a contractor without an account checks it', async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(desktop);
    await signIn(page, accounts.ungAdmin.email);
    await page.goto('/colocation/crossconnects');
    const offered = page.locator(
      'button[aria-label^="Letter of Authorisation for XC-"]:not([aria-disabled])',
    );
    await expect(offered.first()).toBeVisible();
    await offered.first().hover();
    await expect(page.getByRole('tooltip', { name: /Download the Letter of Authorisation/ })).toBeVisible();
    await screenshot(page, 'loa-download-action');

    const label = (await offered.first().getAttribute('aria-label'))!.replace(
      'Letter of Authorisation for ',
      '',
    );
    const [download] = await Promise.all([page.waitForEvent('download'), offered.first().click()]);
    expect(download.suggestedFilename()).toBe(`LoA ${label}.pdf`);
    const link = await linkInLetter(await download.path());
    // Kept beside the screenshots, to look at.
    await download.saveAs(resolve(import.meta.dirname, '../test-results/screenshots/loa-letter.pdf'));

    // A cross-connect with an ended rack keeps its button, greyed, with the reason.
    const refused = page.locator(
      'button[aria-label^="Letter of Authorisation for XC-"][aria-disabled="true"]',
    );
    if ((await refused.count()) > 0) {
      await refused.first().hover();
      await expect(page.getByRole('tooltip', { name: /has an end date/ })).toBeVisible();
      await screenshot(page, 'loa-download-refused');
    }

    for (const scheme of ['light', 'dark'] as const) {
      const visitor = await contractor(browser, { colorScheme: scheme, viewport: desktop });
      await visitor.goto(link.pathname);
      await expectOnlyTheAnswer(visitor, 'Valid');
      await expect(
        visitor.getByText(/is valid until \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m A[EC][SD]T\./),
      ).toBeVisible();
      await screenshot(visitor, `loa-verify-valid-desktop-${scheme}`);
      await visitor.context().close();
    }
  });

  test('a contractor checks a letter on a phone; a tampered one is unknown', async ({ page, browser }) => {
    await signIn(page, accounts.ungAdmin.email);
    await page.goto('/colocation/crossconnects');
    const offered = page.locator(
      'button[aria-label^="Letter of Authorisation for XC-"]:not([aria-disabled])',
    );
    const [download] = await Promise.all([page.waitForEvent('download'), offered.first().click()]);
    const link = await linkInLetter(await download.path());
    const token = link.pathname.split('/').pop()!;
    const tampered = `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`;

    for (const scheme of ['light', 'dark'] as const) {
      const phone = await contractor(browser, { ...devices['Pixel 7'], colorScheme: scheme });
      await phone.goto(link.pathname);
      await expectOnlyTheAnswer(phone, 'Valid');
      // Readable on the phone: nothing wider than its screen.
      const width = phone.viewportSize()!.width;
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(phone, `loa-verify-valid-phone-${scheme}`);
      await phone.goto(`/loa/verify/${tampered}`);
      await expectOnlyTheAnswer(phone, 'Unknown');
      await screenshot(phone, `loa-verify-unknown-phone-${scheme}`);
      await phone.context().close();
    }
  });
});
