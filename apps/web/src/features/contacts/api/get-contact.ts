import { contactSchema } from '@lightpath/domain/contacts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getContact(contactid: number, signal?: AbortSignal) {
  return apiRequest(`contact/${contactid}`, { reply: contactSchema, signal });
}

export function contactQuery(contactid: number) {
  return queryOptions({
    queryKey: ['contacts', 'detail', contactid],
    queryFn: ({ signal }) => getContact(contactid, signal),
  });
}

export function useContact(contactid: number, enabled = true) {
  return useQuery({
    ...contactQuery(contactid),
    enabled: enabled && Number.isInteger(contactid) && contactid > 0,
  });
}
