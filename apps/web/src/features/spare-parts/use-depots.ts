import { siteNeedsAddress } from '@lightpath/domain/sites';
import { useMemo } from 'react';
import { useSiteOptions } from '../../lib/queries/list-site-options';
import { useSession } from '../../lib/session';

// The depots a part can be kept at: the provider's own PoPs and exchanges (domain canBeDepot). Only
// provider staff reach this page, and their own customer is the provider.
export function useDepots(enabled = true) {
  const { actor } = useSession();
  const sites = useSiteOptions({ customerid: actor.customerId }, enabled);
  const depots = useMemo(
    () =>
      (sites.data ?? [])
        .filter((site) => siteNeedsAddress(site.sitetype))
        .map((site) => ({ value: String(site.siteid), label: `${site.sitename} (${site.sitenumber})` })),
    [sites.data],
  );
  return { depots, isPending: sites.isPending };
}
