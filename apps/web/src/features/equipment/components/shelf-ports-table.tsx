import type { ShelfPort } from '@lightpath/domain/equipment';
import { Anchor, Badge, EmptyState, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlugConnected, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListFooter } from '../../../components/list-footer';
import { PortStateBadge } from './equipment-badges';

type Props = { ports: ShelfPort[]; onOpen: (port: ShelfPort) => void };

// The port's name opens the port view (light levels, traffic, history).
function PortButton({ port, onOpen }: { port: ShelfPort; onOpen: (port: ShelfPort) => void }) {
  return (
    <Anchor
      component="button"
      type="button"
      ff="monospace"
      fz="sm"
      fw={600}
      onClick={() => onOpen(port)}
      aria-label={`Open port ${port.name}`}
    >
      {port.name}
    </Anchor>
  );
}

function PortService({ port }: { port: ShelfPort }) {
  if (!port.service) {
    return (
      <Text span fz="sm" c="dimmed">
        —
      </Text>
    );
  }
  const { service } = port;
  return (
    <Stack gap={0}>
      <Anchor
        component={Link}
        to={`/service/${encodeURIComponent(service.serviceid)}`}
        ff="monospace"
        fz="sm"
      >
        {service.serviceid}
      </Anchor>
      <Text fz="xs" c="dimmed">
        {service.customername} · {service.end} end
      </Text>
    </Stack>
  );
}

const HandoffBadge = () => (
  <Badge size="sm" variant="outline" color="indigo">
    Handoff
  </Badge>
);

function PortCards({ ports, onOpen }: Props) {
  return (
    <Stack gap="xs">
      {ports.map((port) => (
        <Paper key={port.portid} withBorder radius="md" p="sm">
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <PortButton port={port} onOpen={onOpen} />
              <Group gap={4}>
                {port.handoff && <HandoffBadge />}
                <PortStateBadge state={port.state} />
              </Group>
            </Group>
            <PortService port={port} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

// A shelf has up to a few hundred ports: the engineer narrows them by name, service or customer.
function matching(ports: ShelfPort[], filter: string): ShelfPort[] {
  const term = filter.trim().toLowerCase();
  if (!term) return [...ports];
  return ports.filter((port) =>
    [port.name, port.portid, port.uuid, port.service?.serviceid, port.service?.customername].some((text) =>
      text?.toLowerCase().includes(term),
    ),
  );
}

// Fifty ports a page: a 200-port router's page paints in one go without drawing every row, and the
// filter finds any port whatever page it is on.
const portsPerPage = 50;

export function ShelfPortsTable({ ports, onOpen }: Props) {
  const narrow = useMediaQuery('(max-width: 48em)');
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  if (ports.length === 0) {
    return (
      <EmptyState
        py="lg"
        size="sm"
        icon={<IconPlugConnected size={22} />}
        title="No ports recorded"
        description="Run Update Shelf to read the ports from the device."
      />
    );
  }
  const sorted = matching(ports, filter).sort(
    (a, b) => a.slot - b.slot || a.name.localeCompare(b.name, 'en', { numeric: true }),
  );
  const search = (
    <TextInput
      aria-label="Filter ports"
      placeholder="Filter by port, service or customer"
      leftSection={<IconSearch size={16} />}
      value={filter}
      onChange={(event) => {
        setFilter(event.currentTarget.value);
        setPage(1);
      }}
      type="search"
      mb="sm"
      maw={360}
    />
  );
  if (sorted.length === 0) {
    return (
      <>
        {search}
        <Text fz="sm" c="dimmed">
          No port matches “{filter}”.
        </Text>
      </>
    );
  }
  const pages = Math.ceil(sorted.length / portsPerPage);
  const current = Math.min(page, pages);
  const shown = sorted.slice((current - 1) * portsPerPage, current * portsPerPage);
  const pager =
    pages > 1 ? (
      <ListFooter
        count={sorted.length}
        page={current}
        pageSize={portsPerPage}
        onPage={setPage}
        noun="ports"
      />
    ) : null;
  if (narrow)
    return (
      <>
        {search}
        <PortCards ports={shown} onOpen={onOpen} />
        {pager}
      </>
    );
  return (
    <>
      {search}
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Port</Table.Th>
              <Table.Th>Slot</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Handoff</Table.Th>
              <Table.Th>UUID</Table.Th>
              <Table.Th>Service</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((port) => (
              <Table.Tr key={port.portid}>
                <Table.Td>
                  <PortButton port={port} onOpen={onOpen} />
                </Table.Td>
                <Table.Td fz="sm">{port.slot}</Table.Td>
                <Table.Td>
                  <PortStateBadge state={port.state} />
                </Table.Td>
                <Table.Td fz="sm">{port.handoff ? 'Yes' : 'No'}</Table.Td>
                <Table.Td ff="monospace" fz="xs">
                  {port.uuid}
                </Table.Td>
                <Table.Td>
                  <PortService port={port} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pager}
    </>
  );
}
