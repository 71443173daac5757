import { describe, expect, it } from 'vitest';
import {
  customerCodeSchema,
  customerCreateSchema,
  customerInitials,
  customerUpdateSchema,
  logoSchema,
} from './customers';

// A real 1x1 transparent PNG.
const tinyPng =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const pngOfBytes = (bytes: number) =>
  `data:image/png;base64,${Buffer.concat([pngSignature, Buffer.alloc(bytes - 8, 7)]).toString('base64')}`;
const dataUrl = (type: string, content: Buffer | string) =>
  `data:image/${type};base64,${Buffer.from(content).toString('base64')}`;

describe('customerCodeSchema', () => {
  it.each([
    ['UNG', 'UNG'],
    ['ung', 'UNG'],
    [' ebh ', 'EBH'],
    ['mRn', 'MRN'],
    ['a1b', 'A1B'],
    ['123', '123'],
  ])('%j becomes %j', (input, code) => {
    expect(customerCodeSchema.parse(input)).toBe(code);
  });

  it.each(['', 'UN', 'UNGX', 'U-G', 'U G', 'UÑG', 'UN_'])('refuses %j', (input) => {
    const result = customerCodeSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Customer code must be 3 letters or digits']);
  });
});

describe('logoSchema', () => {
  it('accepts a tiny PNG data URL', () => {
    expect(logoSchema.parse(tinyPng)).toBe(tinyPng);
  });

  it.each([
    ['jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])],
    ['webp', 'RIFF\x1a\x00\x00\x00WEBPVP8L'],
    ['gif', 'GIF89a\x01\x00\x01\x00'],
  ])('accepts image/%s', (kind, content) => {
    expect(logoSchema.safeParse(dataUrl(kind, content)).success).toBe(true);
  });

  it.each([
    ['an SVG', 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4='],
    ['a plain SVG', 'data:image/svg+xml,<svg onload="alert(1)"/>'],
    ['a URL', 'https://example.com/logo.png'],
    ['a non-base64 data URL', 'data:image/png,raw'],
    ['base64 with bad characters', 'data:image/png;base64,abc$def'],
    ['a text data URL', 'data:text/html;base64,PGh0bWw+'],
    ['an empty string', ''],
    ['HTML labelled image/png', dataUrl('png', '<html><script>alert(1)</script></html>')],
    ['an SVG labelled image/gif', dataUrl('gif', '<svg onload="alert(1)"/>')],
    ['a PNG labelled image/jpeg', dataUrl('jpeg', pngSignature)],
    ['a program labelled image/webp', dataUrl('webp', 'MZ\x90\x00\x03\x00\x00\x00')],
  ])('refuses %s', (_name, value) => {
    const result = logoSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Logo must be a PNG, JPEG, WebP or GIF image',
    ]);
  });

  it('accepts a logo of exactly 200 KB', () => {
    expect(logoSchema.safeParse(pngOfBytes(200 * 1024)).success).toBe(true);
  });

  it('refuses a logo over 200 KB', () => {
    const result = logoSchema.safeParse(pngOfBytes(201 * 1024));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain('Logo must be at most 200 KB');
  });
});

describe('customerCreateSchema and customerUpdateSchema', () => {
  it('create: upper-cases the code and enables by default', () => {
    expect(
      customerCreateSchema.parse({ customername: 'University of Northgate', customercode: 'ung' }),
    ).toEqual({
      customername: 'University of Northgate',
      customercode: 'UNG',
      enabled: true,
    });
  });

  it.each([
    [{ customername: 'X', customercode: 'UNG' }, 'Customer name is required'],
    [{ customername: 'Northgate', customercode: 'UN' }, 'Customer code must be 3 letters or digits'],
    [{ customername: 'Northgate', customercode: 'UNG', cdrpin: '12' }, 'CDR PIN must be 4 to 8 digits'],
    [
      { customername: 'Northgate', customercode: 'UNG', cdrpin: '123456789' },
      'CDR PIN must be 4 to 8 digits',
    ],
    [
      { customername: 'North\u0000gate', customercode: 'UNG' },
      'Must not contain line breaks or control characters',
    ],
  ])('create refuses %j', (input, message) => {
    const result = customerCreateSchema.safeParse(input);
    expect(result.error?.issues.map((i) => i.message)).toEqual([message]);
  });

  it('create accepts a PIN, a logo and nulls', () => {
    expect(
      customerCreateSchema.safeParse({
        customername: 'Eastbrook Health',
        customercode: 'EBH',
        cdrpin: '1234',
        logo64: tinyPng,
      }).success,
    ).toBe(true);
    expect(
      customerCreateSchema.safeParse({
        customername: 'Eastbrook Health',
        customercode: 'EBH',
        cdrpin: null,
        logo64: null,
      }).success,
    ).toBe(true);
  });

  it('update cannot change the customer code (service ids embed it)', () => {
    expect(customerUpdateSchema.safeParse({ customercode: 'NEW' }).success).toBe(false);
  });

  it('update accepts a logo and PIN change', () => {
    expect(customerUpdateSchema.parse({ logo64: tinyPng, cdrpin: '98765432' })).toEqual({
      logo64: tinyPng,
      cdrpin: '98765432',
    });
  });
});

describe('customerInitials', () => {
  it.each([
    ['University of Northgate', 'UN'],
    ['Eastbrook Health', 'EH'],
    ['Meridian Research Network', 'MR'],
    ['The Royal Hospital', 'RH'],
    ['Institute for Marine Science', 'IM'],
    ['Arts and Crafts Library', 'AC'],
    ['northgate', 'N'],
    ['  Eastbrook   Health  ', 'EH'],
    ['', '?'],
    ['42', '?'],
  ])('%j -> %j', (name, initials) => {
    expect(customerInitials(name)).toBe(initials);
  });
});
