import { Button, EmptyState } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';

// Shown instead of calling an API the server would refuse for this role.
export function NoAccess({ what }: { what: string }) {
  return (
    <EmptyState
      mt="xl"
      icon={<IconLock size={28} />}
      withIndicatorBackground
      title="Not available to your role"
      description={`Your account does not include ${what}. Ask your company administrator or the NOC if you need it.`}
    >
      <EmptyState.Actions>
        <Button component={Link} to="/" variant="default">
          Back to the dashboard
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
