import type { Scope } from '@lightpath/domain/actor';
import { type EventType, eventSearchDetail } from '@lightpath/domain/events';
import {
  fuzzyApplies,
  type SearchField,
  type SearchKind,
  type SearchResult,
  type SearchSource,
  searchIdentifierFields,
  searchWordSimilarityFloorFor,
} from '@lightpath/domain/search';
import { fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { RawTransaction } from '../../db/client';
import { statementName } from '../../db/statements';
import {
  fuzzyPrefilterPatterns,
  matchesSql,
  queryValue,
  queryValuesOf,
  type RankedSource,
  rankedRowsSql,
  rankedSql,
  type SearchTerm,
  searchShapeOf,
  searchTermOf,
  similarTo,
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

// The one-line details of the results on the page returned, looked up in a second small statement:
// a search matching thousands of rows would otherwise join and format every one of them. `details`
// answers (id, label, detail) for the ids (as text); a source whose line is written by a domain rule
// answers the raw values in `detail` and turns them into the line with `describe`.
type Described = { details: (ids: SQL) => SQL; describe?: (raw: string) => string };

const separator = ' · ';
const siteKindOfType = { 1: 'site', 2: 'vpls', 3: 'internet', 4: 'l3vpn', 5: 'interconnect' } as const;

// The search's own values in its statements, beside the query's (queryValue): placeholders, filled
// per search (searchRecords).
const requestValue = {
  customerId: sql.placeholder('customerId'),
  // The kept entries' sources searched, the site types and the kinds asked, each as one text[].
  sources: sql`${sql.placeholder('sources')}::text[]`,
  siteTypes: sql`${sql.placeholder('siteTypes')}::text[]`,
  kinds: sql`${sql.placeholder('kinds')}::text[]`,
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

// A customer user's rows only: `column` is the customer column of the row being matched.
function inScope(scope: Scope, column: SQL): SQL {
  return scope.kind === 'all' ? sql`true` : sql`${column} = ${requestValue.customerId}`;
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
  const contains = sql`${document} ilike ${queryValue.contains}`;
  if (!fields.some((f) => fuzzyApplies(f.field, term.lower.length))) return contains;
  // The patterns as one array: their number varies with the query, the statement's text must not.
  const prefilter =
    fuzzyPrefilterPatterns(term) !== null ? sql`${document} ilike any (${queryValue.patterns}) and ` : sql``;
  return sql`(${contains} or (${prefilter}${document} %> ${similarTo()}))`;
}

// The record sets kept in search_entries (migration 0026, docs/decisions/046): their fields in the
// order of the entries' value columns (the migration writes them so), the kinds they can yield, their
// kind from the entry (`e`), and their details.
type EntrySource = Described & {
  name: Exclude<SearchSource, 'circuits'>;
  fields: readonly SearchField[];
  kinds: readonly SearchKind[];
  kind: SQL;
};

function entrySources(timeZone: string): EntrySource[] {
  const now = Math.floor(Date.now() / 1000);
  return [
    {
      name: 'sites',
      fields: ['sitenumber', 'sitename', 'vplsname'],
      kinds: Object.values(siteKindOfType),
      kind: sql.raw(
        `case e.variant ${Object.entries(siteKindOfType)
          .map(([type, kind]) => `when '${type}' then '${kind}'`)
          .join(' ')} end`,
      ),
      details: (ids) => sql`select s.site_id::text as id, s.site_name as label,
          concat_ws(${separator}, s.site_number, s.vpls_name, c.customer_name, case when s.status = 0 then 'Disabled' end) as detail
        from sites s join customers c on c.customer_id = s.customer_id where s.site_id = any(${ids}::int[])`,
    },
    // Every service is one result, of the most specific kind: a third-party service when it carries a
    // third-party circuit (a hashed lookup of the few circuits), else internet for letter H, else a
    // service. Its address is its patching's.
    {
      name: 'services',
      fields: ['serviceid', 'description', 'ipaddress'],
      kinds: ['service', 'internet', 'thirdparty'],
      kind: sql`case
        when e.record_id in (select t.service_id from simulated_third_party_circuits t) then 'thirdparty'
        when e.variant = 'H' then 'internet'
        else 'service' end`,
      details: (ids) => sql`select s.service_id::text as id, s.service_id::text as label,
          concat_ws(${separator}, s.description, c.customer_code, case when s.status = 0 then 'Disabled' end) as detail
        from services s join customers c on c.customer_id = s.customer_id where s.service_id = any(${ids}::text[])`,
    },
    {
      name: 'users',
      fields: ['firstname', 'surname', 'email', 'title', 'fullname'],
      kinds: ['user'],
      kind: sql`'user'`,
      details: (ids) => sql`select u.user_id::text as id, u.firstname || ' ' || u.surname as label,
          concat_ws(${separator}, u.email, c.customer_name, case when not u.enabled then 'Disabled' end) as detail
        from users u join customers c on c.customer_id = u.customer_id where u.user_id = any(${ids}::int[])`,
    },
    {
      name: 'contacts',
      fields: ['contactname', 'email', 'title'],
      kinds: ['contact'],
      kind: sql`'contact'`,
      details: (ids) => sql`select k.contact_id::text as id, k.contact_name as label,
          concat_ws(${separator}, k.email, k.title, c.customer_name) as detail
        from contacts k join customers c on c.customer_id = k.customer_id where k.contact_id = any(${ids}::int[])`,
    },
    // An event's line (type, whether it has ended, times in the reader's zone) is eventSearchDetail's:
    // the details answer the raw number, type, start and end (unix seconds, '' without an end).
    {
      name: 'events',
      fields: ['title'],
      kinds: ['event'],
      kind: sql`'event'`,
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
    },
    // Shelves are the provider's: only staff search them (the source's permission).
    {
      name: 'equipment',
      fields: ['equipmentname', 'ipaddress'],
      kinds: ['equipment'],
      kind: sql`'equipment'`,
      details: (ids) => sql`select sh.shelf_id::text as id, sh.name as label,
          concat_ws(${separator}, sh.vendor || ' ' || sh.model, sh.ip_address, st.site_name) as detail
        from shelves sh join sites st on st.site_id = sh.site_id where sh.shelf_id = any(${ids}::int[])`,
    },
  ];
}

const entryValueColumns = [0, 1, 2, 3, 4].map((i) => sql.raw(`e.value_${i}`));

// A customer sees their own records, and the events that touch one of their services (events
// belong to no customer). The case keeps the event test to event entries, whose ids are numbers.
function entryInScope(scope: Scope): SQL {
  if (scope.kind === 'all') return sql`true`;
  return sql`case when e.source = 'events'
    then exists (select 1 from event_services es join services s on s.service_id = es.service_id
      where es.event_id = e.record_id::int and s.customer_id = ${requestValue.customerId})
    else e.customer_id = ${requestValue.customerId} end`;
}

// The candidates: the document holds the query (contains), or a field starts with it (under three
// characters), or the words are like it (fuzzy; identifiers join in from 8 characters, with the
// whole document). Each field is then scored on its own, so a candidate whose fields all miss drops.
function entryCandidates(term: SearchTerm): SQL {
  if (!term.contained)
    return sql`(e.document like ${queryValue.prefix} or e.document like ${queryValue.fieldPrefix})`;
  const fuzzy = searchIdentifierFields.some((f) => fuzzyApplies(f, term.lower.length))
    ? sql`e.document %> ${similarTo()}`
    : sql`e.words %> ${similarTo()}`;
  return sql`(e.document like ${queryValue.contains} or ${fuzzy})`;
}

// The site types whose kinds were asked for.
function siteTypesOf(kinds: readonly SearchKind[]): string[] {
  return Object.entries(siteKindOfType)
    .filter(([, kind]) => kinds.includes(kind))
    .map(([type]) => type);
}

function entriesRanked(scope: Scope, term: SearchTerm, sources: EntrySource[]): SQL {
  return rankedRowsSql(
    {
      kind: sql`case e.source ${sql.join(
        sources.map((s) => sql`when ${s.name} then ${s.kind}`),
        sql` `,
      )} end`,
      id: sql`e.record_id`,
      label: sql`e.label`,
      carry: sql`e.source`,
      discriminator: sql`e.source`,
      values: entryValueColumns.slice(0, Math.max(...sources.map((s) => s.fields.length))),
      lowered: true,
      layouts: sources.map((s) => ({ source: s.name, fields: s.fields })),
      from: sql`search_entries e`,
      // Each list is one array, whatever its length (the site types follow the kinds asked).
      where: sql`e.source = any (${requestValue.sources})
        and (e.source <> 'sites' or e.variant = any (${requestValue.siteTypes}))
        and ${entryInScope(scope)} and ${entryCandidates(term)}`,
      kinds: requestValue.kinds,
    },
    term,
  );
}

// External circuits: the NetBox simulator's store. With a real NetBox configured the circuits live
// there and this table stays empty, so the kind then finds nothing (a remote call per keystroke
// would be too slow for the header search). The result opens the circuit's service.
type CircuitSource = RankedSource & Described;

function circuitSource(
  scope: Scope,
  term: SearchTerm,
  providers: SearchRequest['circuitProviders'],
): CircuitSource {
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
      where t.service_id = any(${ids}::text[])`,
  };
}

function entrySourcesFor(request: SearchRequest): EntrySource[] {
  return entrySources(request.timeZone).filter(
    (s) => request.sources.has(s.name) && s.kinds.some((kind) => request.kinds.includes(kind)),
  );
}

type Row = Omit<SearchResult, 'score' | 'detail'> & { source: string; score: number; total: number };

// The search's statements run on one connection in a transaction with four planner settings of its
// own (set_config(..., true): this transaction only):
// - pg_trgm's `%>` operator reads its threshold from a setting; pinning it to the rule's floor for
//   this query's length makes the index find exactly the rows the rule keeps;
// - the planner prices word_similarity and ILIKE like a plain comparison, so on a table of ten
//   thousand sites it prefers reading every row (tens of milliseconds) to the trigram indexes
//   (under one). Sequential scans remain where no index applies;
// - such a remaining sequential scan is then priced as if forbidden, far above jit_above_cost, and
//   PostgreSQL would spend longer compiling the query (JIT) than running it;
// - the statements are named, and their text holds no value of the query (docs/decisions/054), so
//   each shape is parsed once per connection. It is still planned for each search, with the query's
//   values (a custom plan): a kept generic plan read the same indexes but evaluated its parameters
//   for every row, and the searches that score thousands of matches ran 10-40% slower.
const settingsText = `select set_config('pg_trgm.word_similarity_threshold', $1, true),
  set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true),
  set_config('plan_cache_mode', 'force_custom_plan', true)`;

// Drizzle's SQL as the driver's text and values, so that it can run as a named statement.
const dialect = new PgDialect();
function named(prefix: string, statement: SQL): [name: string, text: string, values: unknown[]] {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return [statementName(prefix, text), text, params];
}

// The page statement of each shape of search (searchShapeOf, the scope's kind, the record sets
// searched), built once: its name, its text, and its parameters with the placeholders each search
// fills in. Shapes are few (two scopes, the subsets of seven record sets, a few query lengths).
type PageStatement = { name: string; text: string; params: unknown[] };
const pageStatements = new Map<string, PageStatement>();

// How many shapes have been built (a test's window on the cache).
export const searchStatementsBuilt = () => pageStatements.size;

function pageStatementFor(
  scope: Scope,
  term: SearchTerm,
  entries: EntrySource[],
  circuits: CircuitSource | null,
): PageStatement {
  const shape = [
    scope.kind,
    searchShapeOf(term),
    ...entries.map((s) => s.name),
    circuits ? 'circuits' : '',
  ].join(' ');
  const kept = pageStatements.get(shape);
  if (kept) return kept;
  // One scan of the kept entries for every record set but the circuits (a small table of their own);
  // each row carries the name of its set, which knows how to describe it.
  const union = sql.join(
    [
      ...(entries.length > 0 ? [sql`(${entriesRanked(scope, term, entries)})`] : []),
      ...(circuits ? [sql`(select q.*, 'circuits' as carry from (${rankedSql(circuits, term)}) q)`] : []),
    ],
    sql` union all `,
  );
  const [name, text, params] = named(
    'search_page',
    sql`
    select u.carry as source, u.kind, u.id, u.label, u.field, u.score, (count(*) over ())::int as total
    from (${union}) u
    order by u.score, u.label, u.kind, u.id
    limit ${requestValue.limit} offset ${requestValue.offset}`,
  );
  const statement = { name, text, params };
  pageStatements.set(shape, statement);
  return statement;
}

export async function searchRecords(
  transaction: RawTransaction,
  scope: Scope,
  request: SearchRequest,
): Promise<{ count: number; results: SearchResult[] }> {
  const term = searchTermOf(request.q);
  const entries = entrySourcesFor(request);
  const circuits =
    request.sources.has('circuits') && request.kinds.includes('circuit')
      ? circuitSource(scope, term, request.circuitProviders)
      : null;
  const described = new Map<string, Described>(entries.map((s) => [s.name, s]));
  if (circuits) described.set('circuits', circuits);
  if (described.size === 0) return { count: 0, results: [] };
  const statement = pageStatementFor(scope, term, entries, circuits);
  const values = {
    ...queryValuesOf(term),
    customerId: scope.kind === 'customer' ? scope.customerId : null,
    sources: entries.map((s) => s.name),
    siteTypes: siteTypesOf(request.kinds),
    kinds: [...request.kinds],
  };
  const page = (limit: number, offset: number) =>
    [
      statement.name,
      statement.text,
      fillPlaceholders(statement.params, { ...values, limit, offset }),
    ] as const;
  return transaction(async (query) => {
    await query(statementName('search_settings', settingsText), settingsText, [
      String(searchWordSimilarityFloorFor(term.lower.length)),
    ]);
    const rows = await query<Row>(...page(request.limit, request.offset));
    // Past the last page the window count has no row to ride on: count with the first row.
    const count =
      rows[0]?.total ?? (request.offset > 0 ? ((await query<Row>(...page(1, 0)))[0]?.total ?? 0) : 0);
    // The details in a second statement, for the sets present on the page only: as a part of the
    // page's statement, every set's lookup was planned on every search (1.4 ms, more than a round
    // trip). The ids travel as one array, so the text depends only on which sets are present.
    const lines = new Map<string, string>();
    const present = [...new Set(rows.map((r) => r.source))];
    if (present.length > 0) {
      const lookups = present.map((name) => {
        const ids = sql`${sql.param([...new Set(rows.filter((r) => r.source === name).map((r) => r.id))])}::text[]`;
        return sql`(select ${name}::text as source, d.* from (${described.get(name)!.details(ids)}) d)`;
      });
      const details = await query<{ source: string; id: string; label: string; detail: string }>(
        ...named('search_details', sql.join(lookups, sql` union all `)),
      );
      for (const d of details) {
        const describe = described.get(d.source)?.describe;
        lines.set(`${d.source} ${d.id} ${d.label}`, describe ? describe(d.detail) : d.detail);
      }
    }
    return {
      count,
      results: rows.map((r) => ({
        kind: r.kind,
        id: r.id,
        label: r.label,
        detail: lines.get(`${r.source} ${r.id} ${r.label}`) ?? '',
        field: r.field,
        score: Number(r.score),
      })),
    };
  });
}
