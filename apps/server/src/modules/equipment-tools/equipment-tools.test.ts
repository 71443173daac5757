import { createDecipheriv, pbkdf2Sync } from 'node:crypto';
import {
  mremoteDefaultPassword,
  mremoteKdfIterations,
  mremoteNotProtectedSentinel,
  powerControllerAddress,
  toolDownloadKinds,
} from '@lightpath/domain/equipment-tools';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { shelves } from '../../db/schema/equipment';
import { sites } from '../../db/schema/inventory';
import { buildTestApp, demo, type TestApp } from '../../test/helper';
import { mremoteProtectedToken } from './service';

let t: TestApp;
const awkwardName = `Smith & Sons <"Main"> Rock'n'Roll`;

async function download(kind: string, as: string = demo.noc) {
  const reply = await t.call({ method: 'GET', url: `/api/tools/generate/${kind}`, as });
  expect(reply.statusCode, reply.body.slice(0, 300)).toBe(200);
  return reply;
}

// Reverses mremoteProtectedToken the way mRemoteNG reads it; throws when the password is wrong.
function openProtected(token: string, password: string): string {
  const bytes = Buffer.from(token, 'base64');
  const salt = bytes.subarray(0, 16);
  const nonce = bytes.subarray(16, 32);
  const sealed = bytes.subarray(32, bytes.length - 16);
  const key = pbkdf2Sync(password, salt, mremoteKdfIterations, 32, 'sha1');
  const decipher = createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: 16 });
  decipher.setAAD(salt);
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
}

// Well-formed enough for an XML reader: tags balance and nest, and no text or attribute value holds
// a raw '<' or an '&' that does not start one of the five entities.
function expectWellFormed(xml: string) {
  const open: string[] = [];
  const tokens = xml.replace(/^<\?xml[^?]*\?>/, '').split(/(<[^>]*>)/);
  for (const token of tokens) {
    if (token.startsWith('<!--')) continue;
    if (token.startsWith('<')) {
      const [, closing, name] = /^<(\/?)([\w:.-]+)/.exec(token) ?? [];
      expect(name, token).toBeTruthy();
      for (const [, value] of token.matchAll(/="([^"]*)"/g))
        expect(value).not.toMatch(/<|&(?!amp;|lt;|gt;|quot;|apos;)/);
      if (token.endsWith('/>')) continue;
      if (closing) expect(open.pop(), token).toBe(name);
      else open.push(name!);
    } else expect(token).not.toMatch(/<|&(?!amp;|lt;|gt;|quot;|apos;)/);
  }
  expect(open).toEqual([]);
}

beforeAll(async () => {
  t = await buildTestApp();
  // A provider site named with every character XML must escape (this test's own database copy).
  const [pop] = await t.database.db
    .select({ siteId: sites.siteId })
    .from(sites)
    .innerJoin(shelves, eq(shelves.siteId, sites.siteId))
    .where(sql`${shelves.name} ~ '^S[0-9]{4}ol$'`)
    .orderBy(shelves.name)
    .limit(1);
  await t.database.db.update(sites).set({ siteName: awkwardName }).where(eq(sites.siteId, pop!.siteId));
});
afterAll(() => t.close());

