import { Skeleton, Stack } from '@mantine/core';

export function TableSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading">
      <Skeleton height={36} />
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} height={44} opacity={1 - i * 0.1} />
      ))}
    </Stack>
  );
}
