import { idSchema, listQuerySchema } from '@lightpath/domain/api';
import {
  type SiteType,
  siteContactAssignSchema,
  siteCreateSchema,
  siteMessages,
  siteUpdateSchema,
} from '@lightpath/domain/sites';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, RawQuery } from '../../db/client';
import { done, envelope, listOf, messageOnly, ok } from '../../platform/envelope';
import { foundFirst } from '../../platform/found-first';
import { signedIn } from '../../platform/request-context';
import { requireContactFor } from '../contacts/service';
import { serviceSummarySchema } from '../services/routes';
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

export const siteSchema = z.object({
  siteid: z.number(),
  sitenumber: z.string(),
  sitename: z.string(),
  sitetype: z.number(),
  status: z.number(),
  customerid: z.number(),
  customercode: z.string(),
  customername: z.string(),
  parentsite: z.number().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  building: z.string().nullable(),
  street: z.string().nullable(),
  suburb: z.string().nullable(),
  postcode: z.string().nullable(),
  accesshours: z.string().nullable(),
  accessnotes: z.string().nullable(),
  sitenotes: z.string().nullable(),
  accesstype: z.number(),
  vplsname: z.string().nullable(),
  maclimit: z.number().nullable(),
  macflush: z.number().nullable(),
  allowedvlans: z.string().nullable(),
  servicecount: z.number(),
  condition: z.number(),
});

const siteContactSchema = z.object({
  contactid: z.number(),
  contactname: z.string(),
  email: z.string().nullable(),
  title: z.string().nullable(),
  office: z.string().nullable(),
  mobile: z.string().nullable(),
  contacttype: z.number(),
});
const siteContactsReply = envelope(z.object({ contacts: z.array(siteContactSchema) }));

const siteParams = z.object({ siteid: idSchema });
const siteContactParams = z.object({ siteid: idSchema, contactid: idSchema });

const listQuery = listQuerySchema.extend({
  sitetype: z
    .enum(['1', '2', '3', '4', '5'])
    .transform((v) => Number(v) as SiteType)
    .optional(),
  status: z
    .enum(['0', '1'])
    .transform((v) => Number(v) as 0 | 1)
    .optional(),
  customerid: idSchema.optional(),
});

const tags = ['sites'];

export const siteRoutes: FastifyPluginAsyncZod<{ db: Db; query: RawQuery }> = async (app, { db, query }) => {
  const siteInScopeFirst = foundFirst(siteParams, (actor, { siteid }) => requireSiteFor(db, actor, siteid));
  // The contact named in the body is a record too: another customer's is 404 like the site.
  const siteAndContactInScopeFirst = foundFirst(siteParams, async (actor, { siteid }, request) => {
    await requireSiteFor(db, actor, siteid);
    const contactid = idSchema.safeParse((request.body as { contactid?: unknown } | null)?.contactid);
    if (contactid.success) await requireContactFor(db, actor, contactid.data);
  });

  app.get(
    '/sites',
    {
      config: { permission: 'sites.view' },
      schema: {
        tags,
        summary:
          'List sites in scope, each with its count of services in use and its condition. Sort by sitename, sitenumber, customername, sitetype or condition',
        querystring: listQuery,
        response: { 200: listOf(siteSchema) },
      },
    },
    async (request) => ok(await listSitesFor(query, signedIn(request).actor, request.query)),
  );

  app.get(
    '/site/:siteid',
    {
      config: { permission: 'sites.view' },
      schema: { tags, summary: 'One site', params: siteParams, response: { 200: envelope(siteSchema) } },
    },
    async (request) => ok(await getSiteFor(query, signedIn(request).actor, request.params.siteid)),
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
      reply
        .status(201)
        .send(
          ok(
            await createSite(db, query, request, signedIn(request).actor, request.body),
            siteMessages.created,
          ),
        ),
  );

  app.put(
    '/site/:siteid',
    {
      config: { permission: 'sites.manage' },
      preValidation: siteInScopeFirst,
      schema: {
        tags,
        summary: 'Update a site (not its number, customer or type, which service ids depend on)',
        params: siteParams,
        body: siteUpdateSchema,
        response: { 200: envelope(siteSchema) },
      },
    },
    async (request) =>
      ok(
        await updateSite(db, query, request, signedIn(request).actor, request.params.siteid, request.body),
        siteMessages.updated,
      ),
  );

  app.delete(
    '/site/:siteid',
    {
      config: { permission: 'sites.manage' },
      schema: {
        tags,
        summary: 'Delete a site that no service names (409 otherwise)',
        params: siteParams,
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      await deleteSite(db, request, signedIn(request).actor, request.params.siteid);
      return done(siteMessages.deleted);
    },
  );

  app.get(
    '/site/:siteid/services',
    {
      config: { permission: 'services.view' },
      schema: {
        tags,
        summary: 'Every service with an end at the site, whatever its status',
        params: siteParams,
        response: { 200: envelope(z.object({ services: z.array(serviceSummarySchema) })) },
      },
    },
    async (request) =>
      ok({ services: await listSiteServicesFor(db, query, signedIn(request).actor, request.params.siteid) }),
  );

  app.get(
    '/site/:siteid/contacts',
    {
      config: { permission: 'sites.view' },
      schema: {
        tags,
        summary: "The site's contacts: primary (1), secondary (2) and emergency (3)",
        params: siteParams,
        response: { 200: siteContactsReply },
      },
    },
    async (request) =>
      ok({ contacts: await listSiteContactsFor(db, signedIn(request).actor, request.params.siteid) }),
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
        params: siteParams,
        body: siteContactAssignSchema,
        response: { 200: siteContactsReply },
      },
    },
    async (request) => {
      const contacts = await assignSiteContact(
        db,
        request,
        signedIn(request).actor,
        request.params.siteid,
        request.body,
      );
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
        params: siteContactParams,
        response: { 200: siteContactsReply },
      },
    },
    async (request) => {
      const { siteid, contactid } = request.params;
      const contacts = await unassignSiteContact(db, request, signedIn(request).actor, siteid, contactid);
      return ok({ contacts }, siteMessages.contactUnassigned);
    },
  );
};
