import type { IntegrationSystem } from '@lightpath/domain/integrations';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { integrationStatus } from '../../db/schema/integrations';

// Two instances may record the same system at nearly the same moment, in any order: a time only ever
// moves forward, and the reason kept is the one of the latest error.
export async function recordSuccess(db: Db, system: IntegrationSystem, address: string, at: Date) {
  await db
    .insert(integrationStatus)
    .values({ system, address, lastSuccessAt: at })
    .onConflictDoUpdate({
      target: [integrationStatus.system, integrationStatus.address],
      set: { lastSuccessAt: sql`greatest(${integrationStatus.lastSuccessAt}, excluded.last_success_at)` },
    });
}

export async function recordFailure(
  db: Db,
  system: IntegrationSystem,
  address: string,
  at: Date,
  reason: string,
) {
  await db
    .insert(integrationStatus)
    .values({ system, address, lastErrorAt: at, lastError: reason })
    .onConflictDoUpdate({
      target: [integrationStatus.system, integrationStatus.address],
      set: {
        lastError: sql`case when ${integrationStatus.lastErrorAt} is null
          or excluded.last_error_at >= ${integrationStatus.lastErrorAt}
          then excluded.last_error else ${integrationStatus.lastError} end`,
        lastErrorAt: sql`greatest(${integrationStatus.lastErrorAt}, excluded.last_error_at)`,
      },
    });
}

export type IntegrationStatusRow = typeof integrationStatus.$inferSelect;

// A handful of rows (one per system and address ever configured).
export async function listStatuses(db: Db): Promise<IntegrationStatusRow[]> {
  return db.select().from(integrationStatus);
}
