import { loaFilename } from '@lightpath/domain/loa';
import { apiDownload } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download-blob';

// GET crossconnect/{id}/loa: the letter needs the session header, so it is fetched and then handed to
// the browser as a download rather than opened as a plain link.
export async function downloadLoa(crossConnect: { crossconnectid: number }) {
  const blob = await apiDownload(`crossconnect/${crossConnect.crossconnectid}/loa`);
  downloadBlob(loaFilename(crossConnect), blob);
}
