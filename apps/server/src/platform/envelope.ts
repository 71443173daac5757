import { z } from 'zod';

// Route reply schemas: documenting them in OpenAPI also strips any field a query returned by accident.
export function envelope<T extends z.ZodType>(payload: T) {
  return z.object({ result: z.literal('Success'), message: z.string().optional(), payload });
}

export const messageOnly = z.object({ result: z.literal('Success'), message: z.string() });

export const failure = z.object({
  result: z.literal('Failure'),
  message: z.string(),
  payload: z.object({ errors: z.array(z.object({ path: z.string(), message: z.string() })) }).optional(),
});

export function ok<T>(payload: T, message?: string) {
  return message === undefined
    ? { result: 'Success' as const, payload }
    : { result: 'Success' as const, message, payload };
}

export function done(message: string) {
  return { result: 'Success' as const, message };
}

export function listOf<T extends z.ZodType>(item: T) {
  return envelope(
    z.object({ count: z.number(), limit: z.number(), offset: z.number(), results: z.array(item) }),
  );
}
