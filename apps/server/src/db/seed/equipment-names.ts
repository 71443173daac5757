import { portIdOf } from '@lightpath/domain/equipment';

// How the demo network names its devices and ports, shared by the services' port ids (inventory.ts)
// and the shelves that carry them (equipment.ts), so that every service end is a port on a shelf.

// A customer site's CPE is named after the customer and the site (site numbers repeat across
// customers); its service ports are ge-0-0-0 onwards on the base card.
export function cpeName(customerCode: string, siteNumber: string): string {
  return `${customerCode}${siteNumber}`;
}
export function cpeInterface(index: number): string {
  return `ge-0-0-${index}`;
}
export function cpePortId(customerCode: string, siteNumber: string, index: number): string {
  return portIdOf(cpeName(customerCode, siteNumber), cpeInterface(index));
}

// A PoP's provider edge routers take the services' B ends in order: ten line cards of twenty 10G
// ports each per router, so a busy PoP has `S0002pe`, `S0002pe2`, … with 200 service ports apiece.
export const peLineCards = 10;
export const pePortsPerCard = 20;
export const pePortsPerShelf = peLineCards * pePortsPerCard;

export function peName(siteNumber: string, router: number): string {
  return router === 1 ? `${siteNumber}pe` : `${siteNumber}pe${router}`;
}
export function pePlace(index: number) {
  const router = Math.floor(index / pePortsPerShelf) + 1;
  const onShelf = index % pePortsPerShelf;
  return { router, slot: Math.floor(onShelf / pePortsPerCard) + 1, port: onShelf % pePortsPerCard };
}
export function peInterface(slot: number, port: number): string {
  return `xe-${slot}-0-${port}`;
}
export function pePortId(siteNumber: string, index: number): string {
  const { router, slot, port } = pePlace(index);
  return portIdOf(peName(siteNumber, router), peInterface(slot, port));
}
