// Header search (spec 2.5 and 9). The server ranks; these constants and routes are shared with the web.

import { z } from 'zod';
import type { Actor } from './actor';
import { listQuerySchema, text } from './api';
import { can, type Permission } from './permissions';

export const searchPopoverResults = 4;
export const searchPromptLength = 2;
export const searchMinimumLength = 3;
export const searchThreshold = 0.4;
export const searchPrompt = 'Enter a search term';

export const searchKinds = {
  service: 'Service',
  circuit: 'External circuit',
  site: 'Site',
  vpls: 'VPLS',
  internet: 'Internet',
  l3vpn: 'L3VPN',
  interconnect: 'Interconnect',
  user: 'User',
  contact: 'Contact',
  event: 'Event',
  equipment: 'Equipment',
  thirdparty: 'Third-party service',
} as const;
export type SearchKind = keyof typeof searchKinds;
export const searchKindNames = Object.keys(searchKinds) as SearchKind[];

// Field weights: the site number outranks everything, as spec 2.5 says; identifiers outrank names.
export const searchWeights = {
  sitenumber: 2.5,
  serviceid: 2,
  circuitid: 2,
  equipmentname: 2,
  headendid: 1.5,
  redundantheadendid: 1.5,
  tailendid: 1.5,
  ipaddress: 1.5,
  email: 1.5,
  sitename: 1.2,
  contactname: 1.2,
  // A user's first name and surname together, so that 'Alex Morgan' finds Alex Morgan.
  fullname: 1.2,
  firstname: 1,
  surname: 1,
  title: 1,
  description: 1,
  vplsname: 1,
} as const;
export type SearchField = keyof typeof searchWeights;
export const searchFields = Object.keys(searchWeights) as SearchField[];

// Longest search text accepted; anything longer is a 400 rather than a slow query.
export const searchMaximumLength = 100;

export const searchMessages = {
  unknownKind: (kind: string) => `Unknown search kind: ${kind}`,
} as const;

// Each result kind comes from one or two record sets; each set needs its own view permission on top
// of portal.use. A kind the caller may not view is left out quietly: the header asks for every kind.
export const searchSourcePermissions = {
  sites: 'sites.view',
  services: 'services.view',
  circuits: 'services.view',
  users: 'users.view',
  contacts: 'contacts.view',
  events: 'events.view',
  equipment: 'equipment.view',
} as const satisfies Record<string, Permission>;
export type SearchSource = keyof typeof searchSourcePermissions;

// Internet results are both the internet sites (type 3) and the internet services (letter H).
export const searchKindSources: Record<SearchKind, readonly SearchSource[]> = {
  service: ['services'],
  circuit: ['circuits'],
  site: ['sites'],
  vpls: ['sites'],
  internet: ['sites', 'services'],
  l3vpn: ['sites'],
  interconnect: ['sites'],
  user: ['users'],
  contact: ['contacts'],
  event: ['events'],
  equipment: ['equipment'],
  thirdparty: ['services'],
};

export function searchableSources(actor: Pick<Actor, 'type' | 'companyAdmin' | 'chameleon'>): SearchSource[] {
  return (Object.keys(searchSourcePermissions) as SearchSource[]).filter((source) =>
    can(actor, searchSourcePermissions[source]),
  );
}

export function searchableKinds(actor: Pick<Actor, 'type' | 'companyAdmin' | 'chameleon'>): SearchKind[] {
  const sources = new Set(searchableSources(actor));
  return searchKindNames.filter((kind) => searchKindSources[kind].some((source) => sources.has(source)));
}

const kindsInput = z
  .preprocess(
    (value) => (Array.isArray(value) ? value.join(',') : value),
    z.string().max(400, 'Too many search kinds'),
  )
  .transform((value, context) => {
    const kinds = value
      .split(',')
      .map((kind) => kind.trim())
      .filter(Boolean);
    for (const kind of kinds) {
      if (!(searchKindNames as readonly string[]).includes(kind)) {
        context.addIssue({ code: 'custom', message: searchMessages.unknownKind(kind) });
        return z.NEVER;
      }
    }
    return [...new Set(kinds)] as SearchKind[];
  });

