import { type Invoice, invoicePdfFilename } from '@lightpath/domain/invoices';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download-blob';

// GET invoices/{uuid}/pdf: the file needs the session header, so it is fetched and handed to the
// browser as a download.
export async function downloadInvoicePdf(invoice: Pick<Invoice, 'uuid' | 'invoiceid'>) {
  downloadBlob(invoicePdfFilename(invoice), await apiDownload(`invoices/${invoice.uuid}/pdf`));
}

export function useDownloadInvoicePdf() {
  return useMutation({ mutationFn: downloadInvoicePdf });
}
