import {
  type MutedTrigger,
  type ZabbixTrigger,
  zabbixTriggerMessages,
} from '@lightpath/domain/zabbix-triggers';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { shelves } from '../../db/schema/equipment';
import { auditLog } from '../../db/schema/platform';
import { zabbixMutes } from '../../db/schema/zabbix';
import { ZabbixError } from '../../integrations/zabbix/zabbix';
import { buildTestApp, demo, problemOf, type TestApp } from '../../test/helper';
import { endDueMutes, endReenabledMutes, startMuteExpiry } from './service';

// The muted notifications API over the built-in simulator (the same client as against a real Zabbix,
// whose contract test is integrations/zabbix/zabbix-api.contract.test.ts).
let t: TestApp;

async function search(q: string, as: string = demo.eng): Promise<ZabbixTrigger[]> {
  const reply = await t.call({ method: 'POST', url: '/api/zabbix/trigger/search', as, payload: { q } });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().payload.results;
}

async function muted(as: string = demo.noc): Promise<MutedTrigger[]> {
  const reply = await t.call({ method: 'GET', url: '/api/zabbix/trigger/muted', as });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().payload.results;
}

// The mute records and the audit trail: a refusal writes neither.
async function footprint() {
  const [row] = await t.database.db
    .select({
      mutes: sql<string>`(select coalesce(string_agg(mute_id || ':' || coalesce(ended_at::text, '-'), ','), '') from zabbix_mutes)`,
      audit: sql<number>`(select count(*)::int from audit_log)`,
    })
    .from(sql`(select 1) as one`);
  return row;
}

const enabledInZabbix = async (triggerid: string) =>
  (await t.app.dependencies.zabbix.getTriggers([triggerid]))[0]!.enabled;

let triggerIds: string[];

beforeAll(async () => {
  t = await buildTestApp();
  triggerIds = (await search('Power supply 2 failed')).map((trigger) => trigger.triggerid);
});
afterAll(() => t.close());

describe('searching Zabbix triggers', () => {
  it("finds the shelves' triggers by host name and by description, with their alarm level", async () => {
    expect(triggerIds.length).toBeGreaterThan(5);
    const byHost = await search('Eastbrook PoP');
    expect(byHost.length).toBeGreaterThan(0);
    expect(byHost.every((trigger) => trigger.hostname.startsWith('Eastbrook PoP'))).toBe(true);
    const power = byHost.find((trigger) => trigger.description.startsWith('Power supply 2 failed'))!;
    expect(power).toMatchObject({
      description: `Power supply 2 failed on ${power.hostname}`,
      severity: 'major',
      enabled: true,
      mute: null,
    });
    // The demo's Zabbix has a host per shelf (modules/equipment/zabbix-hosts.ts): the PoP's routers and
    // its optical shelf.
    expect(power.host).toMatch(/^S\d{4}(pe\d*|ol)$/);
    expect((await search('unreachable by ICMP')).every((trigger) => trigger.severity === 'critical')).toBe(
      true,
    );
    expect(await search('no-such-trigger-anywhere')).toEqual([]);
  });

  it("raises the demo's alarms on the shelves, each with its host and a stable event", async () => {
    const problems = await t.app.dependencies.zabbix.listProblems();
    expect(problems.length).toBeGreaterThan(3);
    const shelfNames = new Set(
      (await t.database.db.select({ name: shelves.name }).from(shelves)).map((s) => s.name),
    );
    expect(problems.every((p) => shelfNames.has(p.host) && !p.acknowledged)).toBe(true);
    // Only the everyday triggers the demo puts in the problem state, and loss of signal on the ports of
    // services in an ongoing outage, named with the shelf's visible name.
    const names =
      /^(High CPU utilisation on|Power supply 2 failed on|Fan tray 1 failed on|Loss of signal on (ge|xe)-\d+\/\d+\/\d+ of) .+ \(.+\)$|^.+ is unreachable by ICMP ping$/;
    expect(problems.filter((p) => !names.test(p.name))).toEqual([]);
    expect(await t.app.dependencies.zabbix.listProblems()).toEqual(problems);
  });

  it('needs two characters', async () => {
    const reply = await t.call({
      method: 'POST',
      url: '/api/zabbix/trigger/search',
      as: demo.eng,
      payload: { q: 'x' },
    });
    expect(reply.statusCode).toBe(400);
    expect(problemOf(reply)).toBe(zabbixTriggerMessages.searchTooShort);
  });
});

