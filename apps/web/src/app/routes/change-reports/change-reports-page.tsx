import {
  changeReportDefaultSort,
  changeReportFilename,
  changeReportMessages,
  changeTypeLabels,
} from '@lightpath/domain/change-reports';
import { eventPriorities } from '@lightpath/domain/events';
import { can } from '@lightpath/domain/permissions';
import { formatReportPeriod } from '@lightpath/domain/report-period';
import { isProviderType } from '@lightpath/domain/user-types';
import {
  Button,
  EmptyState,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCalendarOff, IconCalendarSearch, IconSearch } from '@tabler/icons-react';
import { CountBarChart } from '../../../components/count-bar-chart';
import { CustomerFilter } from '../../../components/customer-filter';
import { ListFooter } from '../../../components/list-footer';
import { LoadError } from '../../../components/load-error';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { ReportDownloads } from '../../../components/report-downloads';
import { ReportPeriodPicker } from '../../../components/report-period-picker';
import { TableSkeleton } from '../../../components/table-skeleton';
import {
  type ChangeReportFilters,
  useChangeReport,
} from '../../../features/change-reports/api/get-change-report';
import { ChangeReportCounts } from '../../../features/change-reports/components/change-report-counts';
import { ChangeReportTable } from '../../../features/change-reports/components/change-report-table';
import { useAllCustomers } from '../../../lib/queries/list-customers';
import { useSession } from '../../../lib/session';
import { displayZoneAbbreviation } from '../../../lib/time-zone';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';
import { useReportPeriod } from '../../../lib/use-report-period';

const pageSize = 50;
const title = 'Change Management Reports';
const crumbs = [{ label: 'Reports' }, { label: title }];
const loadNoun = changeReportMessages.loadFailed.replace('An error occurred retrieving ', '');
const typeOptions = ([1, 2] as const).map((type) => ({ value: String(type), label: changeTypeLabels[type] }));
const priorityOptions = Object.entries(eventPriorities).map(([value, label]) => ({ value, label }));
const series = [
  { name: 'scheduledworks', label: changeTypeLabels[1], color: 'blue.6' },
  { name: 'hazards', label: changeTypeLabels[2], color: 'yellow.6' },
];

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder radius="lg" p="md" shadow="xs">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value.toLocaleString('en-AU')}
      </Text>
    </Paper>
  );
}

