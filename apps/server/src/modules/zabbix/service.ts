import {
  alarmLevelOf,
  type MutedTrigger,
  type ZabbixMute,
  type ZabbixTrigger,
  type ZabbixTriggerSearch,
  type ZabbixUnmute,
  zabbixTriggerMessages,
} from '@lightpath/domain/zabbix-triggers';
import { type ZabbixTrigger as RawTrigger, ZabbixError } from '../../integrations/zabbix/zabbix';
import { type AuditWitness, recordAudit } from '../../platform/audit';
import { startBackgroundJob } from '../../platform/background-job';
import { AppError, Conflict, NotFound } from '../../platform/errors';
import type { Dependencies, ServiceContext } from '../../platform/service-context';
import {
  endMuteRow,
  findRunningMute,
  insertMuteRow,
  listDueMutes,
  listRunningMutes,
  type MuteRow,
} from './repository';

// Zabbix down or not answering: 502 with a message the page can show, never a 500 or a spinner.
export class ZabbixUnavailable extends AppError {
  constructor() {
    super(502, zabbixTriggerMessages.unavailable);
  }
}

// Zabbix answered with an error (its portal user may not change the trigger, say): still Zabbix's
// doing, so 502, with Zabbix's own words ('Zabbix refused trigger.update: No permissions …').
export class ZabbixRefused extends AppError {
  constructor(error: ZabbixError) {
    super(502, error.message);
  }
}

async function fromZabbix<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ZabbixError)) throw error;
    throw error.kind === 'unavailable' ? new ZabbixUnavailable() : new ZabbixRefused(error);
  }
}

// Who muted, since and until when, and why: the same fields on a found trigger and in the muted list.
const muteOf = (row: MuteRow) => ({
  mutedby: row.mutedByName,
  since: Math.floor(row.since.getTime() / 1000),
  until: Math.floor(row.until.getTime() / 1000),
  reason: row.reason,
});

const toMutedTrigger = (row: MuteRow): MutedTrigger => ({
  triggerid: row.triggerId,
  host: row.host,
  hostname: row.hostName,
  description: row.description,
  severity: alarmLevelOf(row.priority),
  ...muteOf(row),
});

function toTrigger(trigger: RawTrigger, mute: MuteRow | undefined): ZabbixTrigger {
  return {
    triggerid: trigger.triggerid,
    host: trigger.host.host,
    hostname: trigger.host.name,
    description: trigger.description,
    severity: alarmLevelOf(trigger.priority),
    enabled: trigger.enabled,
    problem: trigger.problem,
    mute: mute ? muteOf(mute) : null,
  };
}

// POST /zabbix/trigger/search: triggers whose host or name contains the text, each with its running mute.
export async function searchTriggers(ctx: ServiceContext, input: ZabbixTriggerSearch) {
  const found = await fromZabbix(() => ctx.zabbix.searchTriggers(input.q, 50));
  const mutes = await listRunningMutes(
    ctx.db,
    found.map((t) => t.triggerid),
  );
  const byTrigger = new Map(mutes.map((m) => [m.triggerId, m]));
  const results = found.map((t) => toTrigger(t, byTrigger.get(t.triggerid)));
  return { count: results.length, results };
}

// GET /zabbix/trigger/muted: the running mutes, soonest to end first. Read from the portal's records, so
// the list shows even while Zabbix is unreachable.
export async function listMutedTriggers(ctx: ServiceContext) {
  const results = (await listRunningMutes(ctx.db)).map(toMutedTrigger);
  return { count: results.length, results };
}

export async function muteTrigger(ctx: ServiceContext, input: ZabbixMute) {
  const { actor, user } = ctx.caller;
  if (await findRunningMute(ctx.db, input.triggerid)) throw new Conflict(zabbixTriggerMessages.alreadyMuted);
  const [trigger] = await fromZabbix(() => ctx.zabbix.getTriggers([input.triggerid]));
  if (!trigger) throw new NotFound(zabbixTriggerMessages.triggerNotFound);
  await fromZabbix(() => ctx.zabbix.mute(input.triggerid));
  const now = new Date();
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertMuteRow(tx, {
      triggerId: trigger.triggerid,
      host: trigger.host.host,
      hostName: trigger.host.name,
      description: trigger.description,
      priority: trigger.priority,
      mutedBy: actor.userId,
      mutedByName: `${user.firstname} ${user.surname}`.trim(),
      reason: input.reason,
      since: now,
      until: new Date(now.getTime() + input.minutes * 60_000),
    });
    await recordAudit(tx, ctx, {
      action: 'zabbix.mute',
      entity: 'zabbix_trigger',
      entityId: trigger.triggerid,
      detail: {
        host: trigger.host.host,
        description: trigger.description,
        minutes: input.minutes,
        reason: input.reason,
      },
    });
    return inserted;
  });
  return toTrigger({ ...trigger, enabled: false }, row);
}

