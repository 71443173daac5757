import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const nulMessage = 'Text must not contain NUL characters';

export const tooDeepMessage = 'The request is nested too deeply';
// No request of the portal nests more than a few levels (a service's patching in its body); a client
// that sends thousands would otherwise exhaust the stack of any recursive walk over it.
const maxDepth = 32;

type Found = { path: (string | number)[]; message: string };

// Where the first string (or key) holding a NUL is, or where the value nests past maxDepth; null when
// neither. Walked with a stack of its own, depth first, so the first problem is the one a reader meets
// first.
function firstProblem(root: unknown): Found | null {
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value: root, path: [] }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { path, message: nulMessage };
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (path.length >= maxDepth) return { path, message: tooDeepMessage };
    const entries: [string | number, unknown][] = Array.isArray(value)
      ? value.map((item, i) => [i, item])
      : Object.entries(value);
    for (const [key] of entries)
      if (typeof key === 'string' && key.includes('\u0000'))
        return { path: [...path, key], message: nulMessage };
    for (let i = entries.length - 1; i >= 0; i--)
      pending.push({ value: entries[i]![1], path: [...path, entries[i]![0]] });
  }
  return null;
}

const refuseNul = z.unknown().superRefine((value, ctx) => {
  const found = firstProblem(value);
  if (found) ctx.addIssue({ code: 'custom', path: found.path, message: found.message });
});

// Zod's validator, after one check that holds for every field of every route: PostgreSQL cannot store
// a NUL in text, so a NUL anywhere in params, query or body is a 400 here, never a failed query (500)
// or a half-done write; and a value nested past maxDepth is a 400 too. It runs as part of validation, so a record outside the caller's scope is still
// 404 first (platform/found-first.ts).
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  zodValidatorCompiler({ ...route, schema: refuseNul.pipe(route.schema) });
