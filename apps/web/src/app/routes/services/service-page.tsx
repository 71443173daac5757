import { can } from '@lightpath/domain/permissions';
import { hasLogicalBEnd, serviceTypeOf } from '@lightpath/domain/services';
import { slaTargetFor } from '@lightpath/domain/sla-reports';
import { Alert, Button, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconArchive,
  IconPencil,
  IconPlugConnectedX,
  IconReportAnalytics,
  IconTrash,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { ServiceConditionBadge } from '../../../components/condition-badges';
import { DetailPageGate, MainAndSideSkeleton } from '../../../components/detail-page-gate';
import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { ServiceStatusBadge, ServiceTypeBadge } from '../../../components/service-badges';
import { ServiceEventsPanel } from '../../../features/events/components/service-events-panel';
import { useService } from '../../../features/services/api/get-service';
import { EditServiceModal } from '../../../features/services/components/edit-service-modal';
import { Fact, FactList } from '../../../features/services/components/fact-list';
import { PatchingTable } from '../../../features/services/components/patching-table';
import {
  useConfirmDelete,
  useConfirmDeprovision,
} from '../../../features/services/components/service-confirms';
import { ServiceEndCard } from '../../../features/services/components/service-end-card';
import { ServiceThirdParties } from '../../../features/services/components/service-third-parties';
import { formatServiceDate } from '../../../features/services/format-service-date';
import { useSiteVisibility } from '../../../features/services/use-site-visibility';
import { EndToEndCheck } from '../../../features/telemetry/components/end-to-end-check';
import { LightLevelsTable } from '../../../features/telemetry/components/light-levels-table';
import { LinkStatusBadge } from '../../../features/telemetry/components/link-status-badge';
import { OperationalHistoryTable } from '../../../features/telemetry/components/operational-history-table';
import { TrafficChart } from '../../../features/telemetry/components/traffic-chart';
import { UtilisationMeter } from '../../../features/telemetry/components/utilisation-meter';
import { TicketWizard } from '../../../features/tickets/components/ticket-wizard/ticket-wizard';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';

const crumbs = [{ label: 'Services', to: '/services' }];

export function ServicePage() {
  const { serviceid: raw = '' } = useParams();
  const serviceid = raw.trim().toUpperCase();
  const { actor } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const allowed = can(actor, 'services.view');
  const canManage = can(actor, 'services.manage');
  const query = useService(allowed ? serviceid : null);
  const canOpenSite = useSiteVisibility();
  // Spec 7.7: staff who see equipment open an end's port on its shelf.
  const canOpenPorts = can(actor, 'equipment.view');
  const [editing, editModal] = useDisclosure(false);
  // Spec 2.6: Create New Ticket, started from here with this service already chosen.
  const canReport = can(actor, 'tickets.create');
  const [reporting, reportModal] = useDisclosure(false);
  // Issue 17: this service's report (availability, events, tickets, utilisation) over last quarter.
  const canReadReports = can(actor, 'reports.view');
  const deprovision = useConfirmDeprovision();
  const remove = useConfirmDelete();
  usePageTitle(query.data ? `${query.data.serviceid} · ${query.data.description}` : `Service ${serviceid}`);

  if (!allowed || !query.isSuccess) {
    const serviceCrumbs = [...crumbs, { label: serviceid }];
    return (
      <DetailPageGate
        allowed={allowed}
        query={query}
        title={`Service ${serviceid}`}
        crumbs={serviceCrumbs}
        noAccessWhat="services"
        recordWhat="service"
        loadingHeader={{ title: <Skeleton h={28} w={240} />, crumbs: serviceCrumbs }}
        skeleton={<MainAndSideSkeleton main={[150, 260]} />}
      />
    );
  }

  const service = query.data;
  const letter = serviceTypeOf(service.serviceid).letter ?? '';
  const disabled = service.status === 0;
  const leave = () => {
    navigate('/services', { replace: true });
    // Dropped after leaving, so the page does not refetch a record that no longer exists.
    queryClient.removeQueries({ queryKey: ['services', 'detail', service.serviceid] });
  };

  return (
    <>
      <PageHeader
        title={
          <Text
            component="span"
            ff="monospace"
            fz="inherit"
            fw="inherit"
            style={{ overflowWrap: 'anywhere' }}
          >
            {service.serviceid}
          </Text>
        }
        description={service.description}
        crumbs={[...crumbs, { label: service.serviceid }]}
        actions={
          (canReport || canManage || canReadReports) && (
            <>
              {canReadReports && (
                <Button
                  component={Link}
                  to={`/documentation/service-report?service=${encodeURIComponent(service.serviceid)}`}
                  variant="default"
                  leftSection={<IconReportAnalytics size={16} />}
                >
                  Service report
                </Button>
              )}
              {canReport && (
                <Button
                  variant="light"
                  leftSection={<IconAlertCircle size={16} />}
                  onClick={reportModal.open}
                >
                  Report a problem
                </Button>
              )}
              {canManage && (
                <>
                  <Button variant="default" leftSection={<IconPencil size={16} />} onClick={editModal.open}>
                    Edit
                  </Button>
                  {!disabled && (
                    <Button
                      variant="light"
                      color="orange"
                      leftSection={<IconPlugConnectedX size={16} />}
                      onClick={() => deprovision.confirm(service)}
                      loading={deprovision.pending}
                    >
                      Deprovision
                    </Button>
                  )}
                  <Button
                    variant="light"
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    onClick={() => remove.confirm(service, leave)}
                    loading={remove.pending}
                  >
                    Delete
                  </Button>
                </>
              )}
            </>
          )
        }
      />
      <Group gap="xs" mb="md" wrap="wrap">
        <ServiceTypeBadge serviceid={service.serviceid} withName size="md" />
        <ServiceStatusBadge status={service.status} size="md" />
        <ServiceConditionBadge condition={service.condition} status={service.status} size="md" />
      </Group>
      {disabled && (
        <Alert variant="light" color="gray" icon={<IconArchive size={18} />} mb="md">
          This service is deprovisioned
          {service.deprovisionedat ? ` since ${formatDateTime(service.deprovisionedat)}` : ''}. It no longer
          carries traffic.
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <Grid gap="md">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <ServiceEndCard
                  service={service}
                  end="A"
                  linked={canOpenSite(service.aendsiteid)}
                  portLinked={canOpenPorts}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <ServiceEndCard
                  service={service}
                  end="B"
                  linked={canOpenSite(service.bendsiteid)}
                  portLinked={canOpenPorts}
                />
              </Grid.Col>
            </Grid>
            <Panel
              title="Link and traffic"
              actions={<LinkStatusBadge serviceid={service.serviceid} withEnds />}
            >
              <Grid gap="lg">
                <Grid.Col span={{ base: 12, md: 5 }}>
                  <Text fz="sm" fw={600} mb={6}>
                    Utilisation
                  </Text>
                  <UtilisationMeter serviceid={service.serviceid} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 7 }}>
                  <Text fz="sm" fw={600} mb={6}>
                    Traffic
                  </Text>
                  <TrafficChart serviceid={service.serviceid} />
                </Grid.Col>
              </Grid>
            </Panel>
            <Panel title="Patching">
              <PatchingTable patching={service.patching} logicalB={hasLogicalBEnd(letter)} />
            </Panel>
            <Panel title="Operational history">
              <OperationalHistoryTable serviceid={service.serviceid} />
            </Panel>
            <ServiceEventsPanel serviceid={service.serviceid} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <Panel title="Details">
              <FactList>
                <Fact label="Customer">{service.customername || service.customercode}</Fact>
                <Fact label="Speed">{service.speed || '—'}</Fact>
                <Fact label="Diversity">{service.diversity || '—'}</Fact>
                <Fact label="Provisioned">{formatServiceDate(service.provisiondate)}</Fact>
                <Fact label="SLA target">
                  {slaTargetFor({ serviceid: service.serviceid, contracted: service.slatarget })}%
                  {service.slatarget === null ? ' (its type’s)' : ' (contracted)'}
                </Fact>
                <Fact label="Path">{service.path || '—'}</Fact>
                {service.juniperportid && (
                  <Fact label="Juniper port">
                    <Text span ff="monospace" fz="sm">
                      {service.juniperportid}
                    </Text>
                  </Fact>
                )}
              </FactList>
              {service.notes && (
                <Text fz="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {service.notes}
                </Text>
              )}
            </Panel>
            <Panel title="Light levels">
              <LightLevelsTable serviceid={service.serviceid} />
            </Panel>
            <Panel title="End-to-end check">
              <EndToEndCheck serviceid={service.serviceid} />
            </Panel>
            {canManage && (
              <Panel title="Third-party circuits">
                <ServiceThirdParties serviceid={service.serviceid} />
              </Panel>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      {canManage && editing && <EditServiceModal service={service} opened onClose={editModal.close} />}
      {canReport && (
        <TicketWizard opened={reporting} onClose={reportModal.close} initialServices={[service.serviceid]} />
      )}
    </>
  );
}
