import { expect, test } from '@playwright/test';
import { accounts, api, apiToken, screenshot, signIn } from './fixtures';

// Issue 15: device operations as AWX jobs (the built-in simulator), the header's watched jobs, the jobs
// page and a job's page with its output and result.

test.describe('automation jobs', () => {
  test('an engineer runs Uptime on two shelves, watches it finish in the header and opens its output and result', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, accounts.eng.email);
    await api(request, token, 'DELETE', '/api/awx/watch');
    await signIn(page, accounts.eng.email);

    // Spec 4: an idle browser with an empty watch list makes no job requests, over longer than the
    // watch list's 10 s refresh.
    await page.goto('/equipment');
    await expect(page.getByRole('button', { name: 'Watched jobs', exact: true })).toBeVisible();
    const jobRequests: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/awx/')) jobRequests.push(r.url());
    });
    await page.waitForTimeout(12_500);
    expect(jobRequests).toEqual([]);

    const checkboxes = page.getByRole('checkbox', { name: /^Select (?!every shelf)/ });
    const first = ((await checkboxes.nth(0).getAttribute('aria-label')) ?? '').replace('Select ', '');
    const second = ((await checkboxes.nth(1).getAttribute('aria-label')) ?? '').replace('Select ', '');
    await checkboxes.nth(0).check();
    await checkboxes.nth(1).check();
    await page.getByRole('button', { name: 'Run operation (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run operation' });
    await expect(dialog.getByText(first)).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Operation' }).click();
    await page.getByRole('option', { name: 'Uptime', exact: true }).click();
    await screenshot(page, 'jobs-run-operation');
    await dialog.getByRole('button', { name: 'Show Uptime on 2 devices' }).click();
    const open = page.getByRole('link', { name: /^Open job \d+$/ });
    await expect(open).toBeVisible();
    const jobid = ((await open.textContent()) ?? '').replace('Open job ', '');
    await expect(dialog).toBeHidden();

    // The header's list has it, and shows it finished after a refresh (every 10 s while ongoing).
    await page.getByRole('button', { name: /^Watched jobs: 1 watched/ }).click();
    const row = page.getByTestId('watched-jobs').getByRole('link', { name: new RegExp(`#${jobid}`) });
    await expect(row).toBeVisible();
    await expect(row.getByText('Successful')).toBeVisible({ timeout: 25_000 });
    await screenshot(page, 'jobs-watched');
    await row.click();

    await expect(page).toHaveURL(new RegExp(`/jobs/${jobid}$`));
    await expect(page.getByRole('heading', { name: new RegExp(`^Job ${jobid}:`) })).toBeVisible();
    await expect(page.getByTestId('job-output')).toContainText(first);
    const result = page.getByTestId('job-result-table');
    await expect(result).toBeVisible();
    await expect(result).toContainText(first);
    await expect(result).toContainText(second);
    await screenshot(page, 'jobs-job-page');

    await page.goto('/jobs');
    await expect(page).toHaveTitle(/AWX Jobs/);
    await expect(
      page
        .getByRole('link', { name: new RegExp(`^#?${jobid}$`) })
        .or(page.getByRole('row', { name: new RegExp(`^${jobid} `) })),
    ).toBeVisible();
    await screenshot(page, 'jobs-list');
  });

  test('the NOC bounces a port from a shelf page after confirming the device and port', async ({ page }) => {
    await signIn(page, accounts.noc.email);
    await page.goto('/equipment');
    const tick = page.getByRole('checkbox', { name: /^Select (?!every shelf)/ }).first();
    const shelf = ((await tick.getAttribute('aria-label')) ?? '').replace('Select ', '');
    await page.getByRole('link', { name: shelf, exact: true }).click();
    await expect(page.getByRole('heading', { name: shelf })).toBeVisible();
    await page.getByRole('button', { name: 'Operations' }).click();
    await page.getByRole('menuitem', { name: 'Bounce port…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run operation' });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText(`Name the port on ${shelf} this operation acts on`)).toBeVisible();
    await dialog.getByRole('combobox', { name: `Port on ${shelf}` }).click();
    const option = page.getByRole('option').first();
    const port = ((await option.textContent()) ?? '').split(' · ')[0] ?? '';
    await option.click();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm: Bounce port' });
    await expect(confirm.getByTestId('operation-targets')).toHaveText(`${shelf}, port ${port}`);
    await screenshot(page, 'jobs-confirm-bounce');
    await confirm.getByRole('button', { name: 'Bounce port on 1 device' }).click();
    await expect(page.getByRole('link', { name: /^Open job \d+$/ })).toBeVisible();
  });

  test('a customer admin has no AWX Jobs menu and is refused /jobs', async ({ page }) => {
    await signIn(page, accounts.ungAdmin.email);
    await expect(page.getByRole('navigation').getByRole('link', { name: 'AWX Jobs' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Watched jobs/ })).toHaveCount(0);
    await page.goto('/jobs');
    await expect(page.getByText('Not available to your role')).toBeVisible();
  });
});
