import { envelope, listOf } from '@lightpath/domain/api';
import {
  checkinBodySchema,
  checkinCsvColumns,
  checkinExportQuerySchema,
  checkinListQuerySchema,
  checkinSchema,
  checkoutBodySchema,
  siteCheckinListQuerySchema,
} from '@lightpath/domain/checkins';
import { siteParamsSchema } from '@lightpath/domain/sites';
import { userParamsSchema } from '@lightpath/domain/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listExportRoute, readerZone } from '../../platform/csv-export';
import { ok } from '../../platform/envelope';
import { foundFirst } from '../../platform/found-first';
import type { ReplyCacheRule } from '../../platform/reply-cache';
import { contextOf } from '../../platform/service-context';
import { requireSiteFor } from '../sites/service';
import { checkIn, checkOut, listActiveCheckinsFor, listCheckinsFor, listSiteCheckinsFor } from './service';

const tags = ['checkins'];
// Each open check-in carries the seconds spent on site so far, which change every second.
const checkinsFresh: ReplyCacheRule = { fresh: 'durationseconds counts the seconds on site so far' };

export const checkinRoutes: FastifyPluginAsyncZod = async (app) => {
  const siteExistsFirst = foundFirst(siteParamsSchema, (ctx, { siteid }) =>
    requireSiteFor(ctx.db, ctx.caller.actor, siteid),
  );

  app.get(
    '/checkins',
    {
      config: { permission: 'checkins.manage', replyCache: checkinsFresh },
      schema: {
        tags,
        summary:
          "Everyone's site check-ins, newest first. Filter by active (true: still on site, false: checked out), siteid, userid and q (site name or number, customer code, person); sort by checkintime, checkouttime, sitename or username",
        querystring: checkinListQuerySchema,
        response: { 200: listOf(checkinSchema) },
      },
    },
    async (request) => ok(await listCheckinsFor(contextOf(request), request.query)),
  );

  listExportRoute(app, {
    path: '/export/checkins',
    permission: 'checkins.manage',
    tags,
    summary:
      "The check-in history as a CSV file: every check-in its filters and sort select, all pages, streamed; times in the reader's zone. The same query as GET checkins, without limit and offset",
    querystring: checkinExportQuerySchema,
    filename: 'site-checkins.csv',
    columns: (ctx) => checkinCsvColumns(readerZone(ctx), Math.floor(Date.now() / 1000)),
    page: listCheckinsFor,
  });

  app.get(
    '/site/:siteid/checkins',
    {
      config: { permission: 'checkins.manage', replyCache: checkinsFresh },
      schema: {
        tags,
        summary: "One site's check-ins, newest first; the same filters as GET /checkins",
        params: siteParamsSchema,
        querystring: siteCheckinListQuerySchema,
        response: { 200: listOf(checkinSchema) },
      },
    },
    async (request) =>
      ok(await listSiteCheckinsFor(contextOf(request), request.params.siteid, request.query)),
  );

  app.post(
    '/site/:siteid/checkin',
    {
      config: { permission: 'checkins.manage' },
      preValidation: siteExistsFirst,
      schema: {
        tags,
        summary:
          'Check the caller in at a site (checkintime in unix seconds, default now). Enabled physical sites only; technicians also disabled ones. A second open check-in at the same site is 409',
        params: siteParamsSchema,
        body: checkinBodySchema,
        response: { 201: envelope(checkinSchema) },
      },
    },
    async (request, reply) => {
      const { checkin, message } = await checkIn(contextOf(request), request.params.siteid, request.body);
      return reply.status(201).send(ok(checkin, message));
    },
  );

  app.post(
    '/site/:siteid/checkout',
    {
      config: { permission: 'checkins.manage' },
      preValidation: siteExistsFirst,
      schema: {
        tags,
        summary:
          "Close the caller's open check-in at a site (checkouttime in unix seconds, default now; not before the check-in). No open check-in is 409",
        params: siteParamsSchema,
        body: checkoutBodySchema,
        response: { 200: envelope(checkinSchema) },
      },
    },
    async (request) => {
      const { checkin, message } = await checkOut(contextOf(request), request.params.siteid, request.body);
      return ok(checkin, message);
    },
  );

  app.get(
    '/user/:userid/checkins/active',
    {
      config: { permission: 'checkins.manage' },
      schema: {
        tags,
        summary:
          "A user's open check-ins, oldest first. Your own always; anyone's for the NOC and engineering (403 for others)",
        params: userParamsSchema,
        response: { 200: listOf(checkinSchema) },
      },
    },
    async (request) => ok(await listActiveCheckinsFor(contextOf(request), request.params.userid)),
  );
};
