import { invoiceSchema } from '@lightpath/domain/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client';

// The form's fields as the API takes them (multipart text), and the PDF.
export type CreateInvoiceInput = { fields: Record<string, string>; file: File };

// POST invoices (the NOC): multipart/form-data, the fields beside the PDF under 'file'.
export function createInvoice({ fields, file }: CreateInvoiceInput) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name);
  return apiUpload('invoices', { form, reply: invoiceSchema });
}

export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['invoices'] }),
  });
}
