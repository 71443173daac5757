import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { contextOf, type ServiceContext } from './service-context';

// One rule for every route that names a record and takes input: a record outside the caller's scope
// is 404 before the input is validated (or, for uploads, read), whatever was sent, so a 400 never
// confirms that another customer's record exists. Used as the route's preValidation hook, which runs
// after authentication and before validation. `find` throws NotFound; it receives the path parameters
// parsed with the route's own schema (bad ones are left to validation, a 400 for everyone) and the
// request, for a record named in the body.
export function foundFirst<P extends z.ZodType>(
  params: P,
  find: (ctx: ServiceContext, params: z.output<P>, request: FastifyRequest) => Promise<unknown>,
) {
  return async (request: FastifyRequest) => {
    const parsed = params.safeParse(request.params);
    if (parsed.success) await find(contextOf(request), parsed.data, request);
  };
}
