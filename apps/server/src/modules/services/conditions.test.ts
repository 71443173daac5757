import {
  type ServiceCondition,
  serviceConditionFrom,
  siteConditionOf,
  siteConditionOfServices,
} from '@lightpath/domain/conditions';
import type { EventType, EventWindow } from '@lightpath/domain/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { eventServices, events, services, sites } from '../../db/schema/inventory';
import {
  affectedSitesSql,
  currentServiceConditionsSql,
  serviceConditionSql,
  siteConditionJoinSql,
  siteConditionSql,
  siteServiceTotalSql,
} from './conditions-sql';

// The SQL fragments must give exactly the domain's answers (packages/domain/src/conditions.ts).
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: null });
});
afterAll(() => database.close());

describe('siteConditionSql', () => {
  it('agrees with siteConditionOf for every mix of counts, for every site type', async () => {
    const cases: { sitetype: number; total: number; maintenance: number; atRisk: number; offline: number }[] =
      [];
    for (const sitetype of [1, 2, 3, 4, 5])
      for (let total = 0; total <= 5; total += 1)
        for (let maintenance = 0; maintenance <= total; maintenance += 1)
          for (let atRisk = 0; atRisk + maintenance <= total; atRisk += 1)
            for (let offline = 0; offline + atRisk + maintenance <= total; offline += 1)
              cases.push({ sitetype, total, maintenance, atRisk, offline });
    const expression = siteConditionSql({
      sitetype: 'g.sitetype',
      total: 'g.total',
      maintenance: 'g.maintenance',
      atrisk: 'g.atrisk',
      offline: 'g.offline',
    });
    const rows = await database.query<{ condition: number }>(
      'condition_grid',
      `select ${expression} as condition
       from unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[])
         with ordinality as g(sitetype, total, maintenance, atrisk, offline, n)
       order by g.n`,
      [
        cases.map((c) => c.sitetype),
        cases.map((c) => c.total),
        cases.map((c) => c.maintenance),
        cases.map((c) => c.atRisk),
        cases.map((c) => c.offline),
      ],
    );
    expect(rows.map((r) => r.condition)).toEqual(cases.map((c) => siteConditionOf(c)));
    // Every condition of spec 4 is reached, so the grid exercises each branch.
    expect(new Set(rows.map((r) => r.condition))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6]));
  });

  it('reads missing counts (a site nothing affects) as online', async () => {
    const [row] = await database.query<{ condition: number }>(
      'condition_nulls',
      `select ${siteConditionSql({ sitetype: '2', total: '1', maintenance: 'null', atrisk: 'null', offline: 'null' })} as condition`,
      [],
    );
    expect(row!.condition).toBe(0);
  });
});

