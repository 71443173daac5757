import { describe, expect, it } from 'vitest';
import { searchPath } from './header-search';

describe('searchPath', () => {
  it('leads to the search-result route with the trimmed text', () => {
    expect(searchPath('  UNG0012004701B ')).toBe('/functions/search-result/UNG0012004701B');
  });

  it('encodes characters that would break the path', () => {
    expect(searchPath('a/b c?')).toBe('/functions/search-result/a%2Fb%20c%3F');
  });

  it('goes nowhere for blank input', () => {
    expect(searchPath('   ')).toBeNull();
  });
});
