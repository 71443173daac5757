import { appendFileSync } from 'node:fs';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type NavAction, sidebarFor } from '@lightpath/domain/navigation';
import { can, type Permission } from '@lightpath/domain/permissions';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { type AccountKey, accounts, api, apiToken, openSidebarLink, screenshot, signIn } from './fixtures';

// Decision 015: every page each role's menu offers, plus a detail page of each kind, is checked by
// axe-core against WCAG 2.2 AA in the light and the dark theme. One signed-in page per role keeps the
// run short; the scheme is switched by emulating the system setting, which the app follows.
const axeOptions = {
  // Only violations carry their nodes back: passes on a long table are most of axe's time.
  resultTypes: ['violations' as const],
  runOnly: { type: 'tag' as const, values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
  // Two checks outside the WCAG tags that the house rules ask for: one level-one heading per page,
  // and a visible label that is part of the accessible name (WCAG 2.5.3, still 'experimental' in axe).
  rules: { 'page-has-heading-one': { enabled: true }, 'label-content-name-mismatch': { enabled: true } },
};
const schemes = ['light', 'dark'] as const;
type Scheme = (typeof schemes)[number];

type NavActor = Parameters<typeof sidebarFor>[0];

// One account per role: a second customer's administrator (ebhAdmin) sees the same pages as ungAdmin
// with other rows in them, which changes nothing axe checks, so it is left out to keep CI in budget.
const roles: { key: AccountKey; actor: NavActor }[] = [
  { key: 'noc', actor: { type: 1, companyAdmin: true, chameleon: 1 } },
  { key: 'tech', actor: { type: 2, companyAdmin: false, chameleon: 0 } },
  { key: 'eng', actor: { type: 3, companyAdmin: false, chameleon: 0 } },
  { key: 'ungAdmin', actor: { type: 4, companyAdmin: true, chameleon: 0 } },
  { key: 'ungUser', actor: { type: 5, companyAdmin: false, chameleon: 0 } },
];

// Detail pages are reached through the first link of their kind on the lists the role can see.
const detailKinds = [
  /^\/service\/[^/]+$/,
  /^\/site\/[^/]+$/,
  /^\/event\/[^/]+$/,
  /^\/ticket\/[^/]+$/,
  /^\/equipment\/shelf\/\d+$/,
  // A job's page: the newest of the demo's finished jobs (an uptime with its result table and output)
  // when the run has made none before this audit.
  /^\/jobs\/\d+$/,
];

// The sidebar's actions that open a wizard or a dialog (Update Equipment opens Update Shelf), each
// checked open, once, by the first role that has it; the page under the wizard was checked already.
const wizardTargets: Partial<Record<NavAction, string>> = {
  'new-service': '/services',
  'new-site': '/sites',
  'site-access': '/sites',
  'site-checkin': '/checkins',
  'new-event': '/events',
  'new-ticket': '/tickets',
  'update-equipment': '/equipment',
};
const wizardsChecked = new Set<NavAction>();

// Dialogs a page opens with a button of its own rather than a sidebar action, each checked once, by the
// first role that may open it, like the wizards. `open` is the click; without it the path opens it.
const pageDialogs: { path: string; permission: Permission; open?: (page: Page) => Promise<unknown> }[] = [
  { path: '/equipment/inventory?action=new-part', permission: 'equipment.manage' },
  { path: '/colocation/rackspaces?action=new-rack-space', permission: 'colocation.manage' },
  { path: '/colocation/crossconnects?action=new-cross-connect', permission: 'colocation.manage' },
  { path: '/documentation/invoices?action=new-invoice', permission: 'invoices.manage' },
  {
    // An edit opens with the ends already chosen, so the B-end picker and its panels are on screen.
    path: '/colocation/crossconnects',
    permission: 'colocation.manage',
    open: (page) =>
      page
        .getByRole('button', { name: /^Edit cross-connect / })
        .first()
        .click(),
  },
  { path: '/equipment?action=new-shelf', permission: 'equipment.manage' },
  {
    // The port view of a PoP router's port that carries a service (its telemetry is simulated).
    path: '/equipment?q=S0006pe',
    permission: 'equipment.view',
    open: async (page) => {
      await page.getByRole('link', { name: 'S0006pe' }).click();
      await page.getByRole('button', { name: 'Open port xe-1-0-5' }).click();
    },
  },
  {
    path: '/equipment/inventory',
    permission: 'spareparts.record',
    open: (page) =>
      page
        .getByRole('button', { name: /^Take \/ return / })
        .first()
        .click(),
  },
  {
    // The Run operation dialog on a ticked shelf.
    path: '/equipment?q=S0006pe',
    permission: 'jobs.manage',
    open: async (page) => {
      await page.getByRole('checkbox', { name: 'Select S0006pe' }).check();
      await page.getByRole('button', { name: 'Run operation (1)' }).click();
    },
  },
  {
    // An audit entry's details: what the write recorded.
    path: '/audit-log',
    permission: 'audit.view',
    open: (page) =>
      page
        .getByRole('button', { name: /^Details of / })
        .first()
        .click(),
  },
  {
    path: '/equipment/zabbix-triggers?q=PoP',
    permission: 'equipment.manage',
    open: (page) =>
      page
        .getByRole('button', { name: /^Mute / })
        .first()
        .click(),
  },
];
const pageDialogsChecked = new Set<string>();

function menuActions(actor: NavActor): NavAction[] {
  return sidebarFor(actor).flatMap((entry) =>
    'children' in entry ? entry.children.flatMap((leaf) => ('action' in leaf ? [leaf.action] : [])) : [],
  );
}

function menuRoutes(actor: NavActor): string[] {
  const paths = new Set<string>();
  for (const entry of sidebarFor(actor)) {
    if ('to' in entry) paths.add(entry.to);
    else for (const leaf of entry.children) if ('to' in leaf) paths.add(leaf.to);
  }
  paths.add('/user/me');
  return [...paths];
}

type Finding = { role: string; scheme: string; path: string; rule: string; nodes: number; sample: string };

// Waits until the page has drawn its data: no skeletons, loaders or busy regions left in the main area.
async function settle(page: Page) {
  await expect(page.getByRole('main')).toBeVisible();
  // A list keeps its previous rows, faded, while the next page of them loads.
  await page.waitForTimeout(200);
  await expect(
    page.locator(
      'main .mantine-Skeleton-root, main .mantine-Loader-root, main [aria-busy="true"], .leaflet-tooltip:empty',
    ),
  ).toHaveCount(0, { timeout: 15_000 });
  await page.waitForTimeout(200);
}

// The figures for decision 015: every finding, one JSON line each, whichever test fails.
const findingsFile = resolve(import.meta.dirname, '../test-results/accessibility-findings.jsonl');
// One line a finding, so that a failure's message names the page, rule and nodes even where only the
// tail of a run's output is kept (scripts/test.mjs prints the start of each failure's message again).
function describeFinding(f: Finding) {
  return `${f.role} ${f.scheme} ${f.path} ${f.rule} x${f.nodes}: ${f.sample}`;
}

function record(found: Finding[]) {
  for (const f of found) appendFileSync(findingsFile, `${JSON.stringify(f)}\n`);
}

// Only contrast depends on the scheme, so the dark pass runs that rule alone. The header and sidebar
// are the same on every page: they are checked on a role's first page and left out after that.
type Part = { withShell: boolean; dialogOnly: boolean };

async function audit(page: Page, role: string, path: string, scheme: Scheme, part: Part) {
  // Legacy mode runs axe.run in the page itself, twice as fast as the default, which runs axe in every
  // frame and merges the results in a fresh blank page. It does not look inside frames, so a page that
  // has one (the e-mail previews of the wizards' later steps) gets the default.
  const framed = (await page.locator('iframe').count()) > 0;
  let builder = new AxeBuilder({ page })
    .setLegacyMode(!framed)
    .options(
      scheme === 'light'
        ? axeOptions
        : { resultTypes: ['violations'], runOnly: { type: 'rule', values: ['color-contrast'] } },
    );
  if (!part.withShell) builder = builder.exclude('header').exclude('nav');
  // With a wizard or dialog open, the dialog: the page under its overlay was checked on its own.
  if (part.dialogOnly) builder = builder.include('[role="dialog"]');
  const { violations } = await builder.analyze();
  return violations.map(
    (v): Finding => ({
      role,
      scheme,
      path,
      rule: v.id,
      nodes: v.nodes.length,
      sample: v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
        .join(' | '),
    }),
  );
}

async function auditBoth(page: Page, role: string, path: string, part: Part) {
  const found: Finding[] = [];
  // Hover colours would be read for whatever the pointer last rested on, so it moves away first.
  await page.mouse.move(0, 0);
  for (const scheme of schemes) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    found.push(...(await audit(page, role, path, scheme, part)));
  }
  record(found);
  return found;
}

