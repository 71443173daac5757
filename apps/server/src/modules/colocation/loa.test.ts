import { loaMessages, loaValiditySeconds } from '@lightpath/domain/loa';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crossConnects, rackSpaces } from '../../db/schema/colocation';
import { customers } from '../../db/schema/customers';
import { redactUrl } from '../../platform/redact-url';
import { serverKey } from '../../platform/server-secret';
import { buildTestApp, demo, type TestApp } from '../../test/helper';
import { signLoaToken } from './loa-token';

let t: TestApp;
let key: Buffer;
// An UNG cross-connect whose rack spaces have no end date, and one of EBH's.
let ung: typeof crossConnects.$inferSelect;
let ebh: typeof crossConnects.$inferSelect;

const day = 86_400;
const now = () => Math.floor(Date.now() / 1000);

async function download(crossConnectId: number, as: string = demo.ungAdmin) {
  return t.call({ method: 'GET', url: `/api/crossconnect/${crossConnectId}/loa`, as });
}

// The letter's link, from its clickable annotation (pdfkit writes annotations uncompressed).
function linkIn(pdf: Buffer): string {
  const link = /\/URI \((http[^)]+)\)/.exec(pdf.toString('latin1'))?.[1];
  expect(link, 'the letter links to its verification page').toBeDefined();
  return link!;
}

async function verify(token: string) {
  // No session: the contractor has no account.
  return t.call({ method: 'GET', url: `/api/loa/verify/${token}` });
}

async function statusOf(token: string) {
  const reply = await verify(token);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().payload as { status: string; expires?: number };
}

async function withEndDate(rackUuid: string, endDate: Date | null) {
  await t.database.db.update(rackSpaces).set({ endDate }).where(eq(rackSpaces.uuid, rackUuid));
}

beforeAll(async () => {
  t = await buildTestApp();
  key = await serverKey(t.database.db, t.config, 'loa');
  const byCode = new Map(
    (await t.database.db.select().from(customers)).map((c) => [c.customerCode, c.customerId]),
  );
  const activeOf = async (customerId: number) => {
    const rows = await t.database.query<{ cross_connect_id: number }>(
      'test_loa_active_cross_connect',
      `select x.cross_connect_id from cross_connects x
       join rack_spaces a on a.uuid = x.a_end_rack_space join rack_spaces b on b.uuid = x.b_end_rack_space
       where x.customer_id = $1 and a.end_date is null and b.end_date is null
       order by x.cross_connect_id limit 1`,
      [customerId],
    );
    const [row] = await t.database.db
      .select()
      .from(crossConnects)
      .where(eq(crossConnects.crossConnectId, rows[0]!.cross_connect_id));
    return row!;
  };
  ung = await activeOf(byCode.get('UNG')!);
  ebh = await activeOf(byCode.get('EBH')!);
});
afterAll(() => t.close());

