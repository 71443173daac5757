import { createHash } from 'node:crypto';
import { recentEventSeconds } from '@lightpath/domain/events';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawQuery } from '../db/client';
import type { SignedIn } from './request-context';

// Repeat reads (docs/decisions/028). A GET reply that reads only the portal's own tables is kept in
// memory under who asked and what they asked, together with the versions of the tables it read.
// The versions come with the session lookup every signed-in request already makes, so a repeat read
// costs that one query and a copy of bytes; and browsers holding the reply's ETag get a 304.
//
// Exactness: writes bump a table's version in their own transaction (migration 0013), so a version
// seen means every row written under it is visible, whichever instance wrote it. The versions are
// read before the handler queries, so a reply can only be newer than its versions say, never older.
// Time matters too: a service's condition and an event's timing change when an event starts or
// ends, with no write; replies that say so carry the next such instant in their validator.

// Tables whose writes bump a version: every table a reply can show. Not tracked: sessions and sign-in
// records (read by the session lookup itself, never cached), the audit trail, the outbox, the change
// feed and server secrets. The migration attaches the trigger to exactly these (a test checks both).
export const trackedTables = [
  'awx_job_watches',
  'awx_jobs',
  'calendar_feeds',
  'contacts',
  'cross_connects',
  'customers',
  'equipment_alarms',
  'equipment_cards',
  'equipment_parts',
  'equipment_ports',
  'event_comments',
  'event_notifications',
  'event_requests',
  'event_services',
  'events',
  'faq_articles',
  'integration_status',
  'invoices',
  'rack_spaces',
  'service_notifications',
  'service_patching',
  'service_usage_months',
  'services',
  'shelves',
  'simulated_third_party_circuits',
  'site_access_requests',
  'site_checkins',
  'site_contacts',
  'sites',
  'spare_part_movements',
  'spare_parts',
  'ticket_attachments',
  'ticket_comments',
  'tickets',
  'users',
  'zabbix_mutes',
] as const;
export type TrackedTable = (typeof trackedTables)[number];

// Every other table, and why no kept reply depends on it.
export const untrackedTables: Record<string, string> = {
  sessions: 'read by the session lookup of every request, before any kept reply is looked at',
  password_resets: 'never listed',
  login_attempts: 'never listed',
  audit_log: 'no kept reply shows the audit trail',
  outbox: 'no kept reply shows the outbox',
  change_log: "the live stream's own feed",
  // Written every second while anyone uses the portal: a version would change on every batch and
  // invalidate every kept reply. The API logs page reads it fresh (modules/api-logs).
  api_logs: 'written by every request; its page is read fresh',
  server_secrets: 'never shown',
  // Kept by triggers on services in the statement that changes them (docs/decisions/042): a reply
  // reading the totals or the search texts declares services, whose version the same transaction bumps.
  service_totals: 'derived from services in the same statement; readers declare services',
  service_search_texts: 'derived from services in the same statement; readers declare services',
  service_type_totals: 'derived from services in the same statement; readers declare services',
  // Kept by triggers on awx_jobs in the statement that writes the job (docs/decisions/042): the jobs
  // list declares awx_jobs, whose version the same transaction bumps.
  awx_job_search_texts: 'derived from awx_jobs in the same statement; readers declare awx_jobs',
  // Kept by triggers on the searched tables in the writing statement (docs/decisions/046): the search
  // declares those tables, whose versions the same transaction bumps.
  search_entries: 'derived from the searched tables in the same statement; the search declares them',
  // Kept by triggers on equipment_alarms in the writing statement (docs/decisions/050): the shelf
  // lists declare equipment_alarms, whose version the same transaction bumps.
  shelf_alarm_counts: 'derived from equipment_alarms in the same statement; readers declare equipment_alarms',
  shelf_part_counts:
    'derived from equipment_cards and equipment_ports in the same statement; readers declare both',
  // Kept by triggers on events in the writing statement (docs/decisions/053): the events lists declare
  // events, whose version the same transaction bumps.
  event_type_totals: 'derived from events in the same statement; readers declare events',
  data_versions: 'the versions themselves',
  data_version_commits: 'the versions themselves',
};

// Every GET route that answers a list says how its reply is kept (a test walks the routes), so a new
// list cannot be forgotten: the tables it reads, or why it is read fresh every time.
export type ReplyCacheRule =
  | {
      reads: readonly TrackedTable[];
      // The reply depends on which events have started or ended, or entered or left the
      // recent-event window (conditions, event timing, the events list's views).
      eventTime?: boolean;
    }
  | { fresh: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    replyCache?: ReplyCacheRule;
  }
  interface FastifyRequest {
    replyToKeep: { key: string; validator: string; etag: string } | null;
  }
}

export const replyCacheHeader = 'x-reply-cache';

// The routes whose replies are kept: the session lookup reads the versions for them only.
export function keepsReplies(
  rule: ReplyCacheRule | undefined,
): rule is Extract<ReplyCacheRule, { reads: unknown }> {
  return rule !== undefined && 'reads' in rule;
}

type KeptReply = { validator: string; etag: string; body: Buffer };

// Least recently used first out, bounded by the bytes of the bodies kept (keys are small beside them).
export class ReplyStore {
  private readonly replies = new Map<string, KeptReply>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}

  get(key: string): KeptReply | undefined {
    const kept = this.replies.get(key);
    if (kept) {
      this.replies.delete(key);
      this.replies.set(key, kept);
    }
    return kept;
  }

  set(key: string, kept: KeptReply) {
    this.delete(key);
    if (kept.body.length > this.maxBytes) return;
    this.replies.set(key, kept);
    this.bytes += kept.body.length;
    for (const [oldest, reply] of this.replies) {
      if (this.bytes <= this.maxBytes) break;
      this.replies.delete(oldest);
      this.bytes -= reply.body.length;
    }
  }

  delete(key: string) {
    const kept = this.replies.get(key);
    if (!kept) return;
    this.replies.delete(key);
    this.bytes -= kept.body.length;
  }

  stats() {
    return { replies: this.replies.size, bytes: this.bytes, maxBytes: this.maxBytes };
  }
}

