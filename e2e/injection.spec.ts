import { expect, type Page, test } from '@playwright/test';
import { accounts, api, apiToken, signIn, signOut } from './fixtures';

// Issue 19: markup one user types is text when another user reads it. Each payload, if the page ever
// ran it, would set window.__injected or open a dialog; the test fails on either, and on any element
// the payloads would add (an img with src=x, an inline event handler, a script in the page's content,
// a javascript: link).
const mark = (n: number) => `window.__injected=${n}`;
const payloads = {
  script: `<script>${mark(1)}</script>`,
  img: `<img src=x onerror="${mark(2)}">`,
  svg: `<svg onload="${mark(3)}"></svg>`,
  link: `<a href="javascript:${mark(4)}">html link</a>`,
  markdown: `[markdown link](javascript:${mark(5)})`,
};
const all = Object.values(payloads).join('\n\n');

async function expectNothingInjected(page: Page) {
  const found = await page.evaluate(() => ({
    ran: (window as { __injected?: number }).__injected ?? null,
    img: document.querySelectorAll('img[src="x"]').length,
    // React never writes on* attributes into the page, so any element that has one was injected.
    handlers: document.querySelectorAll('[onload], [onerror], [onclick]').length,
    script: document.querySelectorAll('main script').length,
    javascriptLinks: document.querySelectorAll('a[href^="javascript:" i]').length,
  }));
  expect(found).toEqual({ ran: null, img: 0, handlers: 0, script: 0, javascriptLinks: 0 });
}

test('markup typed by one user is shown as text to another, and runs nowhere', async ({ page, request }) => {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });

  // Written through the API as the people who may write them: a customer user's ticket and comment,
  // a customer admin's contact, the NOC's FAQ article.
  const user = await apiToken(request, accounts.ungUser.email);
  const ticket = await api<{ ticketid: number }>(request, user, 'POST', '/api/ticket', {
    issuetype: 'query',
    subject: `${payloads.img} subject`,
    description: all,
    services: [],
  });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
  const ticketid = ticket.body.payload.ticketid;
  const comment = await api(request, user, 'POST', `/api/ticket/${ticketid}/comment`, { comment: all });
  expect(comment.status).toBe(201);
  const admin = await apiToken(request, accounts.ungAdmin.email);
  const contact = await api<{ contactid: number }>(request, admin, 'POST', '/api/contact', {
    contactname: `${payloads.svg} contact`,
  });
  expect(contact.status, JSON.stringify(contact.body)).toBe(201);
  const noc = await apiToken(request, accounts.noc.email);
  const faq = await api<{ faqid: number }>(request, noc, 'POST', '/api/faq', {
    title: `${payloads.img} article`,
    body: `${all}\n\n[a real link](https://example.com)`,
    tags: ['injection'],
  });
  expect(faq.status, JSON.stringify(faq.body)).toBe(201);

  // The NOC reads the ticket and the contact.
  await signIn(page, accounts.noc.email);
  await page.goto(`/ticket/${ticketid}`);
  await expect(page.getByText(`${payloads.img} subject`).first()).toBeVisible();
  await expect(page.getByText(payloads.script).first()).toBeVisible();
  await expectNothingInjected(page);
  await page.goto(`/contact/${contact.body.payload.contactid}`);
  await expect(page.getByText(`${payloads.svg} contact`).first()).toBeVisible();
  await expectNothingInjected(page);
  await signOut(page);

  // A customer user reads the article: the javascript: link is text, the https one a link.
  await signIn(page, accounts.ungUser.email);
  await page.goto(`/customer-faq/${faq.body.payload.faqid}`);
  await expect(page.getByRole('heading', { name: `${payloads.img} article` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'a real link' })).toHaveAttribute(
    'href',
    'https://example.com',
  );
  await expect(page.getByRole('link', { name: 'markdown link' })).toHaveCount(0);
  await expect(page.getByText(payloads.markdown)).toBeVisible();
  await expectNothingInjected(page);

  expect(dialogs).toEqual([]);
});
