import type { ContactCreate } from '@lightpath/domain/contacts';
import { contactSchema } from '@lightpath/domain/contacts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithMessage } from '../../../lib/api-client';

// The reply's message ('Contact created!') is the success toast, so it is kept alongside the contact.
export async function createContact(input: ContactCreate) {
  const reply = await apiRequestWithMessage('contact', { reply: contactSchema, method: 'POST', body: input });
  return { contact: reply.payload, message: reply.message };
}

// Contact lists and pickers (the site page's 'Assign contact' too) live under ['contacts']; spec 4
// reloads the items needing attention after contact changes.
export function invalidateContactViews(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['contacts'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard', 'attention'] }),
    // The site pages show each contact's name, email and phones.
    queryClient.invalidateQueries({ queryKey: ['sites', 'contacts'] }),
  ]);
}

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    onSuccess: () => invalidateContactViews(queryClient),
  });
}
