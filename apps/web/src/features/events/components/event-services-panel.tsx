import type { ServiceCondition } from '@lightpath/domain/conditions';
import type { EventService } from '@lightpath/domain/events';
import { Anchor, EmptyState, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconRoute } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ServiceConditionBadge } from '../../../components/condition-badges';
import { Panel } from '../../../components/panel';
import { ServiceStatusBadge, ServiceTypeBadge } from '../../../components/service-badges';
import { serviceRoute } from '../../../lib/service-links';

type Props = { services: EventService[]; showCustomer: boolean };

function ServiceLink({ service }: { service: EventService }) {
  return (
    <Anchor component={Link} to={serviceRoute(service.serviceid)} ff="monospace" fz="sm" fw={600}>
      {service.serviceid}
    </Anchor>
  );
}

function ends(service: EventService): string {
  return [service.aendsitename, service.bendsitename].filter(Boolean).join(' ↔ ') || '—';
}

function Condition({ service }: { service: EventService }) {
  return <ServiceConditionBadge condition={service.condition as ServiceCondition} status={service.status} />;
}

// The services the event names, with their condition now (from every current event, not only this one).
export function EventServicesPanel({ services, showCustomer }: Props) {
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <Panel title="Services" count={services.length}>
      {services.length === 0 ? (
        <EmptyState
          py="lg"
          size="sm"
          icon={<IconRoute size={22} />}
          title="No services"
          description="This event names none of the services you can see."
        />
      ) : narrow ? (
        <Stack gap="xs">
          {services.map((service) => (
            <Paper key={service.serviceid} withBorder radius="md" p="sm">
              <Stack gap={4}>
                <Group justify="space-between" gap="xs">
                  <ServiceLink service={service} />
                  <Condition service={service} />
                </Group>
                <Text fz="sm">{service.description}</Text>
                <Text fz="xs" c="dimmed">
                  {showCustomer ? `${service.customercode} · ` : ''}
                  {ends(service)}
                </Text>
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Service</Table.Th>
                <Table.Th>Description and sites</Table.Th>
                <Table.Th>Condition</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {services.map((service) => (
                <Table.Tr key={service.serviceid}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <ServiceTypeBadge serviceid={service.serviceid} />
                      <ServiceLink service={service} />
                      {service.status !== 1 && <ServiceStatusBadge status={service.status} size="xs" />}
                    </Group>
                    {showCustomer && (
                      <Text fz="xs" c="dimmed" ff="monospace" mt={2}>
                        {service.customercode}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{service.description}</Text>
                    <Text fz="xs" c="dimmed">
                      {ends(service)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Condition service={service} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Panel>
  );
}
