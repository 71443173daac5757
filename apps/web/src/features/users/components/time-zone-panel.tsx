import { zoneAbbreviation } from '@lightpath/domain/time';
import type { User } from '@lightpath/domain/users';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { notify } from '../../../lib/notify';
import { portalTimeZone } from '../../../lib/time-zone';
import { useUpdateUser } from '../api/update-user';

// The zone every screen reads and types times in for this user (decisions.md, time zone): their own
// choice, or the portal's when they have none. Choosing the portal's zone stores null, so the user
// follows the portal if the operator ever changes PORTAL_TIMEZONE.
const followPortal = '';

function zoneLabel(zone: string, now: number): string {
  return `${zone.replaceAll('_', ' ')} (${zoneAbbreviation(now, zone)})`;
}

export function TimeZonePanel({ user }: { user: User }) {
  const updateUser = useUpdateUser(user.userid);
  const [choice, setChoice] = useState(user.timezone ?? followPortal);
  useEffect(() => setChoice(user.timezone ?? followPortal), [user.timezone]);
  const portalZone = portalTimeZone();

  const options = useMemo(() => {
    const now = Math.floor(Date.now() / 1000);
    const zones = Intl.supportedValuesOf('timeZone');
    return [
      { value: followPortal, label: `The portal's zone: ${zoneLabel(portalZone, now)}` },
      ...zones.map((zone) => ({ value: zone, label: zoneLabel(zone, now) })),
    ];
  }, [portalZone]);

  const saved = user.timezone ?? followPortal;
  const save = () =>
    updateUser.mutate(
      { timezone: choice === followPortal ? null : choice },
      {
        onSuccess: () => notify.success('Time zone saved'),
        onError: (error) => notify.warning(error.message || 'An error occurred while updating this user'),
      },
    );

  return (
    <Paper component="section" aria-labelledby="time-zone-heading" withBorder radius="lg" p="lg" shadow="xs">
      <Stack gap="md">
        <div>
          <Title id="time-zone-heading" order={3} fz="md">
            Time zone
          </Title>
          <Text fz="sm" c="dimmed">
            Every time you read or type in the portal is in this zone, and labelled with it.
          </Text>
        </div>
        <Select
          label="Show and enter times in"
          searchable
          allowDeselect={false}
          data={options}
          value={choice}
          onChange={(value) => setChoice(value ?? followPortal)}
          nothingFoundMessage="No zone by that name"
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => setChoice(saved)}
            disabled={choice === saved || updateUser.isPending}
          >
            Discard changes
          </Button>
          <Button onClick={save} disabled={choice === saved} loading={updateUser.isPending}>
            Save time zone
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
