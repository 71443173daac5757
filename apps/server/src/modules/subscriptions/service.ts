import { type Actor, scopeOf } from '@lightpath/domain/actor';
import { type ListQuery, parseSort } from '@lightpath/domain/api';
import {
  maySubscribeUser,
  type SubscriptionCreate,
  type SubscriptionUpdate,
  subscriptionMessages,
  subscriptionSortFields,
  userFitsService,
} from '@lightpath/domain/subscriptions';
import type { DbOrTx } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { Conflict, Forbidden, Invalid, NotFound } from '../../platform/errors';
import type { ServiceContext } from '../../platform/service-context';
import { findServiceRow } from '../services/repository';
import {
  deleteSubscriptionRow,
  findDuplicate,
  findSubscriber,
  findSubscription,
  findSubscriptionRow,
  insertSubscriptionRow,
  listSubscriptions,
  type SubscriptionFilter,
  type SubscriptionScope,
  updateSubscriptionRow,
} from './repository';

function subscriptionScope(actor: Actor): SubscriptionScope {
  return { ...scopeOf(actor), userId: actor.userId };
}

export async function listSubscriptionsFor(ctx: ServiceContext, input: ListQuery & SubscriptionFilter) {
  const { query } = ctx;
  const { actor } = ctx.caller;
  const sort = parseSort(input.sort, subscriptionSortFields, 'serviceid');
  const page = await listSubscriptions(query, subscriptionScope(actor), { ...input, sort });
  return { ...page, limit: input.limit, offset: input.offset };
}

export async function getSubscriptionFor(ctx: ServiceContext, notificationId: number) {
  const { query } = ctx;
  const { actor } = ctx.caller;
  const subscription = await findSubscription(query, subscriptionScope(actor), notificationId);
  if (!subscription) throw new NotFound(subscriptionMessages.notFound);
  return subscription;
}

// Out of scope is 404 before anything else (even a bad body), so a refusal never confirms that a
// subscription exists. A customer user sees its colleagues' subscriptions but changes only its own.
export async function requireSubscriptionFor(ctx: ServiceContext, notificationId: number) {
  const { actor } = ctx.caller;
  const subscription = await getSubscriptionFor(ctx, notificationId);
  if (!maySubscribeUser(actor, subscription.userid)) throw new Forbidden(subscriptionMessages.onlyYourOwn);
  return subscription;
}

// The rules a subscription must meet, new or moved: the caller may subscribe that user, the service
// and the user are in the caller's scope (your own account always is), the service is in use, the
// user is enabled and belongs to the service's customer or the provider, and the pair is new.
async function checkTarget(
  tx: DbOrTx,
  actor: Actor,
  target: { serviceId: string; userId: number },
  exceptId?: number,
) {
  if (!maySubscribeUser(actor, target.userId)) throw new Forbidden(subscriptionMessages.onlyYourself);
  const scope = scopeOf(actor);
  const service = await findServiceRow(tx, scope, target.serviceId);
  if (!service) throw Invalid.field('serviceid', subscriptionMessages.serviceNotFound);
  if (service.status === 0) throw Invalid.field('serviceid', subscriptionMessages.serviceDeprovisioned);
  const ownAccount = target.userId === actor.userId;
  const user = await findSubscriber(
    tx,
    target.userId,
    scope.kind === 'customer' && !ownAccount ? scope.customerId : null,
  );
  if (!user) throw Invalid.field('userid', subscriptionMessages.userNotFound);
  if (!user.enabled) throw Invalid.field('userid', subscriptionMessages.userDisabled);
  if (!userFitsService(user, service.customerId))
    throw Invalid.field('userid', subscriptionMessages.userCustomerMismatch);
  if (await findDuplicate(tx, target.serviceId, target.userId, exceptId))
    throw new Conflict(subscriptionMessages.duplicate, 'serviceid');
}

export async function createSubscription(ctx: ServiceContext, input: SubscriptionCreate) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  const target = { serviceId: input.serviceid, userId: input.userid ?? actor.userId };
  const notificationId = await db.transaction(async (tx) => {
    await checkTarget(tx, actor, target);
    const row = await insertSubscriptionRow(tx, target);
    await recordAudit(tx, ctx, {
      action: 'notification.create',
      entity: 'notification',
      entityId: row.notificationId,
      detail: { serviceid: row.serviceId, userid: row.userId },
    });
    return row.notificationId;
  });
  // Read once the transaction has committed, by the same statement as the list.
  return getSubscriptionFor(ctx, notificationId);
}

export async function updateSubscription(
  ctx: ServiceContext,
  notificationId: number,
  input: SubscriptionUpdate,
) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  await requireSubscriptionFor(ctx, notificationId);
  await db.transaction(async (tx) => {
    // Read again inside the transaction: it may have gone since the scope check.
    const existing = await findSubscriptionRow(tx, notificationId);
    if (!existing) throw new NotFound(subscriptionMessages.notFound);
    const target = {
      serviceId: input.serviceid ?? existing.serviceId,
      userId: input.userid ?? existing.userId,
    };
    await checkTarget(tx, actor, target, notificationId);
    await updateSubscriptionRow(tx, notificationId, target);
    await recordAudit(tx, ctx, {
      action: 'notification.update',
      entity: 'notification',
      entityId: notificationId,
      detail: {
        from: { serviceid: existing.serviceId, userid: existing.userId },
        to: { serviceid: target.serviceId, userid: target.userId },
      },
    });
  });
  return getSubscriptionFor(ctx, notificationId);
}

export async function deleteSubscription(ctx: ServiceContext, notificationId: number) {
  const { db } = ctx;
  const subscription = await requireSubscriptionFor(ctx, notificationId);
  await db.transaction(async (tx) => {
    if (!(await findSubscriptionRow(tx, notificationId))) throw new NotFound(subscriptionMessages.notFound);
    await deleteSubscriptionRow(tx, notificationId);
    await recordAudit(tx, ctx, {
      action: 'notification.delete',
      entity: 'notification',
      entityId: notificationId,
      detail: { serviceid: subscription.serviceid, userid: subscription.userid },
    });
  });
}
