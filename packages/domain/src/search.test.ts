import { describe, expect, it } from 'vitest';
import {
  bestFieldMatch,
  fieldMatchScore,
  fuzzyApplies,
  searchableKinds,
  searchIdentifierFuzzyLength,
  searchPrompt,
  searchQuerySchema,
  searchResultRoute,
  searchThreshold,
  searchWordSimilarityFloor,
  searchWordSimilarityFloorFor,
  weightedScore,
} from './search';

describe('fieldMatchScore', () => {
  // field, query, value, word similarity (pg_trgm's, given) → score or null
  it.each([
    ['sitename', 'Northgate Library', 'northgate library', 0, 0],
    ['sitename', 'north', 'Northgate Library', 0, 0.1 * (1 - 5 / 17)],
    ['sitename', 'library', 'Northgate Library', 0, 0.1 + 0.1 * (1 - 7 / 17)],
    ['sitename', 'northgaet', 'Northgate Library', 0.7, 0.2 + (0.2 * 0.3) / (1 - 7 / 13)],
    ['sitename', 'northgaet', 'Northgate Library', searchWordSimilarityFloorFor(9), searchThreshold],
    ['sitename', 'northgaet', 'Northgate Library', 0.53, null],
    // Issue 12: one letter left out of a short name leaves 0.58 of its trigrams; it is found.
    ['sitename', 'nortgate', 'Northgate Library', 0.5833333, 0.2 + (0.2 * (1 - 0.5833333)) / 0.5],
    ['sitename', 'banana', 'Northgate Library', 0.44, null],
    ['sitename', 'no', 'Northgate Library', 1, 0.1 * (1 - 2 / 17)],
    // Two characters: exact and prefix only, never inside the text or fuzzy.
    ['sitename', 'li', 'Northgate Library', 1, null],
    ['sitename', 'north', null, 1, null],
    ['sitename', 'north', '', 1, null],
  ] as const)('%s: %s in %s (similarity %s) scores %s', (field, query, value, similarity, expected) => {
    const score = fieldMatchScore(field, query, value, similarity);
    if (expected === null) expect(score).toBeNull();
    else expect(score).toBeCloseTo(expected, 10);
  });

  it('keeps every match within the threshold and orders the bands', () => {
    const exact = fieldMatchScore('sitename', 'abc', 'ABC', 0)!;
    const prefix = fieldMatchScore('sitename', 'abc', 'abcd', 0)!;
    const contains = fieldMatchScore('sitename', 'abc', 'xabcd', 0)!;
    const fuzzy = fieldMatchScore('sitename', 'abc', 'xyz', 1)!;
    expect(exact).toBeLessThan(prefix);
    expect(prefix).toBeLessThan(contains);
    expect(contains).toBeLessThanOrEqual(fuzzy);
    expect(fuzzy).toBeLessThanOrEqual(searchThreshold);
  });

  it('matches identifiers fuzzily only from the identifier length on', () => {
    expect(fieldMatchScore('sitenumber', 's0012', 'S0013', 0.67)).toBeNull();
    expect(fieldMatchScore('sitenumber', 'S0012', 'S0012', 0)).toBe(0);
    expect(fieldMatchScore('serviceid', '0012004', 'UNG0012004701B', 0)).not.toBeNull();
    const typo = 'UNG0012004071B';
    expect(typo.length).toBeGreaterThanOrEqual(searchIdentifierFuzzyLength);
    expect(fieldMatchScore('serviceid', typo, 'UNG0012004701B', 0.7)).not.toBeNull();
    expect(fuzzyApplies('title', 3)).toBe(true);
    expect(fuzzyApplies('email', 7)).toBe(false);
    expect(fuzzyApplies('ipaddress', 7)).toBe(false);
    expect(fuzzyApplies('title', 2)).toBe(false);
  });
});

describe('searchWordSimilarityFloorFor', () => {
  it('comes down to what one changed letter leaves, between 0.45 and 0.6', () => {
    expect(searchWordSimilarityFloorFor(8)).toBeCloseTo(6 / 12, 10);
    expect(searchWordSimilarityFloorFor(9)).toBeCloseTo(7 / 13, 10);
    expect(searchWordSimilarityFloorFor(4)).toBe(0.45);
    expect(searchWordSimilarityFloorFor(30)).toBe(searchWordSimilarityFloor);
  });
});

