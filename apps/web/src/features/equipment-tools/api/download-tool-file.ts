import { type ToolDownloadKind, toolDownloadPath, toolDownloads } from '@lightpath/domain/equipment-tools';
import { apiDownload } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download-blob';

// GET tools/generate/{kind}: the file needs the session header, so it is fetched and then handed to
// the browser as a download rather than opened as a plain link.
export async function downloadToolFile(kind: ToolDownloadKind) {
  const blob = await apiDownload(toolDownloadPath(kind));
  downloadBlob(toolDownloads[kind].filename, blob);
}
