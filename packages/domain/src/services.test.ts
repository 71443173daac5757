import { describe, expect, it } from 'vitest';
import {
  buildServiceId,
  defaultSpeedFor,
  hasLogicalBEnd,
  isValidServiceId,
  parseServiceId,
  patchingSchema,
  serviceCreateSchema,
  serviceGroupOf,
  serviceMessages,
  serviceStatusName,
  serviceTypeOf,
  usageLabel,
} from './services';

describe('service types (spec 3)', () => {
  it.each([
    ['UNG0012004701A', 'A', 'Unmanaged', 'unmanaged'],
    ['UNG0012004701Q', 'Q', 'Unmanaged', 'unmanaged'],
    ['UNG0012004701Z', 'Z', 'Unmanaged', 'unmanaged'],
    ['UNG0012004701B', 'B', 'Managed 1G', 'managed'],
    ['UNG0012004701C', 'C', 'Fibre Channel', 'managed'],
    ['UNG0012004701D', 'D', 'Managed 10G', 'managed'],
    ['UNG0012004701E', 'E', 'Layer 2 Ethernet', 'managed'],
    ['UNG0012004701F', 'F', 'VPLS Connection', 'vpls'],
    ['UNG0012004701G', 'G', 'Layer 3 Service', 'l3vpn'],
    ['UNG0012004701H', 'H', 'Internet', 'internet'],
    ['UNG0012004701W', 'W', 'Internet over VPLS', 'vpls'],
  ])('%s is %s %s in group %s', (id, letter, name, group) => {
    const type = serviceTypeOf(id);
    expect(type).toMatchObject({ letter, name });
    expect(type.colour).toBeTruthy();
    expect(serviceGroupOf(letter)).toBe(group);
  });

  it('an unknown or missing letter is Undefined', () => {
    expect(serviceTypeOf('UNG0012004701X')).toMatchObject({ letter: null, name: 'Undefined' });
    expect(serviceTypeOf('')).toMatchObject({ letter: null, name: 'Undefined' });
    expect(serviceGroupOf('X')).toBeNull();
  });

  it('status 0 is disabled, 2 in planning, anything else active', () => {
    expect(serviceStatusName(0)).toBe('Disabled');
    expect(serviceStatusName(2)).toBe('In Planning');
    expect(serviceStatusName(1)).toBe('Active');
    expect(serviceStatusName(7)).toBe('Active');
  });
});

describe('service ids (spec 5, decisions.md)', () => {
  it('builds code + A site + B site + two-digit sequence + letter', () => {
    expect(buildServiceId({ code: 'UNG', asite: 'S0012', bsite: '47', sequence: 1, letter: 'B' })).toBe(
      'UNG0012004701B',
    );
  });

  it('parses a valid id into its parts', () => {
    expect(parseServiceId('UNG0012004701B')).toEqual({
      code: 'UNG',
      asite: '0012',
      bsite: '0047',
      sequence: 1,
      letter: 'B',
    });
  });

  it.each([
    ['UNG0000004701B', 'site A number 0'],
    ['UNG0012000001B', 'site B number 0'],
    ['UNG0012004700B', 'sequence 0'],
    ['UNG0012004701X', 'unknown letter'],
    ['UNG001200470B', 'too short'],
    ['UNG00120047011B', 'too long'],
    ['ung0012004701b', 'lower case'],
    ['UN-0012004701B', 'punctuation in the code'],
    ['', 'empty'],
  ])('refuses %j (%s)', (id) => {
    expect(isValidServiceId(id)).toBe(false);
  });

  it('speed hints: B prefills 1G, D 10G, others none', () => {
    expect(defaultSpeedFor('B')).toBe('1G');
    expect(defaultSpeedFor('D')).toBe('10G');
    expect(defaultSpeedFor('H')).toBeNull();
  });

  it('F, G and H have a logical B end without patching', () => {
    expect(['F', 'G', 'H'].every(hasLogicalBEnd)).toBe(true);
    expect(['A', 'B', 'W', 'E'].some(hasLogicalBEnd)).toBe(false);
  });
});

