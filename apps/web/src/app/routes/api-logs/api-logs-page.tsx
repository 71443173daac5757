import { apiLogMessages, apiLogMethods, apiLogStatusClasses } from '@lightpath/domain/api-logs';
import { can } from '@lightpath/domain/permissions';
import { Button, EmptyState, Group, Paper, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCalendarOff, IconListSearch, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { ListFooter } from '../../../components/list-footer';
import { LoadError } from '../../../components/load-error';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { TableSkeleton } from '../../../components/table-skeleton';
import { type ApiLogFilters, useApiLogs } from '../../../features/api-logs/api/list-api-logs';
import { ApiLogsTable } from '../../../features/api-logs/components/api-logs-table';
import { customPeriod, defaultPreset, periodOf, periodPresets } from '../../../features/api-logs/period';
import { useSession } from '../../../lib/session';
import { dayInputValue, displayZoneAbbreviation } from '../../../lib/time-zone';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';

const pageSize = 50;
const title = 'API Logs';
const crumbs = [{ label: 'Reports' }, { label: title }];
const loadNoun = apiLogMessages.loadFailed.replace('An error occurred retrieving ', '');
const statusChoices = [
  ...apiLogStatusClasses.map((c) => ({ value: c, label: `${c} (any)` })),
  ...['400', '401', '403', '404', '409', '429', '500', '502', '503'].map((code) => ({
    value: code,
    label: code,
  })),
];
const textFilters = [
  { key: 'user', label: 'User', placeholder: 'Part of an e-mail' },
  { key: 'route', label: 'Route', placeholder: 'e.g. /api/site or 42' },
  { key: 'address', label: 'Client address', placeholder: 'Start of an address, e.g. 10.1.' },
] as const;

// Issue 17: every call made to the API, for the NOC: who, when, what, how it ended and from where.
export function ApiLogsPage() {
  usePageTitle(title);
  const { actor } = useSession();
  const allowed = can(actor, 'apilogs.view');
  const list = useListParams();
  // A preset reads back from this moment; Refresh moves it to now, so the list never shifts on its own
  // while someone reads it.
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  const period = list.get('period') || defaultPreset;
  const days = {
    from: list.get('from') || dayInputValue(now, -1),
    to: list.get('to') || dayInputValue(now),
  };
  const resolved = periodOf(period, days, now);
  const [user] = useDebouncedValue(list.get('user').trim(), 300);
  const [route] = useDebouncedValue(list.get('route').trim(), 300);
  const [address] = useDebouncedValue(list.get('address').trim(), 300);
  const method = list.get('method');
  const status = list.get('status');
  const sort = list.get('sort') || '-time';

  const filters: ApiLogFilters | null =
    'problem' in resolved
      ? null
      : {
          from: resolved.from,
          to: resolved.to,
          method: method || undefined,
          status: status || undefined,
          user: user || undefined,
          route: route || undefined,
          address: address || undefined,
          sort: sort === '-time' ? undefined : sort,
        };
  const logs = useApiLogs(
    { ...(filters ?? { from: 0, to: 0 }), limit: pageSize, offset: (list.page - 1) * pageSize },
    allowed && filters !== null,
  );

  if (!allowed) {
    return (
      <>
        <PageHeader title={title} crumbs={crumbs} />
        <NoAccess what="the API logs" />
      </>
    );
  }

  const filtered = Boolean(method || status || textFilters.some((filter) => list.get(filter.key)));
  const clearFilters = () => list.set({ method: null, status: null, user: null, route: null, address: null });
  const refresh = () => {
    setNow(Math.floor(Date.now() / 1000));
    void logs.refetch();
  };

  return (
    <>
      <PageHeader
        title={title}
        description={`Every call made to the API: who made it, when, the route, how it ended, how long it took and from which address. Times in ${displayZoneAbbreviation()}.`}
        crumbs={crumbs}
        actions={
          <Group gap="xs">
            <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={refresh}>
              Refresh
            </Button>
            <ExportCsvButton
              path="export/apilogs"
              query={filters ?? {}}
              filename="api-logs.csv"
              disabled={!filters || !logs.data || logs.data.count === 0}
            />
          </Group>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Group gap="sm" mb="sm" align="flex-start">
          <Select
            label="Period"
            data={[
              ...periodPresets.map((p) => ({ value: p.value, label: p.label })),
              { value: customPeriod, label: 'Days…' },
            ]}
            value={period}
            allowDeselect={false}
            onChange={(value) => list.set({ period: value === defaultPreset ? null : value })}
            w={{ base: '100%', xs: 170 }}
          />
          {period === customPeriod && (
            <>
              <TextInput
                label={`From (${displayZoneAbbreviation()})`}
                type="date"
                value={days.from}
                max={days.to}
                onChange={(event) => list.set({ from: event.currentTarget.value || null })}
                error={'problem' in resolved && resolved.problem === apiLogMessages.periodReversed}
                w={{ base: '100%', xs: 170 }}
              />
              <TextInput
                label={`To (${displayZoneAbbreviation()})`}
                type="date"
                value={days.to}
                min={days.from}
                onChange={(event) => list.set({ to: event.currentTarget.value || null })}
                error={'problem' in resolved ? resolved.problem : undefined}
                w={{ base: '100%', xs: 170 }}
              />
            </>
          )}
          <Select
            label="Method"
            placeholder="Any method"
            clearable
            data={[...apiLogMethods]}
            value={method || null}
            onChange={(value) => list.set({ method: value })}
            w={{ base: '100%', xs: 140 }}
          />
          <Select
            label="Status"
            placeholder="Any status"
            clearable
            data={statusChoices}
            value={status || null}
            onChange={(value) => list.set({ status: value })}
            w={{ base: '100%', xs: 150 }}
          />
        </Group>
        <Group gap="sm" mb="md" align="flex-start">
          {textFilters.map((filter) => (
            <TextInput
              key={filter.key}
              label={filter.label}
              placeholder={filter.placeholder}
              value={list.get(filter.key)}
              onChange={(event) => list.set({ [filter.key]: event.currentTarget.value }, { replace: true })}
              style={{ flex: '1 1 200px' }}
              type="search"
            />
          ))}
        </Group>
        {'problem' in resolved ? (
          <EmptyState
            py="xl"
            icon={<IconCalendarOff size={28} />}
            withIndicatorBackground
            title="Choose the days to read"
            description={resolved.problem}
          />
        ) : logs.isPending ? (
          <TableSkeleton />
        ) : logs.isError ? (
          <LoadError error={logs.error} what={loadNoun} onRetry={() => logs.refetch()} />
        ) : logs.data.results.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconListSearch size={28} />}
            withIndicatorBackground
            title={filtered ? 'No calls match these filters' : 'No calls in this period'}
            description={
              filtered
                ? 'Try other filters or a longer period.'
                : 'Calls to the API appear here a second or two after they are made.'
            }
          >
            {filtered && (
              <EmptyState.Actions>
                <Button variant="default" onClick={clearFilters}>
                  Clear filters
                </Button>
              </EmptyState.Actions>
            )}
          </EmptyState>
        ) : (
          <div style={{ opacity: logs.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
            <ApiLogsTable
              logs={logs.data.results}
              sort={sort}
              onSort={(next) => list.set({ sort: next === '-time' ? null : next })}
            />
          </div>
        )}
        {logs.data && logs.data.count > 0 && filters && (
          <ListFooter
            count={logs.data.count}
            page={list.page}
            pageSize={pageSize}
            noun="records"
            onPage={(page) => list.set({ page: String(page) }, { resetPage: false })}
          />
        )}
      </Paper>
    </>
  );
}
