// The SQL form of the header search's scoring rule (fieldMatchScore, weightedScore and bestFieldMatch
// in @lightpath/domain/search), so that ranking, limit and offset happen in the database over every
// kind at once. search.test.ts checks that the two agree.
import {
  fuzzyApplies,
  type SearchField,
  searchExactFloor,
  searchFields,
  searchMinimumLength,
  searchScoreBands,
  searchThreshold,
  searchWeightOf,
  searchWordSimilarityFloorFor,
} from '@lightpath/domain/search';
import { type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../../platform/scope';

export type SearchTerm = {
  // Trimmed and lower-cased, as the rule compares.
  lower: string;
  // Three characters or more: contains (and fuzzy, see fuzzyApplies); fewer: exact and prefix only.
  contained: boolean;
  // ILIKE patterns with the user's wildcards escaped.
  prefix: string;
  contains: string;
};

export function searchTermOf(q: string): SearchTerm {
  const lower = q.trim().toLowerCase();
  const contains = containsPattern(lower);
  return {
    lower,
    contained: lower.length >= searchMinimumLength,
    prefix: contains.slice(1),
    contains,
  };
}

// Only constants of this file and of the domain reach sql.raw. Every score is float8: numeric
// arithmetic would be slower and come back as strings.
const num = (value: number) => sql.raw(`${value}::float8`);

// What the query puts into a statement, as placeholders: a statement is built once for each shape of
// search and each search only fills its values in (queryValuesOf), which spares Drizzle assembling
// and rendering a statement of some 10,000 characters per keystroke (docs/decisions/058). The text
// is also the same for every query of one shape, so PostgreSQL parses it once per connection
// (docs/decisions/054). Which branches a statement takes may depend on the query only through
// searchShapeOf.
const placeholder = (name: keyof QueryValues) => sql.placeholder(name);
export const queryValue = {
  // The query trimmed and lower-cased; ILIKE patterns for it inside a text, at its start, and at
  // the start of any field of a kept entry's document.
  lower: placeholder('lower'),
  contains: placeholder('contains'),
  prefix: placeholder('prefix'),
  fieldPrefix: placeholder('fieldPrefix'),
  // The query's length, the word similarity floor for that length, and the band that leaves for
  // fuzzy scores (1 - floor), as float8.
  length: sql`${placeholder('length')}::float8`,
  floor: sql`${placeholder('floor')}::float8`,
  fuzzyGap: sql`${placeholder('fuzzyGap')}::float8`,
  patterns: sql`${placeholder('patterns')}::text[]`,
};
export type QueryValues = {
  lower: string;
  contains: string;
  prefix: string;
  fieldPrefix: string;
  length: number;
  floor: number;
  fuzzyGap: number;
  // The fuzzy prefilter's patterns (fuzzyPrefilterPatterns), where the shape has one.
  patterns: string[] | null;
};

// A field starts a kept entry's document or follows the separator the migration joins fields with.
const fieldSeparator = String.fromCharCode(31);

export function queryValuesOf(term: SearchTerm): QueryValues {
  const floor = searchWordSimilarityFloorFor(term.lower.length);
  return {
    lower: term.lower,
    contains: term.contains,
    prefix: term.prefix,
    fieldPrefix: `%${fieldSeparator}${term.prefix}`,
    length: term.lower.length,
    floor,
    fuzzyGap: 1 - floor,
    patterns: fuzzyPrefilterPatterns(term),
  };
}

// Everything about the query that changes a statement's text: whether it is long enough for
// contains, which fields it may match fuzzily, and whether the fuzzy prefilter applies.
export function searchShapeOf(term: SearchTerm): string {
  const fuzzy = searchFields.map((field) => (fuzzyApplies(field, term.lower.length) ? 1 : 0)).join('');
  return `${term.contained ? 'contained' : 'prefix'} fuzzy:${fuzzy} prefilter:${fuzzyPrefilterPatterns(term) !== null}`;
}

// A field's weight: a constant, or an expression (the weight of the row's field, see rankedRowsSql).
type Weight = SearchField | SQL;
const exponent = (weight: Weight, fuzzy: boolean) =>
  typeof weight === 'string' ? num(searchWeightOf(weight, fuzzy)) : weight;
const weighted = (score: SQL, weight: Weight, fuzzy = false) =>
  sql`power(greatest(${score}, ${num(searchExactFloor)}), ${exponent(weight, fuzzy)})`;

// Exact, prefix and contains bands, already weighted; null when none applies. `position` is where
// the query starts in the lower-cased field (strpos, 0 when absent) and `length` the field's length:
// one lower() and strpos per field is several times cheaper than three ILIKE tests. The share of the
// field the query leaves uncovered orders matches within a band.
export function plainScoreSql(position: SQL, length: SQL, term: SearchTerm, field: Weight): SQL {
  const uncovered = sql`(1 - ${queryValue.length} / ${length})`;
  const contains = searchScoreBands.contains - searchScoreBands.prefix;
  return sql`case
    when ${position} = 1 and ${length} = ${queryValue.length} then ${weighted(num(searchScoreBands.exact), field)}
    when ${position} = 1 then ${weighted(sql`${num(searchScoreBands.prefix)} * ${uncovered}`, field)}
    ${
      term.contained
        ? sql`when ${position} > 1 then ${weighted(sql`${num(searchScoreBands.prefix)} + ${num(contains)} * ${uncovered}`, field)}`
        : sql``
    }
  end`;
}

// The fuzzy band from a word similarity (pg_trgm's word_similarity of the query and the field),
// weighted; null below the threshold. `similarity` should be a column: the call is dear (a few
// microseconds), so it is made once per field and row, and only where it could beat the plain bands.
export function fuzzyScoreSql(similarity: SQL, field: Weight): SQL {
  const band = searchThreshold - searchScoreBands.contains;
  return sql`case when ${similarity} >= ${queryValue.floor} then ${weighted(
    sql`${num(searchScoreBands.contains)} + ${num(band)} * (1 - ${similarity}) / ${queryValue.fuzzyGap}`,
    field,
    true,
  )} end`;
}

// The best fuzzy score a field could reach, weighted: a fuzzy match cannot beat a plain match at or below it.
const bestFuzzy = (field: SearchField) => searchScoreBands.contains ** searchWeightOf(field, true);

// The query as the right operand of pg_trgm's `%>` (field %> query: the word similarity of the query
// to the field is at least pg_trgm.word_similarity_threshold). Two reasons for the form:
// - `%>` is how the trigram index states the operator; written so, PostgreSQL sees the recheck of a
//   bitmap scan covers the condition and evaluates word_similarity once per row, not twice;
// - in a one-row subquery the planner sees a value it cannot look into and takes a default
//   estimate, instead of running word_similarity over hundreds of sampled values of the column for
//   each clause (which made planning a search dearer than running it). The index still serves it;
//   ILIKE keeps its literal pattern, whose estimate the plan needs.
export function similarTo(): SQL {
  return sql`(select ${queryValue.lower}::text)`;
}

// Whether a candidate row matches a field: contains, and fuzzy where it applies (both served by the
// trigram indexes); a prefix under three characters.
export function matchesSql(column: SQL, term: SearchTerm, fields: readonly SearchField[]): SQL {
  if (!term.contained) return sql`${column} ilike ${queryValue.prefix}`;
  if (!fields.some((field) => fuzzyApplies(field, term.lower.length)))
    return sql`${column} ilike ${queryValue.contains}`;
  return sql`(${column} ilike ${queryValue.contains} or ${column} %> ${similarTo()})`;
}

// pg_trgm's trigrams of a text: each word (letters and digits) lower-cased, padded with two spaces
// in front and one behind, cut into runs of three. Those with a space are a word's edges.
export function trigramsOf(text: string): { edges: Set<string>; inner: Set<string> } {
  const edges = new Set<string>();
  const inner = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i += 1) {
      const trigram = padded.slice(i, i + 3);
      (trigram.includes(' ') ? edges : inner).add(trigram);
    }
  }
  return { edges, inner };
}

