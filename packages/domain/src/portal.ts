import { z } from 'zod';

// The API contract (docs/decisions/023-one-api-contract.md): what the portal routes take and answer.
export const healthSchema = z.object({ status: z.literal('ok'), database: z.string(), version: z.string() });

// Liveness and readiness (issue 19): a process that answers /health/live is running and should not be
// restarted; one that answers /health/ready may be sent traffic. The database is asked within this
// long: a load balancer's check must not hang on a database that does not answer.
export const readinessTimeoutMs = 2_000;
export const livenessSchema = z.object({
  status: z.literal('alive'),
  version: z.string(),
  uptimeseconds: z.number(),
});
export const healthMessages = {
  databaseAway: `Not ready: the database did not answer within ${readinessTimeoutMs / 1000} s`,
  shuttingDown: 'The server is shutting down',
} as const;

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
