import type { Scope } from '@lightpath/domain/actor';
import { type EventType, eventSearchDetail } from '@lightpath/domain/events';
import {
  fuzzyApplies,
  type SearchField,
  type SearchKind,
  type SearchResult,
  type SearchSource,
  searchWordSimilarityFloorFor,
} from '@lightpath/domain/search';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/statements';
import {
  fuzzyPrefilterPatterns,
  matchesSql,
  type RankedSource,
  rankedSql,
  type SearchTerm,
  searchTermOf,
  similarTo,
  trigramsOf,
} from './match-sql';

export type SearchRequest = {
  // The NetBox simulator's carriers, to name a circuit's provider.
  circuitProviders: readonly { id: number; name: string }[];
  q: string;
  kinds: readonly SearchKind[];
  sources: ReadonlySet<SearchSource>;
  limit: number;
  offset: number;
  // The zone the caller reads times in (their own, or the portal's).
  timeZone: string;
};

type Field = { field: SearchField; value: SQL };
const field = (name: SearchField, value: SQL): Field => ({ field: name, value });

// A source of results, plus the one-line details of the results on the page returned, looked up in a
// second small statement: a search matching thousands of rows would otherwise join and format every
// one of them, and as subqueries of the search itself they cost more to plan than to run. `details`
// answers (id, label, detail) for the ids (as text); a source whose line is written by a domain rule
// answers the raw values in `detail` and turns them into the line with `describe`.
type Source = RankedSource & { details: (ids: SQL) => SQL; describe?: (raw: string) => string };

const separator = ' · ';
const siteKindOfType = { 1: 'site', 2: 'vpls', 3: 'internet', 4: 'l3vpn', 5: 'interconnect' } as const;

// A customer user's rows only: `column` is the customer column of the row being matched.
function inScope(scope: Scope, column: SQL): SQL {
  return scope.kind === 'all' ? sql`true` : sql`${column} = ${scope.customerId}`;
}

// Any of the fields matches (a trigram index serves each one; together a bitmap OR).
function anyMatches(fields: readonly Field[], term: SearchTerm): SQL {
  return sql`(${sql.join(
    fields.map((f) => matchesSql(f.value, term, [f.field])),
    sql` or `,
  )})`;
}

// Users, contacts and circuits have no trigram index on each searched field. One test over all of a
// row's text finds the candidates: a field that contains the query is inside the whole, and so is a
// field's best run of words. Each field is then scored on its own, so a match across two fields
// drops out there. The text is built with || (immutable) so that the trigram indexes on the same
// expression (users_search_trgm, contacts_search_trgm) serve it; a cheap prefilter spares most rows
// the word_similarity call.
// Under three characters each field is tested for the prefix.
function documentOf(fields: readonly Field[]): SQL {
  return sql`(${sql.join(
    fields.map((f) => sql`coalesce(${f.value}, '')`),
    sql` || ' ' || `,
  )})`;
}

function documentMatches(fields: readonly Field[], term: SearchTerm): SQL {
  if (!term.contained) return anyMatches(fields, term);
  const document = documentOf(fields);
  const contains = sql`${document} ilike ${term.contains}`;
  if (!fields.some((f) => fuzzyApplies(f.field, term.lower.length))) return contains;
  const patterns = fuzzyPrefilterPatterns(term);
  const prefilter = patterns
    ? sql`${document} ilike any (array[${sql.join(
        patterns.map((p) => sql`${p}`),
        sql`, `,
      )}]::text[]) and `
    : sql``;
  return sql`(${contains} or (${prefilter}${document} %> ${similarTo(term)}))`;
}

function siteSource(scope: Scope, term: SearchTerm, kinds: readonly SearchKind[]): Source | null {
  const types = Object.entries(siteKindOfType)
    .filter(([, kind]) => kinds.includes(kind))
    .map(([type]) => Number(type));
  if (types.length === 0) return null;
  const fields = [
    field('sitenumber', sql`s.site_number`),
    field('sitename', sql`s.site_name`),
    field('vplsname', sql`s.vpls_name`),
  ];
  return {
    kind: sql.raw(
      `case s.site_type ${Object.entries(siteKindOfType)
        .map(([type, kind]) => `when ${type} then '${kind}'`)
        .join(' ')} end`,
    ),
    id: sql`s.site_id::text`,
    label: sql`s.site_name`,
    fields,
    from: sql`sites s`,
    where: sql`s.site_type in (${sql.join(
      types.map((t) => sql`${t}`),
      sql`, `,
    )}) and ${inScope(scope, sql`s.customer_id`)} and ${anyMatches(fields, term)}`,
    details: (ids) => sql`select s.site_id::text as id, s.site_name as label,
        concat_ws(${separator}, s.site_number, s.vpls_name, c.customer_name, case when s.status = 0 then 'Disabled' end) as detail
      from sites s join customers c on c.customer_id = s.customer_id where s.site_id = any(${ids}::int[])`,
  };
}

