import {
  type Integration,
  type IntegrationKind,
  type IntegrationSystem,
  integrationErrorText,
  integrationNames,
  integrationSystems,
  publicAddress,
} from '@lightpath/domain/integrations';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { type IntegrationHealth, unrecorded } from '../../integrations/health';
import type { Metrics } from '../../platform/metrics';
import { toUnixSeconds } from '../../platform/scope';
import type { ServiceContext } from '../../platform/service-context';
import { listStatuses, recordFailure, recordSuccess } from './repository';

type Configured = Pick<Integration, 'system' | 'kind' | 'implementation' | 'address'>;

// Which implementation answers for each system, from the same settings app.ts and main.ts choose by
// (docs/integrations.md). Addresses never carry credentials (publicAddress drops user, password and
// query).
export function configuredIntegrations(config: Config): Configured[] {
  const real = (url: string | null | undefined, implementation: string) => ({
    kind: 'real' as const,
    implementation,
    address: publicAddress(url) ?? 'unreadable address',
  });
  const standIn = (kind: Exclude<IntegrationKind, 'real'>, implementation: string) => ({
    kind,
    implementation,
    address: null,
  });
  const of: Record<IntegrationSystem, Omit<Configured, 'system'>> = {
    tickets: config.zendesk
      ? real(config.zendesk.url, 'Zendesk Support API')
      : standIn('built-in', "Built-in store (the portal's database)"),
    netbox:
      config.netbox.url && config.netbox.token
        ? real(config.netbox.url, 'NetBox REST API')
        : standIn('simulated', 'Simulator'),
    telemetry: config.telemetry.prometheusUrl
      ? real(config.telemetry.prometheusUrl, 'Prometheus HTTP API')
      : standIn('simulated', 'Simulator'),
    zabbix: config.zabbix
      ? real(config.zabbix.url, 'Zabbix JSON-RPC API')
      : standIn('simulated', 'Simulator'),
    awx: config.awx ? real(config.awx.url, 'AWX API v2') : standIn('simulated', 'Simulator'),
    email: config.mail.smtpUrl
      ? real(config.mail.smtpUrl, 'SMTP')
      : standIn('built-in', 'Outbox table (stored and logged, not sent)'),
    // Twilio is not wired yet (docs/integrations.md): the outbox row is the delivered form.
    sms: standIn('built-in', 'Outbox table (stored, not sent)'),
  };
  return integrationSystems.map((system) => ({ system, ...of[system] }));
}

export async function listIntegrations(ctx: ServiceContext): Promise<Integration[]> {
  const statuses = await listStatuses(ctx.db);
  return configuredIntegrations(ctx.config).map((entry) => {
    // Outcomes recorded for another address belong to a system no longer configured.
    const status =
      entry.address === null
        ? undefined
        : statuses.find((s) => s.system === entry.system && s.address === entry.address);
    return {
      ...entry,
      name: integrationNames[entry.system],
      lastsuccess: toUnixSeconds(status?.lastSuccessAt ?? null),
      lasterror: toUnixSeconds(status?.lastErrorAt ?? null),
      lasterrormessage: status?.lastError ?? null,
    };
  });
}

// A busy system is called many times a second; one write per call would add a database write to each
// for no news. Each instance writes a failure at most once a second, and a success at most every 30 s
// unless it follows a failure it wrote (a recovery shows at once): at most two writes a second per
// system and instance, even for a system that fails every other call. The page can be 30 s behind on
// a success, never on an error. This memory only spares writes: the record is the table.
export const successWriteEveryMs = 30_000;
export const failureWriteEveryMs = 1_000;

export type IntegrationRecorders = {
  for: (system: IntegrationSystem) => IntegrationHealth;
  // Waits for the writes in flight (on shutdown, and in tests).
  flush: () => Promise<void>;
};

export function integrationRecorders(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  metrics?: Pick<Metrics, 'externalFailure'>,
): IntegrationRecorders {
  const addresses = new Map(configuredIntegrations(config).map((entry) => [entry.system, entry.address]));
  const pending = new Set<Promise<void>>();
  const recorders = new Map<IntegrationSystem, IntegrationHealth>();

  // Not awaited by the caller: a call made inside a transaction must not wait for this write (on
  // PGlite, with one connection, it would wait for the transaction it is part of).
  const track = (system: IntegrationSystem, write: Promise<void>) => {
    const settled = write
      .catch((error: unknown) => log.warn({ err: error, system }, 'could not record an integration outcome'))
      .finally(() => pending.delete(settled));
    pending.add(settled);
  };

  const recorderFor = (system: IntegrationSystem): IntegrationHealth => {
    const address = addresses.get(system);
    // Built-in and simulated systems make no calls that could fail on their own.
    if (!address) return unrecorded;
    let successWrittenAt = Number.NEGATIVE_INFINITY;
    let failureWrittenAt = Number.NEGATIVE_INFINITY;
    return {
      succeeded: () => {
        const now = Date.now();
        // A recovery shows at once; a run of successes once every 30 s.
        const recovered = failureWrittenAt > successWrittenAt;
        if (!recovered && now - successWrittenAt < successWriteEveryMs) return;
        successWrittenAt = now;
        track(system, recordSuccess(db, system, address, new Date(now)));
      },
      failed: (reason) => {
        // Every failure is counted for /metrics; only some are written for the Integrations page.
        metrics?.externalFailure(system);
        const now = Date.now();
        if (now - failureWrittenAt < failureWriteEveryMs) return;
        failureWrittenAt = now;
        track(system, recordFailure(db, system, address, new Date(now), integrationErrorText(reason)));
      },
    };
  };

  return {
    for: (system) => {
      const existing = recorders.get(system);
      if (existing) return existing;
      const made = recorderFor(system);
      recorders.set(system, made);
      return made;
    },
    flush: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
