import { type SparePart, sparePartMovements } from '@lightpath/domain/spare-parts';
import { ActionIcon, Button, Group, Menu, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowsExchange, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { SortableTh } from '../../../components/sortable-th';
import { formatDateTime } from '../../../lib/format';
import { SparePartStateBadge } from './spare-part-state-badge';

export type SparePartActions = {
  // Each is absent when the caller may not do it (spareparts.record, equipment.manage).
  onMove?: (part: SparePart) => void;
  onEdit?: (part: SparePart) => void;
  onDelete?: (part: SparePart) => void;
};

type Props = SparePartActions & {
  parts: SparePart[];
  sort: string;
  onSort: (sort: string) => void;
};

const partLabel = (part: SparePart) => `${part.partnumber}${part.serial ? ` (${part.serial})` : ''}`;

function LastMovement({ part }: { part: SparePart }) {
  const last = part.lastmovement;
  if (!last)
    return (
      <Text fz="xs" c="dimmed">
        No takes or returns yet
      </Text>
    );
  return (
    <Text fz="xs" c="dimmed">
      {sparePartMovements[last.action]} {last.quantity} by {last.by}, {formatDateTime(last.at)}
      {last.jobreference ? ` · ${last.jobreference}` : ''}
    </Text>
  );
}

function RowMenu({ part, onEdit, onDelete }: { part: SparePart } & SparePartActions) {
  if (!onEdit && !onDelete) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`More actions for ${partLabel(part)}`}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {onEdit && (
          <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onEdit(part)}>
            Edit
          </Menu.Item>
        )}
        {onDelete && (
          <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onDelete(part)}>
            Delete
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function MoveButton({
  part,
  onMove,
  fullWidth,
}: {
  part: SparePart;
  onMove: (part: SparePart) => void;
  fullWidth?: boolean;
}) {
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconArrowsExchange size={14} />}
      onClick={() => onMove(part)}
      aria-label={`Take / return ${partLabel(part)}`}
      fullWidth={fullWidth}
    >
      Take / return
    </Button>
  );
}

// On a phone, where technicians record what they take at the depot, each part is a card with a
// full-width button big enough to tap.
function SparePartCards({ parts, onMove, onEdit, onDelete }: Omit<Props, 'sort' | 'onSort'>) {
  return (
    <Stack gap="xs">
      {parts.map((part) => (
        <Paper key={part.uuid} withBorder radius="md" p="sm">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text fw={600} fz="sm" ff="monospace">
                  {part.partnumber}
                </Text>
                <Text fz="sm">{part.description}</Text>
              </div>
              <RowMenu part={part} onEdit={onEdit} onDelete={onDelete} />
            </Group>
            <Group gap="xs">
              <SparePartStateBadge state={part.state} />
              <Text fz="sm" fw={600}>
                {part.quantity} in stock
              </Text>
              <Text fz="xs" c="dimmed">
                {part.depotsitename}
                {part.serial ? ` · S/N ${part.serial}` : ''}
              </Text>
            </Group>
            <LastMovement part={part} />
            {onMove && <MoveButton part={part} onMove={onMove} fullWidth />}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

export function SparePartsTable({ parts, sort, onSort, onMove, onEdit, onDelete }: Props) {
  const narrow = useMediaQuery('(max-width: 48em)');
  if (narrow) return <SparePartCards parts={parts} onMove={onMove} onEdit={onEdit} onDelete={onDelete} />;
  const actions = Boolean(onMove || onEdit || onDelete);

  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortableTh field="partnumber" sort={sort} onSort={onSort}>
              Part number
            </SortableTh>
            <SortableTh field="description" sort={sort} onSort={onSort}>
              Description
            </SortableTh>
            <SortableTh field="serial" sort={sort} onSort={onSort}>
              Serial
            </SortableTh>
            <SortableTh field="depotsitename" sort={sort} onSort={onSort}>
              Depot
            </SortableTh>
            <SortableTh field="quantity" sort={sort} onSort={onSort} ta="right">
              Quantity
            </SortableTh>
            <SortableTh field="state" sort={sort} onSort={onSort} miw={150}>
              State
            </SortableTh>
            <SortableTh field="updated" sort={sort} onSort={onSort} miw={200}>
              Last change
            </SortableTh>
            {actions && (
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {parts.map((part) => (
            <Table.Tr key={part.uuid}>
              <Table.Td ff="monospace" fz="sm" fw={500}>
                {part.partnumber}
              </Table.Td>
              <Table.Td fz="sm">{part.description}</Table.Td>
              <Table.Td ff="monospace" fz="sm">
                {part.serial ?? (
                  <Text span c="dimmed" fz="sm">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td fz="sm">{part.depotsitename}</Table.Td>
              <Table.Td fz="sm" ta="right" fw={600}>
                {part.quantity}
              </Table.Td>
              <Table.Td>
                <SparePartStateBadge state={part.state} />
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{formatDateTime(part.updated)}</Text>
                <LastMovement part={part} />
              </Table.Td>
              {actions && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    {onMove && <MoveButton part={part} onMove={onMove} />}
                    <RowMenu part={part} onEdit={onEdit} onDelete={onDelete} />
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
