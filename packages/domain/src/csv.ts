import { z } from 'zod';
import { text } from './api';
import { wallTimeIn } from './time';

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
  const lines = [csvLine(columns.map((c) => c.header))];
  for (const row of rows) lines.push(csvLine(columns.map((c) => c.value(row))));
  return `${lines.join('\r\n')}\r\n`;
}

// The byte order mark a CSV file starts with, so Excel reads it as UTF-8 (names with accents, the ×
// sign) rather than in the machine's code page.
export const csvByteOrderMark = '\uFEFF';

// One CSV line (no line break), for writers that stream rows rather than build the whole file.
export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return cells.map(csvCell).join(',');
}

// A moment in an exported list (unix seconds on the wire): 'YYYY-MM-DD HH:MM' on the reader's wall
// clock, which a spreadsheet reads as a date and time and sorts; the column's header names the zone
// once (csvTimeHeader) rather than every cell.
export function csvDateTime(seconds: number | null | undefined, zone: string): string | null {
  if (seconds === null || seconds === undefined) return null;
  const wall = wallTimeIn(seconds, zone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)}`;
}
export const csvTimeHeader = (label: string, zone: string) => `${label} (${zone})`;

// A yes/no cell, in words a reader filters on.
export const csvYesNo = (value: boolean) => (value ? 'Yes' : 'No');

// Spec 8: what the portal says when a report or export has been made.
export const csvMessages = {
  generated: 'Report Generated',
  exportFailed: 'The export could not be made. Try again.',
} as const;

// POST /api/generatecsv (spec 7.6): the page sends a title and its rows, and gets them back as a CSV
// download named '{title} .csv'. Bounded, so one request cannot hold the server's memory: larger lists
// are exported by their own GET /api/export/{list}, which streams.
export const generateCsvLimits = { rows: 50_000, columns: 100, cellCharacters: 10_000 } as const;
export const generateCsvMessages = {
  titleMissing: 'Give the report a title',
  titleCharacters: 'A title cannot hold / \\ : * ? " < > or |',
  notRows: 'Data must be a list of rows, each a set of named cells',
  cell: 'Each cell must be text, a number, true or false, or empty',
  tooManyRows: `A report holds at most ${generateCsvLimits.rows.toLocaleString('en-AU')} rows; export the list instead`,
  tooManyColumns: `A report holds at most ${generateCsvLimits.columns} columns`,
  cellTooLong: `A cell holds at most ${generateCsvLimits.cellCharacters.toLocaleString('en-AU')} characters`,
} as const;

const csvCellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()], {
  error: generateCsvMessages.cell,
});
const csvRowSchema = z.record(z.string().max(200), csvCellSchema, { error: generateCsvMessages.notRows });

export const generateCsvSchema = z
  .object({
    title: text(100)
      .min(1, generateCsvMessages.titleMissing)
      .refine((title) => !/[/\\:*?"<>|]/.test(title), generateCsvMessages.titleCharacters),
    data: z
      .array(csvRowSchema, { error: generateCsvMessages.notRows })
      .max(generateCsvLimits.rows, generateCsvMessages.tooManyRows),
  })
  .superRefine((input, issues) => {
    const headers = csvHeadersOf(input.data);
    if (headers.length > generateCsvLimits.columns)
      issues.addIssue({ code: 'custom', path: ['data'], message: generateCsvMessages.tooManyColumns });
    for (const [index, row] of input.data.entries()) {
      for (const value of Object.values(row)) {
        if (typeof value === 'string' && value.length > generateCsvLimits.cellCharacters) {
          issues.addIssue({
            code: 'custom',
            path: ['data', index],
            message: generateCsvMessages.cellTooLong,
          });
          return;
        }
      }
    }
  });
export type GenerateCsv = z.infer<typeof generateCsvSchema>;

// The columns of a generated report: every cell name, in the order the rows first use them.
export function csvHeadersOf(rows: readonly Record<string, unknown>[]): string[] {
  const headers = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) headers.add(key);
  return [...headers];
}

// The file a generated report downloads as: the spec's '{title} .csv'.
export const generatedCsvFilename = (title: string) => `${title} .csv`;

export function generatedCsv(input: GenerateCsv): string {
  const headers = csvHeadersOf(input.data);
  const cell = (value: string | number | boolean | null | undefined) =>
    typeof value === 'boolean' ? (value ? 'true' : 'false') : value;
  const lines = [csvLine(headers), ...input.data.map((row) => csvLine(headers.map((h) => cell(row[h]))))];
  return `${csvByteOrderMark}${lines.join('\r\n')}\r\n`;
}
