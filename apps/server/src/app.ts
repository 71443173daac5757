import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { discoveredShelfOf } from '@lightpath/domain/netbox-inventory';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import type { Database } from './db/client';
import { awxFor } from './integrations/awx/select';
import { simulatedDeviceInventory } from './integrations/devices/simulator';
import { fetchPausedAfterFailure } from './integrations/failure-pause';
import { netboxClient } from './integrations/netbox/client';
import { simulatedNetBox, simulatedProviders } from './integrations/netbox/simulator';
import { netboxVersionOfShelf } from './integrations/netbox/simulator-dcim';
import { prometheusTelemetry } from './integrations/telemetry/prometheus';
import { simulatedTelemetry } from './integrations/telemetry/simulator';
import { ticketSystemFor } from './integrations/tickets/select';
import { simulatedZabbix } from './integrations/zabbix/demo';
import { zabbixApi } from './integrations/zabbix/zabbix-api';
import { accessRoutes } from './modules/access/routes';
import { apiLogRoutes } from './modules/api-logs/routes';
import { auditLogRoutes } from './modules/audit-log/routes';
import { authRoutes } from './modules/auth/routes';
import { awxRoutes } from './modules/awx/routes';
import { calendarRoutes } from './modules/calendar/routes';
import { changeReportRoutes } from './modules/change-reports/routes';
import { checkinRoutes } from './modules/checkins/routes';
import { colocationRoutes } from './modules/colocation/routes';
import { contactRoutes } from './modules/contacts/routes';
import { customerRoutes } from './modules/customers/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { netboxCheckRoutes } from './modules/equipment/netbox-routes';
import { equipmentRoutes } from './modules/equipment/routes';
import { getShelfDetailNamed } from './modules/equipment/service';
import { shelfHosts } from './modules/equipment/zabbix-hosts';
import { equipmentToolRoutes } from './modules/equipment-tools/routes';
import { eventRoutes } from './modules/events/routes';
import { exportRoutes } from './modules/exports/routes';
import { faqRoutes } from './modules/faq/routes';
import { integrationRoutes } from './modules/integrations/routes';
import { integrationRecorders } from './modules/integrations/service';
import { invoiceRoutes } from './modules/invoices/routes';
import { netboxRoutes } from './modules/netbox/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { portalRoutes } from './modules/portal/routes';
import { searchRoutes } from './modules/search/routes';
import { serviceReportRoutes } from './modules/service-reports/routes';
import { serviceRoutes } from './modules/services/routes';
import { siteRoutes } from './modules/sites/routes';
import { slaReportRoutes } from './modules/sla-reports/routes';
import { sparePartRoutes } from './modules/spare-parts/routes';
import { streamRoutes } from './modules/stream/routes';
import { subscriptionRoutes } from './modules/subscriptions/routes';
import { telemetryRoutes } from './modules/telemetry/routes';
import { ticketRoutes } from './modules/tickets/routes';
import { usageReportRoutes } from './modules/usage-reports/routes';
import { userRoutes } from './modules/users/routes';
import { zabbixRoutes } from './modules/zabbix/routes';
import { trackAllowedMethods } from './platform/allowed-methods';
import { logUnroutedCall, registerApiLog } from './platform/api-log';
import { detachedWork } from './platform/detached-work';
import { registerErrorHandling } from './platform/error-handler';
import { registerLifecycle } from './platform/lifecycle';
import { addBacklogGauges, registerMetrics, registerMetricsRoute } from './platform/metrics';
import { registerNavigationCounts } from './platform/navigation-counts';
import { registerOpenApi } from './platform/openapi';
import { registerAddressLimit, registerTokenLimit } from './platform/rate-limit';
import { redactUrl } from './platform/redact-url';
import { registerReplyCache } from './platform/reply-cache';
import { registerRequestContext } from './platform/request-context';
import { requestIdGenerator } from './platform/request-id';
import { apiSecurityHeaders, registerSecurityHeaders } from './platform/security-headers';
import { checkedSerializerCompiler, serializerCompiler } from './platform/serializer';
import { registerDependencies } from './platform/service-context';
import { fileStorageFor } from './platform/storage';
import { validatorCompiler } from './platform/validator';

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: ['req.headers["x-auth-token"]', 'req.headers.authorization', 'req.headers.cookie'],
      remove: true,
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}