describe('muting and unmuting', () => {
  it('mutes a trigger for a while with a reason, disables it in Zabbix, lists it, and unmutes it', async () => {
    const triggerid = triggerIds[0]!;
    const before = await t.auditCount('zabbix.mute');
    const reply = await t.call({
      method: 'POST',
      url: '/api/zabbix/trigger/mute',
      as: demo.eng,
      payload: { triggerid, minutes: 720, reason: 'Flapping PSU, replaced in the morning' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json();
    expect(body.message).toBe(zabbixTriggerMessages.muted);
    expect(body.payload).toMatchObject({ triggerid, enabled: false, mute: { mutedby: 'Priya Raman' } });
    expect(body.payload.mute.until - body.payload.mute.since).toBe(720 * 60);
    expect(await enabledInZabbix(triggerid)).toBe(false);
    expect(await t.auditCount('zabbix.mute')).toBe(before + 1);

    const list = await muted();
    expect(list.find((m) => m.triggerid === triggerid)).toMatchObject({
      reason: 'Flapping PSU, replaced in the morning',
      mutedby: 'Priya Raman',
      severity: 'major',
    });
    // The search shows the running mute on that trigger alone.
    expect(
      (await search('Power supply 2 failed')).filter((x) => x.mute !== null).map((x) => x.triggerid),
    ).toEqual([triggerid]);

    const unmute = await t.call({
      method: 'POST',
      url: '/api/zabbix/trigger/unmute',
      as: demo.noc,
      payload: { triggerid },
    });
    expect(unmute.statusCode, unmute.body).toBe(200);
    expect(unmute.json().message).toBe(zabbixTriggerMessages.unmuted);
    expect(await enabledInZabbix(triggerid)).toBe(true);
    expect((await muted()).map((m) => m.triggerid)).not.toContain(triggerid);
    expect(await t.auditCount('zabbix.unmute')).toBeGreaterThan(0);
  });

  it('refuses a second mute (409), an unknown trigger (404) and unmuting what is not muted (404), writing nothing', async () => {
    const triggerid = triggerIds[1]!;
    const mute = { triggerid, minutes: 60, reason: 'Works tonight' };
    expect(
      (await t.call({ method: 'POST', url: '/api/zabbix/trigger/mute', as: demo.noc, payload: mute }))
        .statusCode,
    ).toBe(200);
    for (const [url, payload, status, message] of [
      ['/api/zabbix/trigger/mute', mute, 409, zabbixTriggerMessages.alreadyMuted],
      [
        '/api/zabbix/trigger/mute',
        { ...mute, triggerid: '999999999' },
        404,
        zabbixTriggerMessages.triggerNotFound,
      ],
      ['/api/zabbix/trigger/unmute', { triggerid: triggerIds[2]! }, 404, zabbixTriggerMessages.notMuted],
    ] as const) {
      const before = await footprint();
      const reply = await t.call({ method: 'POST', url, as: demo.noc, payload });
      expect(reply.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(status);
      expect(reply.json().message).toBe(message);
      expect(await footprint()).toEqual(before);
    }
    expect(await enabledInZabbix(triggerIds[2]!)).toBe(true);
  });

  it.each([
    ['no reason', { minutes: 60 }, zabbixTriggerMessages.reasonRequired],
    ['five minutes', { minutes: 5, reason: 'x' }, zabbixTriggerMessages.durationInvalid],
    ['eight days', { minutes: 8 * 1440, reason: 'x' }, zabbixTriggerMessages.durationInvalid],
    [
      'a trigger id that is not a number',
      { triggerid: 'abc', minutes: 60, reason: 'x' },
      zabbixTriggerMessages.triggerInvalid,
    ],
  ])(
    'refuses a mute with %s (400), writing nothing and leaving Zabbix alone',
    async (_label, change, message) => {
      const triggerid = triggerIds[3]!;
      const before = await footprint();
      const reply = await t.call({
        method: 'POST',
        url: '/api/zabbix/trigger/mute',
        as: demo.eng,
        payload: { triggerid, ...change },
      });
      expect(reply.statusCode).toBe(400);
      expect(problemOf(reply)).toBe(message);
      expect(await footprint()).toEqual(before);
      expect(await enabledInZabbix(triggerid)).toBe(true);
    },
  );
});

describe('a mute ends by itself', () => {
  it('is unmuted in Zabbix and ended, audited with no user, once its time is up', async () => {
    const triggerid = triggerIds[4]!;
    await t.call({
      method: 'POST',
      url: '/api/zabbix/trigger/mute',
      as: demo.noc,
      payload: { triggerid, minutes: 15, reason: 'Overnight works' },
    });
    const deps = t.app.dependencies;
    // Not yet due.
    expect(await endDueMutes(deps, new Date(Date.now() + 5 * 60_000))).toBe(0);
    expect(await enabledInZabbix(triggerid)).toBe(false);
    // Sixteen minutes on.
    const ended = await endDueMutes(deps, new Date(Date.now() + 16 * 60_000));
    expect(ended).toBeGreaterThan(0);
    expect(await enabledInZabbix(triggerid)).toBe(true);
    expect((await muted()).map((m) => m.triggerid)).not.toContain(triggerid);
    expect(await t.auditCount('zabbix.unmute.expired')).toBeGreaterThan(0);
    const rows = await t.database.db.select().from(zabbixMutes);
    expect(rows.find((r) => r.triggerId === triggerid)).toMatchObject({
      endedBy: null,
      endedAt: expect.any(Date),
    });
  });
});

describe('a mute whose trigger was enabled again in Zabbix itself', () => {
  const muteFor = async (triggerid: string) => {
    const reply = await t.call({
      method: 'POST',
      url: '/api/zabbix/trigger/mute',
      as: demo.noc,
      payload: { triggerid, minutes: 240, reason: 'Fibre works' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
  };
  const reenabledAudit = (triggerid: string) =>
    t.database.db
      .select({ actor: auditLog.actorUserId, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'zabbix.unmute.reenabled'), eq(auditLog.entityId, triggerid)));

  it('ends in the portal once, audited with no user and the reason, and not while still disabled', async () => {
    const triggerid = triggerIds[7]!;
    await muteFor(triggerid);
    const deps = t.app.dependencies;
    await endReenabledMutes(deps);
    expect((await muted()).map((m) => m.triggerid)).toContain(triggerid);

    // An administrator enables it in Zabbix's own screens.
    await deps.zabbix.unmute(triggerid);
    // Two instances' rounds at once: the conditional end lets only one of them end it and audit it.
    const [first, second] = await Promise.all([endReenabledMutes(deps), endReenabledMutes(deps)]);
    expect(first! + second!).toBe(1);
    expect((await muted()).map((m) => m.triggerid)).not.toContain(triggerid);
    const audit = await reenabledAudit(triggerid);
    expect(audit).toEqual([
      {
        actor: null,
        detail: expect.objectContaining({
          reason: 'The trigger was enabled again in Zabbix, not through the portal.',
        }),
      },
    ]);
    const rows = await t.database.db.select().from(zabbixMutes).where(eq(zabbixMutes.triggerId, triggerid));
    expect(rows).toMatchObject([{ endedBy: null, endedAt: expect.any(Date) }]);
    expect(await endReenabledMutes(deps)).toBe(0);
  });

  it('leaves the records alone while Zabbix cannot be reached, and ends them when it answers again', async () => {
    const triggerid = triggerIds[8]!;
    await muteFor(triggerid);
    const zabbix = t.app.dependencies.zabbix;
    await zabbix.unmute(triggerid);
    const original = zabbix.getTriggers;
    zabbix.getTriggers = async () => {
      throw new ZabbixError('Zabbix did not answer trigger.get', 'unavailable');
    };
    try {
      expect(await endReenabledMutes(t.app.dependencies)).toBe(0);
      expect((await muted()).map((m) => m.triggerid)).toContain(triggerid);
    } finally {
      zabbix.getTriggers = original;
    }
    // The job's round at start-up sees it.
    const stop = startMuteExpiry(t.app.dependencies, { intervalMs: 3_600_000 });
    try {
      await vi.waitFor(async () => expect((await reenabledAudit(triggerid)).length).toBe(1));
    } finally {
      await stop();
    }
    expect((await muted()).map((m) => m.triggerid)).not.toContain(triggerid);
  });
});

describe('who may', () => {
  it('refuses the technician and customers every route', async () => {
    for (const who of [demo.tech, demo.ungAdmin, demo.ungUser]) {
      for (const [method, url, payload] of [
        ['GET', '/api/zabbix/trigger/muted', undefined],
        ['POST', '/api/zabbix/trigger/search', { q: 'PoP' }],
        ['POST', '/api/zabbix/trigger/mute', { triggerid: triggerIds[5]!, minutes: 60, reason: 'x' }],
        ['POST', '/api/zabbix/trigger/unmute', { triggerid: triggerIds[5]! }],
      ] as const) {
        const reply = await t.call({ method, url, as: who, ...(payload ? { payload } : {}) });
        expect(reply.statusCode, `${who} ${url}`).toBe(403);
      }
    }
    expect(await enabledInZabbix(triggerIds[5]!)).toBe(true);
  });
});

describe('Zabbix refusing a call', () => {
  it('answers 502 with what Zabbix said, and keeps no mute record', async () => {
    const zabbix = t.app.dependencies.zabbix;
    const original = zabbix.mute;
    // As a real Zabbix answers when the portal's user may not update the trigger.
    zabbix.mute = async () => {
      throw new ZabbixError(
        'Zabbix refused trigger.update: No permissions to referred object or it does not exist!',
        'refused',
      );
    };
    try {
      const before = await footprint();
      const reply = await t.call({
        method: 'POST',
        url: '/api/zabbix/trigger/mute',
        as: demo.noc,
        payload: { triggerid: triggerIds[6]!, minutes: 60, reason: 'Works' },
      });
      expect(reply.statusCode).toBe(502);
      expect(reply.json().message).toBe(
        'Zabbix refused trigger.update: No permissions to referred object or it does not exist!',
      );
      expect(await footprint()).toEqual(before);
    } finally {
      zabbix.mute = original;
    }
  });
});

describe('Zabbix unreachable', () => {
  it('answers 502 with a readable message, and still lists the mutes from its own records', async () => {
    const down = await buildTestApp({
      zabbix: { url: 'http://127.0.0.1:9/api_jsonrpc.php', username: 'Admin', password: 'zabbix' },
    });
    try {
      const reply = await down.call({
        method: 'POST',
        url: '/api/zabbix/trigger/search',
        as: demo.noc,
        payload: { q: 'PoP' },
      });
      expect(reply.statusCode).toBe(502);
      expect(reply.json().message).toBe(zabbixTriggerMessages.unavailable);
      const list = await down.call({ method: 'GET', url: '/api/zabbix/trigger/muted', as: demo.noc });
      expect(list.statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });
});
