import type { AwxJobStatus } from '@lightpath/domain/awx';
import { Badge, type MantineSize } from '@mantine/core';
import { jobStatusColour, jobStatusLabel } from '../job-format';

export function JobStatusBadge({ status, size = 'sm' }: { status: AwxJobStatus; size?: MantineSize }) {
  return (
    <Badge color={jobStatusColour(status)} variant="light" size={size} style={{ flexShrink: 0 }}>
      {jobStatusLabel(status)}
    </Badge>
  );
}
