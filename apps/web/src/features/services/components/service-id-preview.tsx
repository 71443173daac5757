import { serviceMessages } from '@lightpath/domain/services';
import { Anchor, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ServiceStatusBadge, ServiceTypeBadge } from '../../../components/service-badges';
import { serviceRoute } from '../../../lib/service-links';

export function ServiceIdPreview({
  serviceid,
  valid,
  checking,
  exists,
  error,
}: {
  serviceid: string;
  valid: boolean;
  checking: boolean;
  exists: boolean;
  error: ReactNode;
}) {
  let status: ReactNode;
  if (!serviceid) {
    status = (
      <Text fz="sm" c="dimmed">
        Choose the customer, both sites, a sequence and a type.
      </Text>
    );
  } else if (!valid) {
    status = (
      <Group gap={6} c="red">
        <IconAlertTriangle size={16} aria-hidden="true" />
        <Text fz="sm">{serviceMessages.idInvalid}</Text>
      </Group>
    );
  } else if (checking) {
    status = (
      <Group gap={6}>
        <Loader size={14} />
        <Text fz="sm" c="dimmed">
          Checking the id…
        </Text>
      </Group>
    );
  } else if (exists) {
    status = (
      <Group gap={6} c="red">
        <IconAlertTriangle size={16} aria-hidden="true" />
        <Text fz="sm">{serviceMessages.exists}</Text>
      </Group>
    );
  } else {
    status = (
      <Group gap={6} c="teal.7">
        <IconCircleCheck size={16} aria-hidden="true" />
        <Text fz="sm">Available</Text>
      </Group>
    );
  }
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--lp-color-page)">
      <Group justify="space-between" gap="xs">
        <Stack gap={2}>
          <Text fz="xs" c="dimmed" fw={600} tt="uppercase">
            Service id
          </Text>
          <Text fz="lg" fw={700} ff="monospace" aria-live="polite" style={{ overflowWrap: 'anywhere' }}>
            {serviceid || '—'}
          </Text>
        </Stack>
        <div aria-live="polite">{status}</div>
      </Group>
      {error && !(exists || (serviceid && !valid)) && (
        <Text c="red" fz="sm" mt={4} role="alert">
          {error}
        </Text>
      )}
    </Paper>
  );
}

export function SimilarServices({
  loading,
  services,
  suggested,
  sequence,
  onUseSuggested,
}: {
  loading: boolean;
  services: { serviceid: string; description: string; status: number }[];
  suggested: number | null;
  sequence: number | string;
  onUseSuggested: (value: number) => void;
}) {
  if (loading)
    return (
      <Group gap={6}>
        <Loader size={14} />
        <Text fz="sm" c="dimmed">
          Looking for services between these sites…
        </Text>
      </Group>
    );
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text fz="sm" fw={600}>
          {services.length === 0
            ? 'No other services run between these sites'
            : `Similar services (${services.length})`}
        </Text>
        {suggested !== null && Number(sequence) !== suggested && (
          <Button size="compact-xs" variant="subtle" onClick={() => onUseSuggested(suggested)}>
            Use next free sequence ({String(suggested).padStart(2, '0')})
          </Button>
        )}
      </Group>
      {services.length > 0 && (
        <Stack gap={4} mah={160} style={{ overflowY: 'auto' }}>
          {services.map((service) => (
            <Group key={service.serviceid} gap={6} wrap="nowrap">
              <ServiceTypeBadge serviceid={service.serviceid} size="xs" />
              <Anchor
                href={serviceRoute(service.serviceid)}
                target="_blank"
                rel="noopener"
                fz="sm"
                ff="monospace"
                style={{ whiteSpace: 'nowrap' }}
              >
                {service.serviceid}
                <IconExternalLink
                  size={12}
                  style={{ marginLeft: 2, verticalAlign: 'middle' }}
                  aria-label="(opens in a new tab)"
                />
              </Anchor>
              <Text fz="xs" c="dimmed" truncate style={{ flex: 1 }}>
                {service.description}
              </Text>
              {service.status !== 1 && <ServiceStatusBadge status={service.status} size="xs" />}
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
