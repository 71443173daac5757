import {
  type TicketIssueType,
  ticketIssueDescriptions,
  ticketIssueLabels,
  ticketIssueTypes,
} from '@lightpath/domain/tickets';
import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  heading: ReactNode;
  value: string;
  onChange: (issue: TicketIssueType) => void;
  error: ReactNode;
};

// Step one: what kind of problem this is. It decides what step two asks for, the subject's prefix
// and the ticket type sent (spec 9).
export function IssueStep({ heading, value, onChange, error }: Props) {
  // The chosen card, or the first, takes focus when the step opens; arrow keys move between cards.
  const focused = value || ticketIssueTypes[0];
  return (
    <Stack gap="md">
      {heading}
      <Radio.Group
        label="Issue type"
        description="What would you like to tell the NOC about?"
        required
        value={value}
        onChange={(next) => onChange(next as TicketIssueType)}
        error={error}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="sm">
          {ticketIssueTypes.map((issue) => (
            <Radio.Card
              key={issue}
              value={issue}
              radius="md"
              p="sm"
              data-autofocus={issue === focused || undefined}
            >
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator mt={2} />
                <div>
                  <Text fz="sm" fw={600}>
                    {ticketIssueLabels[issue]}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {ticketIssueDescriptions[issue]}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
    </Stack>
  );
}
