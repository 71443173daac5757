import { Anchor, Group, Text } from '@mantine/core';
import { buildVersion } from '../../lib/build-info';

export function AppFooter({ providerName }: { providerName: string }) {
  return (
    <Group
      component="footer"
      justify="space-between"
      gap="xs"
      py="md"
      mt="xl"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Text fz="xs" c="dimmed">
        © {new Date().getFullYear()} {providerName}
      </Text>
      <Group gap="md">
        <Text fz="xs" c="dimmed">
          Lightpath {buildVersion}
        </Text>
        {/* A plain link, not a router Link: the API docs are served by the server, so this is a full page load. */}
        <Anchor href="/api/docs" fz="xs">
          API documentation
        </Anchor>
      </Group>
    </Group>
  );
}
