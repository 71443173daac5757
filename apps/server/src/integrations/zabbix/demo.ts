import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { sites } from '../../db/schema/inventory';
import { zabbixSimulator } from './simulator';
import type { Zabbix } from './zabbix';
import { zabbixApi } from './zabbix-api';

// A host the demo's Zabbix monitors, with its triggers; `problem` puts a trigger in the problem state
// from the start (one open problem, begun an hour before the first call).
export type DemoZabbixHost = {
  // The technical host name: what the portal's devices and shelves are named.
  host: string;
  // The visible name.
  name: string;
  triggers: { description: string; priority: number; problem: boolean }[];
};

// Reads, from the portal's own data, the hosts the demo's Zabbix is given on first use.
export type DemoZabbixHostLoader = (db: Db) => Promise<DemoZabbixHost[]>;

// The default: a host for the provider edge router of each PoP and exchange (the `S0002pe` devices the
// services' B-end ports name) with the triggers a NOC sees every day, a few of them in the problem state.
export const popRouterHosts: DemoZabbixHostLoader = async (db) => {
  const rows = await db
    .select({ siteNumber: sites.siteNumber, siteName: sites.siteName })
    .from(sites)
    .innerJoin(customers, eq(customers.customerId, sites.customerId))
    .where(and(eq(customers.isProvider, true), inArray(sites.siteType, [1, 5])))
    .orderBy(sites.siteNumber);
  return rows.map((site, i) => ({
    host: `${site.siteNumber}pe`,
    name: `${site.siteName} PE router`,
    triggers: [
      { description: 'High CPU utilisation on {HOST.NAME}', priority: 3, problem: i % 7 === 3 },
      { description: 'Power supply 2 failed on {HOST.NAME}', priority: 4, problem: i % 11 === 5 },
      { description: 'Loss of signal on xe-0/0/1 of {HOST.NAME}', priority: 4, problem: i % 5 === 1 },
      { description: 'Fan tray 1 failed on {HOST.NAME}', priority: 2, problem: false },
      { description: '{HOST.NAME} is unreachable by ICMP ping', priority: 5, problem: false },
    ],
  }));
};

// The portal's Zabbix when ZABBIX_URL is not set: the real client against the simulator, which is given
// the hosts `loadHosts` reads, on first use (so the database is seeded by then).
export function simulatedZabbix(db: Db, loadHosts: DemoZabbixHostLoader = popRouterHosts): Zabbix {
  const simulator = zabbixSimulator();
  let loaded: Promise<void> | null = null;
  const load = async () => {
    for (const host of await loadHosts(db)) simulator.addHost(host.host, host.name, host.triggers);
  };
  const client = zabbixApi({
    url: simulator.url,
    fetch: simulator.fetch,
    username: 'Admin',
    password: 'zabbix',
  });
  const ready = () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = null;
      throw error;
    });
    return loaded;
  };
  // Every call waits for the demo hosts first.
  const after =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      await ready();
      return call(...args);
    };
  return {
    version: client.version,
    searchTriggers: after(client.searchTriggers),
    getTriggers: after(client.getTriggers),
    mute: after(client.mute),
    unmute: after(client.unmute),
    listProblems: after(client.listProblems),
  };
}
