import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { rowsOf } from '../statements';

// The calls the seeded API logs are made of: the portal's own routes, weighted roughly as a browser
// session calls them (the signed-in check most, lists and records next, writes seldom). `{id}` is
// filled with a number, so the path differs from the pattern as it does in real calls.
const calls: [method: string, route: string, weight: number][] = [
  ['GET', '/api/user/me', 30],
  ['GET', '/api/dashboard/summary', 8],
  ['GET', '/api/network-problems', 6],
  ['GET', '/api/services', 10],
  ['GET', '/api/service/:serviceid', 7],
  ['GET', '/api/service/:serviceid/utilisation/:timespan', 5],
  ['GET', '/api/sites', 6],
  ['GET', '/api/site/:siteid', 4],
  ['GET', '/api/events', 6],
  ['GET', '/api/event/:eventid', 2],
  ['GET', '/api/tickets', 5],
  ['GET', '/api/ticket/:ticketid', 3],
  ['GET', '/api/search', 3],
  ['POST', '/api/ticket/:ticketid/comment', 1],
  ['POST', '/api/ticket', 1],
  ['PUT', '/api/site/:siteid', 1],
  ['POST', '/api/login', 2],
  ['POST', '/api/logout', 1],
];
const routeTable = calls.flatMap(([method, route, weight]) =>
  Array.from({ length: weight }, () => ({ method, route })),
);

const agents = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'python-requests/2.32.3',
  'curl/8.5.0',
];

const batchRows = 200_000;

// A list of text as one parameter both drivers pass alike (JSON), unpacked in order by the database.
function textArray(values: string[]) {
  return sql`(select array_agg(v order by n) from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)
    with ordinality as e(v, n))`;
}

// `count` calls spread over the last `days` days, generated in the database (a national volume in a
// few statements, not millions of parameters). Everything is a function of the row's number, so the
// same seed gives the same logs: who (an enabled user, the same few addresses each), what (the
// weighted routes above), how it ended (mostly 2xx; some 4xx; a rare 5xx) and how long it took.
export async function seedApiLogs(db: Db, count: number, days: number, now: Date) {
  if (count === 0) return { apiLogs: 0 };
  const methods = routeTable.map((r) => r.method);
  const routes = routeTable.map((r) => r.route);
  for (let first = 1; first <= count; first += batchRows) {
    const last = Math.min(count, first + batchRows - 1);
    await db.execute(sql`
      with u as (
        select array_agg(user_id order by user_id) as ids, array_agg(email order by user_id) as emails,
               array_agg(customer_id order by user_id) as customers
        from users where enabled
      ),
      r as (select ${textArray(methods)} as methods, ${textArray(routes)} as routes, ${textArray(agents)} as agents),
      g as (
        select i::int as i,
          ((i * 7919) % array_length(u.ids, 1) + 1)::int as who,
          ((i * 104729) % array_length(r.routes, 1) + 1)::int as what
        from generate_series(${first}::bigint, ${last}::bigint) i, u, r
      )
      insert into api_logs (at, user_id, email, customer_id, acting_type, method, route, path, status,
                            duration_ms, address, user_agent, request_id)
      select
        ${now.toISOString()}::timestamptz - make_interval(secs => (${count}::int - g.i) * ${days * 86_400}::float8 / ${count}::int + (g.i % 7)),
        case when r.routes[g.what] = '/api/login' then null else u.ids[g.who] end,
        case when r.routes[g.what] = '/api/login' then null else u.emails[g.who] end,
        case when r.routes[g.what] = '/api/login' then null else u.customers[g.who] end,
        null,
        r.methods[g.what],
        r.routes[g.what],
        regexp_replace(replace(r.routes[g.what], ':timespan', '24h'), ':[a-z]+', (g.i % 900 + 1)::text, 'g'),
        case
          when g.i % 997 = 0 then 500
          when g.i % 211 = 0 then 503
          when g.i % 53 = 0 then 404
          when g.i % 89 = 0 then 400
          when g.i % 131 = 0 then 401
          when g.i % 37 = 0 and r.methods[g.what] = 'GET' then 304
          when r.methods[g.what] = 'POST' and r.routes[g.what] <> '/api/login' and r.routes[g.what] <> '/api/logout' then 201
          else 200
        end,
        round((1.2 + (g.i * 37 % 100) / 6.0 + case when g.i % 101 = 0 then 240 else 0 end)::numeric, 2)::real,
        '10.' || (u.customers[g.who] % 200) || '.' || (u.ids[g.who] * 7 % 250) || '.' || (10 + g.i % 3),
        r.agents[(u.ids[g.who] + g.i / 5000) % array_length(r.agents, 1) + 1],
        'seed-' || g.i
      from g, u, r`);
  }
  const rows = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from api_logs`));
  return { apiLogs: rows[0]?.n ?? 0 };
}
