import { describe, expect, it } from 'vitest';
import { idSchema, listCountIsExact, listQuerySchema, parseSort, text } from './api';

describe('listQuerySchema', () => {
  it('defaults to limit 100, offset 0', () => {
    expect(listQuerySchema.parse({})).toEqual({ limit: 100, offset: 0 });
  });

  it('coerces query-string numbers', () => {
    expect(listQuerySchema.parse({ limit: '25', offset: '50' })).toEqual({ limit: 25, offset: 50 });
  });

  it.each([
    ['1', 1],
    ['1000', 1000],
  ])('accepts limit %s', (limit, parsed) => {
    expect(listQuerySchema.parse({ limit }).limit).toBe(parsed);
  });

  it.each(['0', '1001', '-5', '2.5', 'many'])('refuses limit %j', (limit) => {
    const result = listQuerySchema.safeParse({ limit });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['limit']);
  });

  it.each(['-1', '1.5', 'start'])('refuses offset %j', (offset) => {
    expect(listQuerySchema.safeParse({ offset }).success).toBe(false);
  });

  it('trims q and refuses one over 200 characters', () => {
    expect(listQuerySchema.parse({ q: '  northgate ' }).q).toBe('northgate');
    expect(listQuerySchema.safeParse({ q: 'x'.repeat(201) }).success).toBe(false);
  });

  it.each(['sitename', '-sitename', 'created_at', '-created_at'])('accepts sort %j', (sort) => {
    expect(listQuerySchema.parse({ sort }).sort).toBe(sort);
  });

  it.each(['', '--name', 'name;drop', 'Name', 'name desc', 'name,-id'])('refuses sort %j', (sort) => {
    const result = listQuerySchema.safeParse({ sort });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Sort must be a field name, optionally prefixed with -',
    ]);
  });
});

describe('idSchema', () => {
  it.each([
    ['abc', 'Id must be a number'],
    ['0', 'Id must be a positive number'],
    ['-1', 'Id must be a positive number'],
    ['1.5', 'Id must be a whole number'],
    ['99999999999', 'Id is out of range'],
    ['2147483648', 'Id is out of range'],
  ])('refuses %j with %j', (input, message) => {
    const result = idSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([message]);
  });

  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2147483647],
    [7, 7],
  ])('accepts %j as %i', (input, id) => {
    expect(idSchema.parse(input)).toBe(id);
  });
});

describe('parseSort', () => {
  const fields = ['sitename', 'sitenumber', 'created'] as const;

  it.each([
    [undefined, { field: 'sitenumber', descending: false }],
    ['sitename', { field: 'sitename', descending: false }],
    ['-sitename', { field: 'sitename', descending: true }],
    ['created', { field: 'created', descending: false }],
    ['-created', { field: 'created', descending: true }],
    ['unknown', { field: 'sitenumber', descending: false }],
    ['', { field: 'sitenumber', descending: false }],
  ])('%j sorts by %j', (sort, result) => {
    expect(parseSort(sort, fields, 'sitenumber')).toEqual(result);
  });
});

describe('text', () => {
  const field = text(10);

  it('trims', () => {
    expect(field.parse('  hello  ')).toBe('hello');
  });

  it('bounds the length after trimming', () => {
    expect(field.safeParse(`  ${'a'.repeat(10)}  `).success).toBe(true);
    expect(field.safeParse('a'.repeat(11)).error?.issues.map((i) => i.message)).toEqual([
      'Must be at most 10 characters',
    ]);
  });

  it.each([
    'a\u0000b',
    'a\u0001b',
    'a\u0008b',
    'a\u000Bb',
    'a\u000Cb',
    'a\u000Eb',
    'a\u001Fb',
    'line\none',
    'tab\there',
    'a\u007Fb',
    'a\u0085b',
    'a\u202Eb',
  ])('refuses the control character in %j', (value) => {
    expect(field.safeParse(value).error?.issues.map((i) => i.message)).toEqual([
      'Must not contain line breaks or control characters',
    ]);
  });

  it.each(['é ünïcode', '日本', "O'Brien"])('accepts %j', (value) => {
    expect(field.safeParse(value).success).toBe(true);
  });
});

describe('listCountIsExact', () => {
  it('tells an exact count from a lower bound counted within the window past the offset', () => {
    expect(listCountIsExact({ count: 1000, offset: 0 })).toBe(true);
    expect(listCountIsExact({ count: 1001, offset: 0 })).toBe(false);
    expect(listCountIsExact({ count: 1500, offset: 500 })).toBe(true);
    expect(listCountIsExact({ count: 1501, offset: 500 })).toBe(false);
  });
});
