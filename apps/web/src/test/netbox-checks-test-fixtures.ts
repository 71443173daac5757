import {
  type DiscoveredShelf,
  diffInventory,
  discoveredShelfOf,
  type NetBoxCompare,
  type NetBoxDeviceRecord,
  netboxCompareSchema,
} from '@lightpath/domain/netbox-inventory';
import { shelf, shelfDetail } from './equipment-test-fixtures';

// The NetBox pages' replies: the equipment fixtures' S0003pe as discovered, and NetBox's record of it
// behind in four ways (an older software version, a card's serial, a missing port, an old power supply
// still listed). The differences come from the domain's own diff and every reply is parsed with its
// schema, as the client does. `unreported` is the same shelf with no parts recorded.
export const netboxShelf = shelf(2, 'S0003pe');

function recordOf(discovered: DiscoveredShelf, drifted: boolean): NetBoxDeviceRecord {
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
    inventoryItems: [
      ...(discovered.parts ?? []).map((p, n) => ({ id: 90 + n, ...p, component: null })),
      ...(drifted ? [{ id: 99, name: 'PSU 9', partId: 'PWR-MX480-AC', serial: 'PS9', component: null }] : []),
    ],
  };
}

export function netboxCompare(
  state: 'drifted' | 'same' | 'absent' | 'unreported' = 'drifted',
): NetBoxCompare {
  const discovered = discoveredShelfOf(shelfDetail(state === 'unreported' ? { partlist: [] } : {}));
  const record = state === 'absent' ? null : recordOf(discovered, state !== 'same');
  return netboxCompareSchema.parse({
    shelf: discovered,
    record,
    differences: record ? diffInventory(discovered, record) : [],
  });
}
