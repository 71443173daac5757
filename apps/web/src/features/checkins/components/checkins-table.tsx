import { type CheckinRow, checkinDurationSeconds, formatCheckinDuration } from '@lightpath/domain/checkins';
import { Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { SortableTh } from '../../../components/sortable-th';
import { formatDateTime } from '../../../lib/format';

type Props = {
  checkins: CheckinRow[];
  // Unix seconds: open check-ins run up to it.
  now: number;
  sort: string;
  onSort: (sort: string) => void;
};

function SiteLink({ checkin }: { checkin: CheckinRow }) {
  return (
    <Anchor component={Link} to={`/site/${checkin.siteid}`} fw={500} fz="sm">
      {checkin.sitename}
    </Anchor>
  );
}

export function CheckoutCell({ checkin }: { checkin: CheckinRow }) {
  return checkin.checkouttime === null ? (
    <Badge color="teal" variant="light">
      On site
    </Badge>
  ) : (
    <Text fz="sm">{formatDateTime(checkin.checkouttime)}</Text>
  );
}

// On a phone a wide table only scrolls sideways; a stacked list reads better there.
function CheckinsCards({ checkins, now }: Pick<Props, 'checkins' | 'now'>) {
  return (
    <Stack gap="xs">
      {checkins.map((checkin) => (
        <Paper key={checkin.checkinid} withBorder radius="md" p="sm">
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <SiteLink checkin={checkin} />
              <CheckoutCell checkin={checkin} />
            </Group>
            <Text fz="sm">{checkin.username}</Text>
            <Text fz="xs" c="dimmed">
              {checkin.sitenumber} · {checkin.customercode} · in {formatDateTime(checkin.checkintime)} ·{' '}
              {formatCheckinDuration(checkinDurationSeconds(checkin, now))}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

export function CheckinsTable({ checkins, now, sort, onSort }: Props) {
  const narrow = useMediaQuery('(max-width: 48em)');
  if (narrow) return <CheckinsCards checkins={checkins} now={now} />;

  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortableTh field="username" sort={sort} onSort={onSort}>
              Person
            </SortableTh>
            <SortableTh field="sitename" sort={sort} onSort={onSort}>
              Site
            </SortableTh>
            <Table.Th>Customer</Table.Th>
            <SortableTh field="checkintime" sort={sort} onSort={onSort}>
              Checked in
            </SortableTh>
            <SortableTh field="checkouttime" sort={sort} onSort={onSort}>
              Checked out
            </SortableTh>
            <Table.Th ta="right">Duration</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {checkins.map((checkin) => (
            <Table.Tr key={checkin.checkinid}>
              <Table.Td>
                <Text fz="sm">{checkin.username}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text fz="sm" c="dimmed">
                    {checkin.sitenumber}
                  </Text>
                  <SiteLink checkin={checkin} />
                </Group>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{checkin.customercode}</Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{formatDateTime(checkin.checkintime)}</Text>
              </Table.Td>
              <Table.Td>
                <CheckoutCell checkin={checkin} />
              </Table.Td>
              <Table.Td ta="right">
                <Text fz="sm">{formatCheckinDuration(checkinDurationSeconds(checkin, now))}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
