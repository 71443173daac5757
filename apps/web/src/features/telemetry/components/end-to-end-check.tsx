import { Alert, Button, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconRoute2, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { describeError } from '../../../lib/api-client';
import { useEndToEndCheck } from '../api/get-end-to-end-check';

// Runs the end-to-end check on demand (it touches every device on the path) and lists each step.
export function EndToEndCheck({ serviceid }: { serviceid: string }) {
  const [requested, setRequested] = useState(false);
  const check = useEndToEndCheck(serviceid, requested);
  const run = () => (requested ? void check.refetch() : setRequested(true));

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRoute2 size={14} />}
          onClick={run}
          loading={check.isFetching}
        >
          {requested ? 'Run again' : 'Run end-to-end check'}
        </Button>
        {check.data && !check.isFetching && (
          <Text fz="sm" fw={600} c={check.data.ok ? 'teal.7' : 'red.7'} role="status">
            {check.data.ok ? 'All checks passed' : 'Some checks failed'}
          </Text>
        )}
      </Group>
      {check.isError && (
        <Alert variant="light" color="yellow" title="The check could not run">
          {describeError(check.error)}
        </Alert>
      )}
      {check.data && (
        <List spacing={4} size="sm" center>
          {check.data.checks.map((step) => (
            <List.Item
              key={step.name}
              icon={
                <ThemeIcon size={18} radius="xl" color={step.ok ? 'teal' : 'red'} variant="light">
                  {step.ok ? <IconCheck size={12} /> : <IconX size={12} />}
                </ThemeIcon>
              }
            >
              <Text fz="sm" span fw={500}>
                {step.name}
              </Text>
              {step.detail && (
                <Text fz="xs" c="dimmed" span>
                  {' '}
                  — {step.detail}
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
