import { isProviderType } from '@lightpath/domain/user-types';
import { useCallback } from 'react';
import { useOwnSiteIds } from '../../lib/queries/list-site-options';
import { canOpenSite } from '../../lib/service-links';
import { useSession } from '../../lib/session';

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
