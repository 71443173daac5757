import { envelope, failure, messageOnly } from '@lightpath/domain/api';
import {
  mutedTriggerListSchema,
  zabbixMuteSchema,
  zabbixTriggerListSchema,
  zabbixTriggerMessages,
  zabbixTriggerSchema,
  zabbixTriggerSearchSchema,
  zabbixUnmuteSchema,
} from '@lightpath/domain/zabbix-triggers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, ok } from '../../platform/envelope';
import type { ReplyCacheRule } from '../../platform/reply-cache';
import { contextOf } from '../../platform/service-context';
import { listMutedTriggers, muteTrigger, searchTriggers, unmuteTrigger } from './service';

const tags = ['zabbix'];
// The portal's record of mutes; a mute that runs out is ended by the reconciliation job, a write.
const muteReads: ReplyCacheRule = { reads: ['zabbix_mutes', 'users'] };
// Zabbix unreachable: 502 with a message for the page (docs/decisions/025).
const unreachable = { 502: failure };

// Spec 7.7: GET zabbix/trigger/muted; POST zabbix/trigger/search, /mute, /unmute. The NOC and engineers.
export const zabbixRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/zabbix/trigger/muted',
    {
      config: { permission: 'equipment.manage', replyCache: muteReads },
      schema: {
        tags,
        summary:
          "The muted triggers (host, trigger, severity, muted by, since, until, reason), from the portal's records",
        response: { 200: envelope(mutedTriggerListSchema) },
      },
    },
    async (request) => ok(await listMutedTriggers(contextOf(request))),
  );

  app.post(
    '/zabbix/trigger/search',
    {
      config: { permission: 'equipment.manage' },
      schema: {
        tags,
        summary:
          'Zabbix triggers whose host (technical or visible name) or description contains q, at most 50',
        body: zabbixTriggerSearchSchema,
        response: { 200: envelope(zabbixTriggerListSchema), ...unreachable },
      },
    },
    async (request) => ok(await searchTriggers(contextOf(request), request.body)),
  );

  app.post(
    '/zabbix/trigger/mute',
    {
      config: { permission: 'equipment.manage' },
      schema: {
        tags,
        summary:
          'Mute a trigger for minutes (15 to 10,080) with a reason: Zabbix disables it, and the portal enables it again when the time is up',
        body: zabbixMuteSchema,
        response: { 200: envelope(zabbixTriggerSchema), ...unreachable },
      },
    },
    async (request) => ok(await muteTrigger(contextOf(request), request.body), zabbixTriggerMessages.muted),
  );

  app.post(
    '/zabbix/trigger/unmute',
    {
      config: { permission: 'equipment.manage' },
      schema: {
        tags,
        summary: 'End a running mute now: Zabbix enables the trigger again',
        body: zabbixUnmuteSchema,
        response: { 200: messageOnly, ...unreachable },
      },
    },
    async (request) => {
      await unmuteTrigger(contextOf(request), request.body);
      return done(zabbixTriggerMessages.unmuted);
    },
  );
};
