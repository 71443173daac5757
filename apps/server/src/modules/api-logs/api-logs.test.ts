import type { ApiLog } from '@lightpath/domain/api-logs';
import { apiLogMessages } from '@lightpath/domain/api-logs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiLogRecord, createApiLogWriter } from '../../platform/api-log';
import { buildTestApp, demo, problemOf, type TestApp } from '../../test/helper';
import { pruneApiLogs } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const day = 86_400;

async function logsFor(query: string, as: string = demo.noc): Promise<ApiLog[]> {
  await t.app.apiLog?.flush();
  const reply = await t.call({ method: 'GET', url: `/api/apilogs?${query}`, as });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().payload.results as ApiLog[];
}

async function countLogs(): Promise<number> {
  const [row] = await t.database.query<{ n: number }>(
    'test_api_logs_count',
    'select count(*)::int as n from api_logs',
    [],
  );
  return row!.n;
}

describe('GET /api/apilogs', () => {
  it('finds a call once its batch is written: who, what, status, duration and address', async () => {
    const marker = `marker-${Date.now()}`;
    const call = await t.call({
      method: 'GET',
      url: `/api/sites?q=${marker}`,
      as: demo.ungAdmin,
      headers: { 'user-agent': `vitest ${'x'.repeat(400)}` },
    });
    expect(call.statusCode).toBe(200);
    const [log] = await logsFor(`user=admin@northgate&route=/api/sites&method=get`);
    expect(log).toMatchObject({
      email: demo.ungAdmin,
      customercode: 'UNG',
      actingtype: null,
      method: 'GET',
      route: '/api/sites',
      path: '/api/sites',
      status: 200,
      address: '127.0.0.1',
    });
    expect(log!.userid).toBeGreaterThan(0);
    expect(log!.durationms).toBeGreaterThan(0);
    expect(log!.useragent).toHaveLength(200);
    expect(Math.abs(log!.time - Date.now() / 1000)).toBeLessThan(60);
    // Never the query string: its values can be secrets or personal data.
    expect(JSON.stringify(log)).not.toContain(marker);
  });

  it('keeps no secret of a URL: no query string, no calendar feed token', async () => {
    const token = 'abcdefghijklmnopqrstuvwxyz0123456789ABCD';
    await t.app.inject({ method: 'GET', url: `/api/calendar/${token}.ics` });
    await t.app.inject({ method: 'GET', url: `/api/ticket/1?token=${token}&key=${token}` });
    await t.app.inject({ method: 'GET', url: `/api/loa/verify/${token}` });
    const logs = await logsFor(`route=calendar`);
    expect(logs.length).toBeGreaterThan(0);
    const [stored] = await t.database.query<{ n: number }>(
      'test_api_logs_secret',
      'select count(*)::int as n from api_logs where path like $1 or coalesce(route, $2) like $1',
      [`%${token}%`, ''],
    );
    expect(stored!.n).toBe(0);
    expect(logs[0]!.path).toBe('/api/calendar/[redacted]');
  });

  // An address no route answers is refused before any session is read: it has no user either.
  it('records a refused call with no user, and a 404 and a 405 with no route', async () => {
    await t.app.inject({ method: 'GET', url: '/api/user/me' });
    await t.call({ method: 'GET', url: '/api/no-such-endpoint', as: demo.noc });
    const notAllowed = await t.app.inject({ method: 'PATCH', url: '/api/faq' });
    expect(notAllowed.statusCode).toBe(405);
    const refused = await logsFor('status=401&route=/api/user/me');
    expect(refused[0]).toMatchObject({ userid: null, email: null, status: 401, route: '/api/user/me' });
    const missing = await logsFor('status=4xx&route=no-such-endpoint');
    expect(missing[0]).toMatchObject({
      email: null,
      status: 404,
      route: null,
      path: '/api/no-such-endpoint',
    });
    const patched = await logsFor('status=405&method=PATCH');
    expect(patched[0]).toMatchObject({ status: 405, route: null, path: '/api/faq', method: 'PATCH' });
    expect(patched[0]!.durationms).toBeGreaterThan(0);
  });

  it('records the real user and what an impersonating session acted as', async () => {
    const token = await t.login(demo.noc);
    const customers = (
      await t.call({ method: 'GET', url: '/api/user/impersonate/customers', as: token })
    ).json().payload.results as { customercode: string; customerid: number }[];
    const ung = customers.find((c) => c.customercode === 'UNG')!.customerid;
    const switched = await t.call({
      method: 'POST',
      url: '/api/user/impersonate',
      as: token,
      payload: { customerid: ung, usertype: 4 },
    });
    expect(switched.statusCode).toBe(200);
    await t.call({ method: 'GET', url: '/api/services', as: token });
    const [log] = await logsFor('user=noc@&route=/api/services&method=GET');
    expect(log).toMatchObject({ email: demo.noc, customercode: 'UNG', actingtype: 4 });
  });

  it('leaves out the health check and skips nothing else of the API', async () => {
    const before = await countLogs();
    await t.app.apiLog?.flush();
    const flushed = await countLogs();
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.apiLog?.flush();
    expect(await countLogs()).toBe(flushed);
    expect(flushed).toBeGreaterThanOrEqual(before);
  });

  it('filters by status class, address and period, newest first', async () => {
    const logs = await logsFor('status=2xx&address=127.0.&limit=50');
    expect(logs.length).toBeGreaterThan(1);
    expect(logs.every((l) => l.status >= 200 && l.status < 300 && l.address === '127.0.0.1')).toBe(true);
    const times = logs.map((l) => l.time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const now = Math.floor(Date.now() / 1000);
    expect(await logsFor(`from=${now - 30 * day}&to=${now - 29 * day}&address=127.0.0.1`)).toEqual([]);
    expect(await logsFor('address=10.250.250.')).toEqual([]);
  });

  it.each([
    ['an end before its start', 'from=2000&to=1000', apiLogMessages.periodReversed],
    ['over the maximum span', `from=0&to=${40 * day}`, apiLogMessages.periodTooLong],
    ['a malformed start', 'from=yesterday', apiLogMessages.periodInvalid],
    ['a malformed status', 'status=abc', apiLogMessages.statusInvalid],
  ])('is 400 for %s', async (_, query, message) => {
    for (const url of [`/api/apilogs?${query}`, `/api/export/apilogs?${query}`]) {
      const reply = await t.call({ method: 'GET', url, as: demo.noc });
      expect(reply.statusCode).toBe(400);
      expect(problemOf(reply)).toBe(message);
    }
  });

  it.each([demo.tech, demo.eng, demo.ungAdmin, demo.ungUser, demo.ebhAdmin])(
    'is refused to %s',
    async (as) => {
      for (const url of ['/api/apilogs', '/api/export/apilogs']) {
        const reply = await t.call({ method: 'GET', url, as });
        expect(reply.statusCode).toBe(403);
      }
    },
  );
});

describe('GET /api/export/apilogs', () => {
  it('streams the filtered logs as CSV', async () => {
    await t.call({ method: 'GET', url: '/api/user/me', as: demo.ungUser });
    await t.app.apiLog?.flush();
    const reply = await t.call({
      method: 'GET',
      url: '/api/export/apilogs?user=user@northgate',
      as: demo.noc,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe("attachment; filename*=UTF-8''api-logs.csv");
    const lines = reply.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Time (UTC),User,User id,Customer,Acting as,Method,Route,Path,Status,Calls,Duration (ms),Longest (ms),Address,User agent,Request id',
    );
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => line.includes(demo.ungUser))).toBe(true);
  });
});