// Issue 17: the change board's month of scheduled works and hazards, by priority, approver and customer.
export function ChangeReportsPage() {
  usePageTitle(title);
  const { actor } = useSession();
  const allowed = can(actor, 'reports.view');
  const provider = isProviderType(actor.type);
  const list = useListParams();
  const period = useReportPeriod('this-month');
  const [q] = useDebouncedValue(list.get('q').trim(), 300);
  const customer = list.get('customer');
  const type = list.get('type');
  const priority = list.get('priority');
  const approver = list.get('approver');
  const sort = list.get('sort') || changeReportDefaultSort;
  const customers = useAllCustomers(provider && allowed);

  const filters: ChangeReportFilters | null = period.query && {
    ...period.query,
    customer: provider && customer ? Number(customer) : undefined,
    type: type === '1' || type === '2' ? (Number(type) as 1 | 2) : undefined,
    priority: priority ? Number(priority) : undefined,
    approver: approver || undefined,
    q: q || undefined,
    sort: sort === changeReportDefaultSort ? undefined : sort,
  };
  const report = useChangeReport(
    { ...(filters ?? { from: '', to: '' }), limit: pageSize, offset: (list.page - 1) * pageSize },
    allowed && filters !== null,
  );

  if (!allowed) {
    return (
      <>
        <PageHeader title={title} crumbs={crumbs} />
        <NoAccess what="the change management reports" />
      </>
    );
  }

  const filtered = Boolean(customer || type || priority || approver || list.get('q'));
  const clearFilters = () =>
    list.set({ customer: null, type: null, priority: null, approver: null, q: null });
  const data = report.data;
  // The approvers this period has, and the one chosen even when the filters leave it no event.
  const approverOptions = [
    ...new Set([...(data?.summary.byapprover.map((a) => a.approver) ?? []), ...(approver ? [approver] : [])]),
  ];

  return (
    <>
      <PageHeader
        title={title}
        description={`Scheduled works and planned hazard windows that start in the period${
          provider ? '' : ' on your services'
        }. Weeks and months are the portal's (${period.zone}); times in the table are in ${displayZoneAbbreviation()}.`}
        crumbs={crumbs}
        actions={
          <Group gap="xs">
            {filters && (
              <ReportDownloads
                path="reports/changes"
                query={filters}
                name={changeReportFilename(filters, 'csv').replace(/\.csv$/, '')}
                disabled={!data || data.count === 0}
              />
            )}
          </Group>
        }
      />
      <Stack gap="md">
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
          <Group gap="sm" align="flex-start" wrap="wrap">
            <ReportPeriodPicker period={period} />
            {provider && (
              <Stack gap={0}>
                <Text fz="sm" fw={500} mb={2} component="span" aria-hidden="true">
                  Customer
                </Text>
                <CustomerFilter
                  customers={customers.data ?? []}
                  value={customer}
                  onChange={(value) => list.set({ customer: value })}
                />
              </Stack>
            )}
            <Select
              label="Type"
              placeholder="Works and hazards"
              clearable
              data={typeOptions}
              value={type || null}
              onChange={(value) => list.set({ type: value })}
              w={{ base: '100%', xs: 200 }}
            />
            <Select
              label="Priority"
              placeholder="Any priority"
              clearable
              data={priorityOptions}
              value={priority || null}
              onChange={(value) => list.set({ priority: value })}
              w={{ base: '100%', xs: 150 }}
            />
            <Select
              label="Approver"
              placeholder="Any approver"
              clearable
              searchable
              data={approverOptions}
              value={approver || null}
              onChange={(value) => list.set({ approver: value })}
              w={{ base: '100%', xs: 180 }}
            />
            <TextInput
              label="Search"
              placeholder="Title or ticket number"
              leftSection={<IconSearch size={16} />}
              value={list.get('q')}
              onChange={(event) => list.set({ q: event.currentTarget.value }, { replace: true })}
              style={{ flex: '1 1 200px' }}
              type="search"
            />
          </Group>
        </Paper>

        {!filters ? (
          <Paper withBorder radius="lg" p="md" shadow="xs">
            <EmptyState
              py="xl"
              icon={<IconCalendarOff size={28} />}
              withIndicatorBackground
              title="Choose the days to report on"
              description={period.problem ?? undefined}
            />
          </Paper>
        ) : report.isPending ? (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} h={86} radius="lg" />
              ))}
            </SimpleGrid>
            <Skeleton h={240} radius="lg" />
            <TableSkeleton />
          </>
        ) : report.isError ? (
          <LoadError error={report.error} what={loadNoun} onRetry={() => report.refetch()} />
        ) : (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
              <Figure label="Events" value={data!.summary.total} />
              <Figure label={changeTypeLabels[1]} value={data!.summary.scheduledworks} />
              <Figure label={changeTypeLabels[2]} value={data!.summary.hazards} />
              <Figure
                label="Critical or high"
                value={data!.summary.bypriority
                  .filter((p) => p.priority <= 2)
                  .reduce((sum, p) => sum + p.count, 0)}
              />
            </SimpleGrid>
            <Paper
              withBorder
              radius="lg"
              p={{ base: 'sm', sm: 'md' }}
              shadow="xs"
              component="section"
              aria-label="Chart"
            >
              <Title order={2} fz="md" mb="sm">
                {data!.summary.unit === 'week' ? 'By week' : 'By month'}, {formatReportPeriod(data!.period)}
              </Title>
              <CountBarChart
                rows={data!.summary.buckets}
                series={series}
                caption={
                  data!.summary.unit === 'week'
                    ? 'Events by the week they start in, weeks from Monday'
                    : 'Events by the month they start in'
                }
              />
            </Paper>
            <ChangeReportCounts summary={data!.summary} />
            <Paper
              withBorder
              radius="lg"
              p={{ base: 'sm', sm: 'md' }}
              shadow="xs"
              component="section"
              aria-label="Events"
            >
              <Title order={2} fz="md" mb="sm">
                Events
              </Title>
              {data!.results.length === 0 ? (
                <EmptyState
                  py="xl"
                  icon={<IconCalendarSearch size={28} />}
                  withIndicatorBackground
                  title={
                    filtered
                      ? 'No events match these filters'
                      : 'No scheduled works or hazards in this period'
                  }
                  description={
                    filtered ? 'Try other filters or another period.' : 'Choose another period above.'
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
                <div style={{ opacity: report.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
                  <ChangeReportTable
                    rows={data!.results}
                    sort={sort}
                    onSort={(next) => list.set({ sort: next === changeReportDefaultSort ? null : next })}
                  />
                </div>
              )}
              {data!.count > 0 && (
                <ListFooter
                  count={data!.count}
                  page={list.page}
                  pageSize={pageSize}
                  noun="events"
                  onPage={(page) => list.set({ page: String(page) }, { resetPage: false })}
                />
              )}
            </Paper>
          </>
        )}
      </Stack>
    </>
  );
}
