import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { failure } from '@lightpath/domain/api';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config';

const verbs: Record<string, string> = {
  GET: 'get',
  POST: 'post',
  PUT: 'put',
  PATCH: 'patch',
  DELETE: 'delete',
};

function pascal(word: string) {
  return word
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

// A stable operationId from the method and path, for code generators and links to the reference:
// GET /api/site/:siteid/contacts is getSiteContacts; the record a path ends with is named,
// so GET /api/events and GET /api/events/:serviceid stay apart (getEventsByServiceid).
export function operationIdOf(method: string, url: string) {
  const segments = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean);
  const trailing: string[] = [];
  while (segments.length > 0 && segments.at(-1)!.startsWith(':')) trailing.unshift(segments.pop()!.slice(1));
  const base = segments
    .filter((segment) => !segment.startsWith(':'))
    .map(pascal)
    .join('');
  const by = trailing.length > 0 ? `By${trailing.map(pascal).join('And')}` : '';
  return `${verbs[method] ?? method.toLowerCase()}${base}${by}`;
}

const failureReply = (description: string) => failure.describe(description);

type RouteSchema = Record<string, unknown> & {
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
  response?: Record<string, unknown>;
  produces?: string[];
  consumes?: string[];
  operationId?: string;
  security?: unknown[];
};

// What the reference says about a route beyond its own schema: the failures every route of its kind
// can answer (all in the envelope), that public routes need no token, and the media type of replies
// that are not JSON. Documentation only: the route's own schema still validates and serialises.
export function documentedSchema(route: RouteOptions, schema: RouteSchema): RouteSchema {
  const method = [route.method].flat()[0]!;
  const config = (route.config ?? {}) as { public?: boolean; permission?: string };
  const takesInput = Boolean(schema.params || schema.querystring || schema.body || schema.consumes);
  const namesRecord = /\/:/.test(route.url);
  const response: Record<string, unknown> = {};
  const { produces, ...rest } = schema;
  for (const [status, reply] of Object.entries(schema.response ?? {})) {
    // Replies that are not JSON (a calendar, an event stream, a download) say their own media type.
    response[status] =
      produces && status.startsWith('2')
        ? {
            description: 'Success',
            content: Object.fromEntries(produces.map((type) => [type, { schema: reply }])),
          }
        : reply;
  }
  if (produces && !Object.keys(response).some((status) => status.startsWith('2'))) {
    response[200] = {
      description: 'Success',
      content: Object.fromEntries(produces.map((type) => [type, { schema: z.string() }])),
    };
  }
  // Fastify reads a body sent with any of these methods, whether or not the route wants one: a body
  // that does not parse, is too large or is of a type it cannot read is refused before the route runs.
  const readsBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);
  const failures: [number, boolean, string][] = [
    [
      400,
      takesInput || readsBody,
      'Bad input: `message` is the first problem, `payload.errors` lists each field',
    ],
    [401, !config.public, 'No token, or the session has expired or was revoked'],
    [403, !config.public, 'Signed in, but not allowed to do this'],
    [404, namesRecord, 'Not found, or not in your scope (another customer’s record)'],
    // Fastify's router refuses a path parameter over maxParamLength (100) before any route runs.
    [414, namesRecord, 'A path parameter is longer than 100 characters'],
    [413, readsBody, 'The request body is too large'],
    [415, readsBody, 'The request body is not JSON'],
    // docs/decisions/043: every API route but the health checks is counted.
    [
      429,
      !route.url.startsWith('/api/health'),
      'Too many requests from this token (or, without a session, this address): wait the seconds in Retry-After. Every counted reply carries RateLimit-Policy and RateLimit',
    ],
  ];
  for (const [status, applies, description] of failures) {
    if (applies && !(status in response)) response[status] = failureReply(description);
  }
  return {
    ...rest,
    operationId: schema.operationId ?? operationIdOf(method, route.url),
    ...(config.public ? { security: [] } : {}),
    ...(schema.consumes?.includes('multipart/form-data') && !schema.body
      ? { body: z.record(z.string(), z.string().meta({ format: 'binary' })) }
      : {}),
    response,
  };
}

// The OpenAPI document at /api/openapi.json and the reference at /api/docs.
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Lightpath API',
        version: config.version,
        description:
          'Every reply is an envelope `{ result, message?, payload? }`. Sign in with POST /api/login and send the token in the X-AUTH-TOKEN header. Failures answer `result: "Failure"` with a `message` to show people; a 400 lists each field’s problem in `payload.errors`.',
      },
      // PUBLIC_URL is where the portal is reached (the same base as the links in its e-mails).
      servers: [{ url: config.publicUrl.replace(/\/+$/, ''), description: 'This portal' }],
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-AUTH-TOKEN' } } },
      security: [{ token: [] }],
    },
    transform: (document) =>
      jsonSchemaTransform({
        ...document,
        schema: document.schema
          ? (documentedSchema(document.route, document.schema as RouteSchema) as typeof document.schema)
          : document.schema,
      }),
  });
  // The page's security policy is ours (platform/security-headers.ts): Swagger UI's own always
  // upgrades requests to HTTPS, which leaves the page blank over plain HTTP on a host name.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: false });
  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
