import {
  authMessages,
  type ChangePasswordInput,
  type LoginInput,
  sessionHours,
} from '@lightpath/domain/auth';
import { customerMessages } from '@lightpath/domain/customers';
import {
  impersonationMessages,
  impersonationProblem,
  isRevert,
  switchableCustomers,
} from '@lightpath/domain/impersonation';
import type { UserType } from '@lightpath/domain/user-types';
import type { SessionInfo } from '@lightpath/domain/users';
import { recordAudit } from '../../platform/audit';
import { deviceCookieHeader, knownDeviceId, newDeviceId } from '../../platform/device-cookie';
import { Forbidden, Invalid, NotFound, Unauthorized } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import type { SignedIn } from '../../platform/request-context';
import { toUnixSeconds } from '../../platform/scope';
import type { PublicContext, ServiceContext } from '../../platform/service-context';
import { hashToken, newToken } from '../../platform/tokens';
import {
  claimPasswordReset,
  countRecentPasswordLinks,
  insertSession,
  retirePasswordLinks,
  revokeSession,
  revokeUserSessions,
  setSessionActing,
} from '../credentials/repository';
import { sendPasswordLink } from '../credentials/service';
import { findCustomer, listCustomerSummaries } from '../customers/repository';
import { findUser, findUserByEmail, updateUserRow } from '../users/repository';
import { forgetAccountFailures, markLoginAttemptSucceeded } from './repository';
import { admitSignInAttempt } from './sign-in-throttle';

// At most this many reset e-mails per user per hour, so nobody can flood someone's inbox. Further
// requests get the same reply and send nothing.
const maxResetLinksPerHour = 3;

export type DeviceCookies = { key: Buffer; secure: boolean };
// What the route read from the browser: its Cookie header, where a device cookie may be.
export type Browser = { cookieHeader: string | undefined; devices: DeviceCookies };

// Unknown e-mail, wrong password and disabled account all get the same answer in the same time.
// Failures are throttled per docs/decisions/014: a browser with this account's device cookie is judged
// by its own failures only, so strangers guessing the password cannot lock the owner out.
export async function login(ctx: PublicContext, input: LoginInput, browser: Browser) {
  const { db, config } = ctx;
  const { devices } = browser;
  const user = await findUserByEmail(db, input.email);
  const deviceId = user ? knownDeviceId(devices.key, browser.cookieHeader, user.userId) : null;
  const attemptId = await admitSignInAttempt(db, config.loginLimits, {
    email: input.email,
    ip: ctx.clientIp,
    deviceId,
  });
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk || !user.enabled) throw new Unauthorized(authMessages.invalidCredentials);
  const token = newToken();
  const hours = input.remember ? sessionHours.remembered : sessionHours.session;
  const expiresAt = new Date(Date.now() + hours * 3_600_000);
  await db.transaction(async (tx) => {
    await insertSession(tx, {
      tokenHash: hashToken(token),
      userId: user.userId,
      remember: input.remember,
      expiresAt,
    });
    await markLoginAttemptSucceeded(tx, attemptId);
    await updateUserRow(tx, user.userId, { lastLoginAt: new Date() });
    await recordAudit(
      tx,
      ctx,
      {
        action: 'session.login',
        entity: 'user',
        entityId: user.userId,
        detail: { remember: input.remember, knownbrowser: deviceId !== null },
      },
      { userId: user.userId, email: user.email },
    );
  });
  ctx.log.info({ userId: user.userId }, 'signed in');
  // A known browser keeps its device id and gets a fresh year; a new one becomes known from now on.
  const deviceCookie = deviceCookieHeader(devices.key, user.userId, deviceId ?? newDeviceId(), {
    secure: devices.secure,
  });
  return { token, expiresat: toUnixSeconds(expiresAt)!, deviceCookie };
}

export async function logout(ctx: ServiceContext) {
  const session = ctx.caller;
  await ctx.db.transaction(async (tx) => {
    await revokeSession(tx, session.tokenHash);
    await recordAudit(tx, ctx, {
      action: 'session.logout',
      entity: 'user',
      entityId: session.actor.userId,
    });
  });
}

