import { describe, expect, it } from 'vitest';
import {
  choosesSubscriber,
  maySubscribeUser,
  subscriptionCreateSchema,
  subscriptionMessages,
  subscriptionUpdateSchema,
  userFitsService,
} from './subscriptions';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('subscriptionCreateSchema', () => {
  it('takes a service id (trimmed, upper-cased) and an optional user', () => {
    expect(subscriptionCreateSchema.parse({ serviceid: ' ung0001000201b ' })).toEqual({
      serviceid: 'UNG0001000201B',
    });
    expect(subscriptionCreateSchema.parse({ serviceid: 'UNG0001000201B', userid: 12 })).toEqual({
      serviceid: 'UNG0001000201B',
      userid: 12,
    });
  });

  it.each([
    [{}, subscriptionMessages.serviceRequired],
    [{ serviceid: '' }, subscriptionMessages.serviceRequired],
    [{ serviceid: '   ' }, subscriptionMessages.serviceRequired],
    [{ serviceid: 12 }, subscriptionMessages.serviceRequired],
    [{ serviceid: 'UNG-0001' }, 'Service ID is not valid or in use'],
    [{ serviceid: 'A'.repeat(16) }, 'Service ID is not valid or in use'],
    [{ serviceid: 'UNG0001000201B', userid: 0 }, 'User is required'],
    [{ serviceid: 'UNG0001000201B', userid: 1.5 }, 'Id must be a whole number'],
    [{ serviceid: 'UNG0001000201B', userid: '7' }, 'User is required'],
    [{ serviceid: 'UNG0001000201B', userid: 2 ** 40 }, 'Id is out of range'],
  ])('refuses %j with %s', (input, message) => {
    expect(firstMessage(subscriptionCreateSchema.safeParse(input))).toBe(message);
  });

  it('refuses unknown fields', () => {
    expect(subscriptionCreateSchema.safeParse({ serviceid: 'UNG0001000201B', customerid: 1 }).success).toBe(
      false,
    );
  });
});

describe('subscriptionUpdateSchema', () => {
  it('takes a new service, a new user or both', () => {
    expect(subscriptionUpdateSchema.parse({ serviceid: 'ebh0001000201b' })).toEqual({
      serviceid: 'EBH0001000201B',
    });
    expect(subscriptionUpdateSchema.parse({ userid: 4 })).toEqual({ userid: 4 });
  });

  it('refuses an empty change and bad fields', () => {
    expect(firstMessage(subscriptionUpdateSchema.safeParse({}))).toBe(subscriptionMessages.nothingToChange);
    expect(firstMessage(subscriptionUpdateSchema.safeParse({ serviceid: '' }))).toBe(
      subscriptionMessages.serviceRequired,
    );
    expect(subscriptionUpdateSchema.safeParse({ userid: 4, notificationid: 3 }).success).toBe(false);
  });
});

describe('whom a caller may subscribe', () => {
  it.each([
    [1, 7, true],
    [3, 7, true],
    [4, 7, true],
    [5, 7, false],
    [5, 42, true],
  ] as const)('type %i subscribing user %i: %s', (type, userId, allowed) => {
    expect(maySubscribeUser({ type, userId: 42 }, userId)).toBe(allowed);
  });

  it('lets staff and customer admins choose the subscriber, customer users only themselves', () => {
    expect([1, 2, 3, 4, 5].map((type) => choosesSubscriber({ type: type as 1 }))).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  it("fits the service's own customer's users and provider staff only", () => {
    expect(userFitsService({ customerId: 7, isProvider: false }, 7)).toBe(true);
    expect(userFitsService({ customerId: 1, isProvider: true }, 7)).toBe(true);
    expect(userFitsService({ customerId: 8, isProvider: false }, 7)).toBe(false);
  });
});
