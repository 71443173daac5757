import { scopeOf } from '@lightpath/domain/actor';
import {
  type SearchQuery,
  type SearchResult,
  searchableKinds,
  searchableSources,
  searchKindNames,
} from '@lightpath/domain/search';
import type { ServiceContext } from '../../platform/service-context';
import { searchRecords } from './repository';

// The header search and the search results page. Kinds the caller may not view are dropped quietly
// (the header asks for every kind); every record set is scoped to the caller in SQL.
export async function searchFor(
  ctx: ServiceContext,
  query: SearchQuery,
  circuitProviders: readonly { id: number; name: string }[],
  timeZone: string,
) {
  const { actor } = ctx.caller;
  const allowed = new Set(searchableKinds(actor));
  const kinds = (query.kinds?.length ? query.kinds : searchKindNames).filter((kind) => allowed.has(kind));
  const page: { count: number; results: SearchResult[] } =
    kinds.length === 0
      ? { count: 0, results: [] }
      : await searchRecords(ctx.transaction, scopeOf(actor), {
          circuitProviders,
          q: query.q,
          kinds,
          sources: new Set(searchableSources(actor)),
          limit: query.limit,
          offset: query.offset,
          timeZone,
        });
  return { ...page, limit: query.limit, offset: query.offset };
}
