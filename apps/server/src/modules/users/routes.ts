import { envelope, listOf, messageOnly } from '@lightpath/domain/api';
import {
  userCreateSchema,
  userCsvColumns,
  userExportQuerySchema,
  userListItemSchema,
  userListQuerySchema,
  userMessages,
  userParamsSchema,
  userReplySchema,
  userUpdateSchema,
} from '@lightpath/domain/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listExportRoute, readerZone } from '../../platform/csv-export';
import { done, ok } from '../../platform/envelope';
import { foundFirst } from '../../platform/found-first';
import type { ReplyCacheRule } from '../../platform/reply-cache';
import { requirePermission, signedIn } from '../../platform/request-context';
import { contextOf } from '../../platform/service-context';
import { createUser, deleteUser, getUserFor, listUsersFor, requireUserFor, updateUser } from './service';

const tags = ['users'];
const userReads: ReplyCacheRule = { reads: ['users', 'customers'] };

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      config: { permission: 'users.view', replyCache: userReads },
      schema: {
        tags,
        summary: 'List users in scope',
        querystring: userListQuerySchema,
        response: { 200: listOf(userListItemSchema) },
      },
    },
    async (request) => {
      return ok(await listUsersFor(contextOf(request), request.query));
    },
  );

  listExportRoute(app, {
    path: '/export/users',
    permission: 'users.view',
    tags,
    summary:
      "The users list as a CSV file: every user in scope its filters and sort select, all pages, streamed; the last login in the reader's zone. The same query as GET users, without limit and offset",
    querystring: userExportQuerySchema,
    filename: 'users.csv',
    columns: (ctx) => userCsvColumns(readerZone(ctx)),
    page: listUsersFor,
  });

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
        const user = await createUser(contextOf(request), request.body);
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
      return ok({ user: await getUserFor(contextOf(request), userid) });
    },
  );

  app.put(
    '/user/:userid',
    {
      config: { permission: 'portal.use' },
      preValidation: foundFirst(userParamsSchema, (ctx, { userid }) =>
        requireUserFor(ctx.db, ctx.caller.actor, userid),
      ),
      schema: {
        tags,
        summary: 'Update a user (your own profile fields, or any field with users.manage)',
        params: userParamsSchema,
        body: userUpdateSchema,
        response: { 200: envelope(userReplySchema) },
      },
    },
    async (request) => {
      const user = await updateUser(contextOf(request), request.params.userid, request.body);
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
      await deleteUser(contextOf(request), request.params.userid);
      return done(userMessages.deleted);
    },
  );
};
