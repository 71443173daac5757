import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { quantileOf } from '@lightpath/domain/usage-reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { prometheusTelemetry } from './prometheus';
import { type Endpoint, TelemetryError, telemetryWindow } from './telemetry';

// The Prometheus client against a real Prometheus (Debian's package): history is back-filled with
// promtool from an OpenMetrics file holding the series the default query templates read, then the
// client's answers are checked against what was written. Missing binaries fail the test: a contract
// test that skips itself proves nothing.
const prometheusBinary = '/usr/bin/prometheus';
const promtoolBinary = '/usr/bin/promtool';

const queries = loadConfig({ NODE_ENV: 'test' }).telemetry.queries;
const twoHours = 7200;
// Whole blocks well before the head block, so the back-filled data never overlaps live ingestion.
const base = Math.floor(Date.now() / 1000 / twoHours) * twoHours - 5 * twoHours;
const minutes = 180;
// What the series say: constant rates, fixed light levels, and the A end down for ten minutes.
const rates = { aIn: 12_500_000, aOut: 25_000_000, bIn: 3_000_000, bOut: 1_500_000 };
const downFrom = base + 60 * 60;
const downTo = base + 70 * 60;
// "Now" for the client: two hours into the data, well clear of the down period.
const clock = base + 120 * 60;
// A busier port for the usage report's percentile: in its k-th five minutes (k = 0..19) it receives
// (k + 1) MB/s, then 1 MB/s again; it sends a steady 5 MB/s.
const steppedPort = 'ge-0/0/9';
const steppedRate = (minute: number) => {
  const k = Math.floor(minute / 5);
  return k < 20 ? (k + 1) * 1_000_000 : 1_000_000;
};
const steadyOut = 5_000_000;

let dir: string;
let server: ChildProcess | undefined;
let url: string;

function openMetrics(): string {
  const lines: string[] = [];
  const series = (name: string, labels: string, valueAt: (minute: number) => number) => {
    for (let m = 0; m <= minutes; m += 1) lines.push(`${name}{${labels}} ${valueAt(m)} ${base + m * 60}`);
  };
  lines.push('# TYPE ifHCInOctets unknown');
  series('ifHCInOctets', 'ifName="ge-0/0/1"', (m) => rates.aIn * 60 * m);
  series('ifHCInOctets', 'ifName="xe-1/0/2"', (m) => rates.bIn * 60 * m);
  let received = 0;
  series('ifHCInOctets', `ifName="${steppedPort}"`, (m) => {
    // The counter at minute m holds what arrived in the minutes before it.
    const value = received;
    received += steppedRate(m) * 60;
    return value;
  });
  lines.push('# TYPE ifHCOutOctets unknown');
  series('ifHCOutOctets', `ifName="${steppedPort}"`, (m) => steadyOut * 60 * m);
  series('ifHCOutOctets', 'ifName="ge-0/0/1"', (m) => rates.aOut * 60 * m);
  series('ifHCOutOctets', 'ifName="xe-1/0/2"', (m) => rates.bOut * 60 * m);
  lines.push('# TYPE jnxDomCurrentRxLaserPower gauge');
  series('jnxDomCurrentRxLaserPower', 'ifName="ge-0/0/1"', () => -345);
  series('jnxDomCurrentRxLaserPower', 'ifName="xe-1/0/2"', () => -410);
  lines.push('# TYPE jnxDomCurrentTxLaserOutputPower gauge');
  series('jnxDomCurrentTxLaserOutputPower', 'ifName="ge-0/0/1"', () => -250);
  series('jnxDomCurrentTxLaserOutputPower', 'ifName="xe-1/0/2"', () => -212);
  lines.push('# TYPE ifOperStatus gauge');
  series('ifOperStatus', 'ifName="ge-0/0/1"', (m) => {
    const t = base + m * 60;
    return t >= downFrom && t < downTo ? 2 : 1;
  });
  series('ifOperStatus', 'ifName="xe-1/0/2"', () => 1);
  lines.push('# EOF');
  return `${lines.join('\n')}\n`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitUntilReady(readyUrl: string) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(readyUrl)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('Prometheus did not become ready within 10 s');
}

