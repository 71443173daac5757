import { Alert, Anchor, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

// A wizard's summary step opens with what it made, in one success line.
export function WizardOutcome({ children }: { children: ReactNode }) {
  return (
    <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />}>
      <Text fz="sm">{children}</Text>
    </Alert>
  );
}

// The record the wizard made, linked from its outcome; following the link closes the wizard.
export function WizardRecordLink({
  to,
  onOpen,
  children,
}: {
  to: string;
  onOpen: () => void;
  children: ReactNode;
}) {
  return (
    <Anchor component={Link} to={to} onClick={onOpen} fw={600}>
      {children}
    </Anchor>
  );
}
