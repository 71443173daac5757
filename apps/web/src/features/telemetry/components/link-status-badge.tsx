import { serviceMessages } from '@lightpath/domain/services';
import { Badge, Group, Loader, Tooltip } from '@mantine/core';
import { InlineWarning } from '../../../components/inline-warning';
import { useLinkStatus } from '../../../lib/queries/get-link-status';

// The service's overall link state (spec 3: linkstatus.overallstatus), with each end underneath.
export function LinkStatusBadge({ serviceid, withEnds = false }: { serviceid: string; withEnds?: boolean }) {
  const status = useLinkStatus(serviceid);
  if (status.isPending) return <Loader size="xs" aria-label="Checking link status" />;
  if (status.isError) {
    // Spec 8: 'An error occurred retrieving {serviceid} status'.
    return <InlineWarning>{serviceMessages.statusFailed(serviceid)}</InlineWarning>;
  }
  const { overallstatus, aend, bend } = status.data;
  const colour = (state: 'UP' | 'DOWN') => (state === 'UP' ? 'teal' : 'red');
  return (
    <Group gap={6} wrap="wrap">
      <Tooltip label="Overall link status">
        <Badge size="lg" color={colour(overallstatus)} variant="filled" aria-label={`Link ${overallstatus}`}>
          {overallstatus}
        </Badge>
      </Tooltip>
      {withEnds && (
        <>
          <Badge variant="light" color={colour(aend)}>
            A end {aend}
          </Badge>
          {bend && (
            <Badge variant="light" color={colour(bend)}>
              B end {bend}
            </Badge>
          )}
        </>
      )}
    </Group>
  );
}
