import { envelope, listOf } from '@lightpath/domain/api';
import {
  companySettingsSchema,
  customerCreateSchema,
  customerCsvColumns,
  customerExportQuerySchema,
  customerListItemSchema,
  customerListQuerySchema,
  customerMessages,
  customerParamsSchema,
  customerSchema,
  customerUpdateSchema,
} from '@lightpath/domain/customers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bodyLimits } from '../../platform/body-limits';
import { listExportRoute } from '../../platform/csv-export';
import { ok } from '../../platform/envelope';
import type { ReplyCacheRule } from '../../platform/reply-cache';
import { signedIn } from '../../platform/request-context';
import { contextOf } from '../../platform/service-context';
import {
  createCustomer,
  getCustomerFor,
  listCustomersFor,
  updateCompanySettings,
  updateCustomer,
} from './service';

const tags = ['customers'];
const customerReads: ReplyCacheRule = { reads: ['customers'] };

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers',
    {
      config: { permission: 'portal.use', replyCache: customerReads },
      schema: {
        tags,
        summary: 'List customers in scope (a customer user sees only its own)',
        querystring: customerListQuerySchema,
        response: { 200: listOf(customerListItemSchema) },
      },
    },
    async (request) => ok(await listCustomersFor(contextOf(request), request.query)),
  );

  listExportRoute(app, {
    path: '/export/customers',
    permission: 'portal.use',
    tags,
    summary:
      'The customers list as a CSV file: every customer in scope (a customer user only its own) its filters and sort select, all pages, streamed. The same query as GET customers, without limit and offset',
    querystring: customerExportQuerySchema,
    filename: 'customers.csv',
    columns: () => customerCsvColumns,
    page: listCustomersFor,
  });

  app.get(
    '/customer/me',
    {
      config: { permission: 'portal.use' },
      schema: {
        tags,
        summary: "The caller's (effective) customer",
        response: { 200: envelope(customerSchema) },
      },
    },
    async (request) => {
      const { actor } = signedIn(request);
      return ok(await getCustomerFor(contextOf(request), actor.customerId));
    },
  );

  app.get(
    '/customer/:customerid',
    {
      config: { permission: 'portal.use' },
      schema: {
        tags,
        summary: 'One customer',
        params: customerParamsSchema,
        response: { 200: envelope(customerSchema) },
      },
    },
    async (request) => ok(await getCustomerFor(contextOf(request), request.params.customerid)),
  );

  app.post(
    '/customer',
    {
      bodyLimit: bodyLimits.logo,
      config: { permission: 'customers.manage' },
      schema: {
        tags,
        summary: 'Create a customer',
        body: customerCreateSchema,
        response: { 201: envelope(customerSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await createCustomer(contextOf(request), request.body), customerMessages.created)),
  );

  app.put(
    '/customer/me',
    {
      bodyLimit: bodyLimits.logo,
      config: { permission: 'company.settings' },
      schema: {
        tags,
        summary: 'Company Settings: a company admin changes the logo and CDR PIN of their company',
        body: companySettingsSchema,
        response: { 200: envelope(customerSchema) },
      },
    },
    async (request) =>
      ok(await updateCompanySettings(contextOf(request), request.body), customerMessages.settingsSaved),
  );

  app.put(
    '/customer/:customerid',
    {
      bodyLimit: bodyLimits.logo,
      config: { permission: 'customers.manage' },
      schema: {
        tags,
        summary: 'Update a customer (not its code, which every service id embeds)',
        params: customerParamsSchema,
        body: customerUpdateSchema,
        response: { 200: envelope(customerSchema) },
      },
    },
    async (request) =>
      ok(
        await updateCustomer(contextOf(request), request.params.customerid, request.body),
        customerMessages.updated,
      ),
  );
};
