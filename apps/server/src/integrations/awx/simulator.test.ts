import { awxOngoingStatuses } from '@lightpath/domain/awx';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equipmentPorts, shelves } from '../../db/schema/equipment';
import { servicePatching, services } from '../../db/schema/inventory';
import { buildTestApp, demo, type TestApp } from '../../test/helper';
import { type Awx, type AwxJobInfo, type AwxLaunchRequest, parseAwxResult } from './awx';
import { macCountOf } from './demo';
import { simulatedAwx } from './simulator';

// The simulated AWX on the demo network: its jobs go through AWX's states, and what `show` operations
// report agrees with the rest of the portal (the VPLS services' VLANs, the port pages' light levels,
// the shelves' ports and cards).

const fast = { pendingMs: 20, waitingMs: 20, runMs: 100, processingMs: 10 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function run(awx: Awx, request: AwxLaunchRequest) {
  const { jobId } = await awx.launch(request);
  const seen: string[] = [];
  const lines: string[] = [];
  let job: AwxJobInfo;
  for (let line = 0; ; await sleep(5)) {
    job = await awx.job(jobId);
    if (seen.at(-1) !== job.status) seen.push(job.status);
    const chunk = await awx.output(jobId, line);
    lines.push(...chunk.lines);
    line = chunk.nextLine;
    if (!awxOngoingStatuses.includes(job.status) && job.outputComplete) break;
  }
  return { job, seen, lines, summaries: await awx.hostSummaries(jobId) };
}

describe('the simulated AWX on the demo network', () => {
  let t: TestApp;
  let awx: Awx;
  // A shelf with VPLS services on its ports, and its services.
  let vplsShelf: string;
  let vplsServices: { serviceid: string; port: string; vlan: number | null }[];

  beforeAll(async () => {
    t = await buildTestApp();
    awx = simulatedAwx({ db: t.database.db, telemetry: t.app.dependencies.telemetry }, { timing: fast });
    const db = t.database.db;
    const [first] = await db
      .select({ name: shelves.name, n: sql<number>`count(*)::int` })
      .from(services)
      .innerJoin(equipmentPorts, eq(equipmentPorts.portId, services.aEndPortId))
      .innerJoin(shelves, eq(shelves.shelfId, equipmentPorts.shelfId))
      .where(and(inArray(services.typeLetter, ['F', 'W']), isNotNull(shelves.ipAddress)))
      .groupBy(shelves.name)
      .orderBy(sql`count(*) desc`, asc(shelves.name))
      .limit(1);
    vplsShelf = first!.name;
    vplsServices = await db
      .select({ serviceid: services.serviceId, port: equipmentPorts.name, vlan: servicePatching.vlan })
      .from(services)
      .innerJoin(equipmentPorts, eq(equipmentPorts.portId, services.aEndPortId))
      .innerJoin(shelves, eq(shelves.shelfId, equipmentPorts.shelfId))
      .leftJoin(servicePatching, eq(servicePatching.serviceId, services.serviceId))
      .where(
        and(
          inArray(services.typeLetter, ['F', 'W']),
          eq(shelves.name, vplsShelf),
          sql`${services.status} <> 0`,
        ),
      );
  });
  afterAll(async () => {
    await t.close();
  });

  const portsOf = (shelf: string) =>
    t.database.db
      .select({ portId: equipmentPorts.portId, name: equipmentPorts.name, state: equipmentPorts.state })
      .from(equipmentPorts)
      .innerJoin(shelves, eq(shelves.shelfId, equipmentPorts.shelfId))
      .where(eq(shelves.name, shelf))
      .orderBy(asc(equipmentPorts.portId));

  it('moves a job through pending, waiting and running to successful, its output growing', async () => {
    // States last long enough here for a poll to see each of them even on a busy machine.
    const steady = simulatedAwx(
      { db: t.database.db, telemetry: t.app.dependencies.telemetry },
      { timing: { pendingMs: 250, waitingMs: 250, runMs: 300, processingMs: 10 } },
    );
    const { job, seen, lines, summaries } = await run(steady, {
      operation: 'show/uptime',
      devices: [vplsShelf],
    });
    expect(seen).toEqual(['pending', 'waiting', 'running', 'successful']);
    expect(job.failed).toBe(false);
    expect(lines.some((l) => l.startsWith('PLAY [Lightpath show/uptime]'))).toBe(true);
    expect(lines.some((l) => l.startsWith('PLAY RECAP'))).toBe(true);
    expect(summaries).toEqual([expect.objectContaining({ host: vplsShelf, ok: 3, failures: 0, dark: 0 })]);
    const result = parseAwxResult(lines);
    expect(result?.devices[vplsShelf]?.[0]).toMatchObject({
      uptime: expect.stringMatching(/^\d+ days, \d\d:\d\d$/),
    });
  });

  it("lists a shelf's MAC addresses on the VLANs of the VPLS services on its ports", async () => {
    expect(vplsServices.length).toBeGreaterThan(0);
    const { lines } = await run(awx, { operation: 'show/mactable', devices: [vplsShelf] });
    const rows = parseAwxResult(lines)!.devices[vplsShelf] as {
      vlan: number;
      mac: string;
      serviceid: string;
      interface: string;
    }[];
    expect(new Set(rows.map((r) => r.vlan))).toEqual(new Set(vplsServices.map((s) => s.vlan)));
    for (const service of vplsServices) {
      const mine = rows.filter((r) => r.serviceid === service.serviceid);
      expect(mine).toHaveLength(macCountOf(service.serviceid));
      expect(mine.every((r) => r.vlan === service.vlan)).toBe(true);
      expect(mine.every((r) => /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/.test(r.mac))).toBe(true);
      expect(mine.every((r) => r.interface.replace(/\//g, '-') === service.port)).toBe(true);
    }
    // The same MACs on a second read.
    const again = await run(awx, { operation: 'show/mactable', devices: [vplsShelf] });
    expect(parseAwxResult(again.lines)!.devices[vplsShelf]).toEqual(rows);
  });

  it('reads each port the light levels the port pages show', async () => {
    const ports = await portsOf(vplsShelf);
    // Service ports and spare ones alike.
    const asked = ports.slice(0, 6);
    const bucket = () => Math.floor(Date.now() / 300_000);
    let compared = false;
    // The simulated light changes every five minutes: compare within one such bucket.
    for (let attempt = 0; attempt < 2 && !compared; attempt += 1) {
      const start = bucket();
      const { lines } = await run(awx, {
        operation: 'show/interfaceoptics',
        devices: [vplsShelf],
        ports: { [vplsShelf]: asked.map((p) => p.name) },
      });
      const rows = parseAwxResult(lines)!.devices[vplsShelf] as {
        port: string;
        rx: number | null;
        tx: number | null;
      }[];
      const expected = [];
      for (const port of asked) {
        const reply = await t.call({
          method: 'GET',
          url: `/api/port/${port.portId}/lightlevels`,
          as: demo.noc,
        });
        expect(reply.statusCode).toBe(200);
        const { payload } = reply.json() as { payload: { rx: number | null; tx: number | null } };
        expected.push({ port: port.portId, rx: payload.rx, tx: payload.tx });
      }
      if (bucket() !== start) continue;
      expect(rows.map((r) => ({ port: r.port, rx: r.rx, tx: r.tx }))).toEqual(expected);
      compared = true;
    }
    expect(compared).toBe(true);
  });

  it("lists the shelf's ports with their state and its cards", async () => {
    const ports = await portsOf(vplsShelf);
    const { lines } = await run(awx, { operation: 'show/interfaces', devices: [vplsShelf] });
    const rows = parseAwxResult(lines)!.devices[vplsShelf] as { port: string; admin: string; oper: string }[];
    expect(rows.map((r) => r.port).sort()).toEqual(ports.map((p) => p.portId).sort());
    for (const port of ports) {
      const row = rows.find((r) => r.port === port.portId)!;
      expect(row.admin).toBe(port.state === 'disabled' ? 'down' : 'up');
      expect(row.oper).toBe(port.state === 'up' ? 'up' : 'down');
    }
    const hardware = await run(awx, { operation: 'show/hardware', devices: [vplsShelf] });
    expect(parseAwxResult(hardware.lines)!.devices[vplsShelf]!.length).toBeGreaterThan(0);
  });

  it('prints a configuration naming the VLANs, and a play recap for a run operation', async () => {
    const config = await run(awx, { operation: 'get/config', devices: [vplsShelf] });
    for (const service of vplsServices) expect(config.lines.join('\n')).toContain(String(service.vlan));
    const bounce = await run(awx, {
      operation: 'run/bounceport',
      devices: [vplsShelf],
      ports: { [vplsShelf]: [vplsServices[0]!.port] },
    });
    expect(bounce.job.status).toBe('successful');
    expect(bounce.summaries[0]).toMatchObject({ host: vplsShelf, changed: 2, failures: 0 });
    expect(bounce.lines.some((l) => l.startsWith(`changed: [${vplsShelf}]`))).toBe(true);
  });

  it('keeps the log lines holding the filter', async () => {
    const filtered = async (filter: string) => {
      const { lines } = await run(awx, { operation: 'show/logsfiltered', devices: [vplsShelf], filter });
      return parseAwxResult(lines)!.devices[vplsShelf] as { message: string }[];
    };
    const rows = await filtered('snmp_trap_link');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.message.includes('SNMP_TRAP_LINK'))).toBe(true);
    expect(await filtered('no such text')).toEqual([]);
  });

  it('fails the job for a shelf it cannot reach and a name that is no shelf', async () => {
    const [unaddressed] = await t.database.db
      .select({ name: shelves.name })
      .from(shelves)
      .where(isNull(shelves.ipAddress))
      .limit(1);
    const devices = [vplsShelf, 'no-such-shelf', ...(unaddressed ? [unaddressed.name] : [])];
    const { job, summaries, lines } = await run(awx, { operation: 'show/uptime', devices });
    expect(job).toMatchObject({ status: 'failed', failed: true });
    expect(summaries.find((s) => s.host === 'no-such-shelf')).toMatchObject({ dark: 1, failed: true });
    if (unaddressed) expect(summaries.find((s) => s.host === unaddressed.name)).toMatchObject({ dark: 1 });
    expect(summaries.find((s) => s.host === vplsShelf)).toMatchObject({ dark: 0, failed: false });
    expect(lines.some((l) => l.startsWith('fatal: [no-such-shelf]: UNREACHABLE!'))).toBe(true);
  });

  it('runs a job in about one and a half seconds by default, its first line well within it', async () => {
    const standard = simulatedAwx({ db: t.database.db, telemetry: t.app.dependencies.telemetry });
    const started = performance.now();
    const { jobId } = await standard.launch({ operation: 'show/mactable', devices: [vplsShelf] });
    let firstLine = 0;
    for (let line = 0; ; await sleep(20)) {
      const job = await standard.job(jobId);
      const chunk = await standard.output(jobId, line);
      if (firstLine === 0 && chunk.lines.length > 0) firstLine = performance.now() - started;
      line = chunk.nextLine;
      if (!awxOngoingStatuses.includes(job.status)) break;
    }
    const total = performance.now() - started;
    expect(firstLine).toBeGreaterThan(400);
    expect(firstLine).toBeLessThan(1000);
    expect(total).toBeGreaterThan(1000);
    expect(total).toBeLessThan(3000);
  });
});
