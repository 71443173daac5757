import { type IntegrationHealth, reasonOf, unrecorded } from '../health';
import { type Zabbix, ZabbixError, type ZabbixProblem, type ZabbixTrigger } from './zabbix';

// The Zabbix JSON-RPC API (6.0 LTS and 7.0 LTS), as measured against Debian's 6.0.14 (docs/zabbix-peer.md):
// - apiinfo.version is called first, without a token, and decides how the token travels: in the body as
//   `auth` before 6.4, in an `Authorization: Bearer` header from 6.4 (7.2 refuses the body field);
// - user.login takes `username` (the old `user` is gone since 6.4);
// - an expired session answers -32602 'Session terminated, re-login, please.': the client signs in again
//   once and repeats the call;
// - every id and number in a result is a string.

export type ZabbixApiOptions = {
  url: string;
  username: string;
  password: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  health?: IntegrationHealth;
};

type RpcError = { code: number; message: string; data?: string };
type RpcReply<T> = { result: T; error?: undefined } | { result?: undefined; error: RpcError };

// A trigger as trigger.get answers it with the client's output and selectHosts.
export type RawTrigger = {
  triggerid: string;
  description: string;
  priority: string;
  status: string;
  value: string;
  lastchange: string;
  hosts: { hostid: string; host: string; name: string }[];
};

// A problem as problem.get answers it with `problemOutput`.
export type RawProblem = {
  eventid: string;
  objectid: string;
  clock: string;
  name: string;
  severity: string;
  acknowledged: string;
};

// Unresolved trigger problems only (`recent: false` leaves out the recently resolved ones).
export const problemParams = {
  output: ['eventid', 'objectid', 'clock', 'name', 'severity', 'acknowledged'],
  source: 0,
  object: 0,
  recent: false,
};

// How many trigger ids one trigger.get names when problems are matched to their hosts: 3,000 alarms
// are six calls, each a short SQL IN list on the Zabbix side.
const triggerBatch = 500;

const sessionEnded = 'Session terminated, re-login, please.';

const triggerOutput = {
  output: ['triggerid', 'description', 'priority', 'status', 'value', 'lastchange'],
  selectHosts: ['hostid', 'host', 'name'],
  expandDescription: true,
  // Host triggers only: a template's trigger is a pattern, not an alarm anyone can mute.
  templated: false,
};

function toTrigger(raw: RawTrigger): ZabbixTrigger {
  const host = raw.hosts[0] ?? { hostid: '', host: '', name: '' };
  return {
    triggerid: raw.triggerid,
    description: raw.description,
    priority: Number(raw.priority),
    enabled: raw.status === '0',
    problem: raw.value === '1',
    lastchange: Number(raw.lastchange),
    host: { hostid: host.hostid, host: host.host, name: host.name },
  };
}

// Major and minor of 'x.y.z', for the log-in shape.
export function tokenInHeader(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 6 || (major === 6 && minor >= 4);
}

