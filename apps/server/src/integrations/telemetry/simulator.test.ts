import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventServices, events, services } from '../../db/schema/inventory';
import { buildTestApp, type TestApp } from '../../test/helper';
import { dailyShape, lossOfSignalDbm, simulatedTelemetry, trafficFraction } from './simulator';
import { type Endpoint, telemetryWindow } from './telemetry';

let t: TestApp;
// A fixed clock: Wednesday 2026-11-18 05:00 UTC is 15:00 in the demo network's time (UTC+10).
const afternoon = Date.UTC(2026, 10, 18, 5, 0, 0) / 1000;
const night = afternoon + 12 * 3600; // 03:00 local
let outaged: string;
let healthy: string;

const endpoint = (service: string, overrides: Partial<Endpoint> = {}): Endpoint => ({
  end: 'A',
  port: 'ge-0/0/1',
  service,
  speedBps: 1e9,
  inService: true,
  ...overrides,
});

beforeAll(async () => {
  t = await buildTestApp();
  const { db } = t.database;
  // The demo's ongoing outage (type 3, no end) and a service no event touches.
  const [ongoing] = await db
    .select({ serviceId: eventServices.serviceId })
    .from(events)
    .innerJoin(eventServices, eq(eventServices.eventId, events.eventId))
    .where(and(eq(events.type, 3), isNull(events.endTime)))
    .limit(1);
  outaged = ongoing!.serviceId;
  const touched = new Set((await db.select().from(eventServices)).map((r) => r.serviceId));
  healthy = (await db.select().from(services)).find(
    (s) => s.status === 1 && !touched.has(s.serviceId),
  )!.serviceId;
});
afterAll(() => t.close());

describe('telemetry simulator', () => {
  it('gives the same numbers for the same service and time, whoever asks', async () => {
    const one = simulatedTelemetry(t.database.db, { now: () => afternoon });
    const two = simulatedTelemetry(t.database.db, { now: () => afternoon });
    const window = telemetryWindow(6, afternoon);
    expect(await one.trafficRange(endpoint(healthy), window)).toEqual(
      await two.trafficRange(endpoint(healthy), window),
    );
    expect(await one.lightNow(endpoint(healthy))).toEqual(await two.lightNow(endpoint(healthy)));
    expect(await one.trafficNow(endpoint(healthy))).toEqual(await two.trafficNow(endpoint(healthy)));
    // Another service gets other numbers.
    const other = await one.trafficNow(endpoint(`${healthy.slice(0, -3)}99A`));
    expect(other.in).not.toBe((await one.trafficNow(endpoint(healthy))).in);
  });

  it('follows a daily curve, low at night and peaking in the afternoon, scaled by speed', async () => {
    expect(dailyShape(night)).toBeCloseTo(0, 5);
    expect(dailyShape(afternoon)).toBeCloseTo(1, 5);
    for (const key of ['UNG0001000101B', 'EBH0002004702D', 'HRI0003004803A']) {
      expect(trafficFraction(key, 'btoa', afternoon)).toBeGreaterThan(
        2 * trafficFraction(key, 'btoa', night),
      );
    }
    const at = (time: number, speedBps: number) =>
      simulatedTelemetry(t.database.db, { now: () => time }).trafficNow(endpoint(healthy, { speedBps }));
    const peak = await at(afternoon, 1e9);
    const low = await at(night, 1e9);
    expect(peak.out).toBeGreaterThan(low.out);
    const tenGig = await at(afternoon, 1e10);
    const twoHundredMeg = await at(afternoon, 2e8);
    expect(tenGig.out / peak.out).toBeCloseTo(10, 3);
    expect(twoHundredMeg.out / peak.out).toBeCloseTo(0.2, 3);
    // Bytes per second never exceed the line rate.
    expect(peak.out).toBeLessThanOrEqual(1e9 / 8);
    // The A end receives what the B end sends.
    const bEnd = await simulatedTelemetry(t.database.db, { now: () => afternoon }).trafficNow(
      endpoint(healthy, { end: 'B' }),
    );
    expect(bEnd).toMatchObject({ in: peak.out, out: peak.in });
  });

  it('keeps light near -3 dBm: transmit about -2.5, receive about -3.5', async () => {
    const sim = simulatedTelemetry(t.database.db, { now: () => afternoon });
    const range = await sim.lightRange(endpoint(healthy), telemetryWindow(24, afternoon));
    expect(range.tx.length).toBeGreaterThan(100);
    for (const p of range.tx) expect(Math.abs(p.value + 2.5)).toBeLessThanOrEqual(0.41);
    for (const p of range.rx) expect(Math.abs(p.value + 3.5)).toBeLessThanOrEqual(0.76);
  });

  it('reads DOWN with no traffic and no received light while an ongoing outage covers the service', async () => {
    const sim = simulatedTelemetry(t.database.db);
    expect(await sim.statusNow(endpoint(outaged))).toBe('DOWN');
    expect(await sim.statusNow(endpoint(outaged, { end: 'B' }))).toBe('DOWN');
    expect(await sim.trafficNow(endpoint(outaged))).toMatchObject({ in: 0, out: 0 });
    expect((await sim.lightNow(endpoint(outaged)))?.rx).toBe(lossOfSignalDbm);
    expect(await sim.statusNow(endpoint(healthy))).toBe('UP');
    expect((await sim.trafficNow(endpoint(healthy))).out).toBeGreaterThan(0);
    // A disabled or planned service is dark.
    expect(await sim.statusNow(endpoint(healthy, { inService: false }))).toBe('DOWN');
    expect(await sim.lightNow(endpoint(healthy, { inService: false }))).toBeNull();
  });

  it('derives the operational history from past outages, with flaps before them', async () => {
    const { db } = t.database;
    const now = Math.floor(Date.now() / 1000);
    const start = now - 5 * 3600;
    const end = now - 4 * 3600;
    const [event] = await db
      .insert(events)
      .values({
        number: 9911,
        title: 'Simulator test outage',
        description: 'x',
        type: 3,
        startTime: new Date(start * 1000),
        endTime: new Date(end * 1000),
        initiator: 'NOC',
        approver: 'NOC',
      })
      .returning();
    await db.insert(eventServices).values({ eventId: event!.eventId, serviceId: healthy });
    try {
      const sim = simulatedTelemetry(db);
      const window = { ...telemetryWindow(24, now), end: now };
      const changes = await sim.statusChanges(endpoint(healthy), window);
      expect(changes).toContainEqual({ datetime: start, status: 'DOWN' });
      expect(changes).toContainEqual({ datetime: end, status: 'UP' });
      // Alternating, oldest first, and every flap is over within the quarter hour before the outage.
      for (let i = 1; i < changes.length; i += 1) {
        expect(changes[i]!.datetime).toBeGreaterThanOrEqual(changes[i - 1]!.datetime);
        expect(changes[i]!.status).not.toBe(changes[i - 1]!.status);
      }
      for (const change of changes) {
        expect(change.datetime).toBeGreaterThanOrEqual(start - 900);
        expect(change.datetime).toBeLessThanOrEqual(end);
      }
      // Traffic is zero inside the outage and flows again after it; the link is up now.
      const traffic = await sim.trafficRange(endpoint(healthy), window);
      const inside = traffic.out.filter((p) => p.datetime >= start && p.datetime < end);
      expect(inside.length).toBeGreaterThan(0);
      expect(inside.every((p) => p.value === 0)).toBe(true);
      expect(traffic.out.filter((p) => p.datetime > end).every((p) => p.value > 0)).toBe(true);
      expect(await sim.statusNow(endpoint(healthy))).toBe('UP');
      // Outside the window the history is empty.
      expect(await sim.statusChanges(endpoint(healthy), { start: end + 60, end: now, step: 60 })).toEqual([]);
    } finally {
      await db.delete(events).where(eq(events.eventId, event!.eventId));
    }
  });
});

