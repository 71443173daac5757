import { Button, EmptyState, Group } from '@mantine/core';
import { IconCalendarOff, IconListSearch, IconRefresh } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { QueryValue } from '../lib/api-client';
import type { RecentPeriodState, ResolvedPeriod } from '../lib/use-recent-period';
import { ExportCsvButton } from './export-csv-button';
import { type ListEmptyText, type ListPage, ListPanel, type ListPanelProps } from './list-panel';

// What the logs (API logs, the audit log) share around their own table: Refresh and Export CSV in the
// header, and the page's states (days still to choose, then the list panel's).

type ActionsProps = {
  period: RecentPeriodState;
  list: UseQueryResult<{ count: number }>;
  // The list's query without paging; null while the period does not resolve.
  csv: { path: string; query: Record<string, QueryValue> | null; filename: string };
};

export function RecentLogActions({ period, list, csv }: ActionsProps) {
  // A preset period reads back from the moment the page opened: Refresh moves it to now.
  const refresh = () => {
    period.refresh();
    void list.refetch();
  };
  return (
    <Group gap="xs">
      <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={refresh}>
        Refresh
      </Button>
      <ExportCsvButton
        path={csv.path}
        query={csv.query ?? {}}
        filename={csv.filename}
        disabled={!csv.query || !list.data || list.data.count === 0}
      />
    </Group>
  );
}

type BodyProps<Page extends ListPage> = Omit<ListPanelProps<Page>, 'empty'> & {
  period: ResolvedPeriod;
  // 'Nothing was changed in this period' and how rows come to be there.
  empty: Omit<ListEmptyText, 'icon'>;
};

export function RecentLogBody<Page extends ListPage>({ period, empty, noMatch, ...panel }: BodyProps<Page>) {
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
  return (
    <ListPanel
      {...panel}
      empty={{ icon: <IconListSearch size={28} />, ...empty }}
      noMatch={noMatch && { description: 'Try other filters or a longer period.', ...noMatch }}
    />
  );
}
