import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, RateLimited } from './errors';

type Reply = {
  result: 'Failure';
  message: string;
  payload?: { errors: { path: string; message: string }[] };
};

function failure(message: string, errors?: { path: string; message: string }[]): Reply {
  return errors ? { result: 'Failure', message, payload: { errors } } : { result: 'Failure', message };
}

// Fastify's own client errors, reworded for people.
export const stillInUseMessage =
  'This record is still in use elsewhere: remove or move what refers to it first';

const fastifyClientErrors: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Send the request body as application/json'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Request body is empty'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Request body is not valid JSON'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Content-Length does not match the body'],
};

export const databaseUnavailableMessage =
  'The portal cannot reach its database just now. Please try again in a moment.';
// Seconds a client is asked to wait before trying again: a database restart takes about one.
const databaseRetryAfterSeconds = 5;

// PostgreSQL away (restarting, crashed, failing over, unreachable) or no pooled connection free in time:
// no fault of the request's, and a retry shortly, or on another instance, may well succeed. Codes:
// 57P01-57P03 (shutting down, crashed, starting up), class 08 (connection exceptions), the socket's own
// errors, and the pg driver's wording for a connection it lost or could not get.
const databaseAwayCodes = new Set([
  '57P01',
  '57P02',
  '57P03',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);
const databaseAwayWording =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed and is not queryable)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    // A call to an external system that failed (fetch's TypeError) carries the same socket codes; its
    // client answers for it, and it is not the database.
    if (current instanceof TypeError && current.message === 'fetch failed') return false;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (databaseAwayCodes.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
      return true;
    if (current instanceof Error && databaseAwayWording.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

// How Zod words the problems it finds without a message of ours (zod 4's defaults).
const zodsOwnWording =
  /^(Invalid (input|option|key|element|union|string|number|date|value|type)|Unrecognized keys?|Too (big|small))\b/;

// The one place errors become replies. 5xx replies never carry internals.
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => {
        const where = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return { path: where, message: v.message ?? 'Invalid value' };
      });
      // The message is for people, as written in the domain ('Event Fields are Missing!'); the field it
      // belongs to is in payload.errors, where forms put it next to the input. Zod's own wording names
      // no field ('Invalid input: expected string, received undefined'), so that alone keeps the path.
      const first = errors[0];
      const message = !first
        ? 'Invalid request'
        : first.path && zodsOwnWording.test(first.message)
          ? `${first.path}: ${first.message}`
          : first.message;
      return reply.status(400).send(failure(message, errors));
    }
    if (error instanceof AppError) {
      if (error instanceof RateLimited) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send(failure(error.message, error.errors));
    }
    const known = error.code ? fastifyClientErrors[error.code] : undefined;
    if (known) return reply.status(known[0]).send(failure(known[1]));
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return reply.status(400).send(failure('Request body is not valid JSON'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(failure(error.message));
    }
    // Two requests racing past a uniqueness check: the database's unique index settles it.
    const cause = (error as { cause?: { code?: string } }).cause ?? error;
    if ((cause as { code?: string }).code === '23505') {
      return reply.status(409).send(failure('A record with these details already exists'));
    }
    // A delete of a record others still point at (a PoP that is a spare parts depot): the foreign key
    // refuses it and nothing is written. Areas that can name what is in the way check first and say so.
    if ((cause as { code?: string }).code === '23503') {
      return reply.status(409).send(failure(stillInUseMessage));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: cause }, 'database unavailable');
      reply.header('retry-after', String(databaseRetryAfterSeconds));
      return reply.status(503).send(failure(databaseUnavailableMessage));
    }
    // Drizzle's own error message carries the query's parameters (password hashes, tokens): log the
    // driver's error and the SQL text only.
    const query = (error as { query?: string }).query;
    request.log.error({ err: cause === error ? error : cause, query }, 'unhandled error');
    return reply.status(500).send(failure('Something went wrong on our side. Please try again.'));
  });
}
