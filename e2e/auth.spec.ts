import { expect, test } from '@playwright/test';
import { accounts, api, apiToken, demoPassword, screenshot, signIn, signOut } from './fixtures';

test('a wrong password shows the server message and stays on the sign-in page', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(accounts.ungUser.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await screenshot(page, 'login-wrong-password');
});

test('a visitor without a token is sent to the sign-in page and back after signing in', async ({ page }) => {
  await page.goto('/users');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email').fill(accounts.noc.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/users$/);
});

test('remember me keeps the token in local storage, otherwise only for the browser session', async ({
  browser,
}) => {
  const remembered = await browser.newContext();
  const page = await remembered.newPage();
  await signIn(page, accounts.eng.email, demoPassword, { remember: true });
  const stored = await page.evaluate(() => [
    Object.keys(localStorage).length,
    Object.keys(sessionStorage).length,
  ]);
  expect(stored[0]).toBeGreaterThan(0);
  // A new tab of the same browser profile is still signed in.
  const second = await remembered.newPage();
  await second.goto('/');
  await expect(second.getByRole('button', { name: 'Profile menu' })).toBeVisible();
  await remembered.close();

  const sessionOnly = await browser.newContext();
  const other = await sessionOnly.newPage();
  await signIn(other, accounts.eng.email);
  const local = await other.evaluate(() => JSON.stringify(localStorage));
  const session = await other.evaluate(() => JSON.stringify(sessionStorage));
  expect(session.length).toBeGreaterThan(2);
  expect(local).not.toMatch(/[\w-]{40,}/);
  await sessionOnly.close();
});

test('a user changes their password, stays signed in, and the new password works', async ({
  page,
  request,
}) => {
  // A throwaway user, so the demo accounts keep their password.
  const noc = await apiToken(request, accounts.noc.email);
  const email = `e2e.password.${Date.now()}@northgate.example`;
  const customers = await api<{ results: { customerid: number; code: string }[] }>(
    request,
    noc,
    'GET',
    '/api/customers?q=UNG',
  );
  const ung = customers.body.payload.results.find((c) => c.code === 'UNG')!.customerid;
  const created = await api(request, noc, 'POST', '/api/users', {
    firstname: 'Pat',
    surname: 'Changer',
    email,
    type: 5,
    customerid: ung,
    password: 'first-password-1',
  });
  expect(created.status).toBe(201);

  await signIn(page, email, 'first-password-1');
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: /Change password/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Current password').fill('first-password-1');
  await dialog.getByRole('textbox', { name: 'New password', exact: true }).fill('second-password-2');
  await dialog.getByLabel('Confirm new password').fill('second-password-3');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText('Passwords do not match')).toBeVisible();
  await dialog.getByLabel('Confirm new password').fill('second-password-2');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('User password updated!')).toBeVisible();
  // Signed in again automatically with the new password: the session still works after a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
  await signOut(page);
  const old = await request.post('/api/login', { data: { email, password: 'first-password-1' } });
  expect(old.status()).toBe(401);
  await signIn(page, email, 'second-password-2');
});

test('the NOC switches to a customer admin of Northgate and back', async ({ page }) => {
  await signIn(page, accounts.noc.email);
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: /Switch customer/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Customer').click();
  await page.getByRole('option', { name: /University of Northgate/ }).click();
  await dialog.getByLabel('Role').click();
  await page.getByRole('option', { name: /Customer admin/ }).click();
  await dialog.getByRole('button', { name: 'Switch' }).click();
  await expect(page.getByText(/Viewing as University of Northgate/)).toBeVisible();
  await expect(page.getByRole('main')).toContainText(/Good (morning|afternoon|evening)/);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByText('Customers', { exact: true })).toHaveCount(0);
  await screenshot(page, 'impersonating-ung-admin');

  await page.getByRole('button', { name: 'Revert to own account' }).click();
  await expect(page.getByText(/Viewing as/)).toHaveCount(0);
  await expect(nav.getByText('Customers', { exact: true })).toBeVisible();
});

test("a customer admin who opens another customer's user gets not found", async ({ page, request }) => {
  const noc = await apiToken(request, accounts.noc.email);
  const users = await api<{ results: { userid: number; email: string }[] }>(
    request,
    noc,
    'GET',
    '/api/users?q=eastbrook',
  );
  const foreign = users.body.payload.results.find((u) => u.email === accounts.ebhAdmin.email)!;
  await signIn(page, accounts.ungAdmin.email);
  await page.goto(`/user/${foreign.userid}`);
  await expect(page.getByText(/not found/i).first()).toBeVisible();
  await expect(page.getByText(accounts.ebhAdmin.email)).toHaveCount(0);
  const direct = await api(
    request,
    await apiToken(request, accounts.ungAdmin.email),
    'GET',
    `/api/user/${foreign.userid}`,
  );
  expect(direct.status).toBe(404);
});

