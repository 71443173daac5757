import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

const screenshots = resolve(import.meta.dirname, '../test-results/screenshots');

export const demoPassword = 'lightpath-demo';

export const accounts = {
  noc: { email: 'noc@meridian.example', type: 1, name: 'Nadia Ortiz' },
  tech: { email: 'tech@meridian.example', type: 2, name: 'Tom Hale' },
  eng: { email: 'eng@meridian.example', type: 3, name: 'Priya Raman' },
  ungAdmin: { email: 'admin@northgate.example', type: 4, name: 'Alex Morgan' },
  ungUser: { email: 'user@northgate.example', type: 5, name: 'Sam Lee' },
  ebhAdmin: { email: 'admin@eastbrook.example', type: 4, name: 'Jordan Price' },
} as const;
export type AccountKey = keyof typeof accounts;

export async function signIn(
  page: Page,
  email: string,
  password = demoPassword,
  options: { remember?: boolean } = {},
) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  if (options.remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
}

// Opens a sidebar entry inside a group as a user would: opening the group first when it is shut, and
// clicking only once the link is wholly on screen. Clicked while the group was still sliding open, the
// click once landed on another entry (or none) and the page stayed where it was.
export async function openSidebarLink(page: Page, group: string, label: string) {
  const nav = page.getByRole('navigation');
  const link = nav.getByRole('link', { name: label, exact: true });
  if (!(await link.isVisible())) await nav.getByRole('button', { name: group, exact: true }).click();
  await expect(link).toBeInViewport({ ratio: 1 });
  await link.click();
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

// API calls for set-up that is not under test (creating a throwaway user, reading the outbox).
export async function apiToken(request: APIRequestContext, email: string, password = demoPassword) {
  const reply = await request.post('/api/login', { data: { email, password } });
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { payload: { token: string } }).payload.token;
}

export async function api<T>(
  request: APIRequestContext,
  token: string,
  method: string,
  url: string,
  data?: unknown,
) {
  const reply = await request.fetch(url, { method, headers: { 'x-auth-token': token }, data });
  const body = (await reply.json()) as { result: string; payload: T; message?: string };
  return { status: reply.status(), body };
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `${screenshots}/${name}.png`, fullPage: false });
}

// The first cell of every row of a downloaded CSV (after its byte order mark and header): the ids a
// test compares with the API's. The first columns the portal exports (ids) hold no commas.
export function csvFirstColumn(csv: string): string[] {
  return csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(',')[0]!);
}

// axe against WCAG 2.2 AA in both schemes (contrast alone in the dark one, as the accessibility spec
// does), the shell left out: for a page or state the accessibility spec's sidebar walk does not reach.
export async function expectAccessible(page: Page) {
  await expect(page.locator('main .mantine-Skeleton-root, main .mantine-Loader-root')).toHaveCount(0);
  await page.mouse.move(0, 0);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    const { violations } = await new AxeBuilder({ page })
      .setLegacyMode(true)
      .exclude('header')
      .exclude('nav')
      .options(
        scheme === 'light'
          ? {
              runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
              rules: { 'page-has-heading-one': { enabled: true } },
            }
          : { runOnly: { type: 'rule', values: ['color-contrast'] } },
      )
      .analyze();
    expect(
      violations.map((v) => `${scheme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
