import { apiDownload } from '../../../lib/api-client';

// Saves a ticket's attachment under its own name. The API wants the session's token, which a plain
// link cannot send, so the file is fetched and handed to the browser as a download.
export async function downloadAttachment(ticketid: number, attachmentid: number, filename: string) {
  const blob = await apiDownload(`ticket/${ticketid}/attachment/${attachmentid}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
