import { z } from 'zod';
import { idSchema, listQuerySchema, recordIdSchema, text } from './api';

// FAQ and knowledge-base articles (spec 2.2, 3, 4, 7.8, 9). Everyone signed in reads them; only the
// NOC writes them (decisions.md).

export const faqTitleMax = 200;
export const faqBodyMax = 20_000;
export const faqTagMax = 40;
export const faqTagsMax = 10;

export const faqMessages = {
  created: 'FAQ article created',
  updated: 'FAQ article updated',
  deleted: 'FAQ article deleted',
  notFound: 'FAQ article not found',
  loadFailed: 'An error occurred retrieving FAQ articles',
  saveFailed: 'An error occurred while saving this FAQ article',
  deleteFailed: 'An error occurred while deleting this FAQ article',
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${faqTitleMax} characters`,
  bodyRequired: 'Article text is required',
  bodyTooLong: `Article text must be at most ${faqBodyMax.toLocaleString('en-AU')} characters`,
  bodyInvalid: 'Article text must be plain text without control characters',
  tagInvalid: 'Tags are lower-case words of letters and digits, joined by hyphens',
  tagTooLong: `Each tag must be at most ${faqTagMax} characters`,
  tooManyTags: `An article has at most ${faqTagsMax} tags`,
  idMismatch: 'The article id in the body must match the one in the path',
} as const;

// Spec 9: the loading labels shown while the FAQ store works.
export const faqLabels = {
  loading: 'Loading FAQ Articles',
  updating: 'Updating FAQ Article',
  creating: 'Creating FAQ Article',
  deleting: 'Deleting FAQ Article',
} as const;

// Spec 4: the FAQ store's states.
export type FaqStatus = 'loading' | 'success' | 'error' | 'updating' | 'deleting';

export type FaqArticle = z.output<typeof faqArticleSchema>;

export const faqTagPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

// A tag as typed: trimmed and lower-cased, so 'Light-Levels ' and 'light-levels' are one tag.
export function normaliseFaqTag(tag: string): string {
  return tag.trim().toLowerCase();
}

const tagSchema = z
  .string({ error: faqMessages.tagInvalid })
  .transform(normaliseFaqTag)
  .pipe(z.string().max(faqTagMax, faqMessages.tagTooLong).regex(faqTagPattern, faqMessages.tagInvalid));

// Empty entries (a trailing comma) are dropped and repeats kept once, in the order first given; the
// limit counts what is left.
const tagsSchema = z
  .array(z.unknown(), { error: 'Tags must be a list of words' })
  .max(100, faqMessages.tooManyTags)
  .transform((tags) => tags.filter((tag) => !(typeof tag === 'string' && tag.trim() === '')))
  .pipe(z.array(tagSchema))
  .transform((tags) => [...new Set(tags)])
  .pipe(z.array(z.string()).max(faqTagsMax, faqMessages.tooManyTags));

// Body text: plain text whose paragraphs are separated by blank lines. Line breaks and tabs are
// allowed; other control characters and the bidirectional overrides that disguise text are not.
const bodyControl = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
const bodySchema = z
  .string({ error: faqMessages.bodyRequired })
  .transform((body) => body.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .min(1, faqMessages.bodyRequired)
      .max(faqBodyMax, faqMessages.bodyTooLong)
      .refine((body) => !bodyControl.test(body.replace(/[\n\t]/g, '')), faqMessages.bodyInvalid),
  );

const titleSchema = z
  .string({ error: faqMessages.titleRequired })
  .trim()
  .min(1, faqMessages.titleRequired)
  .max(faqTitleMax, faqMessages.titleTooLong)
  .pipe(text(faqTitleMax));

const articleFields = {
  title: titleSchema,
  body: bodySchema,
  tags: tagsSchema.default([]),
};

export const faqCreateSchema = z.strictObject(articleFields);
export type FaqCreate = z.infer<typeof faqCreateSchema>;

// Spec 7.8: PUT sends the whole article, faqid included; the server checks it against the path. The
// read-only times are accepted (a client may send back the article it read) and ignored.
export const faqUpdateSchema = z.strictObject({
  faqid: recordIdSchema('Article id is required'),
  ...articleFields,
  createdat: z.number().optional(),
  updatedat: z.number().optional(),
});
export type FaqUpdate = z.infer<typeof faqUpdateSchema>;

export function faqIdMatches(pathId: number, body: Pick<FaqUpdate, 'faqid'>): boolean {
  return pathId === body.faqid;
}

export const faqSortFields = ['title', 'updated'] as const;
export type FaqSortField = (typeof faqSortFields)[number];

export const faqListQuerySchema = listQuerySchema.extend({
  tag: z
    .string()
    .transform(normaliseFaqTag)
    .pipe(z.string().max(faqTagMax, faqMessages.tagTooLong).regex(faqTagPattern, faqMessages.tagInvalid))
    .optional(),
});
export type FaqListQuery = z.infer<typeof faqListQuerySchema>;

// Paragraphs are separated by one or more blank lines; single line breaks stay inside a paragraph.
export function faqParagraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

// The first lines of an article for its card: the first paragraph, cut at a word near `max`.
export function faqExcerpt(body: string, max = 220): string {
  const first = faqPlainText(faqParagraphs(body)[0] ?? '').replace(/\s+/g, ' ');
  if (first.length <= max) return first;
  const cut = first.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

// The web form's tags field is free text: commas or spaces separate tags.
export function splitFaqTags(input: string): string[] {
  return input.split(/[\s,]+/).filter((t) => t.length > 0);
}

// ---------------------------------------------------------------------------------------------------
// Articles are written in a small Markdown (issue 12: it was shown literally). Parsed here into blocks
// and inline runs that the web renders as elements, never as HTML, so an article cannot inject markup:
// headings (#, ##, ###), bulleted (- or *) and numbered (1.) lists, paragraphs, **bold**, *italic*,
// `code` and [links](https://…) to http(s) and mailto only.

export type FaqInline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'em'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'link'; text: string; href: string };

export type FaqBlock =
  | { kind: 'heading'; level: 2 | 3 | 4; inlines: FaqInline[] }
  | { kind: 'list'; ordered: boolean; items: FaqInline[][] }
  | { kind: 'paragraph'; inlines: FaqInline[] };

const inlinePattern =
  /\*\*(.+?)\*\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)|(?<![\w*])\*([^*\s](?:[^*]*[^*\s])?)\*(?!\w)/g;

export function faqInlines(text: string): FaqInline[] {
  const inlines: FaqInline[] = [];
  const push = (inline: FaqInline) => {
    const last = inlines.at(-1);
    if (inline.kind === 'text' && last?.kind === 'text') last.text += inline.text;
    else if (inline.kind !== 'text' || inline.text !== '') inlines.push(inline);
  };
  let at = 0;
  for (const match of text.matchAll(inlinePattern)) {
    push({ kind: 'text', text: text.slice(at, match.index) });
    const [whole, strong, code, linkText, href, em] = match;
    if (strong !== undefined) push({ kind: 'strong', text: strong });
    else if (code !== undefined) push({ kind: 'code', text: code });
    else if (linkText !== undefined && href !== undefined)
      push(
        /^(https?:|mailto:)/i.test(href)
          ? { kind: 'link', text: linkText, href }
          : { kind: 'text', text: whole },
      );
    else if (em !== undefined) push({ kind: 'em', text: em });
    at = match.index + whole.length;
  }
  push({ kind: 'text', text: text.slice(at) });
  return inlines;
}

const bullet = /^\s*[-*]\s+(.*)$/;
const numbered = /^\s*\d+[.)]\s+(.*)$/;

export function faqBlocks(body: string): FaqBlock[] {
  const blocks: FaqBlock[] = [];
  for (const paragraph of faqParagraphs(body)) {
    const lines = paragraph.split('\n');
    const heading = /^(#{1,3})\s+(.*)$/.exec(lines[0] ?? '');
    if (heading && lines.length === 1) {
      const level = (heading[1]!.length + 1) as 2 | 3 | 4;
      blocks.push({ kind: 'heading', level, inlines: faqInlines(heading[2]!.trim()) });
      continue;
    }
    const ordered = lines.every((l) => numbered.test(l));
    if (ordered || lines.every((l) => bullet.test(l))) {
      const pattern = ordered ? numbered : bullet;
      blocks.push({
        kind: 'list',
        ordered,
        items: lines.map((l) => faqInlines(pattern.exec(l)![1]!.trim())),
      });
      continue;
    }
    blocks.push({ kind: 'paragraph', inlines: faqInlines(paragraph) });
  }
  return blocks;
}

// The card's excerpt reads as plain text: the markers are dropped.
export function faqPlainText(text: string): string {
  return faqInlines(text.replace(/^\s*(#{1,3}|[-*]|\d+[.)])\s+/gm, ''))
    .map((inline) => inline.text)
    .join('');
}

// The API contract (docs/decisions/023-one-api-contract.md): what the FAQ routes take and answer.
export const faqParamsSchema = z.object({ faqid: idSchema });

export const faqArticleSchema = z.object({
  faqid: z.number(),
  title: z.string(),
  body: z.string(),
  tags: z.array(z.string()),
  createdat: z.number(),
  updatedat: z.number(),
});
