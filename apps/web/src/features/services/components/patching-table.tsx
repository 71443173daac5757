import type { Service } from '@lightpath/domain/services';
import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

// The reply's patching, as the service page has it.
type Props = { patching: Service['patching']; logicalB: boolean };

const show = (value: string | number | null | undefined, unit = ''): ReactNode =>
  value === null || value === undefined || value === '' ? (
    <Text span c="dimmed" fz="sm">
      —
    </Text>
  ) : (
    `${value}${unit}`
  );

// The physical patching of both ends side by side, then what the ends share.
export function PatchingTable({ patching, logicalB }: Props) {
  if (!patching) {
    return (
      <Text fz="sm" c="dimmed">
        No patching is recorded for this service.
      </Text>
    );
  }
  const p = patching;
  const rows: [string, ReactNode, ReactNode][] = [
    ['Address', show(p.aendaddress), show(p.bendaddress)],
    ['Panel', show(p.aendpanel), logicalB ? null : show(p.bendpanel)],
    ['Port', show(p.aendport), logicalB ? null : show(p.bendport)],
    ['Connector', show(p.aendconnector), logicalB ? null : show(p.bendconnector)],
    ['SFP', show(p.aendsfp), logicalB ? null : show(p.bendsfp)],
    ['Wavelength', show(p.aendwavelength, ' nm'), logicalB ? null : show(p.bendwavelength, ' nm')],
    ['Insertion loss', show(p.insertionlossa, ' dB'), logicalB ? null : show(p.insertionlossb, ' dB')],
  ];
  const shared: [string, ReactNode][] = [
    ['VLAN', show(p.vlan)],
    ['IP address', show(p.ipaddress)],
    ['Default gateway', show(p.defaultgateway)],
    ['Fibre length', show(p.fibrelength, ' m')],
  ];
  return (
    <>
      <Table.ScrollContainer minWidth={360}>
        <Table verticalSpacing={6} fz="sm" withRowBorders>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="34%" />
              <Table.Th>A end</Table.Th>
              <Table.Th>B end</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(([label, a, b], index) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" fw={500} c="dimmed">
                  {label}
                </Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{a}</Table.Td>
                {logicalB && index === 1 ? (
                  <Table.Td rowSpan={rows.length - 1} c="dimmed" fz="xs" style={{ verticalAlign: 'top' }}>
                    Logical end: no physical patching
                  </Table.Td>
                ) : logicalB && index > 1 ? null : (
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{b}</Table.Td>
                )}
              </Table.Tr>
            ))}
            {shared.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" fw={500} c="dimmed">
                  {label}
                </Table.Th>
                <Table.Td colSpan={2} ff={label === 'VLAN' ? undefined : 'monospace'}>
                  {value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {p.notes && (
        <Text fz="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {p.notes}
        </Text>
      )}
    </>
  );
}
