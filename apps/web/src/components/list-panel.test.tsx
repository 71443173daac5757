import { IconListSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { renderRoutes } from '../test/render';
import { ListPanel } from './list-panel';

const slow = 15_000;
type Page = { count: number; countexact?: boolean; results: string[] };
type PanelProps = ComponentProps<typeof ListPanel<Page>>;

type HarnessProps = Partial<Omit<PanelProps, 'list' | 'children'>> & {
  load: () => Promise<Page>;
  params: PanelProps['params'];
};

// A list page in miniature: one query whose answer the test chooses, under the panel.
function Harness({ load, ...props }: HarnessProps) {
  const list = useQuery({ queryKey: ['rows'], queryFn: load });
  return (
    <ListPanel
      list={list}
      pageSize={2}
      noun="widgets"
      empty={{ icon: <IconListSearch />, description: 'Add the first widget.' }}
      {...props}
    >
      {(rows) => (
        <ul aria-label="Widgets">
          {rows.results.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </ListPanel>
  );
}

function renderPanel(
  load: () => Promise<Page>,
  props: Partial<Omit<PanelProps, 'list' | 'children' | 'params'>> = {},
  page = 1,
) {
  const params = { page, set: vi.fn() };
  renderRoutes([{ path: '/', element: <Harness load={load} params={params} {...props} /> }], '/');
  return params;
}

describe('ListPanel', () => {
  it(
    'shows a skeleton until the first page arrives, then its rows and the footer',
    async () => {
      let answer: (page: Page) => void = () => {};
      renderPanel(() => new Promise((resolve) => (answer = resolve)));
      expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
      answer({ count: 3, results: ['alpha', 'beta'] });
      expect(await screen.findByText('alpha')).toBeTruthy();
      expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
      expect(screen.getByText('Showing 1–2 of 3 widgets')).toBeTruthy();
    },
    slow,
  );

  it(
    'pages through the URL parameters',
    async () => {
      const params = renderPanel(async () => ({ count: 3, results: ['gamma'] }), {}, 2);
      expect(await screen.findByText('Showing 3–3 of 3 widgets')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'previous page' }));
      expect(params.set).toHaveBeenCalledWith({ page: '1' }, { resetPage: false });
    },
    slow,
  );

  it(
    'says what failed to load, with the server reason, and tries again',
    async () => {
      const load = vi.fn(async (): Promise<Page> => {
        throw new ApiError(500, 'The database is unavailable');
      });
      renderPanel(load, { what: 'the widget register' });
      expect(await screen.findByText('An error occurred retrieving the widget register')).toBeTruthy();
      expect(screen.getByText('The database is unavailable')).toBeTruthy();
      expect(screen.queryByText(/widgets$/)).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    },
    slow,
  );

  it(
    'names the noun in a failure when told nothing else',
    async () => {
      renderPanel(async () => {
        throw new ApiError(500, 'Down');
      });
      expect(await screen.findByText('An error occurred retrieving widgets')).toBeTruthy();
    },
    slow,
  );

  it(
    'says an unfiltered empty list has no <noun> yet, with its own way forward and no footer',
    async () => {
      renderPanel(async () => ({ count: 0, results: [] }), {
        empty: {
          icon: <IconListSearch />,
          description: 'Add the first widget.',
          action: <button type="button">New widget</button>,
        },
      });
      expect(await screen.findByText('No widgets yet')).toBeTruthy();
      expect(screen.getByText('Add the first widget.')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'New widget' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
      expect(screen.queryByText('No widgets')).toBeNull();
    },
    slow,
  );

  it(
    'says no <noun> match a filtered list and clears the filters',
    async () => {
      const onClear = vi.fn();
      renderPanel(async () => ({ count: 0, results: [] }), {
        noMatch: { onClear },
      });
      expect(await screen.findByText('No widgets match these filters')).toBeTruthy();
      expect(screen.getByText('Try a different search or clear the filters.')).toBeTruthy();
      expect(screen.queryByText('No widgets yet')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
      expect(onClear).toHaveBeenCalledOnce();
    },
    slow,
  );

  it(
    'takes its own words for a search that finds nothing',
    async () => {
      renderPanel(async () => ({ count: 0, results: [] }), {
        noMatch: {
          title: 'No widgets match this search',
          description: 'Try a different search.',
          clearLabel: 'Clear search',
          onClear: () => {},
        },
      });
      expect(await screen.findByText('No widgets match this search')).toBeTruthy();
      expect(screen.getByText('Try a different search.')).toBeTruthy();
      expect(screen.queryByText('No widgets match these filters')).toBeNull();
      expect(screen.getByRole('button', { name: 'Clear search' })).toBeTruthy();
    },
    slow,
  );

  it(
    'shows a count the server marked as a lower bound as one, and an exact count as it is',
    async () => {
      renderPanel(async () => ({ count: 1001, countexact: false, results: ['alpha', 'beta'] }));
      expect(await screen.findByText('Showing 1–2 of 1,000+ widgets')).toBeTruthy();
      cleanup();
      renderPanel(async () => ({ count: 1001, countexact: true, results: ['alpha', 'beta'] }));
      expect(await screen.findByText('Showing 1–2 of 1,001 widgets')).toBeTruthy();
    },
    slow,
  );
});
