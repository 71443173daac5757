// Issue 4's preflight budget: POST /api/event with preflight true for an outage on 2,000 services across
// 300 customers answers in under a second on the national data set. The harness picks the services
// through the API as the NOC would (customers' services in id order), then times serial requests.
import { type Percentiles, percentiles } from './search';

export const preflightBudget = { maxMs: 1000, services: 2000, customers: 300 } as const;

export type PreflightBenchResult = {
  services: number;
  customers: number;
  noticedCustomers: number;
  tickets: number;
  sms: number;
  rounds: number;
  latencyMs: Percentiles;
  budget: typeof preflightBudget;
  met: boolean;
};

type ServiceRow = { serviceid: string; customerid: number; status: number };
type Options = { base: string; token: string; rounds?: number; log: (line: string) => void };

export async function measurePreflight({
  base,
  token,
  rounds = 10,
  log,
}: Options): Promise<PreflightBenchResult> {
  const headers = { 'x-auth-token': token, 'content-type': 'application/json' };
  const byCustomer = new Map<number, string[]>();
  for (let offset = 0; offset < 30_000; offset += 1000) {
    const response = await fetch(`${base}/api/services?limit=1000&offset=${offset}&sort=serviceid`, {
      headers,
    });
    const page = ((await response.json()) as { payload: { results: ServiceRow[] } }).payload.results;
    for (const s of page)
      if (s.status === 1)
        byCustomer.set(s.customerid, [...(byCustomer.get(s.customerid) ?? []), s.serviceid]);
    if (page.length < 1000) break;
  }
  // 300 customers, then services from each in turn until there are 2,000.
  const chosen = [...byCustomer.values()]
    .filter((list) => list.length >= 7)
    .slice(0, preflightBudget.customers);
  const services: string[] = [];
  for (let round = 0; services.length < preflightBudget.services; round += 1)
    for (const list of chosen)
      if (list[round] && services.length < preflightBudget.services) services.push(list[round]!);
  const now = Math.floor(Date.now() / 1000);
  const body = {
    number: 9001,
    title: 'Bench: core outage',
    description: 'Preflight timing for the national data set',
    starttime: now,
    type: 3,
    initiator: 'bench',
    priority: 1,
    services,
    preflight: true,
    sendnotification: true,
  };
  const samples: number[] = [];
  let last: { customers: { tickets: unknown[]; sms: unknown[] }[] } | undefined;
  for (let i = 0; i <= rounds; i += 1) {
    const started = performance.now();
    const response = await fetch(`${base}/api/event`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    const reply = (await response.json()) as { payload?: typeof last; message?: string };
    if (!response.ok) throw new Error(`preflight answered ${response.status}: ${reply.message ?? ''}`);
    // The first request warms the statement cache and is not counted.
    if (i > 0) samples.push(performance.now() - started);
    last = reply.payload;
  }
  const latencyMs = percentiles(samples);
  const customers = last?.customers ?? [];
  log(
    `preflight: ${services.length} services, ${chosen.length} customers, p50 ${latencyMs.p50} ms, max ${latencyMs.max} ms`,
  );
  return {
    services: services.length,
    customers: chosen.length,
    noticedCustomers: customers.length,
    tickets: customers.reduce((n, c) => n + c.tickets.length, 0),
    sms: customers.reduce((n, c) => n + c.sms.length, 0),
    rounds,
    latencyMs,
    budget: preflightBudget,
    met: latencyMs.max < preflightBudget.maxMs && services.length === preflightBudget.services,
  };
}
