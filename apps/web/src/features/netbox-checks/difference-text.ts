import type { InventoryDifference, InventoryDifferenceKind } from '@lightpath/domain/netbox-inventory';

// How the pages name a difference in words, so the checklist, the confirmation and the compare
// tables say the same thing.

export const kindTitles: Record<InventoryDifferenceKind, string> = {
  device: 'Device',
  module: 'Modules (cards)',
  interface: 'Interfaces',
  inventoryItem: 'Inventory items',
};

const kindNouns: Record<InventoryDifferenceKind, string> = {
  device: 'device',
  module: 'card in slot',
  interface: 'interface',
  inventoryItem: 'inventory item',
};

export const fieldTitles: Record<string, string> = {
  serial: 'Serial',
  softwareVersion: 'Software version',
  primaryIp: 'Primary IP',
  model: 'Model',
  enabled: 'Enabled',
  description: 'Description',
  partId: 'Part number',
};

// Blank and absent read as "(none)", so an empty serial is visible as a value and not a gap.
export function shownValue(value: string | null | undefined, field?: string): string {
  if (field === 'enabled' && (value === 'true' || value === 'false'))
    return value === 'true' ? 'enabled' : 'disabled';
  return value === null || value === undefined || value.trim() === '' ? '(none)' : value;
}

export function describeDifference(d: InventoryDifference): string {
  const what = d.kind === 'device' ? 'the device' : `${kindNouns[d.kind]} ${d.key}`;
  // A card or part is named by its model too; a port's label is its name, said once.
  const alsoNamed = (value: string | null) => (value && value !== d.key ? ` (${value})` : '');
  if (d.change === 'create') return `Add ${what}${alsoNamed(d.discovered)} to NetBox`;
  if (d.change === 'delete') return `Remove ${what}${alsoNamed(d.netbox)} from NetBox`;
  const field = (fieldTitles[d.field] ?? d.field).toLowerCase();
  return `Set ${what}'s ${field} to ${shownValue(d.discovered, d.field)} (NetBox has ${shownValue(d.netbox, d.field)})`;
}

export function countChanges(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'}`;
}
