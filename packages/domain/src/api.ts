import { z } from 'zod';

// Single-line text fields (names, titles, phone numbers): trimmed, bounded, and free of control
// characters (line breaks included) and of the bidirectional overrides that disguise text.
const controlOrBidi = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
export const controlCharacterMessage = 'Must not contain line breaks or control characters';
export function hasNoControlCharacters(value: string) {
  return !controlOrBidi.test(value);
}

// The reply envelope of decisions.md: every JSON reply has this shape.
export type Envelope<T> = { result: 'Success' | 'Failure'; message?: string; payload?: T };
export type FieldError = { path: string; message: string };

// Lists answer { count, limit, offset, results }; limit defaults to 100 and is capped at 1000.
// `countexact` is false when the count is a lower bound (see listCountWindow).
export type ListPage<T> = {
  count: number;
  limit: number;
  offset: number;
  results: T[];
  countexact?: boolean;
};

// A list whose matches cost more to count than to page through (every ticket; a text filter matching
// thousands of services) counts them only up to this many past the page's offset, and one more: a
// count above offset + window is then a lower bound, which the footer shows as '1,000+' and the
// reply marks with `countexact: false`. Paging on re-counts from the new offset, so every page stays
// reachable (docs/decisions/051; the header search's popover words its count the same way, spec 2.5).
export const listCountWindow = 1000;
export function listCountIsExact(page: { count: number; offset: number }): boolean {
  return page.count <= page.offset + listCountWindow;
}

// The envelope as reply schemas: each area's contract wraps its payloads in these, so the server
// serialises and documents every reply from the same definition the web reads its types from.
// Declaring a reply also strips any field a query returned by accident.
export function envelope<T extends z.ZodType>(payload: T) {
  return z.object({ result: z.literal('Success'), message: z.string().optional(), payload });
}

export const messageOnly = z.object({ result: z.literal('Success'), message: z.string() });

export const failure = z.object({
  result: z.literal('Failure'),
  message: z.string(),
  payload: z.object({ errors: z.array(z.object({ path: z.string(), message: z.string() })) }).optional(),
});

// The payload of a list reply, which the web parses; `listOf` is the same wrapped in the envelope.
export function listPage<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number(),
    limit: z.number(),
    offset: z.number(),
    // Present on a list that counts within listCountWindow: false when `count` is a lower bound.
    countexact: z.boolean().optional(),
    results: z.array(item),
  });
}

export function listOf<T extends z.ZodType>(item: T) {
  return envelope(listPage(item));
}

// The payload of a `messageOnly` reply (a delete, a password change): there is none.
export const noPayload = z.undefined();

export const listLimitDefault = 100;
export const listLimitMax = 1000;

export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(listLimitMax).default(listLimitDefault),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  q: text(200).optional(),
  // `field` ascending, `-field` descending; each list names the fields it can sort by.
  sort: z
    .string()
    .regex(/^-?[a-z_]+$/, 'Sort must be a field name, optionally prefixed with -')
    .optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

// Ids in paths are positive integers; anything else is a 400, not a 500 or a silent miss.
// Ids in JSON bodies: numbers within PostgreSQL's integer range, so a huge one is a 400, not a
// database error.
export const maxRecordId = 2_147_483_647;
export function recordIdSchema(missing: string) {
  return z
    .number({ error: missing })
    .int('Id must be a whole number')
    .min(1, missing)
    .max(maxRecordId, 'Id is out of range');
}

// Only plain decimal text becomes a number: '0x10', '1e3' and ' 7 ' are refused rather than read as ids.
export const idSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value),
  z
    .number({ error: 'Id must be a number' })
    .int('Id must be a whole number')
    .min(1, 'Id must be a positive number')
    .max(maxRecordId, 'Id is out of range'),
);

export function parseSort<F extends string>(sort: string | undefined, fields: readonly F[], fallback: F) {
  const name = sort?.replace(/^-/, '');
  const field = fields.find((f) => f === name);
  // An unknown field falls back to the default order, not to the default field reversed.
  if (!field) return { field: fallback, descending: false };
  return { field, descending: sort?.startsWith('-') ?? false };
}

export function text(max: number) {
  return z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .refine(hasNoControlCharacters, controlCharacterMessage);
}
