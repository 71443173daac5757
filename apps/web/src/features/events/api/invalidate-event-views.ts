import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { navigationCountsQuery } from '../../../lib/queries/get-navigation-counts';

// An event changes the condition of its services and sites, so every view that shows a condition
// refreshes with the event lists: services, sites, the dashboard, the map and the sidebar's counts.
// The live stream refreshes the same views when another browser changes an event.
export const eventViewQueryKeys: readonly QueryKey[] = [
  ['events'],
  ['services'],
  ['sites'],
  ['dashboard'],
  ['map'],
  navigationCountsQuery.queryKey,
];

export function invalidateEventViews(queryClient: QueryClient) {
  return Promise.all(eventViewQueryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
