// Issue 3's browser budget: the NOC's dashboard, data loaded and painted, in under 2 s in headless
// Chromium on the national data set. Each run is a fresh browser context (cold HTTP cache, as on a
// first visit of the day) holding a remembered session, so the time is the dashboard's and not the
// sign-in's.
import { chromium, type Page } from '@playwright/test';

export const dashboardBudgetMs = 2000;

export type DashboardTiming = { runs: number[]; medianMs: number; worstMs: number; budgetMs: number };

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

type PageUnderTest = {
  path: string;
  // Resolves once the page shows its data (before the no-skeleton check).
  shown: (page: Page) => Promise<void>;
  budgetMs: number;
};

// One page, loaded and painted: each run a fresh browser context (cold HTTP cache) holding a
// remembered session, timed from navigation until the data shows, no skeleton or loader is left, and
// two animation frames have passed.
async function measurePaint(
  base: string,
  token: string,
  target: PageUnderTest,
  runs: number,
): Promise<DashboardTiming> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  const timings: number[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({
        viewport: { width: 1440, height: 900 },
        storageState: {
          cookies: [],
          origins: [{ origin: base, localStorage: [{ name: 'lightpath.token', value: token }] }],
        },
      });
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${base}${target.path}`);
      await target.shown(page);
      await page.waitForFunction(
        () =>
          document.querySelectorAll('main .mantine-Skeleton-root, main .mantine-Loader-root').length === 0,
        undefined,
        { timeout: 30_000, polling: 'raf' },
      );
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
      );
      timings.push(performance.now() - started);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const sorted = [...timings].sort((a, b) => a - b);
  return {
    runs: timings.map(Math.round),
    medianMs: Math.round(sorted[Math.floor(sorted.length / 2)]!),
    worstMs: Math.round(sorted[sorted.length - 1]!),
    budgetMs: target.budgetMs,
  };
}

// The NOC's dashboard: loaded when the status cards show their figures.
export function measureDashboard(base: string, token: string, runs = 5) {
  return measurePaint(
    base,
    token,
    {
      path: '/',
      shown: (page) =>
        page.getByRole('region', { name: 'Services' }).getByText(/\d/).first().waitFor({ timeout: 30_000 }),
      budgetMs: dashboardBudgetMs,
    },
    runs,
  );
}

// Issue 14: a 200-port shelf's page (shelf 1, the first PoP's router) with its cards, ports and alarms,
// loaded when the ports table shows its first page (50 of 200 ports).
export const shelfPageBudgetMs = 1500;
export function measureShelfPage(base: string, token: string, runs = 5) {
  return measurePaint(
    base,
    token,
    {
      path: '/equipment/shelf/1',
      shown: (page) => page.getByText('Showing 1–50 of 200 ports').waitFor({ timeout: 30_000 }),
      budgetMs: shelfPageBudgetMs,
    },
    runs,
  );
}
