import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const nulMessage = 'Text must not contain NUL characters';

// Where the first string holding a NUL is, as a path; null when there is none.
function nulPath(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = nulPath(item, [...path, key]) ?? (key.includes('\u0000') ? [...path, key] : null);
      if (found) return found;
    }
  }
  return null;
}

const refuseNul = z.unknown().superRefine((value, ctx) => {
  const path = nulPath(value);
  if (path) ctx.addIssue({ code: 'custom', path, message: nulMessage });
});

// Zod's validator, after one check that holds for every field of every route: PostgreSQL cannot store
// a NUL in text, so a NUL anywhere in params, query or body is a 400 here, never a failed query (500)
// or a half-done write. It runs as part of validation, so a record outside the caller's scope is still
// 404 first (platform/found-first.ts).
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  zodValidatorCompiler({ ...route, schema: refuseNul.pipe(route.schema) });
