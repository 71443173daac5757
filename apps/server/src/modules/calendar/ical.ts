// A small iCalendar (RFC 5545) writer: content lines, TEXT escaping, UTC times and line folding. The
// feed is written by hand rather than with a library because it needs only these few rules, and each
// is tested in calendar.test.ts.

export type IcalParams = Record<string, string>;
export type IcalProperty = { name: string; params?: IcalParams; value: string };

// RFC 5545 3.1: lines end in CRLF and are folded so that no line is longer than 75 octets.
const crlf = '\r\n';
const maxLineOctets = 75;

// Control characters are not allowed in TEXT (3.3.11) or in parameter values (3.1); a tab is.
// Line breaks are handled before this by escaping, so anything caught here is dropped.
const controlCharacters = /[^\P{Cc}\t]/gu;

// TEXT values (3.3.11): backslash, semicolon and comma are escaped, and a line break becomes \n.
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(controlCharacters, '');
}

// A list of TEXT values (CATEGORIES): each escaped, joined by unescaped commas.
export function textList(values: readonly string[]): string {
  return values.map(escapeText).join(',');
}

// Parameter values (3.2) cannot be escaped at all: a double quote is impossible (it becomes a single
// quote), and a value with a colon, semicolon or comma must be quoted. URI parameters such as ALTREP
// are always quoted; enumerated ones such as VALUE never are, because their grammar has no quotes.
const quotedParams = new Set(['ALTREP', 'DIR', 'SENT-BY', 'MEMBER', 'DELEGATED-TO', 'DELEGATED-FROM']);

export function paramValue(name: string, value: string): string {
  const clean = value
    .replace(/"/g, "'")
    .replace(/[\r\n]+/g, ' ')
    .replace(controlCharacters, '');
  return quotedParams.has(name) || /[;:,]/.test(clean) ? `"${clean}"` : clean;
}

// DATE-TIME in UTC form (3.3.5), e.g. 20250101T083000Z, from unix seconds.
export function utcDateTime(seconds: number): string {
  return new Date(seconds * 1000)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

// Folding (3.1): after at most 75 octets a line breaks with CRLF and continues after one space, which
// counts towards the next line's 75. A line is cut only between characters (never inside a UTF-8
// sequence or a surrogate pair), so every folded line is valid UTF-8 on its own.
export function foldLine(line: string): string {
  if (Buffer.byteLength(line, 'utf8') <= maxLineOctets) return line;
  const pieces: string[] = [];
  let current = '';
  let currentOctets = 0;
  // The first piece may hold 75 octets; every later one starts with the space, so holds 74.
  let limit = maxLineOctets;
  for (const character of line) {
    const octets = Buffer.byteLength(character, 'utf8');
    if (currentOctets + octets > limit) {
      pieces.push(current);
      current = '';
      currentOctets = 0;
      limit = maxLineOctets - 1;
    }
    current += character;
    currentOctets += octets;
  }
  pieces.push(current);
  return pieces.join(`${crlf} `);
}

export function contentLine({ name, params, value }: IcalProperty): string {
  const paramText = Object.entries(params ?? {})
    .map(([key, raw]) => `;${key}=${paramValue(key, raw)}`)
    .join('');
  return foldLine(`${name}${paramText}:${value}`);
}

// A whole iCalendar object: every line folded and ended with CRLF, the last one included.
export function serializeIcal(properties: readonly IcalProperty[]): string {
  return properties.map((property) => contentLine(property) + crlf).join('');
}
