import { actingAs } from '@lightpath/domain/api-logs';
import type { AuditEntry } from '@lightpath/domain/audit-log';
import { Code, Modal, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { formatDisplayDateTime } from '../../../lib/time-zone';
import { recordOf, whoDid } from './audit-entry-text';

// A recorded value as a person reads it: text as it is, a list joined, anything nested as indented JSON.
function DetailValue({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <Text fz="sm">—</Text>;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return (
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {String(value)}
      </Text>
    );
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object'))
    return <Text fz="sm">{value.join(', ')}</Text>;
  return (
    <Code block fz="xs">
      {JSON.stringify(value, null, 2)}
    </Code>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={150} style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

export function AuditEntryModal({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const fields = entry?.detail ? Object.entries(entry.detail) : [];
  return (
    <Modal
      opened={entry !== null}
      onClose={onClose}
      title={entry ? `${entry.action} on ${recordOf(entry)}` : ''}
      size="lg"
      fullScreen={phone}
    >
      {entry && (
        <>
          <Table withRowBorders={false} verticalSpacing={4} mb="md">
            <Table.Tbody>
              <Row label="When">{formatDisplayDateTime(entry.time)}</Row>
              <Row label="Who">{whoDid(entry)}</Row>
              <Row label="Acting as">{actingAs(entry) ?? '—'}</Row>
              <Row label="Action">{entry.action}</Row>
              <Row label="Record">{recordOf(entry)}</Row>
              <Row label="Address">{entry.address ?? '—'}</Row>
            </Table.Tbody>
          </Table>
          <Text fw={600} mb={4}>
            What the write recorded
          </Text>
          {fields.length === 0 ? (
            <Text fz="sm" c="dimmed">
              Nothing beyond the action and the record.
            </Text>
          ) : (
            <Table withTableBorder verticalSpacing={4}>
              <Table.Tbody>
                {fields.map(([key, value]) => (
                  <Row key={key} label={key}>
                    <DetailValue value={value} />
                  </Row>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </Modal>
  );
}
