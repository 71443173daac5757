import { inflateSync } from 'node:zlib';

// The text a PDF drawn by platform/pdf-document.ts shows, one line per text run, so a test can say what
// a document holds (and what it must not). pdfkit compresses each page's content stream and writes text
// as hex glyph codes in TJ arrays, split where it kerns; Helvetica's WinAnsi codes read as latin1.
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      // Not a content stream (a font or an image).
      continue;
    }
    for (const run of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...run[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}
