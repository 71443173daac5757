import { awxOperations } from '@lightpath/domain/awx';
import { describe, expect, it } from 'vitest';
import { launchLabel, operationGroups } from './operation-groups';

describe('operation groups', () => {
  it('puts every operation in exactly one of run, get and show', () => {
    expect(operationGroups.map((g) => g.label)).toEqual(['Run', 'Get', 'Show']);
    expect(operationGroups.flatMap((g) => g.operations).sort()).toEqual([...awxOperations].sort());
    expect(operationGroups[1]?.operations).toEqual(['get/config', 'get/rsi', 'get/log', 'get/varlog']);
  });

  it('names what the launch does and on how many devices', () => {
    expect(launchLabel('run/bounceport', 1)).toBe('Bounce port on 1 device');
    expect(launchLabel('run/clearmactable', 3)).toBe('Clear MAC table on 3 devices');
    expect(launchLabel('show/uptime', 2)).toBe('Show Uptime on 2 devices');
    expect(launchLabel('get/config', 1)).toBe('Get Configuration on 1 device');
    expect(launchLabel('run/juniperinventory/full', 2)).toBe('Run Juniper inventory (full) on 2 devices');
  });
});
