import { can } from '@lightpath/domain/permissions';
import {
  type UsageLabelFilter,
  usageDefinition,
  usageLabelFilters,
  usageReportDefaultSort,
  usageReportFilename,
  usageReportMessages,
} from '@lightpath/domain/usage-reports';
import { isProviderType } from '@lightpath/domain/user-types';
import { Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconGauge, IconSearch } from '@tabler/icons-react';
import { CustomerFilter } from '../../../components/customer-filter';
import { ListPanel } from '../../../components/list-panel';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { ReportDownloads } from '../../../components/report-downloads';
import { ReportPeriodPicker } from '../../../components/report-period-picker';
import { TableSkeleton } from '../../../components/table-skeleton';
import { useUsageReport } from '../../../features/usage-reports/api/get-usage-report';
import { UsageChart } from '../../../features/usage-reports/components/usage-chart';
import { UsageTable } from '../../../features/usage-reports/components/usage-table';
import { useAllCustomers } from '../../../lib/queries/list-customers';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';
import { useReportPeriod } from '../../../lib/use-report-period';

const pageSize = 25;
const title = 'Usage Reports';
const crumbs = [{ label: 'Reports' }, { label: title }];
const loadNoun = usageReportMessages.loadFailed.replace('An error occurred retrieving ', '');
const labelOptions = Object.entries(usageLabelFilters).map(([value, label]) => ({ value, label }));
const isLabel = (value: string): value is UsageLabelFilter => value in usageLabelFilters;

export function UsageReportsPage() {
  const { actor } = useSession();
  const allowed = can(actor, 'reports.view');
  const provider = isProviderType(actor.type);
  const list = useListParams();
  const period = useReportPeriod('last-12-months');
  const [q] = useDebouncedValue(list.get('q').trim(), 300);
  const customer = list.get('customer');
  const labelParam = list.get('label');
  const label = isLabel(labelParam) ? labelParam : undefined;
  const sort = list.get('sort') || usageReportDefaultSort;
  usePageTitle(title);
  const showCustomer = provider && allowed;
  const customers = useAllCustomers(showCustomer);

  const filters = period.query
    ? {
        ...period.query,
        customer: showCustomer && customer ? Number(customer) : undefined,
        label,
        q: q || undefined,
        sort,
      }
    : null;
  const report = useUsageReport(
    allowed && filters ? { ...filters, limit: pageSize, offset: (list.page - 1) * pageSize } : null,
  );

  if (!allowed) {
    return (
      <>
        <PageHeader title={title} crumbs={crumbs} />
        <NoAccess what="usage reports" />
      </>
    );
  }

  const filtered = Boolean(list.get('q') || customer || label);
  return (
    <>
      <PageHeader
        title={title}
        description={
          provider
            ? "Which services ran hot: each service's monthly 95th percentile against its line rate."
            : "How hard your services ran: each one's monthly 95th percentile against its line rate."
        }
        crumbs={crumbs}
        actions={
          <Group gap="xs">
            {filters && (
              <ReportDownloads
                path="reports/usage"
                query={filters}
                name={usageReportFilename(filters, 'csv').replace(/\.csv$/, '')}
                disabled={!report.data || report.data.count === 0}
              />
            )}
          </Group>
        }
      />
      <Stack gap="md">
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
          <Stack gap="sm">
            <ReportPeriodPicker period={period} />
            <Text fz="sm" c="dimmed">
              {usageDefinition}
            </Text>
            <Title order={2} fz="md">
              Services by label, per month
            </Title>
            {report.isPending && filters ? (
              <TableSkeleton />
            ) : report.data ? (
              <UsageChart months={report.data.months} />
            ) : null}
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
          <Title order={2} fz="md" mb="sm">
            Services
          </Title>
          <Group gap="sm" mb="md" align="flex-end">
            <TextInput
              aria-label="Search services"
              placeholder={
                provider ? 'Search by service, description or customer' : 'Search by service or description'
              }
              leftSection={<IconSearch size={16} />}
              value={list.get('q')}
              onChange={(event) => list.set({ q: event.currentTarget.value }, { replace: true })}
              style={{ flex: '1 1 240px' }}
              type="search"
            />
            {showCustomer && (
              <CustomerFilter
                customers={customers.data ?? []}
                value={customer}
                onChange={(value) => list.set({ customer: value })}
              />
            )}
            <Select
              aria-label="Label"
              placeholder="Any label"
              clearable
              data={labelOptions}
              value={label ?? null}
              onChange={(value) => list.set({ label: value })}
              w={{ base: '100%', xs: 190 }}
            />
          </Group>
          {!filters ? (
            <Text fz="sm">{period.problem}</Text>
          ) : (
            <ListPanel
              list={report}
              params={list}
              pageSize={pageSize}
              noun="services"
              what={loadNoun}
              empty={{
                icon: <IconGauge size={28} />,
                title: 'No usage measured in this period',
                description: 'Figures appear once the month has been measured; choose another period.',
              }}
              noMatch={
                filtered && {
                  onClear: () => list.set({ q: null, customer: null, label: null }),
                }
              }
            >
              {(page) => (
                <UsageTable
                  rows={page.results}
                  sort={sort}
                  onSort={(next) => list.set({ sort: next })}
                  showCustomer={showCustomer}
                />
              )}
            </ListPanel>
          )}
        </Paper>
      </Stack>
    </>
  );
}
