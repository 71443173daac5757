import { usageLabel } from '@lightpath/domain/services';
import { failedUtilisation, utilisationTimespanHours } from '@lightpath/domain/telemetry';
import { Badge, Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { useUtilisation } from '../api/get-utilisation';

function Direction({ label, percent }: { label: string; percent: number }) {
  const rounded = Math.round(percent);
  const { colour } = usageLabel(percent, 0);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text fz="sm">{label}</Text>
        <Text fz="sm" fw={600}>
          {rounded}%
        </Text>
      </Group>
      <Progress
        value={Math.min(100, Math.max(0, rounded))}
        color={colour}
        size="md"
        aria-label={`${label} ${rounded}%`}
      />
    </Stack>
  );
}

// Spec 4/8/9: average use over the last hour, both directions, labelled by the worse one. A failed
// read counts as 0 both ways, which labels as Available.
export function UtilisationMeter({ serviceid }: { serviceid: string }) {
  const query = useUtilisation(serviceid);
  if (query.isPending) return <Skeleton h={86} />;
  const { atob, btoa } = query.isError ? failedUtilisation : query.data.utilisation;
  const unavailable = query.isError || Boolean(query.data.message);
  const label = usageLabel(atob, btoa);
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text fz="xs" c="dimmed">
          {unavailable
            ? 'Utilisation could not be read just now'
            : `Average over the last ${utilisationTimespanHours === 1 ? 'hour' : `${utilisationTimespanHours} hours`}`}
        </Text>
        <Badge color={label.colour} variant="light">
          {label.label}
        </Badge>
      </Group>
      <Direction label="A → B" percent={atob} />
      <Direction label="B → A" percent={btoa} />
    </Stack>
  );
}