describe('telemetry simulator percentile', () => {
  it("answers the 95th percentile of its own 5-minute samples, each at its five minutes' start", async () => {
    const telemetry = simulatedTelemetry(t.database.db, { now: () => afternoon });
    const window = { start: afternoon - 7 * 86_400, end: afternoon };
    const figures = await telemetry.trafficPercentile(endpoint(healthy), window, 0.95);
    // The same samples, drawn one by one from the traffic function and sorted: rank 0.95 x (n - 1).
    const samples: number[] = [];
    for (let at = window.start; at < window.end; at += 300)
      samples.push(Math.round((trafficFraction(healthy, 'atob', at) * 1e9) / 8));
    samples.sort((a, b) => a - b);
    const rank = 0.95 * (samples.length - 1);
    const below = samples[Math.floor(rank)]!;
    const above = samples[Math.floor(rank) + 1]!;
    expect(figures.in!.samples).toBe(7 * 288);
    expect(figures.in!.quantile).toBeCloseTo(below + (above - below) * (rank - Math.floor(rank)), 3);
    expect(figures.in!.peak).toBe(samples.at(-1));
    expect(figures.in!.mean).toBeCloseTo(samples.reduce((a, b) => a + b, 0) / samples.length, 3);
    // The busier direction of the simulator is always B to A: it reads out of the A end.
    expect(figures.out!.quantile).toBeGreaterThanOrEqual(figures.in!.quantile);
  });

  it('counts an outage as no traffic and a window shorter than a sample as no figures', async () => {
    const telemetry = simulatedTelemetry(t.database.db, { now: () => afternoon });
    const now = Math.floor(Date.now() / 1000 / 300) * 300;
    const during = await telemetry.trafficPercentile(
      endpoint(outaged),
      { start: now - 3600, end: now },
      0.95,
    );
    expect(during.in).toEqual({ quantile: 0, peak: 0, mean: 0, samples: 12 });
    expect(
      await telemetry.trafficPercentile(endpoint(healthy), { start: now, end: now + 299 }, 0.95),
    ).toEqual({ in: null, out: null });
  });
});
