import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Invalid } from './errors';

// A client that may send the same POST twice (a retry after a timeout) names it with this header; the
// route answers the second with what the first made and does nothing again.
export const idempotencyKeyHeader = 'idempotency-key';

const idempotencyKeySchema = z
  .string()
  .trim()
  .min(1, 'Idempotency-Key must not be empty')
  .max(100, 'Idempotency-Key must be at most 100 characters')
  .optional();

// The key, or null without the header. A repeated header (an array) or a bad value is a 400 naming it.
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const parsed = idempotencyKeySchema.safeParse(request.headers[idempotencyKeyHeader]);
  if (!parsed.success)
    throw Invalid.field(
      idempotencyKeyHeader,
      parsed.error.issues[0]?.message ?? 'Idempotency-Key must be one header of at most 100 characters',
    );
  return parsed.data ?? null;
}