describe('service and site conditions from events', () => {
  const hour = 3600;
  const now = Math.floor(Date.now() / 1000);
  // Each service's events as [type, start, end] in hours from now (end null: no end yet).
  const plan: Record<
    string,
    { status: number; a: string; b: string; events: [EventType, number, number | null][] }
  > = {
    TST0001000101B: { status: 1, a: 'P', b: 'V', events: [] },
    TST0001000102B: { status: 1, a: 'P', b: 'V', events: [[1, -1, 1]] },
    TST0001000103B: { status: 1, a: 'P', b: 'V', events: [[2, -1, 2]] },
    TST0001000104B: { status: 1, a: 'P', b: 'Q', events: [[3, -2, null]] },
    TST0001000105B: {
      status: 1,
      a: 'Q',
      b: 'Q',
      events: [
        [2, -1, 1],
        [1, -1, 1],
      ],
    },
    TST0001000106B: {
      status: 1,
      a: 'R',
      b: 'Q',
      events: [
        [1, -1, 1],
        [3, -1, null],
        [2, -1, 3],
      ],
    },
    TST0001000107B: {
      status: 1,
      a: 'R',
      b: 'Z',
      events: [
        [3, -5, -1],
        [1, 2, 4],
      ],
    },
    TST0001000108B: { status: 0, a: 'R', b: 'Z', events: [[3, -1, null]] },
    TST0001000109B: { status: 2, a: 'Z', b: 'V', events: [[2, -3, 3]] },
  };
  const siteTypes: Record<string, number> = { P: 1, V: 2, Q: 1, R: 1, Z: 5 };
  const siteIds = new Map<string, number>();
  const domainCondition = new Map<string, ServiceCondition>();

  beforeAll(async () => {
    const { db } = database;
    const [customer] = await db
      .insert(customers)
      .values({ customerCode: 'TST', customerName: 'Test' })
      .returning();
    for (const [name, sitetype] of Object.entries(siteTypes)) {
      const [site] = await db
        .insert(sites)
        .values({
          siteNumber: `S000${Object.keys(siteTypes).indexOf(name) + 1}`,
          siteName: name,
          siteType: sitetype,
          customerId: customer!.customerId,
        })
        .returning();
      siteIds.set(name, site!.siteId);
    }
    for (const [serviceId, service] of Object.entries(plan)) {
      await db.insert(services).values({
        serviceId,
        typeLetter: 'B',
        description: serviceId,
        status: service.status,
        customerId: customer!.customerId,
        aEndSiteId: siteIds.get(service.a)!,
        bEndSiteId: siteIds.get(service.b)!,
      });
      const windows: EventWindow[] = [];
      for (const [type, start, end] of service.events) {
        const window = {
          type,
          starttime: now + start * hour,
          endtime: end === null ? null : now + end * hour,
        };
        windows.push(window);
        const [event] = await db
          .insert(events)
          .values({
            number: 1,
            title: 't',
            description: 'd',
            type,
            startTime: new Date(window.starttime * 1000),
            endTime: window.endtime === null ? null : new Date(window.endtime * 1000),
            initiator: 'NOC',
            approver: 'NOC',
          })
          .returning();
        await db.insert(eventServices).values({ eventId: event!.eventId, serviceId });
      }
      domainCondition.set(serviceId, serviceConditionFrom(windows, now));
    }
  });

  it('gives each service the condition serviceConditionFrom gives its events', async () => {
    const perService = await database.query<{ serviceid: string; condition: number }>(
      'service_conditions',
      `select sv.service_id as serviceid, ${serviceConditionSql('sv.service_id')} as condition
       from services sv order by sv.service_id`,
      [],
    );
    const current = await database.query<{ service_id: string; condition: number }>(
      'current_conditions',
      currentServiceConditionsSql,
      [],
    );
    const currentById = new Map(current.map((r) => [r.service_id, r.condition]));
    for (const row of perService) {
      expect(row.condition, row.serviceid).toBe(domainCondition.get(row.serviceid));
      expect(currentById.get(row.serviceid) ?? 0, row.serviceid).toBe(row.condition);
    }
    // The plan covers every service condition.
    expect(new Set(perService.map((r) => r.condition))).toEqual(new Set([0, 1, 2, 3]));
  });

  it('gives each site the same condition three ways: per-site join, affected counts, and the domain', async () => {
    const rows = await database.query<{
      site_id: number;
      site_type: number;
      total: number;
      maintenance: number;
      atrisk: number;
      offline: number;
      fast: number;
      fasttotal: number;
      affectedtotal: number | null;
    }>(
      'site_conditions',
      `with affected as (${affectedSitesSql})
       select s.site_id, s.site_type, j.total, j.maintenance, j.atrisk, j.offline,
         ${siteServiceTotalSql('s.site_id')} as fasttotal, h.total as affectedtotal,
         ${siteConditionSql({
           sitetype: 's.site_type',
           total: 'h.total',
           maintenance: 'h.maintenance',
           atrisk: 'h.atrisk',
           offline: 'h.offline',
         })} as fast
       from sites s
       left join affected h on h.site_id = s.site_id
       ${siteConditionJoinSql('s.site_id', 'j')}
       order by s.site_id`,
      [],
    );
    const bySite = new Map<number, number>();
    for (const row of rows) {
      const name = [...siteIds].find(([, id]) => id === row.site_id)![0];
      // Enabled services with an end at the site, each counted once.
      const conditions = Object.entries(plan)
        .filter(([, s]) => s.status !== 0 && (s.a === name || s.b === name))
        .map(([id]) => domainCondition.get(id)!);
      const expected = siteConditionOfServices(row.site_type, conditions);
      expect(row.total, name).toBe(conditions.length);
      expect(row.fasttotal, name).toBe(conditions.length);
      // Every site of the plan has an affected service, so each carries its total.
      expect(row.affectedtotal, name).toBe(conditions.length);
      expect(siteConditionOf({ sitetype: row.site_type, ...row, atRisk: row.atrisk }), name).toBe(expected);
      expect(row.fast, name).toBe(expected);
      bySite.set(row.site_id, row.fast);
    }
    // P: an outage among normal services; V: a VPLS with all but one affected by works or hazard;
    // Q: everything affected, one by an outage; R: an outage on one of two enabled services (the
    // disabled service's outage does not count); Z: a hazard on one of two.
    expect(Object.fromEntries([...siteIds].map(([name, id]) => [name, bySite.get(id)]))).toEqual({
      P: 3,
      V: 5,
      Q: 6,
      R: 3,
      Z: 2,
    });
  });
});
