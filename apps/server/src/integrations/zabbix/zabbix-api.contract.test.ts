import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zabbixSimulator } from './simulator';
import { ZabbixError } from './zabbix';
import { problemParams, tokenInHeader, zabbixApi } from './zabbix-api';

// One suite, two servers: the client against a real Zabbix 6.0 (Debian's zabbix-frontend-php on loopback,
// its own database on the machine's PostgreSQL; scripts/zabbix-peer/start.sh brings it up, .ci/run installs
// the packages) and against the simulator. The same calls and the same expectations on both, so the
// simulator cannot drift from what the real server answers. Each run makes a host of its own, so runs
// never see each other's triggers.

const repoRoot = resolve(import.meta.dirname, '../../../../..');
const peerEnv = { ...process.env, ZABBIX_PEER_PORT: '18089', ZABBIX_PEER_DIR: '/tmp/lightpath-zabbix-peer' };
const credentials = { username: 'Admin', password: 'zabbix' };
const tag = `${process.pid}${Date.now().toString(36)}`;
const hostName = `shelf-lp-${tag}`;
// The visible name shares nothing with the technical one, so a search can tell which it matched.
const visibleName = `Eastbrook PoP chassis ${tag}`;

type Target = {
  url: string;
  fetch: typeof fetch;
  // Puts a trigger into the problem state as zabbix_server would on a bad value: one problem event named
  // `name`, of the trigger's severity, begun at `clock`.
  raiseProblem: (triggerid: string, name: string, severity: number, clock: number) => void;
  stop: () => void;
};

// No zabbix_server runs beside the real peer, so nothing there ever raises a problem. The test writes one
// the way the server does (docs/zabbix-peer.md, "Problems in the contract test"): the `events` row, the
// `problem` row that problem.get reads, and the trigger's value, in one transaction, in the peer's own
// database only. At the end its events are deleted again (problem and acknowledges rows go with them).
function peerSql(statement: string) {
  const database = process.env.ZABBIX_PEER_DB ?? 'zabbix_peer';
  return execFileSync(
    'psql',
    [
      '-X',
      '-qAt',
      '-v',
      'ON_ERROR_STOP=1',
      '-h',
      process.env.PGHOST ?? '127.0.0.1',
      '-U',
      database,
      '-d',
      database,
    ],
    { env: { ...peerEnv, PGPORT: process.env.PGPORT ?? '5432' }, input: statement, encoding: 'utf8' },
  ).trim();
}

function realZabbix(): Target {
  const url = execFileSync('bash', [resolve(repoRoot, 'scripts/zabbix-peer/start.sh')], {
    env: peerEnv,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 240_000,
  })
    .trim()
    .split('\n')
    .at(-1)!;
  const raised: number[] = [];
  const raiseProblem = (triggerid: string, name: string, severity: number, clock: number) => {
    const quoted = `'${name.replaceAll("'", "''")}'`;
    // Event ids come from the server's id cache; the next free one is as good here, and the lock keeps
    // two runs from taking the same.
    const eventid = peerSql(`BEGIN;
      LOCK TABLE events IN EXCLUSIVE MODE;
      SELECT COALESCE(MAX(eventid), 0) + 1 AS eventid FROM events \\gset
      INSERT INTO events (eventid, source, object, objectid, clock, ns, value, acknowledged, name, severity)
        VALUES (:eventid, 0, 0, ${Number(triggerid)}, ${clock}, 0, 1, 0, ${quoted}, ${severity});
      INSERT INTO problem (eventid, source, object, objectid, clock, ns, name, severity)
        VALUES (:eventid, 0, 0, ${Number(triggerid)}, ${clock}, 0, ${quoted}, ${severity});
      UPDATE triggers SET value = 1, lastchange = ${clock} WHERE triggerid = ${Number(triggerid)};
      SELECT :eventid;
      COMMIT;`);
    raised.push(Number(eventid));
  };
  const stop = () => {
    if (raised.length > 0) peerSql(`DELETE FROM events WHERE eventid IN (${raised.join(',')});`);
    execFileSync('bash', [resolve(repoRoot, 'scripts/zabbix-peer/stop.sh')], {
      env: peerEnv,
      stdio: 'ignore',
    });
  };
  return { url, fetch, raiseProblem, stop };
}