export function sessionInfo(session: SignedIn): SessionInfo {
  const { actor } = session;
  return {
    type: actor.type,
    customerid: actor.customerId,
    companyAdmin: actor.companyAdmin,
    chameleon: actor.chameleon,
    impersonating: actor.impersonating,
    realtype: actor.realType,
    realcustomerid: actor.realCustomerId,
    expiresat: toUnixSeconds(session.expiresAt)!,
  };
}

// Changing the password signs the user out everywhere; the client signs in again with the new one.
export async function changePassword(ctx: ServiceContext, input: ChangePasswordInput) {
  const { db } = ctx;
  const user = await findUser(db, { kind: 'all' }, ctx.caller.actor.userId);
  if (!user) throw new Unauthorized(authMessages.loggedOut);
  if (!(await verifyPassword(user.passwordHash, input.currentpassword))) {
    throw Invalid.field('currentpassword', authMessages.wrongCurrentPassword);
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await updateUserRow(tx, user.userId, { passwordHash });
    await revokeUserSessions(tx, user.userId);
    await retirePasswordLinks(tx, user.userId);
    await recordAudit(tx, ctx, { action: 'user.password.change', entity: 'user', entityId: user.userId });
  });
}

export async function requestPasswordReset(ctx: PublicContext, email: string) {
  const { db, config } = ctx;
  const user = await findUserByEmail(db, email);
  if (!user?.enabled) return;
  const recent = await countRecentPasswordLinks(db, user.userId, new Date(Date.now() - 3_600_000));
  if (recent >= maxResetLinksPerHour) {
    ctx.log.warn({ userId: user.userId }, 'password reset requests over the hourly limit');
    return;
  }
  await db.transaction(async (tx) => {
    await sendPasswordLink(tx, config, ctx.log, user, 'reset');
    await recordAudit(tx, ctx, {
      action: 'user.password.reset.request',
      entity: 'user',
      entityId: user.userId,
    });
  });
}

export async function submitPasswordReset(ctx: PublicContext, input: { token: string; password: string }) {
  const { token, password } = input;
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const claim = await claimPasswordReset(tx, hashToken(token));
    if (!claim) throw Invalid.field('token', authMessages.resetInvalid);
    const user = await updateUserRow(tx, claim.userId, { passwordHash });
    // Whoever reset the password holds the mailbox, and earlier guesses were at the old password: the
    // owner may sign in from a new browser at once (docs/decisions/014).
    if (user) await forgetAccountFailures(tx, user.email);
    await revokeUserSessions(tx, claim.userId);
    await retirePasswordLinks(tx, claim.userId);
    await recordAudit(tx, ctx, { action: 'user.password.reset', entity: 'user', entityId: claim.userId });
  });
}

// The customers this user may switch to, by the real user's level, whoever they are acting as now.
export async function listSwitchableCustomers(ctx: ServiceContext) {
  const { actor } = ctx.caller;
  if (actor.chameleon === 0) throw new Forbidden(impersonationMessages.notAllowed);
  return switchableCustomers(actor.chameleon, await listCustomerSummaries(ctx.db));
}

// Switch this session to another customer and role (spec 6), or back to the user's own.
export async function impersonate(
  ctx: ServiceContext,
  target: { customerid: number; usertype: number },
): Promise<void> {
  const { db, caller: session } = ctx;
  const { actor } = session;
  const usertype = target.usertype as UserType;
  if (actor.chameleon === 0) throw new Forbidden(impersonationMessages.notAllowed);
  const customer = await findCustomer(db, { kind: 'all' }, target.customerid);
  if (!customer) throw new NotFound(customerMessages.notFound);
  const revert = isRevert(actor, target.customerid, usertype);
  if (!revert) {
    const problem = impersonationProblem(
      actor,
      { enabled: customer.enabled, isprovider: customer.isProvider },
      usertype,
    );
    if (problem) throw new Forbidden(problem);
  }
  const acting = revert
    ? { actingCustomerId: null, actingType: null }
    : { actingCustomerId: customer.customerId, actingType: usertype };
  await db.transaction(async (tx) => {
    await setSessionActing(tx, session.tokenHash, acting);
    await recordAudit(tx, ctx, {
      action: revert ? 'session.impersonate.revert' : 'session.impersonate',
      entity: 'customer',
      entityId: customer.customerId,
      detail: { customercode: customer.customerCode, usertype },
    });
  });
}
