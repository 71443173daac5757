import { listPage } from '@lightpath/domain/api';
import { contactSummarySchema } from '@lightpath/domain/contacts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type AssignableContact = Pick<
  z.output<typeof contactSummarySchema>,
  'contactid' | 'contactname' | 'email' | 'customerid'
>;

// The contacts area (GET /contacts) arrives with issue 5. Until it answers, the site page hides its
// 'Assign contact' control rather than offering a picker with nothing in it, so a refusal or a missing
// route is quiet here: no toast, no retry.
export async function listAssignableContacts(customerid: number, signal?: AbortSignal) {
  const page = await apiRequest('contacts', {
    reply: listPage(contactSummarySchema),
    query: { customerid, limit: 1000, offset: 0 },
    signal,
    quietForbidden: true,
  });
  // Provider staff see every customer's contacts; only the site's own customer's can be assigned.
  return page.results
    .filter((c) => c.customerid === undefined || c.customerid === customerid)
    .sort((a, b) => a.contactname.localeCompare(b.contactname));
}

export function assignableContactsQuery(customerid: number) {
  return queryOptions({
    queryKey: ['contacts', 'assignable', customerid],
    queryFn: ({ signal }) => listAssignableContacts(customerid, signal),
    retry: false,
    staleTime: 60_000,
  });
}

export function useAssignableContacts(customerid: number, enabled = true) {
  return useQuery({ ...assignableContactsQuery(customerid), enabled: enabled && customerid > 0 });
}
