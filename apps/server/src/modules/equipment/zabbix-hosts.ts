import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/statements';
import type { DemoZabbixHost } from '../../integrations/zabbix/demo';

// The demo's Zabbix monitors every shelf (decisions.md: simulators are consistent with the portal's
// data). Each shelf has the triggers a NOC sees every day, a few in the problem state by the shelf's
// place in the list; and a port that carries a service hit by an ongoing outage (type 3, no end) has a
// loss-of-signal problem, so the shelves of a service that reads DOWN carry an alarm for it.
export async function shelfHosts(db: Db): Promise<DemoZabbixHost[]> {
  const shelves = await db.execute(
    sql`select sh.name, st.site_name as site, sh.model
     from shelves sh join sites st on st.site_id = sh.site_id order by sh.shelf_id`,
  );
  const down = await db.execute(
    sql`select p.shelf_name as name, p.port_name as port from (
       select sh.name as shelf_name, ep.name as port_name, ep.port_id
       from equipment_ports ep join shelves sh on sh.shelf_id = ep.shelf_id) p
     where p.port_id in (
       select s.a_end_port_id from services s join event_services es on es.service_id = s.service_id
         join events e on e.event_id = es.event_id
         where e.type = 3 and e.end_time is null and e.start_time <= now()
       union
       select s.b_end_port_id from services s join event_services es on es.service_id = s.service_id
         join events e on e.event_id = es.event_id
         where e.type = 3 and e.end_time is null and e.start_time <= now())`,
  );
  const downPorts = new Map<string, string[]>();
  for (const row of rowsOf<{ name: string; port: string }>(down))
    downPorts.set(row.name, [...(downPorts.get(row.name) ?? []), row.port]);
  return rowsOf<{ name: string; site: string; model: string }>(shelves).map((shelf, i) => ({
    host: shelf.name,
    // The visible name leads with the site, as the NOC searches by place.
    name: `${shelf.site} ${shelf.name} (${shelf.model})`,
    triggers: [
      { description: 'High CPU utilisation on {HOST.NAME}', priority: 3, problem: i % 7 === 3 },
      { description: 'Power supply 2 failed on {HOST.NAME}', priority: 4, problem: i % 11 === 5 },
      { description: 'Fan tray 1 failed on {HOST.NAME}', priority: 2, problem: i % 13 === 8 },
      { description: '{HOST.NAME} is unreachable by ICMP ping', priority: 5, problem: i % 41 === 20 },
      ...(downPorts.get(shelf.name) ?? []).map((port) => ({
        description: `Loss of signal on ${junosName(port)} of {HOST.NAME}`,
        priority: 4,
        problem: true,
      })),
    ],
  }));
}

// Port ids write the interface with dashes; Junos and its alarms write xe-1/0/5.
function junosName(port: string): string {
  return port.replace(/^((?:ge|xe|et)-\d+)-(\d+)-(\d+)$/, '$1/$2/$3');
}
