import type { FaqArticle } from '@lightpath/domain/faq';
import type { UserType } from '@lightpath/domain/user-types';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, sessionFor, signedIn } from '../../../test/events-test-fixtures';
import { mockFetch, type RecordedCall } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { FaqArticlePage } from './faq-article-page';
import { FaqPage } from './faq-page';
import { ReleaseNotesPage } from './release-notes-page';

// These render the whole Mantine tree and wait out debounces: seconds on a busy shared machine.
const slow = 15_000;
const now = Math.floor(Date.now() / 1000);

const conditions: FaqArticle = {
  faqid: 11,
  title: 'How do I read the condition of a service?',
  body: 'Every service shows a condition.\nIt follows current events.\n\nNormal means no event touches it.\n\nOffline means an outage.',
  tags: ['services', 'conditions'],
  createdat: now - 86_400,
  updatedat: now - 3_600,
};
const calendar: FaqArticle = {
  faqid: 12,
  title: 'How do I subscribe to the maintenance calendar?',
  body: 'A company administrator creates the link in Company Settings.',
  tags: ['calendar', 'events'],
  createdat: now - 86_400,
  updatedat: now - 7_200,
};
const articles = [conditions, calendar];

const pageOf = (results: FaqArticle[]) => ok({ count: results.length, limit: 24, offset: 0, results });

function listRoute(call: RecordedCall) {
  const tag = new URL(call.url, 'http://x').searchParams.get('tag');
  return pageOf(tag ? articles.filter((a) => a.tags.includes(tag)) : articles);
}

function renderFaq(type: UserType, url: string, extra: Parameters<typeof mockFetch>[0] = {}) {
  const mocked = mockFetch({
    'GET /api/faqs': listRoute,
    'GET /api/faq/11': ok(conditions),
    'GET /api/faq/12': ok(calendar),
    ...extra,
  });
  const view = renderRoutes(
    [
      {
        element: signedIn(sessionFor(type)),
        children: [
          { path: '/customer-faq', element: <FaqPage /> },
          { path: '/customer-faq/:faqarticleid', element: <FaqArticlePage /> },
          { path: '/release-notes', element: <ReleaseNotesPage /> },
        ],
      },
    ],
    url,
  );
  return { ...view, calls: mocked.calls };
}

const where = () => screen.getByTestId('where').textContent;

describe('FAQ list', () => {
  it(
    'shows each article with its tags and first lines, and no editing for a customer',
    async () => {
      renderFaq(5, '/customer-faq');
      const card = await screen.findByRole('article', { name: conditions.title });
      expect(
        within(card).getByText('Every service shows a condition. It follows current events.'),
      ).toBeTruthy();
      expect(within(card).queryByText(/Normal means/)).toBeNull();
      expect(within(card).getByRole('link', { name: 'services' }).getAttribute('href')).toBe(
        '/customer-faq?tag=services',
      );
      expect(screen.getByRole('article', { name: calendar.title })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'New article' })).toBeNull();
      expect(screen.queryByRole('button', { name: `Edit ${conditions.title}` })).toBeNull();
      expect(screen.queryByRole('button', { name: `Delete ${conditions.title}` })).toBeNull();
    },
    slow,
  );

  it(
    'filters by a tag chip, asking the server for that tag, and clears it again',
    async () => {
      const { calls } = renderFaq(4, '/customer-faq');
      await screen.findByRole('article', { name: calendar.title });
      const chips = screen.getByRole('group', { name: 'Filter by tag' });
      fireEvent.click(within(chips).getByLabelText('calendar (1)'));
      await waitFor(() => expect(where()).toBe('/customer-faq?tag=calendar'));
      await waitFor(() => expect(screen.queryByRole('article', { name: conditions.title })).toBeNull());
      expect(screen.getByRole('article', { name: calendar.title })).toBeTruthy();
      expect(calls.some((c) => c.url.includes('tag=calendar'))).toBe(true);
      fireEvent.click(within(chips).getByLabelText('calendar (1)'));
      await waitFor(() => expect(where()).toBe('/customer-faq'));
      expect(await screen.findByRole('article', { name: conditions.title })).toBeTruthy();
    },
    slow,
  );

  it(
    'sends the search to the server',
    async () => {
      const { calls } = renderFaq(5, '/customer-faq');
      await screen.findByRole('article', { name: calendar.title });
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search articles' }), {
        target: { value: 'light levels' },
      });
      await waitFor(() => expect(calls.some((c) => c.url.includes('q=light+levels'))).toBe(true));
    },
    slow,
  );

  it(
    "names what it is doing while the articles load (spec 9: 'Loading FAQ Articles')",
    async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(() => new Promise<Response>(() => undefined)),
      );
      renderRoutes(
        [{ element: signedIn(sessionFor(5)), children: [{ path: '/customer-faq', element: <FaqPage /> }] }],
        '/customer-faq',
      );
      expect(await screen.findByText('Loading FAQ Articles')).toBeTruthy();
    },
    slow,
  );

  it(
    'says so when the articles cannot be loaded',
    async () => {
      renderFaq(5, '/customer-faq', { 'GET /api/faqs': { status: 500, body: { result: 'Failure' } } });
      expect(await screen.findByText('An error occurred retrieving FAQ articles')).toBeTruthy();
    },
    slow,
  );
});

