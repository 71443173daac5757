import type { AccessTicketPlan } from '@lightpath/domain/access';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MessagePreviewFrame } from '../../../components/message-preview-frame';

type Props = { heading: ReactNode; plan: AccessTicketPlan | null };

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Text fz="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <div style={{ minWidth: 0 }}>{children}</div>
    </Group>
  );
}

// Step two, Preflight Confirmation: the ticket the request will open, exactly as the server will open
// it, before anything is written.
export function AccessPreflightStep({ heading, plan }: Props) {
  return (
    <Stack gap="md">
      {heading}
      {plan && (
        <Paper withBorder radius="md" p="md" component="section" aria-label="The ticket to be opened">
          <Stack gap="xs">
            <Row label="Requester">
              <Text fz="sm">{plan.requester}</Text>
            </Row>
            <Row label="Cc">
              <Text fz="sm">{plan.ccs.length > 0 ? plan.ccs.join(', ') : 'Nobody'}</Text>
            </Row>
            <Row label="Attachments">
              {plan.attachments.length > 0 ? (
                <Group gap={6}>
                  {plan.attachments.map((name) => (
                    <Badge
                      key={name}
                      variant="outline"
                      color="gray"
                      tt="none"
                      leftSection={<IconPaperclip size={12} aria-hidden="true" />}
                    >
                      {name}
                    </Badge>
                  ))}
                </Group>
              ) : (
                <Text fz="sm">None</Text>
              )}
            </Row>
            <MessagePreviewFrame title="Ticket message" html={plan.htmlcomment} height={320} />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
