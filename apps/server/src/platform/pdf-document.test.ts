import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { fieldList, qrCode, renderPdf, sectionHeading, table } from './pdf-document';

const createdAt = new Date('2026-11-01T00:00:00Z');
const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

describe('renderPdf', () => {
  it('writes a PDF with the title and provider in its metadata', async () => {
    const pdf = await renderPdf(
      { provider: 'Meridian Research Network', title: 'Letter of Authorisation', createdAt },
      (doc) => fieldList(doc, [['Customer', 'University of New Galloway']]),
    );
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain('(Letter of Authorisation)');
    expect(text).toContain('(Meridian Research Network)');
    expect(pages(pdf)).toBe(1);
  });

  it('gives the same bytes for the same input', async () => {
    const draw = (doc: PDFKit.PDFDocument) => sectionHeading(doc, 'Ends');
    const head = { provider: 'P', title: 'T', createdAt };
    expect((await renderPdf(head, draw)).equals(await renderPdf(head, draw))).toBe(true);
  });

  it('writes accented names in the WinAnsi encoding, not as replacement characters', async () => {
    const pdf = await renderPdf({ provider: 'P', title: 'T', createdAt, uncompressed: true }, (doc) =>
      fieldList(doc, [['Customer', 'Université Sainte-Hélène']]),
    );
    // pdfkit writes text as hex glyph codes: é is 0xe9 in WinAnsi.
    expect(pdf.toString('latin1').toLowerCase()).toMatch(/<[0-9a-f]*e9[0-9a-f]*>/);
  });

  it('runs a long table onto more pages, repeating its header', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => ({ id: `INV-${i}`, amount: `${i}.00` }));
    const pdf = await renderPdf({ provider: 'P', title: 'T', createdAt }, (doc) =>
      table(
        doc,
        [
          { header: 'Invoice', width: 0.6, value: (r: (typeof rows)[number]) => r.id },
          { header: 'Amount', width: 0.4, align: 'right', value: (r) => r.amount },
        ],
        rows,
      ),
    );
    expect(pages(pdf)).toBeGreaterThanOrEqual(3);
  });

  it('draws one square per dark module of the QR code', async () => {
    const link = 'https://portal.example/loa/verify/abc';
    const pdf = await renderPdf({ provider: 'P', title: 'T', createdAt, uncompressed: true }, (doc) =>
      qrCode(doc, link, 100, 100, 120),
    );
    const { modules } = QRCode.create(link, { errorCorrectionLevel: 'M' });
    const dark = Array.from(modules.data).filter(Boolean).length;
    // Every rectangle drawn after the white background square is a dark module.
    const rectangles = pdf.toString('latin1').match(/ re\n/g)?.length ?? 0;
    expect(rectangles).toBe(dark + 1);
  });
});
