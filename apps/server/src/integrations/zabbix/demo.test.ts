import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { type DemoZabbixHost, simulatedZabbix } from './demo';

// The demo's Zabbix given its hosts by the caller (the equipment shelves, later), instead of the PoP
// routers it reads by default (covered through the app in modules/zabbix/zabbix.test.ts).
describe('the demo Zabbix with hosts from the caller', () => {
  const shelves: DemoZabbixHost[] = [
    {
      host: 'shelf-eastbrook-01',
      name: 'Eastbrook PoP shelf 1',
      triggers: [
        { description: 'Loss of signal on 1/1/1 of {HOST.NAME}', priority: 4, problem: true },
        { description: 'Fan tray failed on {HOST.NAME}', priority: 2, problem: false },
      ],
    },
    {
      host: 'shelf-westgate-01',
      name: 'Westgate PoP shelf 1',
      triggers: [{ description: 'Power supply 1 failed on {HOST.NAME}', priority: 5, problem: true }],
    },
  ];

  it('loads them once, on first use, and raises the problems they name', async () => {
    let loads = 0;
    const db = {} as Db;
    const zabbix = simulatedZabbix(db, async (given) => {
      expect(given).toBe(db);
      loads += 1;
      return shelves;
    });
    expect(loads).toBe(0);
    const problems = await zabbix.listProblems();
    expect(problems.map((p) => [p.host, p.name, p.severity, p.acknowledged]).sort()).toEqual([
      ['shelf-eastbrook-01', 'Loss of signal on 1/1/1 of Eastbrook PoP shelf 1', 4, false],
      ['shelf-westgate-01', 'Power supply 1 failed on Westgate PoP shelf 1', 5, false],
    ]);
    expect((await zabbix.searchTriggers('Eastbrook', 50)).length).toBe(2);
    expect(loads).toBe(1);
  });

  it('tries the loader again after it failed', async () => {
    let calls = 0;
    const zabbix = simulatedZabbix({} as Db, async () => {
      calls += 1;
      if (calls === 1) throw new Error('database not ready');
      return shelves;
    });
    await expect(zabbix.listProblems()).rejects.toThrow('database not ready');
    expect(await zabbix.listProblems()).toHaveLength(2);
  });
});
