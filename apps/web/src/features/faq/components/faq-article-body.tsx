import { type FaqBlock, type FaqInline, faqBlocks } from '@lightpath/domain/faq';
import { Anchor, Code, List, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

function Inlines({ inlines }: { inlines: readonly FaqInline[] }): ReactNode {
  // Runs have no identity of their own; their order is the key.
  return inlines.map((inline, index) => {
    switch (inline.kind) {
      case 'strong':
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        return <strong key={index}>{inline.text}</strong>;
      case 'em':
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        return <em key={index}>{inline.text}</em>;
      case 'code':
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        return <Code key={index}>{inline.text}</Code>;
      case 'link':
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Anchor key={index} href={inline.href} target="_blank" rel="noopener noreferrer">
            {inline.text}
          </Anchor>
        );
      default:
        return inline.text;
    }
  });
}

function Block({ block }: { block: FaqBlock }) {
  switch (block.kind) {
    case 'heading':
      return (
        <Title order={block.level} fz={block.level === 2 ? 'lg' : 'md'} mt="md" mb="xs">
          <Inlines inlines={block.inlines} />
        </Title>
      );
    case 'list':
      return (
        <List type={block.ordered ? 'ordered' : 'unordered'} mb="md" spacing={4}>
          {block.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: items have no identity but their order
            <List.Item key={index}>
              <Inlines inlines={item} />
            </List.Item>
          ))}
        </List>
      );
    default:
      return (
        <Text component="p" fz="md" lh={1.65} style={{ whiteSpace: 'pre-line' }}>
          <Inlines inlines={block.inlines} />
        </Text>
      );
  }
}

// An article's Markdown as elements (faqBlocks), never as HTML: nothing an author types becomes markup.
export function FaqArticleBody({ body }: { body: string }) {
  return faqBlocks(body).map((block, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity but their order
    <Block key={index} block={block} />
  ));
}
