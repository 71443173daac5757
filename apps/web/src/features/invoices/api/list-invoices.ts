import { listPage } from '@lightpath/domain/api';
import { type InvoiceStatus, invoiceSchema } from '@lightpath/domain/invoices';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ListInvoicesParams = {
  limit: number;
  offset: number;
  q?: string | undefined;
  customerid?: number | undefined;
  status?: InvoiceStatus | undefined;
  period?: string | undefined;
  sort?: string | undefined;
};

// GET invoices/json. Spec 5: only invoice lists that are arrays are stored; a reply whose results are
// anything else is kept as an empty list (its count with it), never as what it held.
export async function listInvoices(params: ListInvoicesParams, signal?: AbortSignal) {
  const page = await apiRequest('invoices/json', { reply: listPage(invoiceSchema), query: params, signal });
  return Array.isArray(page.results) ? page : { ...page, count: 0, results: [] };
}

export function listInvoicesQuery(params: ListInvoicesParams) {
  return queryOptions({
    queryKey: ['invoices', params],
    queryFn: ({ signal }) => listInvoices(params, signal),
    // Keep the current page on screen while the next one loads, instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useInvoices(params: ListInvoicesParams, enabled = true) {
  return useQuery({ ...listInvoicesQuery(params), enabled });
}