// A cheap test every fuzzy match passes, for tables searched without a trigram index: a word
// similarity at the floor needs at least that share of the query's trigrams in the text. When more
// are needed than the query has edge trigrams, one of its inner trigrams (three letters in a row)
// must be in the text, which ILIKE checks far faster than word_similarity. Null when short queries
// could match on edges alone.
export function fuzzyPrefilterPatterns(term: SearchTerm): string[] | null {
  const { edges, inner } = trigramsOf(term.lower);
  const floor = searchWordSimilarityFloorFor(term.lower.length);
  const needed = Math.ceil(floor * (edges.size + inner.size) - 1e-9);
  if (needed <= edges.size || inner.size === 0) return null;
  return [...inner].map((trigram) => containsPattern(trigram));
}

export type RankedSource = {
  // Expressions over the FROM clause's aliases.
  kind: SQL;
  id: SQL;
  label: SQL;
  fields: readonly { field: SearchField; value: SQL }[];
  from: SQL;
  where: SQL;
  // Kinds to keep (when one source yields several kinds): a text[] value.
  kinds?: SQL;
};

// One source's matching rows as (kind, id, label, field, score), score being the best weighted field
// (bestFieldMatch; the first field wins a tie). Rows whose candidate predicate held but whose fields
// all miss the threshold drop out.
export function rankedSql(source: RankedSource, term: SearchTerm): SQL {
  return rankedRowsSql(
    {
      ...source,
      values: source.fields.map((f) => f.value),
      lowered: false,
      layouts: [{ source: null, fields: source.fields.map((f) => f.field) }],
    },
    term,
  );
}