describe('downloading a Letter of Authorisation', () => {
  it('gives a customer admin a PDF of its own cross-connect with a link that verifies, audited', async () => {
    const audited = await t.auditCount('crossconnect.loa');
    const before = now();
    const reply = await download(ung.crossConnectId);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    const label = `XC-${String(ung.crossConnectId).padStart(5, '0')}`;
    expect(reply.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent(`LoA ${label}.pdf`)}`,
    );
    expect(reply.headers['cache-control']).toBe('private, no-store');
    const pdf = reply.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain(`(${loaMessages.title})`);
    // No PUBLIC_URL in the tests: the link follows the address the request came in on.
    const link = linkIn(pdf);
    expect(link).toMatch(/^http:\/\/localhost(:80)?\/loa\/verify\/[A-Za-z0-9_-]{66}$/);
    expect(await t.auditCount('crossconnect.loa')).toBe(audited + 1);

    const token = link.split('/').pop()!;
    const answer = await verify(token);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const body = answer.json();
    // Nothing but the answer and the expiry: no customer, rack, site or cross-connect.
    expect(Object.keys(body.payload).sort()).toEqual(['expires', 'status']);
    expect(body.payload.status).toBe('valid');
    expect(body.payload.expires).toBeGreaterThanOrEqual(before + loaValiditySeconds);
    expect(body.payload.expires).toBeLessThanOrEqual(now() + loaValiditySeconds);
    expect(answer.body).not.toMatch(/UNG|Northgate|XC-|MMR/i);
  });

  it('gives it to a customer user and provider staff too, and not to the technician', async () => {
    for (const who of [demo.ungUser, demo.noc, demo.eng]) {
      expect((await download(ung.crossConnectId, who)).statusCode, who).toBe(200);
    }
    expect((await download(ung.crossConnectId, demo.tech)).statusCode).toBe(403);
  });

  it("answers 404 for another customer's or an unknown cross-connect, writing nothing", async () => {
    const audited = await t.auditCount('crossconnect.loa');
    expect((await download(ebh.crossConnectId, demo.ungAdmin)).statusCode).toBe(404);
    expect((await download(ung.crossConnectId, demo.ebhAdmin)).statusCode).toBe(404);
    expect((await download(999_999, demo.noc)).statusCode).toBe(404);
    expect((await download(0, demo.noc)).statusCode).toBe(400);
    expect(await t.auditCount('crossconnect.loa')).toBe(audited);
  });

  it('refuses a cross-connect whose rack space has an end date with 409, writing nothing', async () => {
    const issued = linkIn((await download(ung.crossConnectId)).rawPayload)
      .split('/')
      .pop()!;
    expect((await statusOf(issued)).status).toBe('valid');
    const audited = await t.auditCount('crossconnect.loa');
    const [aEnd] = await t.database.db
      .select()
      .from(rackSpaces)
      .where(eq(rackSpaces.uuid, ung.aEndRackSpace));
    // Notice given for a day still to come counts (spec 5: a rack space "with an end date").
    await withEndDate(ung.aEndRackSpace, new Date(Date.now() + 60 * day * 1000));
    try {
      const refused = await download(ung.crossConnectId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        `No Letter of Authorisation for a cross-connect whose rack space has an end date (${aEnd!.rackId})`,
      );
      expect(await t.auditCount('crossconnect.loa')).toBe(audited);
      // A letter issued before the notice is no longer valid.
      expect(await statusOf(issued)).toEqual({ status: 'expired' });
    } finally {
      await withEndDate(ung.aEndRackSpace, null);
    }
    expect((await statusOf(issued)).status).toBe('valid');
  });
});

describe('verifying a letter', () => {
  const tokenFor = (uuid: string, issued: number, expires = issued + loaValiditySeconds) =>
    signLoaToken(key, { uuid, issued, expires, names: Buffer.alloc(8) });

  it('answers expired once its 30 days are over', async () => {
    const issued = linkIn((await download(ung.crossConnectId)).rawPayload)
      .split('/')
      .pop()!;
    const bytes = Buffer.from(issued, 'base64url');
    // The same letter issued 31 days ago, signed as the server signs: its expiry has passed.
    const lapsed = signLoaToken(key, {
      uuid: ung.uuid,
      issued: now() - 31 * day,
      expires: now() - day,
      names: bytes.subarray(25, 33),
    });
    expect(await statusOf(lapsed)).toEqual({ status: 'expired' });
  });

  it('answers expired once the cross-connect is changed from what the letter names', async () => {
    const issued = linkIn((await download(ung.crossConnectId)).rawPayload)
      .split('/')
      .pop()!;
    const [before] = await t.database.db
      .select()
      .from(crossConnects)
      .where(eq(crossConnects.crossConnectId, ung.crossConnectId));
    await t.database.db
      .update(crossConnects)
      .set({ aEndPort: 'moved-99' })
      .where(eq(crossConnects.crossConnectId, ung.crossConnectId));
    try {
      expect(await statusOf(issued)).toEqual({ status: 'expired' });
    } finally {
      await t.database.db
        .update(crossConnects)
        .set({ aEndPort: before!.aEndPort })
        .where(eq(crossConnects.crossConnectId, ung.crossConnectId));
    }
    expect((await statusOf(issued)).status).toBe('valid');
  });

  it('answers unknown for a tampered, foreign, malformed or unsigned token, never an error', async () => {
    const issued = linkIn((await download(ung.crossConnectId)).rawPayload)
      .split('/')
      .pop()!;
    const flip = (token: string, at: number) =>
      token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
    const otherKey = Buffer.alloc(32, 7);
    const cases = [
      flip(issued, 10),
      flip(issued, issued.length - 1),
      issued.slice(0, -1),
      `${issued}A`,
      signLoaToken(otherKey, { uuid: ung.uuid, issued: now(), expires: now() + day, names: Buffer.alloc(8) }),
      // Signed by this server, but for a cross-connect that does not exist.
      tokenFor('00000000-0000-4000-8000-000000000000', now()),
      'not-a-letter',
      '%E2%9C%93',
      'A'.repeat(100),
    ];
    for (const token of cases) expect(await statusOf(token), token).toEqual({ status: 'unknown' });
    // Past the router's limit on a path parameter: 414, before any work is done.
    expect((await verify('A'.repeat(500))).statusCode).toBe(414);
  });
});

describe('logging a check', () => {
  it("keeps a letter's token out of the access and API logs, at the API and at the web page", () => {
    expect(redactUrl('/api/loa/verify/AXozPy4c2kdytz8y?x=1')).toBe('/api/loa/verify/[redacted]?x=1');
    expect(redactUrl('//api//loa/verify/AXozPy4c2kdytz8y')).toBe('//api//loa/verify/[redacted]');
    expect(redactUrl('/loa/verify/AXozPy4c2kdytz8y')).toBe('/loa/verify/[redacted]');
    expect(redactUrl('/api/crossconnect/12/loa')).toBe('/api/crossconnect/12/loa');
  });
});
