import type { ContactUpdate } from '@lightpath/domain/contacts';
import { contactSchema } from '@lightpath/domain/contacts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateContactViews } from './create-contact';

export function updateContact(contactid: number, input: ContactUpdate) {
  return apiRequest(`contact/${contactid}`, { reply: contactSchema, method: 'PUT', body: input });
}

export function useUpdateContact(contactid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContactUpdate) => updateContact(contactid, input),
    onSuccess: (contact) => {
      queryClient.setQueryData(['contacts', 'detail', contactid], contact);
      return invalidateContactViews(queryClient);
    },
  });
}