beforeAll(async () => {
  expect(existsSync(prometheusBinary), `${prometheusBinary} is required (apt-get install prometheus)`).toBe(
    true,
  );
  expect(existsSync(promtoolBinary), `${promtoolBinary} is required (apt-get install prometheus)`).toBe(true);
  dir = mkdtempSync(join(tmpdir(), 'lightpath-prometheus-'));
  const data = join(dir, 'data');
  writeFileSync(join(dir, 'series.om'), openMetrics());
  execFileSync(promtoolBinary, ['tsdb', 'create-blocks-from', 'openmetrics', join(dir, 'series.om'), data], {
    stdio: 'pipe',
  });
  writeFileSync(join(dir, 'prometheus.yml'), 'global:\n  scrape_interval: 1h\n');
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = spawn(
    prometheusBinary,
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${data}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: 'ignore' },
  );
  await waitUntilReady(`${url}/-/ready`);
}, 20_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const aEnd: Endpoint = {
  end: 'A',
  port: 'ge-0/0/1',
  service: 'UNG0001000101B',
  speedBps: 1e9,
  inService: true,
};
const bEnd: Endpoint = { ...aEnd, end: 'B', port: 'xe-1/0/2' };
const client = (now = clock) => prometheusTelemetry({ url, queries, now: () => now });

