import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { port } from '../../../test/equipment-test-fixtures';
import { renderRoutes } from '../../../test/render';
import { ShelfPortsTable } from './shelf-ports-table';

const ports = Array.from({ length: 120 }, (_, i) =>
  port(`xe-${1 + Math.floor(i / 20)}-0-${i % 20}`, { slot: 1 + Math.floor(i / 20) }),
);

describe('ShelfPortsTable', () => {
  it('shows fifty ports a page in slot and number order, and the filter finds a port on any page', async () => {
    renderRoutes(
      [{ path: '/', element: <ShelfPortsTable ports={[...ports].reverse()} onOpen={vi.fn()} /> }],
      '/',
    );
    expect(await screen.findByText('Showing 1–50 of 120 ports')).toBeTruthy();
    const table = screen.getByRole('table');
    const names = within(table)
      .getAllByRole('button', { name: /^Open port / })
      .map((b) => b.textContent);
    expect(names).toHaveLength(50);
    expect(names.slice(0, 3)).toEqual(['xe-1-0-0', 'xe-1-0-1', 'xe-1-0-2']);
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByText('Showing 101–120 of 120 ports')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter ports' }), {
      target: { value: 'xe-6-0-19' },
    });
    expect(await screen.findByRole('button', { name: 'Open port xe-6-0-19' })).toBeTruthy();
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });
});
