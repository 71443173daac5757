import type { Actor } from '@lightpath/domain/actor';
import type { CountKey } from '@lightpath/domain/navigation';
import { desc, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema/platform';
import { envelope, ok } from '../../platform/envelope';
import { signedIn } from '../../platform/request-context';
import { toUnixSeconds } from '../../platform/scope';
import { findProviderCustomer } from '../customers/repository';

// Sidebar counts: each area that owns a count adds its provider here (services, events, ...).
export type CountProvider = (db: Db, actor: Actor) => Promise<number>;
export const countProviders: Partial<Record<CountKey, CountProvider>> = {};

const tags = ['portal'];

export const portalRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; databaseKind: string }> = async (
  app,
  { db, config, databaseKind },
) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Liveness and database check for load balancers and start-up scripts',
        response: {
          200: envelope(z.object({ status: z.literal('ok'), database: z.string(), version: z.string() })),
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
          200: envelope(
            z.object({
              name: z.string(),
              provider: z.object({ name: z.string(), code: z.string(), customerid: z.number().nullable() }),
              supportphone: z.string(),
              maptileurl: z.string().nullable(),
              maptileattribution: z.string().nullable(),
              // The portal's time zone (PORTAL_TIMEZONE): every time is read and typed in it unless
              // the user chose their own.
              timezone: z.string(),
              version: z.string(),
            }),
          ),
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
        response: { 200: envelope(z.object({ counts: z.record(z.string(), z.number()) })) },
      },
    },
    async (request) => {
      const { actor } = signedIn(request);
      const entries = await Promise.all(
        Object.entries(countProviders).map(
          async ([key, provider]) => [key, await provider(db, actor)] as const,
        ),
      );
      return ok({ counts: Object.fromEntries(entries) });
    },
  );

  app.get(
    '/outbox',
    {
      config: { permission: 'outbox.view' },
      schema: {
        tags,
        summary: 'Latest queued e-mail and SMS (where messages go when no SMTP or SMS service is configured)',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }),
        response: {
          200: envelope(
            z.object({
              results: z.array(
                z.object({
                  id: z.number(),
                  channel: z.string(),
                  recipient: z.string(),
                  subject: z.string().nullable(),
                  body: z.string(),
                  created: z.number(),
                  sent: z.number().nullable(),
                }),
              ),
            }),
          ),
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
