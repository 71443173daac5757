import type { UserType } from '@lightpath/domain/user-types';
import type { AttentionItem } from './api/list-items-needing-attention';

// Spec 6: rows in the dashboard's modals open their site or service only for the NOC (1) and customer
// admins (4); everyone else reads them in place.
export function dashboardRowsNavigate(type: UserType): boolean {
  return type === 1 || type === 4;
}

export type ToggleSide = 'sites' | 'services';

// The modals open on whichever side has something in it, sites first (spec 2.6 toggle order).
export function initialSide(sites: number, services: number): ToggleSide {
  return sites === 0 && services > 0 ? 'services' : 'sites';
}

export function toggleLabels(sites: number, services: number): { value: ToggleSide; label: string }[] {
  return [
    { value: 'sites', label: `Sites (${sites})` },
    { value: 'services', label: `Services (${services})` },
  ];
}

export function splitAttentionItems(items: readonly AttentionItem[]): {
  sites: AttentionItem[];
  services: AttentionItem[];
} {
  return {
    sites: items.filter((i) => i.notificationlinknode === 'site'),
    services: items.filter((i) => i.notificationlinknode === 'service'),
  };
}

export function attentionItemRoute(item: AttentionItem): string {
  return item.notificationlinknode === 'site'
    ? `/site/${encodeURIComponent(item.notificationlinkid)}`
    : `/service/${encodeURIComponent(item.notificationlinkid)}`;
}

// Shares of a total as whole percentages for the status bars; a zero total shows nothing.
export function shareOf(part: number, total: number): number {
  return total > 0 ? (part / total) * 100 : 0;
}
