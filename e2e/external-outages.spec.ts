import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { signIn as apiSignIn, blackHole, call, type Portal, startPortal } from '../scripts/faults/portal';
import { accounts, expectAccessible, screenshot, signIn } from './fixtures';

// Issue 19's fault "a slow or dead external system", seen in the browser: a portal of its own (the built
// server on a fresh embedded database with the demo data) whose Prometheus, Zabbix, NetBox, Zendesk, AWX
// and SMTP are all a black hole, a port that takes connections and never answers. Each page that shows
// one of those systems' data still loads, says in words where that data would be, and says it within
// the system's timeout plus a margin, not after retries. The API side (every such call a 502 in the
// envelope within its timeout, hung or refused) is apps/server/src/integrations/external-down.postgres.test.ts.

const timeoutMs = 2000;
// The browser's own work on a busy two-core machine.
const marginMs = 1500;
// A page is told within its system's timeout, and one retry of a 502 would need another whole one. The
// first page that meets a dead system may wait two: over HTTP/1.1 a browser opens six connections to
// the portal, and the service page's calls beyond six wait for one of the first to time out (behind a
// proxy speaking HTTP/2 they would not). Once a call has found the system not answering, the others
// fail at once for EXTERNAL_PAUSE_AFTER_FAILURE_MS (10 s here): the next page is told at once.
const withinMs = timeoutMs + marginMs;
const firstPageWithinMs = 2 * timeoutMs + marginMs;

let portal: Portal;
let hole: Awaited<ReturnType<typeof blackHole>>;
let dataDir: string;
let serviceid: string;
let otherServiceid: string;
let equipmentid: number;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  hole = await blackHole();
  const origin = `http://127.0.0.1:${hole.port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'lightpath-outage-'));
  portal = await startPortal('portal with every external system down', {
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    NODE_ENV: 'development',
    PROMETHEUS_URL: origin,
    ZABBIX_URL: `${origin}/api_jsonrpc.php`,
    ZABBIX_USERNAME: 'portal',
    ZABBIX_PASSWORD: 'portal',
    NETBOX_URL: origin,
    NETBOX_TOKEN: 'outage',
    ZENDESK_URL: origin,
    ZENDESK_EMAIL: 'portal@example.org',
    ZENDESK_API_TOKEN: 'outage',
    AWX_URL: origin,
    AWX_TOKEN: 'outage',
    SMTP_URL: `smtp://127.0.0.1:${hole.port}`,
    PROMETHEUS_TIMEOUT_MS: String(timeoutMs),
    ZABBIX_TIMEOUT_MS: String(timeoutMs),
    NETBOX_TIMEOUT_MS: String(timeoutMs),
    ZENDESK_TIMEOUT_MS: String(timeoutMs),
    AWX_TIMEOUT_MS: String(timeoutMs),
  });
  const token = await apiSignIn(portal.url, accounts.noc.email);
  const services = await call<{ results: { serviceid: string }[] }>(portal.url, 'GET', '/services?limit=2', {
    token,
  });
  serviceid = services.body?.payload?.results[0]?.serviceid ?? '';
  otherServiceid = services.body?.payload?.results[1]?.serviceid ?? '';
  const shelves = await call<{ results: { equipmentid: number }[] }>(portal.url, 'GET', '/shelves?limit=1', {
    token,
  });
  equipmentid = shelves.body?.payload?.results[0]?.equipmentid ?? 0;
  expect(serviceid).not.toBe('');
  expect(otherServiceid).not.toBe('');
  expect(equipmentid).toBeGreaterThan(0);
});

