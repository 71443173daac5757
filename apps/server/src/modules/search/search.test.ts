import {
  bestFieldMatch,
  fieldMatchScore,
  type SearchField,
  type SearchKind,
  type SearchResult,
  type SearchSource,
  searchKindNames,
  searchPopoverResults,
  searchPrompt,
  searchWordSimilarityFloor,
  searchWordSimilarityFloorFor,
  weightedScore,
} from '@lightpath/domain/search';
import { eq, fillPlaceholders, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { contacts, services, simulatedThirdPartyCircuits, sites } from '../../db/schema/inventory';
import { users } from '../../db/schema/users';
import { buildTestApp, demo, type TestApp } from '../../test/helper';
import { queryValuesOf, rankedSql, searchTermOf } from './match-sql';
import { searchRecords, searchStatementsBuilt } from './repository';

let t: TestApp;
let ids: { ung: number; ebh: number };
type Page = { count: number; limit: number; offset: number; results: SearchResult[] };

async function search(query: string, as: string = demo.noc): Promise<Page> {
  const reply = await t.call({ method: 'GET', url: `/api/search?${query}`, as });
  expect(reply.statusCode, `${query}: ${reply.body.slice(0, 300)}`).toBe(200);
  return reply.json().payload;
}

const q = (text: string, rest = '') => `q=${encodeURIComponent(text)}${rest}`;

async function customerOfSite(siteId: number) {
  return (await t.database.db.select().from(sites).where(eq(sites.siteId, siteId)))[0]!.customerId;
}

beforeAll(async () => {
  t = await buildTestApp();
  const rows = await t.database.db.select().from(customers);
  const byCode = new Map(rows.map((c) => [c.customerCode, c.customerId]));
  ids = { ung: byCode.get('UNG')!, ebh: byCode.get('EBH')! };
  // A third-party circuit on one of UNG's services, as the NetBox simulator stores it.
  const [ungService] = await t.database.db
    .select()
    .from(services)
    .where(eq(services.customerId, ids.ung))
    .orderBy(services.serviceId)
    .limit(1);
  await t.database.db.insert(simulatedThirdPartyCircuits).values({
    circuitId: 'BGN-778812',
    serviceId: ungService!.serviceId,
    providerId: 1,
    circuitTypeId: 1,
    headEndId: 'northgate-pe1',
    tailEndId: 'ung-tail-07',
  });
});
afterAll(() => t.close());

describe('the SQL form of the scoring rule', () => {
  // Each case is scored by the database (word_similarity from pg_trgm) and by the domain rule fed
  // the same similarity; the two must agree, field by field and in the best field chosen.
  const cases: [SearchField, string, string | null][] = [
    ['sitename', 'Northgate Library', 'northgate library'],
    ['sitename', 'north', 'Northgate Library'],
    ['sitename', 'library', 'Northgate Library'],
    ['sitename', 'northgaet', 'Northgate Library'],
    ['sitename', 'nortgate', 'Northgate Library'],
    ['sitename', 'banana', 'Northgate Library'],
    ['sitename', 'no', 'Northgate Library'],
    ['sitename', 'li', 'Northgate Library'],
    ['sitenumber', 'S0012', 'S0012'],
    ['sitenumber', 'S001', 'S0012'],
    ['sitenumber', 's0013', 'S0012'],
    ['serviceid', '0012004', 'UNG0012004701B'],
    ['serviceid', 'UNG0012004071B', 'UNG0012004701B'],
    ['email', 'admin@north', 'admin@northgate.example'],
    ['title', '50%_off', 'Save 50%_off now'],
    ['title', '50%_off', 'Save 50 percent off'],
    ['description', 'fibre', null],
  ];

  it.each(cases)('%s: %s in %s', async (field, query, value) => {
    const term = searchTermOf(query);
    const statement = rankedSql(
      {
        kind: sql`'site'`,
        id: sql`'1'`,
        label: sql`'x'`,
        fields: [{ field, value: sql`v.value` }],
        from: sql`(select ${value}::text as value) v`,
        where: sql`true`,
      },
      term,
    );
    // The statement holds the query as placeholders; the search fills them in the same way.
    const { sql: text, params } = new PgDialect().sqlToQuery(
      sql`select r.score, r.field, (select word_similarity(${term.lower}, ${value}::text)) as similarity
          from (select 1) one left join (${statement}) r on true`,
    );
    const [row] = await t.database.query<{
      score: number | null;
      field: string | null;
      similarity: number | null;
    }>('', text, fillPlaceholders(params, queryValuesOf(term)));
    if (!row) throw new Error('no row');
    const raw = fieldMatchScore(field, query, value, Number(row.similarity ?? 0));
    if (raw === null) {
      expect(row.score).toBeNull();
    } else {
      expect(row.field).toBe(field);
      // word_similarity is a float4: the text the driver reads back is rounded, the database's own
      // arithmetic is not.
      expect(Number(row.score)).toBeCloseTo(weightedScore(raw, field), 6);
    }
  });

  // The candidate tests (trigram indexes, the users' and contacts' one-text test and its prefilter)
  // must not lose a record the rule keeps: every user and site is scored here by the domain rule,
  // and the API must answer exactly those, with the same scores.
  it.each([
    ['user', 'Alex'],
    ['user', 'morgn'],
    ['user', 'nadia ortiz'],
    ['user', 'Netwrk Engineer'],
    ['user', 'northgate.example'],
    ['user', 'Mo'],
    ['site', 'Northgaet'],
    ['site', 'Nortgate'],
    ['site', 'Eastbrok'],
    ['user', 'Eastbrok'],
    ['site', 'campus'],
    ['site', 'S00'],
    ['site', 'Ca'],
  ] as const)('loses no %s the rule keeps for %s', async (kind, query) => {
    const fields: Record<string, Record<string, string>> = {
      user: {
        firstname: 'firstname',
        surname: 'surname',
        email: 'email',
        title: 'title',
        fullname: "firstname || ' ' || surname",
      },
      site: { sitenumber: 'site_number', sitename: 'site_name', vplsname: 'vpls_name' },
    };
    const table = kind === 'user' ? 'users' : 'sites';
    const id = kind === 'user' ? 'user_id' : 'site_id';
    // Test data only reaches this statement: the query is one of the literals above.
    const literal = `'${query.toLowerCase()}'`;
    const columns = Object.entries(fields[kind]!)
      .map(
        ([name, expression]) =>
          `${expression} as "${name}", word_similarity(${literal}, ${expression}) as "${name}_ws"`,
      )
      .join(', ');
    const where = kind === 'site' ? 'where site_type = 1' : '';
    const rows = (
      (await t.database.db.execute(
        sql.raw(`select ${id} as id, ${columns} from ${table} ${where}`),
      )) as unknown as { rows: Record<string, string | number | null>[] }
    ).rows;
    const expected = new Map<string, number>();
    for (const row of rows) {
      const best = bestFieldMatch(
        query,
        Object.keys(fields[kind]!).map((name) => ({
          field: name as SearchField,
          value: row[name] as string | null,
          wordSimilarity: Number(row[`${name}_ws`] ?? 0),
        })),
      );
      if (best) expected.set(String(row.id), best.score);
    }
    const page = await search(q(query, `&kinds=${kind}&limit=1000`));
    expect(page.count).toBe(expected.size);
    expect(new Set(page.results.map((r) => r.id))).toEqual(new Set(expected.keys()));
    for (const r of page.results) expect(r.score).toBeCloseTo(expected.get(r.id)!, 6);
  });

  it('finds a one-letter typo in a name and nothing for an unrelated word', async () => {
    const similarity = async (a: string, b: string) =>
      Number(
        (
          (await t.database.db.execute(sql`select word_similarity(${a}, ${b}) as s`)) as unknown as {
            rows: { s: number }[];
          }
        ).rows[0]!.s,
      );
    expect(await similarity('northgaet', 'Northgate Main Campus')).toBeGreaterThanOrEqual(
      searchWordSimilarityFloor,
    );
    expect(await similarity('nortgate', 'Northgate Main Campus')).toBeGreaterThanOrEqual(
      searchWordSimilarityFloorFor('nortgate'.length),
    );
    expect(await similarity('printer', 'Northgate Main Campus')).toBeLessThan(
      searchWordSimilarityFloorFor('printer'.length),
    );
  });
});

describe('GET /api/search', () => {
  it('ranks an exact site number first, by its heaviest field', async () => {
    const page = await search(q('S0001', '&kinds=site'));
    expect(page.count).toBeGreaterThan(1);
    expect(page.results[0]).toMatchObject({ kind: 'site', field: 'sitenumber' });
    expect(page.results[0]!.detail).toMatch(/^S0001 · /);
    const scores = page.results.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
  });

  it('forgives a typo and finds nothing for an unrelated word', async () => {
    const typo = await search(q('Northgaet'));
    expect(typo.results.some((r) => r.kind === 'site' && r.label.startsWith('Northgate'))).toBe(true);
    expect(typo.results.every((r) => r.score <= 0.4)).toBe(true);
    expect((await search(q('qwxzvk'))).count).toBe(0);
  });

  // Issue 12: an outage that ended read 'Ongoing Network Outage', its time in UTC.
  it("describes an event by where it stands, in the reader's zone", async () => {
    const ended = await search(q('Power failure at Northgate', '&kinds=event'));
    const power = ended.results.find((r) => r.label === 'Power failure at Northgate PoP');
    expect(power?.detail).toMatch(/^#\d+ · Unplanned Outage · Ended · .+ AE[SD]T to .+ AE[SD]T$/);
    expect(power?.detail).not.toMatch(/Ongoing|UTC/);
    const ongoing = await search(q('Fibre cut on the Northgate', '&kinds=event'));
    const cut = ongoing.results.find((r) => r.label === 'Fibre cut on the Northgate ring');
    expect(cut?.detail).toMatch(/^#\d+ · Unplanned Outage · Ongoing · from .+ AE[SD]T$/);
    // A user who chose another zone reads that one.
    await t.database.db
      .update(users)
      .set({ timeZone: 'UTC' })
      .where(eq(users.email, 'admin@northgate.example'));
    const theirs = await search(q('Power failure at Northgate', '&kinds=event'), demo.ungAdmin);
    expect(theirs.results.find((r) => r.label === power?.label)?.detail).toMatch(/ UTC to .+ UTC$/);
    await t.database.db
      .update(users)
      .set({ timeZone: null })
      .where(eq(users.email, 'admin@northgate.example'));
  });

  // Issue 12: 'Nortgate' found nothing, and for 'Eastbrok' the Eastbrook sites were not in the
  // popover's first four.
  it.each([
    ['Nortgate', 'Northgate'],
    ['Eastbrok', 'Eastbrook'],
    ['Eastbrooc', 'Eastbrook'],
    ['Harboursde', 'Harbourside'],
  ])('forgives the one-letter typo %s in a name: its places come first', async (typo, name) => {
    const page = await search(q(typo, `&limit=${searchPopoverResults}`));
    expect(page.results).toHaveLength(searchPopoverResults);
    // Places named after the customer (its sites, the exchange in its city), not people's addresses.
    for (const r of page.results)
      expect(['site', 'interconnect'].includes(r.kind) && r.label.startsWith(name), r.label).toBe(true);
  });

  it('matches two characters by prefix only', async () => {
    const page = await search(q('No', '&kinds=site&limit=1000'));
    expect(page.count).toBeGreaterThan(0);
    expect(page.results.every((r) => r.label.toLowerCase().startsWith('no') || r.field !== 'sitename')).toBe(
      true,
    );
    // 'th' is inside 'Northgate' but starts nothing.
    const inside = await search(q('th', '&kinds=site&limit=1000'));
    expect(inside.results.some((r) => r.label === 'Northgate Main Campus')).toBe(false);
  });

  it('finds every kind', async () => {
    const [ungService] = await t.database.db
      .select()
      .from(services)
      .where(eq(services.customerId, ids.ung))
      .orderBy(services.serviceId)
      .limit(2);
    const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.customerId, ids.ung));
    const expectations: [SearchKind, string, (r: SearchResult) => boolean][] = [
      ['site', 'Northgate Main Campus', (r) => r.label === 'Northgate Main Campus'],
      ['vpls', 'UNG01', (r) => r.detail.includes('UNG01')],
      ['l3vpn', 'UNG Research L3VPN', (r) => r.label === 'UNG Research L3VPN'],
      ['interconnect', 'Internet Exchange', (r) => r.label.endsWith('Internet Exchange')],
      ['internet', 'MRN Internet Gateway', (r) => r.id !== '' && /^\d+$/.test(r.id)],
      ['internet', 'UNG', (r) => r.id.startsWith('UNG') && r.id.endsWith('H')],
      ['user', 'Alex Morgan', (r) => r.label === 'Alex Morgan' && r.field === 'fullname'],
      ['user', 'admin@northgate', (r) => r.detail.startsWith('admin@northgate.example')],
      ['contact', contact!.contactName, (r) => r.label === contact!.contactName],
      ['event', 'Fibre cut', (r) => r.label === 'Fibre cut on the Northgate ring'],
      [
        'circuit',
        'BGN-778812',
        (r) => r.id === ungService!.serviceId && r.detail.startsWith('Bluegum Networks'),
      ],
      ['circuit', 'ung-tail', (r) => r.label === 'BGN-778812' && r.field === 'tailendid'],
      ['thirdparty', ungService!.serviceId, (r) => r.id === ungService!.serviceId],
      ['service', 'UNG00', (r) => r.id.startsWith('UNG00') && !r.id.endsWith('H')],
      ['equipment', 'S0001pe', (r) => r.label === 'S0001pe' && r.detail.startsWith('Juniper MX960')],
      ['equipment', 'UNGS0001', (r) => r.label === 'UNGS0001' && r.field === 'equipmentname'],
    ];
    for (const [kind, text, check] of expectations) {
      const page = await search(q(text, `&kinds=${kind}&limit=200`));
      expect(page.count, `${kind} ${text}`).toBeGreaterThan(0);
      expect(
        page.results.every((r) => r.kind === kind),
        `${kind} ${text}`,
      ).toBe(true);
      expect(page.results.some(check), `${kind} ${text}: ${JSON.stringify(page.results.slice(0, 3))}`).toBe(
        true,
      );
    }
    // The service carrying the circuit is a third-party service, not also a plain service.
    const plain = await search(q(ungService!.serviceId, '&kinds=service'));
    expect(plain.results.some((r) => r.id === ungService!.serviceId)).toBe(false);
  });

  it('pages with limit and offset and keeps the count past the last page', async () => {
    const first = await search(q('Northgate', '&limit=2'));
    expect(first.results).toHaveLength(2);
    const second = await search(q('Northgate', '&limit=2&offset=2'));
    expect(second.count).toBe(first.count);
    expect(second.results[0]!.id).not.toBe(first.results[0]!.id);
    const beyond = await search(q('Northgate', `&offset=${first.count + 5}`));
    expect(beyond).toMatchObject({ count: first.count, results: [] });
  });

  it("never shows a customer another customer's records", async () => {
    // The NOC finds Eastbrook's records; Northgate's admin finds none of them.
    expect((await search(q('Eastbrook'))).count).toBeGreaterThan(0);
    expect((await search(q('EBH0'))).count).toBeGreaterThan(0);
    for (const text of ['Eastbrook', 'EBH0', 'eastbrook.example', 'line card replacement']) {
      const page = await search(q(text, '&limit=1000'), demo.ungAdmin);
      expect(page.count, text).toBe(0);
    }
    // Everything Northgate's admin finds is Northgate's own.
    const own = await search(q('Northgate', '&limit=1000'), demo.ungAdmin);
    expect(own.count).toBeGreaterThan(0);
    for (const r of own.results) {
      if (['site', 'vpls', 'l3vpn', 'interconnect'].includes(r.kind))
        expect(await customerOfSite(Number(r.id))).toBe(ids.ung);
      if (['service', 'thirdparty'].includes(r.kind)) expect(r.id.startsWith('UNG')).toBe(true);
    }
    // The provider's own sites (its PoPs) are not the customer's either.
    expect(own.results.some((r) => r.label === 'Northgate PoP')).toBe(false);
    // Events: only those touching the customer's services.
    expect((await search(q('Fibre cut'), demo.ungUser)).count).toBeGreaterThan(0);
    expect((await search(q('Fibre cut'), demo.ebhAdmin)).count).toBe(0);
  });

  it('shows a customer user only the users of their own company', async () => {
    const page = await search(q('example', '&kinds=user&limit=1000'), demo.ungUser);
    expect(page.count).toBeGreaterThan(0);
    const userRows = await t.database.db.select().from(users);
    const customerOf = new Map(userRows.map((u) => [String(u.userId), u.customerId]));
    expect(page.results.every((r) => customerOf.get(r.id) === ids.ung)).toBe(true);
    const noc = await search(q('example', '&kinds=user&limit=1000'));
    expect(noc.count).toBeGreaterThan(page.count);
  });

  it('leaves out the kinds the caller may not view', async () => {
    // A technician views sites only: services, users, contacts and events are dropped quietly.
    const tech = await search(q('Northgate', '&limit=1000'), demo.tech);
    expect(tech.count).toBeGreaterThan(0);
    expect(
      tech.results.every((r) => ['site', 'vpls', 'internet', 'l3vpn', 'interconnect'].includes(r.kind)),
    ).toBe(true);
    expect((await search(q('Alex Morgan', '&kinds=user'), demo.tech)).count).toBe(0);
    // Engineering may view services but not users.
    expect((await search(q('Alex Morgan', '&kinds=user'), demo.eng)).count).toBe(0);
    expect((await search(q('Alex Morgan', '&kinds=user'))).count).toBe(1);
    // Shelves are the provider's: its technicians find them, customers never do.
    expect((await search(q('S0001pe', '&kinds=equipment'), demo.tech)).count).toBeGreaterThan(0);
    expect((await search(q('S0001pe', '&kinds=equipment'), demo.ungAdmin)).count).toBe(0);
    expect((await search(q('UNGS0001'), demo.ungAdmin)).results.some((r) => r.kind === 'equipment')).toBe(
      false,
    );
  });

  it('answers 400 on bad input', async () => {
    for (const [query, message] of [
      ['', searchPrompt],
      ['q=a', searchPrompt],
      [`q=${'x'.repeat(101)}`, 'Must be at most 100 characters'],
      ['q=abc&kinds=site,sausage', 'Unknown search kind: sausage'],
      ['q=abc&limit=0', undefined],
      ['q=abc&limit=1001', undefined],
      ['q=abc&offset=-1', undefined],
    ] as const) {
      const reply = await t.call({ method: 'GET', url: `/api/search?${query}`, as: demo.noc });
      expect(reply.statusCode, query).toBe(400);
      if (message) expect(reply.json().message, query).toBe(message);
    }
  });

  it('needs a session', async () => {
    expect((await t.call({ method: 'GET', url: '/api/search?q=abc' })).statusCode).toBe(401);
  });
});

// docs/decisions/054: the search's statements are named and kept per connection, which pays only if
// their text is the same for every query of a shape (the query's values, its length and its
// similarity floor are parameters). Each statement of two searches of one shape is recorded.
describe('the search statements keep no query in their text', () => {
  const sources: ReadonlySet<SearchSource> = new Set([
    'sites',
    'services',
    'users',
    'contacts',
    'events',
    'equipment',
    'circuits',
  ]);
  async function statementsOf(text: string) {
    const seen: { name: string; text: string; values: unknown[] }[] = [];
    const page = await searchRecords(
      (run) =>
        t.database.transaction((query) =>
          run((name, statement, values) => {
            seen.push({ name, text: statement, values });
            return query(name, statement, values);
          }),
        ),
      { kind: 'all' },
      {
        circuitProviders: [{ id: 1, name: 'Carrier' }],
        q: text,
        kinds: searchKindNames,
        sources,
        limit: 20,
        offset: 0,
        timeZone: 'Australia/Sydney',
      },
    );
    return { page, seen };
  }

  it.each([
    // Under three characters (prefix only), from three (contains, fuzzy words) and from eight
    // (fuzzy identifiers too); each pair differs in length and in its similarity floor.
    ['no', 'ea'],
    ['northgat', 'eastbrook ring'],
    ['north', 'librar'],
  ])('%s and %s run the same statements', async (one, other) => {
    const a = await statementsOf(one);
    const built = searchStatementsBuilt();
    const b = await statementsOf(other);
    // The second search filled in the statement built for the first.
    expect(searchStatementsBuilt()).toBe(built);
    expect(a.page.count, one).toBeGreaterThan(0);
    expect(b.page.count, other).toBeGreaterThan(0);
    const shape = (s: { name: string; text: string }) => `${s.name} ${s.text}`;
    const pages = (seen: typeof a.seen) => seen.filter((s) => s.name.startsWith('search_page')).map(shape);
    expect(pages(a.seen)).toHaveLength(1);
    expect(pages(a.seen)).toEqual(pages(b.seen));
    expect(a.seen[0]).toMatchObject({ name: b.seen[0]!.name, text: b.seen[0]!.text });
    for (const { seen, text } of [
      { seen: a.seen, text: one },
      { seen: b.seen, text: other },
    ])
      for (const statement of seen) {
        expect(statement.name, statement.text.slice(0, 80)).not.toBe('');
        // (Two letters are inside SQL's own words.)
        if (text.length > 2) expect(statement.text.toLowerCase()).not.toContain(text);
      }
  });
});
