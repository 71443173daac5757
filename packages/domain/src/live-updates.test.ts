import { describe, expect, it } from 'vitest';
import type { Actor } from './actor';
import { type Change, hearsChange, listenerKey, topicsHeard } from './live-updates';

const actor = (type: Actor['type'], customerId: number, extra: Partial<Actor> = {}) => ({
  type,
  customerId,
  companyAdmin: false,
  chameleon: 0 as Actor['chameleon'],
  ...extra,
});
const noc = actor(1, 1);
const tech = actor(2, 1);
const eng = actor(3, 1);
const ungAdmin = actor(4, 2, { companyAdmin: true });
const ungUser = actor(5, 2);
const ebhAdmin = actor(4, 3, { companyAdmin: true });

const ungEvent: Change = { topic: 'events', customerIds: [2] };
const sharedEvent: Change = { topic: 'events', customerIds: [2, 3] };
const ebhTicket: Change = { topic: 'tickets', customerIds: [3] };
const jobTicket: Change = { topic: 'tickets', customerIds: [1] };
const checkin: Change = { topic: 'checkins', customerIds: [2] };

describe('hearsChange', () => {
  it.each([
    ['the NOC hears every customer', noc, ungEvent, true],
    ['the NOC hears tickets', noc, ebhTicket, true],
    ['engineering hears events', eng, ungEvent, true],
    ['a technician never hears events', tech, ungEvent, false],
    ['a technician hears job tickets', tech, jobTicket, true],
    ['a technician hears check-ins', tech, checkin, true],
    ["a customer hears its own customer's event", ungUser, ungEvent, true],
    ['a customer hears an event shared with another customer', ebhAdmin, sharedEvent, true],
    ["a customer never hears another customer's event", ebhAdmin, ungEvent, false],
    ["a customer never hears another customer's ticket", ungAdmin, ebhTicket, false],
    ["a customer never hears the provider's job tickets", ungAdmin, jobTicket, false],
    ['a customer never hears check-ins, even at its own site', ungAdmin, checkin, false],
    ['a NOC acting as a customer hears only that customer', actor(4, 3), ungEvent, false],
    ['chameleon 2 hides tickets', actor(5, 3, { chameleon: 2 }), ebhTicket, false],
  ] as const)('%s', (_name, who, change, heard) => {
    expect(hearsChange(who, change)).toBe(heard);
  });
});

describe('topicsHeard', () => {
  it('keeps the topics this listener hears, each once, in a stable order', () => {
    const batch = [ebhTicket, ungEvent, checkin, sharedEvent, ungEvent];
    expect(topicsHeard(noc, batch)).toEqual(['events', 'tickets', 'checkins']);
    expect(topicsHeard(ungUser, batch)).toEqual(['events']);
    expect(topicsHeard(ebhAdmin, batch)).toEqual(['events', 'tickets']);
    expect(topicsHeard(ebhAdmin, [ungEvent])).toEqual([]);
  });
});

describe('listenerKey', () => {
  it('changes when the role, customer, admin flag or switch level changes', () => {
    const keys = new Set(
      [
        ungUser,
        ungAdmin,
        actor(5, 3),
        actor(5, 2, { companyAdmin: true }),
        actor(5, 2, { chameleon: 2 }),
      ].map(listenerKey),
    );
    expect(keys.size).toBe(5);
    expect(listenerKey(actor(5, 2))).toBe(listenerKey(ungUser));
  });
});
