import { type Actor, scopeOf } from '@lightpath/domain/actor';
import { type ListQuery, parseSort } from '@lightpath/domain/api';
import { customerMessages } from '@lightpath/domain/customers';
import { can } from '@lightpath/domain/permissions';
import type { ChameleonLevel, UserType } from '@lightpath/domain/user-types';
import {
  assignableUserTypes,
  chameleonFitsType,
  ownProfileFields,
  typeFitsCustomer,
  type UserCreate,
  type UserUpdate,
  userMessages,
} from '@lightpath/domain/users';
import type { DbOrTx } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { columnUpdates } from '../../platform/column-updates';
import { Conflict, Forbidden, Invalid, NotFound } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import type { ServiceContext } from '../../platform/service-context';
import { retirePasswordLinks, revokeUserSessions } from '../credentials/repository';
import { sendPasswordLink } from '../credentials/service';
import { findCustomer } from '../customers/repository';
import {
  deleteUserRow,
  findUser,
  findUserByEmail,
  insertUser,
  listUsers,
  toUser,
  updateUserRow,
  userSortFields,
} from './repository';

type UserListQuery = ListQuery & { type?: UserType | undefined; customerid?: number | undefined };

export async function listUsersFor(ctx: ServiceContext, query: UserListQuery) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  const sort = parseSort(query.sort, userSortFields, 'surname');
  const page = await listUsers(db, scopeOf(actor), { ...query, sort });
  return { ...page, limit: query.limit, offset: query.offset };
}

// Your own record is always yours, even while acting for another customer whose scope would hide it.
function userScope(actor: Actor, userId: number) {
  return userId === actor.userId ? ({ kind: 'all' } as const) : scopeOf(actor);
}

export async function requireUserFor(db: DbOrTx, actor: Actor, userId: number) {
  const row = await findUser(db, userScope(actor, userId), userId);
  if (!row) throw new NotFound(userMessages.notFound);
  return row;
}

export async function getUserFor(ctx: ServiceContext, userId: number) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  return toUser(await requireUserFor(db, actor, userId));
}

// The type, customer and switch-customer level must fit together and be within what the actor may grant.
async function checkRole(
  tx: DbOrTx,
  actor: Actor,
  role: { type: UserType; customerid: number; chameleon: ChameleonLevel },
) {
  if (!assignableUserTypes(actor).includes(role.type))
    throw Invalid.field('type', userMessages.typeNotAssignable);
  const customer = await findCustomer(tx, scopeOf(actor), role.customerid);
  if (!customer) throw Invalid.field('customerid', customerMessages.notFound);
  if (!typeFitsCustomer(role.type, customer.isProvider))
    throw Invalid.field('type', userMessages.typeCustomerMismatch);
  if (!chameleonFitsType(role.chameleon, role.type))
    throw Invalid.field('chameleon', userMessages.chameleonNotAllowed);
  if (role.chameleon !== 0 && actor.type !== 1)
    throw Invalid.field('chameleon', userMessages.chameleonNotAllowed);
}

async function refuseTakenEmail(tx: DbOrTx, email: string, exceptUserId?: number) {
  const existing = await findUserByEmail(tx, email);
  if (existing && existing.userId !== exceptUserId) throw new Conflict(userMessages.emailInUse, 'email');
}

export async function createUser(ctx: ServiceContext, input: UserCreate) {
  const { db, config } = ctx;
  const { actor } = ctx.caller;
  if (!can(actor, 'users.manage')) throw new Forbidden();
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return db.transaction(async (tx) => {
    await checkRole(tx, actor, input);
    await refuseTakenEmail(tx, input.email);
    const row = await insertUser(tx, {
      email: input.email,
      firstname: input.firstname,
      surname: input.surname,
      title: input.title ?? null,
      office: input.office ?? null,
      mobile: input.mobile ?? null,
      type: input.type,
      customerId: input.customerid,
      companyAdmin: input.companyAdmin,
      chameleon: input.chameleon,
      passwordHash,
    });
    if (!passwordHash) await sendPasswordLink(tx, config, ctx.log, row, 'invite');
    await recordAudit(tx, ctx, {
      action: 'user.create',
      entity: 'user',
      entityId: row.userId,
      detail: { email: row.email, type: row.type, customerid: row.customerId, invited: !passwordHash },
    });
    return toUser(row);
  });
}

export async function updateUser(ctx: ServiceContext, userId: number, input: UserUpdate) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  const manages = can(actor, 'users.manage');
  const self = userId === actor.userId;
  const changed = Object.keys(input) as (keyof UserUpdate)[];
  const ownFields: readonly string[] = ownProfileFields;
  return db.transaction(async (tx) => {
    // Out of scope is 404 before anything else, so a refusal never confirms that a record exists.
    const existing = await findUser(tx, userScope(actor, userId), userId);
    if (!existing) throw new NotFound(userMessages.notFound);
    if (!manages && !(self && changed.every((field) => ownFields.includes(field)))) {
      throw new Forbidden(
        self ? 'You can change only your own name, title, phone numbers and time zone' : undefined,
      );
    }
    if (self && (input.type !== undefined || input.enabled === false || input.chameleon !== undefined)) {
      throw new Forbidden('You cannot change your own role or disable your own account');
    }
    const roleChanges = input.type !== undefined || input.chameleon !== undefined;
    if (roleChanges) {
      await checkRole(tx, actor, {
        type: input.type ?? (existing.type as UserType),
        customerid: existing.customerId,
        chameleon: input.chameleon ?? (existing.chameleon as ChameleonLevel),
      });
    }
    if (input.email !== undefined) await refuseTakenEmail(tx, input.email, userId);
    const row = await updateUserRow(tx, userId, {
      ...columnUpdates(input, {
        firstname: 'firstname',
        surname: 'surname',
        title: 'title',
        office: 'office',
        mobile: 'mobile',
        timezone: 'timeZone',
        email: 'email',
        type: 'type',
        companyAdmin: 'companyAdmin',
        chameleon: 'chameleon',
        enabled: 'enabled',
      }),
    });
    if (!row) throw new NotFound(userMessages.notFound);
    // A changed role or a disabled account takes effect now, not when the old sessions expire.
    if (roleChanges || input.companyAdmin !== undefined || input.enabled === false) {
      await revokeUserSessions(tx, userId);
    }
    // Links already mailed to the old address must stop working.
    if (input.email !== undefined && input.email !== existing.email) await retirePasswordLinks(tx, userId);
    await recordAudit(tx, ctx, {
      action: 'user.update',
      entity: 'user',
      entityId: userId,
      detail: { ...input },
    });
    return toUser(row);
  });
}

export async function deleteUser(ctx: ServiceContext, userId: number) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  if (userId === actor.userId) throw new Forbidden(userMessages.cannotDeleteSelf);
  await db.transaction(async (tx) => {
    const existing = await findUser(tx, scopeOf(actor), userId);
    if (!existing) throw new NotFound(userMessages.notFound);
    await deleteUserRow(tx, userId);
    await recordAudit(tx, ctx, {
      action: 'user.delete',
      entity: 'user',
      entityId: userId,
      detail: { email: existing.email, customerid: existing.customerId },
    });
  });
}
