import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ApiError, describeError } from '../lib/api-client';

type Props = { error: unknown; what: string; onRetry?: () => void };

// Spec 8: loads fail with 'An error occurred retrieving <what>'; the server's reason goes underneath.
export function LoadError({ error, what, onRetry }: Props) {
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <Alert
      color={notFound ? 'gray' : 'yellow'}
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={notFound ? 'Not found' : `An error occurred retrieving ${what}`}
      role="alert"
    >
      <Group justify="space-between" gap="sm">
        <Text fz="sm">
          {notFound
            ? `The ${what} you asked for does not exist, or is not visible to you.`
            : describeError(error)}
        </Text>
        {onRetry && !notFound && (
          <Button size="xs" variant="default" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Group>
    </Alert>
  );
}
