import { Button, EmptyState, Group } from '@mantine/core';
import { IconCalendarOff, IconListSearch, IconRefresh } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { QueryValue } from '../lib/api-client';
import type { ResolvedPeriod } from '../lib/use-recent-period';
import { ExportCsvButton } from './export-csv-button';
import { LoadError } from './load-error';
import { TableSkeleton } from './table-skeleton';

// What the logs (API logs, the audit log) share around their own table: Refresh and Export CSV in the
// header, and the page's states (days still to choose, loading, failed, nothing found).

type ExportProps = {
  path: string;
  query: Record<string, QueryValue> | null;
  filename: string;
  empty: boolean;
};

export function RecentLogActions({ onRefresh, csv }: { onRefresh: () => void; csv: ExportProps }) {
  return (
    <Group gap="xs">
      <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onRefresh}>
        Refresh
      </Button>
      <ExportCsvButton
        path={csv.path}
        query={csv.query ?? {}}
        filename={csv.filename}
        disabled={!csv.query || csv.empty}
      />
    </Group>
  );
}

type BodyProps<Page extends { results: unknown[] }> = {
  period: ResolvedPeriod;
  list: UseQueryResult<Page>;
  // 'the audit log': what failed to load.
  what: string;
  filtered: boolean;
  empty: { filtered: string; unfiltered: string; hint: string };
  onClear: () => void;
  // The table of a page that has rows.
  children: (page: Page) => ReactNode;
};

export function RecentLogBody<Page extends { results: unknown[] }>({
  period,
  list,
  what,
  filtered,
  empty,
  onClear,
  children,
}: BodyProps<Page>) {
  if ('problem' in period)
    return (
      <EmptyState
        py="xl"
        icon={<IconCalendarOff size={28} />}
        withIndicatorBackground
        title="Choose the days to read"
        description={period.problem}
      />
    );
  if (list.isPending) return <TableSkeleton />;
  if (list.isError) return <LoadError error={list.error} what={what} onRetry={() => list.refetch()} />;
  if (list.data.results.length === 0)
    return (
      <EmptyState
        py="xl"
        icon={<IconListSearch size={28} />}
        withIndicatorBackground
        title={filtered ? empty.filtered : empty.unfiltered}
        description={filtered ? 'Try other filters or a longer period.' : empty.hint}
      >
        {filtered && (
          <EmptyState.Actions>
            <Button variant="default" onClick={onClear}>
              Clear filters
            </Button>
          </EmptyState.Actions>
        )}
      </EmptyState>
    );
  return (
    <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
      {children(list.data)}
    </div>
  );
}
