import { describe, expect, it } from 'vitest';
import {
  alarmLevelOf,
  zabbixMuteSchema,
  zabbixTriggerMessages,
  zabbixTriggerSearchSchema,
  zabbixUnmuteSchema,
} from './zabbix-triggers';

function messagesOf(schema: { safeParse: (input: unknown) => unknown }, input: unknown) {
  const result = schema.safeParse(input) as { success: boolean; error?: { issues: { message: string }[] } };
  return result.success ? [] : result.error!.issues.map((i) => i.message);
}

const valid = {
  triggerid: '23133',
  minutes: 720,
  reason: 'Flapping optic at Eastbrook, replaced in the morning',
};

describe('muting a trigger', () => {
  it('accepts a trigger, a duration in minutes and a trimmed reason', () => {
    expect(zabbixMuteSchema.parse({ ...valid, reason: `  ${valid.reason} ` })).toEqual(valid);
  });

  it.each([
    ['no trigger', { ...valid, triggerid: undefined }, zabbixTriggerMessages.triggerInvalid],
    [
      'a trigger id that is not a number',
      { ...valid, triggerid: '12a' },
      zabbixTriggerMessages.triggerInvalid,
    ],
    [
      'a numeric trigger id sent as a number',
      { ...valid, triggerid: 23133 },
      zabbixTriggerMessages.triggerInvalid,
    ],
    ['no reason', { ...valid, reason: undefined }, zabbixTriggerMessages.reasonRequired],
    ['a blank reason', { ...valid, reason: '   ' }, zabbixTriggerMessages.reasonRequired],
    ['a reason too long', { ...valid, reason: 'r'.repeat(501) }, zabbixTriggerMessages.reasonTooLong],
    ['a duration under 15 minutes', { ...valid, minutes: 14 }, zabbixTriggerMessages.durationInvalid],
    ['a duration over 7 days', { ...valid, minutes: 10_081 }, zabbixTriggerMessages.durationInvalid],
    ['a fractional duration', { ...valid, minutes: 30.5 }, zabbixTriggerMessages.durationInvalid],
    ['no duration', { ...valid, minutes: undefined }, zabbixTriggerMessages.durationInvalid],
    ['an unknown field', { ...valid, until: 0 }, 'Unrecognized key: "until"'],
  ])('refuses %s with its message', (_label, input, message) => {
    expect(messagesOf(zabbixMuteSchema, input)).toEqual([message]);
  });

  it('unmutes by trigger id only', () => {
    expect(zabbixUnmuteSchema.parse({ triggerid: '1' })).toEqual({ triggerid: '1' });
    expect(messagesOf(zabbixUnmuteSchema, { triggerid: '' })).toEqual([zabbixTriggerMessages.triggerInvalid]);
  });
});

describe('searching triggers', () => {
  it('needs two characters', () => {
    expect(zabbixTriggerSearchSchema.parse({ q: ' sy ' })).toEqual({ q: 'sy' });
    expect(messagesOf(zabbixTriggerSearchSchema, { q: 's' })).toEqual([zabbixTriggerMessages.searchTooShort]);
  });
});

describe('alarm levels from Zabbix severities', () => {
  it.each([
    [0, 'warning'],
    [1, 'warning'],
    [2, 'warning'],
    [3, 'minor'],
    [4, 'major'],
    [5, 'critical'],
  ] as const)('severity %i is %s', (priority, level) => {
    expect(alarmLevelOf(priority)).toBe(level);
  });
});
