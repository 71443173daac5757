import { Group, Paper, Stack, Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

// How the logs (API logs, the audit log) lay out their rows: a card a row on a phone, where seven
// columns cannot fit, otherwise a table that scrolls sideways rather than squeeze them.
export function RecentLogTable({
  head,
  cards,
  children,
}: {
  // The header cells.
  head: ReactNode;
  // The rows as cards; drawn only on a narrow screen.
  cards: () => ReactNode;
  // The rows as table rows.
  children: ReactNode;
}) {
  const narrow = useMediaQuery('(max-width: 48em)');
  if (narrow) return <Stack gap="xs">{cards()}</Stack>;
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

// One row on a phone: what happened on the left, when on the right, the rest below.
export function RecentLogCard({
  what,
  when,
  children,
}: {
  what: ReactNode;
  when: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb={4}>
        {what}
        {when}
      </Group>
      {children}
    </Paper>
  );
}
