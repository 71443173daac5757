import { z } from 'zod';
import type { Actor } from './actor';
import { idSchema, listQuerySchema, recordIdSchema } from './api';
import { serviceIdParamSchema } from './services';
import { isProviderType } from './user-types';

// Service notification subscriptions (spec 2.2 /services/service-notifications, spec 3 Notification,
// spec 7.6): a subscription tells one user about the events on one service. The API keeps the spec's
// names (GET notifications, POST notification/, POST notification/{id}, DELETE notification/{id}).

export const subscriptionMessages = {
  created: 'Subscribed to service notifications',
  updated: 'Subscription updated',
  deleted: 'Unsubscribed from service notifications',
  loadFailed: 'An error occurred retrieving notifications',
  notFound: 'Subscription not found',
  serviceRequired: 'Service is required',
  serviceNotFound: 'Service not found',
  serviceDeprovisioned: 'That service has been deprovisioned; it has no notifications to send',
  userNotFound: 'User not found',
  userDisabled: 'That user is disabled and cannot receive notifications',
  userCustomerMismatch: "The user must belong to the service's customer or to the provider",
  onlyYourself: 'You can only subscribe yourself',
  onlyYourOwn: 'You can only change your own subscriptions',
  duplicate: 'That user is already subscribed to this service',
  nothingToChange: 'Give a new service or user for the subscription',
} as const;

// A service id as stored: older ids that miss today's pattern still name real services, so only the
// column's shape is enforced here and the lookup decides whether the service exists.
const serviceidInput = z
  .string({ error: subscriptionMessages.serviceRequired })
  .trim()
  .min(1, subscriptionMessages.serviceRequired)
  .pipe(serviceIdParamSchema);

// `userid` left out means the caller.
export const subscriptionCreateSchema = z.strictObject({
  serviceid: serviceidInput,
  userid: recordIdSchema('User is required').optional(),
});
export type SubscriptionCreate = z.infer<typeof subscriptionCreateSchema>;

// POST notification/{id} moves a subscription: to another service, another user, or both. The result
// must satisfy every rule of a new subscription (scope, the user's customer, no duplicate); the
// subscription keeps its id, so whoever was told through it keeps one row to look at.
export const subscriptionUpdateSchema = z
  .strictObject({
    serviceid: serviceidInput.optional(),
    userid: recordIdSchema('User is required').optional(),
  })
  .refine((input) => input.serviceid !== undefined || input.userid !== undefined, {
    message: subscriptionMessages.nothingToChange,
  });
export type SubscriptionUpdate = z.infer<typeof subscriptionUpdateSchema>;

// Decisions.md roles: the NOC and engineering manage anyone's subscriptions; a customer admin those of
// its own customer's users; a customer user only its own. (The permission `notifications.manage`
// decides who may call the API at all; this decides whom a caller may subscribe.)
export function maySubscribeUser(actor: Pick<Actor, 'type' | 'userId'>, userId: number): boolean {
  if (actor.type === 5) return userId === actor.userId;
  return true;
}

// Who can be subscribed to a service: that customer's users, and provider staff (who follow any
// customer's services).
export function userFitsService(
  user: { customerId: number; isProvider: boolean },
  serviceCustomerId: number,
) {
  return user.isProvider || user.customerId === serviceCustomerId;
}

// A customer admin picks among its customer's users; staff among anyone; a customer user only itself.
export function choosesSubscriber(actor: Pick<Actor, 'type'>): boolean {
  return isProviderType(actor.type) || actor.type === 4;
}

export type Subscription = z.output<typeof subscriptionSchema>;

export const subscriptionSortFields = ['serviceid', 'username', 'useremail', 'customercode'] as const;
export type SubscriptionSortField = (typeof subscriptionSortFields)[number];

// The API contract (docs/decisions/023-one-api-contract.md): what the subscription routes take and answer.
export const subscriptionSchema = z.object({
  notificationid: z.number(),
  userid: z.number(),
  username: z.string(),
  useremail: z.string(),
  serviceid: z.string(),
  servicedescription: z.string(),
  customercode: z.string(),
});

// Spec 7.6 names the path parameter `id`; it is a subscription (notification) id.
export const subscriptionParamsSchema = z.object({ notificationid: idSchema });

export const subscriptionListQuerySchema = listQuerySchema.extend({
  serviceid: serviceIdParamSchema.optional(),
  userid: idSchema.optional(),
  customerid: idSchema.optional(),
});
