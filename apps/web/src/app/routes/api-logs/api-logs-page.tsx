import { apiLogMessages, apiLogMethods, apiLogStatusClasses } from '@lightpath/domain/api-logs';
import { can } from '@lightpath/domain/permissions';
import { Group, Paper, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { RecentLogActions, RecentLogBody } from '../../../components/recent-log';
import { RecentPeriodPicker } from '../../../components/recent-period-picker';
import { type ApiLogFilters, useApiLogs } from '../../../features/api-logs/api/list-api-logs';
import { ApiLogsTable } from '../../../features/api-logs/components/api-logs-table';
import { apiLogPeriodRules } from '../../../features/api-logs/period';
import { useSession } from '../../../lib/session';
import { displayZoneAbbreviation } from '../../../lib/time-zone';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRecentPeriod, withinPeriod } from '../../../lib/use-recent-period';

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
  const period = useRecentPeriod(apiLogPeriodRules);
  const resolved = period.resolved;
  const [user] = useDebouncedValue(list.get('user').trim(), 300);
  const [route] = useDebouncedValue(list.get('route').trim(), 300);
  const [address] = useDebouncedValue(list.get('address').trim(), 300);
  const method = list.get('method');
  const status = list.get('status');
  const sort = list.get('sort') || '-time';

  const filters: ApiLogFilters | null = withinPeriod(resolved, {
    method: method || undefined,
    status: status || undefined,
    user: user || undefined,
    route: route || undefined,
    address: address || undefined,
    sort: sort === '-time' ? undefined : sort,
  });
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

  return (
    <>
      <PageHeader
        title={title}
        description={`Every call made to the API: who made it, when, the route, how it ended, how long it took and from which address. Times in ${displayZoneAbbreviation()}.`}
        crumbs={crumbs}
        actions={
          <RecentLogActions
            period={period}
            list={logs}
            csv={{ path: 'export/apilogs', query: filters, filename: 'api-logs.csv' }}
          />
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Group gap="sm" mb="sm" align="flex-start">
          <RecentPeriodPicker period={period} />
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
        <RecentLogBody
          period={resolved}
          list={logs}
          params={list}
          pageSize={pageSize}
          noun="records"
          what={loadNoun}
          empty={{
            title: 'No calls in this period',
            description: 'Calls to the API appear here a second or two after they are made.',
          }}
          noMatch={filtered && { title: 'No calls match these filters', onClear: clearFilters }}
        >
          {(page) => (
            <ApiLogsTable
              logs={page.results}
              sort={sort}
              onSort={(next) => list.set({ sort: next === '-time' ? null : next })}
            />
          )}
        </RecentLogBody>
      </Paper>
    </>
  );
}
