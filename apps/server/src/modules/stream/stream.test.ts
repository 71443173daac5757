import type { Change } from '@lightpath/domain/live-updates';
import { and, eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { sessions } from '../../db/schema/auth';
import { customers } from '../../db/schema/customers';
import { services } from '../../db/schema/inventory';
import { changeLog } from '../../db/schema/platform';
import { recordChange } from '../../platform/changes';
import { registerErrorHandling } from '../../platform/error-handler';
import { registerMetrics } from '../../platform/metrics';
import { registerRequestContext } from '../../platform/request-context';
import { serializerCompiler } from '../../platform/serializer';
import { hashToken } from '../../platform/tokens';
import { buildTestApp, demo, type TestApp } from '../../test/helper';
import { createChangeFeed } from './change-feed';
import { streamRoutes } from './routes';

let t: TestApp;
let base: string;
let token: string;
let ids: { ung: number; ebh: number };

beforeAll(async () => {
  t = await buildTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  token = await t.login(demo.ungUser);
  const rows = await t.database.db
    .select({ id: customers.customerId, code: customers.customerCode })
    .from(customers);
  const byCode = new Map(rows.map((row) => [row.code, row.id]));
  ids = { ung: byCode.get('UNG')!, ebh: byCode.get('EBH')! };
});
afterAll(() => t.close());

type Message = { event: string; data: string; at: number };

// A deliberately plain reader of the wire format, independent of the web app's parser.
async function openStream(origin: string, options: { token?: string; accept?: string } = {}) {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: options.accept ?? 'text/event-stream' };
  if (options.token !== undefined) headers['x-auth-token'] = options.token;
  const response = await fetch(`${origin}/api/stream`, { headers, signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const messages: Message[] = [];
  const comments: string[] = [];
  let buffer = '';
  let ended = false;
  let pending: Promise<void> | null = null;

  // Reads one chunk (or notices the end); several waiters share one outstanding read.
  const pump = () => {
    pending ??= reader.read().then(
      ({ value, done }) => {
        pending = null;
        if (done) {
          ended = true;
          return;
        }
        buffer += value;
        let blank = buffer.indexOf('\n\n');
        while (blank >= 0) {
          const block = buffer.slice(0, blank);
          buffer = buffer.slice(blank + 2);
          const message: Message = { event: 'message', data: '', at: Date.now() };
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line);
            else if (line.startsWith('event: ')) message.event = line.slice(7);
            else if (line.startsWith('data: ')) message.data = line.slice(6);
          }
          if (block.split('\n').some((line) => line.startsWith('event: ') || line.startsWith('data: ')))
            messages.push(message);
          blank = buffer.indexOf('\n\n');
        }
      },
      () => {
        pending = null;
        ended = true;
      },
    );
    return pending;
  };

  async function until<T>(found: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = found();
      if (value !== undefined) return value;
      if (ended) throw new Error(`stream ended while waiting for ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${timeoutMs} ms`);
      await Promise.race([pump(), new Promise((resolve) => setTimeout(resolve, left))]);
    }
  }

  return {
    response,
    messages,
    comments,
    // The next message of this name after the first `skip` of them.
    next: (event: string, skip = 0, timeoutMs = 2_000) =>
      until(() => messages.filter((m) => m.event === event)[skip], timeoutMs, `'${event}' #${skip + 1}`),
    ended: async (timeoutMs = 2_000) => {
      await until(() => (ended ? true : undefined), timeoutMs, 'end of stream').catch((error) => {
        if (!ended) throw error;
      });
      return ended;
    },
    // Lets whatever arrives within `ms` land in `messages`.
    drain: async (ms: number) => {
      const deadline = Date.now() + ms;
      while (!ended && Date.now() < deadline) {
        await Promise.race([pump(), new Promise((resolve) => setTimeout(resolve, deadline - Date.now()))]);
      }
    },
    close: () => controller.abort(),
  };
}

