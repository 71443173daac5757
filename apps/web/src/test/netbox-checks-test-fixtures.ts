import {
  diffInventory,
  discoveredShelfOf,
  type NetBoxCompare,
  type NetBoxDeviceRecord,
  netboxCompareSchema,
} from '@lightpath/domain/netbox-inventory';
import { shelf, shelfDetail } from './equipment-test-fixtures';

// The NetBox pages' replies: the equipment fixtures' S0003pe as discovered, and NetBox's record of it
// behind in three ways (an older software version, a card's serial, a missing port). The differences
// come from the domain's own diff and every reply is parsed with its schema, as the client does.
export const netboxShelf = shelf(2, 'S0003pe');
const discovered = discoveredShelfOf(shelfDetail());

function recordOf(drifted: boolean): NetBoxDeviceRecord {
  return {
    device: {
      id: 41,
      name: discovered.name,
      site: discovered.site,
      manufacturer: discovered.vendor,
      model: discovered.model,
      serial: discovered.serial,
      softwareVersion: drifted ? 'Junos 23.4R1' : discovered.softwareVersion,
      primaryIp: discovered.ipAddress,
      status: 'active',
    },
    modules: discovered.cards.map((c, n) => ({
      id: 60 + n,
      bay: c.slot,
      model: c.cardType,
      serial: drifted && n === 0 ? `${c.serial}-RMA` : c.serial,
      status: 'active',
    })),
    interfaces: (drifted ? discovered.ports.slice(0, -1) : discovered.ports).map((p, n) => ({
      id: 80 + n,
      type: 'other',
      ...p,
    })),
    inventoryItems: [{ id: 90, name: 'PSU 0', partId: 'PWR-MX480-AC', serial: 'PS1', component: null }],
  };
}

export function netboxCompare(state: 'drifted' | 'same' | 'absent' = 'drifted'): NetBoxCompare {
  const record = state === 'absent' ? null : recordOf(state === 'drifted');
  return netboxCompareSchema.parse({
    shelf: discovered,
    record,
    differences: record ? diffInventory(discovered, record) : [],
  });
}
