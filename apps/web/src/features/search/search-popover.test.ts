import type { SearchResult } from '@lightpath/domain/search';
import { searchPrompt } from '@lightpath/domain/search';
import { describe, expect, it } from 'vitest';
import { kindsFromParam } from './search-params';
import { moreResultsLabel, popoverOptions, popoverView } from './search-popover';

function result(kind: SearchResult['kind'], id: string, label = id): SearchResult {
  return { kind, id, label, detail: `${kind} detail`, field: 'sitename', score: 0.1 };
}

describe('popoverView', () => {
  it('prompts under two characters, counting trimmed text', () => {
    expect(popoverView('')).toEqual({ state: 'prompt', message: searchPrompt });
    expect(popoverView(' u ')).toEqual({ state: 'prompt', message: 'Enter a search term' });
    expect(popoverView(' un ')).toEqual({ state: 'ready', term: 'un' });
  });
});

describe('moreResultsLabel', () => {
  it('counts what the four shown leave out', () => {
    expect(moreResultsLabel(4)).toBeNull();
    expect(moreResultsLabel(5)).toBe('1+ more results');
    expect(moreResultsLabel(42)).toBe('38+ more results');
  });
});

describe('popoverOptions', () => {
  const results = [
    result('site', '12', 'S0012 Northgate Library'),
    result('service', 'UNG0012004701B'),
    result('vpls', '40'),
    result('contact', '3'),
    result('user', '99'),
  ];

  it('lists at most four results with their routes, then more results and Advanced Search', () => {
    const options = popoverOptions('north gate', { count: 9, results });
    expect(options.map((o) => o.value)).toEqual([
      'result:0',
      'result:1',
      'result:2',
      'result:3',
      'more',
      'advanced',
    ]);
    expect(options.slice(0, 4).map((o) => o.to)).toEqual([
      '/site/12',
      '/service/UNG0012004701B',
      '/vpls/40',
      '/contact/3',
    ]);
    expect(options[0]).toMatchObject({
      kind: 'site',
      label: 'S0012 Northgate Library',
      detail: 'site detail',
    });
    expect(options[4]).toMatchObject({
      label: '5+ more results',
      to: '/functions/search-result/north%20gate',
    });
    expect(options[5]).toMatchObject({
      label: 'Advanced Search',
      to: '/functions/search-result/north%20gate',
    });
  });

  it('leaves out the more-results link when everything is shown', () => {
    const options = popoverOptions('ung', { count: 2, results: results.slice(0, 2) });
    expect(options.map((o) => o.value)).toEqual(['result:0', 'result:1', 'advanced']);
  });

  it('still offers Advanced Search when nothing matches', () => {
    expect(popoverOptions('zz', { count: 0, results: [] }).map((o) => o.value)).toEqual(['advanced']);
  });
});

describe('kindsFromParam', () => {
  it('keeps known kinds the caller may search, in order', () => {
    expect(kindsFromParam('site, service,bogus,user', ['site', 'service'])).toEqual(['site', 'service']);
    expect(kindsFromParam('', ['site'])).toEqual([]);
  });
});
