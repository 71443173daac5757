import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

// The portal's printed documents (Letters of Authorisation, invoices, reports) share one look: A4, the
// provider's name as a letterhead, a title, then the document's own content. pdfkit writes the file
// with its built-in Helvetica, whose WinAnsi encoding covers the accents of the names the portal holds
// (é, ü, ñ); nothing is fetched or embedded from outside.
export type PdfDocument = PDFKit.PDFDocument;

export type PdfHead = {
  provider: string;
  title: string;
  subtitle?: string;
  // Fixed in tests so that the same input gives the same bytes.
  createdAt?: Date;
  // Uncompressed content streams, so a test can read what was drawn.
  uncompressed?: boolean;
  // A wide table (a report's rows) reads on fewer pages across the sheet.
  landscape?: boolean;
};

export const pdfContentType = 'application/pdf';
const margin = 56;
const ink = '#1a1b1e';
const muted = '#495057';
const rule = '#adb5bd';

export function renderPdf(head: PdfHead, draw: (doc: PdfDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: head.landscape ? 'landscape' : 'portrait',
    margin,
    compress: !head.uncompressed,
    info: {
      Title: head.title,
      Author: head.provider,
      Creator: 'Lightpath',
      CreationDate: head.createdAt ?? new Date(),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc
    .fillColor(muted)
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(head.provider.toUpperCase(), { characterSpacing: 1 });
  doc.moveDown(1.5);
  doc.fillColor(ink).font('Helvetica-Bold').fontSize(20).text(head.title);
  if (head.subtitle) doc.fillColor(muted).font('Helvetica').fontSize(11).text(head.subtitle);
  horizontalRule(doc);
  doc.fillColor(ink).font('Helvetica').fontSize(11);
  draw(doc);
  doc.end();
  return done;
}

export function horizontalRule(doc: PdfDocument) {
  doc.moveDown(0.6);
  const y = doc.y;
  doc
    .moveTo(margin, y)
    .lineTo(doc.page.width - margin, y)
    .lineWidth(0.5)
    .strokeColor(rule)
    .stroke();
  doc.moveDown(0.8);
}

export function sectionHeading(doc: PdfDocument, text: string) {
  doc.moveDown(0.6).fillColor(ink).font('Helvetica-Bold').fontSize(13).text(text).moveDown(0.3);
  doc.font('Helvetica').fontSize(11);
}

// Label and value pairs, the labels in a narrow muted column: the fields of a letter or an invoice.
export function fieldList(doc: PdfDocument, fields: readonly (readonly [label: string, value: string])[]) {
  const labelWidth = 150;
  const valueWidth = doc.page.width - 2 * margin - labelWidth;
  for (const [label, value] of fields) {
    const y = doc.y;
    doc
      .fillColor(muted)
      .font('Helvetica')
      .fontSize(10)
      .text(label, margin, y, { width: labelWidth - 8 });
    const labelBottom = doc.y;
    doc
      .fillColor(ink)
      .font('Helvetica')
      .fontSize(11)
      .text(value || '—', margin + labelWidth, y, { width: valueWidth });
    doc.x = margin;
    doc.y = Math.max(labelBottom, doc.y) + 4;
  }
}

export type PdfTableColumn<Row> = {
  header: string;
  width: number;
  align?: 'left' | 'right';
  value: (row: Row) => string;
};

// A plain table: a bold header row, then the rows, starting a new page (with the header again) when
// one would run past the bottom margin. Widths are fractions of the text width. A long listing (a
// report's rows) takes a smaller size to fit more rows on a page.
export function table<Row>(
  doc: PdfDocument,
  columns: readonly PdfTableColumn<Row>[],
  rows: readonly Row[],
  options: { fontSize?: number } = {},
) {
  const fontSize = options.fontSize ?? 9.5;
  const textWidth = doc.page.width - 2 * margin;
  const widths = columns.map((c) => c.width * textWidth);
  const drawRow = (cells: readonly string[], bold: boolean) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(fontSize)
      .fillColor(ink);
    const padding = Math.round(fontSize * 0.6);
    const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: (widths[i] ?? 0) - 6 }));
    const height = Math.max(...heights) + padding;
    if (doc.y + height > doc.page.height - margin) doc.addPage();
    const top = doc.y;
    let x = margin;
    cells.forEach((cell, i) => {
      const width = widths[i] ?? 0;
      doc.text(cell, x, top + padding / 2, { width: width - 6, align: columns[i]?.align ?? 'left' });
      x += width;
    });
    doc
      .moveTo(margin, top + height)
      .lineTo(margin + textWidth, top + height)
      .lineWidth(bold ? 0.8 : 0.3)
      .strokeColor(rule)
      .stroke();
    doc.x = margin;
    doc.y = top + height;
  };
  const header = columns.map((c) => c.header);
  drawRow(header, true);
  for (const row of rows) {
    if (doc.y + Math.round(fontSize * 2.1) > doc.page.height - margin) {
      doc.addPage();
      drawRow(header, true);
    }
    drawRow(
      columns.map((c) => c.value(row)),
      false,
    );
  }
  doc.moveDown(0.5);
}

// A QR code drawn as vector squares (sharp at any print size), with the four-module quiet zone that
// readers need. Error correction M: a creased or smudged printout still reads.
export function qrCode(doc: PdfDocument, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cell = size / (modules.size + 2 * quiet);
  doc.save().rect(x, y, size, size).fill('#ffffff');
  doc.fillColor('#000000');
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column))
        doc.rect(x + (column + quiet) * cell, y + (row + quiet) * cell, cell, cell);
    }
  }
  doc.fill().restore();
}
