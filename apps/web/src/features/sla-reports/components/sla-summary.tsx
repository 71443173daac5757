import { formatAvailability, type SlaReport, slaDefinitions } from '@lightpath/domain/sla-reports';
import { List, Paper, SimpleGrid, Text } from '@mantine/core';

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'red' | 'teal' }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text
        fz="xl"
        fw={700}
        c={tone ? `${tone}.8` : undefined}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Text>
    </Paper>
  );
}

// The period's figures over every service the period and customer select.
export function SlaSummary({ summary }: { summary: SlaReport['summary'] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      <Figure label="Services measured" value={summary.services.toLocaleString('en-AU')} />
      <Figure label="Met target" value={summary.met.toLocaleString('en-AU')} tone="teal" />
      <Figure label="Breached target" value={summary.breached.toLocaleString('en-AU')} tone="red" />
      <Figure label="Mean availability" value={formatAvailability(summary.availability)} />
    </SimpleGrid>
  );
}

// How the figures are made, one line each, as the PDF prints them (docs/decisions/037).
export function SlaDefinitions() {
  return (
    <List size="sm" spacing={4} c="dimmed">
      {Object.entries(slaDefinitions).map(([key, line]) => (
        <List.Item key={key}>{line}</List.Item>
      ))}
    </List>
  );
}
