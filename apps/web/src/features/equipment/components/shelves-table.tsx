import type { Shelf } from '@lightpath/domain/equipment';
import { Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { SortableTh } from '../../../components/sortable-th';
import { AlarmCounts } from './alarm-counts';

type Props = { shelves: Shelf[]; sort: string; onSort: (sort: string) => void };

export const shelfHref = (shelf: Pick<Shelf, 'equipmentid'>) => `/equipment/shelf/${shelf.equipmentid}`;

function ShelfLink({ shelf }: { shelf: Shelf }) {
  return (
    <Anchor component={Link} to={shelfHref(shelf)} ff="monospace" fz="sm" fw={600}>
      {shelf.equipmentname}
    </Anchor>
  );
}

function SiteLink({ shelf }: { shelf: Shelf }) {
  return (
    <Anchor component={Link} to={`/site/${shelf.siteid}`} fz="sm">
      {shelf.sitename}
    </Anchor>
  );
}

const dash = (
  <Text span c="dimmed" fz="sm">
    —
  </Text>
);

// A shelf as a card: the phone's list, and the site page's panel (which leaves out the site).
export function ShelfCard({ shelf, withSite = true }: { shelf: Shelf; withSite?: boolean }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <ShelfLink shelf={shelf} />
          <Text fz="xs" c="dimmed" ff="monospace">
            {shelf.ipaddress ?? ''}
          </Text>
        </Group>
        <Text fz="sm">
          {shelf.vendor} {shelf.model}
          {shelf.spack ? ` · ${shelf.spack}` : ''}
        </Text>
        <Group justify="space-between" gap="xs">
          {withSite && <SiteLink shelf={shelf} />}
          <AlarmCounts alarms={shelf.alarms} />
        </Group>
      </Stack>
    </Paper>
  );
}

// On a phone, where an engineer at the PoP looks a shelf up, each shelf is a card.
function ShelfCards({ shelves }: { shelves: Shelf[] }) {
  return (
    <Stack gap="xs">
      {shelves.map((shelf) => (
        <ShelfCard key={shelf.equipmentid} shelf={shelf} />
      ))}
    </Stack>
  );
}

export function ShelvesTable({ shelves, sort, onSort }: Props) {
  const narrow = useMediaQuery('(max-width: 48em)');
  if (narrow) return <ShelfCards shelves={shelves} />;
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortableTh field="equipmentname" sort={sort} onSort={onSort}>
              Name
            </SortableTh>
            <SortableTh field="ipaddress" sort={sort} onSort={onSort}>
              IP address
            </SortableTh>
            <SortableTh field="sitename" sort={sort} onSort={onSort}>
              Site
            </SortableTh>
            <SortableTh field="vendor" sort={sort} onSort={onSort}>
              Vendor
            </SortableTh>
            <SortableTh field="model" sort={sort} onSort={onSort}>
              Model
            </SortableTh>
            <SortableTh field="spack" sort={sort} onSort={onSort}>
              Software
            </SortableTh>
            <SortableTh field="alarms" sort={sort} onSort={onSort} miw={180}>
              Alarms
            </SortableTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shelves.map((shelf) => (
            <Table.Tr key={shelf.equipmentid}>
              <Table.Td>
                <ShelfLink shelf={shelf} />
              </Table.Td>
              <Table.Td ff="monospace" fz="sm">
                {shelf.ipaddress ?? dash}
              </Table.Td>
              <Table.Td>
                <SiteLink shelf={shelf} />
                <Text fz="xs" c="dimmed" ff="monospace">
                  {shelf.sitenumber}
                </Text>
              </Table.Td>
              <Table.Td fz="sm">{shelf.vendor}</Table.Td>
              <Table.Td fz="sm">{shelf.model}</Table.Td>
              <Table.Td fz="sm">{shelf.spack ?? dash}</Table.Td>
              <Table.Td>
                <AlarmCounts alarms={shelf.alarms} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
