import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

// The portal's record of each Zabbix trigger mute (docs/decisions/025): Zabbix keeps only the disabled
// state, so who muted it, why, since and until live here. A row stays after the mute ends (ended_at),
// by someone (ended_by) or by its time running out (ended_by null), for the history.
export const zabbixMutes = pgTable(
  'zabbix_mutes',
  {
    muteId: serial('mute_id').primaryKey(),
    triggerId: text('trigger_id').notNull(),
    host: text('host').notNull(),
    hostName: text('host_name').notNull(),
    description: text('description').notNull(),
    priority: smallint('priority').notNull(),
    // The name is kept as well, so the list still says who muted it after that user is deleted.
    mutedBy: integer('muted_by').references(() => users.userId, { onDelete: 'set null' }),
    mutedByName: text('muted_by_name').notNull(),
    reason: text('reason').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
    until: timestamp('until', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: integer('ended_by').references(() => users.userId, { onDelete: 'set null' }),
  },
  (t) => [
    // One running mute per trigger.
    uniqueIndex('zabbix_mutes_running_key').on(t.triggerId).where(sql`${t.endedAt} is null`),
    index('zabbix_mutes_due_idx').on(t.until).where(sql`${t.endedAt} is null`),
  ],
);
