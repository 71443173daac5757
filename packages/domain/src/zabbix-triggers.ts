import { z } from 'zod';
import { text } from './api';

// Equipment → Muted Zabbix Notifications (spec 2.2, 7.7; issue 14 item 6). A mute disables the trigger in
// Zabbix for a while (docs/decisions/025); the portal keeps who muted it, why, since and until, and ends
// it by itself at `until`.

export const zabbixTriggerMessages = {
  muted: 'Trigger muted',
  unmuted: 'Trigger unmuted',
  loadFailed: 'An error occurred retrieving muted notifications',
  searchFailed: 'An error occurred searching Zabbix triggers',
  muteFailed: 'An error occurred while muting this trigger',
  unmuteFailed: 'An error occurred while unmuting this trigger',
  triggerInvalid: 'Trigger id must be a number',
  triggerNotFound: 'Trigger not found in Zabbix',
  alreadyMuted: 'This trigger is already muted',
  notMuted: 'This trigger is not muted',
  reasonRequired: 'Say why the trigger is muted',
  reasonTooLong: 'Reason must be at most 500 characters',
  durationInvalid: 'Mute for at least 15 minutes and at most 7 days',
  searchTooShort: 'Type at least 2 characters to search',
  unavailable: 'Zabbix cannot be reached right now. Try again in a minute.',
} as const;

// Spec 3: alarm levels warning, minor, major, critical. Zabbix severities (0 not classified to 5
// disaster) fold into them: the lower three are warnings.
export const alarmLevels = ['warning', 'minor', 'major', 'critical'] as const;
export type AlarmLevel = (typeof alarmLevels)[number];
export const alarmLevelLabels: Record<AlarmLevel, string> = {
  warning: 'Warning',
  minor: 'Minor',
  major: 'Major',
  critical: 'Critical',
};

export function alarmLevelOf(zabbixPriority: number): AlarmLevel {
  if (zabbixPriority >= 5) return 'critical';
  if (zabbixPriority === 4) return 'major';
  if (zabbixPriority === 3) return 'minor';
  return 'warning';
}

export const minMuteMinutes = 15;
export const maxMuteMinutes = 7 * 24 * 60;

const triggerIdSchema = z
  .string({ error: zabbixTriggerMessages.triggerInvalid })
  .regex(/^\d{1,20}$/, zabbixTriggerMessages.triggerInvalid);

export const zabbixTriggerSearchSchema = z.strictObject({
  q: z
    .string({ error: zabbixTriggerMessages.searchTooShort })
    .trim()
    .min(2, zabbixTriggerMessages.searchTooShort)
    .pipe(text(100)),
});
export type ZabbixTriggerSearch = z.infer<typeof zabbixTriggerSearchSchema>;

export const zabbixMuteSchema = z.strictObject({
  triggerid: triggerIdSchema,
  minutes: z
    .number({ error: zabbixTriggerMessages.durationInvalid })
    .int(zabbixTriggerMessages.durationInvalid)
    .min(minMuteMinutes, zabbixTriggerMessages.durationInvalid)
    .max(maxMuteMinutes, zabbixTriggerMessages.durationInvalid),
  reason: z
    .string({ error: zabbixTriggerMessages.reasonRequired })
    .trim()
    .min(1, zabbixTriggerMessages.reasonRequired)
    .max(500, zabbixTriggerMessages.reasonTooLong)
    .pipe(text(500)),
});
export type ZabbixMute = z.infer<typeof zabbixMuteSchema>;

export const zabbixUnmuteSchema = z.strictObject({ triggerid: triggerIdSchema });
export type ZabbixUnmute = z.infer<typeof zabbixUnmuteSchema>;

const muteFields = {
  mutedby: z.string(),
  since: z.number(),
  until: z.number(),
  reason: z.string(),
};

export const zabbixTriggerSchema = z.object({
  triggerid: z.string(),
  host: z.string(),
  hostname: z.string(),
  description: z.string(),
  severity: z.enum(alarmLevels),
  enabled: z.boolean(),
  problem: z.boolean(),
  // The running mute, if any.
  mute: z.object(muteFields).nullable(),
});
export type ZabbixTrigger = z.output<typeof zabbixTriggerSchema>;

export const mutedTriggerSchema = z.object({
  triggerid: z.string(),
  host: z.string(),
  hostname: z.string(),
  description: z.string(),
  severity: z.enum(alarmLevels),
  ...muteFields,
});
export type MutedTrigger = z.output<typeof mutedTriggerSchema>;

export const zabbixTriggerListSchema = z.object({ count: z.number(), results: z.array(zabbixTriggerSchema) });
export const mutedTriggerListSchema = z.object({ count: z.number(), results: z.array(mutedTriggerSchema) });
