import { type CheckinRow, checkinDurationSeconds, formatCheckinDuration } from '@lightpath/domain/checkins';
import { Anchor, Badge, Button, EmptyState, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconLogout2, IconMapPinCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';

type Props = {
  checkins: CheckinRow[];
  now: number;
  // The signed-in user: their own cards carry 'Check out'.
  userid: number;
  onCheckout: (checkin: CheckinRow) => void;
};

// Who is standing in which site right now: the NOC's first question when an alarm goes off there.
export function OnSiteNow({ checkins, now, userid, onCheckout }: Props) {
  if (checkins.length === 0) {
    return (
      <EmptyState
        py="lg"
        icon={<IconMapPinCheck size={28} />}
        withIndicatorBackground
        title="Nobody is checked in"
        description="Check-ins show here while people are on site."
      />
    );
  }
  // Your own first, so checking out is at the top of the page.
  const ordered = [...checkins].sort((a, b) => Number(b.userid === userid) - Number(a.userid === userid));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
      {ordered.map((checkin) => {
        const own = checkin.userid === userid;
        return (
          <Paper
            key={checkin.checkinid}
            withBorder
            radius="md"
            p="sm"
            aria-label={`${checkin.username} at ${checkin.sitename}`}
          >
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={600} fz="sm" truncate>
                  {checkin.username}
                </Text>
                {own && (
                  <Badge variant="light" size="sm">
                    You
                  </Badge>
                )}
              </Group>
              <Anchor component={Link} to={`/site/${checkin.siteid}`} fz="sm">
                {checkin.sitenumber} {checkin.sitename}
              </Anchor>
              <Text fz="xs" c="dimmed">
                {checkin.customercode} · since {formatDateTime(checkin.checkintime)}
              </Text>
              <Text fz="sm" fw={500}>
                On site {formatCheckinDuration(checkinDurationSeconds(checkin, now))}
              </Text>
              {own && (
                <Button
                  size="lg"
                  color="orange"
                  variant="light"
                  leftSection={<IconLogout2 size={18} />}
                  onClick={() => onCheckout(checkin)}
                  aria-label={`Check out of ${checkin.sitename}`}
                >
                  Check out
                </Button>
              )}
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
