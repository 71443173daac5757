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

// One row per site or service, with everything it is missing: a site without a contact and without
// coordinates is one site needing attention, not two.
export type AttentionRecord = {
  node: AttentionItem['notificationlinknode'];
  id: string;
  label: string;
  customercode: string;
  descriptions: string[];
};

export function groupAttentionItems(items: readonly AttentionItem[]): {
  sites: AttentionRecord[];
  services: AttentionRecord[];
} {
  const records = new Map<string, AttentionRecord>();
  for (const item of items) {
    const key = `${item.notificationlinknode} ${item.notificationlinkid}`;
    const record = records.get(key) ?? {
      node: item.notificationlinknode,
      id: item.notificationlinkid,
      label: item.notificationlinklabel,
      customercode: item.customercode,
      descriptions: [],
    };
    record.descriptions.push(item.notificationdescription);
    records.set(key, record);
  }
  const all = [...records.values()];
  return { sites: all.filter((r) => r.node === 'site'), services: all.filter((r) => r.node === 'service') };
}

export function attentionRecordRoute(record: Pick<AttentionRecord, 'node' | 'id'>): string {
  return record.node === 'site'
    ? `/site/${encodeURIComponent(record.id)}`
    : `/service/${encodeURIComponent(record.id)}`;
}

// Shares of a total as whole percentages for the status bars; a zero total shows nothing.
export function shareOf(part: number, total: number): number {
  return total > 0 ? (part / total) * 100 : 0;
}
