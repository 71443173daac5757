import { z } from 'zod';

// The API contract (docs/decisions/023-one-api-contract.md): what the portal routes take and answer.
export const healthSchema = z.object({ status: z.literal('ok'), database: z.string(), version: z.string() });

// What the sign-in page and header show before anyone signs in.
export const portalInfoSchema = z.object({
  name: z.string(),
  provider: z.object({ name: z.string(), code: z.string(), customerid: z.number().nullable() }),
  supportphone: z.string(),
  maptileurl: z.string().nullable(),
  maptileattribution: z.string().nullable(),
  // The portal's time zone (PORTAL_TIMEZONE): every time is read and typed in it unless
  // the user chose their own.
  timezone: z.string(),
  version: z.string(),
});

export const outboxQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) });
export const outboxListSchema = z.object({
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
});
