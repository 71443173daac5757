import { type AuditEntry, auditDetailText } from '@lightpath/domain/audit-log';
import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { RecentLogCard, RecentLogTable } from '../../../components/recent-log-table';
import { SortableTh } from '../../../components/sortable-th';
import { formatDisplayDateTime } from '../../../lib/time-zone';
import { AuditActor, recordIdOf, recordOf, whoDid } from './audit-entry-text';

type Props = {
  entries: AuditEntry[];
  sort: string;
  onSort: (sort: string) => void;
  onOpen: (entry: AuditEntry) => void;
};

function ActionBadge({ action }: { action: string }) {
  const deletion = action.endsWith('.delete');
  return (
    // The whole action, never cut short: it is what the NOC scans the list for.
    <Badge
      variant="light"
      color={deletion ? 'red' : 'gray'}
      ff="monospace"
      tt="none"
      styles={{ label: { overflow: 'visible' } }}
    >
      {action}
    </Badge>
  );
}

function DetailsButton({ entry, onOpen }: { entry: AuditEntry; onOpen: Props['onOpen'] }) {
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      onClick={() => onOpen(entry)}
      aria-label={`Details of ${entry.action} on ${recordOf(entry)}`}
    >
      Details
    </Button>
  );
}

// Who did what and when; a row's Details shows every field the write recorded.
export function AuditLogTable({ entries, sort, onSort, onOpen }: Props) {
  return (
    <RecentLogTable
      head={
        <>
          <SortableTh field="time" sort={sort} onSort={onSort}>
            Time
          </SortableTh>
          <Table.Th>User</Table.Th>
          <Table.Th>Action</Table.Th>
          <Table.Th>Record</Table.Th>
          <Table.Th>What changed</Table.Th>
          <Table.Th>Address</Table.Th>
          <Table.Th>
            <VisuallyHidden>Details</VisuallyHidden>
          </Table.Th>
        </>
      }
      cards={() =>
        entries.map((entry) => (
          <RecentLogCard
            key={entry.id}
            what={<ActionBadge action={entry.action} />}
            when={
              <Text fz="xs" c="dimmed" ta="right">
                {formatDisplayDateTime(entry.time)}
              </Text>
            }
          >
            <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {recordOf(entry)}
            </Text>
            <Text fz="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
              {whoDid(entry)} · {entry.address ?? 'no address'}
            </Text>
            <Group justify="flex-end" mt={4}>
              <DetailsButton entry={entry} onOpen={onOpen} />
            </Group>
          </RecentLogCard>
        ))
      }
    >
      {entries.map((entry) => (
        <Table.Tr key={entry.id}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Text fz="sm">{formatDisplayDateTime(entry.time)}</Text>
          </Table.Td>
          <Table.Td maw={240}>
            <AuditActor entry={entry} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <ActionBadge action={entry.action} />
          </Table.Td>
          <Table.Td maw={200}>
            <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {recordIdOf(entry)}
            </Text>
            {entry.entityname && (
              <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {entry.entityname}
              </Text>
            )}
          </Table.Td>
          <Table.Td maw={320}>
            <Text fz="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {auditDetailText(entry.detail) || '—'}
            </Text>
          </Table.Td>
          <Table.Td ff="monospace" fz="sm" style={{ whiteSpace: 'nowrap' }}>
            {entry.address ?? '—'}
          </Table.Td>
          <Table.Td>
            <DetailsButton entry={entry} onOpen={onOpen} />
          </Table.Td>
        </Table.Tr>
      ))}
    </RecentLogTable>
  );
}
