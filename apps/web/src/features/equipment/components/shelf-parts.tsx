import type { ShelfPart } from '@lightpath/domain/equipment';
import { EmptyState, Table } from '@mantine/core';
import { IconCpu } from '@tabler/icons-react';

// The shelf's parts that are not cards: power supplies, fan trays and optics, which NetBox keeps as
// inventory items. None recorded means Update Shelf has not yet asked the device for them.
export function ShelfParts({ parts }: { parts: ShelfPart[] }) {
  if (parts.length === 0) {
    return (
      <EmptyState
        py="lg"
        size="sm"
        icon={<IconCpu size={22} />}
        title="No parts recorded"
        description="Update Shelf records the power supplies, fans and optics the device reports."
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing={6} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Part number</Table.Th>
            <Table.Th scope="col">Serial</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {parts.map((part) => (
            <Table.Tr key={part.name}>
              <Table.Th scope="row" fw={500}>
                {part.name}
              </Table.Th>
              <Table.Td ff="monospace">{part.partnumber}</Table.Td>
              <Table.Td ff="monospace">{part.serial ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