export async function unmuteTrigger(ctx: ServiceContext, input: ZabbixUnmute) {
  const mute = await findRunningMute(ctx.db, input.triggerid);
  if (!mute) throw new NotFound(zabbixTriggerMessages.notMuted);
  await fromZabbix(() => ctx.zabbix.unmute(input.triggerid));
  await ctx.db.transaction(async (tx) => {
    if (!(await endMuteRow(tx, mute.muteId, ctx.caller.actor.userId, new Date())))
      throw new NotFound(zabbixTriggerMessages.notMuted);
    await recordAudit(tx, ctx, {
      action: 'zabbix.unmute',
      entity: 'zabbix_trigger',
      entityId: input.triggerid,
      detail: { host: mute.host, description: mute.description, until: mute.until.toISOString() },
    });
  });
}

// The job writes its audit entries with no user.
const system: AuditWitness = { caller: null, clientIp: 'system' };

// Ends a mute on the job's behalf (no user), audited as `action`; false when another instance or a user
// ended it first.
async function endMuteAsJob(
  db: Dependencies['db'],
  mute: MuteRow,
  now: Date,
  action: string,
  reason?: string,
) {
  return db.transaction(async (tx) => {
    if (!(await endMuteRow(tx, mute.muteId, null, now))) return false;
    await recordAudit(tx, system, {
      action,
      entity: 'zabbix_trigger',
      entityId: mute.triggerId,
      detail: {
        host: mute.host,
        description: mute.description,
        until: mute.until.toISOString(),
        ...(reason ? { reason } : {}),
      },
    });
    return true;
  });
}

// The job: every mute whose time is up is unmuted in Zabbix and ended, audited with no user. A mute
// Zabbix cannot be reached for stays running and is tried again on the next round.
export async function endDueMutes(deps: Pick<Dependencies, 'db' | 'zabbix' | 'log'>, now = new Date()) {
  let ended = 0;
  for (const mute of await listDueMutes(deps.db, now)) {
    try {
      await deps.zabbix.unmute(mute.triggerId);
    } catch (error) {
      deps.log.warn({ err: error, triggerid: mute.triggerId }, 'could not end a Zabbix mute; will retry');
      continue;
    }
    if (await endMuteAsJob(deps.db, mute, now, 'zabbix.unmute.expired')) ended += 1;
  }
  return ended;
}

// The job's other half: a mute whose trigger someone enabled again in Zabbix itself (not through the
// portal) is over, so the portal's record ends too, audited with no user and the reason. While Zabbix
// cannot be reached, or refuses the read, nothing is known and every record stays as it is. Ending is
// the same conditional update, so of two instances, or the job and a user's Unmute, only one ends it.
export async function endReenabledMutes(deps: Pick<Dependencies, 'db' | 'zabbix' | 'log'>, now = new Date()) {
  const mutes = await listRunningMutes(deps.db);
  if (mutes.length === 0) return 0;
  let triggers: RawTrigger[];
  try {
    triggers = await deps.zabbix.getTriggers(mutes.map((m) => m.triggerId));
  } catch (error) {
    deps.log.warn({ err: error }, 'could not read the muted triggers from Zabbix; will retry');
    return 0;
  }
  // A trigger Zabbix no longer answers for (deleted, or out of the portal user's sight) is not known to be
  // enabled: its mute is left to end at its time.
  const enabled = new Set(triggers.filter((t) => t.enabled).map((t) => t.triggerid));
  let ended = 0;
  for (const mute of mutes.filter((m) => enabled.has(m.triggerId))) {
    const reason = 'The trigger was enabled again in Zabbix, not through the portal.';
    if (await endMuteAsJob(deps.db, mute, now, 'zabbix.unmute.reenabled', reason)) ended += 1;
  }
  return ended;
}

// Every minute and at start-up (mutes that ran out while the portal was down end at once).
export function startMuteExpiry(
  deps: Pick<Dependencies, 'db' | 'zabbix' | 'log'>,
  options: { intervalMs?: number } = {},
): () => void {
  const round = async () => {
    // Re-enabled ones first: a mute Zabbix already ended is recorded as that, not as run out.
    await endReenabledMutes(deps);
    await endDueMutes(deps);
  };
  return startBackgroundJob('Zabbix mute expiry', deps.log, round, options.intervalMs ?? 60_000);
}
