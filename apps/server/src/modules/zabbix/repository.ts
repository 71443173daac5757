import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { zabbixMutes } from '../../db/schema/zabbix';

// The portal's mute records (no customer owns them: the permission alone guards them).

export type MuteRow = typeof zabbixMutes.$inferSelect;

const running = isNull(zabbixMutes.endedAt);

export async function findRunningMute(db: DbOrTx, triggerId: string): Promise<MuteRow | null> {
  const rows = await db
    .select()
    .from(zabbixMutes)
    .where(and(eq(zabbixMutes.triggerId, triggerId), running))
    .limit(1);
  return rows[0] ?? null;
}

// Every running mute, or those of the given triggers, soonest to end first.
export async function listRunningMutes(db: DbOrTx, triggerIds?: string[]): Promise<MuteRow[]> {
  if (triggerIds?.length === 0) return [];
  return db
    .select()
    .from(zabbixMutes)
    .where(and(running, triggerIds ? inArray(zabbixMutes.triggerId, triggerIds) : undefined))
    .orderBy(zabbixMutes.until, zabbixMutes.muteId);
}

export async function listDueMutes(db: DbOrTx, now: Date): Promise<MuteRow[]> {
  return db
    .select()
    .from(zabbixMutes)
    .where(and(running, lte(zabbixMutes.until, now)))
    .orderBy(zabbixMutes.until);
}

export async function insertMuteRow(db: DbOrTx, values: typeof zabbixMutes.$inferInsert) {
  const rows = await db.insert(zabbixMutes).values(values).returning();
  return rows[0]!;
}

// Ends a running mute; false when it had already ended (two callers racing: only one ends it).
export async function endMuteRow(db: DbOrTx, muteId: number, endedBy: number | null, at: Date) {
  const rows = await db
    .update(zabbixMutes)
    .set({ endedAt: at, endedBy })
    .where(and(eq(zabbixMutes.muteId, muteId), running))
    .returning({ muteId: zabbixMutes.muteId });
  return rows.length > 0;
}
