import type { MutedTrigger } from '@lightpath/domain/zabbix-triggers';
import { and, eq, isNull, lte } from 'drizzle-orm';
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

export async function listRunningMutes(db: DbOrTx, triggerIds?: string[]): Promise<MuteRow[]> {
  const rows = await db
    .select()
    .from(zabbixMutes)
    .where(running)
    .orderBy(zabbixMutes.until, zabbixMutes.muteId);
  return triggerIds ? rows.filter((r) => triggerIds.includes(r.triggerId)) : rows;
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

export function toMutedTrigger(
  row: MuteRow,
  levelOf: (priority: number) => MutedTrigger['severity'],
): MutedTrigger {
  return {
    triggerid: row.triggerId,
    host: row.host,
    hostname: row.hostName,
    description: row.description,
    severity: levelOf(row.priority),
    mutedby: row.mutedByName,
    since: Math.floor(row.since.getTime() / 1000),
    until: Math.floor(row.until.getTime() / 1000),
    reason: row.reason,
  };
}
