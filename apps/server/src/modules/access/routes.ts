import fastifyMultipart from '@fastify/multipart';
import {
  accessAttachmentsSchema,
  accessMessages,
  accessRequestListQuerySchema,
  accessRequestReplySchema,
  accessRequestRowSchema,
  accessRequestSchema,
  accessUploadRules,
  uploadMessages,
} from '@lightpath/domain/access';
import { envelope, listOf } from '@lightpath/domain/api';
import { siteParamsSchema } from '@lightpath/domain/sites';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { foundFirst } from '../../platform/found-first';
import { idempotencyKeyOf } from '../../platform/idempotency';
import type { ReplyCacheRule } from '../../platform/reply-cache';
import { contextOf } from '../../platform/service-context';
import {
  createAccessRequest,
  listAccessRequestsFor,
  type ReceivedFile,
  requireAccessSite,
  UploadRefused,
  uploadAccessForms,
} from './service';

// Fastify multipart's own refusals, in the words of the domain.
function multipartRefusal(error: unknown, fileName: string | null, maxBytes: number): AppError | null {
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new UploadRefused({
        status: 413,
        message: uploadMessages.tooLarge(fileName ?? 'A file', maxBytes),
      });
    case 'FST_FILES_LIMIT':
      return new UploadRefused({ status: 400, message: uploadMessages.tooMany });
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new UploadRefused({ status: 400, message: uploadMessages.fieldsNotAllowed });
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new UploadRefused({ status: 400, message: uploadMessages.notMultipart });
    default:
      return null;
  }
}

// Reads every file of the upload into memory, within the limits: at most maxFiles files of at most
// maxBytes each, no other fields. Names are kept as sent (preservePath) so that a name with a path in
// it is refused rather than quietly cut down to its last part.
async function receiveFiles(request: FastifyRequest, maxBytes: number): Promise<ReceivedFile[]> {
  if (!request.isMultipart()) throw new AppError(415, uploadMessages.notMultipart);
  const files: ReceivedFile[] = [];
  let current: string | null = null;
  try {
    const parts = request.parts({
      preservePath: true,
      limits: { fileSize: maxBytes, files: accessUploadRules.maxFiles, fields: 0 },
    });
    for await (const part of parts) {
      if (part.type !== 'file')
        throw new UploadRefused({ status: 400, message: uploadMessages.fieldsNotAllowed });
      current = part.filename;
      files.push({ name: part.filename, bytes: await part.toBuffer() });
      current = null;
    }
  } catch (error) {
    throw multipartRefusal(error, current, maxBytes) ?? error;
  }
  return files;
}

const tags = ['access'];

const accessRequestReads: ReplyCacheRule = { reads: ['site_access_requests', 'sites', 'users', 'tickets'] };

export const accessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.dependencies;

  // Multipart is parsed only here, for the access form; the limits are set per request.
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });

  // Before the upload is read or the body validated: another customer's site is 404 whatever was sent.
  const siteInScopeFirst = foundFirst(siteParamsSchema, (ctx, { siteid }) => requireAccessSite(ctx, siteid));

  // Spec 7.4 names both methods for the upload; they do the same.
  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/site/:siteid/access/form',
      config: { permission: 'access.request' },
      preValidation: siteInScopeFirst,
      schema: {
        tags,
        summary: `Upload the site access form (spec 7.4): multipart/form-data, each file under its own field name, at most ${accessUploadRules.maxFiles} files, no other fields. PDF, PNG, JPEG, .docx and .xlsx only, checked by name and by content. Answers 201 with a token per file, to name in POST site/{siteid}/access. Refusals store nothing: 400 (an empty file, a path or control character in a name, too many files), 413 (a file over the size limit), 415 (a type not allowed, or content that is not what its name says)`,
        params: siteParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 201: envelope(accessAttachmentsSchema) },
      },
      handler: async (request, reply) => {
        const files = await receiveFiles(request, config.uploads.maxBytes);
        const attachments = await uploadAccessForms(contextOf(request), request.params.siteid, files);
        return reply.status(201).send(ok({ attachments }));
      },
    });
  }

  app.post(
    '/site/:siteid/access',
    {
      config: { permission: 'access.request' },
      preValidation: siteInScopeFirst,
      schema: {
        tags,
        summary:
          "Request site access (spec 7.4). preflight: true answers the ticket that would be opened (requester, ccs, attachments, htmlcomment) and writes nothing; otherwise the ticket is opened (201, id = its number) with the named uploads attached. Refused (400) when the site's access type says to go elsewhere (0, 3, 5), when type 4 names no upload, or when the request is incomplete. An Idempotency-Key header makes a retry answer the first ticket",
        params: siteParamsSchema,
        body: accessRequestSchema,
        response: { 200: envelope(accessRequestReplySchema), 201: envelope(accessRequestReplySchema) },
      },
    },
    async (request, reply) => {
      const requestKey = idempotencyKeyOf(request);
      const outcome = await createAccessRequest(
        contextOf(request),
        request.params.siteid,
        request.body,
        requestKey,
      );
      if (outcome.kind === 'preflight') return ok(outcome.reply);
      return reply
        .status(outcome.kind === 'created' ? 201 : 200)
        .send(ok(outcome.reply, accessMessages.created(outcome.ticketid)));
    },
  );

  app.get(
    '/site/:siteid/access',
    {
      config: { permission: 'access.request', replyCache: accessRequestReads },
      schema: {
        tags,
        summary: "A site's access requests, newest first",
        params: siteParamsSchema,
        querystring: accessRequestListQuerySchema,
        response: { 200: listOf(accessRequestRowSchema) },
      },
    },
    async (request) =>
      ok(await listAccessRequestsFor(contextOf(request), request.params.siteid, request.query)),
  );
};