export function zabbixApi(options: ZabbixApiOptions): Zabbix {
  const { url, username, password } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const fetchFn = options.fetch ?? fetch;
  const health = options.health ?? unrecorded;
  let nextId = 1;
  let knownVersion: Promise<string> | null = null;
  let token: Promise<string> | null = null;

  async function post<T>(method: string, params: unknown, auth?: { token: string; header: boolean }) {
    const body: Record<string, unknown> = { jsonrpc: '2.0', method, params, id: nextId++ };
    const headers: Record<string, string> = { 'Content-Type': 'application/json-rpc' };
    if (auth?.header) headers.Authorization = `Bearer ${auth.token}`;
    else if (auth) body.auth = auth.token;
    let reply: RpcReply<T>;
    try {
      const response = await fetchFn(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      reply = (await response.json()) as RpcReply<T>;
    } catch (cause) {
      const error = new ZabbixError(`Zabbix did not answer ${method}`, 'unavailable', { cause });
      health.failed(reasonOf(error));
      throw error;
    }
    health.succeeded();
    return reply;
  }

  function refused(method: string, error: RpcError) {
    return new ZabbixError(`Zabbix refused ${method}: ${error.data ?? error.message}`, 'refused');
  }

  function version() {
    knownVersion ??= post<string>('apiinfo.version', []).then((reply) => {
      if (reply.error) throw refused('apiinfo.version', reply.error);
      return reply.result;
    });
    // A failed look is not kept: the next call asks again.
    knownVersion.catch(() => {
      knownVersion = null;
    });
    return knownVersion;
  }

  function signIn() {
    token ??= post<string>('user.login', { username, password }).then((reply) => {
      if (reply.error) throw refused('user.login', reply.error);
      return reply.result;
    });
    token.catch(() => {
      token = null;
    });
    return token;
  }

  async function call<T>(method: string, params: unknown): Promise<T> {
    const header = tokenInHeader(await version());
    for (let attempt = 0; ; attempt += 1) {
      const current = await signIn();
      const reply = await post<T>(method, params, { token: current, header });
      if (!reply.error) return reply.result;
      if (reply.error.data === sessionEnded && attempt === 0) {
        // Only the token that failed is dropped, so concurrent calls sign in once between them.
        if (token && (await token) === current) token = null;
        continue;
      }
      throw refused(method, reply.error);
    }
  }

  async function searchTriggers(text: string, limit: number): Promise<ZabbixTrigger[]> {
    const hosts = await call<{ hostid: string }[]>('host.get', {
      output: ['hostid'],
      search: { host: text, name: text },
      searchByAny: true,
      limit,
    });
    // trigger.get has no host search, and its description search reads the description before its
    // macros are filled in; so by name and by host are two calls, merged.
    const [byName, byHost] = await Promise.all([
      call<RawTrigger[]>('trigger.get', { ...triggerOutput, search: { description: text }, limit }),
      hosts.length === 0
        ? Promise.resolve([])
        : call<RawTrigger[]>('trigger.get', { ...triggerOutput, hostids: hosts.map((h) => h.hostid), limit }),
    ]);
    const merged = new Map<string, ZabbixTrigger>();
    for (const raw of [...byName, ...byHost]) merged.set(raw.triggerid, toTrigger(raw));
    return [...merged.values()]
      .sort((a, b) => a.host.name.localeCompare(b.host.name) || a.description.localeCompare(b.description))
      .slice(0, limit);
  }

  async function getTriggers(triggerids: string[]): Promise<ZabbixTrigger[]> {
    if (triggerids.length === 0) return [];
    const raw = await call<RawTrigger[]>('trigger.get', { ...triggerOutput, triggerids });
    return raw.map(toTrigger);
  }

  // problem.get has no selectHosts on 6.0, so the hosts come from the problems' triggers. `monitored`
  // keeps only enabled triggers of enabled items and hosts, as Zabbix's Problems screen does: a muted
  // (disabled) trigger's open problem stays in problem.get, neither resolved nor deleted, and is left out
  // here the same way. A problem whose trigger is gone (deleted since) is left out too.
  async function listProblems(): Promise<ZabbixProblem[]> {
    const problems = await call<RawProblem[]>('problem.get', problemParams);
    const triggerids = [...new Set(problems.map((p) => p.objectid))];
    const hostOf = new Map<string, string>();
    for (let start = 0; start < triggerids.length; start += triggerBatch) {
      const triggers = await call<{ triggerid: string; hosts: { host: string }[] }[]>('trigger.get', {
        output: ['triggerid'],
        triggerids: triggerids.slice(start, start + triggerBatch),
        selectHosts: ['host'],
        monitored: true,
      });
      for (const trigger of triggers) hostOf.set(trigger.triggerid, trigger.hosts[0]?.host ?? '');
    }
    return problems
      .filter((p) => hostOf.has(p.objectid))
      .map((p) => ({
        eventid: p.eventid,
        triggerid: p.objectid,
        name: p.name,
        severity: Number(p.severity),
        clock: Number(p.clock),
        acknowledged: p.acknowledged === '1',
        host: hostOf.get(p.objectid)!,
      }))
      .sort((a, b) => b.clock - a.clock || Number(b.eventid) - Number(a.eventid));
  }

  async function setStatus(triggerid: string, status: 0 | 1) {
    await call<{ triggerids: string[] }>('trigger.update', { triggerid, status });
  }

  return {
    version,
    searchTriggers,
    getTriggers,
    mute: (triggerid) => setStatus(triggerid, 1),
    unmute: (triggerid) => setStatus(triggerid, 0),
    listProblems,
  };
}