describe('GET /api/stream', () => {
  it('answers an event stream that opens with retry and ready', async () => {
    const stream = await openStream(base, { token });
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.response.headers.get('cache-control')).toBe('no-cache');
      expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
      // The API's security headers survive the hijacked reply.
      expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
      const ready = await stream.next('ready');
      expect(ready.data).toBe('{}');
    } finally {
      stream.close();
    }
  });

  it('sends a change event within 2 s of a change, one per batch of changes', async () => {
    const stream = await openStream(base, { token });
    try {
      await stream.next('ready');
      const recordedAt = Date.now();
      await recordChange(t.database.db, 'events', [ids.ung]);
      const change = await stream.next('change', 0, 2_000);
      expect(JSON.parse(change.data)).toEqual({ topics: ['events'] });
      expect(change.at - recordedAt).toBeLessThan(2_000);
      console.info(`stream latency, change_log insert to event received: ${change.at - recordedAt} ms`);

      // Several changes committed together reach the browser as one event.
      await t.database.db.transaction(async (tx) => {
        await recordChange(tx, 'events', [ids.ung]);
        await recordChange(tx, 'events', [ids.ung]);
        await recordChange(tx, 'events', [ids.ung]);
      });
      await stream.next('change', 1);
      await stream.drain(1_200);
      expect(stream.messages.filter((m) => m.event === 'change')).toHaveLength(2);
    } finally {
      stream.close();
    }
  });

  it('refuses a request without a session, and one that does not ask for an event stream', async () => {
    const anonymous = await fetch(`${base}/api/stream`, { headers: { accept: 'text/event-stream' } });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ result: 'Failure' });
    const expired = await fetch(`${base}/api/stream`, {
      headers: { accept: 'text/event-stream', 'x-auth-token': 'x'.repeat(43) },
    });
    expect(expired.status).toBe(401);
    // inject() is what the route walk uses: a plain request is refused rather than left hanging.
    const plain = await t.call({ method: 'GET', url: '/api/stream', as: token });
    expect(plain.statusCode).toBe(406);
  });

  it('ends the stream when its session expires', async () => {
    const expiring = await t.login(demo.ebhAdmin);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 800) })
      .where(eq(sessions.tokenHash, hashToken(expiring)));
    const stream = await openStream(base, { token: expiring });
    await stream.next('ready');
    expect(await stream.ended(3_000)).toBe(true);
  });

  it('delivers a change to the browsers of every instance sharing the database', async () => {
    const second = await buildApp(t.config, t.database, { logger: false });
    const secondBase = await second.listen({ port: 0, host: '127.0.0.1' });
    const onFirst = await openStream(base, { token });
    const onSecond = await openStream(secondBase, { token });
    let secondClosed = false;
    try {
      await Promise.all([onFirst.next('ready'), onSecond.next('ready')]);
      await recordChange(t.database.db, 'events', [ids.ung]);
      const [first, other] = await Promise.all([onFirst.next('change'), onSecond.next('change')]);
      expect(JSON.parse(first.data)).toEqual({ topics: ['events'] });
      expect(JSON.parse(other.data)).toEqual({ topics: ['events'] });

      // Closing an instance ends its streams instead of waiting for them forever.
      const closing = Date.now();
      await second.close();
      secondClosed = true;
      expect(Date.now() - closing).toBeLessThan(2_000);
      expect(await onSecond.ended()).toBe(true);
    } finally {
      onFirst.close();
      onSecond.close();
      if (!secondClosed) await second.close();
    }
  });

  it("tells each stream only of what its user may see: a customer never hears another customer's change", async () => {
    const [ungService] = await t.database.db
      .select({ id: services.serviceId })
      .from(services)
      .where(and(eq(services.customerId, ids.ung), eq(services.status, 1)))
      .limit(1);
    const streams = {
      ung: await openStream(base, { token }),
      ebh: await openStream(base, { token: await t.login(demo.ebhAdmin) }),
      noc: await openStream(base, { token: await t.login(demo.noc) }),
      tech: await openStream(base, { token: await t.login(demo.tech) }),
    };
    try {
      await Promise.all(Object.values(streams).map((stream) => stream.next('ready')));
      // A real write through the API: the NOC files an event on one of UNG's services.
      const created = await t.call({
        method: 'POST',
        url: '/api/event',
        as: demo.noc,
        payload: {
          number: 7301,
          title: 'Stream scope check',
          description: 'Only UNG is affected.',
          starttime: Math.floor(Date.now() / 1000) + 86_400,
          endtime: Math.floor(Date.now() / 1000) + 90_000,
          type: 1,
          initiator: 'Field Services',
          services: [ungService!.id],
        },
      });
      expect(created.statusCode, created.body.slice(0, 300)).toBe(201);
      const heard = await streams.ung.next('change');
      expect(JSON.parse(heard.data)).toEqual({ topics: ['events'] });
      expect(JSON.parse((await streams.noc.next('change')).data)).toEqual({ topics: ['events'] });
      // Three polls' worth of silence for the other customer, and for the technician, who may not read
      // events at all.
      await Promise.all([streams.ebh.drain(1_500), streams.tech.drain(10)]);
      expect(streams.ebh.messages.filter((m) => m.event === 'change')).toEqual([]);
      expect(streams.tech.messages.filter((m) => m.event === 'change')).toEqual([]);

      // EBH's own change reaches EBH, and a change naming both customers reaches both.
      await recordChange(t.database.db, 'tickets', [ids.ebh]);
      expect(JSON.parse((await streams.ebh.next('change')).data)).toEqual({ topics: ['tickets'] });
      await recordChange(t.database.db, 'events', [ids.ung, ids.ebh]);
      await streams.ebh.next('change', 1);
      await streams.ung.next('change', 1);
      // The UNG stream never heard EBH's ticket.
      expect(streams.ung.messages.filter((m) => m.event === 'change').map((m) => m.data)).toEqual([
        '{"topics":["events"]}',
        '{"topics":["events"]}',
      ]);
    } finally {
      for (const stream of Object.values(streams)) stream.close();
    }
  });

  it('ends the stream within one second of logout', async () => {
    const session = await t.login(demo.ungAdmin);
    const stream = await openStream(base, { token: session });
    await stream.next('ready');
    // Timed from the logout request itself: its reply may come after the check has already run.
    const at = Date.now();
    const loggedOut = await t.call({ method: 'POST', url: '/api/logout', as: session });
    expect(loggedOut.statusCode).toBe(200);
    expect(await stream.ended(1_000 - (Date.now() - at))).toBe(true);
    console.info(`stream closed ${Date.now() - at} ms after the logout request`);
    // The reconnect is refused, which signs the browser out.
    const again = await fetch(`${base}/api/stream`, {
      headers: { accept: 'text/event-stream', 'x-auth-token': session },
    });
    expect(again.status).toBe(401);
  });

  it('ends every stream of the user within one second of a password change, on every instance', async () => {
    const second = await buildApp(t.config, t.database, { logger: false });
    try {
      const secondBase = await second.listen({ port: 0, host: '127.0.0.1' });
      const laptop = await t.login(demo.eng);
      const phone = await t.login(demo.eng);
      const onFirst = await openStream(base, { token: laptop });
      const onSecond = await openStream(secondBase, { token: phone });
      const bystander = await openStream(base, { token });
      await Promise.all([onFirst.next('ready'), onSecond.next('ready'), bystander.next('ready')]);
      const at = Date.now();
      const changed = await t.call({
        method: 'PUT',
        url: '/api/user/me/password',
        as: laptop,
        payload: {
          currentpassword: 'lightpath-demo',
          password: 'a-new-and-long-password-1',
          confirmpassword: 'a-new-and-long-password-1',
        },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      // Password hashing takes a while: the second counts from the request, hashing included.
      const left = 1_000 - (Date.now() - at);
      const [first, other] = await Promise.all([onFirst.ended(left), onSecond.ended(left)]);
      expect([first, other]).toEqual([true, true]);
      console.info(`both streams closed ${Date.now() - at} ms after the password change request`);
      // Someone else's stream stays open.
      await bystander.drain(300);
      expect(await bystander.ended(10).catch(() => false)).toBe(false);
      bystander.close();
    } finally {
      await second.close();
    }
  });

  it('ends the stream when its session starts acting as another customer', async () => {
    const session = await t.login(demo.noc);
    const stream = await openStream(base, { token: session });
    await stream.next('ready');
    const acted = await t.call({
      method: 'POST',
      url: '/api/user/impersonate',
      as: session,
      payload: { customerid: ids.ebh, usertype: 4 },
    });
    expect(acted.statusCode, acted.body).toBe(200);
    expect(await stream.ended(1_000)).toBe(true);
    // The stream opened again carries the new scope: UNG's changes no longer reach it.
    const again = await openStream(base, { token: session });
    try {
      await again.next('ready');
      await recordChange(t.database.db, 'events', [ids.ung]);
      await again.drain(1_500);
      expect(again.messages.filter((m) => m.event === 'change')).toEqual([]);
    } finally {
      again.close();
    }
  });

  it('sends a ping comment to keep idle connections open', async () => {
    const mini = await streamApp({ heartbeatMs: 40 });
    try {
      const origin = await mini.listen({ port: 0, host: '127.0.0.1' });
      const stream = await openStream(origin, { token });
      await stream.next('ready');
      await stream.drain(200);
      expect(stream.comments).toContain(': ping');
      stream.close();
    } finally {
      await mini.close();
    }
  });
});

