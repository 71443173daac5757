import { Group, Pagination, Text } from '@mantine/core';

type Props = { count: number; page: number; pageSize: number; onPage: (page: number) => void; noun: string };

export function ListFooter({ count, page, pageSize, onPage, noun }: Props) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const first = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(count, page * pageSize);
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text fz="sm" c="dimmed" aria-live="polite">
        {count === 0 ? `No ${noun}` : `Showing ${first}–${last} of ${count} ${noun}`}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPage}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      )}
    </Group>
  );
}
