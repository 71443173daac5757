import { can } from '@lightpath/domain/permissions';
import { formatReportPeriod } from '@lightpath/domain/report-period';
import {
  serviceReportDefinitions,
  serviceReportMessages,
  serviceReportName,
} from '@lightpath/domain/service-reports';
import { slaDefinitions } from '@lightpath/domain/sla-reports';
import { usageDefinition } from '@lightpath/domain/usage-reports';
import { EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconReportAnalytics } from '@tabler/icons-react';
import { LoadError } from '../../../components/load-error';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { ReportDownloads } from '../../../components/report-downloads';
import { ReportPeriodPicker } from '../../../components/report-period-picker';
import { TableSkeleton } from '../../../components/table-skeleton';
import {
  serviceReportPath,
  useServiceReport,
} from '../../../features/service-reports/api/get-service-report';
import { ServicePicker } from '../../../features/service-reports/components/service-picker';
import { ServiceReportEvents } from '../../../features/service-reports/components/service-report-events';
import { ServiceReportMonths } from '../../../features/service-reports/components/service-report-months';
import { ServiceReportSummary } from '../../../features/service-reports/components/service-report-summary';
import { ServiceReportTickets } from '../../../features/service-reports/components/service-report-tickets';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';
import { useReportPeriod } from '../../../lib/use-report-period';

const title = 'Service Report';
const crumbs = [{ label: 'Reports' }, { label: title }];
const loadNoun = serviceReportMessages.loadFailed.replace('An error occurred retrieving ', '');
const definitions = [
  ...Object.values(slaDefinitions),
  usageDefinition,
  ...Object.values(serviceReportDefinitions),
];

function Section({ heading, children }: { heading: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Title order={2} fz="lg" mb="sm">
        {heading}
      </Title>
      {children}
    </Paper>
  );
}

// Issue 17: one service over a period: what it is, its availability against its target, the events
// and tickets on it and its monthly utilisation (docs/decisions/040). The service and the period are
// in the URL, so a link to the report opens the same one.
export function ServiceReportPage() {
  const { actor } = useSession();
  const allowed = can(actor, 'reports.view');
  const list = useListParams();
  const period = useReportPeriod('last-quarter');
  const serviceid = list.get('service').trim().toUpperCase();
  const params = serviceid && period.query ? { serviceid, ...period.query } : null;
  const report = useServiceReport(params, allowed);
  const data = report.data;
  usePageTitle(serviceid ? `${title} · ${serviceid}` : title);

  if (!allowed) {
    return (
      <>
        <PageHeader title={title} crumbs={crumbs} />
        <NoAccess what="service reports" />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={title}
        description="One service over a period: its availability against its target, the events and tickets on it, and its monthly utilisation."
        crumbs={crumbs}
        actions={
          <Group gap="xs">
            <ReportDownloads
              path={serviceReportPath(serviceid || '-')}
              query={period.query ?? {}}
              name={serviceReportName({ serviceid, from: period.from, to: period.to })}
              disabled={!params || !data || report.isError}
            />
          </Group>
        }
      />
      <Stack gap="md">
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <ServicePicker
              value={serviceid}
              label={
                data && data.service.serviceid === serviceid
                  ? `${serviceid} · ${data.service.description}`
                  : undefined
              }
              onChange={(value) => list.set({ service: value })}
            />
            <ReportPeriodPicker period={period} />
          </Group>
        </Paper>

        {!serviceid ? (
          <Paper withBorder radius="lg" shadow="xs">
            <EmptyState
              py="xl"
              icon={<IconReportAnalytics size={28} />}
              withIndicatorBackground
              title="Choose a service"
              description="Search for a service above to see its availability, events, tickets and utilisation over the period."
            />
          </Paper>
        ) : report.isError ? (
          <LoadError error={report.error} what={loadNoun} onRetry={() => report.refetch()} />
        ) : !params ? null : !data ? (
          <TableSkeleton />
        ) : (
          <div style={{ opacity: report.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
            <Stack gap="md">
              <Section heading={`${data.service.serviceid} · ${formatReportPeriod(data)}`}>
                <ServiceReportSummary report={data} />
              </Section>
              <Section heading="Availability and utilisation by month">
                <ServiceReportMonths months={data.months} />
              </Section>
              <Section heading="Events">
                <ServiceReportEvents events={data.events} />
              </Section>
              <Section heading="Tickets">
                <ServiceReportTickets tickets={data.tickets} />
              </Section>
              <Section heading="How the figures are made">
                <Stack gap={4}>
                  {definitions.map((line) => (
                    <Text key={line} fz="sm">
                      {line}
                    </Text>
                  ))}
                  <Text fz="sm" c="dimmed">
                    Months and days are the portal's ({data.zone}); times are shown in yours.
                  </Text>
                </Stack>
              </Section>
            </Stack>
          </div>
        )}
      </Stack>
    </>
  );
}
