import { hasNoControlCharacters } from './api';

// The rules every upload the portal keeps (access forms, invoice PDFs, customer logos) is held to,
// wherever it arrives: its name is a label and nothing more, and its type is what its first bytes
// say, never its name or the content type the browser sent.

// A file's name is shown to people and kept as a label only (storage keys are the server's own), but
// a name with a path in it, a control character (NUL, a line break that could end a header) or a
// direction override (which makes "fdp.exe" read as "exe.pdf") is refused outright rather than
// quietly cut down.
export const uploadNameMaxLength = 200;
export const uploadNameMessages = {
  invalid: 'File names must not contain folders, "..", or control characters',
  tooLong: `File names must be at most ${uploadNameMaxLength} characters`,
} as const;

export function uploadNameProblem(name: string): string | null {
  if (name.trim() === '' || /[/\\]/.test(name) || name.includes('..') || !hasNoControlCharacters(name))
    return uploadNameMessages.invalid;
  if (name.length > uploadNameMaxLength) return uploadNameMessages.tooLong;
  return null;
}

// What a file is by its magic number: a file that lies about its type (HTML or a program named .pdf,
// a PDF named .png) is refused by one rule.

export type FileSignature = 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'docx' | 'xlsx';

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

function containsAscii(bytes: Uint8Array, text: string): boolean {
  const needle = ascii(text);
  const first = needle[0] as number;
  outer: for (
    let i = bytes.indexOf(first);
    i !== -1 && i <= bytes.length - needle.length;
    i = bytes.indexOf(first, i + 1)
  ) {
    for (let j = 1; j < needle.length; j += 1) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

const zipSignature = [0x50, 0x4b, 0x03, 0x04];

// Office files are ZIP archives whose part names are stored uncompressed, so a .docx must hold word/
// parts and an .xlsx xl/ parts, next to the [Content_Types].xml every Office Open XML package has.
const officePackage = (bytes: Uint8Array, folder: string) =>
  startsWith(bytes, zipSignature) &&
  containsAscii(bytes, '[Content_Types].xml') &&
  containsAscii(bytes, folder);

const signatures: Record<FileSignature, (bytes: Uint8Array) => boolean> = {
  // "%PDF-" and at least one byte after it.
  pdf: (bytes) => bytes.length > 5 && startsWith(bytes, ascii('%PDF-')),
  png: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpeg: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]),
  gif: (bytes) => startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a')),
  // A RIFF container whose form type is WEBP.
  webp: (bytes) => startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8),
  docx: (bytes) => officePackage(bytes, 'word/'),
  xlsx: (bytes) => officePackage(bytes, 'xl/'),
};

// Whether the bytes are a file of that kind.
export function hasSignature(kind: FileSignature, bytes: Uint8Array): boolean {
  return signatures[kind](bytes);
}

// The first bytes of a base64 text (a data URL's payload), enough for any signature above but the
// Office ones, without decoding a whole image. Works alike in the browser and on the server.
export function leadingBytesOfBase64(base64: string, count = 16): Uint8Array {
  const chunk = base64.slice(0, Math.ceil(count / 3) * 4);
  try {
    return Uint8Array.from(atob(chunk), (c) => c.charCodeAt(0)).slice(0, count);
  } catch {
    return new Uint8Array(0);
  }
}