describe('FAQ article', () => {
  it(
    'shows the paragraphs and tags that lead back to the filtered list, without editing for a customer',
    async () => {
      renderFaq(5, '/customer-faq/11');
      expect(await screen.findByRole('heading', { name: conditions.title })).toBeTruthy();
      const paragraphs = document.querySelectorAll('p');
      const texts = [...paragraphs].map((p) => p.textContent);
      expect(texts).toContain('Every service shows a condition.\nIt follows current events.');
      expect(texts).toContain('Normal means no event touches it.');
      expect(texts).toContain('Offline means an outage.');
      fireEvent.click(screen.getByRole('link', { name: 'conditions' }));
      await waitFor(() => expect(where()).toBe('/customer-faq?tag=conditions'));
      expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    },
    slow,
  );

  // Issue 12: articles showed their Markdown literally.
  it(
    'shows an article written in Markdown as headings, lists, emphasis and links',
    async () => {
      const markdown: FaqArticle = {
        ...calendar,
        faqid: 13,
        title: 'Reading light levels',
        body: '## Before you call\n\n- Check **Events** first\n- Clean the connectors\n\nSee [the guide](https://noc.example/light).',
      };
      renderFaq(5, '/customer-faq/13', { 'GET /api/faq/13': ok(markdown) });
      expect(await screen.findByRole('heading', { name: 'Before you call' })).toBeTruthy();
      const items = screen.getAllByRole('listitem').map((li) => li.textContent);
      expect(items).toEqual(['Check Events first', 'Clean the connectors']);
      expect(screen.getByText('Events').tagName).toBe('STRONG');
      expect(screen.getByRole('link', { name: 'the guide' }).getAttribute('href')).toBe(
        'https://noc.example/light',
      );
      expect(document.body.textContent).not.toMatch(/\*\*|##|\]\(/);
    },
    slow,
  );

  it(
    'says the article does not exist for a missing one',
    async () => {
      renderFaq(5, '/customer-faq/99', {
        'GET /api/faq/99': { status: 404, body: { result: 'Failure', message: 'FAQ article not found' } },
      });
      expect(await screen.findByText('Not found')).toBeTruthy();
    },
    slow,
  );

  it(
    'deletes only after the confirmation, then goes back to the list',
    async () => {
      const { calls } = renderFaq(1, '/customer-faq/11', {
        'DELETE /api/faq/11': ok(undefined, 'FAQ article deleted'),
      });
      await screen.findByRole('heading', { name: conditions.title });
      fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
      let dialog = await screen.findByRole('dialog', { name: 'Delete FAQ article' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete FAQ article' })).toBeNull());
      expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

      fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
      dialog = await screen.findByRole('dialog', { name: 'Delete FAQ article' });
      expect(within(dialog).getByText(conditions.title)).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete article' }));
      await waitFor(() => expect(where()).toBe('/customer-faq'));
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/faq/11']);
      // Spec 7.8: the list reloads after the delete.
      await waitFor(() =>
        expect(
          calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/faqs')).length,
        ).toBeGreaterThan(0),
      );
    },
    slow,
  );

  it(
    'sends the whole article, faqid included, when the NOC edits it',
    async () => {
      const { calls } = renderFaq(1, '/customer-faq/12', {
        'PUT /api/faq/12': (call) => ok({ ...calendar, ...(call.body as object) }, 'FAQ article updated'),
      });
      await screen.findByRole('heading', { name: calendar.title });
      fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit FAQ article' });
      fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), {
        target: { value: '  Subscribing to the maintenance calendar ' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        faqid: 12,
        title: 'Subscribing to the maintenance calendar',
        body: calendar.body,
        tags: ['calendar', 'events'],
      });
      expect(
        await screen.findByRole('heading', { name: 'Subscribing to the maintenance calendar' }),
      ).toBeTruthy();
    },
    slow,
  );
});

describe('creating an article', () => {
  it(
    'is offered to the NOC only, shows the domain messages and sends nothing for an incomplete article',
    async () => {
      const { calls } = renderFaq(1, '/customer-faq');
      await screen.findByRole('article', { name: calendar.title });
      expect(screen.getByRole('button', { name: `Edit ${calendar.title}` })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'New article' }));
      const dialog = await screen.findByRole('dialog', { name: 'New FAQ article' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create article' }));
      expect(await within(dialog).findByText('Title is required')).toBeTruthy();
      expect(within(dialog).getByText('Article text is required')).toBeTruthy();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
    },
    slow,
  );

  it(
    'refuses a badly formed tag, then creates the article and opens it',
    async () => {
      const created: FaqArticle = {
        faqid: 40,
        title: 'Reading the traffic chart',
        body: 'Six hours.\n\nIn Mb/s.',
        tags: ['traffic'],
        createdat: now,
        updatedat: now,
      };
      const { calls } = renderFaq(1, '/customer-faq', {
        'POST /api/faq': { status: 201, ...ok(created, 'FAQ article created') },
        'GET /api/faq/40': ok(created),
      });
      await screen.findByRole('article', { name: calendar.title });
      fireEvent.click(screen.getByRole('button', { name: 'New article' }));
      const dialog = await screen.findByRole('dialog', { name: 'New FAQ article' });
      fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), {
        target: { value: created.title },
      });
      fireEvent.change(within(dialog).getByRole('textbox', { name: 'Article' }), {
        target: { value: created.body },
      });
      const tags = within(dialog).getByLabelText('Tags');
      // The tags input takes typing only while it has the focus, as a user's would.
      tags.focus();
      fireEvent.change(tags, { target: { value: 'under_score' } });
      fireEvent.keyDown(tags, { key: 'Enter' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create article' }));
      expect(
        await within(dialog).findByText('Tags are lower-case words of letters and digits, joined by hyphens'),
      ).toBeTruthy();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);

      // Backspace in the empty input takes the last tag off.
      tags.focus();
      fireEvent.keyDown(tags, { key: 'Backspace' });
      fireEvent.change(tags, { target: { value: 'Traffic' } });
      fireEvent.keyDown(tags, { key: 'Enter' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create article' }));
      await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        title: created.title,
        body: created.body,
        tags: ['traffic'],
      });
      await waitFor(() => expect(where()).toBe('/customer-faq/40'));
      expect(await screen.findByRole('heading', { name: created.title })).toBeTruthy();
    },
    slow,
  );
});

describe('Portal Release Notes', () => {
  it('lists the releases so far, newest first', async () => {
    renderFaq(5, '/release-notes');
    expect(await screen.findByRole('heading', { name: 'Portal Release Notes' })).toBeTruthy();
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Events and notifications', 'Network inventory', 'Foundation']);
    expect(screen.getByText('Version 0.1')).toBeTruthy();
    expect(screen.getByText(/New Event wizard/)).toBeTruthy();
  });
});
