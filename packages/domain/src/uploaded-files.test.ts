import { describe, expect, it } from 'vitest';
import { type FileSignature, hasSignature, leadingBytesOfBase64 } from './uploaded-files';

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new TextEncoder().encode(text);
const zipWith = (...names: string[]) =>
  new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, ...names.flatMap((n) => [...ascii(n), 0, 0])]);
const png = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0);

describe('file signatures', () => {
  it.each<[string, FileSignature, Uint8Array, boolean]>([
    ['a PDF', 'pdf', ascii('%PDF-1.7\n...'), true],
    ['text named .pdf', 'pdf', ascii('hello, not a pdf'), false],
    ['HTML named .pdf', 'pdf', ascii('<html><script>alert(1)</script></html>'), false],
    ['a program named .pdf', 'pdf', ascii('MZ\x90\x00\x03'), false],
    ['the signature alone', 'pdf', ascii('%PDF-'), false],
    ['a PNG', 'png', png, true],
    ['a PDF named .png', 'png', ascii('%PDF-1.7\n'), false],
    ['an SVG named .png', 'png', ascii('<svg onload="alert(1)"/>'), false],
    ['a JPEG named .png', 'png', bytes(0xff, 0xd8, 0xff, 0xe0), false],
    ['a JPEG', 'jpeg', bytes(0xff, 0xd8, 0xff, 0xe0, 0), true],
    ['a GIF', 'gif', ascii('GIF89a\x01\x00'), true],
    ['an old GIF', 'gif', ascii('GIF87a\x01\x00'), true],
    ['a PNG named .gif', 'gif', png, false],
    ['a WebP', 'webp', ascii('RIFF\x10\x00\x00\x00WEBPVP8 '), true],
    ['a WAV named .webp', 'webp', ascii('RIFF\x10\x00\x00\x00WAVEfmt '), false],
    ['a Word document', 'docx', zipWith('[Content_Types].xml', 'word/document.xml'), true],
    ['a workbook named .docx', 'docx', zipWith('[Content_Types].xml', 'xl/workbook.xml'), false],
    ['a plain ZIP named .docx', 'docx', zipWith('readme.txt', 'word/'), false],
    ['a workbook', 'xlsx', zipWith('[Content_Types].xml', 'xl/workbook.xml'), true],
    ['a PDF named .xlsx', 'xlsx', ascii('%PDF-1.7 xl/ [Content_Types].xml'), false],
    ['nothing', 'pdf', bytes(), false],
    ['nothing', 'png', bytes(), false],
  ])('%s (%s): %s', (_, kind, content, matches) => {
    expect(hasSignature(kind, content)).toBe(matches);
  });

  it('reads the first bytes of base64 text', () => {
    const base64 = btoa(String.fromCharCode(...png, 1, 2, 3, 4, 5, 6, 7, 8, 9));
    expect([...leadingBytesOfBase64(base64, 8)]).toEqual([...png.slice(0, 8)]);
    expect(hasSignature('png', leadingBytesOfBase64(base64))).toBe(true);
    expect(hasSignature('png', leadingBytesOfBase64(btoa('<svg onload=alert(1)>')))).toBe(false);
    expect(leadingBytesOfBase64('%%%%')).toEqual(new Uint8Array(0));
  });
});
