import { envelope } from '@lightpath/domain/api';
import { navigationCountsSchema } from '@lightpath/domain/navigation';
import {
  healthMessages,
  healthSchema,
  livenessSchema,
  outboxListSchema,
  outboxQuerySchema,
  portalInfoSchema,
  readinessTimeoutMs,
} from '@lightpath/domain/portal';
import { desc, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outbox } from '../../db/schema/platform';
import { ok } from '../../platform/envelope';
import { Unavailable } from '../../platform/errors';
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
  const started = Date.now();

  // An instance that has been asked to stop says so at once, while it still serves what arrives during
  // SHUTDOWN_DRAIN_MS, so the load balancer moves new work elsewhere first (platform/lifecycle.ts).
  async function ready() {
    if (app.lifecycle.draining) throw new Unavailable(healthMessages.shuttingDown);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Unavailable(healthMessages.databaseAway)), readinessTimeoutMs);
    });
    try {
      await Promise.race([db.execute(sql`select 1`), timeout]);
    } catch (error) {
      throw error instanceof Unavailable ? error : new Unavailable(healthMessages.databaseAway);
    } finally {
      clearTimeout(timer);
    }
    return ok({ status: 'ok' as const, database: databaseKind, version: config.version });
  }

  const readiness = {
    config: { public: true },
    schema: {
      tags,
      summary: `Readiness: 200 when this instance may take traffic (its database answered within ${readinessTimeoutMs / 1000} s), else 503 with the reason (503 too once it is shutting down)`,
      response: { 200: envelope(healthSchema) },
    },
  };
  app.get('/health/ready', readiness, ready);
  // The first health check, kept for the load balancers and scripts that already call it.
  app.get(
    '/health',
    { ...readiness, schema: { ...readiness.schema, summary: 'Readiness, as /health/ready' } },
    ready,
  );

  app.get(
    '/health/live',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'Liveness: 200 while the process runs and its event loop turns, whatever its database does; restart the instance only when this fails',
        response: { 200: envelope(livenessSchema) },
      },
    },
    async () =>
      ok({
        status: 'alive' as const,
        version: config.version,
        uptimeseconds: Math.floor((Date.now() - started) / 1000),
      }),
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
