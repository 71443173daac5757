import { recommendedSoftware } from '@lightpath/domain/equipment';
import { type DeviceInventory, DeviceUnreachable, type ShelfToDiscover } from './devices';

// A stable number per shelf name, so a shelf behaves the same way on every check.
function hashOf(name: string): number {
  let hash = 2166136261;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return hash;
}

// The simulated network: a shelf without an address, or one in seventeen, does not answer; one in five
// has been upgraded to the recommended release since the portal last looked, and one in nine had its
// first card swapped (a new serial). What a device reports does not depend on the portal's record of
// it, so once Update Shelf has written the device's account the next check finds the shelf up to date.
export function simulatedDeviceInventory(): DeviceInventory {
  return {
    kind: 'simulator',
    async discover(shelf: ShelfToDiscover) {
      const hash = hashOf(shelf.name);
      if (!shelf.ipAddress || hash % 17 === 0) throw new DeviceUnreachable(shelf.name);
      const upgraded = hash % 5 === 0;
      const swapped = hash % 9 === 0;
      const firstSlot = Math.min(...shelf.cards.map((c) => c.slot));
      return {
        spack: upgraded ? (recommendedSoftware[shelf.model] ?? shelf.spack) : shelf.spack,
        serial: shelf.serial,
        cards: shelf.cards.map((card) =>
          swapped && card.slot === firstSlot
            ? { ...card, serial: `RPL${String(hash % 100_000_000).padStart(8, '0')}`, state: 'inservice' }
            : card,
        ),
      };
    },
  };
}