// Moves inside the single-page app as a link would, without reloading it: React Router follows popstate.
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname + url.search === path);
}

// On a scheme switch some backgrounds fade (Mantine's 150 ms background-color transitions, e.g. a
// separated accordion item) while text changes at once: axe once read dark text on a light background
// still mid-fade (1.05:1). The audit is of the settled page, so transitions are switched off in it.
const settledStyles = '*, *::before, *::after { transition: none !important; }';

async function signedInPage(browser: Browser, key: AccountKey) {
  const context = await browser.newContext({ colorScheme: 'light' });
  const page = await context.newPage();
  await signIn(page, accounts[key].email);
  await page.addStyleTag({ content: settledStyles });
  return page;
}

// A failure screenshot would show only the last page audited; the findings say what is wrong. (No
// test records a trace: playwright.config.ts.)
test.use({ screenshot: 'off' });

test.describe('accessibility (axe, WCAG 2.2 AA, light and dark)', () => {
  test('the sign-in page', async ({ page }) => {
    await page.goto('/login');
    await page.addStyleTag({ content: settledStyles });
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    const found = await auditBoth(page, 'public', '/login', { withShell: true, dialogOnly: false });
    expect(found.map(describeFinding)).toEqual([]);
  });

  test('the Letter of Authorisation check page, valid and unknown, with no session', async ({
    page,
    request,
  }) => {
    // A letter for one of the university's cross-connects whose racks have no end date.
    const token = await apiToken(request, accounts.ungAdmin.email);
    const { body } = await api<{
      results: { crossconnectid: number; aendenddate: null | number; bendenddate: null | number }[];
    }>(request, token, 'GET', '/api/crossconnects?limit=100');
    const open = body.payload.results.find((x) => x.aendenddate === null && x.bendenddate === null)!;
    const letter = await request.get(`/api/crossconnect/${open.crossconnectid}/loa`, {
      headers: { 'x-auth-token': token },
    });
    const link = /\/URI \((http[^)]+)\)/.exec((await letter.body()).toString('latin1'))![1]!;
    for (const [path, answer] of [
      [new URL(link).pathname, 'Valid'],
      ['/loa/verify/not-a-letter', 'Unknown'],
    ] as const) {
      await page.goto(path);
      await page.addStyleTag({ content: settledStyles });
      await expect(page.getByTestId('loa-status')).toHaveText(answer);
      const found = await auditBoth(page, 'public', path.slice(0, 24), {
        withShell: true,
        dialogOnly: false,
      });
      expect(found.map(describeFinding)).toEqual([]);
    }
  });

  test('the profile menu switches between the system setting, light and dark, and keeps the choice', async ({
    browser,
  }) => {
    const page = await signedInPage(browser, 'ungUser');
    const html = page.locator('html');
    const choose = async (name: string) => {
      await page.getByRole('button', { name: /Profile menu/ }).click();
      await page.getByRole('menuitemradio', { name }).click();
      await expect(page.getByRole('menuitemradio', { name })).toHaveAttribute('aria-checked', 'true');
      await page.keyboard.press('Escape');
    };
    // Follows the system by default, both ways.
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await choose('Dark');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.reload();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await screenshot(page, 'dashboard-dark');
    await choose('Follow system');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.context().close();
  });

  test('Escape closes a wizard and gives the focus back to the link that opened it', async ({ browser }) => {
    const page = await signedInPage(browser, 'noc');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const opener = nav.getByRole('link', { name: 'New Ticket' });
    await openSidebarLink(page, 'Support', 'New Ticket');
    const dialog = page.getByRole('dialog', { name: 'Create New Ticket' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close dialog' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
    await page.context().close();
  });

  for (const role of roles) {
    test(`every page of ${role.key}`, async ({ browser }) => {
      test.setTimeout(600_000);
      const page = await signedInPage(browser, role.key);
      const found: Finding[] = [];
      const details = new Map<RegExp, string>();
      const routes = menuRoutes(role.actor);
      const firstPath = routes[0];
      const visit = async (path: string) => {
        await navigate(page, path);
        await settle(page);
        found.push(
          ...(await auditBoth(page, role.key, path, { withShell: path === firstPath, dialogOnly: false })),
        );
      };
      for (const path of routes) {
        await visit(path);
        const hrefs = await page
          .locator('main a[href^="/"]')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
        for (const kind of detailKinds) {
          const href = hrefs.find((h) => kind.test(h));
          if (href && !details.has(kind)) details.set(kind, href);
        }
      }
      for (const href of details.values()) await visit(href);
      // The service report with a service chosen (the sidebar opens it empty): the role's first service.
      const service = details.get(detailKinds[0]!);
      if (service && can(role.actor, 'reports.view'))
        await visit(`/documentation/service-report?service=${service.slice('/service/'.length)}`);
      // Opens a dialog, waits until it is fully in, audits it and closes it again.
      const auditDialog = async (path: string, open?: (page: Page) => Promise<unknown>) => {
        await navigate(page, path);
        if (open) {
          await settle(page);
          await open(page);
        }
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await expect(dialog.locator('.mantine-Loader-root, .mantine-Skeleton-root')).toHaveCount(0);
        // Opacity is not part of 'visible': the audit waits until the dialog is fully in.
        await expect(dialog).toHaveCSS('opacity', '1');
        const label = open ? `${path} (${await dialog.getAttribute('aria-labelledby')})` : path;
        found.push(...(await auditBoth(page, role.key, label, { withShell: false, dialogOnly: true })));
        // The first Escape may only close an open dropdown inside the wizard. A limit of its own: toPass
        // has none by default, and a dialog that never closes would hold the walk to its 10 minutes.
        await expect(async () => {
          await page.keyboard.press('Escape');
          await expect(dialog).toHaveCount(0, { timeout: 1_000 });
        }).toPass({ timeout: 15_000 });
      };
      for (const action of menuActions(role.actor)) {
        const target = wizardTargets[action];
        if (!target || wizardsChecked.has(action)) continue;
        wizardsChecked.add(action);
        await auditDialog(`${target}?action=${action}`);
      }
      for (const dialog of pageDialogs) {
        const key = `${dialog.path} ${dialog.permission}`;
        if (!can(role.actor, dialog.permission) || pageDialogsChecked.has(key)) continue;
        pageDialogsChecked.add(key);
        await auditDialog(dialog.path, dialog.open);
      }
      await page.context().close();
      expect(found.map(describeFinding)).toEqual([]);
    });
  }
});
