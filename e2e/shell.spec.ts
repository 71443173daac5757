import { sidebarFor } from '@lightpath/domain/navigation';
import { expect, type Page, test } from '@playwright/test';
import { type AccountKey, accounts, openSidebarLink, screenshot, signIn, signOut } from './fixtures';

// What spec 2.4 shows at the top level of the sidebar, for each demo account.
const roles: {
  key: AccountKey;
  actor: Parameters<typeof sidebarFor>[0];
  mustHave: string[];
  mustNotHave: string[];
}[] = [
  {
    key: 'noc',
    actor: { type: 1, companyAdmin: true, chameleon: 1 },
    mustHave: ['Dashboard', 'Customers', 'Network Map', 'AWX Jobs', 'Equipment', 'Administration'],
    mustNotHave: ['Job Tickets', 'Network Alert Map'],
  },
  {
    key: 'tech',
    actor: { type: 2, companyAdmin: false, chameleon: 0 },
    mustHave: ['Job Tickets', 'Sites', 'Equipment', 'FAQ & Knowledge Base'],
    mustNotHave: ['Dashboard', 'Services', 'Customers', 'Events', 'Administration'],
  },
  {
    key: 'eng',
    actor: { type: 3, companyAdmin: false, chameleon: 0 },
    mustHave: ['Dashboard', 'Equipment', 'AWX Jobs', 'Network Alert Map'],
    mustNotHave: ['Customers', 'Administration'],
  },
  {
    key: 'ungAdmin',
    actor: { type: 4, companyAdmin: true, chameleon: 0 },
    mustHave: ['Dashboard', 'Services', 'Sites', 'Contacts', 'Administration'],
    mustNotHave: ['Customers', 'Equipment', 'AWX Jobs', 'Job Tickets'],
  },
  {
    key: 'ungUser',
    actor: { type: 5, companyAdmin: false, chameleon: 0 },
    mustHave: ['Dashboard', 'Services', 'Sites', 'Administration'],
    mustNotHave: ['Customers', 'Equipment', 'AWX Jobs'],
  },
  {
    key: 'ebhAdmin',
    actor: { type: 4, companyAdmin: true, chameleon: 0 },
    mustHave: ['Dashboard', 'Services', 'Administration'],
    mustNotHave: ['Customers', 'Equipment'],
  },
];

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function topLevelLabels(page: Page) {
  return sidebar(page)
    .locator(':scope > a, :scope > button, :scope > div > a, :scope > div > button')
    .evaluateAll((items) =>
      items
        .map((item) => item.querySelector('.mantine-NavLink-label')?.textContent?.trim() ?? '')
        .filter(Boolean),
    );
}

for (const role of roles) {
  test(`${role.key} signs in and sees the sidebar of spec 2.4`, async ({ page }) => {
    const account = accounts[role.key];
    await signIn(page, account.email);
    await expect(page).toHaveTitle(/Lightpath/);
    await expect(page.getByRole('main')).toContainText(/Good (morning|afternoon|evening)/);
    await screenshot(page, `dashboard-${role.key}`);
    const expected = sidebarFor(role.actor).map((entry) => entry.label);
    expect(await topLevelLabels(page)).toEqual(expected);
    for (const label of role.mustHave) expect(expected).toContain(label);
    for (const label of role.mustNotHave) expect(expected).not.toContain(label);

    // Every group opens to the children the spec lists.
    for (const entry of sidebarFor(role.actor)) {
      if (!('children' in entry)) continue;
      const group = sidebar(page).getByRole('button', { name: entry.label, exact: true });
      if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
      await expect(group).toHaveAttribute('aria-expanded', 'true');
      for (const child of entry.children) {
        await expect(sidebar(page).getByText(child.label, { exact: true }).first()).toBeVisible();
      }
    }
    await signOut(page);
    // Signed out means signed out: the dashboard sends us back to the sign-in page.
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
  });
}

test('every page of the shell has its own title and unknown paths show the 404 page', async ({ page }) => {
  await signIn(page, accounts.noc.email);
  await sidebar(page).getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page).toHaveTitle(/^Customers · Lightpath$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/no/such/page');
  await expect(page.getByText('Page not found').first()).toBeVisible();
});