test('password reset: the e-mailed link sets a new password', async ({ page, request }) => {
  const noc = await apiToken(request, accounts.noc.email);
  const email = `e2e.reset.${Date.now()}@northgate.example`;
  const customers = await api<{ results: { customerid: number; code: string }[] }>(
    request,
    noc,
    'GET',
    '/api/customers?q=UNG',
  );
  const ung = customers.body.payload.results.find((c) => c.code === 'UNG')!.customerid;
  await api(request, noc, 'POST', '/api/users', {
    firstname: 'Reset',
    surname: 'Me',
    email,
    type: 5,
    customerid: ung,
    password: 'before-reset-1',
  });

  await page.goto('/login');
  await page.getByRole('link', { name: /Forgot/ }).click();
  await expect(page).toHaveURL(/\/passwordreset/);
  // The sign-in form, which also has an Email field, stays on screen until the reset page's code has
  // loaded: typing before its heading shows filled the old form, and the reset form came up empty.
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: /Send/ }).click();
  await expect(page.getByText(/reset link is on its way/)).toBeVisible();

  const outbox = await api<{ results: { recipient: string; body: string }[] }>(
    request,
    noc,
    'GET',
    '/api/outbox',
  );
  const mail = outbox.body.payload.results.find((m) => m.recipient === email)!;
  const link = mail.body.match(/http\S+#token=[\w-]+/)![0];
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('after-reset-22');
  await page.getByLabel('Confirm new password').fill('after-reset-22');
  await page.getByRole('button', { name: /Set|Save|Reset/ }).click();
  await expect(page.getByText(/You can sign in now|has been reset/).first()).toBeVisible();
  await signIn(page, email, 'after-reset-22');
});

test('strangers guessing a password lock out new browsers only; the NOC sees and clears the lock', async ({
  browser,
  request,
}) => {
  const noc = await apiToken(request, accounts.noc.email);
  const email = `e2e.throttle.${Date.now()}@northgate.example`;
  const customers = await api<{ results: { customerid: number; code: string }[] }>(
    request,
    noc,
    'GET',
    '/api/customers?q=UNG',
  );
  const ung = customers.body.payload.results.find((c) => c.code === 'UNG')!.customerid;
  const created = await api<{ user: { userid: number } }>(request, noc, 'POST', '/api/users', {
    firstname: 'Lee',
    surname: 'Guarded',
    email,
    type: 5,
    customerid: ung,
    password: 'guarded-password-1',
  });
  expect(created.status).toBe(201);

  // The owner's browser signs in once and so becomes known (an HttpOnly cookie scripts cannot read).
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, email, 'guarded-password-1');
  expect(await owner.evaluate(() => document.cookie)).toBe('');
  await signOut(owner);

  // Someone else guesses ten times (the API client is a browser the account has never seen).
  for (let i = 0; i < 10; i += 1) {
    const guess = await request.post('/api/login', { data: { email, password: `guess-${i}-password` } });
    expect(guess.status()).toBe(401);
  }

  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await stranger.goto('/login');
  await stranger.getByLabel('Email').fill(email);
  await stranger.getByRole('textbox', { name: 'Password', exact: true }).fill('guarded-password-1');
  await stranger.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    stranger.getByText('Too many sign-in attempts. Try again in 15 minutes.').first(),
  ).toBeVisible();
  await expect(stranger).toHaveURL(/\/login/);

  // The owner's own browser is not refused.
  await signIn(owner, email, 'guarded-password-1');

  const nocContext = await browser.newContext();
  const nocPage = await nocContext.newPage();
  await signIn(nocPage, accounts.noc.email);
  await nocPage.goto(`/user/${created.body.payload.user.userid}`);
  const panel = nocPage.getByRole('region', { name: 'Sign-in lock' });
  await expect(panel.getByText(/^Locked until /)).toBeVisible();
  await expect(panel).toContainText('10 failed sign-ins in the last 15 minutes');
  await panel.scrollIntoViewIfNeeded();
  await screenshot(nocPage, 'user-sign-in-lock');
  await panel.getByRole('button', { name: 'Clear sign-in lock' }).click();
  await expect(panel.getByText(/^Not locked\. No failed sign-ins/)).toBeVisible();

  await signIn(stranger, email, 'guarded-password-1');
  await Promise.all([ownerContext.close(), strangerContext.close(), nocContext.close()]);
});
