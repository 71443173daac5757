import { type ServiceGroup, serviceGroupNames, serviceGroups } from '@lightpath/domain/services';
import { isProviderType, type UserType } from '@lightpath/domain/user-types';

// Spec 2.2: the B end of a VPLS connection opens the VPLS page, an L3VPN service's B end the L3VPN page;
// every other end is an ordinary site.
export function siteEndRoute(end: 'A' | 'B', letter: string | null, siteid: number): string {
  if (end === 'B' && (letter === 'F' || letter === 'W')) return `/vpls/${siteid}`;
  if (end === 'B' && letter === 'G') return `/l3vpn/${siteid}`;
  return `/site/${siteid}`;
}

// Provider staff see every site. A customer sees only its own, so a link to the provider's PoP at the
// B end would only lead to "not found": such ends are shown as text. `visibleSiteIds` is the set of
// the customer's sites (undefined while it loads, when nothing is linked yet).
export function canOpenSite(
  actorType: UserType,
  siteid: number | null,
  visibleSiteIds: ReadonlySet<number> | undefined,
): boolean {
  if (siteid === null) return false;
  if (isProviderType(actorType)) return true;
  return visibleSiteIds?.has(siteid) ?? false;
}

// A service end's port, for staff who see equipment: the route finds the port's shelf and opens it there.
export function portRoute(portid: string): string {
  return `/equipment/port/${encodeURIComponent(portid)}`;
}

export function serviceRoute(serviceid: string): string {
  return `/service/${encodeURIComponent(serviceid)}`;
}

// The list routes of spec 2.2: /services is every service, the others one group each.
export function groupForPath(pathname: string): ServiceGroup | null {
  const path = pathname.replace(/\/+$/, '');
  return serviceGroupNames.find((group) => serviceGroups[group].path === path) ?? null;
}
