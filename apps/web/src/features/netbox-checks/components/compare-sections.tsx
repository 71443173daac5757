import type { InventoryDifference, NetBoxCompare } from '@lightpath/domain/netbox-inventory';
import { Group, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { Panel } from '../../../components/panel';
import { fieldTitles, kindTitles, shownValue } from '../difference-text';

// The shelf as discovered beside NetBox's record, one table per kind. A differing row is tinted AND
// says so in words with an icon, so it does not rest on colour alone (design brief: accessibility).

type Row = {
  key: string;
  label: string;
  discovered: string;
  netbox: string;
  // Null when both sides agree; otherwise what differs, in words.
  verdict: string | null;
};

const byText = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });
const joined = (...values: (string | null | undefined)[]) =>
  values.filter((v) => v !== null && v !== undefined && v.trim() !== '').join(' · ') || '(none)';

// Rows for components matched by key, with a verdict from the differences for that key.
function matchedRows<D, N>(
  discovered: D[],
  netbox: N[],
  keyOfDiscovered: (item: D) => string,
  keyOfNetbox: (item: N) => string,
  show: { discovered: (item: D) => string; netbox: (item: N) => string },
  differences: InventoryDifference[],
): Row[] {
  const keys = [...new Set([...discovered.map(keyOfDiscovered), ...netbox.map(keyOfNetbox)])].sort(byText);
  return keys.map((key) => {
    const ours = discovered.find((item) => keyOfDiscovered(item) === key);
    const theirs = netbox.find((item) => keyOfNetbox(item) === key);
    const found = differences.filter((d) => d.key === key);
    const verdict = !theirs
      ? 'Missing in NetBox'
      : !ours
        ? 'Only in NetBox'
        : found.length > 0
          ? `Differs: ${found.map((d) => (fieldTitles[d.field] ?? d.field).toLowerCase()).join(', ')}`
          : null;
    return {
      key,
      label: key,
      discovered: ours ? show.discovered(ours) : '(absent)',
      netbox: theirs ? show.netbox(theirs) : '(absent)',
      verdict,
    };
  });
}

function CompareTable({
  title,
  keyTitle,
  rows,
  note,
}: {
  title: string;
  keyTitle: string;
  rows: Row[];
  note?: string;
}) {
  const differing = rows.filter((r) => r.verdict !== null).length;
  return (
    <Panel
      title={title}
      count={rows.length}
      actions={
        <Text fz="sm" c={differing > 0 ? undefined : 'dimmed'} fw={differing > 0 ? 600 : undefined}>
          {differing > 0 ? `${differing} differing` : 'All the same'}
        </Text>
      }
    >
      {note && (
        <Text fz="sm" c="dimmed" mb="xs">
          {note}
        </Text>
      )}
      {rows.length === 0 ? (
        <Text fz="sm" c="dimmed">
          Nothing on either side.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{keyTitle}</Table.Th>
                <Table.Th scope="col">Discovered</Table.Th>
                <Table.Th scope="col">NetBox</Table.Th>
                <Table.Th scope="col">Check</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr
                  key={row.key}
                  data-differs={row.verdict !== null || undefined}
                  bg={row.verdict ? 'var(--mantine-color-yellow-light)' : undefined}
                >
                  <Table.Th scope="row" fw={500} ff="monospace">
                    {row.label}
                  </Table.Th>
                  <Table.Td>{row.discovered}</Table.Td>
                  <Table.Td>{row.netbox}</Table.Td>
                  <Table.Td>
                    {row.verdict ? (
                      <Group gap={4} wrap="nowrap">
                        <IconAlertTriangle size={16} aria-hidden color="var(--mantine-color-orange-text)" />
                        <Text span fz="sm" fw={600}>
                          {row.verdict}
                        </Text>
                      </Group>
                    ) : (
                      <Group gap={4} wrap="nowrap">
                        <IconCheck size={16} aria-hidden color="var(--mantine-color-green-text)" />
                        <Text span fz="sm" c="dimmed">
                          Same
                        </Text>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Panel>
  );
}

export function CompareSections({
  compare,
}: {
  compare: NetBoxCompare & { record: NonNullable<NetBoxCompare['record']> };
}) {
  const { shelf, record, differences } = compare;
  const of = (kind: InventoryDifference['kind']) => differences.filter((d) => d.kind === kind);
  const deviceDifferences = of('device');
  const deviceField = (
    field: string,
    label: string,
    discovered: string | null,
    netbox: string | null,
  ): Row => {
    const found = deviceDifferences.some((d) => d.field === field);
    return {
      key: field,
      label,
      discovered: shownValue(discovered),
      netbox: shownValue(netbox),
      verdict: found ? 'Differs' : null,
    };
  };
  // Site, vendor and model are shown for context; only what the portal can write is compared.
  const context = (field: string, label: string, discovered: string | null, netbox: string | null): Row => ({
    key: field,
    label,
    discovered: shownValue(discovered),
    netbox: shownValue(netbox),
    verdict: null,
  });
  const deviceRows = [
    context('name', 'Name', shelf.name, record.device.name),
    context('site', 'Site', shelf.site, record.device.site),
    context(
      'model',
      'Model',
      `${shelf.vendor} ${shelf.model}`,
      `${record.device.manufacturer} ${record.device.model}`,
    ),
    deviceField('serial', 'Serial', shelf.serial, record.device.serial),
    deviceField('softwareVersion', 'Software version', shelf.softwareVersion, record.device.softwareVersion),
    deviceField('primaryIp', 'Primary IP', shelf.ipAddress, record.device.primaryIp),
  ];

  return (
    <>
      <CompareTable title={kindTitles.device} keyTitle="Field" rows={deviceRows} />
      <CompareTable
        title={kindTitles.module}
        keyTitle="Slot"
        rows={matchedRows(
          shelf.cards,
          record.modules,
          (c) => c.slot,
          (m) => m.bay,
          {
            discovered: (c) => joined(c.cardType, c.serial && `serial ${c.serial}`),
            netbox: (m) => joined(m.model, m.serial && `serial ${m.serial}`),
          },
          of('module'),
        )}
      />
      <CompareTable
        title={kindTitles.interface}
        keyTitle="Name"
        rows={matchedRows(
          shelf.ports,
          record.interfaces,
          (p) => p.name,
          (i) => i.name,
          {
            discovered: (p) => joined(p.enabled ? 'enabled' : 'disabled', p.description),
            netbox: (i) => joined(i.enabled ? 'enabled' : 'disabled', i.description),
          },
          of('interface'),
        )}
      />
      <CompareTable
        title={kindTitles.inventoryItem}
        keyTitle="Name"
        note={
          shelf.parts
            ? undefined
            : "The shelf does not report its parts (power supplies, fans, optics), so NetBox's inventory items are listed but not compared."
        }
        rows={matchedRows(
          shelf.parts ?? [],
          record.inventoryItems,
          (p) => p.name,
          (i) => i.name,
          {
            discovered: (p) => joined(p.partId, p.serial && `serial ${p.serial}`),
            netbox: (i) => joined(i.partId, i.serial && `serial ${i.serial}`),
          },
          of('inventoryItem'),
        ).map((row) => (shelf.parts ? row : { ...row, discovered: '(not reported)', verdict: null }))}
      />
    </>
  );
}