describe('who may download the staff tools', () => {
  it('gives the NOC, the engineers and the technicians each file, and refuses customers with 403', async () => {
    for (const kind of toolDownloadKinds) {
      for (const who of [demo.noc, demo.eng, demo.tech]) await download(kind, who);
      for (const who of [demo.ungAdmin, demo.ungUser, demo.ebhAdmin])
        expect(
          (await t.call({ method: 'GET', url: `/api/tools/generate/${kind}`, as: who })).statusCode,
        ).toBe(403);
      expect((await t.call({ method: 'GET', url: `/api/tools/generate/${kind}` })).statusCode).toBe(401);
    }
  });

  it('sends each as a private, uncached attachment with its own name and type', async () => {
    const expected = {
      mremotexml: ['application/xml', 'lightpath-mremoteng.xml'],
      sitemanagerprofile: ['text/csv', 'lightpath-site-manager-6500.csv'],
      powersuiteprofile: ['text/csv', 'lightpath-powersuite-sites.csv'],
    };
    for (const kind of toolDownloadKinds) {
      const reply = await download(kind);
      const [type, filename] = expected[kind];
      expect(reply.headers['content-type']).toBe(`${type}; charset=utf-8`);
      expect(reply.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${filename}`);
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['cache-control']).toBe('private, no-store');
    }
  });
});

describe('mremotexml', () => {
  it('holds every shelf with an address, once, in its site container, and counts those without', async () => {
    const xml = (await download('mremotexml')).body;
    expectWellFormed(xml);
    const [counted] = await t.database.db
      .select({
        withAddress: sql<number>`count(*) filter (where ${shelves.ipAddress} is not null)::int`,
        without: sql<number>`count(*) filter (where ${shelves.ipAddress} is null)::int`,
        sites: sql<number>`count(distinct ${shelves.siteId}) filter (where ${shelves.ipAddress} is not null)::int`,
      })
      .from(shelves);
    const connections = [...xml.matchAll(/<Node Name="([^"]*)" Type="Connection"[^>]*Hostname="([^"]*)"/g)];
    expect(connections).toHaveLength(counted!.withAddress);
    expect(connections.every(([, , host]) => host !== '')).toBe(true);
    expect(new Set(connections.map(([, name]) => name)).size).toBe(connections.length);
    expect([...xml.matchAll(/Type="Container"/g)]).toHaveLength(counted!.sites);
    expect(xml).toContain(`; ${counted!.without} without an IP address left out.`);
    expect(counted!.without).toBeGreaterThan(0);
  });

  it('escapes a site named with & < > " \' and describes a shelf by vendor, model and release', async () => {
    const xml = (await download('mremotexml')).body;
    expect(xml).toMatch(
      / Name="S\d{4} Smith &amp; Sons &lt;&quot;Main&quot;&gt; Rock&apos;n&apos;Roll" Type="Container"/,
    );
    const [row] = await t.database.db
      .select({
        name: shelves.name,
        ip: shelves.ipAddress,
        vendor: shelves.vendor,
        model: shelves.model,
        spack: shelves.spack,
      })
      .from(shelves)
      .where(and(eq(shelves.vendor, 'Ciena'), sql`${shelves.ipAddress} is not null`))
      .limit(1);
    expect(xml).toContain(
      `<Node Name="${row!.name}" Type="Connection" Descr="${row!.vendor} ${row!.model} ${row!.spack}"`,
    );
    expect(xml).toMatch(
      new RegExp(`Name="${row!.name}"[^>]*Hostname="${row!.ip}" Protocol="SSH2" Port="22"`),
    );
  });

  it('reads the Protected value of a confCons.xml that mRemoteNG itself saved (a published example)', () => {
    const savedByMremoteNg =
      'ZSvKI7j224Gf/twXpaP5G2QFZMLr1iO1f5JKdtIKL6eUg+eWkL5tKO886au0ofFPW0oop8R8ddXKAx4KK7sAk6AA';
    expect(openProtected(savedByMremoteNg, mremoteDefaultPassword)).toBe(mremoteNotProtectedSentinel);
  });

  it('marks the file not protected under the default password, so the import asks for none', async () => {
    const xml = (await download('mremotexml')).body;
    const token = /Protected="([^"]+)"/.exec(xml)![1]!;
    expect(openProtected(token, mremoteDefaultPassword)).toBe(mremoteNotProtectedSentinel);
    expect(() => openProtected(token, 'not-the-password')).toThrow();
    // A fresh salt and nonce each time.
    expect(mremoteProtectedToken()).not.toBe(mremoteProtectedToken());
  });
});

describe('sitemanagerprofile', () => {
  it("lists the provider's Ciena 6500 shelves that have an address, with name, address and site", async () => {
    const lines = (await download('sitemanagerprofile')).body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Node Name,IP Address,Site Number,Site Name,Model,Release');
    const rows = await t.database.db
      .select({ name: shelves.name, ip: shelves.ipAddress, siteNumber: sites.siteNumber })
      .from(shelves)
      .innerJoin(sites, eq(sites.siteId, shelves.siteId))
      .where(and(eq(shelves.model, '6500 S-14'), sql`${shelves.ipAddress} is not null`))
      .orderBy(shelves.name);
    expect(rows.length).toBeGreaterThan(0);
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 3))).toEqual(
      rows.map((r) => [r.name, r.ip, r.siteNumber]),
    );
    expect(lines.slice(1).every((l) => /^S\d{4}ol,/.test(l))).toBe(true);
  });
});

describe('powersuiteprofile', () => {
  it('lists one controller per provider PoP and exchange, at an address no shelf uses', async () => {
    const lines = (await download('powersuiteprofile')).body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Site Name,Controller,IP Address,Site Kind');
    const powerSites = await t.database.db
      .select({ number: sites.siteNumber, type: sites.siteType })
      .from(sites)
      .innerJoin(customers, eq(customers.customerId, sites.customerId))
      .where(and(eq(customers.isProvider, true), sql`${sites.siteType} in (1, 5)`))
      .orderBy(sites.siteNumber);
    expect(lines).toHaveLength(powerSites.length + 1);
    expect(powerSites.some((s) => s.type === 5)).toBe(true);
    const addresses = lines.slice(1).map((l) => l.split(',').at(-2));
    expect(addresses).toEqual(powerSites.map((s) => powerControllerAddress(s.number)));
    const shelfAddresses = new Set(
      (await t.database.db.select({ ip: shelves.ipAddress }).from(shelves)).map((r) => r.ip),
    );
    expect(addresses.filter((a) => shelfAddresses.has(a!))).toEqual([]);
  });
});
