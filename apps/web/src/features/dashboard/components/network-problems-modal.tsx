import { eventTypes } from '@lightpath/domain/events';
import { Badge, EmptyState, Group, Table, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { ServiceConditionBadge, SiteConditionBadge } from '../../../components/condition-badges';
import { useSession } from '../../../lib/session';
import { useNetworkProblems } from '../api/list-network-problems';
import { dashboardRowsNavigate, initialSide, type ToggleSide } from '../dashboard-rows';
import { ModalTable, SideToggleModal, useRowLink } from './side-toggle-modal';

function Calm({ what }: { what: string }) {
  return (
    <EmptyState
      py="xl"
      size="sm"
      icon={<IconCircleCheck size={24} />}
      color="teal"
      variant="light"
      title={`No ${what} affected`}
      description="Nothing on the network is in works, a hazard window or an outage right now."
    />
  );
}

type Props = { opened: boolean; onClose: () => void; startSide?: ToggleSide };

export function NetworkProblemsModal({ opened, onClose, startSide }: Props) {
  const { actor } = useSession();
  const problems = useNetworkProblems(opened);
  const navigates = dashboardRowsNavigate(actor.type);
  const [chosen, setChosen] = useState<ToggleSide | null>(startSide ?? null);
  // Each opening starts on the side the user clicked (or the first with something in it).
  const [wasOpened, setWasOpened] = useState(opened);
  if (wasOpened !== opened) {
    setWasOpened(opened);
    if (opened) setChosen(startSide ?? null);
  }
  const rows = useRowLink(onClose);
  const data = problems.data;
  const side = chosen ?? (data ? initialSide(data.sites.length, data.services.length) : 'sites');

  return (
    <SideToggleModal
      title="Current Network Problems"
      opened={opened}
      onClose={onClose}
      side={side}
      onSide={setChosen}
      counts={data ? { sites: data.sites.length, services: data.services.length } : null}
      loading={problems.isPending}
      error={problems.error}
      what="current network problems"
      onRetry={() => problems.refetch()}
    >
      {data && side === 'sites' ? (
        data.sites.length === 0 ? (
          <Calm what="sites" />
        ) : (
          <ModalTable head={['Site', 'Name', 'Customer', 'Condition']}>
            {data.sites.map((site) => {
              const to = navigates ? `/site/${site.siteid}` : null;
              return (
                <Table.Tr key={site.siteid} {...rows.rowProps(to)}>
                  <Table.Td ff="monospace">{rows.cell(to, site.sitenumber)}</Table.Td>
                  <Table.Td>
                    <Text fz="sm">{site.sitename}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{site.customercode}</Text>
                  </Table.Td>
                  <Table.Td>
                    <SiteConditionBadge condition={site.condition} status={1} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </ModalTable>
        )
      ) : data ? (
        data.services.length === 0 ? (
          <Calm what="services" />
        ) : (
          <ModalTable head={['Service', 'Description', 'Customer', 'Condition', 'Events']}>
            {data.services.map((service) => {
              const to = navigates ? `/service/${encodeURIComponent(service.serviceid)}` : null;
              return (
                <Table.Tr key={service.serviceid} {...rows.rowProps(to)}>
                  <Table.Td ff="monospace">{rows.cell(to, service.serviceid)}</Table.Td>
                  <Table.Td>
                    <Text fz="sm">{service.description}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{service.customercode}</Text>
                  </Table.Td>
                  <Table.Td>
                    {/* The list holds enabled services only. */}
                    <ServiceConditionBadge condition={service.condition} status={1} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {service.events.map((event) => (
                        <Badge
                          key={event.eventid}
                          size="xs"
                          variant="light"
                          color={eventTypes[event.type]?.colour ?? 'gray'}
                          style={{ textTransform: 'none' }}
                          title={eventTypes[event.type]?.label}
                        >
                          {event.title}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </ModalTable>
        )
      ) : null}
    </SideToggleModal>
  );
}
