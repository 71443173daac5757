import type { FaqUpdate } from '@lightpath/domain/faq';
import { faqArticleSchema } from '@lightpath/domain/faq';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reloadFaqList } from './create-faq';

// Spec 7.8: PUT sends the whole article, its faqid included.
export function updateFaq(input: FaqUpdate) {
  return apiRequest(`faq/${input.faqid}`, { reply: faqArticleSchema, method: 'PUT', body: input });
}

export function useUpdateFaq() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFaq,
    onSuccess: (article) => {
      queryClient.setQueryData(['faq', 'detail', article.faqid], article);
      return reloadFaqList(queryClient);
    },
  });
}
