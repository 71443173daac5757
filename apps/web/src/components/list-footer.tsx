import { Button, Group, Pagination, Text } from '@mantine/core';

type Props = {
  count: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  noun: string;
  // False when the server counted only up to one past its window (listCountWindow: the tickets list, a
  // text filter over services): the count is then a lower bound, shown as '1,000+', and the pages
  // reach as far as the window.
  exact?: boolean;
};

export function ListFooter({ count, page, pageSize, onPage, noun, exact = true }: Props) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  // A page past the end (the last rows deleted, a list that has shrunk, an old link) shows no rows; it
  // says so and offers the last page, rather than 'Showing 26–20 of 20'. Not a redirect: Back would
  // land here again.
  const pastTheEnd = count > 0 && page > pages;
  const first = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(count, page * pageSize);
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text fz="sm" c="dimmed" aria-live="polite">
        {count === 0
          ? `No ${noun}`
          : pastTheEnd
            ? `No ${noun} on page ${page}: ${count.toLocaleString('en-AU')} on ${pages === 1 ? '1 page' : `${pages} pages`}`
            : `Showing ${first.toLocaleString('en-AU')}–${last.toLocaleString('en-AU')} of ${exact ? count.toLocaleString('en-AU') : `${(count - 1).toLocaleString('en-AU')}+`} ${noun}`}
      </Text>
      {pastTheEnd && (
        <Button variant="light" size="xs" onClick={() => onPage(pages)}>
          Go to page {pages}
        </Button>
      )}
      {pages > 1 && !pastTheEnd && (
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
