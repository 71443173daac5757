import { describe, expect, it } from 'vitest';
import {
  awxJobEnded,
  awxJobStatuses,
  awxJobStatusTone,
  awxLaunchSchema,
  awxMessages,
  awxOperationInfo,
  awxOperations,
  launchProblem,
  maxDevicesPerJob,
} from './awx';

describe('device operations', () => {
  it('describe every operation of spec 7.7 once', () => {
    expect(awxOperations).toHaveLength(25);
    expect(Object.keys(awxOperationInfo).sort()).toEqual([...awxOperations].sort());
  });

  it('ask for confirmation exactly for the operations that change a device or NetBox', () => {
    const changing = awxOperations.filter((operation) => awxOperationInfo[operation].changes);
    expect(changing.sort()).toEqual([
      'run/bounceport',
      'run/clearmactable',
      'run/resetipsec',
      'run/update/netbox',
    ]);
  });

  it.each([
    [
      'run/bounceport',
      { equipmentarray: [{ equipmentid: 1, port: 'xe-0/0/1' }] },
      awxMessages.confirmRequired,
    ],
    ['run/bounceport', { equipmentarray: [{ equipmentid: 1, port: 'xe-0/0/1' }], confirmed: true }, null],
    ['show/uptime', { equipmentarray: [{ equipmentid: 1 }] }, null],
    ['show/logsfiltered', { equipmentarray: [{ equipmentid: 1 }] }, awxMessages.filterRequired],
    ['show/logsfiltered', { equipmentarray: [{ equipmentid: 1 }], filter: 'LINK' }, null],
  ] as const)('%s with %j: %s', (operation, body, problem) => {
    expect(launchProblem(operation, awxLaunchSchema.parse(body))).toBe(problem);
  });

  it.each([
    [{}, awxMessages.noDevices],
    [{ equipmentarray: [] }, awxMessages.noDevices],
    [{ equipmentarray: [{ equipmentid: 1 }, { equipmentid: 1 }] }, awxMessages.duplicateDevice],
    [
      { equipmentarray: Array.from({ length: maxDevicesPerJob + 1 }, (_, i) => ({ equipmentid: i + 1 })) },
      awxMessages.tooManyDevices,
    ],
    [{ equipmentarray: [{ equipmentid: 'one' }] }, 'Each device needs its equipment id'],
    [{ equipmentarray: [{ equipmentid: 1, extra: true }] }, 'Unrecognized key: "extra"'],
  ])('refuse %j with "%s"', (body, message) => {
    const parsed = awxLaunchSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});

describe('job states', () => {
  it('colour successful green, failed red and every other state amber (spec 3)', () => {
    expect(awxJobStatuses.map((status) => [status, awxJobStatusTone(status)])).toEqual([
      ['new', 'warning'],
      ['pending', 'warning'],
      ['waiting', 'warning'],
      ['running', 'warning'],
      ['successful', 'success'],
      ['failed', 'danger'],
      ['error', 'warning'],
      ['canceled', 'warning'],
    ]);
  });

  it('end a job in successful, failed, error and canceled only', () => {
    expect(awxJobStatuses.filter(awxJobEnded)).toEqual(['successful', 'failed', 'error', 'canceled']);
  });
});
