import { isProviderType } from '@lightpath/domain/user-types';
import { useCallback } from 'react';
import { useSession } from '../../lib/session';
import { useOwnSiteIds } from './api/list-site-options';
import { canOpenSite } from './service-links';

// Whether a site link would open for this user (see canOpenSite): customers never get a link to the
// provider's PoP at the B end of their services.
export function useSiteVisibility(): (siteid: number | null) => boolean {
  const { actor } = useSession();
  const ownSites = useOwnSiteIds(!isProviderType(actor.type));
  return useCallback(
    (siteid: number | null) => canOpenSite(actor.type, siteid, ownSites.data),
    [actor.type, ownSites.data],
  );
}
