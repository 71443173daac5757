import { envelope, idSchema, listOf, messageOnly } from '@lightpath/domain/api';
import { siteServicesSchema } from '@lightpath/domain/services';
import {
  siteContactAssignSchema,
  siteContactParamsSchema,
  siteContactsSchema,
  siteCreateSchema,
  siteCsvColumns,
  siteExportQuerySchema,
  siteListQuerySchema,
  siteMessages,
  siteParamsSchema,
  siteSchema,
  siteUpdateSchema,
} from '@lightpath/domain/sites';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listExportRoute } from '../../platform/csv-export';
import { done, ok } from '../../platform/envelope';
import { foundFirst } from '../../platform/found-first';
import type { ReplyCacheRule } from '../../platform/reply-cache';
import { contextOf } from '../../platform/service-context';
import { requireContactFor } from '../contacts/service';
import {
  assignSiteContact,
  createSite,
  deleteSite,
  getSiteFor,
  listSiteContactsFor,
  listSiteServicesFor,
  listSitesFor,
  requireSiteFor,
  unassignSiteContact,
  updateSite,
} from './service';

const tags = ['sites'];
// A site's condition comes from its services' current events.
const siteReads: ReplyCacheRule = {
  reads: ['sites', 'customers', 'services', 'service_patching', 'events', 'event_services'],
  eventTime: true,
};
const siteContactReads: ReplyCacheRule = { reads: ['contacts', 'site_contacts', 'sites', 'customers'] };

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const siteInScopeFirst = foundFirst(siteParamsSchema, (ctx, { siteid }) =>
    requireSiteFor(ctx.db, ctx.caller.actor, siteid),
  );
  // The contact named in the body is a record too: another customer's is 404 like the site.
  const siteAndContactInScopeFirst = foundFirst(siteParamsSchema, async (ctx, { siteid }, request) => {
    const { db, caller } = ctx;
    await requireSiteFor(db, caller.actor, siteid);
    const contactid = idSchema.safeParse((request.body as { contactid?: unknown } | null)?.contactid);
    if (contactid.success) await requireContactFor(db, caller.actor, contactid.data);
  });

  app.get(
    '/sites',
    {
      config: { permission: 'sites.view', replyCache: siteReads },
      schema: {
        tags,
        summary:
          'List sites in scope, each with its count of services in use and its condition. Sort by sitename, sitenumber, customername, sitetype or condition',
        querystring: siteListQuerySchema,
        response: { 200: listOf(siteSchema) },
      },
    },
    async (request) => ok(await listSitesFor(contextOf(request), request.query)),
  );

  listExportRoute(app, {
    path: '/export/sites',
    permission: 'sites.view',
    tags,
    summary:
      'The sites list as a CSV file: every site its filters and sort select, all pages, streamed. The same query as GET sites, without limit and offset',
    querystring: siteExportQuerySchema,
    filename: 'sites.csv',
    columns: () => siteCsvColumns,
    page: listSitesFor,
  });

  app.get(
    '/site/:siteid',
    {
      config: { permission: 'sites.view', replyCache: siteReads },
      schema: {
        tags,
        summary: 'One site',
        params: siteParamsSchema,
        response: { 200: envelope(siteSchema) },
      },
    },
    async (request) => ok(await getSiteFor(contextOf(request), request.params.siteid)),
  );

  app.post(
    '/site',
    {
      config: { permission: 'sites.manage' },
      schema: {
        tags,
        summary: "Create a site; the four digits entered are stored as 'S' + digits",
        body: siteCreateSchema,
        response: { 201: envelope(siteSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await createSite(contextOf(request), request.body), siteMessages.created)),
  );

  app.put(
    '/site/:siteid',
    {
      config: { permission: 'sites.manage' },
      preValidation: siteInScopeFirst,
      schema: {
        tags,
        summary: 'Update a site (not its number, customer or type, which service ids depend on)',
        params: siteParamsSchema,
        body: siteUpdateSchema,
        response: { 200: envelope(siteSchema) },
      },
    },
    async (request) =>
      ok(await updateSite(contextOf(request), request.params.siteid, request.body), siteMessages.updated),
  );

  app.delete(
    '/site/:siteid',
    {
      config: { permission: 'sites.manage' },
      schema: {
        tags,
        summary: 'Delete a site that no service names (409 otherwise)',
        params: siteParamsSchema,
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      await deleteSite(contextOf(request), request.params.siteid);
      return done(siteMessages.deleted);
    },
  );

  app.get(
    '/site/:siteid/services',
    {
      config: { permission: 'services.view', replyCache: siteReads },
      schema: {
        tags,
        summary: 'Every service with an end at the site, whatever its status',
        params: siteParamsSchema,
        response: { 200: envelope(siteServicesSchema) },
      },
    },
    async (request) => ok({ services: await listSiteServicesFor(contextOf(request), request.params.siteid) }),
  );

  app.get(
    '/site/:siteid/contacts',
    {
      config: { permission: 'sites.view', replyCache: siteContactReads },
      schema: {
        tags,
        summary: "The site's contacts: primary (1), secondary (2) and emergency (3)",
        params: siteParamsSchema,
        response: { 200: envelope(siteContactsSchema) },
      },
    },
    async (request) => ok({ contacts: await listSiteContactsFor(contextOf(request), request.params.siteid) }),
  );

  app.post(
    '/site/:siteid/contact',
    {
      config: { permission: 'contacts.manage' },
      preValidation: siteAndContactInScopeFirst,
      schema: {
        tags,
        summary:
          "Assign one of the site customer's contacts to the site (again: changes its type); answers the site's contacts",
        params: siteParamsSchema,
        body: siteContactAssignSchema,
        response: { 200: envelope(siteContactsSchema) },
      },
    },
    async (request) => {
      const contacts = await assignSiteContact(contextOf(request), request.params.siteid, request.body);
      return ok({ contacts }, siteMessages.contactAssigned);
    },
  );

  app.delete(
    '/site/:siteid/contact/:contactid',
    {
      config: { permission: 'contacts.manage' },
      schema: {
        tags,
        summary: "Remove a contact from the site; answers the site's contacts",
        params: siteContactParamsSchema,
        response: { 200: envelope(siteContactsSchema) },
      },
    },
    async (request) => {
      const { siteid, contactid } = request.params;
      const contacts = await unassignSiteContact(contextOf(request), siteid, contactid);
      return ok({ contacts }, siteMessages.contactUnassigned);
    },
  );
};
