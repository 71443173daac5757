// CSV (RFC 4180) as the portal writes it, in the browser (a list's export) and on the server (a
// shelf's inventory download): one way to make a cell, so both are safe in a spreadsheet.

export type CsvColumn<Row> = { header: string; value: (row: Row) => string | number | null | undefined };

// A cell that starts with =, +, - or @ would run as a formula in a spreadsheet (CSV injection), so
// it is read as text by a leading apostrophe. Quotes, commas and line breaks quote the cell.
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
