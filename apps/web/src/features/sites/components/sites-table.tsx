import { type Site, siteTypes } from '@lightpath/domain/sites';
import { Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { SiteConditionBadge } from '../../../components/condition-badges';
import { SortableTh } from '../../../components/sortable-th';

type Props = {
  sites: Site[];
  showCustomer: boolean;
  sort: string;
  onSort: (sort: string) => void;
};

function SiteLink({ site }: { site: Site }) {
  return (
    <Anchor component={Link} to={`/site/${site.siteid}`} fw={500} fz="sm">
      {site.sitename}
    </Anchor>
  );
}

function TypeBadge({ site }: { site: Site }) {
  return (
    <Badge size="sm" variant="outline" color="gray" style={{ flexShrink: 0 }}>
      {siteTypes[site.sitetype]}
    </Badge>
  );
}

// On a phone a wide table only scrolls sideways; a stacked list reads better there.
function SitesCards({ sites, showCustomer }: Pick<Props, 'sites' | 'showCustomer'>) {
  return (
    <Stack gap="xs">
      {sites.map((site) => (
        <Paper key={site.siteid} withBorder radius="md" p="sm">
          <Stack gap={6}>
            <Group gap="xs" wrap="nowrap" justify="space-between">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <Text ff="monospace" fz="sm" c="dimmed">
                  {site.sitenumber}
                </Text>
                <SiteLink site={site} />
              </Group>
              <TypeBadge site={site} />
            </Group>
            <Group justify="space-between" gap="xs">
              <SiteConditionBadge condition={site.condition} status={site.status} />
              <Text fz="xs" c="dimmed">
                {showCustomer ? `${site.customercode} · ` : ''}
                {site.servicecount} {site.servicecount === 1 ? 'service' : 'services'}
              </Text>
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

export function SitesTable({ sites, showCustomer, sort, onSort }: Props) {
  const narrow = useMediaQuery('(max-width: 48em)');
  if (narrow) return <SitesCards sites={sites} showCustomer={showCustomer} />;

  return (
    <Table.ScrollContainer minWidth={showCustomer ? 880 : 720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortableTh field="sitenumber" sort={sort} onSort={onSort} miw={90}>
              Number
            </SortableTh>
            <SortableTh field="sitename" sort={sort} onSort={onSort}>
              Name
            </SortableTh>
            <SortableTh field="sitetype" sort={sort} onSort={onSort} miw={110}>
              Type
            </SortableTh>
            {showCustomer && (
              <SortableTh field="customername" sort={sort} onSort={onSort}>
                Customer
              </SortableTh>
            )}
            <SortableTh field="condition" sort={sort} onSort={onSort} miw={160}>
              Condition
            </SortableTh>
            <Table.Th ta="right">Services</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sites.map((site) => (
            <Table.Tr key={site.siteid}>
              <Table.Td>
                <Text ff="monospace" fz="sm">
                  {site.sitenumber}
                </Text>
              </Table.Td>
              <Table.Td>
                <SiteLink site={site} />
              </Table.Td>
              <Table.Td>
                <TypeBadge site={site} />
              </Table.Td>
              {showCustomer && (
                <Table.Td>
                  <Text fz="sm">{site.customername}</Text>
                </Table.Td>
              )}
              <Table.Td>
                <SiteConditionBadge condition={site.condition} status={site.status} />
              </Table.Td>
              <Table.Td ta="right">
                <Text fz="sm">{site.servicecount}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