// Rows of several record sets read in one scan (the kept search entries, docs/decisions/046): each
// row's `discriminator` names its set, whose layout says which field each value column holds.
export type RankedLayout = { source: string | null; fields: readonly SearchField[] };
export type RankedRows = Omit<RankedSource, 'fields'> & {
  // The value columns, in layout order; `lowered` when they are kept lower-cased already.
  values: readonly SQL[];
  lowered: boolean;
  layouts: readonly RankedLayout[];
  // Present with more than one layout: the expression whose value is a layout's `source`.
  discriminator?: SQL;
  // Carried out with each row (the kept entries' source, which knows how to describe the row).
  carry?: SQL;
};

// What the rule needs to know of column i's field, as SQL over a level's alias: its weight, its
// weight when fuzzy and the best score a fuzzy match on it could reach (null where fuzzy matching
// does not apply, which makes both the similarity and the fuzzy score null), and its name. With
// one layout these are constants. With several, they are tables indexed by the row's layout (`d`,
// the layout's offset), passed once as arrays: one expression per column instead of a case per
// layout, which kept the plan small (planning it cost more than running a short search).
type ColumnRule = {
  weight: (level: string, i: number) => SQL;
  fuzzyWeight: (level: string, i: number) => SQL;
  bestFuzzy: (level: string, i: number) => SQL;
  name: (level: string, i: number) => SQL;
  // The tables, selected once at the first level and carried (by reference) through the others.
  tables: SQL | null;
  carried: string;
};

function columnRule(layouts: readonly RankedLayout[], width: number, term: SearchTerm): ColumnRule {
  const fuzzy = (field: SearchField) => fuzzyApplies(field, term.lower.length);
  if (layouts.length === 1) {
    const fields = layouts[0]!.fields;
    return {
      weight: (_, i) => num(searchWeightOf(fields[i]!, false)),
      fuzzyWeight: (_, i) =>
        fuzzy(fields[i]!) ? num(searchWeightOf(fields[i]!, true)) : sql.raw('null::float8'),
      bestFuzzy: (_, i) => (fuzzy(fields[i]!) ? num(bestFuzzy(fields[i]!)) : sql.raw('null::float8')),
      name: (_, i) => sql.raw(`'${fields[i]!}'`),
      tables: null,
      carried: '',
    };
  }
  const table = <T>(of: (field: SearchField) => T | null) =>
    layouts.flatMap((layout) =>
      Array.from({ length: width }, (_, i) => (layout.fields[i] ? of(layout.fields[i]!) : null)),
    );
  // Constants of the domain only: weights and field names.
  const array = (values: (number | string | null)[], type: string) =>
    `array[${values.map((v) => (v === null ? 'null' : typeof v === 'number' ? String(v) : `'${v}'`)).join(', ')}]::${type}[]`;
  const at = (column: string) => (level: string, i: number) =>
    sql.raw(`${level}.${column}[${level}.d + ${i + 1}]`);
  return {
    weight: at('rw'),
    fuzzyWeight: at('rf'),
    bestFuzzy: at('rb'),
    name: at('rn'),
    tables: sql.raw(
      [
        `${array(
          table((f) => searchWeightOf(f, false)),
          'float8',
        )} as rw`,
        `${array(
          table((f) => (fuzzy(f) ? searchWeightOf(f, true) : null)),
          'float8',
        )} as rf`,
        `${array(
          table((f) => (fuzzy(f) ? bestFuzzy(f) : null)),
          'float8',
        )} as rb`,
        `${array(
          table((f) => f),
          'text',
        )} as rn`,
      ].join(', '),
    ),
    carried: ', rw, rf, rb, rn',
  };
}

