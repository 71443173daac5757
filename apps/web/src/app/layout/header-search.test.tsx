import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { HeaderSearch, searchPath } from './header-search';

// These render the whole Mantine tree and wait out debounces: seconds on a busy shared machine.
const slow = 15_000;

describe('searchPath', () => {
  it('leads to the search-result route with the trimmed text', () => {
    expect(searchPath('  UNG0012004701B ')).toBe('/functions/search-result/UNG0012004701B');
  });

  it('encodes characters that would break the path', () => {
    expect(searchPath('a/b c?')).toBe('/functions/search-result/a%2Fb%20c%3F');
  });

  it('goes nowhere for blank input', () => {
    expect(searchPath('   ')).toBeNull();
  });
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

const page = {
  count: 9,
  limit: 4,
  offset: 0,
  results: [
    {
      kind: 'site',
      id: '12',
      label: 'S0012 Northgate Library',
      detail: 'UNG · Northgate',
      field: 'sitename',
      score: 0.1,
    },
    {
      kind: 'service',
      id: 'UNG0012004701B',
      label: 'UNG0012004701B',
      detail: 'Library uplink',
      field: 'serviceid',
      score: 0.2,
    },
    {
      kind: 'contact',
      id: '3',
      label: 'Nora North',
      detail: 'nora@northgate.example',
      field: 'contactname',
      score: 0.3,
    },
    {
      kind: 'user',
      id: '8',
      label: 'Ada Admin',
      detail: 'admin@northgate.example',
      field: 'email',
      score: 0.4,
    },
  ],
};

function renderSearch() {
  const { calls } = mockFetch({ 'GET /api/search': { body: { result: 'Success', payload: page } } });
  const view = renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <HeaderSearch />
            <Where />
          </>
        ),
      },
    ],
    '/',
  );
  const input = screen.getByRole('combobox', { name: 'Search' }) as HTMLInputElement;
  return { ...view, calls, input };
}

function type(input: HTMLInputElement, value: string) {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
}

describe('HeaderSearch popover', () => {
  it(
    'prompts under two characters without asking the server',
    async () => {
      const { input, calls } = renderSearch();
      type(input, 'u');
      expect(await screen.findByText('Enter a search term')).toBeTruthy();
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(calls).toHaveLength(0);
    },
    slow,
  );

  it(
    'asks for four results after a pause and lists them with the more and advanced links',
    async () => {
      const { input, calls } = renderSearch();
      type(input, 'nor');
      expect(await screen.findByText('S0012 Northgate Library')).toBeTruthy();
      expect(calls).toHaveLength(1);
      const url = new URL(calls[0]?.url ?? '', 'http://x');
      expect(url.pathname).toBe('/api/search');
      expect(url.searchParams.get('q')).toBe('nor');
      expect(url.searchParams.get('limit')).toBe('4');
      expect(screen.getByText('Site')).toBeTruthy();
      expect(screen.getByText('5+ more results')).toBeTruthy();
      expect(screen.getByText('Advanced Search')).toBeTruthy();
    },
    slow,
  );

  it(
    'opens the highlighted result with the arrow keys and Enter',
    async () => {
      const { input } = renderSearch();
      type(input, 'nor');
      await screen.findByText('S0012 Northgate Library');
      fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
      fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/service/UNG0012004701B'));
      expect(input.value).toBe('');
    },
    slow,
  );

  it(
    'goes to the results page on Enter when nothing is highlighted',
    async () => {
      const { input } = renderSearch();
      type(input, '  north gate ');
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
      await waitFor(() =>
        expect(screen.getByTestId('where').textContent).toBe('/functions/search-result/north%20gate'),
      );
    },
    slow,
  );

  it(
    'closes on Escape',
    async () => {
      const { input } = renderSearch();
      type(input, 'u');
      await screen.findByText('Enter a search term');
      expect(input.getAttribute('aria-expanded')).toBe('true');
      fireEvent.keyDown(input, { key: 'Escape', code: 'Escape' });
      await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('false'));
    },
    slow,
  );
});
