import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

// Every setting, read from the environment and validated once. docs/configuration.md lists them.
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  // Connections per instance. Few connections serve many requests: each query is short, and more
  // backends than cores only adds contention.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: flag,
  SUPPORT_PHONE: z.string().default('1800 555 010'),
  PROVIDER_NAME: z.string().default('Meridian Research Network'),
  PROVIDER_CODE: z
    .string()
    .regex(/^[A-Z0-9]{3}$/)
    .default('MRN'),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Lightpath <noc@meridian.example>'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(50),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: flag,
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: { kind: 'postgres'; url: string; poolSize: number } | { kind: 'pglite'; dataDir: string | null };
  publicUrl: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  seedDemo: boolean;
  supportPhone: string;
  provider: { name: string; code: string };
  mail: { smtpUrl: string | null; from: string };
  bodyLimitBytes: number;
  loginLimits: { windowMinutes: number; maxFailuresPerEmail: number; maxFailuresPerIp: number };
  webDist: string;
  trustProxy: boolean;
  version: string;
};

export const serverRoot = resolve(import.meta.dirname, '..');
export const repoRoot = resolve(serverRoot, '../..');

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(resolve(repoRoot, 'package.json'), 'utf8')) as { version: string };
  return process.env.BUILD_VERSION ?? pkg.version;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const database: Config['database'] = e.DATABASE_URL
    ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
    : { kind: 'pglite', dataDir: resolve(e.DATA_DIR, 'pglite') };
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    database,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    // Demo accounts never reach a production database; the embedded database gets them by default.
    seedDemo: !production && (e.SEED_DEMO ?? database.kind === 'pglite'),
    supportPhone: e.SUPPORT_PHONE,
    provider: { name: e.PROVIDER_NAME, code: e.PROVIDER_CODE },
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    loginLimits: {
      windowMinutes: e.LOGIN_WINDOW_MINUTES,
      maxFailuresPerEmail: e.LOGIN_MAX_FAILURES_PER_EMAIL,
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
    },
    webDist: e.WEB_DIST ?? resolve(repoRoot, 'apps/web/dist'),
    // Behind a load balancer the client address (used by the login limit) comes from X-Forwarded-For.
    trustProxy: e.TRUST_PROXY ?? false,
    version: readVersion(),
    ...overrides,
  };
}
