import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db, RawQuery } from '../../db/client';

export type CalendarRouteOptions = { db: Db; query: RawQuery; config: Config };

// Stub: the calendar helper fills this in.
export const calendarRoutes: FastifyPluginAsyncZod<CalendarRouteOptions> = async () => {};
