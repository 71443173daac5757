import { Button, EmptyState } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { useListParams } from '../lib/use-list-params';
import { ListFooter } from './list-footer';
import { LoadError } from './load-error';
import { TableSkeleton } from './table-skeleton';

// A paged list's states under its filters, the same on every list page: a skeleton while the first
// page loads, LoadError when it fails, an empty state (told apart from 'nothing matches the filters',
// which offers to clear them), the page's rows dimmed while the next page loads, and the footer.

// `countexact: false`: the server counted only within its window and `count` is a lower bound.
export type ListPage = { count: number; countexact?: boolean; results: unknown[] };

export type ListEmptyText = {
  icon: ReactNode;
  // 'No <noun> yet' unless told otherwise.
  title?: string;
  description: string;
  // A way forward from a list with nothing in it yet (New ticket).
  action?: ReactNode;
};

export type ListNoMatchText = {
  onClear: () => void;
  // 'No <noun> match these filters' unless told otherwise.
  title?: string;
  description?: string;
  icon?: ReactNode;
  clearLabel?: string;
};

export type ListPanelProps<Page extends ListPage> = {
  list: UseQueryResult<Page>;
  // The page number lives in the URL; the footer reads and sets it there.
  params: Pick<ReturnType<typeof useListParams>, 'page' | 'set'>;
  pageSize: number;
  // The footer's 'Showing 1–25 of 60 <noun>'.
  noun: string;
  // LoadError's 'An error occurred retrieving <what>', when it is not the noun.
  what?: string;
  empty: ListEmptyText;
  // Set only while filters are applied: an empty page then means nothing matches them.
  noMatch?: ListNoMatchText | false;
  skeletonRows?: number;
  children: (page: Page) => ReactNode;
};

export function ListPanel<Page extends ListPage>({
  list,
  params,
  pageSize,
  noun,
  what = noun,
  empty,
  noMatch,
  skeletonRows,
  children,
}: ListPanelProps<Page>) {
  return (
    <>
      {list.isPending ? (
        <TableSkeleton rows={skeletonRows} />
      ) : list.isError ? (
        <LoadError error={list.error} what={what} onRetry={() => list.refetch()} />
      ) : list.data.results.length === 0 ? (
        noMatch ? (
          <EmptyState
            py="xl"
            icon={noMatch.icon ?? empty.icon}
            withIndicatorBackground
            title={noMatch.title ?? `No ${noun} match these filters`}
            description={noMatch.description ?? 'Try a different search or clear the filters.'}
          >
            <EmptyState.Actions>
              <Button variant="default" onClick={noMatch.onClear}>
                {noMatch.clearLabel ?? 'Clear filters'}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <EmptyState
            py="xl"
            icon={empty.icon}
            withIndicatorBackground
            title={empty.title ?? `No ${noun} yet`}
            description={empty.description}
          >
            {empty.action && <EmptyState.Actions>{empty.action}</EmptyState.Actions>}
          </EmptyState>
        )
      ) : (
        <div
          style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
          aria-busy={list.isPlaceholderData}
        >
          {children(list.data)}
        </div>
      )}
      {list.data && list.data.count > 0 && (
        <ListFooter
          count={list.data.count}
          exact={list.data.countexact !== false}
          page={params.page}
          pageSize={pageSize}
          noun={noun}
          onPage={(page) => params.set({ page: String(page) }, { resetPage: false })}
        />
      )}
    </>
  );
}
