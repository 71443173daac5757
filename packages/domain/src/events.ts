// Event types, priorities and SLA classifications (spec 3). Issue 4 builds the events area on these;
// the inventory needs them already, because every service and site condition follows from events.

export const eventTypes = {
  1: { name: 'Scheduled Outage', label: 'Scheduled Works', colour: 'blue' },
  2: { name: 'Scheduled Hazard', label: 'Planned Hazard Window', colour: 'yellow' },
  3: { name: 'Ongoing Network Outage', label: 'Unplanned Outage', colour: 'red' },
} as const;
export type EventType = keyof typeof eventTypes;

export const eventPriorities = {
  1: 'Critical',
  2: 'High',
  3: 'Medium',
  4: 'Low',
  5: 'Planning',
} as const;

export const slaClassifications = {
  1: 'Scheduled Outage',
  2: 'Force Majeur',
  3: 'Hardware Fault',
  4: 'Power Failure',
  5: 'Other',
} as const;

// Decisions.md: 4, 5 and 6 are the data layer's repeats of 1, 2 and 3.
export function normaliseEventType(type: number): EventType | null {
  const folded = type >= 4 && type <= 6 ? type - 3 : type;
  return folded === 1 || folded === 2 || folded === 3 ? folded : null;
}

// Times are unix seconds; an end of null or 0 means "no end yet".
export type EventWindow = { type: EventType; starttime: number; endtime: number | null };

export const recentEventSeconds = 604_800;

// Spec 4: an outage is ongoing while it is type 3 and has no end.
export function isOngoingOutage(event: EventWindow): boolean {
  return event.type === 3 && !event.endtime;
}

// An event affects its services now when it has started and has not ended. Outages without an end
// are ongoing; works and hazards always carry an end (spec 5 requires it for types other than 3).
export function isCurrentEvent(event: EventWindow, now: number): boolean {
  if (event.starttime > now) return false;
  return !event.endtime || event.endtime > now;
}

// Spec 4: recent events ended within the last seven days.
export function isRecentEvent(event: EventWindow, now: number): boolean {
  return !!event.endtime && event.endtime <= now && event.endtime > now - recentEventSeconds;
}