// What browsers, crawlers and the built app fetch as files (scripts, styles, images, fonts, manifests).
const staticFileExtension =
  /\.(?:m?js|css|map|ico|png|svg|jpe?g|gif|webp|avif|woff2?|ttf|otf|eot|txt|json|xml|webmanifest|html?)$/i;

type BuildOptions = { logger?: boolean; logStream?: DestinationStream };

export async function buildApp(config: Config, database: Database, options: BuildOptions = {}) {
  const logger = loggerOptions(config);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : options.logStream
          ? { ...(logger as object), stream: options.logStream }
          : logger,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    genReqId: requestIdGenerator({ trustProxy: config.trustProxy }),
    // Spec 7 writes some paths with a trailing slash (POST service/, site/{id}/contact/): both forms answer.
    routerOptions: { ignoreTrailingSlash: true },
    // A request that arrives while the instance closes gets the envelope's 503 from platform/lifecycle.ts,
    // not Fastify's own body.
    return503OnClosing: false,
    // The router's own refusals (a path parameter over 100 characters, a bad %-escape) answer in the
    // envelope like every other error, not with Fastify's body.
    frameworkErrors: (error, request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      // Typed for no route in particular: the envelope is what every route answers.
      const answer = reply as FastifyReply;
      answer.headers(apiSecurityHeaders(request.protocol === 'https'));
      answer.code(tooLong ? 414 : 400).send({
        result: 'Failure',
        message: tooLong ? 'The address is too long' : 'The address is not valid',
      });
    },
  });
  const allowedMethods = trackAllowedMethods(app);
  app.setValidatorCompiler(validatorCompiler);
  // Under test each reply is also checked against its schema (platform/serializer.ts).
  app.setSerializerCompiler(config.env === 'test' ? checkedSerializerCompiler : serializerCompiler);
  registerErrorHandling(app);
  registerLifecycle(app);

  registerSecurityHeaders(app, { prefix: '/api/docs', inline: () => app.swaggerCSP });

  await registerOpenApi(app, config);

  // Before any route is added, so every route gets its observer (issue 19: /metrics).
  const metrics = registerMetrics(app);
  registerMetricsRoute(app, metrics, config.metricsToken);

  // Rate limits (docs/decisions/043) around the session lookup: by address before it, by token after.
  registerAddressLimit(app, config.rateLimits);
  registerRequestContext(app, database.query);
  registerTokenLimit(app, config.rateLimits);
  // Every API call, for the NOC's API logs page (docs/decisions/034): queued here, written in batches.
  registerApiLog(app, database.query, { enabled: config.apiLog.enabled });
  registerReplyCache(app, { query: database.query, maxBytes: config.replyCacheBytes, build: config.version });

  const { db } = database;
  // External systems: the real client when configured, otherwise the built-in simulator (decisions.md).
  // Real clients report each call's outcome for Administration → Integrations (docs/decisions/018).
  const recorders = integrationRecorders(db, config, app.log, metrics);
  addBacklogGauges(metrics, database, app.apiLog);
  app.addHook('onClose', () => recorders.flush());
  const telemetry = config.telemetry.prometheusUrl
    ? prometheusTelemetry({
        url: config.telemetry.prometheusUrl,
        queries: config.telemetry.queries,
        timeoutMs: config.telemetry.timeoutMs,
        health: recorders.for('telemetry'),
        fetch: fetchPausedAfterFailure('Prometheus', config.externalPauseMs),
      })
    : simulatedTelemetry(db);
  const netbox =
    config.netbox.url && config.netbox.token
      ? netboxClient({
          url: config.netbox.url,
          token: config.netbox.token,
          headEndRole: config.netbox.headEndRole,
          timeoutMs: config.netbox.timeoutMs,
          health: recorders.for('netbox'),
          fetch: fetchPausedAfterFailure('NetBox', config.externalPauseMs),
        })
      : simulatedNetBox(db, {
          providerName: config.provider.name,
          providerCode: config.provider.code,
          // The demo NetBox knows each shelf as the equipment area has it, one in five out of date,
          // read when NetBox checks first ask for it (so a shelf added later has a record too).
          loadDevice: async (name) => {
            const detail = await getShelfDetailNamed({ db, query: database.query }, name);
            return detail && netboxVersionOfShelf(discoveredShelfOf(detail));
          },
        });
  const zabbix = config.zabbix
    ? zabbixApi({
        ...config.zabbix,
        health: recorders.for('zabbix'),
        fetch: fetchPausedAfterFailure('Zabbix', config.externalPauseMs),
      })
    : simulatedZabbix(db, shelfHosts);
  const tickets = ticketSystemFor(config, app.log, recorders.for('tickets'));
  const awx = awxFor(config, { db, telemetry, health: recorders.for('awx') });
  const awxInstance = config.awx ? config.awx.url : `simulator@${hostname()}:${process.pid}`;
  registerNavigationCounts(app);
  registerDependencies(app, {
    db,
    query: database.query,
    transaction: database.transaction,
    config,
    tickets,
    telemetry,
    netbox,
    zabbix,
    devices: simulatedDeviceInventory(),
    awx,
    awxInstance,
    storage: fileStorageFor(config),
    detached: detachedWork(),
    log: app.log,
  });
  await app.register(
    async (api) => {
      await api.register(portalRoutes, { databaseKind: database.kind });
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(customerRoutes);
      await api.register(searchRoutes, { circuitProviders: simulatedProviders(config.provider.name) });
      await api.register(dashboardRoutes);
      await api.register(siteRoutes);
      await api.register(serviceRoutes);
      await api.register(exportRoutes);
      await api.register(telemetryRoutes);
      await api.register(netboxRoutes);
      await api.register(eventRoutes);
      await api.register(notificationRoutes);
      await api.register(calendarRoutes);
      await api.register(streamRoutes, { db, query: database.query });
      await api.register(contactRoutes);
      await api.register(subscriptionRoutes);
      await api.register(faqRoutes);
      await api.register(ticketRoutes);
      await api.register(accessRoutes);
      await api.register(checkinRoutes);
      await api.register(integrationRoutes);
      await api.register(sparePartRoutes);
      await api.register(zabbixRoutes);
      await api.register(equipmentRoutes);
      await api.register(equipmentToolRoutes);
      await api.register(netboxCheckRoutes);
      await api.register(awxRoutes);
      await api.register(colocationRoutes);
      await api.register(apiLogRoutes);
      await api.register(auditLogRoutes);
      await api.register(invoiceRoutes);
      await api.register(changeReportRoutes);
      await api.register(usageReportRoutes);
      await api.register(slaReportRoutes);
      await api.register(serviceReportRoutes);
    },
    { prefix: '/api' },
  );

  const hasWeb = existsSync(join(config.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      // Hashed asset names never change content, so browsers may keep them for a year.
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    // No route's hooks run for this call: the API log and the metrics are told once it is sent.
    const handlerStart = performance.now();
    reply.raw.once('close', () => {
      logUnroutedCall(app.apiLog, request, reply, handlerStart);
      metrics.observeUnrouted(request, reply);
    });
    const path = request.url.split('?')[0] ?? '/';
    const allow = allowedMethods(path);
    if (allow.length > 0) {
      return reply
        .status(405)
        .header('allow', allow.join(', '))
        .send({
          result: 'Failure',
          message: `${request.method} is not allowed here. Allowed: ${allow.join(', ')}`,
        });
    }
    // The web app owns every other path that names no file: it routes client-side and shows its own
    // 404 page. A missing file (an old hashed asset, /favicon.ico) is a 404, never the page, which a
    // browser would run as a script or cache as an icon; a doubled slash is no address of ours.
    // A file is named by its extension, not by any dot: a search for 10.0.0.1 is a client route.
    const namesFile = staticFileExtension.test(path);
    const wantsPage =
      hasWeb &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api') &&
      !path.startsWith('/assets/') &&
      !path.includes('//') &&
      !namesFile;
    if (wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send({
      result: 'Failure',
      message: `No such endpoint: ${request.method} ${redactUrl(path)}`,
    });
  });

  return app;
}
