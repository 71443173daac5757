import { type ServiceSummary, serviceTypeOf } from '@lightpath/domain/services';
import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { ServiceConditionBadge } from '../../../components/condition-badges';
import { ServiceStatusBadge, ServiceTypeBadge } from '../../../components/service-badges';
import { SortableTh } from '../../../components/sortable-th';
import { serviceRoute } from '../../../lib/service-links';
import { formatServiceDate } from '../format-service-date';
import { SiteEnd } from './site-end';

type Props = {
  services: ServiceSummary[];
  showCustomer: boolean;
  canOpenSite: (siteid: number | null) => boolean;
  // Without these the headers are plain (e.g. a network's member list, which is not paged).
  sort?: string;
  onSort?: (sort: string) => void;
};

function ServiceCell({ service }: { service: ServiceSummary }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Group gap={6} wrap="nowrap">
        <ServiceTypeBadge serviceid={service.serviceid} />
        <Anchor component={Link} to={serviceRoute(service.serviceid)} fw={600} fz="sm" ff="monospace">
          {service.serviceid}
        </Anchor>
        {service.status !== 1 && <ServiceStatusBadge status={service.status} size="xs" />}
      </Group>
      <Text fz="xs" c="dimmed" lineClamp={2}>
        {service.description}
      </Text>
    </Stack>
  );
}

function endsOf(service: ServiceSummary, canOpenSite: Props['canOpenSite']) {
  const { letter } = serviceTypeOf(service.serviceid);
  return {
    a: (
      <SiteEnd
        end="A"
        letter={letter}
        siteid={service.aendsiteid}
        sitenumber={service.aendsitenumber}
        sitename={service.aendsitename}
        linked={canOpenSite(service.aendsiteid)}
      />
    ),
    b: (
      <SiteEnd
        end="B"
        letter={letter}
        siteid={service.bendsiteid}
        sitenumber={service.bendsitenumber}
        sitename={service.bendsitename}
        linked={canOpenSite(service.bendsiteid)}
      />
    ),
  };
}

// On a phone a wide table only scrolls sideways; a stacked list reads better there.
function ServiceCards({ services, showCustomer, canOpenSite }: Props) {
  return (
    <Stack gap="xs">
      {services.map((service) => {
        const ends = endsOf(service, canOpenSite);
        return (
          <Paper key={service.serviceid} withBorder radius="md" p="sm">
            <Stack gap={8}>
              <ServiceCell service={service} />
              <SimpleGrid cols={2} spacing="xs">
                <div>
                  <Text fz={11} c="dimmed" tt="uppercase" fw={600}>
                    A end
                  </Text>
                  {ends.a}
                </div>
                <div>
                  <Text fz={11} c="dimmed" tt="uppercase" fw={600}>
                    B end
                  </Text>
                  {ends.b}
                </div>
              </SimpleGrid>
              <Group justify="space-between" gap="xs">
                <Group gap={6}>
                  <ServiceConditionBadge condition={service.condition} status={service.status} />
                  {service.speed && (
                    <Text fz="xs" c="dimmed">
                      {service.speed}
                    </Text>
                  )}
                </Group>
                {showCustomer && (
                  <Text fz="xs" c="dimmed" ff="monospace">
                    {service.customercode}
                  </Text>
                )}
              </Group>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

export function ServicesTable(props: Props) {
  const { services, showCustomer, canOpenSite, sort = '', onSort } = props;
  const narrow = useMediaQuery('(max-width: 48em)');
  if (narrow) return <ServiceCards {...props} />;

  const header = (field: string, label: string, miw?: number) =>
    onSort ? (
      <SortableTh field={field} sort={sort} onSort={onSort} miw={miw}>
        {label}
      </SortableTh>
    ) : (
      <Table.Th miw={miw}>{label}</Table.Th>
    );

  return (
    <Table.ScrollContainer minWidth={showCustomer ? 980 : 880}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {header('serviceid', 'Service', 260)}
            {showCustomer && header('customercode', 'Customer', 100)}
            {header('aendsitename', 'A end', 160)}
            <Table.Th miw={160}>B end</Table.Th>
            {header('speed', 'Speed', 80)}
            {header('provisiondate', 'Provisioned', 110)}
            {header('condition', 'Condition', 120)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {services.map((service) => {
            const ends = endsOf(service, canOpenSite);
            return (
              <Table.Tr key={service.serviceid}>
                <Table.Td>
                  <ServiceCell service={service} />
                </Table.Td>
                {showCustomer && (
                  <Table.Td>
                    <Text fz="sm" ff="monospace">
                      {service.customercode}
                    </Text>
                  </Table.Td>
                )}
                <Table.Td>{ends.a}</Table.Td>
                <Table.Td>{ends.b}</Table.Td>
                <Table.Td>
                  <Text fz="sm">{service.speed ?? '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                    {service.provisiondate ? formatServiceDate(service.provisiondate) : '—'}
                  </Text>
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
  );
}
