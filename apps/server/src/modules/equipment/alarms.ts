import { portIdOf } from '@lightpath/domain/equipment';
import { alarmLevelOf } from '@lightpath/domain/zabbix-triggers';
import { ZabbixError, type ZabbixProblem } from '../../integrations/zabbix/zabbix';
import { startBackgroundJob } from '../../platform/background-job';
import type { Dependencies } from '../../platform/service-context';
import { type AlarmRow, readAlarmRows, readShelvesNamed, replaceAlarms } from './repository';

// Alarms on shelves are Zabbix's current problems on the host of the same name (issue 14). The job
// copies them into equipment_alarms each minute, so the shelf lists can count, filter and sort by them
// without asking Zabbix on every request; a problem that ended in Zabbix leaves the table on the next
// round. When Zabbix cannot be reached the last alarms stay as they were rather than vanishing.

// 'Loss of signal on xe-0/0/1 of S0002pe' names a port: Junos writes slashes, port ids have dashes.
const interfaceInName = /\b((?:ge|xe|et)-\d+\/\d+\/\d+)\b/;

export function alarmRowsOf(
  problems: ZabbixProblem[],
  shelfByName: Map<string, { shelfId: number; name: string }>,
): AlarmRow[] {
  const rows: AlarmRow[] = [];
  for (const problem of problems) {
    const shelf = shelfByName.get(problem.host.toLowerCase());
    if (!shelf) continue;
    const named = interfaceInName.exec(problem.name)?.[1];
    rows.push({
      eventId: problem.eventid,
      shelfId: shelf.shelfId,
      triggerId: problem.triggerid,
      level: alarmLevelOf(problem.severity),
      description: problem.name,
      raisedAt: new Date(problem.clock * 1000),
      acknowledged: problem.acknowledged,
      portId: named ? portIdOf(shelf.name, named.replaceAll('/', '-')) : null,
    });
  }
  return rows;
}

export async function syncAlarms(deps: Pick<Dependencies, 'db' | 'zabbix' | 'log'>) {
  let problems: ZabbixProblem[];
  try {
    problems = await deps.zabbix.listProblems();
  } catch (error) {
    if (!(error instanceof ZabbixError)) throw error;
    deps.log.warn({ err: error }, 'Zabbix problems could not be read; the alarms stay as they were');
    return null;
  }
  const hosts = [...new Set(problems.map((p) => p.host.toLowerCase()))];
  const shelves = await readShelvesNamed(deps.db, hosts);
  const wanted = alarmRowsOf(problems, new Map(shelves.map((s) => [s.name.toLowerCase(), s])));
  const held = await readAlarmRows(deps.db);
  return replaceAlarms(deps.db, held, wanted);
}

export function startAlarmSync(
  deps: Pick<Dependencies, 'db' | 'zabbix' | 'log'>,
  options: { intervalMs?: number } = {},
) {
  return startBackgroundJob(
    'Zabbix alarm sync',
    deps.log,
    () => syncAlarms(deps),
    options.intervalMs ?? 60_000,
  );
}