// GET /api/search. Under two characters the header prompts instead of searching, so the API refuses
// with the same words; two characters search by exact and prefix match only (see fieldMatchScore).
export const searchQuerySchema = z.object({
  q: z.preprocess(
    (value) => value ?? '',
    text(searchMaximumLength).refine((value) => value.length >= searchPromptLength, searchPrompt),
  ),
  kinds: kindsInput.optional(),
  limit: listQuerySchema.shape.limit,
  offset: listQuerySchema.shape.offset,
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

// Scores follow Fuse.js: 0 is a perfect match and 1 no match; a field matches when its score is at
// most searchThreshold. Exact matches beat prefixes, prefixes beat matches inside the text, and those
// beat fuzzy (typo-tolerant) matches; within a band a match covering more of the field ranks higher.
export const searchScoreBands = { exact: 0, prefix: 0.1, contains: 0.2 } as const;

// Fuzzy matching reads pg_trgm's word similarity: the share of the query's trigrams found in the
// best-matching run of words of the field (0 to 1). The threshold of 0.4 means at least 60% of them
// for a long query. One typo costs a short word far more than that: a letter changed inside a word
// of n letters leaves (n - 2) of (n + 4) trigrams shared ('Nortgate' against 'Northgate' is 0.58),
// so the floor comes down to what one typo leaves, but never below 0.45, where unrelated words
// sharing a syllable would start to match (decision 020).
export const searchWordSimilarityFloor = 1 - searchThreshold;
export const searchWordSimilarityLowest = 0.45;

export function searchWordSimilarityFloorFor(queryLength: number): number {
  const oneTypo = (queryLength - 2) / (queryLength + 4);
  return Math.min(searchWordSimilarityFloor, Math.max(searchWordSimilarityLowest, oneTypo));
}

// Identifiers are codes and addresses, not words: most of their trigrams are shared ('S00' is in
// every site number, the domain in every e-mail address of a customer), so fuzzy matching a short
// query against them would match nearly every record. They match exactly, by prefix or by
// containment, and fuzzily only from this many characters, where one typo still leaves most of the
// query's trigrams intact.
export const searchIdentifierFields = [
  'sitenumber',
  'serviceid',
  'equipmentname',
  'ipaddress',
  'circuitid',
  'headendid',
  'redundantheadendid',
  'tailendid',
  'email',
] as const satisfies readonly SearchField[];
export const searchIdentifierFuzzyLength = 8;

export function fuzzyApplies(field: SearchField, queryLength: number): boolean {
  if (queryLength < searchMinimumLength) return false;
  const identifier = (searchIdentifierFields as readonly SearchField[]).includes(field);
  return !identifier || queryLength >= searchIdentifierFuzzyLength;
}

export function fieldMatchScore(
  field: SearchField,
  query: string,
  value: string | null | undefined,
  wordSimilarity: number,
): number | null {
  if (value === null || value === undefined || value === '') return null;
  const q = query.trim().toLowerCase();
  const v = value.toLowerCase();
  if (q === '') return null;
  if (v === q) return searchScoreBands.exact;
  const uncovered = 1 - q.length / v.length;
  if (v.startsWith(q)) return searchScoreBands.prefix * uncovered;
  // Two characters are too few for anything but a prefix (spec 9: fuzzy from three).
  if (q.length < searchMinimumLength) return null;
  const contains = searchScoreBands.contains - searchScoreBands.prefix;
  if (v.includes(q)) return searchScoreBands.prefix + contains * uncovered;
  const floor = searchWordSimilarityFloorFor(q.length);
  if (!fuzzyApplies(field, q.length) || wordSimilarity < floor) return null;
  const fuzzy = searchThreshold - searchScoreBands.contains;
  return searchScoreBands.contains + (fuzzy * (1 - wordSimilarity)) / (1 - floor);
}

// Like Fuse.js, a field's weight is an exponent: scores are below 1, so a heavier field pulls its
// matches further towards 0. An exact match counts as a tiny score rather than 0 so that the weight
// still orders exact matches (an exact site number before an exact name).
export const searchExactFloor = 1e-6;

// An identifier's weight rewards typing the code; a fuzzy match on one is a word that happens to
// look like part of a code ('Eastbrok' and every address @eastbrook.example), so it weighs like a
// plain field and the names the person was typing come first.
export function searchWeightOf(field: SearchField, fuzzy: boolean): number {
  return fuzzy && (searchIdentifierFields as readonly SearchField[]).includes(field)
    ? 1
    : searchWeights[field];
}

export function weightedScore(score: number, field: SearchField): number {
  return Math.max(score, searchExactFloor) ** searchWeightOf(field, score >= searchScoreBands.contains);
}

export type SearchFieldValue = {
  field: SearchField;
  value: string | null | undefined;
  wordSimilarity: number;
};

// A record's score is its best weighted field; null when no field reaches the threshold.
export function bestFieldMatch(
  query: string,
  fields: readonly SearchFieldValue[],
): { field: SearchField; score: number } | null {
  let best: { field: SearchField; score: number } | null = null;
  for (const { field, value, wordSimilarity } of fields) {
    const raw = fieldMatchScore(field, query, value, wordSimilarity);
    if (raw === null) continue;
    const score = weightedScore(raw, field);
    if (!best || score < best.score) best = { field, score };
  }
  return best;
}

export type SearchResult = z.output<typeof searchResultSchema>;

// Where each kind's result leads (spec 2.2). Sites of logical types open their network's page.
export function searchResultRoute(result: Pick<SearchResult, 'kind' | 'id'>): string {
  switch (result.kind) {
    case 'internet':
      // Internet sites carry their numeric site id; internet services a service id, which always
      // ends in a letter.
      return /^\d+$/.test(result.id) ? `/site/${result.id}` : `/service/${encodeURIComponent(result.id)}`;
    case 'service':
    case 'thirdparty':
    case 'circuit':
      return `/service/${encodeURIComponent(result.id)}`;
    case 'site':
    case 'interconnect':
      return `/site/${result.id}`;
    case 'vpls':
      return `/vpls/${result.id}`;
    case 'l3vpn':
      return `/l3vpn/${result.id}`;
    case 'user':
      return `/user/${result.id}`;
    case 'contact':
      return `/contact/${result.id}`;
    case 'event':
      return `/event/${result.id}`;
    case 'equipment':
      return `/equipment/shelf/${result.id}`;
  }
}

export function searchResultsRoute(term: string): string {
  return `/functions/search-result/${encodeURIComponent(term.trim())}`;
}

// The API contract (docs/decisions/023-one-api-contract.md): what the search routes take and answer.
export const searchResultSchema = z.object({
  kind: z.enum(searchKindNames),
  id: z.string(),
  label: z.string(),
  detail: z.string(),
  field: z.enum(searchFields),
  score: z.number(),
});
