import { scopeOf } from '@lightpath/domain/actor';
import { type ListQuery, parseSort } from '@lightpath/domain/api';
import {
  type CheckinBody,
  type CheckinRow,
  type CheckoutBody,
  checkinDefaultSort,
  checkinDurationSeconds,
  checkinMessages,
  checkinSiteMismatch,
  checkinSiteProblem,
  checkinSortFields,
  checkinTimeProblem,
  checkoutTimeProblem,
  effectiveCheckinTime,
} from '@lightpath/domain/checkins';
import type { RawQuery } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { recordChange } from '../../platform/changes';
import { Conflict, Forbidden, Invalid, NotFound } from '../../platform/errors';
import type { ServiceContext } from '../../platform/service-context';
import { requireSiteFor } from '../sites/service';
import { findUser } from '../users/repository';
import {
  type CheckinFilter,
  closeCheckin,
  findCheckin,
  findOpenCheckin,
  insertOpenCheckin,
  listCheckins,
} from './repository';

const nowSeconds = () => Math.floor(Date.now() / 1000);

function withDuration(row: CheckinRow, now: number): CheckinRow {
  return { ...row, durationseconds: checkinDurationSeconds(row, now) };
}

// Provider staff (checkins.manage) see every check-in: who is on site is safety information for the
// NOC, engineering and the technicians alike.
export async function listCheckinsFor(ctx: ServiceContext, input: ListQuery & CheckinFilter) {
  const { query } = ctx;
  const { actor } = ctx.caller;
  const sort = input.sort ? parseSort(input.sort, checkinSortFields, 'checkintime') : checkinDefaultSort;
  const page = await listCheckins(query, scopeOf(actor), { ...input, sort });
  const now = nowSeconds();
  return {
    count: page.count,
    limit: input.limit,
    offset: input.offset,
    results: page.results.map((row) => withDuration(row, now)),
  };
}

export async function listSiteCheckinsFor(
  ctx: ServiceContext,
  siteId: number,
  input: ListQuery & Omit<CheckinFilter, 'siteid'>,
) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  await requireSiteFor(db, actor, siteId);
  return listCheckinsFor(ctx, { ...input, siteid: siteId });
}

// A user's open check-ins (spec 7.1), which the check-in modal reads to offer Check-out. Everyone
// with check-ins reads their own; the NOC and engineering anyone's. A technician asking for someone
// else's is refused rather than told 'not found': the answer is about permission, not existence.
export async function listActiveCheckinsFor(ctx: ServiceContext, userId: number) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  if (userId !== actor.userId && actor.type !== 1 && actor.type !== 3)
    throw new Forbidden(checkinMessages.othersForbidden);
  if (userId !== actor.userId && !(await findUser(db, { kind: 'all' }, userId)))
    throw new NotFound(checkinMessages.userNotFound);
  return listCheckinsFor(ctx, {
    limit: 1000,
    offset: 0,
    userid: userId,
    active: true,
    sort: 'checkintime',
  });
}

async function replyRow(query: RawQuery, checkinId: number): Promise<CheckinRow> {
  const row = await findCheckin(query, checkinId);
  if (!row) throw new NotFound();
  return withDuration(row, nowSeconds());
}

// The caller checks in at the site (spec 7.4). The order of the refusals: an unknown site is 404 (the
// route checks it before the body), then a body naming another site, a site that takes no check-ins,
// a time in the future, and last an open check-in there already (409, decided by the unique index).
export async function checkIn(
  ctx: ServiceContext,
  siteId: number,
  body: CheckinBody,
): Promise<{ checkin: CheckinRow; message: string }> {
  const { db, query } = ctx;
  const { actor } = ctx.caller;
  const site = await requireSiteFor(db, actor, siteId);
  const mismatch = checkinSiteMismatch(siteId, body.siteid);
  if (mismatch) throw Invalid.field('siteid', mismatch);
  const ineligible = checkinSiteProblem({ sitetype: site.siteType, status: site.status }, actor.type);
  if (ineligible) throw Invalid.field('siteid', ineligible);
  const now = nowSeconds();
  if (body.checkintime !== undefined) {
    const problem = checkinTimeProblem(body.checkintime, now);
    if (problem) throw Invalid.field('checkintime', problem);
  }
  const checkinTime = effectiveCheckinTime(body.checkintime, now);

  const checkinId = await db.transaction(async (tx) => {
    const row = await insertOpenCheckin(tx, {
      userId: actor.userId,
      siteId,
      checkinTime: new Date(checkinTime * 1000),
    });
    if (!row) throw new Conflict(checkinMessages.alreadyCheckedIn, 'siteid');
    await recordAudit(tx, ctx, {
      action: 'checkin.create',
      entity: 'checkin',
      entityId: row.checkinId,
      detail: { siteid: siteId, checkintime: checkinTime },
    });
    // Check-ins are provider staff's; customers never hear of them (domain live-updates).
    await recordChange(tx, 'checkins', [site.customerId]);
    return row.checkinId;
  });
  return { checkin: await replyRow(query, checkinId), message: checkinMessages.checkedIn(site.siteName) };
}

// The caller checks out of their open check-in at the site. A site that has since been disabled or
// changed type still lets them out: eligibility is only asked of a check-in.
export async function checkOut(
  ctx: ServiceContext,
  siteId: number,
  body: CheckoutBody,
): Promise<{ checkin: CheckinRow; message: string }> {
  const { db, query } = ctx;
  const { actor } = ctx.caller;
  const site = await requireSiteFor(db, actor, siteId);
  const mismatch = checkinSiteMismatch(siteId, body.siteid);
  if (mismatch) throw Invalid.field('siteid', mismatch);
  const now = nowSeconds();

  const checkinId = await db.transaction(async (tx) => {
    const open = await findOpenCheckin(tx, actor.userId, siteId);
    if (!open) throw new Conflict(checkinMessages.notCheckedIn, 'siteid');
    const checkinTime = Math.floor(open.checkinTime.getTime() / 1000);
    if (body.checkouttime !== undefined) {
      const problem = checkoutTimeProblem(body.checkouttime, checkinTime, now);
      if (problem) throw Invalid.field('checkouttime', problem);
    }
    const checkoutTime = effectiveCheckinTime(body.checkouttime, now);
    // The check-in's own time may itself be up to now (never later), so the check-out never precedes it.
    const closed = await closeCheckin(
      tx,
      open.checkinId,
      new Date(Math.max(checkoutTime, checkinTime) * 1000),
    );
    if (!closed) throw new Conflict(checkinMessages.notCheckedIn, 'siteid');
    await recordAudit(tx, ctx, {
      action: 'checkin.checkout',
      entity: 'checkin',
      entityId: open.checkinId,
      detail: { siteid: siteId, checkouttime: checkoutTime },
    });
    await recordChange(tx, 'checkins', [site.customerId]);
    return open.checkinId;
  });
  return { checkin: await replyRow(query, checkinId), message: checkinMessages.checkedOut(site.siteName) };
}
