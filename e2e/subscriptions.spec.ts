import { subscriptionMessages } from '@lightpath/domain/subscriptions';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type AccountKey, accounts, api, apiToken, screenshot, signIn, signOut } from './fixtures';

type ServiceRow = { serviceid: string; customercode: string };
type SubscriptionRow = { serviceid: string };

const notificationsPath = '/services/service-notifications';

// A Northgate service in use that the account does not follow yet, found through the API as that
// account, so a rerun against the same data still has one to subscribe to.
async function unfollowedService(request: APIRequestContext, key: AccountKey): Promise<string> {
  const token = await apiToken(request, accounts[key].email);
  const me = await api<{ user: { userid: number } }>(request, token, 'GET', '/api/user/me');
  const own = await api<{ results: SubscriptionRow[] }>(
    request,
    token,
    'GET',
    `/api/notifications?limit=1000&userid=${me.body.payload.user.userid}`,
  );
  const followed = new Set(own.body.payload.results.map((s) => s.serviceid));
  const services = await api<{ results: ServiceRow[] }>(
    request,
    token,
    'GET',
    '/api/services?limit=200&q=UNG&sort=serviceid',
  );
  const service = services.body.payload.results.find(
    (s) => s.customercode === 'UNG' && !followed.has(s.serviceid),
  );
  expect(service, `a Northgate service ${key} does not follow`).toBeTruthy();
  return service!.serviceid;
}

function subscriptionRow(page: Page, serviceid: string, email: string) {
  return page.getByRole('row').filter({ hasText: serviceid }).filter({ hasText: email });
}

// decisions.md, "service notifications subscriptions": the NOC, engineering and both customer roles.
const roles = [
  { key: 'noc', shot: 'service-notifications-noc' },
  { key: 'eng', shot: 'service-notifications-engineer' },
  { key: 'ungAdmin', shot: 'service-notifications-customer-admin' },
  { key: 'ungUser', shot: 'service-notifications-customer-user' },
] as const;

test.describe('service notifications', () => {
  for (const { key, shot } of roles) {
    test(`${key} subscribes to a service and unsubscribes, and both last after a reload`, async ({
      page,
      request,
    }) => {
      const { email } = accounts[key];
      const serviceid = await unfollowedService(request, key);

      await signIn(page, email);
      await page.goto(notificationsPath);
      await expect(page.getByRole('heading', { name: 'Service Notifications' })).toBeVisible();
      await expect(page.getByRole('table')).toBeVisible();
      await screenshot(page, shot);

      await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Subscribe to service notifications' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('combobox', { name: 'Service', exact: true }).fill(serviceid);
      await page.getByRole('option', { name: new RegExp(`^${serviceid} `) }).click();
      if (key === 'noc') await screenshot(page, 'service-notifications-subscribe');
      await dialog.getByRole('button', { name: 'Subscribe', exact: true }).click();
      await expect(page.getByText(subscriptionMessages.created)).toBeVisible();
      await expect(dialog).toBeHidden();

      await page.getByRole('searchbox', { name: 'Search subscriptions' }).fill(serviceid);
      await expect(subscriptionRow(page, serviceid, email)).toHaveCount(1);
      await page.reload();
      await expect(subscriptionRow(page, serviceid, email)).toHaveCount(1);

      await subscriptionRow(page, serviceid, email)
        .getByRole('button', { name: /^Unsubscribe / })
        .click();
      const confirm = page.getByRole('dialog', { name: 'Unsubscribe', exact: true });
      await confirm.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
      await expect(page.getByText(subscriptionMessages.deleted)).toBeVisible();
      await expect(subscriptionRow(page, serviceid, email)).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('searchbox', { name: 'Search subscriptions' })).toHaveValue(serviceid);
      await expect(subscriptionRow(page, serviceid, email)).toHaveCount(0);
    });
  }

  test("a customer never sees another customer's services or subscriptions", async ({ page, request }) => {
    const noc = await apiToken(request, accounts.noc.email);
    const ebh = await api<{ results: ServiceRow[] }>(request, noc, 'GET', '/api/services?limit=5&q=EBH');
    const foreign = ebh.body.payload.results.find((s) => s.customercode === 'EBH')!;
    expect(foreign).toBeTruthy();

    for (const key of ['ungAdmin', 'ungUser'] as const) {
      await signIn(page, accounts[key].email);
      await page.goto(notificationsPath);
      const table = page.getByRole('table');
      await expect(table.getByRole('link', { name: /^UNG\d{10}[A-Z]$/ }).first()).toBeVisible();
      await expect(table.getByRole('link', { name: /^EBH/ })).toHaveCount(0);

      await page.getByRole('searchbox', { name: 'Search subscriptions' }).fill(foreign.serviceid);
      await expect(page.getByText('No subscriptions match this search')).toBeVisible();

      await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Subscribe to service notifications' });
      await dialog.getByRole('combobox', { name: 'Service', exact: true }).fill(foreign.serviceid);
      await expect(page.getByText('No matching service')).toBeVisible();
      await expect(page.getByRole('option', { name: new RegExp(foreign.serviceid) })).toHaveCount(0);
      // The open drop-down may cover the buttons; leaving the field closes it.
      await dialog.getByText('The subscriber is told about every event').click();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await signOut(page);
    }
  });
});
