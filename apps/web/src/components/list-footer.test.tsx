import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { ListFooter } from './list-footer';

const slow = 15_000;

describe('ListFooter', () => {
  it(
    'says which rows a page shows',
    async () => {
      const onPage = vi.fn();
      renderRoutes(
        [
          {
            path: '/',
            element: <ListFooter count={60} page={3} pageSize={25} onPage={onPage} noun="services" />,
          },
        ],
        '/',
      );
      expect(await screen.findByText('Showing 51–60 of 60 services')).toBeTruthy();
      expect(onPage).not.toHaveBeenCalled();
    },
    slow,
  );

  it(
    'says a page past the end is empty and offers the last page, never a backwards range',
    async () => {
      const onPage = vi.fn();
      renderRoutes(
        [
          {
            path: '/',
            element: <ListFooter count={20} page={2} pageSize={25} onPage={onPage} noun="shelves" />,
          },
        ],
        '/',
      );
      expect(await screen.findByText('No shelves on page 2: 20 on 1 page')).toBeTruthy();
      expect(screen.queryByText(/26–20/)).toBeNull();
      expect(onPage).not.toHaveBeenCalled();
      fireEvent.click(screen.getByRole('button', { name: 'Go to page 1' }));
      expect(onPage).toHaveBeenCalledWith(1);
    },
    slow,
  );
});
