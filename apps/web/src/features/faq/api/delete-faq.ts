import { noPayload } from '@lightpath/domain/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reloadFaqList } from './create-faq';

export function deleteFaq(faqid: number) {
  return apiRequest(`faq/${faqid}`, { reply: noPayload, method: 'DELETE' });
}

export function useDeleteFaq() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFaq,
    // Not awaited: the article page leaves at once; the list refreshes behind it. The page drops the
    // article's cached copy once it has left, so nothing refetches a record that is gone.
    onSuccess: () => {
      void reloadFaqList(queryClient);
    },
  });
}
