import {
  type Integration,
  type IntegrationKind,
  integrationFailing,
  integrationKindLabels,
} from '@lightpath/domain/integrations';
import { Badge, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDateTime, formatRelative } from '../../../lib/format';

const kindColours: Record<IntegrationKind, string> = {
  real: 'teal',
  simulated: 'gray',
  'built-in': 'indigo',
};

// A moment with its zone ('26 Nov 2026, 1:03 pm AEDT') and how long ago; 'Never' when there is none.
function Moment({ seconds }: { seconds: number | null }) {
  if (seconds === null) return <Text span>Never</Text>;
  return (
    <Text span>
      {formatDateTime(seconds)}{' '}
      <Text span c="dimmed">
        ({formatRelative(seconds)})
      </Text>
    </Text>
  );
}

// One external system: which implementation answers, where, and how its last calls went.
export function IntegrationCard({ integration }: { integration: Integration }) {
  const failing = integrationFailing(integration);
  const recorded = integration.kind === 'real';
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={integration.name}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Title order={2} fz="md" style={{ minWidth: 0 }}>
            {integration.name}
          </Title>
          {/* The badges keep their width; a long name wraps instead. */}
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            {failing && (
              <Badge color="red" variant="filled">
                Failing
              </Badge>
            )}
            <Badge color={kindColours[integration.kind]} variant="light">
              {integrationKindLabels[integration.kind]}
            </Badge>
          </Group>
        </Group>
        <Text fz="sm">{integration.implementation}</Text>
        {integration.address && (
          <Text fz="sm">
            Address: <Code style={{ wordBreak: 'break-all' }}>{integration.address}</Code>
          </Text>
        )}
        {recorded ? (
          <Stack gap={4} fz="sm">
            <Text fz="sm">
              Last success: <Moment seconds={integration.lastsuccess} />
            </Text>
            <Text fz="sm">
              Last error: <Moment seconds={integration.lasterror} />
            </Text>
            {integration.lasterrormessage && (
              <Text fz="sm" c={failing ? 'red' : 'dimmed'} style={{ wordBreak: 'break-word' }}>
                {integration.lasterrormessage}
              </Text>
            )}
          </Stack>
        ) : (
          <Text fz="sm" c="dimmed">
            {integration.kind === 'simulated'
              ? 'Answered by the built-in simulator: nothing to reach, nothing recorded.'
              : 'Done by the portal itself, in its own database: nothing to reach, nothing recorded.'}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