// Every service is one result, of the most specific kind: a third-party service when it carries a
// third-party circuit, else internet for letter H, else a service. Two sources, each through its own
// trigram indexes: services matched on their id or description, and services matched on their
// address alone (the others are already in the first).
function serviceSources(scope: Scope, term: SearchTerm, kinds: readonly SearchKind[]): Source[] {
  const wanted = (['service', 'internet', 'thirdparty'] as const).filter((k) => kinds.includes(k));
  if (wanted.length === 0) return [];
  const own = anyMatches(
    [field('serviceid', sql`s.service_id`), field('description', sql`s.description`)],
    term,
  );
  const address = anyMatches([field('ipaddress', sql`p.ip_address`)], term);
  const common = {
    // A hashed lookup of the (few) circuits, not a probe per matching service.
    kind: sql`case
      when s.service_id in (select t.service_id from simulated_third_party_circuits t) then 'thirdparty'
      when s.type_letter = 'H' then 'internet'
      else 'service' end`,
    id: sql`s.service_id::text`,
    label: sql`s.service_id::text`,
    fields: [
      field('serviceid', sql`s.service_id::text`),
      field('description', sql`s.description`),
      field('ipaddress', sql`p.ip_address`),
    ],
    kinds: wanted,
    details: (ids: SQL) => sql`select s.service_id::text as id, s.service_id::text as label,
        concat_ws(${separator}, s.description, c.customer_code, case when s.status = 0 then 'Disabled' end) as detail
      from services s join customers c on c.customer_id = s.customer_id where s.service_id = any(${ids})`,
  };
  const byOwnFields: Source = {
    ...common,
    from: sql`services s left join service_patching p on p.service_id = s.service_id`,
    where: sql`${inScope(scope, sql`s.customer_id`)} and ${own}`,
  };
  // When no address can match, the address field scores nothing: no need to read the patching.
  if (!addressCouldMatch(term))
    return [
      {
        ...byOwnFields,
        fields: [...common.fields.slice(0, 2), field('ipaddress', sql`null::text`)],
        from: sql`services s`,
      },
    ];
  return [
    byOwnFields,
    {
      ...common,
      from: sql`service_patching p join services s on s.service_id = p.service_id`,
      where: sql`${address} and ${inScope(scope, sql`s.customer_id`)} and not ${own}`,
    },
  ];
}

// IP addresses are written with hexadecimal digits, dots, colons and a slash. A query with another
// character cannot be inside one, and can be fuzzily like one only if enough of its trigrams avoid
// those characters (word_similarity is at most the share of the query's trigrams found). Leaving the
// address source out then changes no answer and saves planning the search a second time.
const addressCharacter = /^[0-9a-f.:/ ]$/;
function addressCouldMatch(term: SearchTerm): boolean {
  if ([...term.lower].every((c) => addressCharacter.test(c))) return true;
  if (!fuzzyApplies('ipaddress', term.lower.length)) return false;
  const { edges, inner } = trigramsOf(term.lower);
  const all = [...edges, ...inner];
  const possible = all.filter((t) => [...t].every((c) => addressCharacter.test(c))).length;
  return possible >= searchWordSimilarityFloorFor(term.lower.length) * all.length - 1e-9;
}

// External circuits: the NetBox simulator's store. With a real NetBox configured the circuits live
// there and this table stays empty, so the kind then finds nothing (a remote call per keystroke
// would be too slow for the header search). The result opens the circuit's service.
function circuitSource(scope: Scope, term: SearchTerm, providers: SearchRequest['circuitProviders']): Source {
  const fields = [
    field('circuitid', sql`t.circuit_id`),
    field('headendid', sql`t.head_end_id`),
    field('redundantheadendid', sql`t.redundant_head_end_id`),
    field('tailendid', sql`t.tail_end_id`),
  ];
  return {
    kind: sql`'circuit'`,
    id: sql`t.service_id::text`,
    label: sql`t.circuit_id`,
    fields,
    from: sql`simulated_third_party_circuits t join services s on s.service_id = t.service_id`,
    where: sql`${inScope(scope, sql`s.customer_id`)} and ${documentMatches(fields, term)}`,
    // Spec 2.5: an external circuit shows its provider and circuit id (the label).
    details: (ids) => sql`select t.service_id::text as id, t.circuit_id as label,
        concat_ws(${separator}, p.name, 'Service ' || t.service_id, c.customer_code) as detail
      from simulated_third_party_circuits t
      join services s on s.service_id = t.service_id
      join customers c on c.customer_id = s.customer_id
      left join (values ${
        providers.length > 0
          ? sql.join(
              providers.map((p) => sql`(${p.id}::int, ${p.name}::text)`),
              sql`, `,
            )
          : sql`(0, '')`
      }) p(id, name) on p.id = t.provider_id
      where t.service_id = any(${ids})`,
  };
}

