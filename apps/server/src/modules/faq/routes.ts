import { envelope, listOf, messageOnly } from '@lightpath/domain/api';
import {
  faqArticleSchema,
  faqCreateSchema,
  faqListQuerySchema,
  faqMessages,
  faqParamsSchema,
  faqUpdateSchema,
} from '@lightpath/domain/faq';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bodyLimits } from '../../platform/body-limits';
import { done, ok } from '../../platform/envelope';
import type { ReplyCacheRule } from '../../platform/reply-cache';
import { contextOf } from '../../platform/service-context';
import { createFaq, deleteFaq, getFaq, listFaqs, updateFaq } from './service';

const tags = ['faq'];
const faqReads: ReplyCacheRule = { reads: ['faq_articles'] };

// Spec 7.8. Everyone signed in reads the knowledge base; only the NOC writes it (decisions.md).
export const faqRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/faqs',
    {
      config: { permission: 'faq.view', replyCache: faqReads },
      schema: {
        tags,
        summary:
          'List FAQ articles. `q` finds articles holding every word in the title or text; `tag` keeps those with that tag. Sort by title (default) or updated',
        querystring: faqListQuerySchema,
        response: { 200: listOf(faqArticleSchema) },
      },
    },
    async (request) => ok(await listFaqs(contextOf(request), request.query)),
  );

  app.get(
    '/faq/:faqid',
    {
      config: { permission: 'faq.view' },
      schema: {
        tags,
        summary: 'One FAQ article',
        params: faqParamsSchema,
        response: { 200: envelope(faqArticleSchema) },
      },
    },
    async (request) => ok(await getFaq(contextOf(request), request.params.faqid)),
  );

  app.post(
    '/faq',
    {
      bodyLimit: bodyLimits.longText,
      config: { permission: 'faq.manage' },
      schema: {
        tags,
        summary: 'Create an FAQ article (title, plain-text body with blank lines between paragraphs, tags)',
        body: faqCreateSchema,
        response: { 201: envelope(faqArticleSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await createFaq(contextOf(request), request.body), faqMessages.created)),
  );

  app.put(
    '/faq/:faqid',
    {
      bodyLimit: bodyLimits.longText,
      config: { permission: 'faq.manage' },
      schema: {
        tags,
        summary:
          "Replace an FAQ article: the whole article, whose faqid must be the path's (400 otherwise); createdat and updatedat are ignored",
        params: faqParamsSchema,
        body: faqUpdateSchema,
        response: { 200: envelope(faqArticleSchema) },
      },
    },
    async (request) =>
      ok(await updateFaq(contextOf(request), request.params.faqid, request.body), faqMessages.updated),
  );

  app.delete(
    '/faq/:faqid',
    {
      config: { permission: 'faq.manage' },
      schema: {
        tags,
        summary: 'Delete an FAQ article',
        params: faqParamsSchema,
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      await deleteFaq(contextOf(request), request.params.faqid);
      return done(faqMessages.deleted);
    },
  );
};
