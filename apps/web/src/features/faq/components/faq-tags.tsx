import { Badge, Group } from '@mantine/core';
import { IconTag } from '@tabler/icons-react';
import { Link } from 'react-router';

// An article's tags, each leading to the list filtered by it.
export function FaqTags({ tags, active }: { tags: string[]; active?: string }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={6} aria-label="Tags">
      {tags.map((tag) => (
        <Badge
          key={tag}
          component={Link}
          to={`/customer-faq?tag=${encodeURIComponent(tag)}`}
          variant={tag === active ? 'filled' : 'light'}
          color="indigo"
          radius="sm"
          tt="none"
          leftSection={<IconTag size={11} />}
          style={{ cursor: 'pointer' }}
        >
          {tag}
        </Badge>
      ))}
    </Group>
  );
}
