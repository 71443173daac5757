import { envelope } from '@lightpath/domain/api';
import { navigationCountsSchema } from '@lightpath/domain/navigation';
import {
  healthSchema,
  outboxListSchema,
  outboxQuerySchema,
  portalInfoSchema,
} from '@lightpath/domain/portal';
import { desc, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outbox } from '../../db/schema/platform';
import { ok } from '../../platform/envelope';
import type { ReplyCacheRule } from '../../platform/reply-cache';
import { toUnixSeconds } from '../../platform/scope';
import { contextOf } from '../../platform/service-context';
import { findProviderCustomer } from '../customers/repository';

const tags = ['portal'];
const outboxFresh: ReplyCacheRule = { fresh: "the mailer's queue, which moves with every send and retry" };

export const portalRoutes: FastifyPluginAsyncZod<{ databaseKind: string }> = async (
  app,
  { databaseKind },
) => {
  const { db, config } = app.dependencies;
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Liveness and database check for load balancers and start-up scripts',
        response: {
          200: envelope(healthSchema),
        },
      },
    },
    async () => {
      await db.execute(sql`select 1`);
      return ok({ status: 'ok' as const, database: databaseKind, version: config.version });
    },
  );

  app.get(
    '/portal',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'What the sign-in page and header show before anyone signs in',
        response: {
          200: envelope(portalInfoSchema),
        },
      },
    },
    async () => {
      const provider = await findProviderCustomer(db);
      return ok({
        name: 'Lightpath',
        provider: {
          name: config.provider.name,
          code: config.provider.code,
          customerid: provider?.customerId ?? null,
        },
        supportphone: config.supportPhone,
        maptileurl: config.mapTiles?.url ?? null,
        maptileattribution: config.mapTiles?.attribution ?? null,
        timezone: config.timeZone,
        version: config.version,
      });
    },
  );

  app.get(
    '/navigation/counts',
    {
      config: { permission: 'portal.use' },
      schema: {
        tags,
        summary: 'Sidebar counts for the caller, one per area that provides one',
        response: { 200: envelope(navigationCountsSchema) },
      },
    },
    async (request) => {
      return ok({ counts: await app.navigationCounts.countAll(contextOf(request)) });
    },
  );

  app.get(
    '/outbox',
    {
      config: { permission: 'outbox.view', replyCache: outboxFresh },
      schema: {
        tags,
        summary: 'Latest queued e-mail and SMS (where messages go when no SMTP or SMS service is configured)',
        querystring: outboxQuerySchema,
        response: {
          200: envelope(outboxListSchema),
        },
      },
    },
    async (request) => {
      const rows = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(request.query.limit);
      return ok({
        results: rows.map((r) => ({
          id: r.id,
          channel: r.channel,
          recipient: r.recipient,
          subject: r.subject,
          // Reset and invitation links are credentials: outside development only their shape is shown.
          body: config.env === 'development' ? r.body : r.body.replace(/#token=[\w-]+/g, '#token=[hidden]'),
          created: toUnixSeconds(r.createdAt)!,
          sent: toUnixSeconds(r.sentAt),
        })),
      });
    },
  );
};
