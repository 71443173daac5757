import { type TicketIssueType, ticketServiceWarnings } from '@lightpath/domain/tickets';
import { Alert, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { linkStatusQuery } from '../../../../lib/queries/get-link-status';

type Props = { serviceids: string[]; issuetype: TicketIssueType | null; enabled: boolean };

// Beyond this many chosen services the lookups cost more than the hint is worth.
const lookupMax = 10;

// Spec 5: the link state of each chosen service, and a warning when it does not fit the issue (an
// outage for a service that looks up). Warnings never block: the status can lag behind reality.
export function ServiceLinkStatuses({ serviceids, issuetype, enabled }: Props) {
  const looked = serviceids.length <= lookupMax ? serviceids : [];
  const statuses = useQueries({
    queries: looked.map((serviceid) => ({
      ...linkStatusQuery(serviceid),
      enabled,
      // One look while the wizard is open is enough; the service page is where it is watched.
      refetchInterval: false as const,
    })),
  });
  if (looked.length === 0) return null;

  const states = looked.map((serviceid, index) => ({
    serviceid,
    overallstatus: statuses[index]?.data?.overallstatus ?? null,
    pending: statuses[index]?.isPending ?? false,
  }));
  const warnings = ticketServiceWarnings(issuetype, states);

  return (
    <Stack gap="xs">
      <Group gap="xs" aria-label="Link status of the chosen services" role="group">
        {states.map((state) => (
          <Group key={state.serviceid} gap={4} wrap="nowrap">
            <Text fz="xs" ff="monospace">
              {state.serviceid}
            </Text>
            {state.overallstatus ? (
              <Badge size="sm" variant="light" color={state.overallstatus === 'UP' ? 'teal' : 'red'}>
                {state.overallstatus}
              </Badge>
            ) : state.pending && enabled ? (
              <Loader size={12} aria-label={`Checking ${state.serviceid}`} />
            ) : (
              <Badge size="sm" variant="light" color="gray">
                Unknown
              </Badge>
            )}
          </Group>
        ))}
      </Group>
      {warnings.map((warning) => (
        <Alert key={warning} color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
          <Text fz="sm">{warning}</Text>
        </Alert>
      ))}
    </Stack>
  );
}
