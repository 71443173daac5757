import type { FaqCreate } from '@lightpath/domain/faq';
import { faqArticleSchema } from '@lightpath/domain/faq';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function createFaq(input: FaqCreate) {
  return apiRequest('faq', { reply: faqArticleSchema, method: 'POST', body: input });
}

// Spec 7.8: every FAQ write reloads the list (and the tag chips, which come from it).
export function reloadFaqList(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: ['faq', 'list'] });
}

export function useCreateFaq() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFaq,
    onSuccess: (article) => {
      queryClient.setQueryData(['faq', 'detail', article.faqid], article);
      return reloadFaqList(queryClient);
    },
  });
}
