import { Grid, Skeleton, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client';
import { LoadError } from './load-error';
import { NoAccess } from './no-access';
import { type Crumb, PageHeader, type PageHeaderProps } from './page-header';

type Props = {
  /** The role may see this kind of record; when not, the page calls nothing and says so. */
  allowed: boolean;
  /** The id in the address is well formed; a malformed one is answered as "not found", like a foreign id. */
  valid?: boolean;
  query: Pick<UseQueryResult<unknown>, 'isError' | 'error' | 'refetch'>;
  /** The header while the page is refused or the record failed to load. */
  title: ReactNode;
  crumbs: Crumb[];
  /** Where the refused header says less than the failed one (a ticket's number is not shown to a refused role). */
  noAccessTitle?: ReactNode;
  /** Completes "Your account does not include …". */
  noAccessWhat: string;
  /** Completes "An error occurred retrieving …" and "The … you asked for does not exist". */
  recordWhat: string;
  /** The reason a malformed id is not found; the area's own message where it has one. */
  notFoundMessage?: string;
  loadingHeader: PageHeaderProps;
  skeleton: ReactNode;
};

// The states a record's page shows before the record itself: refused for the role, failed to load
// (a 404 among them), and loading. Render it until the query has succeeded.
export function DetailPageGate({
  allowed,
  valid = true,
  query,
  title,
  crumbs,
  noAccessTitle = title,
  noAccessWhat,
  recordWhat,
  notFoundMessage = 'Not found.',
  loadingHeader,
  skeleton,
}: Props) {
  if (!allowed) {
    return (
      <>
        <PageHeader title={noAccessTitle} crumbs={crumbs} />
        <NoAccess what={noAccessWhat} />
      </>
    );
  }
  if (!valid || query.isError) {
    return (
      <>
        <PageHeader title={title} crumbs={crumbs} />
        <LoadError
          error={valid ? query.error : new ApiError(404, notFoundMessage)}
          what={recordWhat}
          onRetry={() => query.refetch()}
        />
      </>
    );
  }
  return (
    <>
      <PageHeader {...loadingHeader} />
      {skeleton}
    </>
  );
}

// The loading shape of a page with a wide main column of two panels and a narrow side column.
export function MainAndSideSkeleton({ main = [140, 280] }: { main?: [number, number] }) {
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="md">
          <Skeleton h={main[0]} radius="lg" />
          <Skeleton h={main[1]} radius="lg" />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Skeleton h={320} radius="lg" />
      </Grid.Col>
    </Grid>
  );
}

// The loading shape of a page with two columns side by side from the medium breakpoint.
export function TwoColumnSkeleton({
  spans,
  heights,
}: {
  spans: [number, number];
  heights: [number, number];
}) {
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: spans[0] }}>
        <Skeleton h={heights[0]} radius="lg" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: spans[1] }}>
        <Skeleton h={heights[1]} radius="lg" />
      </Grid.Col>
    </Grid>
  );
}