describe('Prometheus telemetry client against a real Prometheus', () => {
  it('reads traffic now as the rate of the octet counters', async () => {
    const a = await client().trafficNow(aEnd);
    expect(a.datetime).toBe(clock);
    expect(a.in).toBeCloseTo(rates.aIn, 0);
    expect(a.out).toBeCloseTo(rates.aOut, 0);
    const b = await client().trafficNow(bEnd);
    expect(b.in).toBeCloseTo(rates.bIn, 0);
    expect(b.out).toBeCloseTo(rates.bOut, 0);
  });

  it('reads traffic history over a window with one point per step', async () => {
    const window = telemetryWindow(1, clock);
    const history = await client().trafficRange(aEnd, window);
    expect(history.in).toHaveLength(61);
    expect(history.in[0]!.datetime).toBe(window.start);
    expect(history.in.at(-1)!.datetime).toBe(window.end);
    for (const p of history.in) expect(p.value).toBeCloseTo(rates.aIn, 0);
    for (const p of history.out) expect(p.value).toBeCloseTo(rates.aOut, 0);
    // A longer span has coarser steps, still within the data.
    const longer = await client().trafficRange(aEnd, telemetryWindow(2, clock));
    expect(longer.out.length).toBeGreaterThan(50);
    expect(longer.out.length).toBeLessThanOrEqual(121);
  });

  it('reads light levels in dBm now and over time', async () => {
    expect(await client().lightNow(aEnd)).toEqual({ rx: -3.45, tx: -2.5 });
    expect(await client().lightNow(bEnd)).toEqual({ rx: -4.1, tx: -2.12 });
    const range = await client().lightRange(bEnd, telemetryWindow(1, clock));
    expect(range.rx).toHaveLength(61);
    expect(range.rx.every((p) => p.value === -4.1)).toBe(true);
    expect(range.tx.every((p) => p.value === -2.12)).toBe(true);
  });

  it('reads the link state now and its changes over a window', async () => {
    expect(await client().statusNow(aEnd)).toBe('UP');
    expect(await client(downFrom + 300).statusNow(aEnd)).toBe('DOWN');
    expect(await client().statusNow(bEnd)).toBe('UP');
    const window = { start: base + 30 * 60, end: base + 100 * 60, step: 60 };
    expect(await client().statusChanges(aEnd, window)).toEqual([
      { datetime: downFrom, status: 'DOWN' },
      { datetime: downTo, status: 'UP' },
    ]);
    expect(await client().statusChanges(bEnd, window)).toEqual([]);
  });

  it('tells a port Prometheus does not know from a failure', async () => {
    const unknown: Endpoint = { ...aEnd, port: 'ge-9/9/9' };
    expect(await client().statusNow(unknown)).toBeNull();
    expect(await client().lightNow(unknown)).toBeNull();
    await expect(client().trafficNow(unknown)).rejects.toBeInstanceOf(TelemetryError);
    // No port recorded: nothing to ask for.
    const portless: Endpoint = { ...aEnd, port: null };
    expect(await client().lightNow(portless)).toBeNull();
    await expect(client().trafficNow(portless)).rejects.toBeInstanceOf(TelemetryError);
  });

  it("answers a port's 95th percentile of 5-minute rates over a window, with peak, mean and count", async () => {
    const stepped: Endpoint = { ...aEnd, port: steppedPort };
    // The twenty five-minute spans of the stepped rates: [base, base + 100 minutes).
    const window = { start: base, end: base + 100 * 60 };
    const figures = await client().trafficPercentile(stepped, window, 0.95);
    const expected = Array.from({ length: 20 }, (_, k) => (k + 1) * 1_000_000);
    // Prometheus's own interpolation, the one the simulator uses: rank 0.95 x 19 = 18.05.
    expect(quantileOf(expected, 0.95)).toBeCloseTo(19_050_000, 0);
    expect(figures.in!.quantile).toBeCloseTo(19_050_000, 0);
    expect(figures.in!.peak).toBeCloseTo(20_000_000, 0);
    expect(figures.in!.mean).toBeCloseTo(10_500_000, 0);
    expect(figures.in!.samples).toBe(20);
    expect(figures.out).toMatchObject({ samples: 20 });
    expect(figures.out!.quantile).toBeCloseTo(steadyOut, 0);
    expect(figures.out!.peak).toBeCloseTo(steadyOut, 0);
    // A later window holds only the steady 1 MB/s: the figures follow the window, not the whole series.
    const later = await client().trafficPercentile(stepped, { start: base + 6000, end: base + 9000 }, 0.95);
    expect(later.in).toMatchObject({ samples: 10 });
    expect(later.in!.quantile).toBeCloseTo(1_000_000, 0);
    expect(later.in!.peak).toBeCloseTo(1_000_000, 0);
  });

  it('answers no figures for a port it does not know or none recorded, and fails when it is away', async () => {
    const window = { start: base, end: base + 6000 };
    expect(await client().trafficPercentile({ ...aEnd, port: 'ge-9/9/9' }, window, 0.95)).toEqual({
      in: null,
      out: null,
    });
    expect(await client().trafficPercentile({ ...aEnd, port: null }, window, 0.95)).toEqual({
      in: null,
      out: null,
    });
    const gone = prometheusTelemetry({
      url: 'http://127.0.0.1:1',
      queries,
      now: () => clock,
      timeoutMs: 1000,
    });
    await expect(gone.trafficPercentile(aEnd, window, 0.95)).rejects.toBeInstanceOf(TelemetryError);
  });

  it('escapes port ids inside the PromQL string', async () => {
    // A quote in a port id must not end the label matcher (and so break or widen the query).
    const odd: Endpoint = { ...aEnd, port: 'ge-0/0/1"} or vector(1) or x{a="' };
    expect(await client().statusNow(odd)).toBeNull();
  });

  it('turns refused queries and an unreachable server into TelemetryError', async () => {
    const broken = prometheusTelemetry({
      url,
      queries: { ...queries, trafficIn: 'rate(ifHCInOctets{ifName="{port}"}[5' },
      now: () => clock,
    });
    await expect(broken.trafficNow(aEnd)).rejects.toThrow(/bad_data/);
    const gone = prometheusTelemetry({
      url: 'http://127.0.0.1:1',
      queries,
      now: () => clock,
      timeoutMs: 1000,
    });
    await expect(gone.statusNow(aEnd)).rejects.toBeInstanceOf(TelemetryError);
  });
});