function simulatedZabbix(): Target {
  const simulator = zabbixSimulator();
  return {
    ...simulator,
    raiseProblem: (triggerid, _name, _severity, clock) => simulator.setProblem(triggerid, true, clock),
    stop: () => undefined,
  };
}

describe.each([
  ['a real Zabbix 6.0', realZabbix],
  ['the simulator', simulatedZabbix],
])('the Zabbix client against %s', (_label, startTarget) => {
  let target: Target;
  let rpcId = 1;
  let adminToken: string;
  let triggers: { los: string; fan: string };

  // The set-up's own calls, outside the client under test.
  async function rpc<T>(method: string, params: unknown, auth: string | undefined = adminToken): Promise<T> {
    const response = await target.fetch(target.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json-rpc' },
      body: JSON.stringify({ jsonrpc: '2.0', method, params, id: rpcId++, ...(auth ? { auth } : {}) }),
    });
    const body = (await response.json()) as { result?: T; error?: { data: string } };
    if (body.error) throw new Error(`${method}: ${body.error.data}`);
    return body.result as T;
  }

  const client = (options: Partial<Parameters<typeof zabbixApi>[0]> = {}) =>
    zabbixApi({ url: target.url, fetch: target.fetch, ...credentials, ...options });

  beforeAll(async () => {
    target = startTarget();
    adminToken = await rpc<string>('user.login', credentials, undefined);
    const { groupids } = await rpc<{ groupids: string[] }>('hostgroup.create', { name: `Lightpath ${tag}` });
    const { hostids } = await rpc<{ hostids: string[] }>('host.create', {
      host: hostName,
      name: visibleName,
      groups: [{ groupid: groupids[0] }],
      interfaces: [{ type: 1, main: 1, useip: 1, ip: '127.0.0.1', dns: '', port: '10050' }],
    });
    const made: string[] = [];
    for (const [key, description, priority] of [
      ['port.los[1/1/1]', 'Loss of signal on port 1/1/1 of {HOST.NAME}', 4],
      ['fan.fail[2]', `Fan tray 2 failed ${tag}`, 2],
    ] as const) {
      await rpc('item.create', { hostid: hostids[0], name: key, key_: key, type: 2, value_type: 3 });
      const { triggerids } = await rpc<{ triggerids: string[] }>('trigger.create', {
        description,
        expression: `last(/${hostName}/${key})>0`,
        priority,
      });
      made.push(triggerids[0]!);
    }
    triggers = { los: made[0]!, fan: made[1]! };
  }, 300_000);

  afterAll(async () => {
    if (adminToken) await rpc('user.logout', []).catch(() => undefined);
    target?.stop();
  });

  it('reads the version and chooses the body token for it', async () => {
    const version = await client().version();
    expect(version).toMatch(/^6\.0\.\d+$/);
    expect(tokenInHeader(version)).toBe(false);
    expect(tokenInHeader('6.4.0')).toBe(true);
    expect(tokenInHeader('7.0.5')).toBe(true);
  });

  it('finds triggers by host name, by visible name and by description, with macros filled in', async () => {
    const zabbix = client();
    const byHost = await zabbix.searchTriggers(hostName, 50);
    expect(byHost.map((t) => t.triggerid).sort()).toEqual([triggers.los, triggers.fan].sort());
    const los = byHost.find((t) => t.triggerid === triggers.los)!;
    expect(los).toMatchObject({
      description: `Loss of signal on port 1/1/1 of ${visibleName}`,
      priority: 4,
      enabled: true,
      problem: false,
      host: { host: hostName, name: visibleName },
    });
    expect((await zabbix.searchTriggers('EASTBROOK POP', 500)).map((t) => t.triggerid)).toContain(
      triggers.los,
    );
    expect((await zabbix.searchTriggers(`fan tray 2 failed ${tag}`, 50)).map((t) => t.triggerid)).toEqual([
      triggers.fan,
    ]);
    expect(await zabbix.searchTriggers(`nothing-${tag}`, 50)).toEqual([]);
  });

  it('mutes a trigger by disabling it and unmutes it, as Zabbix itself then reports', async () => {
    const zabbix = client();
    await zabbix.mute(triggers.los);
    const [muted] = await rpc<{ status: string }[]>('trigger.get', {
      triggerids: [triggers.los],
      output: ['status'],
    });
    expect(muted!.status).toBe('1');
    const listed = await zabbix.getTriggers([triggers.los, triggers.fan]);
    expect(Object.fromEntries(listed.map((t) => [t.triggerid, t.enabled]))).toEqual({
      [triggers.los]: false,
      [triggers.fan]: true,
    });
    await zabbix.unmute(triggers.los);
    expect((await zabbix.getTriggers([triggers.los]))[0]!.enabled).toBe(true);
    expect(await zabbix.getTriggers([])).toEqual([]);
  });

  it('lists current problems with their host and acknowledgement, and leaves out a muted trigger’s', async () => {
    const zabbix = client();
    const ours = async () => (await zabbix.listProblems()).filter((p) => p.host === hostName);
    // Without a problem: nothing of this run's host, and problem.get answers an empty list.
    expect(await ours()).toEqual([]);
    expect(await rpc('problem.get', { ...problemParams, objectids: [triggers.los] })).toEqual([]);

    const name = `Loss of signal on port 1/1/1 of ${visibleName}`;
    const clock = Math.floor(Date.now() / 1000) - 600;
    target.raiseProblem(triggers.los, name, 4, clock);
    // problem.get's own answer, field by field: every value a string.
    const raw = await rpc<Record<string, string>[]>('problem.get', {
      ...problemParams,
      objectids: [triggers.los, triggers.fan],
    });
    expect(raw).toEqual([
      {
        eventid: expect.stringMatching(/^\d+$/),
        objectid: triggers.los,
        clock: String(clock),
        name,
        severity: '4',
        acknowledged: '0',
      },
    ]);
    const eventid = raw[0]!.eventid!;
    expect(await ours()).toEqual([
      { eventid, triggerid: triggers.los, name, severity: 4, clock, acknowledged: false, host: hostName },
    ]);

    // Acknowledged in Zabbix (with a message, as an engineer does there): 6.0 answers the ids as numbers.
    expect(
      await rpc('event.acknowledge', { eventids: [eventid], action: 6, message: 'Fibre crew on site' }),
    ).toEqual({ eventids: [Number(eventid)] });
    expect(await ours()).toMatchObject([{ eventid, acknowledged: true }]);

    // Muted: Zabbix keeps the problem open but the list leaves it out; unmuted, it is back, the same event.
    await zabbix.mute(triggers.los);
    expect(await ours()).toEqual([]);
    expect(await rpc('problem.get', { ...problemParams, objectids: [triggers.los] })).toHaveLength(1);
    await zabbix.unmute(triggers.los);
    expect(await ours()).toMatchObject([{ eventid, clock }]);
  });

  it('signs in again once when its session has ended', async () => {
    // The tokens the client sends, read off its requests.
    const sent: string[] = [];
    const watching: typeof fetch = async (input, init) => {
      const auth = (JSON.parse(String(init?.body)) as { auth?: string }).auth;
      if (auth) sent.push(auth);
      return target.fetch(input, init);
    };
    const zabbix = client({ fetch: watching });
    await zabbix.searchTriggers(hostName, 1);
    const first = sent.at(-1)!;
    // End that session from outside, as an administrator or Zabbix's session timeout would.
    await rpc('user.logout', [], first);
    expect((await zabbix.searchTriggers(hostName, 50)).length).toBe(2);
    expect(new Set(sent).size).toBe(2);
    expect(sent.at(-1)).not.toBe(first);
  });

  it('says Zabbix refused a wrong password or an unknown trigger, and did not answer when it is down', async () => {
    const wrong = client({ password: 'not-the-password' });
    await expect(wrong.searchTriggers(hostName, 1)).rejects.toMatchObject({
      name: 'ZabbixError',
      kind: 'refused',
      message: expect.stringContaining('Incorrect user name or password'),
    });
    await expect(client().mute('999999999')).rejects.toMatchObject({ kind: 'refused' });
    const down = zabbixApi({ url: 'http://127.0.0.1:9/api_jsonrpc.php', ...credentials, timeoutMs: 2_000 });
    const error = await down.version().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ZabbixError);
    expect(error).toMatchObject({ kind: 'unavailable', message: 'Zabbix did not answer apiinfo.version' });
  });
});
