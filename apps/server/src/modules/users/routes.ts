import { envelope, listOf, messageOnly } from '@lightpath/domain/api';
import {
  userCreateSchema,
  userListItemSchema,
  userListQuerySchema,
  userMessages,
  userParamsSchema,
  userReplySchema,
  userUpdateSchema,
} from '@lightpath/domain/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { done, ok } from '../../platform/envelope';
import { foundFirst } from '../../platform/found-first';
import { requirePermission, signedIn } from '../../platform/request-context';
import { createUser, deleteUser, getUserFor, listUsersFor, requireUserFor, updateUser } from './service';

const tags = ['users'];

export const userRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.get(
    '/users',
    {
      config: { permission: 'users.view' },
      schema: {
        tags,
        summary: 'List users in scope',
        querystring: userListQuerySchema,
        response: { 200: listOf(userListItemSchema) },
      },
    },
    async (request) => {
      return ok(await listUsersFor(db, signedIn(request).actor, request.query));
    },
  );

  // Spec 7.1 names `POST user`; the list-style `POST users` is the same call.
  for (const url of ['/user', '/users']) {
    app.post(
      url,
      {
        config: { permission: 'users.manage' },
        schema: {
          tags,
          summary: 'Create a user (without a password, an invitation e-mail is sent)',
          body: userCreateSchema,
          response: { 201: envelope(userReplySchema) },
        },
      },
      async (request, reply) => {
        const user = await createUser(db, config, request, signedIn(request).actor, request.body);
        return reply.status(201).send(ok({ user }, userMessages.created));
      },
    );
  }

  app.get(
    '/user/:userid',
    {
      config: { permission: 'portal.use' },
      schema: {
        tags,
        summary: 'One user in scope',
        params: userParamsSchema,
        response: { 200: envelope(userReplySchema) },
      },
    },
    async (request) => {
      const { actor } = signedIn(request);
      // Anyone may read their own record; other users need the users list permission (scope applies).
      const userid = request.params.userid;
      if (userid !== actor.userId) requirePermission(actor, 'users.view');
      return ok({ user: await getUserFor(db, actor, userid) });
    },
  );

  app.put(
    '/user/:userid',
    {
      config: { permission: 'portal.use' },
      preValidation: foundFirst(userParamsSchema, (actor, { userid }) => requireUserFor(db, actor, userid)),
      schema: {
        tags,
        summary: 'Update a user (your own profile fields, or any field with users.manage)',
        params: userParamsSchema,
        body: userUpdateSchema,
        response: { 200: envelope(userReplySchema) },
      },
    },
    async (request) => {
      const user = await updateUser(
        db,
        request,
        signedIn(request).actor,
        request.params.userid,
        request.body,
      );
      return ok({ user }, userMessages.updated);
    },
  );

  app.delete(
    '/user/:userid',
    {
      config: { permission: 'users.manage' },
      schema: { tags, summary: 'Delete a user', params: userParamsSchema, response: { 200: messageOnly } },
    },
    async (request) => {
      await deleteUser(db, request, signedIn(request).actor, request.params.userid);
      return done(userMessages.deleted);
    },
  );
};
