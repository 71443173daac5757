import { type EventType, type EventWindow, isCurrentEvent } from './events';

// Spec 4, service condition from events, with outage outranking works outranking hazard.
export const serviceConditions = {
  0: { name: 'Normal', colour: 'green' },
  1: { name: 'Maintenance', colour: 'blue' },
  2: { name: 'At-Risk', colour: 'yellow' },
  3: { name: 'Offline', colour: 'red' },
} as const;
export type ServiceCondition = keyof typeof serviceConditions;

const conditionOfEventType: Record<EventType, ServiceCondition> = { 1: 1, 2: 2, 3: 3 };
const rank: Record<ServiceCondition, number> = { 0: 0, 2: 1, 1: 2, 3: 3 };

export function worseCondition(a: ServiceCondition, b: ServiceCondition): ServiceCondition {
  return rank[b] > rank[a] ? b : a;
}

export function serviceConditionFrom(events: readonly EventWindow[], now: number): ServiceCondition {
  let condition: ServiceCondition = 0;
  for (const event of events) {
    if (isCurrentEvent(event, now)) condition = worseCondition(condition, conditionOfEventType[event.type]);
  }
  return condition;
}

// How a service's condition reads. A disabled (deprovisioned) service carries no traffic, so it is
// never 'Normal' whatever its events say: it reads 'Deprovisioned' in grey, as a disabled site reads
// 'Disabled'.
export function serviceConditionDisplay(
  condition: ServiceCondition,
  status: number,
): { name: string; colour: string } {
  if (status === 0) return { name: 'Deprovisioned', colour: 'gray' };
  return serviceConditions[condition] ?? serviceConditions[0];
}

// Spec 4, site condition 0 to 6. Status 0 shows as Disabled rather than Online.
export const siteConditions = {
  0: { name: 'Online', colour: 'green' },
  1: { name: 'Some services in scheduled works', colour: 'blue' },
  2: { name: 'Some services in a hazard window', colour: 'yellow' },
  3: { name: 'Some services hit by an outage', colour: 'orange' },
  4: { name: 'All services in a hazard window', colour: 'yellow' },
  5: { name: 'Offline due to scheduled works', colour: 'indigo' },
  6: { name: 'Offline due to a network outage', colour: 'red' },
} as const;
export type SiteCondition = keyof typeof siteConditions;

// Counts of a site's enabled services by condition (a disabled service carries no traffic).
export type SiteConditionInput = {
  sitetype: number;
  total: number;
  maintenance: number;
  atRisk: number;
  offline: number;
};

export function siteConditionOf({
  sitetype,
  total,
  maintenance,
  atRisk,
  offline,
}: SiteConditionInput): SiteCondition {
  const affected = maintenance + atRisk + offline;
  if (affected === 0) return 0;
  // Spec 4: a VPLS with every member but one affected is as good as down, since a lone member
  // connects to nothing.
  const fullImpact = affected >= total || (sitetype === 2 && total > 1 && affected >= total - 1);
  if (fullImpact) {
    if (offline > 0) return 6;
    if (maintenance > 0) return 5;
    return 4;
  }
  if (offline > 0) return 3;
  if (maintenance > 0) return 1;
  return 2;
}

// The same reading from a list of service conditions.
export function siteConditionOfServices(
  sitetype: number,
  conditions: readonly ServiceCondition[],
): SiteCondition {
  return siteConditionOf({
    sitetype,
    total: conditions.length,
    maintenance: conditions.filter((c) => c === 1).length,
    atRisk: conditions.filter((c) => c === 2).length,
    offline: conditions.filter((c) => c === 3).length,
  });
}

export function siteConditionLabel(condition: SiteCondition, status: number): string {
  if (condition === 0 && status === 0) return 'Disabled';
  return siteConditions[condition].name;
}

// The simpler reading of spec 4, for small badges and the map legend.
export function siteImpact(condition: SiteCondition): 'online' | 'impacted' | 'offline' {
  if (condition === 0) return 'online';
  return condition >= 4 ? 'offline' : 'impacted';
}