describe('weights', () => {
  // Issue 12: 'Eastbrok' matched every @eastbrook.example address fuzzily, weighted as an e-mail
  // (1.5), ahead of the Eastbrook sites (1.2).
  it('weigh a fuzzy match on an identifier as a plain field', () => {
    const fuzzy = 0.31;
    expect(weightedScore(fuzzy, 'email')).toBeCloseTo(fuzzy, 10);
    expect(weightedScore(fuzzy, 'sitename')).toBeLessThan(weightedScore(fuzzy, 'email'));
    expect(weightedScore(0.15, 'email')).toBeCloseTo(0.15 ** 1.5, 10);
  });

  it('rank a site number above a name for the same match, and exact matches by weight', () => {
    expect(weightedScore(0.1, 'sitenumber')).toBeLessThan(weightedScore(0.1, 'sitename'));
    expect(weightedScore(0, 'sitenumber')).toBeLessThan(weightedScore(0, 'sitename'));
    expect(weightedScore(0.4, 'description')).toBeCloseTo(0.4, 10);
  });

  it('give a record its best weighted field', () => {
    const best = bestFieldMatch('S0012', [
      { field: 'sitename', value: 'S0012 Annex', wordSimilarity: 0 },
      { field: 'sitenumber', value: 'S0012', wordSimilarity: 1 },
    ]);
    expect(best?.field).toBe('sitenumber');
    expect(bestFieldMatch('zzz', [{ field: 'sitename', value: 'Northgate', wordSimilarity: 0 }])).toBeNull();
  });
});

describe('searchQuerySchema', () => {
  it('accepts a term and kinds', () => {
    const parsed = searchQuerySchema.parse({ q: '  S0012 ', kinds: 'site,service,site' });
    expect(parsed).toEqual({ q: 'S0012', kinds: ['site', 'service'], limit: 100, offset: 0 });
    expect(searchQuerySchema.parse({ q: 'ab', kinds: ['user', 'contact'] }).kinds).toEqual([
      'user',
      'contact',
    ]);
  });

  it.each([
    [{}, searchPrompt],
    [{ q: 'a' }, searchPrompt],
    [{ q: '   ' }, searchPrompt],
    [{ q: 'x'.repeat(101) }, 'Must be at most 100 characters'],
    [{ q: 'abc', kinds: 'site,sausage' }, 'Unknown search kind: sausage'],
    [{ q: 'ab\u0000c' }, 'Must not contain line breaks or control characters'],
    [{ q: 'abc', limit: '0' }, undefined],
  ])('refuses %j', (input, message) => {
    const result = searchQuerySchema.safeParse(input);
    expect(result.success).toBe(false);
    if (message) expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('searchableKinds', () => {
  const actor = (type: 1 | 2 | 3 | 4 | 5) => ({ type, companyAdmin: false, chameleon: 0 as const });
  it('follow the view permissions', () => {
    expect(searchableKinds(actor(1))).toContain('user');
    // A technician sees sites (internet sites among them) and nothing about services or people.
    expect(searchableKinds(actor(2))).toEqual([
      'site',
      'vpls',
      'internet',
      'l3vpn',
      'interconnect',
      'equipment',
    ]);
    expect(searchableKinds(actor(3))).not.toContain('user');
    expect(searchableKinds(actor(5))).toEqual(
      expect.arrayContaining(['service', 'user', 'contact', 'event']),
    );
    expect(searchableKinds(actor(5))).not.toContain('equipment');
  });
});

describe('searchResultRoute', () => {
  it('opens internet sites and internet services on their own pages', () => {
    expect(searchResultRoute({ kind: 'internet', id: '42' })).toBe('/site/42');
    expect(searchResultRoute({ kind: 'internet', id: 'UNG0001090001H' })).toBe('/service/UNG0001090001H');
    expect(searchResultRoute({ kind: 'vpls', id: '7' })).toBe('/vpls/7');
  });
});