test('the layout works on a phone: the menu opens from the burger and the phone number is a call button', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, accounts.tech.email);
  await expect(page.getByRole('banner').locator('a[href^="tel:"]:visible')).toHaveCount(1);
  // The closed navbar sits off-screen until the burger opens it.
  const jobTickets = sidebar(page).getByText('Job Tickets');
  await expect(jobTickets).not.toBeInViewport();
  await page.getByRole('button', { name: /navigation/i }).click();
  await expect(jobTickets).toBeInViewport();
  await screenshot(page, 'phone-tech');
});

test('the NOC lists users and customers; a customer admin sees only their own company', async ({ page }) => {
  await signIn(page, accounts.noc.email);
  await page.goto('/users');
  await expect(page).toHaveTitle(/^Users · Lightpath$/);
  await screenshot(page, 'users-noc');
  await page.getByPlaceholder('Search by name or email').fill('Jordan Price');
  await expect(page.getByText(accounts.ebhAdmin.email)).toBeVisible();
  await page.goto('/customers');
  await expect(page.getByText('University of Northgate').first()).toBeVisible();
  await expect(page.getByText('Eastbrook Health').first()).toBeVisible();
  await screenshot(page, 'customers-noc');
  await signOut(page);

  await signIn(page, accounts.ungAdmin.email);
  await page.goto('/users');
  await expect(page.getByText(accounts.ungUser.email)).toBeVisible();
  await expect(page.getByText(/eastbrook/i)).toHaveCount(0);
  await expect(page.getByText(/meridian\.example/)).toHaveCount(0);
  await screenshot(page, 'users-ung-admin');
  await page.goto('/company-settings');
  await expect(page.getByRole('heading', { name: 'Company Settings' })).toBeVisible();
  await expect(page).toHaveTitle(/Company Settings/);
  await screenshot(page, 'company-settings-ung-admin');
});

// A list's controls turn the URL from what the page shows. While the router rendered a URL change as a
// transition, a slow page still showed the old order when the next click came: the second click on a
// sort header repeated the first sort, and a sort chosen right after a period dropped the period. The
// CPU is slowed sixfold (every rate from 4x failed before use-list-params.ts rendered changes at once).
test('list controls clicked back to back on a slow page each build on the last', async ({ page }) => {
  await signIn(page, accounts.noc.email);
  const cdp = await page.context().newCDPSession(page);
  await page.goto('/equipment');
  await expect(page.getByRole('table')).toBeVisible();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  const alarms = page.getByRole('button', { name: /^Alarms/ });
  await alarms.click();
  await alarms.click();
  await expect(page).toHaveURL(/[?&]sort=-alarms(&|$)/);

  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.goto('/documentation/sla-reports');
  await expect(page.getByRole('heading', { name: /^All customers · / })).toBeVisible();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Last 12 months' }).click();
  await page.getByRole('button', { name: /Downtime \(min\)/ }).click();
  await expect(page).toHaveURL(/[?&]sort=downtime(&|$)/);
  await expect(page).toHaveURL(/[?&]from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d/);
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('Last 12 months');
});

// A page's chunk that fails to load is fetched again, and when it fails again (a deploy renamed it) the
// app reloads once; before, React's lazy() kept the failure and the page stayed broken in that tab.
test('a page whose code fails to load recovers, by a second fetch or one reload', async ({ page }) => {
  await signIn(page, accounts.noc.email);
  const failures = { faq: 0, audit: 0 };
  await page.route(/\/assets\/(faq-page|audit-log-page)-[^/]+\.js$/, (route) => {
    const key = route.request().url().includes('/faq-page-') ? 'faq' : 'audit';
    if (failures[key] === 0) return route.continue();
    failures[key] -= 1;
    return route.abort('connectionreset');
  });
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });

  // Fails once: the second fetch brings it, without a reload.
  failures.faq = 1;
  await openSidebarLink(page, 'Support', 'FAQ');
  await expect(page).toHaveURL(/\/customer-faq$/);
  await expect(page.getByRole('heading', { level: 1, name: 'FAQ & Knowledge Base' })).toBeVisible();
  expect(failures.faq).toBe(0);
  expect(loads).toBe(0);

  // Fails twice, as after a deploy: the app reloads once and the page opens.
  failures.audit = 2;
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
  loads = 0;
  await page.evaluate(() => {
    window.history.pushState({}, '', '/audit-log');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  expect(failures.audit).toBe(0);
  expect(loads).toBe(1);
});
