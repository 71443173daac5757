import type { MutedTrigger, ZabbixTrigger } from '@lightpath/domain/zabbix-triggers';

// Shared by the Zabbix triggers page's and lists' tests: triggers as the API answers them.
export const psu: ZabbixTrigger = {
  triggerid: '23201',
  host: 'S0002pe',
  hostname: 'Eastbrook PoP PE router',
  description: 'Power supply 2 failed on Eastbrook PoP PE router',
  severity: 'major',
  enabled: true,
  problem: true,
  mute: null,
};

export const mutedPsu: MutedTrigger = {
  triggerid: '23206',
  host: 'S0003pe',
  hostname: 'Westvale PoP PE router',
  description: 'Loss of signal on xe-0/0/1 of Westvale PoP PE router',
  severity: 'critical',
  mutedby: 'Priya Raman',
  since: 1_790_000_000,
  until: 1_790_043_200,
  reason: 'Flapping optic, replaced in the morning',
};
