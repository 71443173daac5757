import { type Scope, scopeOf } from '@lightpath/domain/actor';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db, RawQuery, RawTransaction } from '../db/client';
import type { Awx } from '../integrations/awx/awx';
import type { DeviceInventory } from '../integrations/devices/devices';
import type { NetBox } from '../integrations/netbox/netbox';
import type { Telemetry } from '../integrations/telemetry/telemetry';
import type { TicketSystem } from '../integrations/tickets/ticket-system';
import type { Zabbix } from '../integrations/zabbix/zabbix';
import type { DetachedWork } from './detached-work';
import { type SignedIn, signedIn } from './request-context';
import type { FileStorage } from './storage';

// What the app is wired to, built once in buildApp. A background job with no caller takes a Pick<> of it.
export type Dependencies = {
  db: Db;
  query: RawQuery;
  transaction: RawTransaction;
  config: Config;
  tickets: TicketSystem;
  telemetry: Telemetry;
  netbox: NetBox;
  zabbix: Zabbix;
  devices: DeviceInventory;
  awx: Awx;
  // Which AWX a job was launched on: the real one's address, or this process's simulator (whose jobs
  // no other instance can read, docs/decisions/029).
  awxInstance: string;
  storage: FileStorage;
  // Work a request leaves running after its reply, which a graceful stop waits for.
  detached: DetachedWork;
  log: FastifyBaseLogger;
};

// The signed-in session with its scope worked out once, so no service derives it again.
export type Caller = SignedIn & { scope: Scope };

// The one argument every service function takes first: who is asking and what the app is wired to.
// HTTP stays in the routes: headers, cookies and the body are read there and passed as plain input;
// only the client address travels here, because every audited write records it.
export type ServiceContext = Dependencies & { caller: Caller; clientIp: string };

// Sign-in, password reset and the other public routes: the same, with nobody signed in yet.
export type PublicContext = Dependencies & { caller: null; clientIp: string };

declare module 'fastify' {
  interface FastifyInstance {
    dependencies: Dependencies;
  }
}

export function registerDependencies(app: FastifyInstance, dependencies: Dependencies) {
  app.decorate('dependencies', dependencies);
}

// The request's own logger replaces the app's, so a service's log lines carry the request id.
export function contextOf(request: FastifyRequest): ServiceContext {
  const session = signedIn(request);
  return {
    ...request.server.dependencies,
    log: request.log,
    caller: { ...session, scope: scopeOf(session.actor) },
    clientIp: request.ip,
  };
}

export function publicContextOf(request: FastifyRequest): PublicContext {
  return { ...request.server.dependencies, log: request.log, caller: null, clientIp: request.ip };
}
