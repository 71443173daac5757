import { faqArticleSchema } from '@lightpath/domain/faq';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getFaq(faqid: number, signal?: AbortSignal) {
  return apiRequest(`faq/${faqid}`, { reply: faqArticleSchema, signal });
}

export function faqQuery(faqid: number) {
  return queryOptions({
    queryKey: ['faq', 'detail', faqid],
    queryFn: ({ signal }) => getFaq(faqid, signal),
  });
}

export function useFaq(faqid: number, enabled = true) {
  return useQuery({ ...faqQuery(faqid), enabled: enabled && Number.isInteger(faqid) && faqid > 0 });
}