test.afterAll(async () => {
  await portal?.stop();
  hole?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

// A browser of its own pointed at this portal, not the suite's.
async function signedIn(browser: Browser, email: string) {
  const context = await browser.newContext({ baseURL: portal.url, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

// Opens a page and waits for every message. The time is from when the page shows its own heading (the
// portal's own data, which loads first): what a user waits, on top of an ordinary page, to be told.
async function openAndWaitFor(page: Page, path: string, messages: (string | RegExp)[]) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const started = Date.now();
  for (const message of messages) await expect(page.getByText(message).first()).toBeVisible();
  return Date.now() - started;
}

test('the NOC: each page still loads and says which system it cannot reach, within its timeout', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await signedIn(browser, accounts.noc.email);

  // Prometheus: the service page shows the service, its ends and patching; the telemetry boxes say so.
  const servicePage = await openAndWaitFor(page, `/service/${serviceid}`, [
    `An error occurred retrieving ${serviceid} status`,
    'An error occurred retrieving service traffic history',
    'Light levels are not available right now.',
    // NetBox: the service's third-party circuits.
    'Third-party circuits are not available right now.',
  ]);
  await expect(page.getByRole('heading', { name: serviceid, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Patching' })).toBeVisible();
  await screenshot(page, 'outage-service');
  await expectAccessible(page);
  expect(servicePage).toBeLessThanOrEqual(firstPageWithinMs);
  // The next service page, in the pause: every telemetry box says so at once.
  const nextServicePage = await openAndWaitFor(page, `/service/${otherServiceid}`, [
    `An error occurred retrieving ${otherServiceid} status`,
    'An error occurred retrieving service traffic history',
    'Light levels are not available right now.',
    'Third-party circuits are not available right now.',
  ]);
  expect(nextServicePage).toBeLessThanOrEqual(marginMs);

  // Zabbix: a shelf's page keeps its chassis, and its alarms (as Zabbix last reported them: here never)
  // are said to be out of date rather than read as a quiet shelf; so is the equipment list.
  const shelfPage = await openAndWaitFor(page, `/equipment/shelf/${equipmentid}`, [
    'Alarms may be out of date',
    /Zabbix is not answering \(last tried .*\), so no alarms could be read/,
  ]);
  await expect(page.getByRole('heading', { name: 'Chassis' })).toBeVisible();
  await screenshot(page, 'outage-shelf');
  await expectAccessible(page);
  expect(shelfPage).toBeLessThanOrEqual(withinMs);
  await openAndWaitFor(page, '/equipment', ['Alarms may be out of date']);

  // NetBox: the third-party circuits list.
  const thirdParty = await openAndWaitFor(page, '/services/thirdparty', [
    'An error occurred while talking to NetBox. Please try again.',
  ]);
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  expect(thirdParty).toBeLessThanOrEqual(withinMs);

  // Zendesk: the tickets list, with New ticket still offered.
  const tickets = await openAndWaitFor(page, '/tickets', [
    'An error occurred while talking to Zendesk. Please try again.',
  ]);
  await expect(page.getByRole('button', { name: 'New ticket' })).toBeVisible();
  expect(tickets).toBeLessThanOrEqual(withinMs);

  // Zabbix: finding a trigger to mute.
  // The clock starts once the field is there, as elsewhere once the page shows its heading: loading the
  // page is not part of the wait for Zabbix (the search's own 300 ms pause before it asks is).
  await page.goto(`/equipment/zabbix-triggers`);
  const searchField = page.getByLabel('Search triggers');
  await expect(searchField).toBeVisible();
  const searchStarted = Date.now();
  await searchField.fill('core');
  await expect(
    page.getByText('Zabbix cannot be reached right now. Try again in a minute.').first(),
  ).toBeVisible();
  expect(Date.now() - searchStarted).toBeLessThanOrEqual(withinMs);

  // AWX: a launch from the equipment list says AWX cannot be reached.
  await page.goto('/equipment');
  await page
    .getByRole('checkbox', { name: /^Select (?!every shelf)/ })
    .first()
    .check();
  await page.getByRole('button', { name: 'Run operation (1)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run operation' });
  await dialog.getByRole('combobox', { name: 'Operation' }).click();
  await page.getByRole('option', { name: 'Uptime', exact: true }).click();
  const launchStarted = Date.now();
  await dialog.getByRole('button', { name: 'Show Uptime on 1 device' }).click();
  await expect(
    page.getByText('AWX cannot be reached right now. Try again in a minute.').first(),
  ).toBeVisible();
  expect(Date.now() - launchStarted).toBeLessThanOrEqual(withinMs);
  await screenshot(page, 'outage-awx');

  // Administration → Integrations names every failing system with its last error.
  await page.goto(`/integrations`);
  for (const card of [/^Tickets/, /^NetBox/, /^Telemetry/, /^Zabbix/, /^AWX/])
    await expect(
      page.getByRole('region', { name: card }).getByText('Failing', { exact: true }),
    ).toBeVisible();
  await screenshot(page, 'outage-integrations');
});

test('a customer admin: the dashboard and a service page load with telemetry down', async ({ browser }) => {
  test.setTimeout(60_000);
  const page = await signedIn(browser, accounts.ungAdmin.email);
  await expect(page.getByRole('heading', { name: 'University of Northgate', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'All services' }).first().click();
  await page.getByRole('row').nth(1).getByRole('link').first().click();
  const started = Date.now();
  await expect(page.getByText(/An error occurred retrieving .* status/).first()).toBeVisible();
  expect(Date.now() - started).toBeLessThanOrEqual(withinMs);
  await screenshot(page, 'outage-service-customer');
});
