import { envelope, listOf, messageOnly } from '@lightpath/domain/api';
import {
  subscriptionCreateSchema,
  subscriptionListQuerySchema,
  subscriptionMessages,
  subscriptionParamsSchema,
  subscriptionSchema,
  subscriptionUpdateSchema,
} from '@lightpath/domain/subscriptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, ok } from '../../platform/envelope';
import { foundFirst } from '../../platform/found-first';
import type { ReplyCacheRule } from '../../platform/reply-cache';
import { contextOf } from '../../platform/service-context';
import {
  createSubscription,
  deleteSubscription,
  listSubscriptionsFor,
  requireSubscriptionFor,
  updateSubscription,
} from './service';

const tags = ['notifications'];
const subscriptionReads: ReplyCacheRule = {
  reads: ['service_notifications', 'services', 'sites', 'users', 'customers'],
};

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const subscriptionInScopeFirst = foundFirst(subscriptionParamsSchema, (ctx, { notificationid }) =>
    requireSubscriptionFor(ctx, notificationid),
  );

  app.get(
    '/notifications',
    {
      config: { permission: 'notifications.manage', replyCache: subscriptionReads },
      schema: {
        tags,
        summary:
          "List service notification subscriptions in scope (a customer: its own users' subscriptions on its own services). Filter by serviceid, userid, customerid or q; sort by serviceid, username, useremail or customercode",
        querystring: subscriptionListQuerySchema,
        response: { 200: listOf(subscriptionSchema) },
      },
    },
    async (request) => ok(await listSubscriptionsFor(contextOf(request), request.query)),
  );

  // Spec 7.6 writes `POST notification/`; the router ignores the trailing slash.
  app.post(
    '/notification',
    {
      config: { permission: 'notifications.manage' },
      schema: {
        tags,
        summary:
          "Subscribe a user (default: the caller) to a service's notifications. 409 if already subscribed",
        body: subscriptionCreateSchema,
        response: { 201: envelope(subscriptionSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await createSubscription(contextOf(request), request.body), subscriptionMessages.created)),
  );

  app.post(
    '/notification/:notificationid',
    {
      config: { permission: 'notifications.manage' },
      preValidation: subscriptionInScopeFirst,
      schema: {
        tags,
        summary: 'Move a subscription to another service and/or user; the same rules as a new one apply',
        params: subscriptionParamsSchema,
        body: subscriptionUpdateSchema,
        response: { 200: envelope(subscriptionSchema) },
      },
    },
    async (request) =>
      ok(
        await updateSubscription(contextOf(request), request.params.notificationid, request.body),
        subscriptionMessages.updated,
      ),
  );

  app.delete(
    '/notification/:notificationid',
    {
      config: { permission: 'notifications.manage' },
      schema: {
        tags,
        summary: 'Unsubscribe',
        params: subscriptionParamsSchema,
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      await deleteSubscription(contextOf(request), request.params.notificationid);
      return done(subscriptionMessages.deleted);
    },
  );
};