describe('serviceCreateSchema (spec 5 messages)', () => {
  const valid = {
    serviceid: 'UNG0012004701B',
    customerid: 2,
    aendsiteid: 10,
    bendsiteid: 1,
    description: 'Managed 1G',
    diversity: 'Primary',
    status: 1,
    provisiondate: '2026-11-01',
  };
  const messagesOf = (input: unknown) => {
    const result = serviceCreateSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('accepts a complete service and upper-cases its id', () => {
    expect(serviceCreateSchema.parse({ ...valid, serviceid: 'ung0012004701b' }).serviceid).toBe(
      'UNG0012004701B',
    );
  });

  it.each([
    [{ serviceid: 'UNG0012004700B' }, serviceMessages.idInvalid],
    [{ provisiondate: undefined }, serviceMessages.provisionDateMissing],
    [{ provisiondate: '01/11/2026' }, serviceMessages.provisionDateMissing],
    [{ customerid: undefined }, serviceMessages.customerMissing],
    [{ diversity: undefined }, serviceMessages.diversityEmpty],
    [{ diversity: 'None' }, serviceMessages.diversityEmpty],
    [{ status: undefined }, serviceMessages.stateMissing],
    [{ patching: { vlan: 10000 } }, serviceMessages.vlanInvalid],
    [{ slatarget: 89.999 }, serviceMessages.slaTargetInvalid],
    [{ slatarget: 100.001 }, serviceMessages.slaTargetInvalid],
    [{ slatarget: 99.9995 }, serviceMessages.slaTargetInvalid],
    [{ slatarget: '99.9' }, serviceMessages.slaTargetInvalid],
    [{ slatarget: Number.NaN }, serviceMessages.slaTargetInvalid],
  ])('%j gives its message', (change, message) => {
    expect(messagesOf({ ...valid, ...change })).toEqual([message]);
  });

  it('takes a contracted SLA target from 90 to 100% with up to 3 decimals, or null for the standard', () => {
    for (const slatarget of [90, 99.95, 99.999, 100, null])
      expect(serviceCreateSchema.parse({ ...valid, slatarget }).slatarget).toBe(slatarget);
  });

  it('formats the messages that carry an id', () => {
    expect(serviceMessages.created('UNG0012004701B')).toBe('Service UNG0012004701B created!');
    expect(serviceMessages.handoffIdInvalid('X')).toBe('Service X is not a valid service ID!');
    expect(serviceMessages.statusFailed('UNG0012004701B')).toBe(
      'An error occurred retrieving UNG0012004701B status',
    );
    expect(serviceMessages.exists).toBe('Service already exists!');
  });
});

describe('usageLabel (decisions.md reading)', () => {
  it.each([
    [0, 0, 'Available'],
    [80, 10, 'Available'],
    [0, 80, 'Available'],
    [80.1, 0, 'Nearing Capacity'],
    [80.5, 0, 'Nearing Capacity'],
    [10, 85, 'Nearing Capacity'],
    [85, 85, 'Nearing Capacity'],
    [85.1, 0, 'At Capacity'],
    [10, 85.1, 'At Capacity'],
    [0, 99, 'At Capacity'],
  ])('%d / %d reads %s: above a threshold, not at it, in the higher direction', (atob, btoa, label) => {
    expect(usageLabel(atob, btoa).label).toBe(label);
  });
});

describe('patching values out of range', () => {
  it.each([
    [{ vlan: 12345 }, serviceMessages.vlanInvalid],
    [{ insertionlossa: 250 }, serviceMessages.insertionLossInvalid],
    [{ insertionlossb: -1 }, serviceMessages.insertionLossInvalid],
    [{ fibrelength: 2_000_000 }, serviceMessages.fibreLengthInvalid],
  ])('refuses %o with its own message, never a clamped value', (values, message) => {
    const result = patchingSchema.safeParse(values);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
