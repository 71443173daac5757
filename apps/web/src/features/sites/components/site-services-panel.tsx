import type { ServiceSummary } from '@lightpath/domain/services';
import { serviceTypeOf } from '@lightpath/domain/services';
import { Anchor, Badge, EmptyState, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconRoute } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ServiceConditionBadge } from '../../../components/condition-badges';
import { LoadError } from '../../../components/load-error';
import { Panel } from '../../../components/panel';
import { TableSkeleton } from '../../../components/table-skeleton';
import { useSiteServices } from '../api/list-site-services';

function ServiceLink({ service }: { service: ServiceSummary }) {
  return (
    <Anchor component={Link} to={`/service/${encodeURIComponent(service.serviceid)}`} ff="monospace" fz="sm">
      {service.serviceid}
    </Anchor>
  );
}

// The far end seen from this site: the B end for services starting here, else the A end.
function otherEnd(service: ServiceSummary, siteid: number): string {
  if (service.aendsiteid === siteid) {
    return service.bendsitename ? `${service.bendsitenumber ?? ''} ${service.bendsitename}`.trim() : '—';
  }
  return `${service.aendsitenumber} ${service.aendsitename}`;
}

export function SiteServicesPanel({ siteid }: { siteid: number }) {
  const services = useSiteServices(siteid);
  const narrow = useMediaQuery('(max-width: 48em)');

  return (
    <Panel title="Services" count={services.data?.length}>
      {services.isPending ? (
        <TableSkeleton rows={3} />
      ) : services.isError ? (
        <LoadError error={services.error} what="services" onRetry={() => services.refetch()} />
      ) : services.data.length === 0 ? (
        <EmptyState
          py="lg"
          size="sm"
          icon={<IconRoute size={22} />}
          title="No services at this site"
          description="Services that start or end here appear in this list."
        />
      ) : narrow ? (
        <Stack gap="xs">
          {services.data.map((service) => (
            <Paper key={service.serviceid} withBorder radius="md" p="sm">
              <Stack gap={4}>
                <Group justify="space-between" gap="xs">
                  <ServiceLink service={service} />
                  <ServiceConditionBadge condition={service.condition} status={service.status} />
                </Group>
                <Text fz="sm">{service.description}</Text>
                <Text fz="xs" c="dimmed">
                  {serviceTypeOf(service.serviceid).name} · to {otherEnd(service, siteid)}
                </Text>
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Service</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Other end</Table.Th>
                <Table.Th>Speed</Table.Th>
                <Table.Th>Condition</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {services.data.map((service) => {
                const type = serviceTypeOf(service.serviceid);
                return (
                  <Table.Tr key={service.serviceid}>
                    <Table.Td>
                      <ServiceLink service={service} />
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{service.description}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge size="sm" variant="light" color={type.colour} style={{ textTransform: 'none' }}>
                        {type.name}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{otherEnd(service, siteid)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{service.speed ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <ServiceConditionBadge condition={service.condition} status={service.status} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Panel>
  );
}
