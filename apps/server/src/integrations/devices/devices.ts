// What a shelf reports about itself when asked (Update Shelf, spec 2.6 and 4): its software release,
// its serial number, the cards in its slots and its other parts (power supplies, fans, optics). In a
// network this is the device inventory job the automation runs (issue 15: AWX's juniperinventory and
// cienainventory); until that lands the portal asks the simulator, which answers the same way for the
// same shelf every time.

export type DiscoveredCard = { slot: number; cardType: string; serial: string | null; state: string };
// A field-replaceable unit that is not a card: a power supply, a fan tray, an optic.
export type DiscoveredPart = { name: string; partNumber: string; serial: string | null };
export type DiscoveredShelfFacts = {
  spack: string | null;
  serial: string | null;
  cards: DiscoveredCard[];
  parts: DiscoveredPart[];
};

// What the portal knows of the shelf when it asks.
export type ShelfToDiscover = {
  name: string;
  ipAddress: string | null;
  vendor: string;
  model: string;
  spack: string | null;
  serial: string | null;
  cards: DiscoveredCard[];
  parts: DiscoveredPart[];
};

export type DeviceInventory = {
  kind: 'simulator';
  // The device's own account of itself; DeviceUnreachable when it cannot be asked.
  discover: (shelf: ShelfToDiscover) => Promise<DiscoveredShelfFacts>;
};

export class DeviceUnreachable extends Error {
  constructor(shelf: string) {
    super(`${shelf} did not answer`);
    this.name = 'DeviceUnreachable';
  }
}