function userSource(scope: Scope, term: SearchTerm): Source {
  const fullname = sql`(u.firstname || ' ' || u.surname)`;
  const fields = [
    field('firstname', sql`u.firstname`),
    field('surname', sql`u.surname`),
    field('email', sql`u.email`),
    field('title', sql`u.title`),
    field('fullname', fullname),
  ];
  return {
    kind: sql`'user'`,
    id: sql`u.user_id::text`,
    label: fullname,
    fields,
    from: sql`users u`,
    // The full name is the first two fields side by side: the document holds it already.
    where: sql`${inScope(scope, sql`u.customer_id`)} and ${documentMatches(fields.slice(0, 4), term)}`,
    details: (ids) => sql`select u.user_id::text as id, u.firstname || ' ' || u.surname as label,
        concat_ws(${separator}, u.email, c.customer_name, case when not u.enabled then 'Disabled' end) as detail
      from users u join customers c on c.customer_id = u.customer_id where u.user_id = any(${ids}::int[])`,
  };
}

function contactSource(scope: Scope, term: SearchTerm): Source {
  const fields = [
    field('contactname', sql`k.contact_name`),
    field('email', sql`k.email`),
    field('title', sql`k.title`),
  ];
  return {
    kind: sql`'contact'`,
    id: sql`k.contact_id::text`,
    label: sql`k.contact_name`,
    fields,
    from: sql`contacts k`,
    where: sql`${inScope(scope, sql`k.customer_id`)} and ${documentMatches(fields, term)}`,
    details: (ids) => sql`select k.contact_id::text as id, k.contact_name as label,
        concat_ws(${separator}, k.email, k.title, c.customer_name) as detail
      from contacts k join customers c on c.customer_id = k.customer_id where k.contact_id = any(${ids}::int[])`,
  };
}

// Events belong to no customer: a customer sees those that touch one of its services. Their line
// (type, whether it has ended, times in the reader's zone) is eventSearchDetail's.
function eventSource(scope: Scope, term: SearchTerm, timeZone: string): Source {
  const fields = [field('title', sql`e.title`)];
  const now = Math.floor(Date.now() / 1000);
  return {
    kind: sql`'event'`,
    id: sql`e.event_id::text`,
    label: sql`e.title`,
    fields,
    from: sql`events e`,
    where: sql`${anyMatches(fields, term)} and ${
      scope.kind === 'all'
        ? sql`true`
        : sql`exists (select 1 from event_services es join services s on s.service_id = es.service_id
            where es.event_id = e.event_id and s.customer_id = ${scope.customerId})`
    }`,
    // The raw number, type, start and end (unix seconds, '' without an end), for describe.
    details: (ids) => sql`select e.event_id::text as id, e.title as label,
        concat_ws(' ', e.number, e.type, floor(extract(epoch from e.start_time))::bigint,
          coalesce(floor(extract(epoch from e.end_time))::bigint::text, '')) as detail
      from events e where e.event_id = any(${ids}::int[])`,
    describe: (raw) => {
      const [number, type, starttime, endtime] = raw.split(' ');
      return eventSearchDetail(
        {
          number: Number(number),
          type: Number(type) as EventType,
          starttime: Number(starttime),
          endtime: endtime ? Number(endtime) : null,
        },
        now,
        timeZone,
      );
    },
  };
}

// Shelves are the provider's: only staff search them (the source's permission), so no scope applies.
// A few thousand rows: the document test reads them all in a couple of milliseconds.
function equipmentSource(term: SearchTerm): Source {
  const fields = [field('equipmentname', sql`sh.name`), field('ipaddress', sql`sh.ip_address`)];
  return {
    kind: sql`'equipment'`,
    id: sql`sh.shelf_id::text`,
    label: sql`sh.name`,
    fields,
    from: sql`shelves sh`,
    where: documentMatches(fields, term),
    details: (ids) => sql`select sh.shelf_id::text as id, sh.name as label,
        concat_ws(${separator}, sh.vendor || ' ' || sh.model, sh.ip_address, st.site_name) as detail
      from shelves sh join sites st on st.site_id = sh.site_id where sh.shelf_id = any(${ids}::int[])`,
  };
}

