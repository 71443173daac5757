import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defaultSignInLimits, type SignInLimits } from '@lightpath/domain/sign-in-throttling';
import { z } from 'zod';
import { defaultRateLimits, type RateLimits } from './platform/rate-limit';

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
  // How long a request waits for a database connection before it is answered 503 (docs/faults.md).
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: flag,
  SUPPORT_PHONE: z.string().default('1800 555 010'),
  PROVIDER_NAME: z.string().default('Meridian Research Network'),
  // Times in notifications, tickets and calendar text are written in the operator's own zone.
  PORTAL_TIMEZONE: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Australia/Sydney')
    .default('Australia/Sydney'),
  PROVIDER_CODE: z
    .string()
    .regex(/^[A-Z0-9]{3}$/)
    .default('MRN'),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Lightpath <noc@meridian.example>'),
  // Where the portal writes to the NOC itself (a shelf that needs updating, spec 8).
  NOC_INBOX: z.string().email().default('noc@meridian.example'),
  // A JSON body's limit where a route names none of its own (platform/body-limits.ts).
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(64 * 1024),
  // API rate limits (docs/decisions/043): requests per window per session token and, for calls without
  // a valid session, per client address; 0 turns one off. Per instance (held in memory).
  RATE_LIMIT_PER_TOKEN: z.coerce.number().int().min(0).default(defaultRateLimits.perToken),
  RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(0).default(defaultRateLimits.perAddress),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(defaultRateLimits.windowSeconds),
  // Sign-in throttling (docs/decisions/014): the per-e-mail and per-address limits count failures from
  // browsers that never signed in to the account; a browser that did is limited per device.
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(defaultSignInLimits.windowMinutes),
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().positive().default(defaultSignInLimits.perAccount),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(defaultSignInLimits.perAddress),
  LOGIN_MAX_FAILURES_PER_DEVICE: z.coerce.number().int().positive().default(defaultSignInLimits.perDevice),
  // Signs the device cookies. Unset, a random secret is generated once and kept in the database.
  SERVER_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: flag,
  // The network map draws a bundled outline offline; with a tile URL ({z}/{x}/{y}) it shows real tiles.
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/.+\{z\}.+\{x\}.+\{y\}/, 'MAP_TILE_URL must be an http(s) URL with {z}, {x} and {y}')
    .optional(),
  MAP_TILE_ATTRIBUTION: z.string().max(300).optional(),
  // Telemetry: without PROMETHEUS_URL the built-in simulator answers. {port} and {service} in a
  // query are replaced by the port id and the service id (docs/integrations.md).
  PROMETHEUS_URL: z.string().url().optional(),
  PROMETHEUS_QUERY_TRAFFIC_IN: z.string().min(1).default('rate(ifHCInOctets{ifName="{port}"}[5m])'),
  PROMETHEUS_QUERY_TRAFFIC_OUT: z.string().min(1).default('rate(ifHCOutOctets{ifName="{port}"}[5m])'),
  PROMETHEUS_QUERY_LIGHT_RX: z.string().min(1).default('jnxDomCurrentRxLaserPower{ifName="{port}"} / 100'),
  PROMETHEUS_QUERY_LIGHT_TX: z
    .string()
    .min(1)
    .default('jnxDomCurrentTxLaserOutputPower{ifName="{port}"} / 100'),
  PROMETHEUS_QUERY_OPER_STATUS: z.string().min(1).default('ifOperStatus{ifName="{port}"}'),
  // Third-party circuits, head-ends and handoffs: without NETBOX_URL the built-in simulator answers.
  NETBOX_URL: z.string().url().optional(),
  NETBOX_TOKEN: z.string().min(1).optional(),
  NETBOX_HEADEND_ROLE: z
    .string()
    .regex(/^[-a-z0-9_]+$/)
    .default('head-end'),
  // Tickets: without ZENDESK_URL the built-in store (tickets in the portal's database) answers.
  ZENDESK_URL: z.string().url().optional(),
  ZENDESK_EMAIL: z.string().email().optional(),
  ZENDESK_API_TOKEN: z.string().min(1).optional(),
  // Alarms and muted triggers: without ZABBIX_URL (…/api_jsonrpc.php) the built-in simulator answers.
  ZABBIX_URL: z.string().url().optional(),
  ZABBIX_USERNAME: z.string().min(1).optional(),
  ZABBIX_PASSWORD: z.string().min(1).optional(),
  // Automation jobs: without AWX_URL (the AWX or Automation Controller base URL) the built-in simulator
  // answers. AWX_TOKEN is an OAuth2 personal access token of the AWX user the portal launches as.
  AWX_URL: z.string().url().optional(),
  AWX_TOKEN: z.string().min(1).optional(),
  AWX_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // How long one call to each external system may take before the page that needs it is told that
  // system did not answer (docs/faults.md: requests are never held longer).
  PROMETHEUS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  NETBOX_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  ZABBIX_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  ZENDESK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // After an external system did not answer, how long calls to it fail at once instead of waiting out
  // the timeout again (integrations/failure-pause.ts); 0 asks it every time.
  EXTERNAL_PAUSE_AFTER_FAILURE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  // A graceful stop (SIGTERM): readiness answers 503 at once and requests are still served for
  // SHUTDOWN_DRAIN_MS, time for the load balancer to notice; then requests in flight, the notice in hand
  // and the background rounds finish, bounded by SHUTDOWN_TIMEOUT_MS (docs/decisions/048).
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(25_000),
  // Uploaded files (site access forms): a folder, by default under DATA_DIR.
  UPLOADS_DIR: z.string().optional(),
  // Memory for kept replies (platform/reply-cache.ts), per instance; 0 keeps none (ETags still work).
  REPLY_CACHE_MB: z.coerce.number().min(0).max(4096).default(64),
  // The API logs (docs/decisions/034): every call to /api/* is kept this many days; API_LOG=false keeps
  // none (the benchmark's comparison of the hot path with and without them).
  API_LOG: flag,
  API_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database:
    | { kind: 'postgres'; url: string; poolSize: number; connectTimeoutMs?: number }
    | { kind: 'pglite'; dataDir: string | null };
  publicUrl: string;
  // Whether PUBLIC_URL was set: a printed link (a Letter of Authorisation's) otherwise follows the
  // address the request came in on, since the default localhost one reads nowhere off a printout.
  publicUrlSet: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  seedDemo: boolean;
  supportPhone: string;
  mapTiles: { url: string; attribution: string } | null;
  provider: { name: string; code: string };
  timeZone: string;
  mail: { smtpUrl: string | null; from: string; nocInbox: string };
  bodyLimitBytes: number;
  rateLimits: RateLimits;
  loginLimits: SignInLimits;
  serverSecret: string | null;
  // The bearer token Prometheus scrapes /metrics with; null: no /metrics at all.
  metricsToken: string | null;
  webDist: string;
  trustProxy: boolean;
  version: string;
  telemetry: { prometheusUrl: string | null; queries: TelemetryQueries; timeoutMs?: number };
  netbox: { url: string | null; token: string | null; headEndRole: string; timeoutMs?: number };
  zendesk: { url: string; email: string; apiToken: string; timeoutMs?: number } | null;
  zabbix: { url: string; username: string; password: string; timeoutMs?: number } | null;
  awx: { url: string; token: string; timeoutMs: number } | null;
  // How long an external system that did not answer is not asked again (0: asked every time).
  externalPauseMs: number;
  shutdown: { drainMs: number; timeoutMs: number };
  uploads: { dir: string; maxBytes: number };
  replyCacheBytes: number;
  apiLog: { enabled: boolean; retentionDays: number };
  // Rows a list's CSV export reads at a time (the lists' largest page); tests make it small so an
  // export crosses pages on the demo data.
  exportPageSize: number;
};