// The stream routes alone with short timings, on the test database and its sessions.
async function streamApp(options: { heartbeatMs?: number; pollMs?: number }): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerMetrics(app);
  registerRequestContext(app, t.database.query);
  await app.register(streamRoutes, {
    prefix: '/api',
    db: t.database.db,
    query: t.database.query,
    ...options,
  });
  await app.ready();
  return app;
}

describe('change feed', () => {
  const silent = { warn: () => undefined } as never;

  function collector() {
    const batches: string[][] = [];
    const customerIds: number[][] = [];
    const waitFor = async (count: number, timeoutMs = 2_000) => {
      const deadline = Date.now() + timeoutMs;
      while (batches.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} batches, got ${batches.length}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const listener = (changes: Change[]) => {
      batches.push(changes.map((change) => change.topic));
      customerIds.push(changes.flatMap((change) => change.customerIds));
    };
    return { batches, customerIds, listener, waitFor };
  }

  it('polls only while someone listens, starting from the end of the table', async () => {
    await recordChange(t.database.db, 'events', [ids.ung]);
    const feed = createChangeFeed({ db: t.database.db, log: silent, pollMs: 20 });
    try {
      expect(feed.isRunning()).toBe(false);
      const { batches, customerIds, listener, waitFor } = collector();
      const unsubscribe = await feed.subscribe(listener);
      expect(feed.isRunning()).toBe(true);
      // The change recorded before subscribing is history, not news.
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(batches).toHaveLength(0);
      await recordChange(t.database.db, 'events', [ids.ebh, ids.ung, ids.ebh]);
      await waitFor(1);
      expect(batches).toEqual([['events']]);
      // Each change comes with the customers it touched, once each.
      expect(customerIds).toEqual([[ids.ung, ids.ebh].sort((a, b) => a - b)]);
      unsubscribe();
      expect(feed.isRunning()).toBe(false);
    } finally {
      feed.stop();
    }
  });

  it('still delivers a change whose transaction committed after a later one', async () => {
    const feed = createChangeFeed({ db: t.database.db, log: silent, pollMs: 20 });
    try {
      const { batches, listener, waitFor } = collector();
      await feed.subscribe(listener);
      // Two ids taken in order, committed in the opposite order (a slow transaction and a quick one).
      const result = await t.database.db.execute<{ id: string | number }>(
        sql`select nextval(pg_get_serial_sequence('change_log', 'id')) as id from generate_series(1, 2)`,
      );
      const [slow, quick] = (result as unknown as { rows: { id: string | number }[] }).rows.map((r) =>
        Number(r.id),
      );
      await t.database.db.insert(changeLog).values({ id: quick!, topic: 'events' });
      await waitFor(1);
      await t.database.db.insert(changeLog).values({ id: slow!, topic: 'events' });
      await waitFor(2);
      expect(batches).toEqual([['events'], ['events']]);
    } finally {
      feed.stop();
    }
  });

  it('prunes rows older than the retention window', async () => {
    const [old] = await t.database.db
      .insert(changeLog)
      .values({ topic: 'events', at: new Date(Date.now() - 11 * 60_000) })
      .returning({ id: changeLog.id });
    const feed = createChangeFeed({ db: t.database.db, log: silent, pollMs: 20 });
    try {
      await feed.subscribe(() => undefined);
      const deadline = Date.now() + 2_000;
      let left = 1;
      while (left > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        left = (await t.database.db.select().from(changeLog).where(eq(changeLog.id, old!.id))).length;
      }
      expect(left).toBe(0);
    } finally {
      feed.stop();
    }
  });
});
