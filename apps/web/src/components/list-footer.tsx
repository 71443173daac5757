import { Group, Pagination, Text } from '@mantine/core';

type Props = {
  count: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  noun: string;
  // False when the server counted only up to one past a window (the tickets list): the count is then
  // a lower bound, shown as '1,000+', and the pages reach as far as the window.
  exact?: boolean;
};

export function ListFooter({ count, page, pageSize, onPage, noun, exact = true }: Props) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const first = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(count, page * pageSize);
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text fz="sm" c="dimmed" aria-live="polite">
        {count === 0
          ? `No ${noun}`
          : `Showing ${first}–${last} of ${exact ? count : `${(count - 1).toLocaleString('en-AU')}+`} ${noun}`}
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
