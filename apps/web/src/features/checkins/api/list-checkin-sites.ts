import { checkinSiteEligible, checkinSiteFilter } from '@lightpath/domain/checkins';
import type { UserType } from '@lightpath/domain/user-types';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listSites } from '../../../lib/queries/list-sites';

// A network may have thousands of sites, so the picker asks the server to search and shows one page.
export const checkinSiteChoicesLimit = 50;

// Spec 6: the sites a user may check in at, searched by name or number on the server. Under ['sites']
// so that site changes refresh it.
export function checkinSitesQuery(userType: UserType, q: string) {
  return queryOptions({
    queryKey: ['sites', 'checkin-choices', userType, q],
    queryFn: async ({ signal }) => {
      const page = await listSites(
        {
          limit: checkinSiteChoicesLimit,
          offset: 0,
          sort: 'sitename',
          ...(q ? { q } : {}),
          ...checkinSiteFilter(userType),
        },
        signal,
      );
      // The filter asks the server for exactly these; the rule is applied again so the picker can
      // never offer a site the server would refuse.
      return page.results.filter((site) => checkinSiteEligible(site, userType));
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useCheckinSites(userType: UserType, q: string, enabled = true) {
  return useQuery({ ...checkinSitesQuery(userType, q), enabled });
}
