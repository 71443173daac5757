import { type Actor, scopeOf } from './actor';
import { can, type Permission } from './permissions';

// Topics of the live stream (GET /api/stream). A topic names what to refetch, never a record.
// tickets covers site access requests and job tickets too: they are tickets.
// jobs: an AWX job launched, moved on or printed more output.
export const changeTopics = ['events', 'tickets', 'checkins', 'jobs'] as const;
export type ChangeTopic = (typeof changeTopics)[number];

// One recorded change: its topic and the customers whose records it touched (none for the provider's
// own work, such as a check-in or a job ticket).
export type Change = { topic: ChangeTopic; customerIds: readonly number[] };

// A topic is heard only by someone who may read what it names (decisions.md 'Live updates'): a
// technician never hears of events, a customer never of check-ins.
const topicReaders: Record<ChangeTopic, readonly Permission[]> = {
  events: ['events.view'],
  // Support tickets, the job tickets technicians work from, the access requests listed on site pages.
  tickets: ['tickets.view', 'jobtickets.manage', 'access.request'],
  checkins: ['checkins.manage'],
  jobs: ['jobs.manage'],
};

type Listener = Pick<Actor, 'type' | 'customerId' | 'companyAdmin' | 'chameleon'>;

// Provider staff hear every change they may read; a customer only changes to its own records, so a
// customer's stream never learns that another customer's records changed.
export function hearsChange(actor: Listener, change: Change): boolean {
  if (!topicReaders[change.topic].some((permission) => can(actor, permission))) return false;
  const scope = scopeOf(actor);
  return scope.kind === 'all' || change.customerIds.includes(scope.customerId);
}

// The topics of a batch of changes that this listener hears, each once, in a stable order.
export function topicsHeard(actor: Listener, changes: readonly Change[]): ChangeTopic[] {
  const heard = new Set(changes.filter((change) => hearsChange(actor, change)).map((c) => c.topic));
  return changeTopics.filter((topic) => heard.has(topic));
}

// What a stream was opened for: when the session's effective role or customer changes (impersonation,
// an edit of the user), the stream ends and the browser reconnects with the new scope.
export function listenerKey(actor: Listener): string {
  return `${actor.type}:${actor.customerId}:${actor.companyAdmin ? 1 : 0}:${actor.chameleon}`;
}
