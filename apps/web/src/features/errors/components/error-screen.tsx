import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LightpathMark } from '../../../components/lightpath-mark';

type Props = { code: string; title: string; description: ReactNode; actions: ReactNode };

// Error pages stand on their own (no app shell): they must render even when the profile cannot load.
export function ErrorScreen({ code, title, description, actions }: Props) {
  return (
    <Center mih="100dvh" p="md" bg="var(--lp-color-page)">
      <Stack align="center" gap="md" maw={520} ta="center">
        <LightpathMark size={40} withName />
        <Text
          fw={800}
          fz={{ base: 72, sm: 104 }}
          lh={1}
          variant="gradient"
          gradient={{ from: 'indigo.5', to: 'cyan.4', deg: 120 }}
          aria-hidden="true"
        >
          {code}
        </Text>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        <Text c="dimmed">{description}</Text>
        <Group justify="center">{actions}</Group>
      </Stack>
    </Center>
  );
}

export function ReloadButton() {
  return (
    <Button variant="default" onClick={() => window.location.reload()}>
      Reload
    </Button>
  );
}
