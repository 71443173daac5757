// Fault: a slow or dead external system (issue 19). The built portal on a private cluster with
// Prometheus, Zabbix, NetBox, Zendesk and AWX pointed first at a black hole (a port that accepts connections
// and never answers) and then at a refused port. For each, an API call of a page that shows that
// system's data, timed: the reply must come within the client's timeout plus a margin, in the envelope.
//
//   npm run fault:external-down [-- --from-source] [-- --json]
import { startCluster } from './cluster';
import {
  blackHole,
  call,
  freePort,
  inEnvelope,
  type Portal,
  report,
  round,
  signIn,
  sleep,
  startPortal,
} from './portal';

// The clients' timeouts: the settings the portal reads (inherited from this script's environment), or
// their defaults, Prometheus 5 s and the others 10 s.
const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const timeoutMs = {
  prometheus: setting('PROMETHEUS_TIMEOUT_MS', 5000),
  zabbix: setting('ZABBIX_TIMEOUT_MS', 10_000),
  netbox: setting('NETBOX_TIMEOUT_MS', 10_000),
  zendesk: setting('ZENDESK_TIMEOUT_MS', 10_000),
  awx: setting('AWX_TIMEOUT_MS', 10_000),
};
const marginMs = 2000;
// A call to a system in its pause after a failure is answered without asking it.
const pausedBoundMs = 1000;

// With `pauseMs` 0 every call waits out the system's timeout (or its refusal), which is what the first
// two rounds time. With a pause (integrations/failure-pause.ts), each call is made twice: the second
// must fail at once, since the first found the system not answering.
async function round_(kind: string, origin: string, clusterUrl: string, pauseMs: number) {
  const portal: Portal = await startPortal(`portal-${kind}`, {
    DATABASE_URL: clusterUrl,
    EXTERNAL_PAUSE_AFTER_FAILURE_MS: String(pauseMs),
    SEED_DEMO: 'true',
    PROMETHEUS_URL: origin,
    ZABBIX_URL: `${origin}/api_jsonrpc.php`,
    ZABBIX_USERNAME: 'portal',
    ZABBIX_PASSWORD: 'portal',
    NETBOX_URL: origin,
    NETBOX_TOKEN: 'fault',
    ZENDESK_URL: origin,
    ZENDESK_EMAIL: 'portal@example.org',
    ZENDESK_API_TOKEN: 'fault',
    AWX_URL: origin,
    AWX_TOKEN: 'fault',
  });
  try {
    const token = await signIn(portal.url, 'noc@meridian.example');
    await zabbixAskedOnce(portal.url, token);
    const services = await call<{ results: { serviceid: string }[] }>(
      portal.url,
      'GET',
      '/services?limit=1',
      {
        token,
      },
    );
    const serviceid = services.body?.payload?.results[0]?.serviceid;
    const shelves = await call<{ results: { equipmentid: number }[] }>(
      portal.url,
      'GET',
      '/shelves?limit=1',
      {
        token,
      },
    );
    const equipmentid = shelves.body?.payload?.results[0]?.equipmentid;
    const probes: [keyof typeof timeoutMs, string, string, unknown?][] = [
      ['prometheus', 'GET', `/service/${serviceid}/linkstatus`],
      ['zabbix', 'POST', '/zabbix/trigger/search', { q: 'core' }],
      ['netbox', 'GET', '/netbox/thirdparties'],
      ['zendesk', 'GET', '/tickets?limit=25'],
      ['awx', 'POST', '/awx/show/uptime', { equipmentarray: [{ equipmentid }] }],
    ];
    const ask = (label: string, bound: (system: keyof typeof timeoutMs) => number) =>
      Promise.all(
        probes.map(async ([system, method, path, body]) => {
          const reply = await call(portal.url, method, path, { token, body, timeoutMs: 30_000 });
          return {
            kind: label,
            system,
            path: `${method} ${path}`,
            status: reply.failure ?? reply.status,
            ms: round(reply.ms),
            boundMs: bound(system),
            // A failure must say what happened in the envelope; a success is the envelope with its data.
            envelope: reply.status === 200 ? reply.body?.result === 'Success' : inEnvelope(reply),
            message: reply.body?.message ?? null,
          };
        }),
      );
    const first = await ask(kind, (system) => timeoutMs[system] + marginMs);
    if (pauseMs === 0) return first;
    return [...first, ...(await ask(`${kind}, asked again`, () => pausedBoundMs))];
  } finally {
    await portal.stop();
  }
}

// The alarm sync asks Zabbix as soon as the portal starts. A probe made while that call is still out
// joins it (the client signs in once for every caller) and ends when it does, sooner than a whole
// timeout after the probe: wait until Administration → Integrations records its outcome.
async function zabbixAskedOnce(base: string, token: string) {
  const deadline = Date.now() + timeoutMs.zabbix + marginMs + 5000;
  while (Date.now() < deadline) {
    const reply = await call<{
      results: { system: string; lasterror: number | null; lastsuccess: number | null }[];
    }>(base, 'GET', '/integrations', { token });
    const zabbix = reply.body?.payload?.results.find((r) => r.system === 'zabbix');
    if (zabbix && (zabbix.lasterror !== null || zabbix.lastsuccess !== null)) return;
    await sleep(100);
  }
  throw new Error('the portal recorded no call to Zabbix within its timeout of starting');
}

async function main() {
  const cluster = startCluster(Number(process.env.FAULT_PG_PORT ?? (await freePort())));
  const hole = await blackHole();
  try {
    const refused = await freePort();
    const results = [
      ...(await round_('black hole', `http://127.0.0.1:${hole.port}`, cluster.url(), 0)),
      ...(await round_('refused', `http://127.0.0.1:${refused}`, cluster.url(), 0)),
      ...(await round_('black hole, paused', `http://127.0.0.1:${hole.port}`, cluster.url(), 10_000)),
    ];
    const ok = results.every((r) => typeof r.status === 'number' && r.ms <= r.boundMs && r.envelope);
    report(
      'External systems slow (black hole) or dead (refused)',
      results.map((r): [string, string] => [
        `${r.kind}: ${r.system} ${r.path}`,
        `${r.status} in ${r.ms} ms (bound ${r.boundMs}), ${r.envelope ? 'envelope' : 'NO envelope'}: ${r.message}`,
      ]),
      { ok, results },
    );
    if (!ok) process.exitCode = 1;
  } finally {
    hole.close();
    cluster.stop();
  }
}

await main();