// 'customers=3,events=12,...' as the session lookup returns it.
export function parseVersions(text: string | null | undefined): Map<string, string> {
  const versions = new Map<string, string>();
  for (const pair of (text ?? '').split(',')) {
    const at = pair.indexOf('=');
    if (at > 0) versions.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return versions;
}

// The first instant after `now` at which an event starts or ends, or a start or an end leaves the
// recent-event window, in epoch milliseconds (null when none is ahead). Each of the four is the first
// start or end past an instant, one probe of the events' start or end index: reading every event's four
// instants took 14 ms over the national data's 20,000 events, on the first request after any change
// to an event.
export function nextEventInstantSql(now: string): string {
  const recent = `interval '${recentEventSeconds} seconds'`;
  return `select (extract(epoch from least(
      (select min(start_time) from events where start_time > ${now}),
      (select min(end_time) from events where end_time > ${now}),
      (select min(start_time) from events where start_time > ${now} + ${recent}) - ${recent},
      (select min(end_time) from events where end_time > ${now} - ${recent}) + ${recent}
    )) * 1000)::float8 as next`;
}

// The next event instant (above), or Infinity when none is ahead. Asked again only when the events
// table has changed or that instant has passed; concurrent askers share one query.
export function createEventClock(query: RawQuery) {
  const sql = nextEventInstantSql('now()');
  let known: { eventsVersion: string; next: number } | null = null;
  let asking: { eventsVersion: string; answer: Promise<number> } | null = null;

  return async function nextEventInstant(eventsVersion: string): Promise<number> {
    if (known && known.eventsVersion === eventsVersion && Date.now() < known.next) return known.next;
    if (asking && asking.eventsVersion === eventsVersion) return asking.answer;
    const answer = query<{ next: number | null }>('lightpath_next_event_instant', sql, []).then(([row]) => {
      const next = row?.next ?? Number.POSITIVE_INFINITY;
      known = { eventsVersion, next };
      return next;
    });
    asking = { eventsVersion, answer };
    try {
      return await answer;
    } finally {
      if (asking?.answer === answer) asking = null;
    }
  };
}

// Everything about the caller that a reply can depend on: the user, the role and customer they act
// as (impersonation changes both), and the zone times are written in.
function callerKey(session: SignedIn): string {
  const { actor, user } = session;
  return [
    actor.userId,
    actor.type,
    actor.customerId,
    actor.companyAdmin ? 1 : 0,
    actor.chameleon,
    actor.realType,
    actor.realCustomerId,
    user.timeZone ?? '',
  ].join(':');
}

export type ReplyCacheOptions = {
  query: RawQuery;
  maxBytes: number;
  // The build: a reply's shape can change between builds with the data unchanged.
  build: string;
};

// Registered after the request context, whose hook has by then signed the caller in and read the
// versions. A kept reply is answered before the request's body or query is even validated: it was
// valid when it was kept, under the same address.
export function registerReplyCache(app: FastifyInstance, options: ReplyCacheOptions) {
  const store = new ReplyStore(options.maxBytes);
  const nextEventInstant = createEventClock(options.query);
  app.decorate('replyStore', store);
  app.decorateRequest('replyToKeep', null);
  // Requests answered from one shared session lookup carry the same versions text: parse it once.
  let parsed: { text: string | null; versions: Map<string, string> } = { text: null, versions: new Map() };
  const versionsOf = (text: string | null) => {
    if (parsed.text !== text) parsed = { text, versions: parseVersions(text) };
    return parsed.versions;
  };

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const rule = request.routeOptions.config.replyCache;
    if (!keepsReplies(rule) || request.method !== 'GET' || !request.signedIn) return;
    const session = request.signedIn;
    const versions = versionsOf(session.dataVersions);
    const database = versions.get('_database') ?? '';
    let validator = rule.reads.map((table) => versions.get(table) ?? '-').join('.');
    if (rule.eventTime) validator += `@${await nextEventInstant(versions.get('events') ?? '-')}`;
    const key = `${request.url}\n${callerKey(session)}`;
    const kept = store.get(key);
    const current = kept?.validator === validator ? kept : undefined;
    // The ETag is a hash of what the reply depends on: worked out once per kept reply, not per read.
    const etag =
      current?.etag ??
      `"${createHash('sha256')
        .update(`${options.build}\n${database}\n${key}\n${validator}`)
        .digest('base64url')
        .slice(0, 32)}"`;
    // Browsers may keep the reply for this token only, and must ask before using it again.
    reply.headers({ 'cache-control': 'private, no-cache', vary: 'X-Auth-Token', etag });
    if (request.headers['if-none-match'] === etag) {
      reply.header(replyCacheHeader, 'revalidated');
      return reply.code(304).send();
    }
    if (current) {
      reply.header(replyCacheHeader, 'hit').type('application/json; charset=utf-8');
      return reply.send(current.body);
    }
    reply.header(replyCacheHeader, 'miss');
    request.replyToKeep = { key, validator, etag };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const toKeep = request.replyToKeep;
    if (!toKeep) return payload;
    if (reply.statusCode === 200 && typeof payload === 'string') {
      store.set(toKeep.key, { validator: toKeep.validator, etag: toKeep.etag, body: Buffer.from(payload) });
    } else {
      // An error or a stream is neither kept here nor by the browser.
      reply.removeHeader('etag');
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    replyStore: ReplyStore;
  }
}
