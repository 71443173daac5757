import { can } from '@lightpath/domain/permissions';
import { formatReportPeriod } from '@lightpath/domain/report-period';
import {
  slaDefaultSort,
  slaPdfBreachesOnlyNote,
  slaReportMessages,
  slaReportName,
} from '@lightpath/domain/sla-reports';
import { isProviderType } from '@lightpath/domain/user-types';
import { Button, EmptyState, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconReportAnalytics, IconSearch } from '@tabler/icons-react';
import { CustomerFilter } from '../../../components/customer-filter';
import { ListFooter } from '../../../components/list-footer';
import { LoadError } from '../../../components/load-error';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { ReportDownloads } from '../../../components/report-downloads';
import { ReportPeriodPicker } from '../../../components/report-period-picker';
import { TableSkeleton } from '../../../components/table-skeleton';
import { type SlaReportParams, useSlaReport } from '../../../features/sla-reports/api/get-sla-report';
import { SlaMonthChart } from '../../../features/sla-reports/components/sla-month-chart';
import { SlaServicesTable } from '../../../features/sla-reports/components/sla-services-table';
import { SlaDefinitions, SlaSummary } from '../../../features/sla-reports/components/sla-summary';
import { useAllCustomers } from '../../../lib/queries/list-customers';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';
import { useReportPeriod } from '../../../lib/use-report-period';

const pageSize = 25;
const title = 'SLA Reports';
const crumbs = [{ label: 'Reports' }, { label: title }];
const loadNoun = slaReportMessages.loadFailed.replace('An error occurred retrieving ', '');
const breachedOptions = [
  { value: 'true', label: 'Breached target' },
  { value: 'false', label: 'Met target' },
];

// Issue 17: each service's availability over a period against its target (docs/decisions/037).
export function SlaReportsPage() {
  const { actor } = useSession();
  const allowed = can(actor, 'reports.view');
  const provider = isProviderType(actor.type);
  const list = useListParams();
  const period = useReportPeriod('last-quarter');
  const [q] = useDebouncedValue(list.get('q').trim(), 300);
  const customerid = provider ? list.get('customerid') : '';
  const breachedParam = list.get('breached');
  const breached = breachedParam === 'true' ? true : breachedParam === 'false' ? false : undefined;
  const sort = list.get('sort') || slaDefaultSort;
  usePageTitle(title);
  const customers = useAllCustomers(provider && allowed);

  // The report's query, less paging: the CSV and PDF are made from the same.
  const filters = period.query && {
    ...period.query,
    customerid: customerid ? Number(customerid) : undefined,
    q: q || undefined,
    breached,
    sort,
  };
  const params: SlaReportParams | null = filters && {
    ...filters,
    limit: pageSize,
    offset: (list.page - 1) * pageSize,
  };
  const report = useSlaReport(params, allowed);

  if (!allowed) {
    return (
      <>
        <PageHeader title={title} crumbs={crumbs} />
        <NoAccess what="SLA reports" />
      </>
    );
  }

  const data = report.data;
  const everyCustomer = provider && !customerid;
  const filtered = Boolean(list.get('q') || breachedParam);
  const downloadName = slaReportName({
    from: period.from,
    to: period.to,
    customercode: data?.customer?.customercode,
  });

  return (
    <>
      <PageHeader
        title={title}
        description={
          provider
            ? "Every service's availability against its target, by month, from the outages and works on it."
            : "Your services' availability against their targets, by month, to send on as a PDF."
        }
        crumbs={crumbs}
        actions={
          <Group gap="xs">
            <ReportDownloads
              path="reports/sla"
              query={filters ?? {}}
              name={downloadName}
              disabled={!filters || !data || data.summary.services === 0}
            />
          </Group>
        }
      />
      <Stack gap="md">
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <ReportPeriodPicker period={period} />
            {provider && (
              <CustomerFilter
                customers={customers.data ?? []}
                value={customerid}
                onChange={(value) => list.set({ customerid: value })}
              />
            )}
          </Group>
          {everyCustomer && (
            <Text fz="xs" c="dimmed" mt="xs">
              {slaPdfBreachesOnlyNote}
            </Text>
          )}
        </Paper>

        {report.isError ? (
          <LoadError error={report.error} what={loadNoun} onRetry={() => report.refetch()} />
        ) : !filters ? null : !data ? (
          <TableSkeleton />
        ) : (
          <>
            <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
              <Title order={2} fz="lg" mb="sm">
                {data.customer ? `${data.customer.customername} · ` : provider ? 'All customers · ' : ''}
                {formatReportPeriod(data)}
              </Title>
              <Stack gap="md">
                <SlaSummary summary={data.summary} />
                {data.summary.services > 0 && <SlaMonthChart months={data.months} />}
              </Stack>
            </Paper>

            <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
              <Title order={2} fz="lg" mb="sm">
                Services
              </Title>
              <Group gap="sm" mb="md" align="flex-end">
                <TextInput
                  aria-label="Search services"
                  placeholder={
                    provider
                      ? 'Search by service, description or customer'
                      : 'Search by service or description'
                  }
                  leftSection={<IconSearch size={16} />}
                  value={list.get('q')}
                  onChange={(event) => list.set({ q: event.currentTarget.value }, { replace: true })}
                  style={{ flex: '1 1 240px' }}
                  type="search"
                />
                <Select
                  aria-label="Met or breached"
                  placeholder="Met or breached"
                  clearable
                  data={breachedOptions}
                  value={breachedParam || null}
                  onChange={(value) => list.set({ breached: value })}
                  w={{ base: '100%', xs: 190 }}
                />
              </Group>
              {data.results.length === 0 ? (
                <EmptyState
                  py="xl"
                  icon={<IconReportAnalytics size={28} />}
                  withIndicatorBackground
                  title={
                    filtered ? 'No services match these filters' : 'No services in service in this period'
                  }
                  description={
                    filtered
                      ? 'Try a different search or clear the filters.'
                      : 'Choose another period: a service is measured only while it is in service.'
                  }
                >
                  {filtered && (
                    <EmptyState.Actions>
                      <Button variant="default" onClick={() => list.set({ q: null, breached: null })}>
                        Clear filters
                      </Button>
                    </EmptyState.Actions>
                  )}
                </EmptyState>
              ) : (
                <div style={{ opacity: report.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
                  <SlaServicesTable
                    rows={data.results}
                    months={data.months.map((m) => m.month)}
                    sort={sort}
                    onSort={(next) => list.set({ sort: next })}
                    showCustomer={everyCustomer}
                  />
                </div>
              )}
              {data.count > 0 && (
                <ListFooter
                  count={data.count}
                  page={list.page}
                  pageSize={pageSize}
                  noun="services"
                  onPage={(page) => list.set({ page: String(page) }, { resetPage: false })}
                />
              )}
            </Paper>

            <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
              <Title order={2} fz="lg" mb="xs">
                How availability is measured
              </Title>
              <SlaDefinitions />
            </Paper>
          </>
        )}
      </Stack>
    </>
  );
}
