import { envelope, failure, listOf } from '@lightpath/domain/api';
import {
  awxJobCsvColumns,
  awxJobDetailSchema,
  awxJobExportQuerySchema,
  awxJobListQuerySchema,
  awxJobParamsSchema,
  awxJobSchema,
  awxLaunchSchema,
  awxMessages,
  awxOperationInfo,
  awxOperations,
  awxOutputQuerySchema,
  awxOutputSchema,
  awxWatchListSchema,
  awxWatchSchema,
} from '@lightpath/domain/awx';
import { shelfParamsSchema } from '@lightpath/domain/equipment';
import { serviceParamsSchema } from '@lightpath/domain/services';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listExportRoute, readerZone } from '../../platform/csv-export';
import { sendDownload } from '../../platform/download';
import { ok } from '../../platform/envelope';
import { Invalid } from '../../platform/errors';
import { idempotencyKeyOf } from '../../platform/idempotency';
import type { ReplyCacheRule } from '../../platform/reply-cache';
import { contextOf } from '../../platform/service-context';
import {
  cancelJobFor,
  clearWatchList,
  getJobFor,
  jobOutputFile,
  jobOutputFor,
  latestJobOfService,
  launchOperation,
  listJobsFor,
  serviceToolJob,
  shelfMacTableJob,
  unwatchJob,
  watchJob,
  watchListFor,
} from './service';

const tags = ['automation'];
// AWX refused the launch or could not be reached: 502 with its reason (docs/decisions/029).
const awxFailed = { 502: failure };
// Jobs change as AWX runs them, which the follower writes here: a kept list is exact.
const jobReads: ReplyCacheRule = { reads: ['awx_jobs'] };
const watchReads: ReplyCacheRule = { reads: ['awx_jobs', 'awx_job_watches'] };

