import type { Shelf } from '@lightpath/domain/equipment';
import { Anchor, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { SortableTh } from '../../../components/sortable-th';
import { AlarmCounts } from './alarm-counts';

// Shelves picked to run a device operation on; without it the list has no checkboxes.
export type ShelfSelection = {
  isSelected: (shelf: Shelf) => boolean;
  onChange: (shelves: Shelf[], selected: boolean) => void;
};

type Props = {
  shelves: Shelf[];
  sort: string;
  onSort: (sort: string) => void;
  selection?: ShelfSelection | undefined;
};

function SelectShelf({ shelf, selection }: { shelf: Shelf; selection: ShelfSelection }) {
  return (
    <Checkbox
      aria-label={`Select ${shelf.equipmentname}`}
      checked={selection.isSelected(shelf)}
      onChange={(event) => selection.onChange([shelf], event.currentTarget.checked)}
    />
  );
}

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
export function ShelfCard({
  shelf,
  withSite = true,
  selection,
}: {
  shelf: Shelf;
  withSite?: boolean;
  selection?: ShelfSelection | undefined;
}) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            {selection && <SelectShelf shelf={shelf} selection={selection} />}
            <ShelfLink shelf={shelf} />
          </Group>
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
function ShelfCards({ shelves, selection }: { shelves: Shelf[]; selection?: ShelfSelection | undefined }) {
  return (
    <Stack gap="xs">
      {shelves.map((shelf) => (
        <ShelfCard key={shelf.equipmentid} shelf={shelf} selection={selection} />
      ))}
    </Stack>
  );
}

export function ShelvesTable({ shelves, sort, onSort, selection }: Props) {
  const narrow = useMediaQuery('(max-width: 48em)');
  if (narrow) return <ShelfCards shelves={shelves} selection={selection} />;
  const selectedHere = selection ? shelves.filter(selection.isSelected).length : 0;
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select every shelf on this page"
                  checked={selectedHere > 0 && selectedHere === shelves.length}
                  indeterminate={selectedHere > 0 && selectedHere < shelves.length}
                  onChange={(event) => selection.onChange(shelves, event.currentTarget.checked)}
                />
              </Table.Th>
            )}
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
              {selection && (
                <Table.Td>
                  <SelectShelf shelf={shelf} selection={selection} />
                </Table.Td>
              )}
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