// Four levels: where the query is in each field (x), plain scores (p), word similarities (s),
// weighted scores (y). `offset 0` keeps each level a level of its own; otherwise the planner would
// inline an expression into every place that reads it and compute it again.
export function rankedRowsSql(rows: RankedRows, term: SearchTerm): SQL {
  const { values, layouts } = rows;
  const raw = (text: string) => sql.raw(text);
  const columns = values.map((_, i) => i);
  const rule = columnRule(layouts, values.length, term);
  const fuzzyIn = (i: number) =>
    layouts.some((l) => l.fields[i] !== undefined && fuzzyApplies(l.fields[i]!, term.lower.length));
  const carried = (level: string) =>
    raw(
      `${level}.kind, ${level}.id, ${level}.label${rows.carry ? `, ${level}.carry` : ''}, ${level}.d${rule.carried.replaceAll(', ', `, ${level}.`)}`,
    );
  // The row's layout as the offset of its fields in the rule's tables.
  const layoutOffset =
    layouts.length === 1
      ? sql`0`
      : sql`case ${rows.discriminator} ${sql.join(
          layouts.map((layout, l) => sql`when ${layout.source} then ${raw(String(l * values.length))}`),
          sql` `,
        )} end`;
  // Level x: where the query starts in each field, its length, and the values fuzzy matching reads.
  const located = columns.map((i) => {
    const value = values[i]!;
    const lower = rows.lowered ? value : sql`lower(${value})`;
    return sql`strpos(${lower}, ${queryValue.lower}) as ${raw(`o${i}`)}, length(${value}) as ${raw(`n${i}`)}${
      fuzzyIn(i) ? sql`, ${value} as ${raw(`v${i}`)}` : sql``
    }`;
  });
  // Level p: plain scores.
  const plain = columns.map(
    (i) =>
      sql`${plainScoreSql(raw(`x.o${i}`), raw(`x.n${i}`), term, rule.weight('x', i))} as ${raw(`p${i}`)}`,
  );
  const carriedValues = columns.flatMap((i) => (fuzzyIn(i) ? [sql`, ${raw(`x.v${i}`)}`] : []));
  const plainBest = raw(`least(${columns.map((i) => `p.p${i}`).join(', ')})`);
  // Level s: the word similarity of each field where a fuzzy match could still beat the plain ones.
  const scored = columns.map((i) => {
    const p = raw(`p.p${i}`);
    if (!fuzzyIn(i)) return p;
    return sql`${p}, case when ${p} is null and ${rule.bestFuzzy('p', i)} < coalesce(${plainBest}, 2)
      then word_similarity(${queryValue.lower}, ${raw(`p.v${i}`)}) end as ${raw(`s${i}`)}`;
  });
  // Level y: each field's weighted score.
  const weightedScores = columns.map((i) =>
    fuzzyIn(i)
      ? sql`coalesce(${raw(`s.p${i}`)}, ${fuzzyScoreSql(raw(`s.s${i}`), rule.fuzzyWeight('s', i))}) as ${raw(`w${i}`)}`
      : sql`${raw(`s.p${i}`)} as ${raw(`w${i}`)}`,
  );
  const leastOfY = `least(${columns.map((i) => `y.w${i}`).join(', ')})`;
  const fieldOfBest = sql`case ${raw(leastOfY)} ${sql.join(
    columns.map((i) => sql`when ${raw(`y.w${i}`)} then ${rule.name('y', i)}`),
    sql` `,
  )} end`;
  // One array, not a list of values: the text does not change with the number of kinds asked.
  const kindFilter = rows.kinds ? sql`and y.kind = any (${rows.kinds}::text[])` : sql``;
  return sql`select y.kind, y.id, y.label, ${fieldOfBest} as field, ${raw(leastOfY)} as score${
    rows.carry ? raw(', y.carry') : sql``
  }
    from (
      select ${carried('s')}, ${sql.join(weightedScores, sql`, `)}
      from (
        select ${carried('p')}, ${sql.join(scored, sql`, `)}
        from (
          select ${carried('x')}, ${sql.join(plain, sql`, `)}${sql.join(carriedValues, sql``)}
          from (
            select ${rows.kind} as kind, ${rows.id} as id, ${rows.label} as label${
              rows.carry ? sql`, ${rows.carry} as carry` : sql``
            }, ${layoutOffset} as d${rule.tables ? sql`, ${rule.tables}` : sql``}, ${sql.join(located, sql`, `)}
            from ${rows.from}
            where ${rows.where}
            offset 0
          ) x
          offset 0
        ) p
        offset 0
      ) s
      offset 0
    ) y
    where ${raw(leastOfY)} is not null ${kindFilter}`;
}