// Spec 7.7 and 7.8: device operations, the jobs list and a job's page; the header's watch list
// (spec 2.3, 4). The NOC and engineering (jobs.manage).
export const awxRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const operation of awxOperations) {
    const info = awxOperationInfo[operation];
    app.post(
      `/awx/${operation}`,
      {
        config: { permission: 'jobs.manage' },
        schema: {
          tags,
          summary: `${info.label}: launch the AWX job on the devices of equipmentarray${
            info.needsPort ? ', each with the port it acts on' : ''
          }${info.changes ? '; changes the devices, so `confirmed: true` is required' : ''}. An Idempotency-Key makes a retry answer the first job`,
          body: awxLaunchSchema,
          response: { 200: envelope(awxJobSchema), 201: envelope(awxJobSchema), ...awxFailed },
        },
      },
      async (request, reply) => {
        const key = idempotencyKeyOf(request);
        const { job, created } = await launchOperation(contextOf(request), operation, request.body, key);
        return reply
          .status(created ? 201 : 200)
          .send(ok(job, awxMessages.launched(info.label, job.hosts.length)));
      },
    );
  }

  // Any other operation: a 400 that names the problem, not a 404 for a route that might exist later.
  app.post(
    '/awx/*',
    {
      config: { permission: 'jobs.manage' },
      // Not an operation of the API: left out of its reference, which lists the real ones.
      schema: { hide: true },
    },
    async () => {
      throw Invalid.field('operation', awxMessages.unknownOperation);
    },
  );

  app.get(
    '/awx/jobs',
    {
      config: { permission: 'jobs.manage', replyCache: jobReads },
      schema: {
        tags,
        summary:
          'The jobs launched through the portal, newest first; filter by status, ongoing, equipmentid, serviceid and q (name, device, who launched it); sort by created, status or name',
        querystring: awxJobListQuerySchema,
        response: { 200: listOf(awxJobSchema) },
      },
    },
    async (request) => ok(await listJobsFor(contextOf(request), request.query)),
  );

  listExportRoute(app, {
    path: '/export/jobs',
    permission: 'jobs.manage',
    tags,
    summary:
      "The jobs list as a CSV file: every job its filters and sort select, all pages, streamed; times in the reader's zone. The same query as GET awx/jobs, without limit and offset",
    querystring: awxJobExportQuerySchema,
    filename: 'awx-jobs.csv',
    columns: (ctx) => awxJobCsvColumns(readerZone(ctx), Math.floor(Date.now() / 1000)),
    page: listJobsFor,
  });

  app.get(
    '/awx/jobs/:jobid',
    {
      config: { permission: 'jobs.manage', replyCache: jobReads },
      schema: {
        tags,
        summary:
          "One job: its hosts' summaries, AWX's reason when it failed, and its result once it has ended",
        params: awxJobParamsSchema,
        response: { 200: envelope(awxJobDetailSchema) },
      },
    },
    async (request) => ok(await getJobFor(contextOf(request), request.params.jobid)),
  );

  app.get(
    '/awx/jobs/:jobid/output',
    {
      config: { permission: 'jobs.manage', replyCache: jobReads },
      schema: {
        tags,
        summary: "The job's output lines after line `after` (0: all), and where to read from next",
        params: awxJobParamsSchema,
        querystring: awxOutputQuerySchema,
        response: { 200: envelope(awxOutputSchema) },
      },
    },
    async (request) => ok(await jobOutputFor(contextOf(request), request.params.jobid, request.query.after)),
  );

  app.get(
    '/awx/jobs/:jobid/output.txt',
    {
      config: { permission: 'jobs.manage' },
      schema: {
        tags,
        summary: "Download the job's whole output as text",
        params: awxJobParamsSchema,
        produces: ['text/plain'],
      },
    },
    async (request, reply) => {
      const file = await jobOutputFile(contextOf(request), request.params.jobid);
      return sendDownload(reply, {
        filename: file.name,
        contentType: 'text/plain; charset=utf-8',
        body: file.text,
      });
    },
  );

  app.post(
    '/awx/jobs/:jobid/cancel',
    {
      config: { permission: 'jobs.manage' },
      schema: {
        tags,
        summary: 'Ask AWX to cancel a running job; one that has ended is answered as it is',
        params: awxJobParamsSchema,
        response: { 200: envelope(awxJobSchema), ...awxFailed },
      },
    },
    async (request) => ok(await cancelJobFor(contextOf(request), request.params.jobid)),
  );

  app.get(
    '/awx/watch',
    {
      config: { permission: 'jobs.manage', replyCache: watchReads },
      schema: {
        tags,
        summary: "The signed-in user's watched jobs, newest first",
        response: { 200: envelope(awxWatchListSchema) },
      },
    },
    async (request) => ok(await watchListFor(contextOf(request))),
  );

  app.post(
    '/awx/watch',
    {
      config: { permission: 'jobs.manage' },
      schema: {
        tags,
        summary: 'Watch a job (watching it again keeps one entry)',
        body: awxWatchSchema,
        response: { 200: envelope(awxWatchListSchema) },
      },
    },
    async (request) => ok(await watchJob(contextOf(request), request.body.jobid), awxMessages.watching),
  );

  app.delete(
    '/awx/watch/:jobid',
    {
      config: { permission: 'jobs.manage' },
      schema: {
        tags,
        summary: 'Stop watching a job',
        params: awxJobParamsSchema,
        response: { 200: envelope(awxWatchListSchema) },
      },
    },
    async (request) => ok(await unwatchJob(contextOf(request), request.params.jobid), awxMessages.unwatched),
  );

  app.delete(
    '/awx/watch',
    {
      config: { permission: 'jobs.manage' },
      schema: {
        tags,
        summary: 'Clear the watch list',
        response: { 200: envelope(awxWatchListSchema) },
      },
    },
    async (request) => ok(await clearWatchList(contextOf(request)), awxMessages.watchCleared),
  );

  // Spec 7.3's service tools and 7.8's job of a service. They are GETs in the spec: each launches the
  // job that reads the devices, or answers the same job again within a minute (service.ts), so a
  // reload does not launch another.
  for (const tool of ['mactable', 'layer1'] as const) {
    app.get(
      `/tools/${tool}/:serviceid`,
      {
        config: { permission: 'jobs.manage' },
        schema: {
          tags,
          summary:
            tool === 'mactable'
              ? "The MAC table of the devices at the service's ends: launches show/mactable, or answers the one launched in the last minute"
              : "Layer 1 of the service's ends (optics and port state): launches show/interfaceoptics on their ports, or answers the one launched in the last minute",
          params: serviceParamsSchema,
          response: { 200: envelope(awxJobSchema), 201: envelope(awxJobSchema), ...awxFailed },
        },
      },
      async (request, reply) => {
        const { job, created } = await serviceToolJob(contextOf(request), request.params.serviceid, tool);
        return reply
          .status(created ? 201 : 200)
          .send(ok(job, awxMessages.launched(job.name, job.hosts.length)));
      },
    );
  }

  app.get(
    '/tools/mactable/full/:id',
    {
      config: { permission: 'jobs.manage' },
      schema: {
        tags,
        summary: 'The whole MAC table of one shelf: launches show/mactable on it',
        params: shelfParamsSchema,
        response: { 201: envelope(awxJobSchema), ...awxFailed },
      },
    },
    async (request, reply) => {
      const { job } = await shelfMacTableJob(contextOf(request), request.params.id);
      return reply.status(201).send(ok(job, awxMessages.launched(job.name, job.hosts.length)));
    },
  );

  app.get(
    '/awx/job/:serviceid',
    {
      config: { permission: 'jobs.manage' },
      schema: {
        tags,
        summary: "The service's latest job; a service with none answers 404 with the message",
        params: serviceParamsSchema,
        response: { 200: envelope(awxJobSchema) },
      },
    },
    async (request) => ok(await latestJobOfService(contextOf(request), request.params.serviceid)),
  );
};
