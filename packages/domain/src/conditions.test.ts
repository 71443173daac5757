import { describe, expect, it } from 'vitest';
import {
  type ServiceCondition,
  serviceConditionDisplay,
  serviceConditionFrom,
  siteConditionLabel,
  siteConditionOf,
  siteConditionOfServices,
  siteImpact,
} from './conditions';
import type { EventWindow } from './events';

const now = 1_800_000_000;
const hour = 3600;
const outage: EventWindow = { type: 3, starttime: now - hour, endtime: null };
const works: EventWindow = { type: 1, starttime: now - hour, endtime: now + hour };
const hazard: EventWindow = { type: 2, starttime: now - hour, endtime: now + hour };

describe('serviceConditionFrom', () => {
  it.each<[string, EventWindow[], ServiceCondition]>([
    ['no events', [], 0],
    ['an ongoing outage', [outage], 3],
    ['current works', [works], 1],
    ['a current hazard', [hazard], 2],
    ['works and hazard: works outrank', [hazard, works], 1],
    ['outage outranks works and hazard', [works, outage, hazard], 3],
    ['future works', [{ type: 1, starttime: now + hour, endtime: now + 2 * hour }], 0],
    ['ended works', [{ type: 1, starttime: now - 2 * hour, endtime: now - hour }], 0],
    ['an outage that has ended', [{ type: 3, starttime: now - 2 * hour, endtime: now - 1 }], 0],
    ['an outage with end time zero', [{ type: 3, starttime: now - hour, endtime: 0 }], 3],
    ['an outage that has not started', [{ type: 3, starttime: now + 60, endtime: null }], 0],
  ])('%s', (_label, events, expected) => {
    expect(serviceConditionFrom(events, now)).toBe(expected);
  });
});

describe('siteConditionOf', () => {
  it.each<[string, number, ServiceCondition[], number]>([
    ['no services', 1, [], 0],
    ['all normal', 1, [0, 0], 0],
    ['some in works', 1, [1, 0, 0], 1],
    ['some in hazard', 1, [2, 0], 2],
    ['some in outage', 1, [3, 0, 0], 3],
    ['outage outranks works when partial', 1, [3, 1, 0], 3],
    ['all in hazard', 1, [2, 2], 4],
    ['all in works', 1, [1, 1], 5],
    ['all in works or hazard: offline due to works', 1, [1, 2], 5],
    ['all affected, one by an outage', 1, [3, 2, 1], 6],
    ['all in outage', 1, [3], 6],
    ['VPLS all but one in outage counts as all', 2, [3, 3, 0], 6],
    ['VPLS all but one in works', 2, [1, 0], 5],
    ['physical site all but one is only partial', 1, [3, 3, 0], 3],
    ['VPLS with a single normal service', 2, [0], 0],
    ['VPLS with two of four affected stays partial', 2, [3, 3, 0, 0], 3],
  ])('%s', (_label, sitetype, services, expected) => {
    expect(siteConditionOfServices(sitetype, services)).toBe(expected);
  });

  it('reads counts directly', () => {
    expect(siteConditionOf({ sitetype: 1, total: 5, maintenance: 0, atRisk: 0, offline: 5 })).toBe(6);
  });
});

describe('serviceConditionDisplay', () => {
  // Issue 12: deprovisioned services showed a green Normal.
  it('reads a deprovisioned service as Deprovisioned in grey, whatever its events', () => {
    expect(serviceConditionDisplay(0, 0)).toEqual({ name: 'Deprovisioned', colour: 'gray' });
    expect(serviceConditionDisplay(3, 0)).toEqual({ name: 'Deprovisioned', colour: 'gray' });
  });

  it('reads an active or planned service by its condition', () => {
    expect(serviceConditionDisplay(0, 1)).toEqual({ name: 'Normal', colour: 'green' });
    expect(serviceConditionDisplay(3, 1)).toEqual({ name: 'Offline', colour: 'red' });
    expect(serviceConditionDisplay(1, 2)).toEqual({ name: 'Maintenance', colour: 'blue' });
  });
});

describe('siteConditionLabel and siteImpact', () => {
  it('shows a disabled site as Disabled rather than Online', () => {
    expect(siteConditionLabel(0, 0)).toBe('Disabled');
    expect(siteConditionLabel(0, 1)).toBe('Online');
    expect(siteConditionLabel(6, 1)).toBe('Offline due to a network outage');
  });

  it.each([
    [0, 'online'],
    [1, 'impacted'],
    [3, 'impacted'],
    [4, 'offline'],
    [6, 'offline'],
  ] as const)('condition %i reads %s', (condition, impact) => {
    expect(siteImpact(condition)).toBe(impact);
  });
});
