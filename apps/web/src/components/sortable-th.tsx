import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type Props = {
  field: string;
  // The list's sort parameter: 'field' ascending, '-field' descending (the API's convention).
  sort: string;
  onSort: (sort: string) => void;
  children: ReactNode;
  ta?: 'left' | 'right' | 'center';
  miw?: number;
};

function nextSort(current: string, field: string): string {
  return current === field ? `-${field}` : field;
}

export function SortableTh({ field, sort, onSort, children, ta, miw }: Props) {
  const direction = sort === field ? 'ascending' : sort === `-${field}` ? 'descending' : 'none';
  const Icon =
    direction === 'ascending'
      ? IconSortAscending
      : direction === 'descending'
        ? IconSortDescending
        : IconArrowsSort;
  return (
    <Table.Th ta={ta} miw={miw} aria-sort={direction}>
      <UnstyledButton
        onClick={() => onSort(nextSort(sort, field))}
        fw={700}
        fz="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
      >
        {children}
        <Icon size={14} stroke={1.8} opacity={direction === 'none' ? 0.35 : 1} aria-hidden="true" />
      </UnstyledButton>
    </Table.Th>
  );
}
