import { idSchema, listQuerySchema } from '@lightpath/domain/api';
import type { CountKey } from '@lightpath/domain/navigation';
import {
  isServiceLetter,
  type ServiceGroup,
  type ServiceLetter,
  serviceCreateSchema,
  serviceGroupNames,
  serviceIdParamSchema,
  serviceMessages,
  serviceUpdateSchema,
} from '@lightpath/domain/services';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, RawQuery } from '../../db/client';
import { done, envelope, listOf, messageOnly, ok } from '../../platform/envelope';
import { signedIn } from '../../platform/request-context';
import { countProviders } from '../portal/routes';
import {
  createService,
  deleteService,
  deprovisionService,
  getServiceFor,
  listServicesFor,
  serviceCountsFor,
  updateService,
} from './service';

export const serviceSummarySchema = z.object({
  serviceid: z.string(),
  description: z.string(),
  type: z.string(),
  status: z.number(),
  speed: z.string().nullable(),
  customerid: z.number(),
  customercode: z.string(),
  aendsiteid: z.number(),
  aendsitenumber: z.string(),
  aendsitename: z.string(),
  bendsiteid: z.number().nullable(),
  bendsitenumber: z.string().nullable(),
  bendsitename: z.string().nullable(),
  diversity: z.string().nullable(),
  provisiondate: z.string().nullable(),
  condition: z.number(),
});

const nullableText = z.string().nullable();
const nullableNumber = z.number().nullable();
// The domain's Patching type is the input's (fields optional); the reply always carries every field.
const patchingText = nullableText.optional();
const patchingNumber = nullableNumber.optional();
const patchingSchema = z.object({
  aendaddress: patchingText,
  aendpanel: patchingText,
  aendconnector: patchingText,
  aendsfp: patchingText,
  aendport: patchingText,
  aendwavelength: patchingNumber,
  insertionlossa: patchingNumber,
  bendaddress: patchingText,
  bendpanel: patchingText,
  bendconnector: patchingText,
  bendsfp: patchingText,
  bendport: patchingText,
  bendwavelength: patchingNumber,
  insertionlossb: patchingNumber,
  vlan: patchingNumber,
  ipaddress: patchingText,
  defaultgateway: patchingText,
  fibrelength: patchingNumber,
  notes: patchingText,
});

export const serviceSchema = serviceSummarySchema.extend({
  path: nullableText,
  notes: nullableText,
  aendportid: nullableText,
  bendportid: nullableText,
  juniperportid: nullableText,
  customername: z.string(),
  deprovisionedat: nullableNumber,
  patching: patchingSchema.nullable(),
});

const serviceParams = z.object({ serviceid: serviceIdParamSchema });

const listQuery = listQuerySchema.extend({
  group: z.enum(serviceGroupNames as [ServiceGroup, ...ServiceGroup[]]).optional(),
  type: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isServiceLetter, 'Type must be a service type letter')
    .transform((letter) => letter as ServiceLetter)
    .optional(),
  // Without status a list shows services in use (1 and 2); status=0 is the deprovisioned list.
  status: z
    .enum(['0', '1', '2'])
    .transform((v) => Number(v) as 0 | 1 | 2)
    .optional(),
  customerid: idSchema.optional(),
  siteid: idSchema.optional(),
  aendsiteid: idSchema.optional(),
  bendsiteid: idSchema.optional(),
  condition: z
    .enum(['0', '1', '2', '3'])
    .transform((v) => Number(v) as 0 | 1 | 2 | 3)
    .optional(),
});

const tags = ['services'];

export const serviceRoutes: FastifyPluginAsyncZod<{ db: Db; query: RawQuery }> = async (
  app,
  { db, query },
) => {
  // Sidebar counts of services in use, per group (the third-party count is the integrations').
  for (const key of ['all', ...serviceGroupNames] as const) {
    countProviders[`services.${key}` satisfies CountKey] = async (requestDb, actor) =>
      (await serviceCountsFor(requestDb, actor))[key];
  }

  app.get(
    '/services',
    {
      config: { permission: 'services.view' },
      schema: {
        tags,
        summary:
          'List services in scope. Without status: services in use; status=0 lists deprovisioned ones. Sort by serviceid, description, customercode, aendsitename, speed, provisiondate or condition',
        querystring: listQuery,
        response: { 200: listOf(serviceSummarySchema) },
      },
    },
    async (request) => ok(await listServicesFor(query, signedIn(request).actor, request.query)),
  );

  app.get(
    '/service/:serviceid',
    {
      config: { permission: 'services.view' },
      schema: {
        tags,
        summary: 'One service with its patching, customer and current condition',
        params: serviceParams,
        response: { 200: envelope(serviceSchema) },
      },
    },
    async (request) => ok(await getServiceFor(query, signedIn(request).actor, request.params.serviceid)),
  );

  app.post(
    '/service',
    {
      config: { permission: 'services.manage' },
      schema: {
        tags,
        summary:
          "New service: the id must start with the customer's code and carry the numbers of its enabled A and B sites",
        body: serviceCreateSchema,
        response: { 201: envelope(serviceSchema) },
      },
    },
    async (request, reply) => {
      const service = await createService(db, query, request, signedIn(request).actor, request.body);
      return reply.status(201).send(ok(service, serviceMessages.created(service.serviceid)));
    },
  );

  app.put(
    '/service/:serviceid',
    {
      config: { permission: 'services.manage' },
      schema: {
        tags,
        summary: 'Update a service (its id, customer and sites are fixed); patching fields sent are replaced',
        params: serviceParams,
        body: serviceUpdateSchema,
        response: { 200: envelope(serviceSchema) },
      },
    },
    async (request) => {
      const { serviceid } = request.params;
      const service = await updateService(
        db,
        query,
        request,
        signedIn(request).actor,
        serviceid,
        request.body,
      );
      return ok(service, serviceMessages.updated(serviceid));
    },
  );

  app.delete(
    '/service/:serviceid',
    {
      config: { permission: 'services.manage' },
      schema: { tags, summary: 'Delete a service', params: serviceParams, response: { 200: messageOnly } },
    },
    async (request) => {
      const { serviceid } = request.params;
      await deleteService(db, request, signedIn(request).actor, serviceid);
      return done(serviceMessages.deleted(serviceid));
    },
  );

  app.post(
    '/service/:serviceid/deprovision',
    {
      config: { permission: 'services.manage' },
      schema: {
        tags,
        summary: 'Deprovision a service: status 0 and the time; a disabled service answers 409',
        params: serviceParams,
        response: { 200: envelope(serviceSchema) },
      },
    },
    async (request) => {
      const { serviceid } = request.params;
      const service = await deprovisionService(db, query, request, signedIn(request).actor, serviceid);
      return ok(service, serviceMessages.deprovisioned(serviceid));
    },
  );
};
