import { Skeleton, Table, Text } from '@mantine/core';
import { useLightLevels } from '../api/get-light-levels';

const dbm = (value: number | undefined) => (value === undefined ? '—' : `${value.toFixed(2)} dBm`);

// Optical receive and transmit power at each end, as the equipment reports it now.
export function LightLevelsTable({ serviceid }: { serviceid: string }) {
  const query = useLightLevels(serviceid);
  if (query.isPending) return <Skeleton h={96} />;
  if (query.isError) {
    return (
      <Text fz="sm" c="dimmed">
        Light levels are not available right now.
      </Text>
    );
  }
  const { aend, bend } = query.data;
  if (!aend && !bend) {
    return (
      <Text fz="sm" c="dimmed">
        No optics report light levels for this service.
      </Text>
    );
  }
  return (
    <Table verticalSpacing={6} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>End</Table.Th>
          <Table.Th ta="right">Receive</Table.Th>
          <Table.Th ta="right">Transmit</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {(
          [
            ['A end', aend],
            ['B end', bend],
          ] as const
        ).map(([label, levels]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" fw={500}>
              {label}
            </Table.Th>
            <Table.Td ta="right" ff="monospace">
              {levels ? dbm(levels.rx) : '—'}
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {levels ? dbm(levels.tx) : '—'}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
