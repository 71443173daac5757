// CSV export of a list (RFC 4180): the user downloads what the list shows, with its filters, as a
// file a spreadsheet opens. Shared by every list page.

export { type CsvColumn, csvCell, toCsv } from '@lightpath/domain/csv';

// Every page of a list, a thousand rows (the API's largest page) at a time.
export async function allPages<Row>(
  fetchPage: (page: { limit: number; offset: number }) => Promise<{ count: number; results: Row[] }>,
): Promise<Row[]> {
  const limit = 1000;
  const rows: Row[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = await fetchPage({ limit, offset });
    rows.push(...page.results);
    if (page.results.length < limit || rows.length >= page.count) return rows;
  }
}

export function downloadCsv(filename: string, csv: string) {
  // The byte order mark makes Excel read the file as UTF-8 (names with accents, the × sign).
  downloadBlob(filename, new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
}

// Hands bytes made or fetched by the page to the browser as a file download.
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
