// Soak (issue 19): the built portal on a private PostgreSQL cluster under a steady mixed load for 10
// minutes: 200 requests a second (FAULT_SOAK_RATE), four reads to one write, from a NOC and a customer
// session. Figures per minute (requests, errors, p50, p99, max) and the server's resident memory at
// the start and after every minute. Not in `npm test`: it occupies the machine for the whole time.
//
//   npm run fault:soak [-- --json]          FAULT_SOAK_MINUTES (10), FAULT_SOAK_RATE (200)
import autocannon from 'autocannon';
import { startCluster } from './cluster';
import { call, freePort, type Portal, report, signIn, startPortal } from './portal';

const minutes = Number(process.env.FAULT_SOAK_MINUTES ?? 10);
const rate = Number(process.env.FAULT_SOAK_RATE ?? 200);
const connections = 20;

type Minute = {
  minute: number;
  requests: number;
  errors: number;
  non2xx: number;
  timeouts: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  rssMb: number | null;
};

async function main() {
  const cluster = startCluster(Number(process.env.FAULT_PG_PORT ?? (await freePort())));
  let portal: Portal | undefined;
  try {
    portal = await startPortal('portal', { DATABASE_URL: cluster.url(), SEED_DEMO: 'true' });
    const noc = await signIn(portal.url, 'noc@meridian.example');
    const customer = await signIn(portal.url, 'admin@northgate.example');
    const tickets = await call<{ results: { ticketid: number }[] }>(portal.url, 'GET', '/tickets?limit=1', {
      token: customer,
    });
    const ticketid = tickets.body?.payload?.results[0]?.ticketid;
    if (!ticketid) throw new Error('no ticket to comment on');
    const as = (token: string) => ({ 'x-auth-token': token });
    const json = { 'content-type': 'application/json' };
    // Writes are new tickets (the customer's ticket wizard), which add rows as real use does. Comments
    // on one ticket were tried first: its detail, which returns every comment, grew by 40 a second and
    // its reads slowed with it, a measure of the test rather than of the portal.
    const newTicket = (subject: string) => ({
      method: 'POST' as const,
      path: '/api/ticket',
      headers: { ...as(customer), ...json },
      body: JSON.stringify({ issuetype: 'query', subject, description: 'Asked by the soak test.' }),
    });
    // One cycle: what a NOC screen and a customer's screens read, and a comment written.
    const requests = [
      { method: 'GET' as const, path: '/api/user/me', headers: as(customer) },
      { method: 'GET' as const, path: '/api/services?limit=25', headers: as(customer) },
      { method: 'GET' as const, path: '/api/tickets?limit=25', headers: as(noc) },
      { method: 'GET' as const, path: '/api/events?limit=25', headers: as(noc) },
      newTicket('Soak: a question about our services'),
      { method: 'GET' as const, path: '/api/sites?limit=25', headers: as(noc) },
      { method: 'GET' as const, path: `/api/ticket/${ticketid}`, headers: as(customer) },
      { method: 'GET' as const, path: '/api/services?limit=25&sort=serviceid', headers: as(noc) },
      { method: 'GET' as const, path: '/api/tickets?limit=25', headers: as(customer) },
      newTicket('Soak: another question'),
    ];
    const rssStartMb = portal.rssMb();
    const perMinute: Minute[] = [];
    for (let minute = 1; minute <= minutes; minute += 1) {
      const result = await autocannon({
        url: portal.url,
        connections,
        overallRate: rate,
        duration: 60,
        timeout: 10,
        requests,
      });
      perMinute.push({
        minute,
        requests: result.requests.total,
        errors: result.errors,
        non2xx: result.non2xx,
        timeouts: result.timeouts,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        maxMs: result.latency.max,
        rssMb: portal.rssMb(),
      });
      const last = perMinute.at(-1)!;
      if (!process.argv.includes('--json')) {
        console.log(
          `minute ${minute}: ${last.requests} requests, ${last.errors} errors, ${last.non2xx} non-2xx, p50 ${last.p50Ms} ms, p99 ${last.p99Ms} ms, max ${last.maxMs} ms, RSS ${last.rssMb} MB`,
        );
      }
    }
    const errors = perMinute.reduce((n, m) => n + m.errors + m.non2xx + m.timeouts, 0);
    const p99s = perMinute.map((m) => m.p99Ms);
    const figures = {
      minutes,
      rate,
      requests: perMinute.reduce((n, m) => n + m.requests, 0),
      errors,
      p99MinMs: Math.min(...p99s),
      p99MaxMs: Math.max(...p99s),
      rssStartMb,
      rssAfterFirstMinuteMb: perMinute[0]?.rssMb ?? null,
      rssEndMb: portal.rssMb(),
      perMinute,
      portal: portal.exit(),
    };
    const ok = errors === 0 && figures.portal === 'running';
    report(
      `Soak: ${minutes} minutes at ${rate} requests/s (4 reads : 1 write)`,
      [
        ['requests', figures.requests],
        ['errors (socket errors, timeouts, non-2xx)', errors],
        ['p99 per minute (ms)', p99s.join(', ')],
        [
          'RSS at start / after minute 1 / at end (MB)',
          `${rssStartMb} / ${figures.rssAfterFirstMinuteMb} / ${figures.rssEndMb}`,
        ],
      ],
      { ok, ...figures },
    );
    if (!ok) process.exitCode = 1;
  } finally {
    await portal?.stop();
    cluster.stop();
  }
}

await main();
