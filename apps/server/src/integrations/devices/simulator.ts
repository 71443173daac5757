import { partsOfModel, recommendedSoftware } from '@lightpath/domain/equipment';
import { type DeviceInventory, DeviceUnreachable, type ShelfToDiscover } from './devices';

// A stable number per shelf name, so a shelf behaves the same way on every check.
function hashOf(name: string): number {
  let hash = 2166136261;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return hash;
}

const eightDigits = (n: number) => String(n % 100_000_000).padStart(8, '0');

// The simulated network: a shelf without an address, or one in seventeen, does not answer; one in five
// has been upgraded to the recommended release since the portal last looked, one in nine had its first
// card swapped (a new serial) and one in eleven its first part (a power supply or fan tray). Its parts
// are the model's (modelParts, as the seed gives them), whatever the portal recorded: one the portal
// lacks gets a serial of its own, one of another model is not reported. What a device reports does not
// depend on the portal's record of it beyond the serials it already holds, so once Update Shelf has
// written the device's account the next check finds the shelf up to date.
export function simulatedDeviceInventory(): DeviceInventory {
  return {
    kind: 'simulator',
    async discover(shelf: ShelfToDiscover) {
      const hash = hashOf(shelf.name);
      if (!shelf.ipAddress || hash % 17 === 0) throw new DeviceUnreachable(shelf.name);
      const upgraded = hash % 5 === 0;
      const swapped = hash % 9 === 0;
      const partSwapped = hash % 11 === 0;
      const firstSlot = Math.min(...shelf.cards.map((c) => c.slot));
      const recorded = new Map(shelf.parts.map((p) => [p.name, p]));
      return {
        spack: upgraded ? (recommendedSoftware[shelf.model] ?? shelf.spack) : shelf.spack,
        serial: shelf.serial,
        cards: shelf.cards.map((card) =>
          swapped && card.slot === firstSlot
            ? { ...card, serial: `RPL${eightDigits(hash)}`, state: 'inservice' }
            : card,
        ),
        parts: partsOfModel(shelf.model).map((part, index) => ({
          name: part.name,
          partNumber: part.partnumber,
          serial:
            partSwapped && index === 0
              ? `RPP${eightDigits(hash)}`
              : (recorded.get(part.name)?.serial ??
                `FRU${eightDigits(hashOf(`${shelf.name}|${part.name}`))}`),
        })),
      };
    },
  };
}
