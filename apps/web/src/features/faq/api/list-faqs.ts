import { listPage } from '@lightpath/domain/api';
import { faqArticleSchema } from '@lightpath/domain/faq';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ListFaqsParams = { limit: number; offset: number; q?: string; tag?: string; sort?: string };

export function listFaqs(params: ListFaqsParams, signal?: AbortSignal) {
  return apiRequest('faqs', { reply: listPage(faqArticleSchema), query: params, signal });
}

export function listFaqsQuery(params: ListFaqsParams) {
  return queryOptions({
    queryKey: ['faq', 'list', params],
    queryFn: ({ signal }) => listFaqs(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useFaqs(params: ListFaqsParams, enabled = true) {
  return useQuery({ ...listFaqsQuery(params), enabled });
}

// Every tag in use with its count of articles, for the filter chips and the editor's suggestions.
// The knowledge base is a few dozen articles, so one page of the API's maximum holds it all.
export function faqTagsQuery() {
  return queryOptions({
    queryKey: ['faq', 'list', 'tags'],
    queryFn: async ({ signal }) => {
      const page = await listFaqs({ limit: 1000, offset: 0 }, signal);
      const counts = new Map<string, number>();
      for (const article of page.results)
        for (const tag of article.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
      return [...counts.entries()]
        .map(([tag, count]) => ({ tag, count }))
        .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
    },
    staleTime: 60_000,
  });
}

export function useFaqTags(enabled = true) {
  return useQuery({ ...faqTagsQuery(), enabled });
}
