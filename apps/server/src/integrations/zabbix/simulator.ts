// A Zabbix 6.0 JSON-RPC API in memory, for the portal's default (no ZABBIX_URL) and for tests: the real
// client (zabbix-api.ts) talks to it through `fetch`, and it answers the client's calls exactly as Debian's
// Zabbix 6.0.14 does (docs/zabbix-peer.md): string ids and numbers, the same error codes and texts, get
// methods that ignore what they do not know. The contract test runs one suite against both, so a drift
// between the two fails there.

import type { RawTrigger } from './zabbix-api';

type Host = { hostid: string; host: string; name: string };
type Trigger = Omit<RawTrigger, 'hosts'> & { hostid: string };
// Searches are case-insensitive, as Zabbix's are: each host's and trigger's searched text is lowered
// once, when it is made, not on every search (the national demo has tens of thousands of triggers).
type HostRecord = { host: Host; lowHost: string; lowName: string };
type TriggerRecord = { trigger: Trigger; lowDescription: string };
type Params = Record<string, unknown>;
// A row of the `problem` table joined with its event, every field a string as problem.get answers
// with output 'extend' (measured on 6.0.14, docs/zabbix-peer.md).
type Problem = {
  eventid: string;
  source: string;
  object: string;
  objectid: string;
  clock: string;
  ns: string;
  r_eventid: string;
  r_clock: string;
  r_ns: string;
  correlationid: string;
  userid: string;
  name: string;
  acknowledged: string;
  severity: string;
  opdata: string;
  suppressed: string;
};

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
const objectNames: Record<number, string> = { 4: 'item', 5: 'LLD rule' };
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
  const hosts = new Map<string, HostRecord>();
  // By id, in id order (ids only grow): the order Zabbix answers gets in when no sortfield is given.
  const triggers = new Map<string, TriggerRecord>();
  const triggersOfHost = new Map<string, TriggerRecord[]>();
  // The same records as arrays, for the scans of a search (faster to walk than a Map).
  const hostList: HostRecord[] = [];
  const triggerList: TriggerRecord[] = [];
  // The open problems by event id. As in Zabbix, a disabled or deleted trigger's problem stays here:
  // only zabbix_server resolves problems, when the trigger's expression is OK again.
  const problems = new Map<string, Problem>();
  let nextHostId = 10600;
  let nextEventId = 1;
  let nextTriggerId = 23200;
  let nextOtherId = 30;

  const token = () => Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

  // `part` as the caller sent it: lowered once per search, by the caller.
  const lowerPart = (part: unknown) => (typeof part === 'string' ? part.toLowerCase() : undefined);

  // The first `limit` rows that match, in order, without looking further: Zabbix's SQL stops there too.
  function firstMatching<T>(rows: Iterable<T>, matches: (row: T) => boolean, limit: unknown): T[] {
    const max = typeof limit === 'number' ? limit : Number.POSITIVE_INFINITY;
    const found: T[] = [];
    if (max <= 0) return found;
    for (const row of rows) {
      if (!matches(row)) continue;
      found.push(row);
      if (found.length >= max) break;
    }
    return found;
  }

  function addTrigger(trigger: Trigger) {
    const record = { trigger, lowDescription: trigger.description.toLowerCase() };
    triggers.set(trigger.triggerid, record);
    triggerList.push(record);
    const ofHost = triggersOfHost.get(trigger.hostid);
    if (ofHost) ofHost.push(record);
    else triggersOfHost.set(trigger.hostid, [record]);
  }

  function addHostRecord(host: Host) {
    const record = { host, lowHost: host.host.toLowerCase(), lowName: host.name.toLowerCase() };
    hosts.set(host.hostid, record);
    hostList.push(record);
  }

  const byTriggerId = (a: TriggerRecord, b: TriggerRecord) =>
    Number(a.trigger.triggerid) - Number(b.trigger.triggerid);
  const extend = (output: unknown) => output === 'extend' || output === undefined;

  function pick<T extends Record<string, unknown>>(row: T, output: unknown): Partial<T> {
    if (extend(output)) return { ...row };
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
      addHostRecord({ hostid, host, name: typeof params.name === 'string' ? params.name : host });
      return { hostids: [hostid] };
    },
    'item.create': () => ({ itemids: [String(nextOtherId++)] }),
    'trigger.create': (params) => {
      const expression = String(params.expression ?? '');
      const hostName = /\(\/([^/]+)\//.exec(expression)?.[1] ?? '';
      const host = [...hosts.values()].find((h) => h.host.host === hostName)?.host;
      if (!host)
        throw invalidParams(
          `Incorrect trigger expression. Host "${hostName}" does not exist or you have no access to this host.`,
        );
      const triggerid = String(nextTriggerId++);
      addTrigger({
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
      const trigger = triggers.get(String(params.triggerid))?.trigger;
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
      const host = lowerPart(search.host);
      const name = lowerPart(search.name);
      const byHost = search.host !== undefined;
      const byName = search.name !== undefined;
      const matches = (h: HostRecord) => {
        if (!byHost && !byName) return true;
        const hostHit = byHost && host !== undefined && h.lowHost.includes(host);
        const nameHit = byName && name !== undefined && h.lowName.includes(name);
        if (params.searchByAny) return hostHit || nameHit;
        return (!byHost || hostHit) && (!byName || nameHit);
      };
      return firstMatching(hostList, matches, params.limit).map((h) => pick(h.host, params.output));
    },
    'trigger.get': (params) => {
      const ids = (value: unknown) => (Array.isArray(value) ? new Set(value.map(String)) : undefined);
      const triggerids = ids(params.triggerids);
      const hostids = ids(params.hostids);
      const search = (params.search ?? {}) as { description?: unknown };
      const description = lowerPart(search.description);
      // Asked by id or by host, only those triggers are looked at (in id order, as a full scan gives them).
      const candidates: Iterable<TriggerRecord> = triggerids
        ? [...triggerids].flatMap((id) => triggers.get(id) ?? []).sort(byTriggerId)
        : hostids
          ? [...hostids].flatMap((id) => triggersOfHost.get(id) ?? []).sort(byTriggerId)
          : triggerList;
      const matches = ({ trigger: t, lowDescription }: TriggerRecord) =>
        (!triggerids || triggerids.has(t.triggerid)) &&
        (!hostids || hostids.has(t.hostid)) &&
        (search.description === undefined ||
          (description !== undefined && lowDescription.includes(description))) &&
        // Enabled triggers of enabled items and hosts; the simulator's hosts and items are always enabled.
        (!params.monitored || t.status === '0');
      return firstMatching(candidates, matches, params.limit).map(({ trigger: t }) => {
        const host = hosts.get(t.hostid)?.host;
        const { hostid: _hostid, ...fields } = t;
        const row: Record<string, unknown> = pick(
          { ...fields, description: params.expandDescription ? expand(t.description, host) : t.description },
          params.output,
        );
        // Zabbix adds the hostid to whatever host fields were asked for.
        if (Array.isArray(params.selectHosts) && host)
          row.hosts = [{ hostid: host.hostid, ...pick(host, params.selectHosts) }];
        return row;
      });
    },
    // Trigger problems only: the simulator has no internal events. No sortfield: Zabbix's own order,
    // which is the problem table's, by event id.
    'problem.get': (params) => {
      const source = Number(params.source ?? 0);
      const object = Number(params.object ?? 0);
      if (source === 0 && object !== 0)
        throw invalidParams(
          `Incorrect event object "${object}" (${objectNames[object] ?? 'unknown'}) for event source "0" (trigger), only the following objects are supported: 0 - trigger.`,
        );
      if (source !== 0) return [];
      const ids = (value: unknown) => (value === undefined ? undefined : new Set([value].flat().map(String)));
      const objectids = ids(params.objectids);
      const eventids = ids(params.eventids);
      return (
        [...problems.values()]
          .filter(
            (p) =>
              (!objectids || objectids.has(p.objectid)) &&
              (!eventids || eventids.has(p.eventid)) &&
              (params.acknowledged === undefined || p.acknowledged === (params.acknowledged ? '1' : '0')),
          )
          // 'extend' (the default) also carries the problem's URLs, none in the simulator.
          .map((p) => (extend(params.output) ? { ...p, urls: [] } : pick(p, params.output)))
      );
    },
    // Acknowledge (2) and unacknowledge (16), with or without a message (4), as 6.0 answers them: ids as
    // numbers. Closing (1) and changing the severity (8) are zabbix_server's work and not modelled.
    'event.acknowledge': (params) => {
      const action = Number(params.action);
      if ((action & 2) !== 0 && (action & 16) !== 0)
        throw invalidParams('Incorrect value for field "action": value must be one of 2, 16.');
      if (!Number.isInteger(action) || action < 0 || (action & ~(2 | 4 | 16)) !== 0)
        throw invalidParams(`Incorrect value for field "action": unexpected value "${params.action}".`);
      const eventids = [params.eventids ?? []].flat().map(String);
      const found = eventids.map((id) => problems.get(id));
      if (eventids.length === 0 || found.some((p) => p === undefined)) throw noSuchObject();
      for (const problem of found) {
        if (action & 2) problem!.acknowledged = '1';
        if (action & 16) problem!.acknowledged = '0';
      }
      return { eventids: eventids.map(Number) };
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

  // What zabbix_server does when a trigger's expression changes: into the problem state, a problem event
  // with the next event id, the trigger's severity and its name with macros filled in, kept until the
  // trigger is OK again; back to OK, the problem is resolved and leaves problem.get. Setting the state a
  // trigger already has changes nothing, so an event id and its clock stay as they were.
  function setProblem(triggerid: string, problem: boolean, clock = Math.floor(Date.now() / 1000)) {
    const trigger = triggers.get(triggerid)?.trigger;
    if (!trigger) throw new Error(`the simulator has no trigger ${triggerid}`);
    if ((trigger.value === '1') === problem) return;
    trigger.value = problem ? '1' : '0';
    trigger.lastchange = String(clock);
    if (!problem) {
      for (const [eventid, open] of problems) if (open.objectid === triggerid) problems.delete(eventid);
      return;
    }
    const eventid = String(nextEventId++);
    problems.set(eventid, {
      eventid,
      source: '0',
      object: '0',
      objectid: triggerid,
      clock: String(clock),
      ns: '0',
      r_eventid: '0',
      r_clock: '0',
      r_ns: '0',
      correlationid: '0',
      userid: '0',
      name: expand(trigger.description, hosts.get(trigger.hostid)?.host),
      acknowledged: '0',
      severity: trigger.priority,
      opdata: '',
      suppressed: '0',
    });
  }

  // An engineer acknowledging (or unacknowledging) the trigger's open problem in Zabbix's own screens.
  function acknowledge(triggerid: string, acknowledged = true) {
    for (const problem of problems.values())
      if (problem.objectid === triggerid) problem.acknowledged = acknowledged ? '1' : '0';
  }

  // Demo data, written as zabbix_server would have it: a host and its triggers, some in the problem
  // state since `problemSince` (unix seconds; an hour ago unless given).
  function addHost(
    host: string,
    name: string,
    list: { description: string; priority: number; problem: boolean; problemSince?: number }[],
  ) {
    const hostid = String(nextHostId++);
    addHostRecord({ hostid, host, name });
    const triggerids: string[] = [];
    for (const trigger of list) {
      const triggerid = String(nextTriggerId++);
      addTrigger({
        triggerid,
        description: trigger.description,
        priority: String(trigger.priority),
        status: '0',
        value: '0',
        lastchange: '0',
        hostid,
      });
      if (trigger.problem)
        setProblem(triggerid, true, trigger.problemSince ?? Math.floor(Date.now() / 1000) - 3600);
      triggerids.push(triggerid);
    }
    return { hostid, triggerids };
  }

  return {
    fetch: fetchApi,
    url: 'http://zabbix.simulator/api_jsonrpc.php',
    addHost,
    setProblem,
    acknowledge,
  };
}
