import { type SearchKind, searchKindNames } from '@lightpath/domain/search';

// The kinds in the URL (?kinds=site,service), keeping only real ones the caller may search.
export function kindsFromParam(param: string, allowed: readonly SearchKind[]): SearchKind[] {
  return param
    .split(',')
    .map((k) => k.trim())
    .filter((k): k is SearchKind => (searchKindNames as readonly string[]).includes(k))
    .filter((k) => allowed.includes(k));
}
