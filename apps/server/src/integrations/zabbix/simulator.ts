// A Zabbix 6.0 JSON-RPC API in memory, for the portal's default (no ZABBIX_URL) and for tests: the real
// client (zabbix-api.ts) talks to it through `fetch`, and it answers the client's calls exactly as Debian's
// Zabbix 6.0.14 does (docs/zabbix-peer.md): string ids and numbers, the same error codes and texts, get
// methods that ignore what they do not know. The contract test runs one suite against both, so a drift
// between the two fails there.

import type { RawTrigger } from './zabbix-api';

type Host = { hostid: string; host: string; name: string };
type Trigger = Omit<RawTrigger, 'hosts'> & { hostid: string };
type Params = Record<string, unknown>;

class RpcFailure extends Error {
  constructor(
    readonly code: number,
    readonly rpcMessage: string,
    readonly data: string,
  ) {
    super(data);
  }
}

const invalidParams = (data: string) => new RpcFailure(-32602, 'Invalid params.', data);
const applicationError = (data: string) => new RpcFailure(-32500, 'Application error.', data);
const noSuchObject = () => applicationError('No permissions to referred object or it does not exist!');

export type ZabbixSimulatorOptions = {
  version?: string;
  username?: string;
  password?: string;
};

export function zabbixSimulator(options: ZabbixSimulatorOptions = {}) {
  const version = options.version ?? '6.0.14';
  const username = options.username ?? 'Admin';
  const password = options.password ?? 'zabbix';
  const sessions = new Set<string>();
  const hosts = new Map<string, Host>();
  const triggers = new Map<string, Trigger>();
  let nextHostId = 10600;
  let nextTriggerId = 23200;
  let nextOtherId = 30;

  const token = () => Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

  const contains = (value: string, part: unknown) =>
    typeof part === 'string' && value.toLowerCase().includes(part.toLowerCase());

  function pick<T extends Record<string, unknown>>(row: T, output: unknown): Partial<T> {
    if (output === 'extend' || output === undefined) return { ...row };
    if (!Array.isArray(output)) return {};
    return Object.fromEntries(
      output.filter((f) => f in row).map((f) => [f, row[f as keyof T]]),
    ) as Partial<T>;
  }

  function expand(description: string, host: Host | undefined) {
    return description
      .replaceAll('{HOST.NAME}', host?.name ?? '')
      .replaceAll('{HOST.HOST}', host?.host ?? '');
  }

  const methods: Record<string, (params: Params) => unknown> = {
    'user.logout': () => true,
    'hostgroup.create': () => ({ groupids: [String(nextOtherId++)] }),
    'host.create': (params) => {
      const hostid = String(nextHostId++);
      const host = String(params.host ?? '');
      hosts.set(hostid, { hostid, host, name: typeof params.name === 'string' ? params.name : host });
      return { hostids: [hostid] };
    },
    'item.create': () => ({ itemids: [String(nextOtherId++)] }),
    'trigger.create': (params) => {
      const expression = String(params.expression ?? '');
      const hostName = /\(\/([^/]+)\//.exec(expression)?.[1] ?? '';
      const host = [...hosts.values()].find((h) => h.host === hostName);
      if (!host)
        throw invalidParams(
          `Incorrect trigger expression. Host "${hostName}" does not exist or you have no access to this host.`,
        );
      const triggerid = String(nextTriggerId++);
      triggers.set(triggerid, {
        triggerid,
        description: String(params.description ?? ''),
        priority: String(params.priority ?? 0),
        status: '0',
        value: '0',
        lastchange: '0',
        hostid: host.hostid,
      });
      return { triggerids: [triggerid] };
    },
    'trigger.update': (params) => {
      const trigger = triggers.get(String(params.triggerid));
      if (!trigger) throw noSuchObject();
      if (params.status !== undefined) {
        if (params.status !== 0 && params.status !== 1 && params.status !== '0' && params.status !== '1')
          throw invalidParams('Invalid parameter "/1/status": value must be one of 0, 1.');
        trigger.status = String(params.status);
      }
      return { triggerids: [trigger.triggerid] };
    },
    // As on 6.0, a get ignores parameters it does not know and answers [] for ids of the wrong type.
    'host.get': (params) => {
      const search = (params.search ?? {}) as { host?: unknown; name?: unknown };
      const fields = (['host', 'name'] as const).filter((f) => search[f] !== undefined);
      const rows = [...hosts.values()].filter((h) => {
        if (fields.length === 0) return true;
        const hits = fields.map((f) => contains(h[f], search[f]));
        return params.searchByAny ? hits.some(Boolean) : hits.every(Boolean);
      });
      const limited = typeof params.limit === 'number' ? rows.slice(0, params.limit) : rows;
      return limited.map((h) => pick(h, params.output));
    },
    'trigger.get': (params) => {
      const ids = (value: unknown) => (Array.isArray(value) ? value.map(String) : undefined);
      const triggerids = ids(params.triggerids);
      const hostids = ids(params.hostids);
      const search = (params.search ?? {}) as { description?: unknown };
      const rows = [...triggers.values()].filter(
        (t) =>
          (!triggerids || triggerids.includes(t.triggerid)) &&
          (!hostids || hostids.includes(t.hostid)) &&
          (search.description === undefined || contains(t.description, search.description)),
      );
      const limited = typeof params.limit === 'number' ? rows.slice(0, params.limit) : rows;
      return limited.map((t) => {
        const host = hosts.get(t.hostid);
        const { hostid: _hostid, ...fields } = t;
        const row: Record<string, unknown> = pick(
          { ...fields, description: params.expandDescription ? expand(t.description, host) : t.description },
          params.output,
        );
        if (Array.isArray(params.selectHosts) && host) row.hosts = [pick(host, params.selectHosts)];
        return row;
      });
    },
  };

  function answer(request: { method?: unknown; params?: unknown; auth?: unknown }) {
    const method = String(request.method);
    const params = (request.params ?? {}) as Params;
    // 6.0 reads the token from the body only: a Bearer header (6.4 and later) is ignored.
    const auth = typeof request.auth === 'string' ? request.auth : null;
    if (method === 'apiinfo.version') {
      if (auth !== null)
        throw invalidParams('The "apiinfo.version" method must be called without the "auth" parameter.');
      return version;
    }
    if (method === 'user.login') {
      if (params.username !== username || params.password !== password)
        throw applicationError('Incorrect user name or password or account is temporarily blocked.');
      const issued = token();
      sessions.add(issued);
      return issued;
    }
    if (!(method in methods))
      throw new RpcFailure(-32601, 'Method not found.', `Incorrect method "${method}".`);
    if (auth === null) throw invalidParams('Not authorized.');
    if (!sessions.has(auth)) throw invalidParams('Session terminated, re-login, please.');
    const result = methods[method]!(params);
    if (method === 'user.logout') sessions.delete(auth);
    return result;
  }

  // A `fetch` for the real client: POST JSON-RPC in, JSON-RPC out, always HTTP 200 as Zabbix answers.
  const fetchApi: typeof fetch = async (_input, init) => {
    const request = JSON.parse(String(init?.body ?? '{}')) as { id?: unknown; method?: unknown };
    let body: unknown;
    try {
      body = { jsonrpc: '2.0', result: answer(request), id: request.id };
    } catch (error) {
      if (!(error instanceof RpcFailure)) throw error;
      body = {
        jsonrpc: '2.0',
        error: { code: error.code, message: error.rpcMessage, data: error.data },
        id: request.id,
      };
    }
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };

  // Demo data, written as zabbix_server would have it: a host and its triggers, some in the problem state.
  function addHost(
    host: string,
    name: string,
    list: { description: string; priority: number; problem: boolean }[],
  ) {
    const hostid = String(nextHostId++);
    hosts.set(hostid, { hostid, host, name });
    for (const trigger of list) {
      const triggerid = String(nextTriggerId++);
      triggers.set(triggerid, {
        triggerid,
        description: trigger.description,
        priority: String(trigger.priority),
        status: '0',
        value: trigger.problem ? '1' : '0',
        lastchange: trigger.problem ? String(Math.floor(Date.now() / 1000) - 3600) : '0',
        hostid,
      });
    }
  }

  return { fetch: fetchApi, url: 'http://zabbix.simulator/api_jsonrpc.php', addHost };
}