export type TelemetryQueries = {
  trafficIn: string;
  trafficOut: string;
  lightRx: string;
  lightTx: string;
  operStatus: string;
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
  if (e.NETBOX_URL && !e.NETBOX_TOKEN)
    throw new Error('Invalid configuration: NETBOX_TOKEN: required with NETBOX_URL');
  if (e.ZENDESK_URL && !(e.ZENDESK_EMAIL && e.ZENDESK_API_TOKEN))
    throw new Error('Invalid configuration: ZENDESK_EMAIL and ZENDESK_API_TOKEN: required with ZENDESK_URL');
  if (e.ZABBIX_URL && !(e.ZABBIX_USERNAME && e.ZABBIX_PASSWORD))
    throw new Error('Invalid configuration: ZABBIX_USERNAME and ZABBIX_PASSWORD: required with ZABBIX_URL');
  if (Boolean(e.AWX_URL) !== Boolean(e.AWX_TOKEN))
    throw new Error('Invalid configuration: AWX_URL and AWX_TOKEN: each is required with the other');
  const production = e.NODE_ENV === 'production';
  const database: Config['database'] = e.DATABASE_URL
    ? {
        kind: 'postgres',
        url: e.DATABASE_URL,
        poolSize: e.DATABASE_POOL_SIZE,
        connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      }
    : { kind: 'pglite', dataDir: resolve(e.DATA_DIR, 'pglite') };
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    database,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    publicUrlSet: e.PUBLIC_URL !== undefined,
    logLevel: e.LOG_LEVEL,
    // Demo accounts never reach a production database; the embedded database gets them by default.
    seedDemo: !production && (e.SEED_DEMO ?? database.kind === 'pglite'),
    supportPhone: e.SUPPORT_PHONE,
    mapTiles: e.MAP_TILE_URL ? { url: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION ?? '' } : null,
    provider: { name: e.PROVIDER_NAME, code: e.PROVIDER_CODE },
    timeZone: e.PORTAL_TIMEZONE,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM, nocInbox: e.NOC_INBOX },
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    rateLimits: {
      perToken: e.RATE_LIMIT_PER_TOKEN,
      perAddress: e.RATE_LIMIT_PER_ADDRESS,
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
    },
    loginLimits: {
      windowMinutes: e.LOGIN_WINDOW_MINUTES,
      perAccount: e.LOGIN_MAX_FAILURES_PER_EMAIL,
      perAddress: e.LOGIN_MAX_FAILURES_PER_IP,
      perDevice: e.LOGIN_MAX_FAILURES_PER_DEVICE,
    },
    serverSecret: e.SERVER_SECRET ?? null,
    metricsToken: e.METRICS_TOKEN ?? null,
    webDist: e.WEB_DIST ?? resolve(repoRoot, 'apps/web/dist'),
    // Behind a load balancer the client address (used by the login limit) comes from X-Forwarded-For.
    trustProxy: e.TRUST_PROXY ?? false,
    version: readVersion(),
    telemetry: {
      prometheusUrl: e.PROMETHEUS_URL ?? null,
      timeoutMs: e.PROMETHEUS_TIMEOUT_MS,
      queries: {
        trafficIn: e.PROMETHEUS_QUERY_TRAFFIC_IN,
        trafficOut: e.PROMETHEUS_QUERY_TRAFFIC_OUT,
        lightRx: e.PROMETHEUS_QUERY_LIGHT_RX,
        lightTx: e.PROMETHEUS_QUERY_LIGHT_TX,
        operStatus: e.PROMETHEUS_QUERY_OPER_STATUS,
      },
    },
    netbox: {
      url: e.NETBOX_URL ?? null,
      token: e.NETBOX_TOKEN ?? null,
      headEndRole: e.NETBOX_HEADEND_ROLE,
      timeoutMs: e.NETBOX_TIMEOUT_MS,
    },
    zendesk:
      e.ZENDESK_URL && e.ZENDESK_EMAIL && e.ZENDESK_API_TOKEN
        ? {
            url: e.ZENDESK_URL,
            email: e.ZENDESK_EMAIL,
            apiToken: e.ZENDESK_API_TOKEN,
            timeoutMs: e.ZENDESK_TIMEOUT_MS,
          }
        : null,
    zabbix:
      e.ZABBIX_URL && e.ZABBIX_USERNAME && e.ZABBIX_PASSWORD
        ? {
            url: e.ZABBIX_URL,
            username: e.ZABBIX_USERNAME,
            password: e.ZABBIX_PASSWORD,
            timeoutMs: e.ZABBIX_TIMEOUT_MS,
          }
        : null,
    awx:
      e.AWX_URL && e.AWX_TOKEN ? { url: e.AWX_URL, token: e.AWX_TOKEN, timeoutMs: e.AWX_TIMEOUT_MS } : null,
    externalPauseMs: e.EXTERNAL_PAUSE_AFTER_FAILURE_MS,
    shutdown: { drainMs: e.SHUTDOWN_DRAIN_MS, timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
    uploads: { dir: resolve(e.UPLOADS_DIR ?? resolve(e.DATA_DIR, 'uploads')), maxBytes: e.UPLOAD_MAX_BYTES },
    replyCacheBytes: Math.round(e.REPLY_CACHE_MB * 1024 * 1024),
    apiLog: { enabled: e.API_LOG ?? true, retentionDays: e.API_LOG_RETENTION_DAYS },
    exportPageSize: 1000,
    ...overrides,
  };
}
