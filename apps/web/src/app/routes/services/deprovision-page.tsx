import { can } from '@lightpath/domain/permissions';
import { type ServiceSummary, serviceTypeOf } from '@lightpath/domain/services';
import { Anchor, Button, EmptyState, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArchive, IconPlugConnectedX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ServiceConditionBadge } from '../../../components/condition-badges';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { ListFooter } from '../../../components/list-footer';
import { LoadError } from '../../../components/load-error';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { ServiceStatusBadge, ServiceTypeBadge } from '../../../components/service-badges';
import { TableSkeleton } from '../../../components/table-skeleton';
import { useService } from '../../../features/services/api/get-service';
import { Fact, FactList } from '../../../features/services/components/fact-list';
import { useConfirmDeprovision } from '../../../features/services/components/service-confirms';
import { ServicePicker } from '../../../features/services/components/service-picker';
import { ServicesTable } from '../../../features/services/components/services-table';
import { SiteEnd } from '../../../features/services/components/site-end';
import { formatServiceDate } from '../../../features/services/format-service-date';
import { useSiteVisibility } from '../../../features/services/use-site-visibility';
import { useServices } from '../../../lib/queries/list-services';
import { serviceRoute } from '../../../lib/service-links';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';

const title = 'Deprovision Service';
const crumbs = [{ label: 'Services', to: '/services' }, { label: title }];
const pageSize = 100;

function Summary({
  chosen,
  onDeprovision,
  pending,
}: {
  chosen: ServiceSummary;
  onDeprovision: () => void;
  pending: boolean;
}) {
  // The summary row is enough to decide; the full record adds path and patching when it arrives.
  const detail = useService(chosen.serviceid);
  const canOpenSite = useSiteVisibility();
  const { letter } = serviceTypeOf(chosen.serviceid);
  const service = detail.data ?? chosen;
  return (
    <Paper withBorder radius="md" p="md" bg="var(--lp-color-page)">
      <Stack gap="sm">
        <Group gap={8} wrap="wrap">
          <ServiceTypeBadge serviceid={service.serviceid} withName />
          <Anchor component={Link} to={serviceRoute(service.serviceid)} ff="monospace" fw={700}>
            {service.serviceid}
          </Anchor>
          <ServiceStatusBadge status={service.status} />
          <ServiceConditionBadge condition={service.condition} status={service.status} />
        </Group>
        <Text fz="sm">{service.description}</Text>
        <Grid gap="sm">
          <Grid.Col span={{ base: 6 }}>
            <Text fz={11} c="dimmed" tt="uppercase" fw={600}>
              A end
            </Text>
            <SiteEnd
              end="A"
              letter={letter}
              siteid={service.aendsiteid}
              sitenumber={service.aendsitenumber}
              sitename={service.aendsitename}
              linked={canOpenSite(service.aendsiteid)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6 }}>
            <Text fz={11} c="dimmed" tt="uppercase" fw={600}>
              B end
            </Text>
            <SiteEnd
              end="B"
              letter={letter}
              siteid={service.bendsiteid}
              sitenumber={service.bendsitenumber}
              sitename={service.bendsitename}
              linked={canOpenSite(service.bendsiteid)}
            />
          </Grid.Col>
        </Grid>
        {detail.isPending ? (
          <Skeleton h={80} />
        ) : (
          <FactList>
            <Fact label="Customer">{detail.data?.customername ?? service.customercode}</Fact>
            <Fact label="Speed">{service.speed || '—'}</Fact>
            <Fact label="Diversity">{service.diversity || '—'}</Fact>
            <Fact label="Provisioned">{formatServiceDate(service.provisiondate)}</Fact>
            {detail.data?.path && <Fact label="Path">{detail.data.path}</Fact>}
          </FactList>
        )}
        <Group justify="flex-end">
          <Button
            color="red"
            leftSection={<IconPlugConnectedX size={16} />}
            onClick={onDeprovision}
            loading={pending}
            disabled={service.status === 0}
          >
            Deprovision {service.serviceid}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

// Spec 2.2 / 2.4 (NOC): choose an active service, check it, confirm, and it is disabled. Below, the
// services deprovisioned most recently.
export function DeprovisionPage() {
  usePageTitle(title);
  const { actor } = useSession();
  const allowed = can(actor, 'services.manage');
  const list = useListParams();
  const [chosen, setChosen] = useState<ServiceSummary | null>(null);
  const deprovision = useConfirmDeprovision();
  const canOpenSite = useSiteVisibility();
  const recentFilters = { status: 0, sort: '-provisiondate' };
  const recent = useServices(
    { ...recentFilters, limit: pageSize, offset: (list.page - 1) * pageSize },
    allowed,
  );

  if (!allowed) {
    return (
      <>
        <PageHeader title={title} crumbs={crumbs} />
        <NoAccess what="deprovisioning services" />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={title}
        description="Take a service out of use. Its record and history are kept."
        crumbs={crumbs}
      />
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
          <Stack gap="md" maw={760}>
            <ServicePicker
              label="Service"
              description="Only active services are offered"
              status={1}
              value={chosen}
              onChange={setChosen}
              autoFocus
            />
            {chosen ? (
              <Summary
                chosen={chosen}
                pending={deprovision.pending}
                onDeprovision={() => deprovision.confirm(chosen, () => setChosen(null))}
              />
            ) : (
              <Text fz="sm" c="dimmed">
                Choose a service to see its summary before deprovisioning it.
              </Text>
            )}
          </Stack>
        </Paper>
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'sm', sm: 'md' }}
          shadow="xs"
          component="section"
          aria-label="Recently deprovisioned"
        >
          <Group justify="space-between" mb="sm">
            <Title order={2} fz="md">
              Recently deprovisioned
            </Title>
            <ExportCsvButton
              path="export/services"
              query={recentFilters}
              filename="deprovisioned-services.csv"
              disabled={!recent.data || recent.data.count === 0}
            />
          </Group>
          {recent.isPending ? (
            <TableSkeleton rows={4} />
          ) : recent.isError ? (
            <LoadError error={recent.error} what="services" onRetry={() => recent.refetch()} />
          ) : recent.data.results.length === 0 ? (
            <EmptyState
              py="lg"
              icon={<IconArchive size={26} />}
              withIndicatorBackground
              title="Nothing deprovisioned yet"
              description="Deprovisioned services are listed here."
            />
          ) : (
            <>
              <ServicesTable services={recent.data.results} showCustomer canOpenSite={canOpenSite} />
              <ListFooter
                count={recent.data.count}
                exact={recent.data.countexact !== false}
                page={list.page}
                pageSize={pageSize}
                noun="services"
                onPage={(page) => list.set({ page: String(page) }, { resetPage: false })}
              />
            </>
          )}
        </Paper>
      </Stack>
    </>
  );
}
