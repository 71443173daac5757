import { envelope, listOf, messageOnly } from '@lightpath/domain/api';
import {
  contactCreateSchema,
  contactCsvColumns,
  contactExportQuerySchema,
  contactListQuerySchema,
  contactMessages,
  contactParamsSchema,
  contactSchema,
  contactSummarySchema,
  contactUpdateSchema,
} from '@lightpath/domain/contacts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listExportRoute } from '../../platform/csv-export';
import { done, ok } from '../../platform/envelope';
import { foundFirst } from '../../platform/found-first';
import type { ReplyCacheRule } from '../../platform/reply-cache';
import { contextOf } from '../../platform/service-context';
import {
  createContact,
  deleteContact,
  getContactFor,
  listContactsFor,
  requireContactFor,
  updateContact,
} from './service';

const tags = ['contacts'];
const contactReads: ReplyCacheRule = { reads: ['contacts', 'site_contacts', 'sites', 'customers'] };

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const contactInScopeFirst = foundFirst(contactParamsSchema, (ctx, { contactid }) =>
    requireContactFor(ctx.db, ctx.caller.actor, contactid),
  );

  app.get(
    '/contacts',
    {
      config: { permission: 'contacts.view', replyCache: contactReads },
      schema: {
        tags,
        summary:
          'List contacts in scope, each with the number of sites it stands for. Filter by customerid and q (name, email, title, phones); sort by contactname, email, customername or sitecount',
        querystring: contactListQuerySchema,
        response: { 200: listOf(contactSummarySchema) },
      },
    },
    async (request) => ok(await listContactsFor(contextOf(request), request.query)),
  );

  listExportRoute(app, {
    path: '/export/contacts',
    permission: 'contacts.view',
    tags,
    summary:
      'The contacts list as a CSV file: every contact in scope its filters and sort select, all pages, streamed. The same query as GET contacts, without limit and offset',
    querystring: contactExportQuerySchema,
    filename: 'contacts.csv',
    columns: () => contactCsvColumns,
    page: listContactsFor,
  });

  app.get(
    '/contact/:contactid',
    {
      config: { permission: 'contacts.view' },
      schema: {
        tags,
        summary:
          'One contact with the sites it is assigned to and as which type (1 Primary, 2 Secondary, 3 Emergency)',
        params: contactParamsSchema,
        response: { 200: envelope(contactSchema) },
      },
    },
    async (request) => ok(await getContactFor(contextOf(request), request.params.contactid)),
  );

  app.post(
    '/contact',
    {
      config: { permission: 'contacts.manage' },
      schema: {
        tags,
        summary:
          "Create a contact. Provider staff name the customerid; a customer admin's contacts are its own customer's (naming another customer is 400)",
        body: contactCreateSchema,
        response: { 201: envelope(contactSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await createContact(contextOf(request), request.body), contactMessages.created)),
  );

  app.put(
    '/contact/:contactid',
    {
      config: { permission: 'contacts.manage' },
      preValidation: contactInScopeFirst,
      schema: {
        tags,
        summary: 'Update a contact (not its customer, whose sites it is assigned to)',
        params: contactParamsSchema,
        body: contactUpdateSchema,
        response: { 200: envelope(contactSchema) },
      },
    },
    async (request) =>
      ok(
        await updateContact(contextOf(request), request.params.contactid, request.body),
        contactMessages.updated,
      ),
  );

  app.delete(
    '/contact/:contactid',
    {
      config: { permission: 'contacts.manage' },
      schema: {
        tags,
        summary: 'Delete a contact; its site assignments go with it',
        params: contactParamsSchema,
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      await deleteContact(contextOf(request), request.params.contactid);
      return done(contactMessages.deleted);
    },
  );
};