describe('the API log writer and retention', () => {
  it('drops and counts what does not fit while the database is away, and never blocks', async () => {
    let fail = true;
    const writer = createApiLogWriter(
      async (name, text, values) => {
        if (fail) throw new Error('database down');
        return t.database.query(name, text, values);
      },
      t.app.log,
      { batchSize: 2, maxQueued: 3, flushEveryMs: 60_000 },
    );
    const record: ApiLogRecord = [
      Date.now(),
      null,
      'writer-test@example.com',
      null,
      null,
      'GET',
      null,
      '/api/writer-test',
      200,
      1.5,
      '192.0.2.1',
      null,
      null,
      1,
      1.5,
    ];
    // Five calls of their own (a path each), so none is gathered into another.
    for (let i = 0; i < 5; i++)
      writer.add([...record.slice(0, 7), `/api/writer-test/${i}`, ...record.slice(8)] as ApiLogRecord);
    await writer.flush();
    expect(writer.stats()).toMatchObject({ queued: 3, dropped: 2, written: 0 });
    fail = false;
    await writer.stop();
    expect(writer.stats()).toMatchObject({ queued: 0, dropped: 2, written: 3 });
  });

  it('gathers identical calls in one second into one record with their count, mean and longest', async () => {
    const writer = createApiLogWriter(t.database.query, t.app.log, { flushEveryMs: 60_000 });
    const at = Math.floor(Date.now() / 1000) * 1000 + 10;
    const call = (ms: number, requestId: string): ApiLogRecord => [
      at,
      null,
      null,
      null,
      null,
      'GET',
      '/api/user/me',
      '/api/user/me',
      401,
      ms,
      '192.0.2.77',
      'a script',
      requestId,
      1,
      ms,
    ];
    writer.add(call(2, 'req-a'));
    writer.add(call(4, 'req-b'));
    writer.add(call(9, 'req-c'));
    writer.add([...call(1, 'req-d').slice(0, 8), 404, ...call(1, 'req-d').slice(9)] as ApiLogRecord);
    await writer.stop();
    const logs = await logsFor('address=192.0.2.77');
    const seen = logs.map((l) => [l.status, l.calls, l.durationms, l.maxdurationms, l.requestid]);
    expect(seen).toHaveLength(2);
    expect(seen).toEqual(
      expect.arrayContaining([
        [401, 3, 5, 9, 'req-a'],
        [404, 1, 1, 1, 'req-d'],
      ]),
    );
  });

  it('deletes the records older than the retention and keeps the rest', async () => {
    await t.database.query(
      'test_api_logs_old',
      `insert into api_logs (at, method, path, status, duration_ms, address)
       values (now() - interval '91 days', 'GET', '/api/old', 200, 1, '192.0.2.9'),
              (now() - interval '89 days', 'GET', '/api/recent', 200, 1, '192.0.2.9')`,
      [],
    );
    const deleted = await pruneApiLogs({ query: t.database.query, config: t.config });
    expect(deleted).toBeGreaterThanOrEqual(1);
    const rows = await t.database.query<{ path: string }>(
      'test_api_logs_left',
      `select path from api_logs where address = '192.0.2.9'`,
      [],
    );
    expect(rows.map((r) => r.path)).toEqual(['/api/recent']);
  });
});
