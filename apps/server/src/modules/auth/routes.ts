import { envelope, messageOnly } from '@lightpath/domain/api';
import {
  authMessages,
  changePasswordSchema,
  loginReplySchema,
  loginSchema,
  passwordResetRequestSchema,
  passwordResetSubmitSchema,
} from '@lightpath/domain/auth';
import { switchableCustomersSchema, withCdrPinFor } from '@lightpath/domain/customers';
import { impersonateSchema, impersonationMessages } from '@lightpath/domain/impersonation';
import { signInLockMessages, signInLockSchema } from '@lightpath/domain/sign-in-throttling';
import { meSchema, sessionReplySchema, userParamsSchema } from '@lightpath/domain/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, ok } from '../../platform/envelope';
import { Unauthorized } from '../../platform/errors';
import { findSession, signedIn } from '../../platform/request-context';
import { serverKey } from '../../platform/server-secret';
import { contextOf, publicContextOf } from '../../platform/service-context';
import { toCustomer } from '../customers/repository';
import { toUser } from '../users/repository';
import {
  changePassword,
  impersonate,
  listSwitchableCustomers,
  login,
  logout,
  requestPasswordReset,
  sessionInfo,
  submitPasswordReset,
} from './service';
import { clearSignInLock, signInLockOf } from './sign-in-throttle';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.dependencies;
  // Read once: the key never changes while the server runs, and every instance derives the same one.
  const devices = {
    key: await serverKey(db, config, 'device-cookie'),
    secure: config.publicUrl.startsWith('https:'),
  };

  app.post(
    '/login',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'Sign in; the token goes in the X-AUTH-TOKEN header of every later call. Also sets this browser’s device cookie for the account; too many failures answer 429 with Retry-After (docs/decisions/014)',
        body: loginSchema,
        response: { 200: envelope(loginReplySchema) },
      },
    },
    async (request, reply) => {
      const { deviceCookie, ...session } = await login(publicContextOf(request), request.body, {
        cookieHeader: request.headers.cookie,
        devices,
      });
      reply.header('set-cookie', deviceCookie);
      return ok(session);
    },
  );

  app.get(
    '/user/:userid/signinlock',
    {
      config: { permission: 'users.signinlock' },
      schema: {
        tags,
        summary:
          "A user's sign-in lock: failures from unknown browsers, whether they are refused and until when",
        params: userParamsSchema,
        response: { 200: envelope(signInLockSchema) },
      },
    },
    async (request) => ok(await signInLockOf(contextOf(request), request.params.userid)),
  );

  app.delete(
    '/user/:userid/signinlock',
    {
      config: { permission: 'users.signinlock' },
      schema: {
        tags,
        summary: "Clear a user's sign-in lock: every failed attempt against the account is forgotten",
        params: userParamsSchema,
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      await clearSignInLock(contextOf(request), request.params.userid);
      return done(signInLockMessages.cleared);
    },
  );

  app.post(
    '/logout',
    {
      config: { permission: 'portal.use' },
      schema: { tags, summary: 'Sign out: the token stops working at once', response: { 200: messageOnly } },
    },
    async (request, reply) => {
      await logout(contextOf(request));
      // Lists the browser kept for revalidation (docs/decisions/028) leave its cache with the session.
      reply.header('clear-site-data', '"cache"');
      return done(authMessages.loggedOut);
    },
  );

  app.get(
    '/user/me',
    {
      config: { permission: 'portal.use' },
      schema: {
        tags,
        summary:
          'The signed-in user, the session (effective role and customer) and that customer, without its logo',
        response: {
          200: envelope(meSchema),
        },
      },
    },
    async (request) => {
      // Everything here came with the session lookup: no further query. The logo, which can be large,
      // comes with the customer profile (GET /api/customer/me), loaded once per session.
      const session = signedIn(request);
      const { logo64: _large, ...customer } = withCdrPinFor(
        session.actor,
        toCustomer(session.customer, null),
      );
      return ok({ user: toUser(session.user), session: sessionInfo(session), customer });
    },
  );

  app.put(
    '/user/me/password',
    {
      config: { permission: 'portal.use' },
      schema: {
        tags,
        summary: 'Change your password; every session of yours ends, so sign in again with the new one',
        body: changePasswordSchema,
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      await changePassword(contextOf(request), request.body);
      return done(authMessages.passwordUpdated);
    },
  );

  app.post(
    '/user/passwordreset/request',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'E-mail a password reset link (same answer whether or not the address has an account)',
        body: passwordResetRequestSchema,
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      await requestPasswordReset(publicContextOf(request), request.body.email);
      return done(authMessages.resetRequested);
    },
  );

  app.post(
    '/user/passwordreset/submit',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Choose a new password with the token from the reset e-mail',
        body: passwordResetSubmitSchema,
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      await submitPasswordReset(publicContextOf(request), request.body);
      return done(authMessages.resetDone);
    },
  );

  app.get(
    '/user/impersonate/customers',
    {
      config: { permission: 'portal.use' },
      schema: {
        tags,
        summary:
          'Customers the signed-in user may switch to (by their own switch level, even while switched)',
        response: {
          200: envelope(switchableCustomersSchema),
        },
      },
    },
    async (request) => ok({ results: await listSwitchableCustomers(contextOf(request)) }),
  );

  app.post(
    '/user/impersonate',
    {
      config: { permission: 'portal.use' },
      schema: {
        tags,
        summary: "Act as another customer and role; the user's own customer and type switches back",
        body: impersonateSchema,
        response: { 200: envelope(sessionReplySchema) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      await impersonate(ctx, request.body);
      const updated = await findSession(ctx.query, ctx.caller.tokenHash);
      if (!updated) throw new Unauthorized(authMessages.loggedOut);
      return ok({ session: sessionInfo(updated) }, impersonationMessages.switched);
    },
  );
};