function sourcesFor(scope: Scope, term: SearchTerm, request: SearchRequest): Source[] {
  const { kinds, sources } = request;
  const list: (Source | null)[] = [];
  if (sources.has('sites')) list.push(siteSource(scope, term, kinds));
  if (sources.has('services')) list.push(...serviceSources(scope, term, kinds));
  if (sources.has('circuits') && kinds.includes('circuit'))
    list.push(circuitSource(scope, term, request.circuitProviders));
  if (sources.has('users') && kinds.includes('user')) list.push(userSource(scope, term));
  if (sources.has('contacts') && kinds.includes('contact')) list.push(contactSource(scope, term));
  if (sources.has('events') && kinds.includes('event')) list.push(eventSource(scope, term, request.timeZone));
  if (sources.has('equipment') && kinds.includes('equipment')) list.push(equipmentSource(term));
  return list.filter((s): s is Source => s !== null);
}

type Row = Omit<SearchResult, 'score' | 'detail'> & { source: number; score: number; total: number };

// Runs the search with three planner settings, for this transaction only:
// - pg_trgm's `%>` operator reads its threshold from a setting; pinning it to the rule's floor for
//   this query's length makes the index find exactly the rows the rule keeps;
// - the planner prices word_similarity and ILIKE like a plain comparison, so on a table of ten
//   thousand sites it prefers reading every row (tens of milliseconds) to the trigram indexes
//   (under one). Sequential scans remain where no index applies;
// - such a remaining sequential scan is then priced as if forbidden, far above jit_above_cost, and
//   PostgreSQL would spend longer compiling the query (JIT) than running it.
async function withTrigramPlan<T>(db: Db, term: SearchTerm, run: (tx: DbOrTx) => Promise<T>): Promise<T> {
  const floor = searchWordSimilarityFloorFor(term.lower.length);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(floor)}, true),
                 set_config('enable_seqscan', 'off', true),
                 set_config('jit', 'off', true)`,
    );
    return run(tx);
  });
}

export async function searchRecords(
  db: Db,
  scope: Scope,
  request: SearchRequest,
): Promise<{ count: number; results: SearchResult[] }> {
  const term = searchTermOf(request.q);
  const sources = sourcesFor(scope, term, request);
  if (sources.length === 0) return { count: 0, results: [] };
  // Each row carries the number of its source, which knows how to describe it.
  const union = sql.join(
    sources.map((s, i) => sql`(select ${sql.raw(String(i))} as source, q.* from (${rankedSql(s, term)}) q)`),
    sql` union all `,
  );
  const page = (limit: number, offset: number) => sql`
    select u.source, u.kind, u.id, u.label, u.field, u.score, (count(*) over ())::int as total
    from (${union}) u
    order by u.score, u.label, u.kind, u.id
    limit ${limit} offset ${offset}`;
  return withTrigramPlan(db, term, async (tx) => {
    const rows = rowsOf<Row>(await tx.execute(page(request.limit, request.offset)));
    // Past the last page the window count has no row to ride on: count with the first row.
    const count =
      rows[0]?.total ?? (request.offset > 0 ? (rowsOf<Row>(await tx.execute(page(1, 0)))[0]?.total ?? 0) : 0);
    const described = new Map<string, string>();
    const present = [...new Set(rows.map((r) => r.source))];
    if (present.length > 0) {
      const lookups = present.map((i) => {
        const ids = [...new Set(rows.filter((r) => r.source === i).map((r) => r.id))];
        const array = sql`array[${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}]::text[]`;
        return sql`(select ${sql.raw(String(i))} as source, d.* from (${sources[i]!.details(array)}) d)`;
      });
      const details = rowsOf<{ source: number; id: string; label: string; detail: string }>(
        await tx.execute(sql.join(lookups, sql` union all `)),
      );
      for (const d of details) {
        const describe = sources[d.source]?.describe;
        described.set(`${d.source} ${d.id} ${d.label}`, describe ? describe(d.detail) : d.detail);
      }
    }
    return {
      count,
      results: rows.map((r) => ({
        kind: r.kind,
        id: r.id,
        label: r.label,
        detail: described.get(`${r.source} ${r.id} ${r.label}`) ?? '',
        field: r.field,
        score: Number(r.score),
      })),
    };
  });
}
