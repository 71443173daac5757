import { describe, expect, it } from 'vitest';
import {
  faqBlocks,
  faqBodyMax,
  faqCreateSchema,
  faqExcerpt,
  faqIdMatches,
  faqInlines,
  faqLabels,
  faqListQuerySchema,
  faqMessages,
  faqParagraphs,
  faqTitleMax,
  faqUpdateSchema,
  splitFaqTags,
} from './faq';

const article = {
  title: 'How do I read service conditions?',
  body: 'Each service shows a condition.\n\nGreen means normal.',
  tags: ['services', 'conditions'],
};

function messagesOf(
  input: unknown,
  schema: typeof faqCreateSchema | typeof faqUpdateSchema = faqCreateSchema,
) {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('faqCreateSchema', () => {
  it('accepts an article and trims it', () => {
    expect(faqCreateSchema.parse({ ...article, title: `  ${article.title} ` })).toEqual(article);
  });

  it('defaults the tags to none', () => {
    expect(faqCreateSchema.parse({ title: 'T', body: 'B' }).tags).toEqual([]);
  });

  it.each([
    [{ ...article, title: '' }, faqMessages.titleRequired],
    [{ ...article, title: '   ' }, faqMessages.titleRequired],
    [{ body: article.body }, faqMessages.titleRequired],
    [{ ...article, title: 'x'.repeat(faqTitleMax + 1) }, faqMessages.titleTooLong],
    [{ ...article, title: 'Two\nlines' }, 'Must not contain line breaks or control characters'],
    [{ ...article, body: '' }, faqMessages.bodyRequired],
    [{ ...article, body: ' \n\n ' }, faqMessages.bodyRequired],
    [{ title: article.title }, faqMessages.bodyRequired],
    [{ ...article, body: 'x'.repeat(faqBodyMax + 1) }, faqMessages.bodyTooLong],
    [{ ...article, body: 'bell \u0007 here' }, faqMessages.bodyInvalid],
    [{ ...article, body: 'right-to-left \u202E override' }, faqMessages.bodyInvalid],
    [{ ...article, tags: ['two words'] }, faqMessages.tagInvalid],
    [{ ...article, tags: ['under_score'] }, faqMessages.tagInvalid],
    [{ ...article, tags: ['-leading'] }, faqMessages.tagInvalid],
    [{ ...article, tags: ['double--hyphen'] }, faqMessages.tagInvalid],
    [{ ...article, tags: ['x'.repeat(41)] }, faqMessages.tagTooLong],
    [{ ...article, tags: [1] }, faqMessages.tagInvalid],
    [{ ...article, tags: Array.from({ length: 11 }, (_, i) => `tag-${i}`) }, faqMessages.tooManyTags],
  ])('refuses %j with its message', (input, message) => {
    expect(messagesOf(input)[0]).toBe(message);
  });

  it('accepts a body of exactly the maximum and keeps its paragraphs', () => {
    expect(faqCreateSchema.safeParse({ ...article, body: 'x'.repeat(faqBodyMax) }).success).toBe(true);
    expect(faqCreateSchema.parse({ ...article, body: 'One\r\n\r\nTwo\tthree' }).body).toBe(
      'One\n\nTwo\tthree',
    );
  });

  it('trims, lower-cases and de-duplicates tags, dropping empty ones, before counting them', () => {
    const tags = [' Light-Levels', 'light-levels', 'OPTICS', '', '  ', 'optics', 'sfp'];
    expect(faqCreateSchema.parse({ ...article, tags }).tags).toEqual(['light-levels', 'optics', 'sfp']);
    const many = [...Array.from({ length: 10 }, (_, i) => `tag-${i}`), 'TAG-0', 'tag-1 '];
    expect(faqCreateSchema.parse({ ...article, tags: many }).tags).toHaveLength(10);
  });

  it('refuses unknown fields and an id on create', () => {
    expect(faqCreateSchema.safeParse({ ...article, faqid: 3 }).success).toBe(false);
    expect(faqCreateSchema.safeParse({ ...article, html: '<b>' }).success).toBe(false);
  });
});

describe('faqUpdateSchema', () => {
  it('needs the whole article, faqid included', () => {
    expect(faqUpdateSchema.parse({ faqid: 4, ...article })).toMatchObject({ faqid: 4, ...article });
    expect(messagesOf(article, faqUpdateSchema)[0]).toBe('Article id is required');
    expect(messagesOf({ faqid: 4, title: 'Only a title' }, faqUpdateSchema)[0]).toBe(
      faqMessages.bodyRequired,
    );
  });

  it('accepts the article as it was read, times included', () => {
    expect(
      faqUpdateSchema.safeParse({ faqid: 4, ...article, createdat: 1_700_000_000, updatedat: 1_700_000_100 })
        .success,
    ).toBe(true);
  });

  it('matches the body id against the path id', () => {
    expect(faqIdMatches(4, { faqid: 4 })).toBe(true);
    expect(faqIdMatches(4, { faqid: 5 })).toBe(false);
  });
});

describe('faqListQuerySchema', () => {
  it('takes a tag filter in its stored form', () => {
    expect(faqListQuerySchema.parse({ tag: ' Tickets ' }).tag).toBe('tickets');
    expect(faqListQuerySchema.safeParse({ tag: 'not a tag' }).success).toBe(false);
    expect(faqListQuerySchema.parse({})).toMatchObject({ limit: 100, offset: 0 });
  });
});

describe('paragraphs and excerpts', () => {
  it('splits the body on blank lines, keeping single line breaks inside a paragraph', () => {
    expect(faqParagraphs('First line\nstill first\n\n \nSecond\r\n\r\nThird')).toEqual([
      'First line\nstill first',
      'Second',
      'Third',
    ]);
    expect(faqParagraphs('')).toEqual([]);
  });

  it('gives the first paragraph, cut at a word when long', () => {
    expect(faqExcerpt('Short first.\n\nSecond.')).toBe('Short first.');
    const long = `${'word '.repeat(80)}end`;
    const excerpt = faqExcerpt(long, 50);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(51);
    expect(excerpt).not.toMatch(/\s…$/);
  });

  it('splits typed tags on commas and spaces', () => {
    expect(splitFaqTags('tickets, outage  flapping,,')).toEqual(['tickets', 'outage', 'flapping']);
  });
});

describe('labels (spec 9)', () => {
  it('has the four FAQ loading labels', () => {
    expect(Object.values(faqLabels)).toEqual([
      'Loading FAQ Articles',
      'Updating FAQ Article',
      'Creating FAQ Article',
      'Deleting FAQ Article',
    ]);
  });
});

// Issue 12: FAQ articles showed their Markdown literally.
describe('faqBlocks', () => {
  it('reads headings, lists and paragraphs with bold, italic, code and links', () => {
    const body = [
      '## Before you call',
      '- Check **Events** first\n- Look at the *Light levels* panel',
      '1. Open the service\n2. Read `Rx` at each end',
      'See [the NOC page](https://noc.example/help) or mail [us](mailto:noc@example.org).',
    ].join('\n\n');
    expect(faqBlocks(body)).toEqual([
      { kind: 'heading', level: 3, inlines: [{ kind: 'text', text: 'Before you call' }] },
      {
        kind: 'list',
        ordered: false,
        items: [
          [
            { kind: 'text', text: 'Check ' },
            { kind: 'strong', text: 'Events' },
            { kind: 'text', text: ' first' },
          ],
          [
            { kind: 'text', text: 'Look at the ' },
            { kind: 'em', text: 'Light levels' },
            { kind: 'text', text: ' panel' },
          ],
        ],
      },
      {
        kind: 'list',
        ordered: true,
        items: [
          [{ kind: 'text', text: 'Open the service' }],
          [
            { kind: 'text', text: 'Read ' },
            { kind: 'code', text: 'Rx' },
            { kind: 'text', text: ' at each end' },
          ],
        ],
      },
      {
        kind: 'paragraph',
        inlines: [
          { kind: 'text', text: 'See ' },
          { kind: 'link', text: 'the NOC page', href: 'https://noc.example/help' },
          { kind: 'text', text: ' or mail ' },
          { kind: 'link', text: 'us', href: 'mailto:noc@example.org' },
          { kind: 'text', text: '.' },
        ],
      },
    ]);
  });

  it('keeps a link to anything but the web or mail as text, and plain prose as it is', () => {
    expect(faqInlines('[x](javascript:alert(1))')).toEqual([
      { kind: 'text', text: '[x](javascript:alert(1))' },
    ]);
    expect(faqInlines('2 * 3 * 4 is 24')).toEqual([{ kind: 'text', text: '2 * 3 * 4 is 24' }]);
    expect(faqBlocks('One line\nand the next')).toEqual([
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'One line\nand the next' }] },
    ]);
  });

  it('gives the card a plain excerpt', () => {
    expect(faqExcerpt('## Light levels')).toBe('Light levels');
    expect(faqExcerpt('Check **Events** and [the map](https://x.example).')).toBe(
      'Check Events and the map.',
    );
  });
});
