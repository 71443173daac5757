import { actingAs } from '@lightpath/domain/api-logs';
import type { AuditEntry } from '@lightpath/domain/audit-log';
import { Stack, Text } from '@mantine/core';

// Work done by the portal itself (a mute ending at its time) has no user.
export function whoDid(entry: AuditEntry): string {
  return entry.email ?? (entry.address === 'system' ? 'The portal (scheduled job)' : 'No user');
}

// 'user 12': the kind and the id as written.
export function recordIdOf(entry: AuditEntry): string {
  return entry.entityid ? `${entry.entity} ${entry.entityid}` : entry.entity;
}

// 'user 12 (pat@northgate.example)': the id, and the record's name where it has one.
export function recordOf(entry: AuditEntry): string {
  return entry.entityname ? `${recordIdOf(entry)} (${entry.entityname})` : recordIdOf(entry);
}

export function AuditActor({ entry }: { entry: AuditEntry }) {
  const acting = actingAs(entry);
  return (
    <Stack gap={2}>
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {whoDid(entry)}
      </Text>
      {acting && (
        <Text fz="xs" c="dimmed">
          acting as {acting}
        </Text>
      )}
    </Stack>
  );
}
