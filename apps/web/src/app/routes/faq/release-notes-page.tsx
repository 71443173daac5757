import { Badge, Group, List, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { PageHeader } from '../../../components/page-header';
import { releases } from '../../../features/faq/release-notes';
import { usePageTitle } from '../../../lib/use-page-title';

const title = 'Portal Release Notes';
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

export function ReleaseNotesPage() {
  usePageTitle(title);
  return (
    <>
      <PageHeader
        title={title}
        description="What has changed in the portal, newest first."
        crumbs={[{ label: 'Support' }, { label: title }]}
      />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs" maw={860}>
        <Timeline bulletSize={28} lineWidth={2} active={0}>
          {releases.map((release) => (
            <Timeline.Item
              key={release.version}
              bullet={<IconRocket size={14} />}
              title={
                <Group gap="xs">
                  <Title order={3} fz="lg">
                    {release.title}
                  </Title>
                  <Badge variant="light" color="indigo" radius="sm">
                    Version {release.version}
                  </Badge>
                </Group>
              }
              aria-label={`Version ${release.version}: ${release.title}`}
            >
              <Stack gap={6} mt={4} mb="md">
                <Text fz="xs" c="dimmed">
                  {dateFormat.format(new Date(`${release.date}T00:00:00`))}
                </Text>
                <Text fz="sm">{release.summary}</Text>
                <List size="sm" spacing={4} withPadding>
                  {release.highlights.map((item) => (
                    <List.Item key={item}>{item}</List.Item>
                  ))}
                </List>
              </Stack>
            </Timeline.Item>
          ))}
        </Timeline>
      </Paper>
    </>
  );
}
