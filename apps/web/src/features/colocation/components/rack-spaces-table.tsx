import type { RackSpace } from '@lightpath/domain/colocation';
import { ActionIcon, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import { SortableTh } from '../../../components/sortable-th';
import { RackSpaceStatusBadge } from './rack-space-status-badge';

type Props = {
  racks: RackSpace[];
  sort: string;
  onSort: (sort: string) => void;
  // Absent when the caller may not change rack spaces (colocation.manage).
  onEdit?: ((rack: RackSpace) => void) | undefined;
  // Provider staff see every customer's: the customer column is theirs alone.
  showCustomer: boolean;
};

function EditButton({ rack, onEdit }: { rack: RackSpace; onEdit: (rack: RackSpace) => void }) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={`Edit rack space ${rack.rackspaceid}`}
      onClick={() => onEdit(rack)}
    >
      <IconPencil size={16} />
    </ActionIcon>
  );
}

const crossConnectCount = (n: number) => `${n} cross-connect${n === 1 ? '' : 's'}`;

// On a phone each rack space is a card: the rack id, where it is, and whether it is still in use.
function RackSpaceCards({ racks, onEdit, showCustomer }: Omit<Props, 'sort' | 'onSort'>) {
  return (
    <Stack gap="xs">
      {racks.map((rack) => (
        <Paper key={rack.uuid} withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={4}>
              <Text fw={600} fz="sm" ff="monospace">
                {rack.rackspaceid}
              </Text>
              <Text fz="sm">{rack.sitename}</Text>
              {showCustomer && (
                <Text fz="xs" c="dimmed">
                  {rack.customername}
                </Text>
              )}
              {rack.description && <Text fz="xs">{rack.description}</Text>}
              <Group gap="xs">
                <RackSpaceStatusBadge enddate={rack.enddate} />
                <Text fz="xs" c="dimmed">
                  {crossConnectCount(rack.crossconnects)}
                </Text>
              </Group>
            </Stack>
            {onEdit && <EditButton rack={rack} onEdit={onEdit} />}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

export function RackSpacesTable({ racks, sort, onSort, onEdit, showCustomer }: Props) {
  const narrow = useMediaQuery('(max-width: 48em)');
  if (narrow) return <RackSpaceCards racks={racks} onEdit={onEdit} showCustomer={showCustomer} />;
  return (
    <Table.ScrollContainer minWidth={showCustomer ? 980 : 760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortableTh field="rackspaceid" sort={sort} onSort={onSort}>
              Rack id
            </SortableTh>
            <SortableTh field="description" sort={sort} onSort={onSort}>
              Description
            </SortableTh>
            <SortableTh field="sitename" sort={sort} onSort={onSort}>
              Site
            </SortableTh>
            {showCustomer && (
              <SortableTh field="customername" sort={sort} onSort={onSort}>
                Customer
              </SortableTh>
            )}
            <Table.Th ta="right">Cross-connects</Table.Th>
            <SortableTh field="enddate" sort={sort} onSort={onSort} miw={170}>
              End date
            </SortableTh>
            {onEdit && (
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {racks.map((rack) => (
            <Table.Tr key={rack.uuid}>
              <Table.Td ff="monospace" fz="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                {rack.rackspaceid}
              </Table.Td>
              <Table.Td fz="sm">
                {rack.description ?? (
                  <Text span c="dimmed" fz="sm">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td fz="sm">
                {rack.sitename}{' '}
                <Text span c="dimmed" fz="xs">
                  {rack.sitenumber}
                </Text>
              </Table.Td>
              {showCustomer && <Table.Td fz="sm">{rack.customername}</Table.Td>}
              <Table.Td fz="sm" ta="right">
                {rack.crossconnects}
              </Table.Td>
              <Table.Td>
                <RackSpaceStatusBadge enddate={rack.enddate} />
              </Table.Td>
              {onEdit && (
                <Table.Td>
                  <EditButton rack={rack} onEdit={onEdit} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
