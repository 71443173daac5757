// The browser budget: the NOC's dashboard, data loaded and painted, in under 1 s (issue 18; issue 3
// asked for 2 s) in headless Chromium on the national data set. Each run is a fresh browser context (cold HTTP cache, as on a
// first visit of the day) holding a remembered session, so the time is the dashboard's and not the
// sign-in's. The time is taken in the page, at the first frame painted after the data shows
// (docs/decisions/052): Playwright's own polling for the same condition noticed it 60-120 ms late and
// loaded the page's main thread while it waited.
import { chromium, type Page } from '@playwright/test';

export const dashboardBudgetMs = 1000;

type Timing = { runs: number[]; medianMs: number; worstMs: number };
// Cold: a first visit (new browser profile, nothing cached). Warm: a returning visit, the way a NOC
// shift opens it every day: the hashed assets come from the HTTP cache (they are served immutable)
// with V8's code cache, and only the API is asked again. The budget is judged on the cold figures.
export type DashboardTiming = Timing & { budgetMs: number; warm: Timing };

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
  // A script expression, true in the page once it shows its data (before the no-skeleton check).
  shown: string;
  budgetMs: number;
};

// Installed before the page's own scripts: checks at every animation frame whether the page shows its
// data and has no skeleton or loader left in its main area, and then resolves, one frame later (the
// frame that paints it), with the milliseconds since the navigation started.
const paintedProbe = (shown: string) => `window.__lightpathPainted = new Promise((resolve) => {
  const check = () => {
    const main = document.querySelector('main');
    const ready = main !== null && (${shown}) &&
      main.querySelectorAll('.mantine-Skeleton-root, .mantine-Loader-root').length === 0;
    requestAnimationFrame(ready ? () => resolve(performance.now()) : check);
  };
  requestAnimationFrame(check);
});`;

// One page, loaded and painted: each cold run a fresh browser context (cold HTTP cache) holding a
// remembered session, timed in the page from the navigation's start to the frame that paints its data
// with no skeleton or loader left; then the warm runs, reloads in one context after a first visit.
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
  const newContext = async () => {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      storageState: {
        cookies: [],
        origins: [{ origin: base, localStorage: [{ name: 'lightpath.token', value: token }] }],
      },
    });
    await context.addInitScript({ content: paintedProbe(target.shown) });
    return context;
  };
  const visit = async (page: Page) => {
    await page.goto(`${base}${target.path}`, { waitUntil: 'commit' });
    const painted = page.evaluate(
      () => (window as unknown as { __lightpathPainted?: Promise<number> }).__lightpathPainted,
    );
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${target.path} showed no data within 30 s`)), 30_000).unref(),
    );
    const ms = await Promise.race([painted, timeout]);
    if (typeof ms !== 'number') throw new Error(`${target.path}: the paint probe was not installed`);
    return ms;
  };
  const cold: number[] = [];
  const warm: number[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await newContext();
      cold.push(await visit(await context.newPage()));
      await context.close();
    }
    const context = await newContext();
    const page = await context.newPage();
    // Two visits first: V8 keeps compiled code for a script from its second load on.
    for (let run = 0; run < runs + 2; run += 1) {
      const ms = await visit(page);
      if (run >= 2) warm.push(ms);
      await page.goto('about:blank');
    }
    await context.close();
  } finally {
    await browser.close();
  }
  return { ...summarise(cold), budgetMs: target.budgetMs, warm: summarise(warm) };
}

function summarise(timings: number[]): Timing {
  const sorted = [...timings].sort((a, b) => a - b);
  return {
    runs: timings.map(Math.round),
    medianMs: Math.round(sorted[Math.floor(sorted.length / 2)]!),
    worstMs: Math.round(sorted[sorted.length - 1]!),
  };
}

// The NOC's dashboard: loaded when the status cards show their figures.
export function measureDashboard(base: string, token: string, runs = 5) {
  return measurePaint(
    base,
    token,
    {
      path: '/',
      shown: `/\\d/.test(main.querySelector('section[aria-label="Services"]')?.textContent ?? '')`,
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
      shown: `main.textContent.includes('Showing 1–50 of 200 ports')`,
      budgetMs: shelfPageBudgetMs,
    },
    runs,
  );
}
