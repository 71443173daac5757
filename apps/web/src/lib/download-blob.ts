// Hands bytes made or fetched by the page (a list's CSV export, a job's output, a tool's file) to the
// browser as a file download: those requests carry the session header, so a plain link cannot.
export function downloadBlob(filename: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
